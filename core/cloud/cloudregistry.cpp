#include "core/cloud/cloudregistry.h"

#include "core/bertherror.h"
#include "core/cloud/providertypes.h"
#include "core/cloud/secretstore.h"
#include <QCoreApplication>

namespace berth {

namespace {

// This file's words, through Qt's translation system: the window shows them
// in the user's language, berthctl (no translator) as written here.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(CloudRegistry)
};

} // namespace

Secrets CloudRegistry::secretsOf(const CloudAccount &account, const ProviderTypes &types,
                                 SecretStore *secrets)
{
    Secrets values;
    if (!secrets)
        return values;
    for (const QString &key : types.get(account.type).secretKeys) {
        if (const auto value = secrets->read(account.name, key))
            values.insert(key, *value);
    }
    return values;
}

CloudRegistry CloudRegistry::open(QList<CloudAccount> accounts, const ProviderTypes &types,
                                  SecretStore *secrets)
{
    CloudRegistry registry;
    for (CloudAccount &account : accounts) {
        account.secrets = secretsOf(account, types, secrets);
        std::shared_ptr<Provider> provider = types.get(account.type).create(account);
        CloudInfo info = provider->describe();
        info.name = account.name;
        registry.add(std::move(info), std::move(provider));
    }
    return registry;
}

void CloudRegistry::add(CloudInfo cloud, std::shared_ptr<Provider> provider)
{
    for (qsizetype i = 0; i < m_clouds.size(); ++i) {
        if (m_clouds.at(i).name == cloud.name) {
            m_clouds[i] = std::move(cloud);
            m_providers[i] = std::move(provider);
            return;
        }
    }
    m_clouds.append(std::move(cloud));
    m_providers.append(std::move(provider));
}

const CloudInfo *CloudRegistry::find(const QString &name) const
{
    for (const CloudInfo &cloud : m_clouds) {
        if (cloud.name == name)
            return &cloud;
    }
    return nullptr;
}

const CloudInfo &CloudRegistry::get(const QString &name) const
{
    if (const CloudInfo *cloud = find(name))
        return *cloud;
    QStringList names;
    for (const CloudInfo &cloud : m_clouds)
        names << cloud.name;
    throw BerthError(Text::tr("cloud \"%1\" not found; known clouds: %2")
                         .arg(name, names.join(QStringLiteral(", "))));
}

Provider *CloudRegistry::findProvider(const QString &name) const
{
    for (qsizetype i = 0; i < m_clouds.size(); ++i) {
        if (m_clouds.at(i).name == name)
            return m_providers.at(i).get();
    }
    return nullptr;
}

Provider &CloudRegistry::provider(const QString &name) const
{
    get(name);
    if (Provider *p = findProvider(name))
        return *p;
    throw BerthError(Text::tr("cloud \"%1\" has no provider in this process").arg(name));
}

} // namespace berth
