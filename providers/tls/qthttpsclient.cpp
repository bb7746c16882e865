// The HTTPS module (libberth-https): HttpsClient over Qt Network.
#include "providers/tls/httpsclient.h"

#include <QCryptographicHash>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSslConfiguration>
#include <QSslKey>
#include <QTimer>

#include <memory>
#include <type_traits>

namespace berth {

namespace {

// The certificate and key as Qt's TLS holds them, read from PEM.
struct Identity
{
    QSslCertificate certificate;
    QSslKey key;

    static Identity read(const QByteArray &certificate, const QByteArray &key)
    {
        Identity identity{QSslCertificate(certificate), {}};
        for (const QSsl::KeyAlgorithm algorithm : {QSsl::Ec, QSsl::Rsa}) {
            identity.key = QSslKey(key, algorithm);
            if (!identity.key.isNull())
                break;
        }
        return identity;
    }
    bool readable() const { return !certificate.isNull() && !key.isNull(); }
};

// Aborts `reply` once its handshake presents a certificate whose fingerprint
// is not `pin`, before any request data is sent; `presented` receives the
// fingerprint seen.
void guard(QNetworkReply *reply, const QByteArray &pin, QByteArray *presented)
{
    QObject::connect(reply, &QNetworkReply::encrypted, reply, [reply, pin, presented] {
        *presented =
            reply->sslConfiguration().peerCertificate().digest(QCryptographicHash::Sha256).toHex();
        if (*presented != pin)
            reply->abort();
    });
}

// Waits until `reply` is finished; aborts it once `*cancel` (when given)
// becomes true, or at the deadline (false then).
bool waitFor(QNetworkReply *reply, const std::atomic<bool> *cancel, int deadlineMs)
{
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer cancelCheck;
    if (cancel) {
        QObject::connect(&cancelCheck, &QTimer::timeout, reply, [reply, cancel] {
            if (*cancel)
                reply->abort();
        });
        cancelCheck.start(100);
    }
    bool late = false;
    QTimer deadline;
    if (deadlineMs > 0) {
        deadline.setSingleShot(true);
        // Not early: a coarse timer may fire 5% before its time.
        deadline.setTimerType(Qt::PreciseTimer);
        QObject::connect(&deadline, &QTimer::timeout, reply, [reply, &late] {
            late = true;
            reply->abort();
        });
        deadline.start(deadlineMs);
    }
    if (!reply->isFinished())
        loop.exec();
    return !late;
}

class QtHttpsClient final : public HttpsClient
{
public:
    Reply exchange(const Request &request) override
    {
        QNetworkRequest sent(request.url);
        for (const auto &[name, value] : request.headers)
            sent.setRawHeader(name, value);
        if (request.transferTimeoutMs > 0)
            sent.setTransferTimeout(request.transferTimeoutMs);
        const bool tls = request.url.scheme() == u"https";
        if (tls) {
            QSslConfiguration configuration = QSslConfiguration::defaultConfiguration();
            if (!request.clientCertificate.isEmpty()) {
                const Identity &identity = identityOf(request);
                configuration.setLocalCertificate(identity.certificate);
                configuration.setPrivateKey(identity.key);
            }
            // A self-signed certificate: the pin checked by guard() is the only trust.
            if (request.pinned)
                configuration.setPeerVerifyMode(QSslSocket::VerifyNone);
            sent.setSslConfiguration(configuration);
        }
        Reply result; // before the reply: guard() writes into it
        const std::unique_ptr<QNetworkReply> reply(
            m_network.sendCustomRequest(sent, request.verb, request.body));
        if (tls && request.pinned)
            guard(reply.get(), request.pinnedSha256, &result.presented);
        result.inTime = waitFor(reply.get(), request.cancel, request.deadlineMs);
        result.httpStatus = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        for (const auto &[name, value] : reply->rawHeaderPairs())
            result.headers.append({name, value});
        if (reply->isOpen()) // not when aborted (a refused certificate, a cancel)
            result.body = reply->readAll();
        if (reply->error() != QNetworkReply::NoError)
            result.errorString = reply->errorString();
        return result;
    }

    bool readsIdentity(const QByteArray &certificate, const QByteArray &key) override
    {
        return Identity::read(certificate, key).readable();
    }

private:
    const Identity &identityOf(const Request &request)
    {
        if (request.clientCertificate != m_certificatePem || request.clientKey != m_keyPem) {
            m_certificatePem = request.clientCertificate;
            m_keyPem = request.clientKey;
            m_identity = Identity::read(m_certificatePem, m_keyPem);
        }
        return m_identity;
    }

    QNetworkAccessManager m_network;
    QByteArray m_certificatePem;
    QByteArray m_keyPem;
    Identity m_identity;
};

} // namespace

extern "C" Q_DECL_EXPORT HttpsClient *berth_https_open()
{
    static_assert(std::is_same_v<decltype(&berth_https_open), OpenHttpsClient>);
    return new QtHttpsClient;
}

} // namespace berth
