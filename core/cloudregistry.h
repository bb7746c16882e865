#pragma once

#include "cloudinfo.h"

#include <QList>

// The clouds Berth knows, by name. The application registers the built-in
// ones at start-up and passes the registry in; core knows no concrete cloud.
class CloudRegistry
{
public:
    void add(CloudInfo cloud);
    const CloudInfo *find(const QString &name) const;
    // Throws BerthError naming the known clouds when `name` is not one.
    const CloudInfo &get(const QString &name) const;
    const QList<CloudInfo> &clouds() const { return m_clouds; }

private:
    QList<CloudInfo> m_clouds;
};
