#include "providers/tls/pinnedtls.h"

#include <QRegularExpression>

namespace berth {

namespace PinnedTls {

namespace {

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

} // namespace

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

ProviderError failure(const HttpsClient::Request &request, const HttpsClient::Reply &reply,
                      const QString &service, const QString &where, const QString &refusedBy,
                      const QString &howToCheck)
{
    if (!reply.inTime) {
        return ProviderError::failed(
            ProviderError::Kind::Transient,
            QStringLiteral("%1 at %2 did not finish answering within %3 s; given up")
                .arg(service, where)
                .arg(request.deadlineMs / 1000));
    }
    if (reply.refused(request))
        return refusal(refusedBy, reply.presented, request.pinnedSha256, howToCheck);
    if (reply.httpStatus == 0) {
        const bool cancelled = request.cancel && *request.cancel;
        return ProviderError::failed(
            ProviderError::Kind::Transient,
            QStringLiteral("cannot reach %1 at %2: %3")
                .arg(service, where, cancelled ? QStringLiteral("cancelled") : reply.errorString));
    }
    return {};
}

} // namespace PinnedTls

} // namespace berth
