#pragma once

#include "core/cloud/instanceinfo.h"
#include "core/model/modelconfig.h"
#include "core/model/modelrecords.h"

namespace berth {

// What a provisioner pass does with each instance the cloud lists with the
// model's tag (provisioning: Crash safety, Harvest mode). Pure: from the
// instance, the machine its tag names (nullptr: none), and the harvest mode.
namespace Reconciler {

enum class Action {
    Keep,             // the machine's own instance
    StopStray,        // no machine claims it, and the harvest mode stops strays
    LeaveStray,       // no machine claims it; the harvest mode leaves it running
    LeaveInterrupted, // an interrupted start's, not running yet: the next start takes it over
    Adopt,            // started by a run that died before recording it
    StopDuplicate,    // the machine has another instance (or another start)
};

Action decide(const InstanceInfo &instance, const MachineRecord *machine,
              ModelConfig::Harvest harvest);

// Whether a dead machine's instance is stopped before the machine goes
// (otherwise it is left running, and then counts as unknown).
bool stopsInstancesOfDeadMachines(ModelConfig::Harvest harvest);

} // namespace Reconciler

} // namespace berth
