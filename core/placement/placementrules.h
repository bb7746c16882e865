#pragma once

#include "core/constraints/constraints.h"
#include "core/model/modelrecords.h"
#include "core/model/snapshotindex.h"

#include <QStringList>

namespace berth {

// Whether a unit may go on a machine, and a container on a host: pure rules
// over records, shared by the commands (which refuse with them) and the
// window (which checks a drag against the snapshot it shows). Each gives the
// reason in the user's words, or an empty string when the move is allowed.
namespace PlacementRules {

// "machine 3 is dead": nothing new goes on a machine that is going.
QString lifeProblem(const MachineRecord &machine);

// Juju's add-unit --to checks: the machine is alive and has the
// application's base.
QString assignProblem(const ApplicationRecord &app, const QString &unitName,
                      const MachineRecord &machine);

// Why a started machine's hardware cannot meet a unit's constraints; empty
// when it can, or while the machine has not started (its instance type will
// follow its constraints).
QString hardwareProblem(const QString &unitName, const Constraints &needs,
                        const MachineRecord &machine);

// Why a container with `needs` cannot be made on `host`: the host is going,
// or is smaller than the container (its hardware once started, its
// constraints until then). `what` names the container ("unit web/1",
// "the container").
QString containerProblem(const QString &what, const Constraints &needs, const MachineRecord &host);

// Why `unit` (of `app`) cannot be moved onto `machine` in the window:
// subordinate, already there, life, base or hardware.
QString placementProblem(const UnitRecord &unit, const ApplicationRecord &app,
                         const MachineRecord &machine);

// placementProblem() for each of `units` onto `machine`, all looked up in
// `model`; the first problem found, or a name the snapshot does not hold.
QString placementProblem(const SnapshotIndex &model, const QStringList &units,
                         const QString &machine);
// containerProblem() for each of `units` in a new container on `host` (and
// no subordinate among them), all looked up in `model`; empty when they can.
QString containerProblem(const SnapshotIndex &model, const QStringList &units, const QString &host);

// Auto place: for each of `units` in turn, a started machine of `snapshot`
// that runs no principal unit (an idle one the user is paying for) and takes
// it, each machine given once, the cheapest fit first (fewest cores, then
// least memory); "" where none is left (a new machine, made to fit).
QStringList idleMachinesFor(const ModelSnapshot &snapshot, const SnapshotIndex &model,
                            const QStringList &units);

} // namespace PlacementRules

} // namespace berth
