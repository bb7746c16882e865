#pragma once

#include "core/cloud/provider.h"
#include "providers/openstack/openstackreplies.h"

#include <QDateTime>
#include <QJsonObject>
#include <QMutex>
#include <QUrl>

#include <atomic>

namespace berth {

// Who Berth is to Keystone: a user in a project (password), or an
// application credential (id and secret, already scoped to its project).
struct OpenStackCredentials
{
    QUrl identity; // Keystone v3, e.g. http://10.0.0.2:5000/v3
    QString username;
    QString userDomain = QStringLiteral("Default");
    QString project;
    QString projectDomain = QStringLiteral("Default");
    QByteArray password;
    QString applicationCredentialId;
    QByteArray applicationCredentialSecret;
    // For https endpoints: the SHA-256 of the certificate every endpoint must
    // present (lowercase hex); plain http endpoints take none.
    QByteArray pinnedSha256;
    int requestTimeoutMs = 30'000;

    bool usesApplicationCredential() const { return !applicationCredentialId.isEmpty(); }
    // The identity request's body: the secret is in it, so it is never logged.
    QJsonObject authBody() const;
};

// What an OpenStack service answered: the HTTP status and JSON body, or the
// error classified for the provisioner.
struct OpenStackReply
{
    int httpStatus = 0;
    QJsonObject body;
    QByteArray subjectToken; // Keystone's X-Subject-Token
    ProviderError error;
    bool ok() const { return error.ok(); }
};

// One account's conversation with Keystone and the services of its catalog:
// a token, renewed before it expires and once more when a service refuses
// it. Safe to use from several threads; each call is synchronous for its
// caller.
class OpenStackSession
{
public:
    enum class Service { Compute, Image };

    explicit OpenStackSession(const OpenStackCredentials &credentials);

    // Takes a token (and the catalog) unless one is held that lives on for
    // five more minutes; `force` takes a new one anyway.
    ProviderError authenticate(bool force = false);
    const OpenStackCredentials &credentials() const { return m_credentials; }
    OpenStackReplies::Catalog catalog() const;
    // The token in use (empty before the first call); Keystone can revoke it.
    QByteArray token() const;

    // `path` ("/servers/detail?tags=x") below the service's endpoint in
    // `region`; compute calls speak microversion 2.79.
    OpenStackReply call(const QByteArray &verb, const QString &region, Service service,
                        const QString &path, const QJsonObject &body = {},
                        const std::atomic<bool> *cancel = nullptr);

private:
    OpenStackReply send(const QByteArray &verb, const QUrl &url, const QJsonObject &body,
                        const QByteArray &token, bool compute, const std::atomic<bool> *cancel);

    OpenStackCredentials m_credentials;
    mutable QMutex m_mutex;
    QByteArray m_token;
    QDateTime m_expires;
    OpenStackReplies::Catalog m_catalog;
};

} // namespace berth
