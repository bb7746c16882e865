#include "core/placement/startplan.h"

namespace berth {
namespace StartPlan {

bool awaitsInstance(const MachineRecord &m)
{
    return m.state.awaitsStart() && m.instanceId.isEmpty() && !m.isExistingHost();
}

void seed(ZoneSpread &spread, const ModelSnapshot &snapshot,
          const QHash<qint64, QStringList> &appsOf)
{
    for (const MachineRecord &m : snapshot.machines) {
        if (!m.instanceId.isEmpty() && m.state.isAlive() && !m.isContainer())
            spread.add(m.zone, appsOf.value(m.id));
    }
}

HostZone placeHost(const MachineRecord &machine, const Constraints &constraints,
                   const QStringList &applications, const QString &modelRegion,
                   const CloudInfo &cloud, ZoneSpread &spread, ZoneBounds *bounds,
                   const QHash<QString, int> &units)
{
    HostZone host;
    host.region = machine.region.isEmpty() ? modelRegion : machine.region;
    host.candidates =
        ZoneSpread::candidates(cloud.region(host.region), machine.placement, constraints);
    host.fixedZone = host.candidates.size() <= 1;
    if (host.candidates.isEmpty())
        return host;
    QStringList first = host.candidates;
    // A zone the placement pins was judged when the unit was placed, and its
    // units already count there.
    const bool pinned = machine.placed().kind == MachinePlacement::Kind::Zone;
    if (pinned)
        bounds = nullptr;
    if (bounds && !bounds->isEmpty() && host.region == modelRegion) {
        const ZoneBounds::Choice choice = bounds->choose(host.candidates, units, constraints);
        if (choice.hard && choice.zones.isEmpty()) {
            host.waitReason = choice.why;
            return host;
        }
        // The zones the bounds rank first; the zone spread breaks the tie,
        // as it does for every host (a host no bound applies to ties everywhere).
        if (!choice.zones.isEmpty())
            first = choice.zones;
        if (choice.hard) {
            // Kept as chosen: falling back elsewhere could break the bound.
            host.zone = spread.claim(first, applications);
            host.candidates = {host.zone};
            host.fixedZone = true;
            host.spreadBound = true;
            bounds->claim(host.zone, units);
            return host;
        }
    }
    host.zone = spread.claim(first, applications);
    if (bounds)
        bounds->claim(host.zone, units);
    return host;
}

InstanceTypeChooser::Choice chooseType(const RegionInfo &region, const Constraints &constraints,
                                       const ModelConfig &config)
{
    if (region.catalogue.isEmpty())
        return {};
    return InstanceTypeChooser(config.defaultMemMiB(), region.supportsTags)
        .choose(region, constraints);
}

} // namespace StartPlan
} // namespace berth
