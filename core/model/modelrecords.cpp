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

QString MachineRecord::expectedZone(const MachineRecord *host) const
{
    if (const QString running = zoneOn(host); !running.isEmpty())
        return running;
    for (const MachineRecord *pinned : {this, host}) {
        if (!pinned)
            break;
        if (const MachinePlacement placed = pinned->placed();
            placed.kind == MachinePlacement::Kind::Zone)
            return placed.value;
    }
    return {};
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
    p.zone = machine->expectedZone(host);
    p.inError = machine->state.inError() || (host && host->state.inError());
    return p;
}

} // namespace berth
