#include "core/provisioning/reconciler.h"

#include "core/cloud/instancetags.h"

namespace berth {
namespace Reconciler {

Action decide(const InstanceInfo &instance, const MachineRecord *machine,
              ModelConfig::Harvest harvest)
{
    using Harvest = ModelConfig::Harvest;
    if (!machine)
        return harvest == Harvest::Unknown || harvest == Harvest::All ? Action::StopStray
                                                                      : Action::LeaveStray;
    if (machine->instanceId == instance.id)
        return Action::Keep;
    if (machine->instanceId.isEmpty() && !instance.isRunning())
        return Action::LeaveInterrupted;
    const QString nonce = instance.tags.value(InstanceTags::nonce);
    if (machine->instanceId.isEmpty() && !nonce.isEmpty() && nonce == machine->nonce)
        return Action::Adopt;
    // Ours by its tags, but the machine has another instance (or another
    // start): one machine never keeps two instances.
    return Action::StopDuplicate;
}

bool stopsInstancesOfDeadMachines(ModelConfig::Harvest harvest)
{
    return harvest == ModelConfig::Harvest::Destroyed || harvest == ModelConfig::Harvest::All;
}

} // namespace Reconciler
} // namespace berth
