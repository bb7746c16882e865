#pragma once

#include "providertypes.h"
#include "secretstore.h"
#include "store.h"
#include "workspace.h"

// Provider accounts: add-cloud, update-cloud, remove-cloud.
class CloudCommands
{
public:
    CloudCommands(Store &store, const ProviderTypes &types)
        : m_store(store)
        , m_types(types)
    {}

    CommandResult addCloud(const QString &name, const QString &type, const QString &endpoint,
                           const QStringList &config);
    // k=v sets a value, k= removes it (back to the default).
    CommandResult updateCloud(const QString &name, const QStringList &config);
    CommandResult removeCloud(const QString &name);
    // Stores (or, with an empty value, removes) one of the account's secrets in
    // `secrets`; the value never reaches the store or any message.
    CommandResult setSecret(const QString &cloud, const QString &key, const QString &value,
                            SecretStore &secrets);

private:
    // Checks each k=v with the type's rules, applies it over `config`, and opens a
    // provider with the result so that a setting that cannot work fails now.
    QMap<QString, QString> applyConfig(const CloudAccount &account,
                                       const QStringList &assignments) const;
    void save(SqlSession &sql, const CloudAccount &account, bool insert);

    Store &m_store;
    const ProviderTypes &m_types;
};
