#include "core/placement/retirement.h"

namespace berth {

Retirement::Fate Retirement::ofRemoved(const MachineRecord &machine, int containers)
{
    if (machine.neverProvisioned() && containers == 0)
        return Fate::Remove;
    return machine.state.isAlive() ? Fate::MarkDead : Fate::Keep;
}

Retirement::Fate Retirement::ofEmptied(const MachineRecord &machine, qsizetype unitsLeft,
                                       int containers, int aliveContainers)
{
    if (!machine.forUnit || !machine.state.isAlive() || unitsLeft > 0 || aliveContainers > 0)
        return Fate::Keep;
    return ofRemoved(machine, containers);
}

} // namespace berth
