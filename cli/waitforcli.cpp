// berthctl wait-for: Juju's `juju wait-for model|application|machine|unit`,
// woken by the store's commits instead of polling status.
#include "cli/clicontext.h"
#include "cli/commitwait.h"
#include "core/bertherror.h"
#include "core/commands/changeset.h"
#include "core/commands/modelcommands.h"
#include "core/model/modelconfig.h"
#include "core/model/modelquery.h"
#include "core/model/names.h"
#include "core/printable.h"

namespace berth {

namespace {

// Juju's default goal for each kind, where Berth can reach it. Berth runs no
// charm, so a unit's workload never turns "active": a unit and an
// application are ready once their machines have started (agent "idle").
QString defaultQuery(const QString &kind)
{
    if (kind == u"model")
        return QStringLiteral(R"(life=="alive" && status=="available")");
    if (kind == u"machine")
        return QStringLiteral(R"(life=="alive" && status=="started")");
    if (kind == u"unit")
        return QStringLiteral(R"(life=="alive" && agent-status=="idle")");
    return QStringLiteral(R"(life=="alive" && forEach(units, u => u.agent-status=="idle"))");
}

void checkName(const QString &kind, const QString &name)
{
    const bool valid = kind == u"model"         ? Names::isValidModelName(name)
                       : kind == u"application" ? Names::isValidApplicationName(name)
                       : kind == u"machine"     ? Names::isValidMachineId(name)
                                                : Names::isValidUnitName(name);
    if (!valid)
        throw BerthError(
            QStringLiteral("wait-for: \"%1\" is not a valid %2 name").arg(printable(name), kind));
}

// The zones the model's region offers, for an application's zone-skew.
QStringList regionZones(Workspace &ws, const ModelRecord &model)
{
    const CloudInfo *cloud = ws.clouds().find(model.cloud);
    const RegionInfo *region = cloud ? cloud->region(model.region) : nullptr;
    QStringList zones;
    if (region) {
        for (const ZoneInfo &zone : region->zones) {
            if (zone.healthy)
                zones << zone.name;
        }
    }
    return zones;
}

bool modelExists(Workspace &ws, const QString &model)
{
    const auto models = ModelCommands(ws).models();
    return std::any_of(models.cbegin(), models.cend(),
                       [&](const ModelCommands::ModelSummary &m) { return m.name == model; });
}

void waitFor(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("wait-for"),
                       QStringLiteral("model|application|machine|unit NAME"));
    parser.addOption({QStringLiteral("query"),
                      QStringLiteral("the state to wait for, in Juju's query language (default: "
                                     "the kind's, as Juju's)"),
                      QStringLiteral("EXPR")});
    parser.addOption({QStringLiteral("timeout"),
                      QStringLiteral("how long to wait before giving up (default 10m; 0: never)"),
                      QStringLiteral("DURATION")});
    parser.addOption({QStringLiteral("summary"),
                      QStringLiteral("print the values the query read when it holds")});
    parser.parse(args, 2, 2);
    const QString kind = parser.positional().at(0);
    const QString name = parser.positional().at(1);
    if (!ModelQuery::kinds().contains(kind))
        throw BerthError(QStringLiteral("wait-for: \"%1\" is not something to wait for; expected "
                                        "model, application, machine or unit")
                             .arg(printable(kind)));
    checkName(kind, name);
    const QString timeoutText = parser.isSet(QStringLiteral("timeout"))
                                    ? parser.value(QStringLiteral("timeout"))
                                    : QStringLiteral("10m");
    const auto timeoutMs = ModelConfig::parseDurationMs(timeoutText);
    if (!timeoutMs)
        throw BerthError(parser.badValue(QStringLiteral("timeout"),
                                         QStringLiteral("a duration such as 90s, 10m or 1h30m")));
    const QString queryText = parser.isSet(QStringLiteral("query"))
                                  ? parser.value(QStringLiteral("query"))
                                  : defaultQuery(kind);
    std::optional<WaitQuery> query;
    try {
        query = WaitQuery::parse(queryText, ModelQuery::schema(), kind);
    } catch (const QueryError &error) {
        ctx.err << "ERROR bad query at column " << error.column << ": " << error.message
                << Qt::endl;
        ctx.exitCode = 2;
        return;
    }

    const QString model = kind == u"model" ? name : ctx.model();
    QString lastSeen;
    WaitQuery::Outcome outcome;
    const auto check = [&] {
        if (kind == u"model" && !modelExists(ctx.workspace, model)) {
            lastSeen = QStringLiteral("model %1 does not exist").arg(model);
            return false;
        }
        const ModelSnapshot snapshot = ctx.workspace.snapshot(model);
        const ModelQuery source(snapshot, regionZones(ctx.workspace, snapshot.model),
                                int(ChangeSet(ctx.workspace).count(model)));
        const auto entity = source.find(kind, name);
        if (!entity) {
            lastSeen = QStringLiteral("%1 %2 does not exist").arg(kind, name);
            return false;
        }
        outcome = query->evaluate(source, *entity);
        lastSeen = outcome.falsePart + QStringLiteral(" is false");
        return outcome.holds;
    };
    switch (CommitWait::run(ctx.workspace.store(), {0, *timeoutMs}, check)) {
    case CommitWait::End::Done:
        ctx.out << kind << ' ' << name << ": " << printable(query->text()) << Qt::endl;
        if (parser.isSet(QStringLiteral("summary"))) {
            for (const QString &line : outcome.seen)
                ctx.out << "  " << line << Qt::endl;
        }
        return;
    case CommitWait::End::TimedOut:
        ctx.err << "ERROR timed out after " << timeoutText << " waiting for " << kind << ' ' << name
                << ": " << lastSeen << Qt::endl;
        ctx.exitCode = 1;
        return;
    case CommitWait::End::Interrupted:
        ctx.err << "interrupted while waiting for " << kind << ' ' << name << ": " << lastSeen
                << Qt::endl;
        ctx.exitCode = 130;
        return;
    }
}

} // namespace

void registerWaitCommands(QList<CommandSpec> &table)
{
    table.append({QStringLiteral("wait-for"),
                  QStringLiteral("wait until a model, application, machine or unit is as a query "
                                 "says"),
                  waitFor});
}

} // namespace berth
