#include "core/commands/spreadcommands.h"

#include "core/bertherror.h"
#include "core/commands/applicationscaling.h"
#include "core/commands/unitplacer.h"
#include "core/model/snapshotindex.h"
#include "core/placement/startplan.h"
#include "core/store/spreadrows.h"

#include <QJsonArray>

namespace berth {

namespace {

// What the surge costs while it lasts: the new machines the moves start,
// at most `maxSurge` at once, each of the instance type the application's
// constraints choose. Empty when the moves start no machine.
QString surgeCost(ModelTx &tx, const ApplicationRecord &app, const QList<RebalanceMove> &moves,
                  int maxSurge)
{
    const auto fresh = std::count_if(moves.cbegin(), moves.cend(),
                                     [](const RebalanceMove &m) { return m.addMachine == u"new"; });
    if (fresh == 0)
        return {};
    const Constraints constraints = UnitPlacer(tx).unitConstraints(app, {}).value;
    const InstanceTypeChooser::Choice choice =
        StartPlan::chooseType(tx.region(), constraints, tx.model().config);
    const int atOnce = int(std::min<qsizetype>(fresh, maxSurge));
    if (!choice.ok() || choice.type.name.isEmpty())
        return SpreadCommands::tr("the surge: %n new machine(s), at most %1 at once", nullptr,
                                  int(fresh))
            .arg(atOnce);
    return SpreadCommands::tr("the surge: %n new machine(s) of type %1, at most %2 at once: up "
                              "to %3/h more while they start (%4/h each)",
                              nullptr, int(fresh))
        .arg(choice.type.name)
        .arg(atOnce)
        .arg(choice.type.cost * atOnce, 0, 'f', 3)
        .arg(choice.type.cost, 0, 'f', 3);
}

ApplicationRecord principalOf(ModelTx &tx, const QString &application)
{
    ApplicationRecord app = tx.applications().get(application);
    if (app.subordinate) {
        throw BerthError(SpreadCommands::tr("application \"%1\" is a subordinate: its units "
                                            "follow their principals, which a spread "
                                            "constraint places")
                             .arg(app.name));
    }
    return app;
}

} // namespace

CommandResult SpreadCommands::set(const QString &model, const QString &application,
                                  const SpreadConstraint &constraint)
{
    constraint.check();
    return m_ws.inModel(model, [&](ModelTx &tx) {
        const ApplicationRecord app = principalOf(tx, application);
        const ApplicationPolicies policies = loadPolicies(tx, app.id);
        for (const auto &policy : {policies.region, policies.zone}) {
            if (!policy)
                continue;
            if (const QString why = SpreadConflict::of(app.name, *policy, constraint);
                !why.isEmpty())
                throw BerthError(why);
        }
        SpreadRows(tx.scope()).put(app, constraint);
        CommandResult result;
        result.messages << tr("%1: spread at level %2 set (%3)")
                               .arg(app.name, SpreadConstraint::levelName(constraint.level),
                                    constraint.annotation());
        const ModelSnapshot snapshot = tx.snapshots().whole();
        for (const SpreadStatus &s : SpreadState(snapshot, tx.cloud()).status(app.name)) {
            if (s.constraint.level != constraint.level)
                continue;
            if (s.broken()) {
                result.warnings << tr("%1 has skew %2 at level %3 now, above max-skew %4: new "
                                      "placements are judged from now on; berthctl rebalance "
                                      "%1 plans the moves that repair it")
                                       .arg(app.name)
                                       .arg(s.skew)
                                       .arg(SpreadConstraint::levelName(constraint.level))
                                       .arg(constraint.maxSkew);
            } else {
                result.messages << tr("%1 has skew %2 at level %3 now")
                                       .arg(app.name)
                                       .arg(s.skew)
                                       .arg(SpreadConstraint::levelName(constraint.level));
            }
        }
        return result;
    });
}

CommandResult SpreadCommands::unset(const QString &model, const QString &application,
                                    SpreadConstraint::Level level)
{
    return m_ws.inModel(model, [&](ModelTx &tx) {
        const ApplicationRecord app = principalOf(tx, application);
        if (!SpreadRows(tx.scope()).remove(app, level)) {
            throw BerthError(tr("application \"%1\" has no spread at level %2")
                                 .arg(app.name, SpreadConstraint::levelName(level)));
        }
        CommandResult result;
        result.messages << tr("%1: spread at level %2 removed")
                               .arg(app.name, SpreadConstraint::levelName(level));
        return result;
    });
}

QList<SpreadConstraint> SpreadCommands::constraintsOf(const QString &model,
                                                      const QString &application)
{
    return m_ws.readModel(model, [&](ModelTx &tx) {
        return SpreadRows(tx.scope()).of(tx.applications().get(application).id);
    });
}

RebalancePlans SpreadCommands::plan(const QString &model, const QStringList &applications)
{
    const ModelSnapshot snapshot = m_ws.snapshot(model);
    return RebalancePlans::of(snapshot, m_ws.clouds().get(snapshot.model.cloud), applications);
}

CommandResult SpreadCommands::rebalance(const QString &model, const QStringList &applications,
                                        int maxSurge)
{
    if (maxSurge < 1)
        throw BerthError(
            tr("bad --max-surge %1: expected a whole number of at least 1").arg(maxSurge));
    return m_ws.inModel(model, [&](ModelTx &tx) {
        const ModelSnapshot snapshot = tx.snapshots().whole();
        SpreadRows rows(tx.scope());
        QHash<qint64, int> pending;
        for (const SpreadRows::Move &m : rows.moves())
            ++pending[m.applicationId];
        const RebalancePlans planned = RebalancePlans::of(snapshot, tx.cloud(), applications);
        if (const QString problem = planned.problem(); !problem.isEmpty())
            throw BerthError(problem);
        const SnapshotIndex index(snapshot);
        CommandResult result;
        for (const RebalancePlan &p : planned.applications) {
            const ApplicationRecord *app = index.application(p.application);
            if (pending.value(app->id) > 0) {
                throw BerthError(tr("a rebalance of %1 is still under way (%2 moves left); let "
                                    "it finish first")
                                     .arg(app->name)
                                     .arg(pending.value(app->id)));
            }
            // Launch before terminate: the new units now, each on its machine
            // (judged like any placement); the provisioner starts at most
            // max-surge of them at once and removes a unit once its
            // replacement runs.
            UnitPlacer placer(tx);
            for (const RebalanceMove &m : p.moves) {
                PlacementDirective directive;
                if (m.addMachine != u"new") {
                    directive.kind = m.addMachine.contains(u'/')
                                         ? PlacementDirective::Kind::Container
                                         : PlacementDirective::Kind::Machine;
                    directive.target = m.addMachine;
                } else if (!m.addZone.isEmpty()) {
                    directive.kind = PlacementDirective::Kind::Zone;
                    directive.value = m.addZone;
                } else {
                    directive.kind = PlacementDirective::Kind::Region;
                    directive.value = m.addRegion;
                }
                const UnitRecord *leaving = index.unit(m.removeUnit);
                const QString constraints = leaving ? leaving->constraints : QString();
                const UnitRecord added = placer.addUnit(
                    *app,
                    FormattedConstraints(Constraints::parse(constraints).constraints, constraints),
                    directive);
                SpreadRows::Move move;
                move.applicationId = app->id;
                move.region = m.addRegion;
                move.zone = m.addZone;
                move.machine = m.addMachine;
                move.removeUnitId = m.removeUnitId;
                move.maxSurge = maxSurge;
                rows.setNewUnit(rows.addMove(move), added.id);
            }
            if (p.moves.isEmpty()) {
                result.messages
                    << tr("%1 is within its spread bounds: nothing to move").arg(p.application);
                continue;
            }
            QStringList skews;
            for (auto s = p.skewBefore.cbegin(); s != p.skewBefore.cend(); ++s) {
                skews << tr("%1 skew %2 → %3")
                             .arg(s.key())
                             .arg(s.value())
                             .arg(p.skewAfter.value(s.key()));
            }
            result.messages << tr("%1: %n move(s) planned (%2), launch before terminate, at "
                                  "most %3 new unit(s) starting at once",
                                  nullptr, int(p.moves.size()))
                                   .arg(p.application, skews.join(QStringLiteral(", ")))
                                   .arg(maxSurge);
            if (const QString cost = surgeCost(tx, *app, p.moves, maxSurge); !cost.isEmpty())
                result.messages << cost;
        }
        return result;
    });
}

} // namespace berth
