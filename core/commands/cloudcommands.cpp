#include "core/commands/cloudcommands.h"

#include "core/bertherror.h"
#include "core/model/names.h"
#include "core/store/cloudaccounts.h"

#include <QUrl>

namespace berth {

namespace {
// Throws BerthError unless `key` is one of the secrets clouds of `type` read.
void checkSecretKey(const ProviderTypes &types, const QString &type, const QString &key)
{
    const QStringList keys = types.get(type).secretKeys;
    if (!keys.contains(key)) {
        throw BerthError(keys.isEmpty()
                             ? CloudCommands::tr("%1 clouds keep no secrets").arg(type)
                             : CloudCommands::tr("unknown secret \"%1\" for %2 clouds; expected %3")
                                   .arg(key, type, keys.join(QStringLiteral(", "))));
    }
}
} // namespace

QMap<QString, QString> CloudCommands::applyConfig(const CloudAccount &account,
                                                  const QStringList &assignments) const
{
    const ProviderTypes::Type &type = m_types.get(account.type);
    CloudAccount result = account;
    for (const QString &assignment : assignments) {
        const auto [key, value] = Names::splitSetting(assignment);
        if (value.isEmpty()) {
            if (!type.configKeys.contains(key)) {
                throw BerthError(
                    CloudCommands::tr("unknown %1 config key \"%2\"; valid keys are: %3")
                        .arg(account.type, key, type.configKeys.join(QStringLiteral(", "))));
            }
            result.config.remove(key);
        } else {
            result.config.insert(key, type.checkConfig(key, value));
        }
    }
    const std::unique_ptr<Provider> provider = type.create(result); // throws when unusable
    const ProviderError error = provider->verify();
    if (!error.ok())
        throw BerthError(CloudCommands::tr("cloud %1: %2").arg(account.name, error.message));
    return result.config;
}

Secrets CloudCommands::mergeSecrets(const CloudAccount &account, const Secrets &given,
                                    SecretStore *secretStore) const
{
    for (auto it = given.cbegin(); it != given.cend(); ++it)
        checkSecretKey(m_types, account.type, it.key());
    Secrets merged = CloudRegistry::secretsOf(account, m_types, secretStore);
    for (auto it = given.cbegin(); it != given.cend(); ++it)
        merged.insert(it.key(), it.value());
    return merged;
}

void CloudCommands::storeSecrets(const QString &cloud, const Secrets &given,
                                 SecretStore *secretStore, CommandResult &result)
{
    if (given.isEmpty())
        return;
    if (!secretStore)
        throw BerthError(
            CloudCommands::tr("no secret store to keep the secrets of cloud %1").arg(cloud));
    for (auto it = given.cbegin(); it != given.cend(); ++it)
        secretStore->write(cloud, it.key(), it.value());
    result.messages << CloudCommands::tr("stored %1 of cloud %2 in the %3")
                           .arg(given.keys().join(QStringLiteral(", ")), cloud,
                                secretStore->backend());
}

void CloudCommands::checkEndpoint(const QString &endpoint, const Secrets &secrets)
{
    if (endpoint.isEmpty())
        return;
    const QUrl url(endpoint, QUrl::StrictMode);
    if (!url.isValid() || url.host().isEmpty())
        throw BerthError(CloudCommands::tr("bad endpoint \"%1\": expected a URL such as "
                                           "https://host:port")
                             .arg(endpoint));
    // The store and every listing would keep and show it: secrets go to the keychain.
    if (!url.userInfo().isEmpty())
        throw BerthError(CloudCommands::tr("the endpoint \"%1\" carries a user name or password; "
                                           "give the endpoint without it, and the password "
                                           "with --secret-file password=FILE")
                             .arg(url.toString(QUrl::RemoveUserInfo)));
    if (secrets.contains(QStringLiteral("server-fingerprint")) && url.scheme() != u"https")
        throw BerthError(CloudCommands::tr("--accept-fingerprint pins the certificate of an https "
                                           "endpoint; \"%1\" is not encrypted: give https://…")
                             .arg(endpoint));
}

CommandResult CloudCommands::addCloud(const QString &name, const QString &type,
                                      const QString &endpoint, const QStringList &config,
                                      const Secrets &secrets, SecretStore *secretStore)
{
    Names::checkCloudName(name);
    checkEndpoint(endpoint, secrets);
    CloudAccount account{name, type, endpoint, {}, {}};
    m_types.get(type); // names the known types when it is not one
    account.secrets = mergeSecrets(account, secrets, nullptr);
    account.config = applyConfig(account, config);
    m_store.write([&](SqlSession &sql) {
        CloudAccounts accounts(sql);
        if (accounts.find(name))
            throw BerthError(CloudCommands::tr("cloud \"%1\" already exists").arg(name));
        accounts.add(account);
    });
    CommandResult result;
    result.messages << CloudCommands::tr("added cloud %1 (%2)").arg(name, type);
    storeSecrets(name, secrets, secretStore, result);
    return result;
}

CommandResult CloudCommands::updateCloud(const QString &name, const QStringList &config,
                                         const Secrets &secrets, SecretStore *secretStore)
{
    if (config.isEmpty() && secrets.isEmpty())
        throw BerthError(
            CloudCommands::tr("update-cloud: nothing to change; expected --config k=v"));
    m_store.write([&](SqlSession &sql) {
        CloudAccounts accounts(sql);
        auto account = accounts.find(name);
        if (!account)
            throw BerthError(CloudCommands::tr("cloud \"%1\" not found").arg(name));
        account->secrets = mergeSecrets(*account, secrets, secretStore);
        account->config = applyConfig(*account, config);
        accounts.update(*account);
    });
    CommandResult result;
    result.messages << CloudCommands::tr("updated cloud %1").arg(name);
    storeSecrets(name, secrets, secretStore, result);
    return result;
}

CommandResult CloudCommands::removeCloud(const QString &name, SecretStore *secretStore)
{
    QString type;
    m_store.write([&](SqlSession &sql) {
        CloudAccounts accounts(sql);
        const auto account = accounts.find(name);
        if (!account)
            throw BerthError(CloudCommands::tr("cloud \"%1\" not found").arg(name));
        type = account->type;
        if (accounts.isBuiltin(name))
            throw BerthError(
                CloudCommands::tr("cloud \"%1\" is built in and cannot be removed").arg(name));
        const QStringList models = accounts.models(name);
        if (!models.isEmpty()) {
            throw BerthError(
                CloudCommands::tr("cloud \"%1\" is used by model(s) %2; remove them first")
                    .arg(name, models.join(QStringLiteral(", "))));
        }
        accounts.remove(name);
    });
    CommandResult result;
    result.messages << CloudCommands::tr("removed cloud %1").arg(name);
    // Its keys, certificates and pinned fingerprints go with it: a cloud added
    // later under the same name must not inherit them.
    const QStringList keys = m_types.get(type).secretKeys;
    if (secretStore && !keys.isEmpty()) {
        for (const QString &key : keys)
            secretStore->remove(name, key);
        result.messages << CloudCommands::tr("removed the secrets of cloud %1 from the %2")
                               .arg(name, secretStore->backend());
    }
    return result;
}

QByteArray CloudCommands::secretFromInput(const QByteArray &input)
{
    QByteArray value = input;
    if (value.endsWith('\n')) {
        value.chop(value.endsWith("\r\n") ? 2 : 1);
        if (value.contains('\n'))
            return input; // a file of several lines (a PEM key): exactly as it is
    }
    return value;
}

CommandResult CloudCommands::setSecret(const QString &cloud, const QString &key,
                                       const QByteArray &value, SecretStore &secrets)
{
    const auto account =
        m_store.read([&](SqlSession &sql) { return CloudAccounts(sql).find(cloud); });
    if (!account)
        throw BerthError(CloudCommands::tr("cloud \"%1\" not found").arg(cloud));
    checkSecretKey(m_types, account->type, key);
    CommandResult result;
    if (value.isEmpty()) {
        secrets.remove(cloud, key);
        result.messages << CloudCommands::tr("removed %1 of cloud %2 from the %3")
                               .arg(key, cloud, secrets.backend());
    } else {
        secrets.write(cloud, key, value);
        result.messages << CloudCommands::tr("stored %1 of cloud %2 in the %3")
                               .arg(key, cloud, secrets.backend());
    }
    return result;
}

} // namespace berth
