#pragma once

#include "core/model/snapshotindex.h"
#include "core/model/spreadconstraint.h"
#include "core/placement/placementpolicy.h"
#include "core/placement/spread/rebalanceplan.h"
#include "core/placement/spread/spreadstate.h"
#include "core/store/workspace.h"

#include <QCoreApplication>

namespace berth {

// Spread constraints and rebalancing (spread): set-spread, unset-spread,
// each application's skew against its bounds, and the rebalance plan with
// the moves a commit carries out.
class SpreadCommands
{
    Q_DECLARE_TR_FUNCTIONS(SpreadCommands)

public:
    explicit SpreadCommands(Workspace &workspace)
        : m_ws(workspace)
    {}

    // Sets the application's constraint at its level, replacing the one it
    // had; accepted on an application that already breaks it, with the skew
    // now and a pointer at rebalance.
    CommandResult set(const QString &model, const QString &application,
                      const SpreadConstraint &constraint);
    CommandResult unset(const QString &model, const QString &application,
                        SpreadConstraint::Level level);

    // The application's spread constraints, read alone (for editors).
    QList<SpreadConstraint> constraintsOf(const QString &model, const QString &application);
    // "zone max-skew 1, wait; machine max-skew 1, anyway", for editors.
    static QString describe(const QList<SpreadConstraint> &constraints);

    // A plan over several applications.
    struct Plan
    {
        QList<RebalancePlan> applications;
        QList<RebalanceMove> moves() const;
        // The first application's reason there is no plan; empty when all have one.
        QString problem() const;
        // {"moves": [...], "skew-before": {APP: {LEVEL: N}}, "skew-after": {...}}
        QJsonObject toJson() const;
    };
    // The plan for `applications` (all with a spread constraint when empty);
    // BerthError for an unknown application or one without a constraint.
    static Plan plan(const ModelSnapshot &snapshot, const CloudInfo &cloud,
                     const QStringList &applications);
    // What a rebalance of the model would do now; nothing changes.
    Plan plan(const QString &model, const QStringList &applications);
    // Plans and records the moves for the provisioner to carry out, launch
    // before terminate, at most `maxSurge` new units of an application
    // waiting to start at once. BerthError, nothing changed, when there is no plan.
    CommandResult rebalance(const QString &model, const QStringList &applications, int maxSurge);

    // Why a placement policy and a spread constraint cannot both hold (a
    // weighted policy against a `wait` bound at its level), naming both;
    // empty when they can.
    static QString conflict(const QString &application, const PlacementPolicy &policy,
                            const SpreadConstraint &constraint);

private:
    Workspace &m_ws;
};

} // namespace berth
