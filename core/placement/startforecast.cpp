#include "core/placement/startforecast.h"

#include "core/model/snapshotindex.h"
#include "core/placement/spread/zonebounds.h"
#include "core/placement/startplan.h"
#include "core/placement/zonespread.h"

#include <QSet>

#include <algorithm>
#include <tuple>

namespace berth {

namespace {

using MachinesById = QHash<qint64, const MachineRecord *>;

MachinesById machinesById(const ModelSnapshot &snapshot)
{
    MachinesById byId;
    byId.reserve(snapshot.machines.size());
    for (const MachineRecord &m : snapshot.machines)
        byId.insert(m.id, &m);
    return byId;
}

// The applications whose principal units the changes add, move or remove.
QSet<QString> touchedApplications(const ModelSnapshot &before, const ModelSnapshot &after)
{
    QHash<qint64, const UnitRecord *> was;
    was.reserve(before.units.size());
    for (const UnitRecord &u : before.units)
        was.insert(u.id, &u);
    QSet<QString> touched;
    QSet<qint64> present;
    for (const UnitRecord &u : after.units) {
        present.insert(u.id);
        const UnitRecord *old = was.value(u.id);
        if (!u.subordinate && (!old || old->machineId != u.machineId))
            touched.insert(u.application);
    }
    for (const UnitRecord &u : before.units) {
        if (!u.subordinate && !present.contains(u.id))
            touched.insert(u.application);
    }
    return touched;
}

// Units of each of `apps` per zone, unplaced units and units of machines
// whose zone is not known left out. `zoneOf` gives a machine's zone.
QHash<QString, QMap<QString, int>>
unitsPerZone(const ModelSnapshot &snapshot, const QSet<QString> &apps, const MachinesById &byId,
             const std::function<QString(const MachineRecord &)> &zoneOf)
{
    QHash<QString, QMap<QString, int>> perApp;
    for (const UnitRecord &unit : snapshot.units) {
        if (unit.subordinate || !apps.contains(unit.application))
            continue;
        QMap<QString, int> &zones = perApp[unit.application];
        const MachineRecord *machine = byId.value(unit.machineId);
        const QString zone = machine ? zoneOf(*machine) : QString();
        if (!zone.isEmpty())
            zones[zone] += 1;
    }
    return perApp;
}

// Over the zones the application may use, and any it still has units in.
int skew(const QMap<QString, int> &counts, const QStringList &zones)
{
    if (counts.isEmpty())
        return 0;
    QHash<QString, int> inZones;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        inZones.insert(it.key(), it.value());
    return spreadSkew(inZones, zones, false, true);
}

// Every running instance of `before` whose machine `after` no longer keeps
// alive, machine by machine in the model's order.
QList<StartForecast::Stop> stopsOf(const ModelSnapshot &before, const MachinesById &after,
                                   const CloudInfo &cloud, double *cost)
{
    QList<StartForecast::Stop> stops;
    for (const MachineRecord &m : before.machines) {
        if (m.instanceId.isEmpty() || !m.state.isAlive() || m.isExistingHost())
            continue;
        const MachineRecord *now = after.value(m.id);
        if (now && now->state.isAlive())
            continue;
        StartForecast::Stop stop{m.name, m.instanceId, m.region, m.zone, m.instanceType, 0};
        if (const RegionInfo *region = cloud.region(m.region)) {
            if (const InstanceType *type = region->instanceType(m.instanceType))
                stop.hourlyCost = type->cost;
        }
        *cost += stop.hourlyCost;
        stops.append(stop);
    }
    return stops;
}

} // namespace

int StartForecast::instances() const
{
    int total = 0;
    for (const Starts &s : starts)
        total += s.count;
    return total;
}

StartForecast StartForecast::of(const ModelSnapshot &before, const ModelSnapshot &after,
                                const CloudInfo &cloud)
{
    StartForecast forecast;
    QSet<qint64> existing;
    for (const MachineRecord &m : before.machines)
        existing.insert(m.id);
    const MachinesById index = machinesById(after);
    const QHash<qint64, QStringList> appsOf = SnapshotIndex::applicationsByHost(after);

    // The spread starts from what runs, as the provisioner's does, and so
    // do the zone bounds it keeps.
    ZoneSpread spread;
    StartPlan::seed(spread, after, appsOf);
    ZoneBounds bounds(after, cloud, {}, {});
    const QHash<qint64, QHash<QString, int>> unitsOf = SnapshotIndex::unitsByHost(after);
    QHash<qint64, QString> predicted; // new machine -> zone
    QMap<std::tuple<QString, QString, QString>, Starts> byKey;
    const auto count = [&](const QString &region, const QString &zone, const QString &type,
                           double cost) {
        Starts &s = byKey[{region, zone, type}];
        s.region = region;
        s.zone = zone;
        s.instanceType = type;
        s.count += 1;
        s.hourlyCost += cost;
        forecast.hourlyCost += cost;
    };
    // Hosts first, then containers (which follow their host's zone).
    for (const bool containers : {false, true}) {
        // Machines already waiting start in the same pass: they take their
        // zones too, but are not the change set's to count.
        for (const MachineRecord &m : after.machines) {
            if (!StartPlan::awaitsInstance(m) || m.isContainer() != containers)
                continue;
            const bool isNew = !existing.contains(m.id);
            if (containers) {
                const MachineRecord *host = index.value(m.parentId);
                const QString zone =
                    host ? (host->zone.isEmpty() ? predicted.value(host->id) : host->zone)
                         : QString();
                predicted.insert(m.id, zone);
                if (isNew)
                    count(host ? host->region : m.region, zone, StartForecast::tr("container"), 0);
                continue;
            }
            const Constraints constraints = Constraints::parse(m.constraints).constraints;
            const StartPlan::HostZone host =
                StartPlan::placeHost(m, constraints, appsOf.value(m.id), after.model.region, cloud,
                                     spread, &bounds, unitsOf.value(m.id));
            if (!host.waitReason.isEmpty()) {
                if (isNew)
                    forecast.held.append({m.name, host.waitReason});
                continue;
            }
            const QString &regionName = host.region;
            const QString &zone = host.zone;
            const RegionInfo *region = cloud.region(regionName);
            predicted.insert(m.id, zone);
            if (!isNew)
                continue;
            if (!region) {
                forecast.unfit.append(
                    {m.name, StartForecast::tr("the cloud has no region %1").arg(regionName)});
                continue;
            }
            const auto choice = StartPlan::chooseType(*region, constraints, after.model.config);
            if (!choice.ok()) {
                forecast.unfit.append({m.name, choice.error});
                continue;
            }
            count(regionName, zone, choice.type.name, choice.type.cost);
        }
    }
    forecast.starts = byKey.values();
    forecast.stops = stopsOf(before, index, cloud, &forecast.stoppedHourlyCost);

    // Where units are: their machine's zone, its host's, the zone its
    // placement asks for, or (after) the zone predicted above.
    const auto knownZone = [](const MachinesById &byId) {
        return [&byId](const MachineRecord &m) {
            const MachineRecord *host = m.isContainer() ? byId.value(m.parentId) : nullptr;
            return UnitPlacement::of(UnitRecord{}, &m, host).zone;
        };
    };
    const QSet<QString> touched = touchedApplications(before, after);
    const MachinesById beforeMachines = machinesById(before);
    const MachinesById afterMachines = machinesById(after);
    const auto beforeZones =
        unitsPerZone(before, touched, beforeMachines, knownZone(beforeMachines));
    const auto afterKnown = knownZone(afterMachines);
    const auto afterZones =
        unitsPerZone(after, touched, afterMachines, [&](const MachineRecord &m) {
            const QString zone = afterKnown(m);
            return zone.isEmpty() ? predicted.value(m.id) : zone;
        });
    const RegionInfo *modelRegion = cloud.region(after.model.region);
    const QStringList zones =
        modelRegion ? ZoneSpread::candidates(modelRegion, {}, {}) : QStringList();
    QStringList apps(touched.cbegin(), touched.cend());
    std::sort(apps.begin(), apps.end());
    for (const QString &app : std::as_const(apps)) {
        const QMap<QString, int> was = beforeZones.value(app);
        const QMap<QString, int> will = afterZones.value(app);
        if (was == will)
            continue;
        forecast.spreads.append({app, was, will, skew(was, zones), skew(will, zones)});
    }
    return forecast;
}

} // namespace berth
