#pragma once

#include "core/constraints/constraintsvalidator.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace berth {

struct InstanceType
{
    QString name;
    QString arch;
    quint64 cores = 0;
    quint64 cpuPower = 0; // 100 = one ECU
    quint64 memMiB = 0;
    quint64 rootDiskMiB = 0;
    double cost = 0; // per hour
    QString virtType;
    QStringList tags;
};

struct ZoneInfo
{
    QString name;
    bool healthy = true;
};

struct RegionInfo
{
    QString name;
    QList<ZoneInfo> zones;
    QList<InstanceType> catalogue;
    QStringList nodeNames;             // bare-metal pools: the nodes `<hostname>` may name
    QHash<QString, QString> nodeZones; // and the zone of each
    bool supportsTags = false;         // instance types carry tags that `tags=` filters on

    QStringList zoneNames() const;
    // The zones a fixed pool's nodes are in, each once, in the region's zone order.
    QStringList nodeZoneNames() const;
    const InstanceType *instanceType(const QString &name) const;
};

// What a cloud offers: its regions with zones and instance-type catalogues,
// and how it judges constraints. Providers describe themselves with it.
struct CloudInfo
{
    QString name;
    QString type;
    QString description;
    QList<RegionInfo> regions;
    QList<ConstraintKey> unsupported;
    // Allowed values of keys the catalogue does not tell (a cloud without
    // instance types lists its architectures here).
    QList<QPair<ConstraintKey, QStringList>> vocabularies;
    QList<QPair<QList<ConstraintKey>, QList<ConstraintKey>>> conflicts;
    // Bases this cloud maps to images beyond those Berth knows everywhere
    // (Base::knownBases), e.g. LXD's image-map.
    QStringList bases;

    const RegionInfo *region(const QString &name) const;
    QString defaultRegion() const { return regions.isEmpty() ? QString() : regions.first().name; }
    QStringList regionNames() const;
    // Regions with at least one healthy zone, and all healthy zones, in cloud order.
    QStringList usableRegions() const;
    QStringList usableZones() const;
    // The region a zone belongs to; empty when no region has it.
    QString regionOfZone(const QString &zone) const;
    // A validator for constraints used in `region` (vocabularies from its catalogue and zones).
    ConstraintsValidator validator(const QString &region) const;
};

} // namespace berth
