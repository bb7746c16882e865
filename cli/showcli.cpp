// berthctl's read commands in Juju's words: machines, show-machine,
// show-unit, show-application, show-model. The show-* commands print YAML
// unless --format json is given, as Juju's do.
#include "cli/clicontext.h"
#include "cli/statusreport.h"
#include "core/bertherror.h"
#include "core/commands/modelcommands.h"
#include "core/model/unitstatus.h"
#include "core/placement/spread/spreadstate.h"

#include <QDateTime>
#include <QLocale>

#include <QJsonArray>
#include <QJsonObject>

namespace berth {

namespace {

// Juju's show-* speak YAML unless asked for JSON (or, here, for a table
// with --format tabular: `tabular`).
void showYaml(CliContext &ctx, const QJsonObject &value,
              const std::function<QString()> &tabular = {})
{
    if (ctx.formatName == u"tabular" && tabular) {
        ctx.out << tabular();
        return;
    }
    ctx.show(value, [&] { return Output::toYaml(value); });
}

// A status's "since", as Juju writes it: "26 Nov 2026 14:03:22+01:00", or
// in UTC ("...Z") with --utc.
QString since(qint64 at, bool utc)
{
    if (at <= 0)
        return {};
    QDateTime time = QDateTime::fromMSecsSinceEpoch(at);
    const int offset = utc ? 0 : time.offsetFromUtc();
    time = time.toOffsetFromUtc(offset);
    const QString zone = offset == 0
                             ? QStringLiteral("Z")
                             : QStringLiteral("%1%2:%3")
                                   .arg(offset < 0 ? QStringLiteral("-") : QStringLiteral("+"))
                                   .arg(std::abs(offset) / 3600, 2, 10, QLatin1Char('0'))
                                   .arg(std::abs(offset) % 3600 / 60, 2, 10, QLatin1Char('0'));
    return QLocale::c().toString(time, QStringLiteral("dd MMM yyyy HH:mm:ss")) + zone;
}

// When each machine last moved (its status history's last entry), by id.
QHash<qint64, qint64> lastMoves(CliContext &ctx, const QList<const MachineRecord *> &machines)
{
    QHash<qint64, qint64> at;
    ctx.workspace.readModel(ctx.model(), [&](ModelTx &tx) {
        for (const MachineRecord *m : machines) {
            const QList<StatusLogEntry> log = tx.machineLife().statusLog(*m);
            at.insert(m->id, log.isEmpty() ? m->createdAt : log.last().at);
        }
        return 0;
    });
    return at;
}

QCommandLineOption utcOption()
{
    return {QStringLiteral("utc"), QStringLiteral("give times in UTC rather than the local time")};
}

// Each of `names` found by `find` in the snapshot, or the first one missing as
// the refusal (nothing printed).
template <typename Record, typename Name>
QList<const Record *> lookUp(const QList<Record> &records, const QStringList &names,
                             const Name &nameOf, const QString &missing)
{
    QList<const Record *> found;
    for (const QString &name : names) {
        const Record *match = nullptr;
        for (const Record &r : records) {
            if (nameOf(r) == name)
                match = &r;
        }
        if (!match)
            throw BerthError(missing.arg(name));
        found << match;
    }
    return found;
}

void machines(CliContext &ctx, const QStringList &args)
{
    CommandArgs(QStringLiteral("machines"), {}).parse(args, 0, 0);
    // The machines alone, without the units; as JSON only when asked for JSON.
    QString model;
    const QList<MachineRecord> list = ctx.workspace.readModel(ctx.model(), [&](ModelTx &tx) {
        model = tx.model().name;
        return tx.machines().all();
    });
    const QJsonValue json =
        ctx.format == Output::Format::Tabular
            ? QJsonValue()
            : QJsonObject{{QStringLiteral("model"), model},
                          {QStringLiteral("machines"), StatusReport::machinesJson(list)}};
    ctx.show(json, [&] {
        return list.isEmpty() ? QStringLiteral("No machines in model \"%1\".\n").arg(model)
                              : StatusReport::machinesTable(list);
    });
}

void showMachine(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("show-machine"), QStringLiteral("ID ... [--utc]"));
    parser.addOption(utcOption());
    parser.parse(args, 1, -1);
    const bool utc = parser.isSet(QStringLiteral("utc"));
    // The machines named, what they host and the units on them: nothing else.
    const ModelSnapshot snapshot = ctx.workspace.readModel(ctx.model(), [&](ModelTx &tx) {
        return tx.snapshots().around({}, {}, parser.positional());
    });
    const auto found = lookUp(
        snapshot.machines, parser.positional(), [](const MachineRecord &m) { return m.name; },
        QStringLiteral("machine %1 not found"));
    const QHash<qint64, qint64> moved = lastMoves(ctx, found);
    Output::Table table({QStringLiteral("Machine"), QStringLiteral("Status"),
                         QStringLiteral("Inst id"), QStringLiteral("Inst status"),
                         QStringLiteral("Zone"), QStringLiteral("Since"), QStringLiteral("Units")});
    QJsonObject machines;
    for (const MachineRecord *m : found) {
        QList<MachineRecord> family; // the machine and what it hosts
        for (const MachineRecord &other : snapshot.machines) {
            if (other.name == m->name || other.name.startsWith(m->name + u'/'))
                family << other;
        }
        QJsonObject object = StatusReport::machineJson(*m);
        const QJsonObject tree = StatusReport::machinesJson(family);
        const QJsonObject self = tree.value(m->name).toObject();
        if (self.contains(QStringLiteral("containers")))
            object.insert(QStringLiteral("containers"), self.value(QStringLiteral("containers")));
        QJsonArray units;
        for (const UnitRecord &u : snapshot.units) {
            if (u.machineId == m->id)
                units.append(u.name());
        }
        object.insert(QStringLiteral("units"), units);
        object.insert(QStringLiteral("since"), since(moved.value(m->id), utc));
        machines.insert(m->name, object);
        QStringList unitNames;
        for (const QJsonValue &u : units)
            unitNames << u.toString();
        table.addRow({m->name, MachineState::text(m->state.status), m->instanceId,
                      MachineState::text(m->state.instance), m->zone,
                      since(moved.value(m->id), utc), unitNames.join(u',')});
    }
    showYaml(
        ctx,
        {{QStringLiteral("model"), snapshot.model.name}, {QStringLiteral("machines"), machines}},
        [&] { return table.render(ctx.width); });
}

void showUnit(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("show-unit"), QStringLiteral("APP/N ... [--utc]"));
    parser.addOption(utcOption());
    parser.parse(args, 1, -1);
    const bool utc = parser.isSet(QStringLiteral("utc"));
    // The units named, their principals, subordinates and machines: nothing else.
    const ModelSnapshot snapshot = ctx.workspace.readModel(ctx.model(), [&](ModelTx &tx) {
        return tx.snapshots().around({}, parser.positional(), {});
    });
    const auto found = lookUp(
        snapshot.units, parser.positional(), [](const UnitRecord &u) { return u.name(); },
        QStringLiteral("unit \"%1\" not found"));
    QList<const MachineRecord *> hosts;
    for (const UnitRecord *u : found) {
        for (const MachineRecord &m : snapshot.machines) {
            if (m.id == u->machineId)
                hosts << &m;
        }
    }
    const QHash<qint64, qint64> moved = lastMoves(ctx, hosts);
    Output::Table table({QStringLiteral("Unit"), QStringLiteral("Workload"),
                         QStringLiteral("Agent"), QStringLiteral("Machine"), QStringLiteral("Zone"),
                         QStringLiteral("Since"), QStringLiteral("Message")});
    QJsonObject result;
    for (const UnitRecord *u : found) {
        QJsonObject unit{{QStringLiteral("application"), u->application},
                         {QStringLiteral("machine"), u->machine},
                         {QStringLiteral("constraints"), u->constraints}};
        if (u->subordinate)
            unit.insert(QStringLiteral("principal"), u->principal);
        QJsonArray subordinates;
        for (const UnitRecord &other : snapshot.units) {
            if (other.subordinate && other.principalId == u->id)
                subordinates.append(other.name());
        }
        if (!subordinates.isEmpty())
            unit.insert(QStringLiteral("subordinates"), subordinates);
        for (const MachineRecord &m : snapshot.machines) {
            if (m.id != u->machineId)
                continue;
            unit.insert(QStringLiteral("machine-status"),
                        QJsonObject{{QStringLiteral("current"), MachineState::text(m.state.status)},
                                    {QStringLiteral("message"), m.message()}});
            unit.insert(QStringLiteral("instance-id"), m.instanceId);
            unit.insert(QStringLiteral("zone"), m.zone);
            unit.insert(QStringLiteral("since"), since(moved.value(m.id), utc));
        }
        const MachineRecord *machine = nullptr;
        for (const MachineRecord *m : hosts) {
            if (m->id == u->machineId)
                machine = m;
        }
        const UnitStatus status = UnitStatus::of(machine);
        table.addRow({u->name(), status.workload, status.agent, u->machine,
                      machine ? machine->zone : QString(),
                      machine ? since(moved.value(machine->id), utc) : QString(), status.message});
        result.insert(u->name(), unit);
    }
    showYaml(ctx, result, [&] { return table.render(ctx.width); });
}

void showApplication(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("show-application"), QStringLiteral("APP ..."));
    parser.parse(args, 1, -1);
    // The applications' units, and what their spreads are counted from: nothing else.
    const ModelSnapshot snapshot = ctx.workspace.readModel(ctx.model(), [&](ModelTx &tx) {
        return tx.snapshots().ofApplications(parser.positional());
    });
    const auto found = lookUp(
        snapshot.applications, parser.positional(),
        [](const ApplicationRecord &a) { return a.name; },
        QStringLiteral("application \"%1\" not found"));
    QJsonObject result;
    for (const ApplicationRecord *a : found) {
        QJsonArray units;
        for (const UnitRecord &u : snapshot.units) {
            if (u.applicationId == a->id)
                units.append(u.name());
        }
        QJsonArray relations;
        for (const RelationRecord &r : snapshot.relations) {
            if (r.subordinate == a->name)
                relations.append(r.principal);
            else if (r.principal == a->name)
                relations.append(r.subordinate);
        }
        QJsonArray policies;
        for (const PolicyRecord &p : snapshot.policies) {
            if (p.applicationId == a->id)
                policies.append(p.kind);
        }
        // Each spread constraint with the skew it has now (spread: The constraint).
        QJsonArray spreads;
        for (const SpreadStatus &s :
             SpreadState(snapshot, ctx.workspace.clouds().get(snapshot.model.cloud))
                 .status(a->name)) {
            QJsonObject spread = s.constraint.toJson();
            spread.insert(QStringLiteral("skew"), s.skew);
            spreads.append(spread);
        }
        result.insert(a->name,
                      QJsonObject{{QStringLiteral("charm"), a->charm},
                                  {QStringLiteral("spread"), spreads},
                                  {QStringLiteral("base"), a->base},
                                  {QStringLiteral("subordinate"), a->subordinate},
                                  {QStringLiteral("constraints"), a->constraints.toString()},
                                  {QStringLiteral("units"), units},
                                  {QStringLiteral("relations"), relations},
                                  {QStringLiteral("min-size"), a->minSize},
                                  {QStringLiteral("max-size"), a->maxSize},
                                  {QStringLiteral("policies"), policies}});
    }
    showYaml(ctx, result);
}

void showModel(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("show-model"), QStringLiteral("[MODEL]"));
    parser.parse(args, 0, 1);
    const QString name = parser.positional().value(0, ctx.model());
    ModelCommands commands(ctx.workspace);
    // The model and how large it is, counted by the store.
    ModelRecord model;
    const SnapshotReader::Sizes sizes = ctx.workspace.readModel(name, [&](ModelTx &tx) {
        model = tx.model();
        return tx.snapshots().sizes();
    });
    QJsonObject config;
    for (const auto &[info, value] : commands.config(name))
        config.insert(info.name, value);
    const QString current = ctx.workspace.currentModel();
    showYaml(ctx,
             {{name, QJsonObject{{QStringLiteral("name"), name},
                                 {QStringLiteral("model-uuid"), model.uuid},
                                 {QStringLiteral("cloud"), model.cloud},
                                 {QStringLiteral("region"), model.region},
                                 {QStringLiteral("life"),
                                  model.dying ? QStringLiteral("dying") : QStringLiteral("alive")},
                                 {QStringLiteral("current"), name == current},
                                 {QStringLiteral("constraints"), model.constraints.toString()},
                                 {QStringLiteral("config"), config},
                                 {QStringLiteral("applications"), sizes.applications},
                                 {QStringLiteral("units"), sizes.units},
                                 {QStringLiteral("machines"), sizes.machines}}}});
}

} // namespace

void registerShowCommands(QList<CommandSpec> &table)
{
    table.append({QStringLiteral("machines"),
                  QStringLiteral("the model's machines, containers under their hosts"), machines});
    // --format tabular asks these for a table; without it they speak YAML, as Juju's.
    table.append({QStringLiteral("show-machine"),
                  QStringLiteral("machines in detail (YAML)"),
                  showMachine,
                  false,
                  {QStringLiteral("tabular")}});
    table.append({QStringLiteral("show-unit"),
                  QStringLiteral("units in detail (YAML)"),
                  showUnit,
                  false,
                  {QStringLiteral("tabular")}});
    table.append({QStringLiteral("show-application"),
                  QStringLiteral("applications in detail (YAML)"), showApplication});
    table.append(
        {QStringLiteral("show-model"), QStringLiteral("a model in detail (YAML)"), showModel});
}

} // namespace berth
