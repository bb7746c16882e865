#pragma once

#include "core/cloud/hostprobe.h"
#include "core/cloud/provider.h"

#include <functional>

namespace berth {

// The kinds of cloud Berth can drive (sim, lxd, ...), each with a factory and
// a check for its settings. The application registers the concrete ones;
// core only sees this table.
class ProviderTypes
{
public:
    struct Type
    {
        QString name;
        std::function<std::unique_ptr<Provider>(const CloudAccount &)> create;
        // Returns the value normalised, or throws BerthError naming what is expected.
        std::function<QString(const QString &key, const QString &value)> checkConfig;
        QStringList configKeys; // the settings it knows, for editors
        QStringList secretKeys; // what it reads from the SecretStore (keys, passwords)
        // What each setting and secret means and the values it takes, for editors.
        QHash<QString, QString> meanings;
    };

    void add(Type type) { m_types.append(std::move(type)); }
    // Throws BerthError listing the known types.
    const Type &get(const QString &name) const;
    QStringList names() const;

    // The manual provider: how `add-machine ssh:...` looks at an existing host.
    void setHostProbe(std::shared_ptr<HostProbe> probe) { m_hostProbe = std::move(probe); }
    HostProbe *hostProbe() const { return m_hostProbe.get(); }

private:
    QList<Type> m_types;
    std::shared_ptr<HostProbe> m_hostProbe;
};

} // namespace berth
