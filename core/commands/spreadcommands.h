#pragma once

#include "core/model/snapshotindex.h"
#include "core/model/spreadconstraint.h"
#include "core/placement/placementpolicy.h"
#include "core/placement/spread/rebalanceplans.h"
#include "core/placement/spread/spreadconflict.h"
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

    // What a rebalance of the model would do now; nothing changes.
    RebalancePlans plan(const QString &model, const QStringList &applications);
    // Plans and records the moves for the provisioner to carry out, launch
    // before terminate, at most `maxSurge` new units of an application
    // waiting to start at once. BerthError, nothing changed, when there is no plan.
    CommandResult rebalance(const QString &model, const QStringList &applications, int maxSurge);

private:
    Workspace &m_ws;
};

} // namespace berth
