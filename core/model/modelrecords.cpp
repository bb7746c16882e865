#include "core/model/modelrecords.h"

namespace berth {

QString MachineRecord::parentName() const
{
    const qsizetype slash = name.lastIndexOf(QStringLiteral("/lxd/"));
    return slash < 0 ? QString() : name.left(slash);
}

bool MachineRecord::hostBlocks(const MachineRecord *host)
{
    return !host || host->state.inError() || !host->state.isAlive();
}

UnitPlacement UnitPlacement::of(const UnitRecord &unit, const MachineRecord *machine,
                                const MachineRecord *host)
{
    UnitPlacement p;
    p.unitId = unit.id;
    p.number = unit.number;
    p.createdAt = unit.createdAt;
    p.constraints = unit.constraints;
    if (!machine)
        return p;
    p.region = machine->region;
    // Not started yet: its host's zone, or the zone its placement asks for.
    p.zone = machine->zone;
    if (p.zone.isEmpty() && host)
        p.zone = host->zone;
    if (p.zone.isEmpty() && machine->placement.startsWith(QStringLiteral("zone=")))
        p.zone = machine->placement.mid(5);
    p.inError = machine->state.inError() || (host && host->state.inError());
    return p;
}

} // namespace berth
