#include "core/placement/zonespread.h"

#include "core/model/modelrecords.h"

#include <tuple>

namespace berth {

void ZoneSpread::addLocked(const QString &zone, const QStringList &applications, int delta)
{
    if (zone.isEmpty())
        return;
    m_perZone[zone] += delta;
    for (const QString &app : applications)
        m_perApplication[app][zone] += delta;
}

void ZoneSpread::add(const QString &zone, const QStringList &applications, int delta)
{
    QMutexLocker lock(&m_mutex);
    addLocked(zone, applications, delta);
}

QString ZoneSpread::chooseLocked(const QStringList &candidates, const QStringList &applications,
                                 const QSet<QString> &exclude) const
{
    QString best;
    std::tuple<int, int, QString> bestKey;
    for (const QString &zone : candidates) {
        if (exclude.contains(zone))
            continue;
        int group = 0;
        for (const QString &app : applications)
            group += m_perApplication.value(app).value(zone);
        const auto key = std::make_tuple(group, m_perZone.value(zone), zone);
        if (best.isEmpty() || key < bestKey) {
            best = zone;
            bestKey = key;
        }
    }
    return best;
}

QString ZoneSpread::choose(const QStringList &candidates, const QStringList &applications,
                           const QSet<QString> &exclude) const
{
    QMutexLocker lock(&m_mutex);
    return chooseLocked(candidates, applications, exclude);
}

QString ZoneSpread::claim(const QStringList &candidates, const QStringList &applications,
                          const QSet<QString> &exclude)
{
    QMutexLocker lock(&m_mutex);
    QString zone = chooseLocked(candidates, applications, exclude);
    addLocked(zone, applications, 1);
    return zone;
}

int ZoneSpread::machinesIn(const QString &zone) const
{
    QMutexLocker lock(&m_mutex);
    return m_perZone.value(zone);
}

QStringList ZoneSpread::candidates(const RegionInfo *region, const QString &placement,
                                   const Constraints &constraints)
{
    const MachinePlacement placed = MachinePlacement::of(placement);
    if (placed.kind == MachinePlacement::Kind::Zone)
        return {placed.value};
    // A node of a bare-metal pool (or an existing host) is where it is.
    if (region && !region->nodeNames.isEmpty() && placed.forProvider())
        return {};
    const QStringList allowed = constraints.list(ConstraintKey::Zones);
    QStringList zones;
    if (!region)
        return zones;
    // A pool starts nothing where it has no node.
    const QStringList withNodes = region->nodeZoneNames();
    for (const ZoneInfo &zone : region->zones) {
        if (zone.healthy && (allowed.isEmpty() || allowed.contains(zone.name)) &&
            (region->nodeNames.isEmpty() || withNodes.contains(zone.name)))
            zones << zone.name;
    }
    return zones;
}

} // namespace berth
