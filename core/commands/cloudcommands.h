#pragma once

#include "core/cloud/providertypes.h"
#include "core/cloud/secretstore.h"
#include "core/store/store.h"
#include "core/store/workspace.h"

#include <QCoreApplication>

namespace berth {

// Provider accounts: add-cloud, update-cloud, remove-cloud.
class CloudCommands
{
    Q_DECLARE_TR_FUNCTIONS(CloudCommands)

public:
    CloudCommands(Store &store, const ProviderTypes &types)
        : m_store(store)
        , m_types(types)
    {}

    // `secrets` (certificates, keys, a pinned fingerprint) go to `secretStore`,
    // never to the store. The cloud is asked first whether the account works;
    // one that does not is refused.
    CommandResult addCloud(const QString &name, const QString &type, const QString &endpoint,
                           const QStringList &config, const Secrets &secrets = {},
                           SecretStore *secretStore = nullptr);
    // k=v sets a value, k= removes it (back to the default).
    CommandResult updateCloud(const QString &name, const QStringList &config,
                              const Secrets &secrets = {}, SecretStore *secretStore = nullptr);
    // Also removes the cloud's secrets (and pins) from `secretStore`.
    CommandResult removeCloud(const QString &name, SecretStore *secretStore);
    // Stores (or, with an empty value, removes) one of the account's secrets in
    // `secrets`; the value never reaches the store or any message.
    // A secret as given on standard input or in a file: every byte kept, but
    // for the one newline that ends a one-line value (`echo KEY |`).
    static QByteArray secretFromInput(const QByteArray &input);
    CommandResult setSecret(const QString &cloud, const QString &key, const QByteArray &value,
                            SecretStore &secrets);

private:
    // An endpoint a cloud may be added with: a URL without user info; https
    // where a certificate is pinned.
    static void checkEndpoint(const QString &endpoint, const Secrets &secrets);
    // Checks each k=v with the type's rules, applies it over `config`, and opens a
    // provider with the result so that a setting that cannot work fails now.
    // The provider made from the result must also pass verify().
    QMap<QString, QString> applyConfig(const CloudAccount &account,
                                       const QStringList &assignments) const;
    // The secrets to use: stored ones overlaid with `given`, checked against the type.
    Secrets mergeSecrets(const CloudAccount &account, const Secrets &given,
                         SecretStore *secretStore) const;
    static void storeSecrets(const QString &cloud, const Secrets &given, SecretStore *secretStore,
                             CommandResult &result);

    Store &m_store;
    const ProviderTypes &m_types;
};

} // namespace berth
