#include "core/store/machineretirement.h"

#include "core/placement/retirement.h"
#include "core/store/machinelife.h"
#include "core/store/machinerows.h"
#include "core/store/modeltx.h"
#include "core/store/unitrows.h"

#include <QSet>

#include <algorithm>

namespace berth {

void MachineRetirement::removeUnits(const QList<UnitRecord> &units)
{
    QList<UnitRecord> distinct;
    QList<qint64> hostIds;
    QSet<qint64> seenUnits;
    QSet<qint64> seenHosts;
    for (const UnitRecord &u : units) {
        if (seenUnits.contains(u.id))
            continue;
        seenUnits.insert(u.id);
        distinct << u;
        if (u.machineId != 0 && !seenHosts.contains(u.machineId)) {
            seenHosts.insert(u.machineId);
            hostIds << u.machineId;
        }
    }
    m_tx.units().forget(distinct);
    retireEmptied(hostIds, true);
}

void MachineRetirement::retireEmptied(const QList<qint64> &ids, bool syncSubordinates)
{
    if (ids.isEmpty())
        return;
    // Each machine as it is now, what is left on it, and its containers.
    MachineRows machines = m_tx.machines();
    UnitRows units = m_tx.units();
    const QHash<qint64, MachineRecord> found = machines.withIds(ids);
    const QHash<qint64, QList<UnitRecord>> left = units.onMachines(ids);
    const QHash<qint64, MachineRows::Containers> containers = machines.containersOf(ids);

    QList<MachineRecord> gone;
    QList<qint64> hosts; // of retired containers, looked at after
    for (const qint64 id : ids) {
        const auto machine = found.constFind(id);
        if (machine == found.cend())
            continue;
        qsizetype remaining = left.value(id).size();
        if (syncSubordinates)
            remaining += units.syncSubordinates(*machine, left.value(id));
        const MachineRows::Containers on = containers.value(id);
        switch (Retirement::ofEmptied(*machine, remaining, on.all, on.alive)) {
        case Retirement::Fate::Keep:
            continue;
        case Retirement::Fate::Remove:
            gone << *machine;
            break;
        case Retirement::Fate::MarkDead:
            m_tx.machineLife().markDead(*machine);
            break;
        }
        if (machine->parentId != 0)
            hosts << machine->parentId;
    }
    machines.remove(gone);
    for (const qint64 host : std::as_const(hosts))
        retireEmptied({host}, false);
}

void MachineRetirement::retire(const MachineRecord &machine)
{
    MachineRows machines = m_tx.machines();
    const int containers = machines.containersOf({machine.id}).value(machine.id).all;
    switch (Retirement::ofRemoved(machine, containers)) {
    case Retirement::Fate::Keep:
        break;
    case Retirement::Fate::Remove:
        machines.remove({machine});
        break;
    case Retirement::Fate::MarkDead:
        m_tx.machineLife().markDead(machine);
        break;
    }
    if (machine.parentId != 0)
        retireEmptied({machine.parentId}, false);
}

void MachineRetirement::destroyModel()
{
    m_tx.emptyAndMarkDying();
    QList<MachineRecord> machines = m_tx.machines().all();
    QHash<qint64, int> containersOf; // dead ones too, as retire() counts them
    for (const MachineRecord &m : std::as_const(machines)) {
        if (m.parentId != 0)
            ++containersOf[m.parentId];
    }
    std::stable_sort(machines.begin(), machines.end(),
                     [](const MachineRecord &a, const MachineRecord &b) {
                         return a.name.count(u'/') > b.name.count(u'/');
                     });
    QList<MachineRecord> gone;
    for (const MachineRecord &m : std::as_const(machines)) {
        if (!m.state.isAlive())
            continue; // already the provisioner's
        switch (Retirement::ofRemoved(m, containersOf.value(m.id))) {
        case Retirement::Fate::Keep:
            break;
        case Retirement::Fate::Remove:
            gone << m;
            if (m.parentId != 0)
                --containersOf[m.parentId];
            break;
        case Retirement::Fate::MarkDead:
            m_tx.machineLife().markDead(m);
            break;
        }
    }
    m_tx.machines().remove(gone);
}

} // namespace berth
