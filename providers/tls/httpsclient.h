#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QUrl>

#include <atomic>
#include <memory>
#include <utility>

namespace berth {

struct ProviderError;

// HTTP and HTTPS for the providers that talk to a server (LXD, OpenStack):
// one request at a time, synchronous for the caller, with a server trusted
// by a pinned certificate fingerprint rather than by a certificate
// authority. Qt Network does the work in a module of its own (libberth-https
// in lib/berth), loaded when the first client is opened, so that Qt Network
// and the Kerberos, proxy and compression libraries it pulls in are not
// loaded by every command that starts (see BerthModule).
class HttpsClient
{
public:
    using Headers = QList<std::pair<QByteArray, QByteArray>>;

    struct Request
    {
        QByteArray verb = QByteArrayLiteral("GET");
        QUrl url;
        Headers headers;
        QByteArray body;
        // https only: the server's certificate is checked against
        // `pinnedSha256` (lowercase hex), the only trust; with no pin, every
        // certificate is refused, its fingerprint told (Reply::presented).
        bool pinned = false;
        QByteArray pinnedSha256;
        // PEM: the certificate and key (EC or RSA) Berth presents, if any.
        QByteArray clientCertificate;
        QByteArray clientKey;
        int transferTimeoutMs = 0; // no data for so long: aborted (0: none)
        // Bounds the whole exchange: an answer that keeps trickling never
        // trips the transfer timeout (0: none).
        int deadlineMs = 0;
        const std::atomic<bool> *cancel = nullptr; // aborted once it turns true
    };

    struct Reply
    {
        bool inTime = true;   // false: given up at the deadline
        QByteArray presented; // the server certificate's SHA-256 (https)
        int httpStatus = 0;   // 0: no answer (errorString says why)
        Headers headers;
        QByteArray body;
        QString errorString;

        QByteArray header(const QByteArray &name) const;
        // Refused for its certificate: not the pinned one (or none pinned).
        bool refused(const Request &request) const;
    };

    virtual ~HttpsClient() = default;

    // Sends `request` and waits, with an event loop of the calling thread,
    // for the whole answer. One client is used by one thread at a time; it
    // keeps its connections open between requests.
    virtual Reply exchange(const Request &request) = 0;
    // Whether `certificate` and `key` are PEM that TLS can present.
    virtual bool readsIdentity(const QByteArray &certificate, const QByteArray &key) = 0;

    // A new client; null with `error` set (permanent, one line) when the
    // module that holds it cannot be loaded.
    static std::unique_ptr<HttpsClient> open(ProviderError *error);
};

// The module's one entry point: a new client the caller owns.
using OpenHttpsClient = HttpsClient *(*)();
inline constexpr char openHttpsClientSymbol[] = "berth_https_open";

} // namespace berth
