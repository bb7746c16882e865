#pragma once

#include "core/model/modelrecords.h"

#include <QString>

namespace berth {

// A unit's status in Juju's two words, from the machine it is on: its
// workload ("waiting" for a machine, "unknown" once the machine has started,
// as Juju shows a charm that sets none, "error" when its machine failed,
// "terminated" while its machine is going) and its agent ("allocating",
// "idle", "failed", "executing"), with the machine's message. An
// application's status is its units' most severe.
struct UnitStatus
{
    QString workload;
    QString agent;
    QString message;

    // `machine`: the unit's machine, null while it has none.
    static UnitStatus of(const MachineRecord *machine);
    // The most severe of `units` (error, waiting, terminated, unknown); an
    // application without units is "unknown".
    static UnitStatus worst(const QList<UnitStatus> &units);
};

} // namespace berth
