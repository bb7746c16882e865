#include "core/model/snapshotindex.h"

#include <algorithm>

namespace berth {

namespace {

template <typename T, typename Name>
QHash<QString, qsizetype> indexOf(const QList<T> &rows, Name name)
{
    QHash<QString, qsizetype> index;
    index.reserve(rows.size());
    for (qsizetype i = 0; i < rows.size(); ++i)
        index.insert(name(rows.at(i)), i);
    return index;
}

template <typename T>
const T *at(const QList<T> &rows, const QHash<QString, qsizetype> &index, const QString &name)
{
    const auto it = index.constFind(name);
    return it == index.cend() ? nullptr : &rows.at(*it);
}

} // namespace

SnapshotIndex::SnapshotIndex(const ModelSnapshot &snapshot)
    : m_snapshot(snapshot)
    , m_applications(indexOf(snapshot.applications, [](const auto &a) { return a.name; }))
    , m_units(indexOf(snapshot.units, [](const auto &u) { return u.name(); }))
    , m_machines(indexOf(snapshot.machines, [](const auto &m) { return m.name; }))
{
    m_machineIds.reserve(snapshot.machines.size());
    for (qsizetype i = 0; i < snapshot.machines.size(); ++i)
        m_machineIds.insert(snapshot.machines.at(i).id, i);
}

const ApplicationRecord *SnapshotIndex::application(const QString &name) const
{
    return at(m_snapshot.applications, m_applications, name);
}

const UnitRecord *SnapshotIndex::unit(const QString &name) const
{
    return at(m_snapshot.units, m_units, name);
}

const MachineRecord *SnapshotIndex::machine(const QString &name) const
{
    return at(m_snapshot.machines, m_machines, name);
}

const MachineRecord *SnapshotIndex::machine(qint64 id) const
{
    const auto it = m_machineIds.constFind(id);
    return it == m_machineIds.cend() ? nullptr : &m_snapshot.machines.at(*it);
}

QList<UnitPlacement> SnapshotIndex::placementsOf(const ApplicationRecord &app) const
{
    QList<UnitPlacement> placements;
    for (const UnitRecord &u : m_snapshot.units) {
        // The model as its change set leaves it: units it removes are gone.
        if (u.applicationId != app.id || m_snapshot.planned.removedUnits.contains(u.id))
            continue;
        const MachineRecord *m = u.machineId ? machine(u.machineId) : nullptr;
        const MachineRecord *host = m && m->parentId ? machine(m->parentId) : nullptr;
        placements << UnitPlacement::of(u, m, host);
    }
    std::sort(placements.begin(), placements.end(),
              [](const UnitPlacement &a, const UnitPlacement &b) { return a.number < b.number; });
    return placements;
}

namespace {

// Each principal unit placed, with the top-level machine it is on (those
// in `hosts` alone, when given).
template <typename Each>
void forEachPrincipalOnHost(const ModelSnapshot &snapshot, const QSet<qint64> *hosts, Each each)
{
    // Containers only: any other machine is its own top.
    QHash<qint64, qint64> topOf;
    for (const MachineRecord &m : snapshot.machines) {
        if (m.parentId != 0)
            topOf.insert(m.id, topOf.value(m.parentId, m.parentId));
    }
    for (const UnitRecord &u : snapshot.units) {
        if (u.subordinate || u.machineId == 0)
            continue;
        const qint64 host = topOf.value(u.machineId, u.machineId);
        if (!hosts || hosts->contains(host))
            each(u, host);
    }
}

} // namespace

QHash<qint64, QStringList> SnapshotIndex::applicationsByHost(const ModelSnapshot &snapshot,
                                                             const QSet<qint64> *hosts)
{
    QHash<qint64, QStringList> apps;
    forEachPrincipalOnHost(snapshot, hosts, [&](const UnitRecord &u, qint64 host) {
        QStringList &list = apps[host];
        if (!list.contains(u.application))
            list << u.application;
    });
    return apps;
}

QHash<qint64, QHash<QString, int>> SnapshotIndex::unitsByHost(const ModelSnapshot &snapshot,
                                                              const QSet<qint64> *hosts)
{
    QHash<qint64, QHash<QString, int>> units;
    forEachPrincipalOnHost(snapshot, hosts,
                           [&](const UnitRecord &u, qint64 host) { ++units[host][u.application]; });
    return units;
}

} // namespace berth
