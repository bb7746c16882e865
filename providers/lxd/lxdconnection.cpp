#include "providers/lxd/lxdconnection.h"

#include "providers/tls/pinnedtls.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QUrlQuery>

namespace berth {

namespace {

// How long one operation wait asks the server to hold the request, so that a
// cancel is noticed within that time.
constexpr int waitSliceSeconds = 2;

} // namespace

ProviderError classifyLxdError(int httpStatus, const QString &lxdError)
{
    using Kind = ProviderError::Kind;
    const QString text =
        lxdError.isEmpty() ? QStringLiteral("HTTP status %1").arg(httpStatus) : lxdError;
    const QString lower = text.toLower();
    if (httpStatus == 401 || httpStatus == 403)
        return ProviderError::failed(Kind::Auth,
                                     QStringLiteral("LXD refused the client certificate: ") + text);
    // The cluster member (the zone) cannot take it.
    static const QRegularExpression zoneBound(
        QStringLiteral("offline|no space left|not enough|insufficient|out of memory|"
                       "unreachable|evacuated"));
    if (zoneBound.match(lower).hasMatch())
        return ProviderError::failed(Kind::ZoneConstrained, text);
    if (httpStatus == 404 || lower.contains(QStringLiteral("not found")))
        return ProviderError::failed(Kind::NotFound, text);
    if (httpStatus == 503 || httpStatus == 502 || httpStatus == 504 ||
        lower.contains(QStringLiteral("timeout")) || lower.contains(QStringLiteral("try again")))
        return ProviderError::failed(Kind::Transient, text);
    if (httpStatus == 400 || httpStatus == 409)
        return ProviderError::failed(Kind::Permanent, text);
    return ProviderError::failed(Kind::ZoneIndependent, text);
}

LxdConnection::LxdConnection(const LxdEndpoint &endpoint, const std::atomic<bool> *cancel)
    : m_endpoint(endpoint)
    , m_cancel(cancel)
{}

QUrl LxdConnection::urlFor(const QString &path, bool withProject) const
{
    QUrl url = m_endpoint.url;
    const int query = int(path.indexOf(u'?'));
    url.setPath(query < 0 ? path : path.left(query));
    QUrlQuery q(query < 0 ? QString() : path.mid(query + 1));
    if (withProject && m_endpoint.project != u"default")
        q.addQueryItem(QStringLiteral("project"), m_endpoint.project);
    url.setQuery(q);
    return url;
}

LxdReply LxdConnection::send(const QByteArray &verb, const QUrl &url, const QByteArray &body,
                             int timeoutMs)
{
    LxdReply result;
    if (cancelled()) {
        result.error =
            ProviderError::failed(ProviderError::Kind::Transient, QStringLiteral("cancelled"));
        return result;
    }
    if (!m_client && m_noClient.ok())
        m_client = HttpsClient::open(&m_noClient);
    if (!m_client) {
        result.error = m_noClient;
        return result;
    }
    HttpsClient::Request request;
    request.verb = verb;
    request.url = url;
    request.headers = {{QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/json")}};
    request.body = body;
    // LXD's certificate is self-signed: the pinned fingerprint is the only trust.
    request.pinned = true;
    request.pinnedSha256 = m_endpoint.pinnedSha256;
    request.clientCertificate = m_endpoint.clientCert;
    request.clientKey = m_endpoint.clientKey;
    request.transferTimeoutMs = timeoutMs;
    // The whole answer within its time and half a minute more, however it trickles.
    request.deadlineMs = timeoutMs + 30'000;
    request.cancel = m_cancel;
    const HttpsClient::Reply reply = m_client->exchange(request);

    const QString where = m_endpoint.url.toString(QUrl::RemoveUserInfo);
    result.error = PinnedTls::failure(request, reply, QStringLiteral("LXD"), where,
                                      QStringLiteral("the LXD server at ") + where,
                                      QStringLiteral("lxc info"));
    if (!result.error.ok())
        return result;
    result.httpStatus = reply.httpStatus;
    const QJsonObject envelope = QJsonDocument::fromJson(reply.body).object();
    if (envelope.value(QStringLiteral("type")).toString() == u"error" || result.httpStatus >= 400) {
        result.error =
            classifyLxdError(result.httpStatus, envelope.value(QStringLiteral("error")).toString());
        return result;
    }
    result.metadata = envelope.value(QStringLiteral("metadata"));
    if (envelope.value(QStringLiteral("type")).toString() == u"async") {
        // Keep the operation's path where run() finds it.
        QJsonObject op = result.metadata.toObject();
        op.insert(QStringLiteral("berth-operation"), envelope.value(QStringLiteral("operation")));
        result.metadata = op;
    }
    return result;
}

LxdReply LxdConnection::call(const QByteArray &verb, const QString &path, const QJsonObject &body)
{
    const QByteArray data =
        body.isEmpty() ? QByteArray() : QJsonDocument(body).toJson(QJsonDocument::Compact);
    return send(verb, urlFor(path, true), data, m_endpoint.requestTimeoutMs);
}

LxdReply LxdConnection::run(const QByteArray &verb, const QString &path, const QJsonObject &body)
{
    LxdReply started = call(verb, path, body);
    if (!started.ok())
        return started;
    const QString operation =
        started.metadata.toObject().value(QStringLiteral("berth-operation")).toString();
    if (operation.isEmpty())
        return started; // answered at once
    return waitFor(operation);
}

LxdReply LxdConnection::waitFor(const QString &operation)
{
    QElapsedTimer clock;
    clock.start();
    for (;;) {
        const int left = int((m_endpoint.timeoutMs - clock.elapsed()) / 1000);
        if (cancelled() || left <= 0) {
            // Best effort: LXD cancels what can be cancelled.
            const std::atomic<bool> *saved = m_cancel;
            m_cancel = nullptr;
            call("DELETE", operation);
            m_cancel = saved;
            LxdReply reply;
            reply.error = ProviderError::failed(
                ProviderError::Kind::Transient,
                cancelled() ? QStringLiteral("cancelled while LXD was working")
                            : QStringLiteral("LXD did not finish within %1 s")
                                  .arg(m_endpoint.timeoutMs / 1000));
            return reply;
        }
        const int slice = std::min(left, waitSliceSeconds);
        LxdReply reply =
            send("GET", urlFor(operation + QStringLiteral("/wait?timeout=%1").arg(slice), true), {},
                 (slice + 30) * 1000);
        if (!reply.ok())
            return reply;
        const QJsonObject op = reply.metadata.toObject();
        const QString status = op.value(QStringLiteral("status")).toString();
        if (status == u"Success")
            return reply;
        if (status == u"Failure" || status == u"Cancelled") {
            // A failed operation's code is always 400: its text tells what went wrong.
            reply.error = classifyLxdError(0, op.value(QStringLiteral("err")).toString());
            return reply;
        }
    }
}

} // namespace berth
