#pragma once

#include "core/cloud/provider.h"

#include <QByteArray>
#include <QString>

#include <atomic>

class QNetworkReply;
class QNetworkRequest;

namespace berth {

// HTTPS for servers with self-signed certificates (LXD, a private
// OpenStack): trusted by a pinned certificate fingerprint (SHA-256) rather
// than by a certificate authority, and called synchronously.
namespace PinnedTls {

// "ab:cd:..." or "abcd..." in either case (or "SHA256:..."), to lowercase hex;
// empty when it is not a SHA-256 fingerprint.
QByteArray normaliseFingerprint(const QString &text);
QString displayFingerprint(const QByteArray &hex);

// Lets `request` reach a server whose certificate no authority signed: the
// pin checked by guard() is then the only trust.
void trustByPin(QNetworkRequest &request);
// Aborts `reply` once its handshake presents a certificate whose fingerprint
// is not `pin`, before any request data is sent; `presented` receives the
// fingerprint seen (it stays empty for plain HTTP).
void guard(QNetworkReply *reply, const QByteArray &pin, QByteArray *presented);

// Waits, with an event loop of the calling thread, until `reply` is
// finished; aborts it once `*cancel` (when given) becomes true.
// `deadlineMs` (when above 0) bounds the whole exchange: a reply that keeps
// trickling never trips a transfer timeout (no data for so long). False when
// the deadline aborted it.
bool waitFor(QNetworkReply *reply, const std::atomic<bool> *cancel, int deadlineMs = 0);
// What a call given up at its deadline tells (transient: the next pass tries again).
ProviderError tooSlow(const QString &server, int deadlineMs);

// Why a server whose certificate is not the pinned one was refused: with no
// pin yet, the fingerprint to check (`howToCheck` says how); with another
// pin, both. `fingerprint` of the error carries the presented one.
ProviderError refusal(const QString &server, const QByteArray &presented, const QByteArray &pin,
                      const QString &howToCheck);

} // namespace PinnedTls

} // namespace berth
