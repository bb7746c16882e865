#pragma once

#include "core/constraints/constraints.h"
#include "core/model/modelrecords.h"
#include "core/model/placementdirective.h"
#include "core/placement/directiveplacement.h"
#include "core/placement/spread/spreadstate.h"
#include "core/store/machinerows.h"

#include <QCoreApplication>

#include <optional>

namespace berth {

class ModelTx;

// Where a unit goes, in one model transaction: its constraints collapsed
// from the model's and the application's, the machine a placement
// directive names or a new one (a container, a zone, a region), the checks
// each move must pass (PlacementRules), and the subordinates that follow.
// Juju's add-unit --to and assign-unit.
class UnitPlacer
{
    Q_DECLARE_TR_FUNCTIONS(UnitPlacer)

public:
    explicit UnitPlacer(ModelTx &tx)
        : m_tx(tx)
    {}

    // Where a placement policy puts a new unit: a new machine in `region`
    // (empty: the model's), in `zone` when the policy chose one.
    struct Slot
    {
        QString region;
        QString zone;
        QString machineName; // the new machine's name, when a plan gives one
    };

    // The constraints snapshot of a new principal unit: model, then application,
    // then the unit's own, merged by the cloud's rules.
    FormattedConstraints unitConstraints(const ApplicationRecord &app,
                                         const Constraints &unitLevel) const;

    // Adds a principal unit placed by `directive`; without one, on a new
    // machine (in `slot` when given).
    UnitRecord addUnit(const ApplicationRecord &app, const FormattedConstraints &constraints,
                       const std::optional<PlacementDirective> &directive, const Slot &slot = {});
    // Adds a principal unit on `machine`, already read.
    UnitRecord addUnitOn(const ApplicationRecord &app, const FormattedConstraints &constraints,
                         const MachineRecord &machine);
    // Principal units each on a new machine of its own, one in each of
    // `places`: what addUnit does without a directive, with each table's rows
    // written together (on PostgreSQL thousands a round trip).
    QList<UnitRecord> addUnitsOnNewMachines(const ApplicationRecord &app,
                                            const FormattedConstraints &constraints,
                                            const QList<Slot> &places);
    // Places an unplaced principal unit by `directive` (none: a new machine);
    // gives the machine it went to.
    MachineRecord placeUnit(const UnitRecord &unit,
                            const std::optional<PlacementDirective> &directive);
    // Places the unplaced principal units named, in order, each on a new
    // machine of its own, as placeUnit without a directive does one by one
    // (the same machines, names and refusals), with the machines and
    // placements of consecutive units of one application written together.
    // Gives the machines, in the order of `names`.
    QList<MachineRecord> placeOnNewMachines(const QStringList &names);
    // Takes a unit off a machine that was never started (undoing a placement).
    void unplaceUnit(const UnitRecord &unit);
    // PlacementRules::placementProblem with the unit's application read here.
    QString placementProblem(const UnitRecord &unit, const MachineRecord &machine);

    // A new machine, or container, where `where` says, from `spec`: a
    // container's host is looked up and checked (a refusal names the unit
    // the container is for, or "the container" when `unitName` is empty), or
    // made with the model's constraints (its name in `newHost`); a kept
    // directive is checked with the cloud first.
    MachineRecord createMachineAt(const DirectivePlacement &where, MachineRows::NewMachine spec,
                                  const QString &unitName = {}, QString *newHost = nullptr);

private:
    // The machine a unit named `unitName` goes to; `fresh`: a new one.
    MachineRecord target(const ApplicationRecord &app, const QString &unitName,
                         const FormattedConstraints &constraints,
                         const std::optional<PlacementDirective> &directive, const Slot &slot,
                         bool *fresh);
    // Refuses a unit on a machine it may not go to (PlacementRules).
    void checkAssignable(const ApplicationRecord &app, const QString &unitName,
                         const FormattedConstraints &constraints,
                         const MachineRecord &machine) const;
    // The region of a new machine in `slot`: the slot's, else the model's.
    QString regionOf(const Slot &slot) const;
    // The new machine a principal unit gets without a directive, in `slot`.
    MachineRows::NewMachine unitMachine(const ApplicationRecord &app,
                                        const FormattedConstraints &constraints,
                                        const Slot &slot) const;
    // New machines for units of `app`, one in each of `places`, written
    // together; the spread constraints count them (a refusal names
    // unitNames[i], or none).
    QList<MachineRecord> createUnitMachines(const ApplicationRecord &app,
                                            const FormattedConstraints &constraints,
                                            const QList<Slot> &places,
                                            const QStringList &unitNames);
    // Checks a zone=, region= or node directive names something the cloud has.
    void checkProviderDirective(const PlacementDirective &directive) const;
    // Refuses unit `unitName` of `app` on `machine` where that would break a
    // `wait` spread constraint of the application (spread: Where it is
    // enforced); counts it there otherwise, for the units placed after it.
    void keepSpread(const ApplicationRecord &app, const QString &unitName,
                    const FormattedConstraints &constraints, const MachineRecord &machine);

    ModelTx &m_tx;
    // An application's spread constraints with its units counted, and the
    // domains its cloud and region policy offer.
    struct Spreads
    {
        QList<SpreadConstraint> constraints;
        // The filter, with the units counted and the environment read at
        // the first placement that has a domain.
        std::optional<SpreadFilter> filter;
    };
    // Read at an application's first placement in the transaction and kept
    // up to date by every placer of it; read again once anything changed or
    // was removed (TxScope::reshapes).
    struct SpreadCache
    {
        qint64 reshapes = -1;
        QHash<qint64, Spreads> applications;
    };
};

} // namespace berth
