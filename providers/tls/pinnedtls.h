#pragma once

#include "core/cloud/provider.h"
#include "providers/tls/httpsclient.h"

#include <QByteArray>
#include <QString>

namespace berth {

// Trust in servers with self-signed certificates (LXD, a private
// OpenStack) by a pinned certificate fingerprint (SHA-256) rather than by a
// certificate authority: the fingerprints, and what a refusal tells.
namespace PinnedTls {

// "ab:cd:..." or "abcd..." in either case (or "SHA256:..."), to lowercase hex;
// empty when it is not a SHA-256 fingerprint.
QByteArray normaliseFingerprint(const QString &text);
QString displayFingerprint(const QByteArray &hex);

// What went wrong below HTTP in an exchange with `service` ("LXD") at
// `where`, if anything: given up at the deadline (transient: the next pass
// tries again), refused for its certificate (with no pin yet, the
// fingerprint to check, `howToCheck` saying how; with another pin, both;
// `refusedBy` names the server; `fingerprint` of the error carries the
// presented one), or no
// answer at all (cancelled, or the network's words). ok() when the server
// answered, whatever its HTTP status.
ProviderError failure(const HttpsClient::Request &request, const HttpsClient::Reply &reply,
                      const QString &service, const QString &where, const QString &refusedBy,
                      const QString &howToCheck);

} // namespace PinnedTls

} // namespace berth
