#pragma once

#include <QMap>
#include <QString>

namespace berth {

// What a cloud holds, as the provider reports it.
struct InstanceInfo
{
    QString id;
    QString state; // "running", "stopped", ...
    QString region;
    QString zone;
    QString instanceType;
    QString hardware; // canonical "arch=amd64 cores=2 mem=4096M root-disk=16384M"
    QMap<QString, QString> tags;

    bool isRunning() const { return state == u"running"; }
};

} // namespace berth
