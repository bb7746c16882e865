#include "providers/tls/pinnedtls.h"

#include <QCryptographicHash>
#include <QEventLoop>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRegularExpression>
#include <QSslConfiguration>
#include <QTimer>

namespace berth {

namespace PinnedTls {

QByteArray normaliseFingerprint(const QString &text)
{
    QString hex = text.trimmed().toLower();
    hex.remove(u':');
    if (hex.startsWith(QStringLiteral("sha256"))) // "SHA256:..." as some tools print it
        hex = hex.mid(6);
    static const QRegularExpression pattern(QStringLiteral("^[0-9a-f]{64}\\z"));
    return pattern.match(hex).hasMatch() ? hex.toLatin1() : QByteArray();
}

QString displayFingerprint(const QByteArray &hex)
{
    QStringList pairs;
    for (qsizetype i = 0; i + 1 < hex.size(); i += 2)
        pairs << QString::fromLatin1(hex.mid(i, 2));
    return pairs.join(u':');
}

void trustByPin(QNetworkRequest &request)
{
    QSslConfiguration tls = request.sslConfiguration();
    tls.setPeerVerifyMode(QSslSocket::VerifyNone);
    request.setSslConfiguration(tls);
}

void guard(QNetworkReply *reply, const QByteArray &pin, QByteArray *presented)
{
    QObject::connect(reply, &QNetworkReply::encrypted, reply, [reply, pin, presented] {
        *presented =
            reply->sslConfiguration().peerCertificate().digest(QCryptographicHash::Sha256).toHex();
        if (*presented != pin)
            reply->abort();
    });
}

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

ProviderError tooSlow(const QString &server, int deadlineMs)
{
    return ProviderError::failed(ProviderError::Kind::Transient,
                                 QStringLiteral("%1 did not finish answering within %2 s; given up")
                                     .arg(server)
                                     .arg(deadlineMs / 1000));
}

ProviderError refusal(const QString &server, const QByteArray &presented, const QByteArray &pin,
                      const QString &howToCheck)
{
    ProviderError error = ProviderError::failed(
        ProviderError::Kind::Auth,
        pin.isEmpty()
            ? QStringLiteral("%1 presented a certificate with SHA-256 fingerprint %2, which is not "
                             "trusted yet; check it (%3) and accept it with --accept-fingerprint")
                  .arg(server, displayFingerprint(presented), howToCheck)
            : QStringLiteral("%1 presented a different certificate (SHA-256 %2, expected %3); "
                             "refusing to talk to it. If the server's certificate really "
                             "changed, accept the new one with update-cloud --accept-fingerprint")
                  .arg(server, displayFingerprint(presented), displayFingerprint(pin)));
    error.fingerprint = displayFingerprint(presented);
    return error;
}

} // namespace PinnedTls

} // namespace berth
