#pragma once

#include "core/model/modelrecords.h"

namespace berth {

// What becomes of a machine the user removes, or that units have left: the
// one rule remove-unit, remove-application, remove-machine and
// destroy-model all follow (Juju's: a machine made for a unit goes with its
// last unit; one that never started goes at once, one that did is marked
// dead for the provisioner to stop).
namespace Retirement {

enum class Fate {
    Keep,     // it stays as it is
    Remove,   // never started and hosts no container: its row goes now
    MarkDead, // the provisioner stops its instance, then forgets it
};

// A machine the user removes, hosting `containers` (dead ones too): one
// that never started and hosts none goes now; an alive one is marked dead;
// one already dead is the provisioner's.
Fate ofRemoved(const MachineRecord &machine, int containers);

// A machine units have left, with `unitsLeft` units (subordinates too) and
// `containers` (`aliveContainers` of them alive) still on it: a machine made
// for units goes as ofRemoved() says once nothing alive is on it; any other
// stays (one added by add-machine is the user's to remove).
Fate ofEmptied(const MachineRecord &machine, qsizetype unitsLeft, int containers,
               int aliveContainers);

} // namespace Retirement

} // namespace berth
