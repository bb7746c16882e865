#include "core/model/modelrecords.h"

#include <utility>

namespace berth {

MachinePlacement MachinePlacement::of(const QString &stored)
{
    using Kind = MachinePlacement::Kind;
    if (stored.isEmpty())
        return {};
    for (const auto &[prefix, kind] : {std::pair{QStringLiteral("zone="), Kind::Zone},
                                       std::pair{QStringLiteral("region="), Kind::Region},
                                       std::pair{QStringLiteral("ssh:"), Kind::ExistingHost}}) {
        if (stored.startsWith(prefix))
            return {kind, stored.mid(prefix.size())};
    }
    return {Kind::ProviderNode, stored};
}

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
    p.zone = machine->zoneOn(host);
    if (const MachinePlacement placed = machine->placed();
        p.zone.isEmpty() && placed.kind == MachinePlacement::Kind::Zone)
        p.zone = placed.value;
    p.inError = machine->state.inError() || (host && host->state.inError());
    return p;
}

} // namespace berth
