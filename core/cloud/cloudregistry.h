#pragma once

#include "core/cloud/cloudinfo.h"
#include "core/cloud/provider.h"

#include <QList>
#include <QStringList>

#include <functional>
#include <memory>

namespace berth {

class ProviderTypes;
class SecretStore;

// The clouds Berth knows, by name: each account with its live provider and
// what the provider says it offers. Built from the accounts the store keeps
// (CloudAccounts); core knows no concrete cloud. A cloud is opened (its
// provider made, which may ask the cloud) when something first needs it,
// not before: a command that only reads the model costs no network call.
// Copies share the clouds, opened or not; opening is safe from any thread
// (the keychain, asked then, waits in an event loop of its own), and the
// window and the provisioner's worker open every cloud on the main thread
// before they start.
class CloudRegistry
{
public:
    // Each account through its type's factory, when first needed. `secrets`
    // (may be null) gives each account the secrets its type reads, asked
    // then too: it outlives the registry and its copies.
    static CloudRegistry open(QList<CloudAccount> accounts, const ProviderTypes &types,
                              SecretStore *secrets = nullptr);
    // The account's secrets its type reads, from `secrets` (none when null).
    static Secrets secretsOf(const CloudAccount &account, const ProviderTypes &types,
                             SecretStore *secrets);

    void add(CloudInfo cloud, std::shared_ptr<Provider> provider = {});
    // The clouds' names, in order, without opening any.
    QStringList names() const;
    // Null when `name` is not a known cloud. This and what follows open the
    // cloud; they throw BerthError when its account cannot be opened.
    const CloudInfo *find(const QString &name) const;
    // Throws BerthError naming the known clouds when `name` is not one.
    const CloudInfo &get(const QString &name) const;
    // The cloud's provider, or null when it has none in this process.
    Provider *findProvider(const QString &name) const;
    // Whether the cloud has (or will have, once opened) a provider here.
    bool hasProvider(const QString &name) const;
    // Throws BerthError when the cloud is unknown or has no provider.
    Provider &provider(const QString &name) const;
    // Every cloud, each opened.
    QList<CloudInfo> clouds() const;
    // Opens every cloud now (one that cannot be opened says why when used).
    // For a process whose event loop runs while it waits on a cloud (the
    // window, the provisioner's worker): a cloud opened inside such a wait,
    // by a timer of the same thread, would wait for itself.
    void openAll() const;

private:
    struct Entry;
    std::shared_ptr<Entry> entry(const QString &name) const;

    QList<std::shared_ptr<Entry>> m_entries;
};

} // namespace berth
