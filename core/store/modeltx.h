#pragma once

#include "core/cloud/cloudinfo.h"
#include "core/cloud/cloudregistry.h"
#include "core/cloud/instanceinfo.h"
#include "core/model/change.h"
#include "core/model/modelrecords.h"
#include "core/model/placementdirective.h"
#include "core/placement/directiveplacement.h"
#include "core/store/sqlsession.h"

#include <QCoreApplication>
#include <QHash>

#include <functional>
#include <optional>

namespace berth {

// The rules of one model applied inside one write transaction: look-ups,
// machine and unit creation, placement, subordinates, removal and the change
// log. Commands build one, do their work, and call finish() before commit.
class ModelTx
{
    Q_DECLARE_TR_FUNCTIONS(ModelTx)

public:
    // Why the cloud's provider refuses a directive of its own (a node name,
    // a system id) in a region; empty when it takes it.
    using PlacementPrecheck =
        std::function<QString(const QString &region, const QString &directive)>;

    // `precheck` (may be empty: such directives are refused) checks
    // provider-specific placement directives. The model's cloud is opened in
    // `clouds` only when the transaction first needs it (cloud(), region(),
    // validator()): reading the model asks no cloud.
    ModelTx(SqlSession &sql, ModelRecord model, const CloudRegistry &clouds,
            PlacementPrecheck precheck = {});

    static std::optional<ModelRecord> findModel(SqlSession &sql, const QString &name);
    static ModelRecord loadModel(SqlSession &sql, const QString &name);

    const ModelRecord &model() const { return m_model; }
    const CloudInfo &cloud() const;
    const RegionInfo &region() const;
    ConstraintsValidator validator() const { return cloud().validator(m_model.region); }

    std::optional<ApplicationRecord> findApplication(const QString &name);
    ApplicationRecord application(const QString &name);
    std::optional<MachineRecord> findMachine(const QString &name);
    MachineRecord machine(const QString &name);
    UnitRecord unit(const QString &name);
    QList<UnitRecord> unitsOnMachine(qint64 machineId);
    QList<UnitRecord> unitsOfApplication(qint64 applicationId);
    QList<MachineRecord> children(qint64 machineId);
    // The whole model, ordered for display.
    ModelSnapshot snapshot();
    // The whole model, from `before` (read earlier in this transaction) and
    // the change log written since: only the rows the log names, and rows
    // added since (they come last), are read again.
    ModelSnapshot snapshotAfter(const ModelSnapshot &before, const ChangeList &changes);
    // The part of the model around these names, for `status NAME...`: every
    // application, relation and policy; the units of `applications`, the
    // `units`, the machines named and their containers with the units on
    // them; the principals and subordinates of those units; the machines
    // of all these units and their hosts. Ordered as snapshot() orders.
    ModelSnapshot snapshotAround(const QStringList &applications, const QStringList &units,
                                 const QStringList &machines);

    // The next value of a named per-model sequence; values are never reused.
    qint64 nextSequence(const QString &name);

    struct NewMachine
    {
        QString base;
        FormattedConstraints constraints;
        QString placement;
        QString region;
        bool forUnit = false;
        const MachineRecord *parent = nullptr; // a container on this host
    };
    MachineRecord createMachine(const NewMachine &spec);
    // A new machine, or container, where `where` says, from `spec`: a
    // container's host is looked up and checked (a refusal names the unit
    // the container is for, or "the container" when `unitName` is empty), or
    // made with the model's constraints (its name in `newHost`); a kept
    // directive is checked with the cloud first.
    MachineRecord createMachineAt(const DirectivePlacement &where, NewMachine spec,
                                  const QString &unitName = {}, QString *newHost = nullptr);

    // The constraints snapshot of a new principal unit: model, then application,
    // then the unit's own, merged by the cloud's rules.
    FormattedConstraints unitConstraints(const ApplicationRecord &app,
                                         const Constraints &unitLevel) const;

    // Where a placement policy puts a new unit: a new machine in `region`
    // (empty: the model's), in `zone` when the policy chose one.
    struct Slot
    {
        QString region;
        QString zone;
    };
    // Adds a principal unit placed by `directive`; without one, on a new
    // machine (in `slot` when given).
    UnitRecord addUnit(const ApplicationRecord &app, const FormattedConstraints &constraints,
                       const std::optional<PlacementDirective> &directive, const Slot &slot = {});

    // Principal units each on a new machine of its own, one in each of
    // `places`: what addUnit does without a directive, with the rows written
    // a few hundred a statement (one round trip to a server each).
    QList<UnitRecord> addUnitsOnNewMachines(const ApplicationRecord &app,
                                            const FormattedConstraints &constraints,
                                            const QList<Slot> &places);

    // A unit with no machine yet (placed later, e.g. by dragging it in the window).
    UnitRecord addUnplacedUnit(const ApplicationRecord &app,
                               const FormattedConstraints &constraints);
    // Places an unplaced principal unit by `directive` (none: a new machine);
    // gives the machine it went to.
    MachineRecord placeUnit(const UnitRecord &unit,
                            const std::optional<PlacementDirective> &directive);
    // Takes a unit off a machine that was never started (undoing a placement).
    void unplaceUnit(const UnitRecord &unit);
    // PlacementRules::placementProblem with the unit's application read here.
    QString placementProblem(const UnitRecord &unit, const MachineRecord &machine);

    // Checks a unit of `app` may go on `machine` (life, base); throws otherwise.
    void checkAssignable(const ApplicationRecord &app, const QString &unitName,
                         const MachineRecord &machine) const;
    // Checks a zone=, region= or node directive names something the cloud has.
    void checkProviderDirective(const PlacementDirective &directive) const;

    // The application written with its record's values; gives it with its id.
    ApplicationRecord createApplication(ApplicationRecord app);
    void setApplicationConstraints(const ApplicationRecord &app, const Constraints &constraints);
    // Senlin's cluster bounds (maxSize -1: unbounded).
    void setApplicationBounds(const ApplicationRecord &app, qint64 minSize, qint64 maxSize);
    // Removes the application's row; its units and relations must be gone.
    void deleteApplication(const ApplicationRecord &app);
    // Each of the application's units with where it is (Senlin's node view).
    QList<UnitPlacement> unitPlacements(const ApplicationRecord &app);

    void setModelConstraints(const Constraints &constraints);
    void setModelConfig(const QString &key, const QString &value);

    // The alive machines whose placement starts with `prefix` (e.g. "ssh:").
    QList<MachineRecord> aliveMachinesPlaced(const QString &prefix);

    bool hasRelation(const ApplicationRecord &subordinate, const ApplicationRecord &principal);
    void addRelation(const ApplicationRecord &subordinate, const ApplicationRecord &principal);
    void removeRelation(const ApplicationRecord &subordinate, const ApplicationRecord &principal);
    // Drops every relation the application is in (either side).
    void removeRelationsOf(const ApplicationRecord &app);
    // Gives `machine` exactly one unit of each subordinate application related
    // to a principal it hosts, and none of any other.
    void syncSubordinates(const MachineRecord &machine);
    // Removes a principal unit, its subordinates, and its machine if the machine
    // was made for it and is now empty.
    void removeUnit(const UnitRecord &unit);
    // The same for many units at once, in a few statements for all of them.
    void removeUnits(const QList<UnitRecord> &units);
    // Deletes the unit alone: the caller deals with its machine and subordinates.
    void forgetUnit(const UnitRecord &unit);
    void forgetUnits(const QList<UnitRecord> &units);
    // Deletes a dead machine the provisioner is done with, and the units left on it.
    void forgetMachine(const MachineRecord &machine);
    // Removes a machine never provisioned at once; otherwise marks it dead for
    // the provisioner. An emptied host made for units follows.
    void retireMachine(const MachineRecord &machine);

    // destroy-model: the model's applications, units, relations and change
    // set go; machines never provisioned go too, the others are marked dead
    // for the provisioner, and the model is marked dying.
    void beginDestroy();
    // Removes the model once it is dying and its last machine is gone; true when it did.
    bool removeIfDestroyed();

    // The machine life cycle's writes: each is one of MachineState's moves,
    // refused (BerthError) when the table does not allow it from the
    // machine's state as read in this transaction, and logged as a change.
    void recordStart(const MachineRecord &machine, const QString &nonce, const QString &message);
    void recordInstance(const MachineRecord &machine, const InstanceInfo &instance);
    void forgetStart(const MachineRecord &machine, const QString &message);
    void recordRetry(const MachineRecord &machine, int attempts, qint64 retryAt,
                     const QString &message);
    void recordError(const MachineRecord &machine, int attempts, const QString &message);
    // retry-provisioning: pending again, with `constraints` from now on.
    void resetForRetry(const MachineRecord &machine, const QString &constraints);
    void enlistHost(const MachineRecord &machine, const QString &instanceId,
                    const QString &hardware, const QString &message);
    // A container that cannot start while its host is in error or gone.
    void holdForHost(const MachineRecord &machine, const QString &message);
    // The names of the model's machines in error, and of those whose recorded
    // start has no instance behind it.
    QStringList machinesInError();
    // The machine's status history, oldest first.
    QList<StatusLogEntry> statusLog(const MachineRecord &machine);
    QStringList startsWithoutInstance();

    // Noted now, written by finish().
    void logChange(const QString &kind, const QString &name, Change::Op op);
    // What has been noted and not yet written, in order.
    const ChangeList &pendingChanges() const { return m_changes; }
    // Writes sequences and the change log; call once, last.
    void finish();

private:
    // The store's own classes for an application's policies, the change set
    // and the provisioner's lease write in this transaction too.
    friend class PolicyRows;
    friend class BundleRows;
    friend class StagedRows;
    friend class ProvisionerLease;

    MachineRecord placementTarget(const ApplicationRecord &app, const QString &unitName,
                                  const FormattedConstraints &constraints,
                                  const std::optional<PlacementDirective> &directive,
                                  const Slot &slot, bool *fresh);
    UnitRecord insertUnit(const ApplicationRecord &app, qint64 number, const MachineRecord *machine,
                          const FormattedConstraints &constraints);
    // The new machine a principal unit gets without a directive, in `slot`.
    NewMachine unitMachine(const ApplicationRecord &app, const FormattedConstraints &constraints,
                           const Slot &slot) const;
    // A new unit's record (not written yet).
    UnitRecord unitRecord(const ApplicationRecord &app, qint64 number, const MachineRecord *machine,
                          const FormattedConstraints &constraints) const;
    // A new machine's record from `spec`, named `name` (not written yet).
    MachineRecord recordOf(const NewMachine &spec, const QString &name) const;
    // Top-level machines from `specs`, their rows written a batch a statement.
    QList<MachineRecord> createMachines(const QList<NewMachine> &specs);
    static void checkHardware(const QString &unitName, const Constraints &constraints,
                              const MachineRecord &machine);
    void retireIfEmpty(qint64 machineId);
    // syncSubordinates() with the units on the machine already read; gives
    // how many units it added less how many it removed.
    qsizetype syncSubordinates(const MachineRecord &machine, const QList<UnitRecord> &units);
    // Checks `move` against the machine's current state; gives the state after it.
    // Checks `move` against the machine's current state and writes it to the
    // machine's status history with `message`; gives the state after it.
    MachineState moved(const MachineRecord &machine, MachineState::Move move,
                       const QString &message);
    // The model's machines where `condition` (one ? for `value`) holds, by id.
    QStringList machineNames(const QString &condition, const QVariant &value);
    void writeChanges();
    bool hasSubordinateRelations(qint64 applicationId);

    SqlSession &m_sql;
    ModelRecord m_model;
    const CloudRegistry &m_clouds;
    mutable const CloudInfo *m_cloud = nullptr; // once cloud() opened it
    PlacementPrecheck m_precheck;
    QHash<QString, qint64> m_sequences;
    ChangeList m_changes;
    QHash<qint64, bool> m_hasSubordinates;
    qint64 m_now = 0;
};

} // namespace berth
