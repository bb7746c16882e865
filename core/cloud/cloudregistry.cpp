#include "core/cloud/cloudregistry.h"

#include "core/bertherror.h"
#include "core/cloud/providertypes.h"
#include "core/cloud/secretstore.h"
#include <QCoreApplication>
#include <QMutex>

namespace berth {

namespace {

// This file's words, through Qt's translation system: the window shows them
// in the user's language, berthctl (no translator) as written here.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(CloudRegistry)
};

// The secrets named `keys` of the account called `account`.
Secrets readSecrets(const QString &account, const QStringList &keys, SecretStore *secrets)
{
    Secrets values;
    if (!secrets)
        return values;
    for (const QString &key : keys) {
        if (const auto value = secrets->read(account, key))
            values.insert(key, *value);
    }
    return values;
}

} // namespace

Secrets CloudRegistry::secretsOf(const CloudAccount &account, const ProviderTypes &types,
                                 SecretStore *secrets)
{
    return readSecrets(account.name, types.get(account.type).secretKeys, secrets);
}

struct CloudRegistry::Entry
{
    QString name;
    std::function<std::shared_ptr<Provider>()> opener; // empty once opened
    QMutex mutex;
    CloudInfo info;
    std::shared_ptr<Provider> provider;
    QString failure; // why the account could not be opened

    // Opens the cloud once: its provider made, and what it describes.
    void ensureOpen()
    {
        QMutexLocker lock(&mutex);
        if (opener) {
            const auto open = std::exchange(opener, {});
            try {
                provider = open();
                info = provider->describe();
                info.name = name;
            } catch (const BerthError &error) {
                failure = error.message();
            }
        }
        if (!failure.isEmpty())
            throw BerthError(failure);
    }
};

CloudRegistry CloudRegistry::open(QList<CloudAccount> accounts, const ProviderTypes &types,
                                  SecretStore *secrets)
{
    CloudRegistry registry;
    for (CloudAccount &account : accounts) {
        auto entry = std::make_shared<Entry>();
        entry->name = account.name;
        entry->info.name = account.name;
        entry->info.type = account.type;
        // The type is read now; the secrets (a keychain asked: some
        // milliseconds of every command that never opens a cloud) and the
        // provider when the cloud is first needed.
        const ProviderTypes::Type &type = types.get(account.type);
        entry->opener = [create = type.create, keys = type.secretKeys, account, secrets]() mutable {
            account.secrets = readSecrets(account.name, keys, secrets);
            return std::shared_ptr<Provider>(create(account));
        };
        registry.m_entries.append(std::move(entry));
    }
    return registry;
}

void CloudRegistry::add(CloudInfo cloud, std::shared_ptr<Provider> provider)
{
    auto made = std::make_shared<Entry>();
    made->name = cloud.name;
    made->info = std::move(cloud);
    made->provider = std::move(provider);
    for (std::shared_ptr<Entry> &e : m_entries) {
        if (e->name == made->name) {
            e = std::move(made);
            return;
        }
    }
    m_entries.append(std::move(made));
}

QStringList CloudRegistry::names() const
{
    QStringList list;
    for (const std::shared_ptr<Entry> &e : m_entries)
        list << e->name;
    return list;
}

std::shared_ptr<CloudRegistry::Entry> CloudRegistry::entry(const QString &name) const
{
    for (const std::shared_ptr<Entry> &e : m_entries) {
        if (e->name == name)
            return e;
    }
    return nullptr;
}

const CloudInfo *CloudRegistry::find(const QString &name) const
{
    const std::shared_ptr<Entry> e = entry(name);
    if (!e)
        return nullptr;
    e->ensureOpen();
    return &e->info;
}

const CloudInfo &CloudRegistry::get(const QString &name) const
{
    if (const CloudInfo *cloud = find(name))
        return *cloud;
    throw BerthError(Text::tr("cloud \"%1\" not found; known clouds: %2")
                         .arg(name, names().join(QStringLiteral(", "))));
}

Provider *CloudRegistry::findProvider(const QString &name) const
{
    const std::shared_ptr<Entry> e = entry(name);
    if (!e)
        return nullptr;
    e->ensureOpen();
    return e->provider.get();
}

bool CloudRegistry::hasProvider(const QString &name) const
{
    const std::shared_ptr<Entry> e = entry(name);
    if (!e)
        return false;
    QMutexLocker lock(&e->mutex);
    return e->opener || e->provider;
}

Provider &CloudRegistry::provider(const QString &name) const
{
    get(name);
    if (Provider *p = findProvider(name))
        return *p;
    throw BerthError(Text::tr("cloud \"%1\" has no provider in this process").arg(name));
}

void CloudRegistry::openAll() const
{
    for (const std::shared_ptr<Entry> &e : m_entries) {
        try {
            e->ensureOpen();
        } catch (const BerthError &) {
            // Remembered, and said whenever the cloud is used.
        }
    }
}

QList<CloudInfo> CloudRegistry::clouds() const
{
    QList<CloudInfo> list;
    for (const std::shared_ptr<Entry> &e : m_entries) {
        e->ensureOpen();
        list << e->info;
    }
    return list;
}

} // namespace berth
