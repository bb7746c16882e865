#include "core/cloud/cloudinfo.h"

#include <algorithm>

namespace berth {

QStringList RegionInfo::zoneNames() const
{
    QStringList names;
    for (const ZoneInfo &zone : zones)
        names << zone.name;
    return names;
}

QStringList RegionInfo::nodeZoneNames() const
{
    QStringList names;
    for (const ZoneInfo &zone : zones) {
        for (auto node = nodeZones.cbegin(); node != nodeZones.cend(); ++node) {
            if (node.value() == zone.name) {
                names << zone.name;
                break;
            }
        }
    }
    return names;
}

const InstanceType *RegionInfo::instanceType(const QString &typeName) const
{
    for (const InstanceType &type : catalogue) {
        if (type.name == typeName)
            return &type;
    }
    return nullptr;
}

const RegionInfo *CloudInfo::region(const QString &regionName) const
{
    for (const RegionInfo &r : regions) {
        if (r.name == regionName)
            return &r;
    }
    return nullptr;
}

QStringList CloudInfo::regionNames() const
{
    QStringList names;
    for (const RegionInfo &r : regions)
        names << r.name;
    return names;
}

QStringList CloudInfo::usableRegions() const
{
    QStringList names;
    for (const RegionInfo &r : regions) {
        if (std::any_of(r.zones.cbegin(), r.zones.cend(),
                        [](const ZoneInfo &z) { return z.healthy; }))
            names << r.name;
    }
    return names;
}

QStringList CloudInfo::usableZones() const
{
    QStringList names;
    for (const RegionInfo &r : regions) {
        for (const ZoneInfo &z : r.zones) {
            if (z.healthy)
                names << z.name;
        }
    }
    return names;
}

QString CloudInfo::regionOfZone(const QString &zone) const
{
    for (const RegionInfo &r : regions) {
        if (r.zoneNames().contains(zone))
            return r.name;
    }
    return {};
}

ConstraintsValidator CloudInfo::validator(const QString &regionName) const
{
    ConstraintsValidator v;
    v.registerUnsupported(unsupported);
    const RegionInfo *taggable = region(regionName);
    if (!taggable || !taggable->supportsTags)
        v.registerUnsupported({ConstraintKey::Tags});
    for (const auto &[reds, blues] : conflicts)
        v.registerConflicts(reds, blues);
    for (const auto &[key, values] : vocabularies)
        v.registerVocabulary(key, values);
    const RegionInfo *r = region(regionName);
    if (!r)
        return v;
    QStringList arches;
    QStringList types;
    for (const InstanceType &t : r->catalogue) {
        types << t.name;
        if (!arches.contains(t.arch))
            arches << t.arch;
    }
    if (!r->catalogue.isEmpty()) {
        v.registerVocabulary(ConstraintKey::Arch, arches);
        v.registerVocabulary(ConstraintKey::InstanceType, types);
    }
    if (!r->zones.isEmpty())
        v.registerVocabulary(ConstraintKey::Zones, r->zoneNames());
    return v;
}

} // namespace berth
