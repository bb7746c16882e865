#pragma once

#include "cloudinfo.h"
#include "provider.h"

#include <QList>

#include <memory>

class ProviderTypes;
class SecretStore;
class SqlSession;
class Store;

// The clouds Berth knows, by name: each account with its live provider and
// what the provider says it offers. Built from the store's accounts; core
// knows no concrete cloud.
class CloudRegistry
{
public:
    // Every account in the store, each through its type's factory. Throws
    // BerthError when an account cannot be opened.
    // `secrets` (may be null) gives each account the secrets its type reads.
    static CloudRegistry load(SqlSession &sql, const ProviderTypes &types,
                              SecretStore *secrets = nullptr);
    static CloudRegistry load(Store &store, const ProviderTypes &types,
                              SecretStore *secrets = nullptr);
    // The account's secrets its type reads, from `secrets` (none when null).
    static Secrets secretsOf(const CloudAccount &account, const ProviderTypes &types,
                             SecretStore *secrets);
    static QList<CloudAccount> accounts(SqlSession &sql);

    void add(CloudInfo cloud, std::shared_ptr<Provider> provider = {});
    const CloudInfo *find(const QString &name) const;
    // Throws BerthError naming the known clouds when `name` is not one.
    const CloudInfo &get(const QString &name) const;
    // The cloud's provider, or null when it has none in this process.
    Provider *findProvider(const QString &name) const;
    // Throws BerthError when the cloud is unknown or has no provider.
    Provider &provider(const QString &name) const;
    const QList<CloudInfo> &clouds() const { return m_clouds; }

private:
    static CloudRegistry open(QList<CloudAccount> accounts, const ProviderTypes &types,
                              SecretStore *secrets);

    QList<CloudInfo> m_clouds;
    QList<std::shared_ptr<Provider>> m_providers;
};
