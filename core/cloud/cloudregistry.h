#pragma once

#include "core/cloud/cloudinfo.h"
#include "core/cloud/provider.h"

#include <QList>

#include <memory>

namespace berth {

class ProviderTypes;
class SecretStore;

// The clouds Berth knows, by name: each account with its live provider and
// what the provider says it offers. Built from the accounts the store keeps
// (CloudAccounts); core knows no concrete cloud.
class CloudRegistry
{
public:
    // Each account through its type's factory. Throws BerthError when an
    // account cannot be opened. `secrets` (may be null) gives each account
    // the secrets its type reads.
    static CloudRegistry open(QList<CloudAccount> accounts, const ProviderTypes &types,
                              SecretStore *secrets = nullptr);
    // The account's secrets its type reads, from `secrets` (none when null).
    static Secrets secretsOf(const CloudAccount &account, const ProviderTypes &types,
                             SecretStore *secrets);

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
    QList<CloudInfo> m_clouds;
    QList<std::shared_ptr<Provider>> m_providers;
};

} // namespace berth
