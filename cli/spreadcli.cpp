// set-spread, unset-spread and rebalance (spread): an application's spread
// constraints, and the plan that repairs drift, staged for commit.
#include "cli/clicontext.h"
#include "core/bertherror.h"
#include "core/commands/spreadcommands.h"

#include <QJsonArray>

namespace berth {

namespace {

SpreadConstraint::Level levelOption(const CommandArgs &parser)
{
    const QString name = parser.value(QStringLiteral("level"));
    if (name.isEmpty())
        throw BerthError(QStringLiteral("--level is required: zone, region or machine"));
    const auto level = SpreadConstraint::levelFrom(name);
    if (!level)
        throw BerthError(
            parser.badValue(QStringLiteral("level"), SpreadConstraint::levelChoices()));
    return *level;
}

void setSpread(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("set-spread"),
                       QStringLiteral("APP --level zone|region|machine --max-skew N "
                                      "[--min-domains N] [--when-unsatisfiable wait|anyway]"));
    parser.addOption({QStringLiteral("level"),
                      QStringLiteral("the domains to spread over: zone, region or machine"),
                      QStringLiteral("LEVEL")});
    parser.addOption({QStringLiteral("max-skew"),
                      QStringLiteral("the most units a domain may have beyond the emptiest "
                                     "eligible one (at least 1)"),
                      QStringLiteral("N")});
    parser.addOption({QStringLiteral("min-domains"),
                      QStringLiteral("wait until at least this many domains are eligible "
                                     "(default 1; only with wait)"),
                      QStringLiteral("N")});
    parser.addOption({QStringLiteral("when-unsatisfiable"),
                      QStringLiteral("wait: refuse or hold a placement that breaks it (the "
                                     "default); anyway: prefer the least skew"),
                      QStringLiteral("WHEN")});
    parser.parse(args, 1, 1);
    SpreadConstraint c;
    c.level = levelOption(parser);
    const auto maxSkew = parser.optionalInt(QStringLiteral("max-skew"));
    if (!maxSkew)
        throw BerthError(QStringLiteral("--max-skew is required: a whole number of at least 1"));
    c.maxSkew = int(*maxSkew);
    c.minDomains = int(parser.optionalInt(QStringLiteral("min-domains")).value_or(1));
    if (parser.isSet(QStringLiteral("when-unsatisfiable"))) {
        const auto when =
            SpreadConstraint::unsatisfiableFrom(parser.value(QStringLiteral("when-unsatisfiable")));
        if (!when) {
            throw BerthError(parser.badValue(QStringLiteral("when-unsatisfiable"),
                                             QStringLiteral("wait or anyway")));
        }
        c.whenUnsatisfiable = *when;
    }
    if (parser.isSet(QStringLiteral("min-domains")) && !c.hard()) {
        throw BerthError(QStringLiteral("set-spread: --min-domains needs --when-unsatisfiable "
                                        "wait: with anyway a placement is never held back"));
    }
    c.check();
    ctx.apply(ModelChange::setSpread(parser.positional().first(), c));
}

void unsetSpread(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("unset-spread"),
                       QStringLiteral("APP --level zone|region|machine"));
    parser.addOption({QStringLiteral("level"), QStringLiteral("the constraint's level"),
                      QStringLiteral("LEVEL")});
    parser.parse(args, 1, 1);
    ctx.apply(ModelChange::unsetSpread(parser.positional().first(), levelOption(parser)));
}

QString movesTable(const RebalancePlans &plan)
{
    Output::Table table({QStringLiteral("Application"), QStringLiteral("Remove"),
                         QStringLiteral("From"), QStringLiteral("Add in"),
                         QStringLiteral("On machine")});
    for (const RebalanceMove &m : plan.moves()) {
        const QString from =
            QStringLiteral("%1 (machine %2)")
                .arg(m.removeZone.isEmpty() ? m.removeRegion : m.removeZone, m.removeMachine);
        table.addRow({m.application, m.removeUnit, from,
                      m.addZone.isEmpty() ? m.addRegion : m.addZone, m.addMachine});
    }
    QString text = table.isEmpty() ? QStringLiteral("nothing to move: every spread is within "
                                                    "its bound\n")
                                   : table.render();
    for (const RebalancePlan &p : plan.applications) {
        for (auto it = p.skewBefore.cbegin(); it != p.skewBefore.cend(); ++it) {
            text += QStringLiteral("%1 %2 skew: %3 -> %4\n")
                        .arg(p.application, it.key())
                        .arg(it.value())
                        .arg(p.skewAfter.value(it.key()));
        }
    }
    return text;
}

void rebalance(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("rebalance"),
                       QStringLiteral("[APP...] [--dry-run] [--format json] [--max-surge N]"));
    parser.addOption({QStringLiteral("dry-run"), QStringLiteral("show the plan; change nothing")});
    parser.addOption({QStringLiteral("max-surge"),
                      QStringLiteral("at most this many new units of an application waiting to "
                                     "start at once (default 1)"),
                      QStringLiteral("N")});
    parser.parse(args, 0, -1);
    const auto surge = parser.optionalInt(QStringLiteral("max-surge"));
    if (surge && *surge < 1)
        throw BerthError(parser.badValue(QStringLiteral("max-surge"),
                                         QStringLiteral("a whole number of at least 1")));
    const QStringList apps = parser.positional();
    const RebalancePlans plan = SpreadCommands(ctx.workspace).plan(ctx.model(), apps);
    if (const QString problem = plan.problem(); !problem.isEmpty())
        throw BerthError(QStringLiteral("rebalance: %1").arg(problem));
    if (parser.isSet(QStringLiteral("dry-run"))) {
        ctx.show(plan.toJson(), [&] { return movesTable(plan); },
                 {QStringLiteral("moves"), QStringLiteral("skew-before"),
                  QStringLiteral("skew-after"), QStringLiteral("application"),
                  QStringLiteral("add"), QStringLiteral("remove"), QStringLiteral("unit"),
                  QStringLiteral("machine"), QStringLiteral("zone"), QStringLiteral("region")});
        return;
    }
    ctx.out << movesTable(plan);
    if (plan.moves().isEmpty())
        return;
    // A plan a user reads before paying for it: staged, carried out at commit.
    ctx.stage = true;
    ctx.apply(ModelChange::rebalance(apps, int(surge.value_or(1))));
}

} // namespace

void registerSpreadCommands(QList<CommandSpec> &table)
{
    table.append({QStringLiteral("set-spread"),
                  QStringLiteral("bound how unevenly an application's units spread over "
                                 "zones, regions or machines"),
                  setSpread, true});
    table.append({QStringLiteral("unset-spread"),
                  QStringLiteral("remove an application's spread constraint at one level"),
                  unsetSpread, true});
    table.append({QStringLiteral("rebalance"),
                  QStringLiteral("plan the fewest moves that bring spreads within their "
                                 "bounds, staged for commit (launch before terminate)"),
                  rebalance});
}

} // namespace berth
