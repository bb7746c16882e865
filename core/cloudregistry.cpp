#include "cloudregistry.h"

#include "bertherror.h"

void CloudRegistry::add(CloudInfo cloud)
{
    for (CloudInfo &existing : m_clouds) {
        if (existing.name == cloud.name) {
            existing = std::move(cloud);
            return;
        }
    }
    m_clouds.append(std::move(cloud));
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
    throw BerthError(QStringLiteral("cloud \"%1\" not found; known clouds: %2")
                         .arg(name, names.join(QStringLiteral(", "))));
}
