#pragma once

#include "core/constraints/constraints.h"
#include "core/model/modelrecords.h"
#include "core/placement/spread/spreadtally.h"

#include <QCoreApplication>
#include <QHash>

namespace berth {

class TxScope;

// A model's units as stored, read and written in one model transaction:
// look-ups, new units numbered from their application's sequence, where
// they are, and the subordinate units that follow their principals.
class UnitRows
{
    Q_DECLARE_TR_FUNCTIONS(UnitRows)

public:
    explicit UnitRows(TxScope &scope)
        : m_scope(scope)
    {}

    // BerthError for a name that is no unit name, or no unit of the model.
    UnitRecord get(const QString &name);
    QList<UnitRecord> onMachine(qint64 machineId);
    // The units on each of `machineIds` that has any.
    QHash<qint64, QList<UnitRecord>> onMachines(const QList<qint64> &machineIds);
    QList<UnitRecord> ofApplication(qint64 applicationId);
    // The units with these ids, in their order (those not found left out).
    QList<UnitRecord> withIds(const QList<qint64> &ids);
    // The units of the model among `names`, by name (names of no unit left out).
    QHash<QString, UnitRecord> withNames(const QStringList &names);
    // Each of the application's units with where it is (Senlin's node view).
    QList<UnitPlacement> placements(const ApplicationRecord &app);
    // The application's placed units as a spread constraint counts them
    // (SpreadMember::of), counted by the store: one member for each set of
    // units whose machines share their zone, placement, region and life
    // (and, `byMachine`, their host), with `units` saying how many. Only
    // for an application with a spread constraint: the store keeps the
    // counts of those (UnitTallies).
    QList<SpreadMember> spreadCounts(const ApplicationRecord &app, bool byMachine);

    // The number the application's next unit gets.
    qint64 nextNumber(const ApplicationRecord &app);
    // A principal unit numbered `number` on `machine` (none: not placed yet).
    UnitRecord insert(const ApplicationRecord &app, qint64 number, const MachineRecord *machine,
                      const FormattedConstraints &constraints);
    // Principal units, the i-th on machines[i], written a batch a statement.
    QList<UnitRecord> insert(const ApplicationRecord &app, const QList<MachineRecord> &machines,
                             const FormattedConstraints &constraints);
    // `count` principal units on no machine yet, written a batch a statement.
    QList<UnitRecord> insertUnplaced(const ApplicationRecord &app, int count,
                                     const FormattedConstraints &constraints);
    // Puts a unit on a machine, or takes it off (nullptr).
    void assign(const UnitRecord &unit, const MachineRecord *machine);
    // Puts units[i] on machines[i], a batch of units a statement.
    void assign(const QList<UnitRecord> &units, const QList<MachineRecord> &machines);
    // Deletes the units alone: the caller deals with their machines and subordinates.
    void forget(const QList<UnitRecord> &units);

    // Gives `machine` exactly one unit of each subordinate application related
    // to a principal it hosts, and none of any other (Subordinates::plan).
    void syncSubordinates(const MachineRecord &machine);
    // The same with the units on the machine already read; gives how many
    // units it added less how many it removed.
    qsizetype syncSubordinates(const MachineRecord &machine, const QList<UnitRecord> &units);

private:
    // A new unit's record (not written yet).
    // The units on hosts[i] (nullptr: none yet), written a batch a statement.
    QList<UnitRecord> insertAll(const ApplicationRecord &app,
                                const QList<const MachineRecord *> &hosts,
                                const FormattedConstraints &constraints);
    UnitRecord recordOf(const ApplicationRecord &app, qint64 number, const MachineRecord *machine,
                        const FormattedConstraints &constraints) const;

    TxScope &m_scope;
};

} // namespace berth
