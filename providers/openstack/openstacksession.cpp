#include "providers/openstack/openstacksession.h"

#include "providers/tls/pinnedtls.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace berth {

namespace {

QJsonObject named(const QString &name, const QString &domain)
{
    return {{QStringLiteral("name"), name},
            {QStringLiteral("domain"), QJsonObject{{QStringLiteral("name"), domain}}}};
}

} // namespace

QJsonObject OpenStackCredentials::authBody() const
{
    QJsonObject method;
    QJsonObject auth;
    if (usesApplicationCredential()) {
        // An application credential carries its own scope: none may be asked for.
        method = {{QStringLiteral("methods"), QJsonArray{QStringLiteral("application_credential")}},
                  {QStringLiteral("application_credential"),
                   QJsonObject{{QStringLiteral("id"), applicationCredentialId},
                               {QStringLiteral("secret"),
                                QString::fromUtf8(applicationCredentialSecret)}}}};
    } else {
        QJsonObject user = named(username, userDomain);
        user.insert(QStringLiteral("password"), QString::fromUtf8(password));
        method = {{QStringLiteral("methods"), QJsonArray{QStringLiteral("password")}},
                  {QStringLiteral("password"), QJsonObject{{QStringLiteral("user"), user}}}};
        auth.insert(QStringLiteral("scope"),
                    QJsonObject{{QStringLiteral("project"), named(project, projectDomain)}});
    }
    auth.insert(QStringLiteral("identity"), method);
    return {{QStringLiteral("auth"), auth}};
}

OpenStackSession::OpenStackSession(const OpenStackCredentials &credentials)
    : m_credentials(credentials)
{}

OpenStackReplies::Catalog OpenStackSession::catalog() const
{
    QMutexLocker lock(&m_mutex);
    return m_catalog;
}

QByteArray OpenStackSession::token() const
{
    QMutexLocker lock(&m_mutex);
    return m_token;
}

ProviderError OpenStackSession::authenticate(bool force)
{
    QMutexLocker lock(&m_mutex);
    const QDateTime soon = QDateTime::currentDateTimeUtc().addSecs(300);
    if (!force && !m_token.isEmpty() && (!m_expires.isValid() || m_expires > soon))
        return {};
    QUrl url = m_credentials.identity;
    url.setPath(url.path() + QStringLiteral("/auth/tokens"));
    OpenStackReply reply = send("POST", url, m_credentials.authBody(), {}, false, nullptr);
    if (!reply.ok()) {
        if (reply.error.kind == ProviderError::Kind::Auth && reply.error.fingerprint.isEmpty())
            reply.error.message = QStringLiteral("Keystone at %1 refused the %2: %3")
                                      .arg(m_credentials.identity.toString(QUrl::RemoveUserInfo),
                                           m_credentials.usesApplicationCredential()
                                               ? QStringLiteral("application credential")
                                               : QStringLiteral("user's password"),
                                           reply.error.message);
        return reply.error;
    }
    QString why;
    const auto catalog = OpenStackReplies::catalogOf(reply.body, &why);
    if (!catalog || reply.subjectToken.isEmpty())
        return ProviderError::failed(ProviderError::Kind::Permanent,
                                     catalog ? QStringLiteral("Keystone gave no token") : why);
    m_catalog = *catalog;
    m_token = reply.subjectToken;
    m_expires = OpenStackReplies::expiryOf(reply.body);
    return {};
}

OpenStackReply OpenStackSession::call(const QByteArray &verb, const QString &region,
                                      Service service, const QString &path, const QJsonObject &body,
                                      const std::atomic<bool> *cancel)
{
    OpenStackReply reply;
    for (int attempt = 0; attempt < 2; ++attempt) {
        // A token the service refused is replaced once: it expired or was revoked.
        reply.error = authenticate(attempt > 0);
        if (!reply.ok())
            return reply;
        QString base;
        QByteArray token;
        {
            QMutexLocker lock(&m_mutex);
            const auto &endpoints =
                service == Service::Compute ? m_catalog.compute : m_catalog.image;
            base = endpoints.value(region);
            if (base.isEmpty() && service == Service::Image && !endpoints.isEmpty())
                base = endpoints.first(); // one Glance may serve every region
            token = m_token;
        }
        if (base.isEmpty()) {
            reply.error = ProviderError::failed(
                ProviderError::Kind::NotFound,
                QStringLiteral("region \"%1\" has no %2 endpoint in the catalog")
                    .arg(region, service == Service::Compute ? QStringLiteral("compute")
                                                             : QStringLiteral("image")));
            return reply;
        }
        const qsizetype query = path.indexOf(u'?');
        QUrl url(base);
        url.setPath(url.path() + (query < 0 ? path : path.left(query)));
        if (query >= 0)
            url.setQuery(path.mid(query + 1));
        reply = send(verb, url, body, token, service == Service::Compute, cancel);
        if (reply.httpStatus != 401)
            break;
    }
    return reply;
}

OpenStackReply OpenStackSession::send(const QByteArray &verb, const QUrl &url,
                                      const QJsonObject &body, const QByteArray &token,
                                      bool compute, const std::atomic<bool> *cancel)
{
    OpenStackReply result;
    const auto cancelled = [cancel] { return cancel && *cancel; };
    if (cancelled()) {
        result.error =
            ProviderError::failed(ProviderError::Kind::Transient, QStringLiteral("cancelled"));
        return result;
    }
    // A pinned account's credentials and tokens travel only under its pin:
    // never to a plain-http endpoint, its own or one the catalog names.
    if (!m_credentials.pinnedSha256.isEmpty() && url.scheme() != u"https") {
        result.error = ProviderError::failed(
            ProviderError::Kind::Auth,
            QStringLiteral("OpenStack at %1 is not https: an account with a pinned certificate "
                           "sends its credentials and tokens only over https; give an https "
                           "endpoint (and have the catalog name https ones)")
                .arg(url.toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemovePath)));
        return result;
    }
    // A client per request: calls come from many threads, each its own.
    const std::unique_ptr<HttpsClient> client = HttpsClient::open(&result.error);
    if (!client)
        return result;
    HttpsClient::Request request;
    request.verb = verb;
    request.url = url;
    request.headers = {{QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/json")},
                       {QByteArrayLiteral("Accept"), QByteArrayLiteral("application/json")}};
    if (!token.isEmpty())
        request.headers.append({QByteArrayLiteral("X-Auth-Token"), token});
    if (compute)
        request.headers.append(
            {QByteArrayLiteral("OpenStack-API-Version"), QByteArrayLiteral("compute 2.79")});
    request.body =
        body.isEmpty() ? QByteArray() : QJsonDocument(body).toJson(QJsonDocument::Compact);
    request.pinned = url.scheme() == u"https";
    request.pinnedSha256 = m_credentials.pinnedSha256;
    request.transferTimeoutMs = m_credentials.requestTimeoutMs;
    // The whole answer within its time and half a minute more, however it trickles.
    request.deadlineMs = m_credentials.requestTimeoutMs + 30'000;
    request.cancel = cancel;
    const HttpsClient::Reply reply = client->exchange(request);

    const QString where = url.toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemovePath);
    result.error = PinnedTls::failure(request, reply, QStringLiteral("OpenStack"), where,
                                      QStringLiteral("OpenStack at ") + where,
                                      QStringLiteral("openssl s_client"));
    if (!result.error.ok())
        return result;
    result.httpStatus = reply.httpStatus;
    const QByteArray &answer = reply.body;
    result.subjectToken = reply.header(QByteArrayLiteral("X-Subject-Token"));
    const QJsonDocument document = QJsonDocument::fromJson(answer);
    result.body = document.object();
    if (result.httpStatus >= 400) {
        result.error = OpenStackReplies::classify(
            result.httpStatus,
            document.isObject() ? QJsonValue(result.body) : QJsonValue(QString::fromUtf8(answer)));
    }
    return result;
}

} // namespace berth
