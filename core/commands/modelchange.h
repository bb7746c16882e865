#pragma once

#include "core/commands/applicationcommands.h"
#include "core/commands/machinecommands.h"
#include "core/placement/resizeparameters.h"

#include <QCoreApplication>
#include <QJsonObject>

#include <functional>

namespace berth {

// One model-changing command as data: berthctl's command name and its
// arguments, of one of the kinds in changekinds.h. berthctl and the window build one, then apply it
// at once or stage it in the model's change set (ChangeSet), which applies it later through the
// very same apply(): one set of rules and messages for both.
struct ModelChange
{
    Q_DECLARE_TR_FUNCTIONS(ModelChange)

public:
    QString command; // "deploy", "add-unit", "place-unit", ...
    QJsonObject args;

    static ModelChange deploy(const ApplicationCommands::Deploy &request);
    static ModelChange addUnits(const QString &application, int count, const QString &to,
                                const QString &constraints = {});
    static ModelChange addUnplacedUnits(const QString &application, int count,
                                        const QString &constraints = {});
    static ModelChange placeUnits(const QStringList &units, const QString &to);
    static ModelChange unplaceUnits(const QStringList &units);
    static ModelChange removeUnits(const QStringList &units);
    static ModelChange removeApplication(const QString &application);
    // The model's constraints when `application` is empty.
    static ModelChange setConstraints(const QString &application, const QString &constraints);
    static ModelChange relate(const QString &first, const QString &second);
    static ModelChange removeRelation(const QString &first, const QString &second);
    static ModelChange addMachines(const MachineCommands::AddMachine &request);
    // `keepInstance`: the machine leaves the model at once, its instance left running.
    static ModelChange removeMachines(const QStringList &machines, bool force,
                                      bool keepInstance = false);
    // A bundle (its documents merged, as Bundle::merged gives them) deployed:
    // what the model lacks of it, placed as it says.
    static ModelChange deployBundle(const QJsonObject &bundle, const QString &mapMachines = {});
    // scale-application: `adjustmentType` by Senlin's name (EXACT_CAPACITY, …).
    static ModelChange scaleApplication(const QString &application, const QString &adjustmentType,
                                        const ResizeParameters::Request &resize,
                                        const QString &criteria);
    // The application's placement policies: `specs` set one by one, or
    // (`replace`) in place of all it has.
    static ModelChange setPlacementPolicies(const QString &application,
                                            const QList<QJsonObject> &specs, bool replace);

    static ModelChange setSpread(const QString &application, const SpreadConstraint &constraint);
    static ModelChange unsetSpread(const QString &application, SpreadConstraint::Level level);
    // `applications` empty: every application with a spread constraint.
    static ModelChange rebalance(const QStringList &applications, int maxSurge);

    // The change as it may be kept: nullopt when `command` is not one of the
    // above or an argument has the wrong type.
    static std::optional<ModelChange> fromJson(const QString &command, const QJsonObject &args);

    // Applies it in its own transaction, or in the caller's when one is open
    // on the workspace's store (BerthError when refused), with its line in
    // the model's audit trail.
    CommandResult apply(Workspace &workspace, const QString &model,
                        HostProbe *probe = nullptr) const;
    // apply() without the audit trail's line: a change set's trials, and
    // its commit, which writes the lines itself.
    CommandResult run(Workspace &workspace, const QString &model, HostProbe *probe = nullptr) const;
    // Its line in the audit trail (`stagedBy`: the person who staged it),
    // for Workspace::audit to write.
    AuditRecord auditRecord(const QString &stagedBy = {}) const;
    // Applies `changes` in one transaction: all, or none and the first refusal.
    static CommandResult applyAll(Workspace &workspace, const QString &model,
                                  const QList<ModelChange> &changes);
    // What applying `changes` would do, as Juju's --dry-run says it ("will
    // remove unit mysql/1"), found by applying them in a transaction rolled
    // back; nothing changes. Throws the refusal as applying would.
    static QStringList dryRun(Workspace &workspace, const QString &model,
                              const QList<ModelChange> &changes);

    // Why it cannot wait in a change set; empty when it can (an ssh: host is
    // probed and its key accepted as it is added, not later).
    QString whyNotStageable() const;

    // One line for a list of changes, in the user's language
    // ("place mysql/0 on machine 4").
    QString description() const;

    // What a placement (place-unit) puts where; nullopt for other kinds.
    struct Placement
    {
        QStringList units;
        QString to;
    };
    std::optional<Placement> placement() const;

    enum class Reference { Machine, Unit };
    // The change with every machine and unit name it refers to (units,
    // machines, the machine in a placement directive) passed through `map`.
    ModelChange
    mapReferences(const std::function<QString(Reference, const QString &name)> &map) const;

    bool operator==(const ModelChange &) const = default;
};

} // namespace berth
