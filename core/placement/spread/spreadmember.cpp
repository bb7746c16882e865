#include "core/placement/spread/spreadmember.h"

namespace berth {

SpreadMember SpreadMember::of(const UnitRecord &unit, const MachineRecord &machine,
                              const MachineRecord *host, const QString &modelRegion)
{
    SpreadMember m;
    m.unitId = unit.id;
    m.unit = unit.name();
    m.createdAt = unit.createdAt;
    m.constraints = unit.constraints;
    m.machineId = machine.id;
    m.machine = host ? host->name : machine.name;
    m.zone = machine.expectedZone(host);
    m.region = !machine.region.isEmpty()         ? machine.region
               : host && !host->region.isEmpty() ? host->region
                                                 : modelRegion;
    m.hardware = host ? host->hardware : machine.hardware;
    m.counts = machine.state.isAlive() && (!host || host->state.isAlive());
    m.inError = machine.state.inError() || (host && host->state.inError());
    return m;
}

QString SpreadMember::domain(SpreadConstraint::Level level) const
{
    if (!counts)
        return {};
    switch (level) {
    case SpreadConstraint::Level::Zone:
        return zone;
    case SpreadConstraint::Level::Region:
        return region;
    case SpreadConstraint::Level::Machine:
        return machine;
    }
    return {};
}

} // namespace berth
