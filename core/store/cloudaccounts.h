#pragma once

#include "core/cloud/cloudregistry.h"

#include <QList>
#include <QStringList>

#include <optional>

namespace berth {

class SqlSession;
class Store;

// The cloud accounts the store keeps (name, type, endpoint and the type's
// settings; secrets live in the keychain), read and written in the
// transaction of `sql`.
class CloudAccounts
{
public:
    explicit CloudAccounts(SqlSession &sql)
        : m_sql(sql)
    {}

    // Built-in clouds first, then by name.
    QList<CloudAccount> all();
    std::optional<CloudAccount> find(const QString &name);
    void add(const CloudAccount &account);
    // Writes the account's settings (its type and endpoint stay as they are).
    void update(const CloudAccount &account);
    bool isBuiltin(const QString &name);
    // The models made on the cloud, by name.
    QStringList models(const QString &cloud);
    void remove(const QString &name);

    // Every account in `store`, each opened through its type's factory (see
    // CloudRegistry::open). The accounts are read in one short transaction;
    // the providers, which may talk to their clouds while they open, are
    // opened after it.
    static CloudRegistry registry(Store &store, const ProviderTypes &types,
                                  SecretStore *secrets = nullptr);

private:
    void write(const CloudAccount &account, bool insert);
    SqlSession &m_sql;
};

} // namespace berth
