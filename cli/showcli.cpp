// berthctl's read commands in Juju's words: machines, show-machine,
// show-unit, show-application, show-model. The show-* commands print YAML
// unless --format json is given, as Juju's do.
#include "cli/clicontext.h"
#include "cli/statusreport.h"
#include "core/bertherror.h"
#include "core/commands/modelcommands.h"

#include <QJsonArray>
#include <QJsonObject>

namespace berth {

namespace {

// Juju's show-* speak YAML unless asked for JSON.
void showYaml(CliContext &ctx, const QJsonObject &value)
{
    ctx.show(value, [&] { return Output::toYaml(value); });
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
    const ModelSnapshot snapshot = ctx.workspace.snapshot(ctx.model());
    const QJsonObject json{
        {QStringLiteral("model"), snapshot.model.name},
        {QStringLiteral("machines"), StatusReport::machinesJson(snapshot.machines)}};
    ctx.show(json, [&] {
        return snapshot.machines.isEmpty()
                   ? QStringLiteral("No machines in model \"%1\".\n").arg(snapshot.model.name)
                   : StatusReport::machinesTable(snapshot.machines);
    });
}

void showMachine(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("show-machine"), QStringLiteral("ID ..."));
    parser.parse(args, 1, -1);
    const ModelSnapshot snapshot = ctx.workspace.snapshot(ctx.model());
    const auto found = lookUp(
        snapshot.machines, parser.positional(), [](const MachineRecord &m) { return m.name; },
        QStringLiteral("machine %1 not found"));
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
        machines.insert(m->name, object);
    }
    showYaml(ctx, {{QStringLiteral("model"), snapshot.model.name},
                   {QStringLiteral("machines"), machines}});
}

void showUnit(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("show-unit"), QStringLiteral("APP/N ..."));
    parser.parse(args, 1, -1);
    const ModelSnapshot snapshot = ctx.workspace.snapshot(ctx.model());
    const auto found = lookUp(
        snapshot.units, parser.positional(), [](const UnitRecord &u) { return u.name(); },
        QStringLiteral("unit \"%1\" not found"));
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
            unit.insert(
                QStringLiteral("machine-status"),
                QJsonObject{{QStringLiteral("current"), MachineState::text(m.state.status)},
                            {QStringLiteral("message"),
                             m.instanceMessage.isEmpty() ? m.machineMessage : m.instanceMessage}});
            unit.insert(QStringLiteral("instance-id"), m.instanceId);
            unit.insert(QStringLiteral("zone"), m.zone);
        }
        result.insert(u->name(), unit);
    }
    showYaml(ctx, result);
}

void showApplication(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("show-application"), QStringLiteral("APP ..."));
    parser.parse(args, 1, -1);
    const ModelSnapshot snapshot = ctx.workspace.snapshot(ctx.model());
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
        result.insert(a->name,
                      QJsonObject{{QStringLiteral("charm"), a->charm},
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
    const ModelSnapshot snapshot = ctx.workspace.snapshot(name);
    QJsonObject config;
    for (const auto &[info, value] : commands.config(name))
        config.insert(info.name, value);
    const QString current = ctx.workspace.currentModel();
    showYaml(ctx,
             {{name,
               QJsonObject{{QStringLiteral("name"), name},
                           {QStringLiteral("model-uuid"), snapshot.model.uuid},
                           {QStringLiteral("cloud"), snapshot.model.cloud},
                           {QStringLiteral("region"), snapshot.model.region},
                           {QStringLiteral("life"), snapshot.model.dying ? QStringLiteral("dying")
                                                                         : QStringLiteral("alive")},
                           {QStringLiteral("current"), name == current},
                           {QStringLiteral("constraints"), snapshot.model.constraints.toString()},
                           {QStringLiteral("config"), config},
                           {QStringLiteral("applications"), int(snapshot.applications.size())},
                           {QStringLiteral("units"), int(snapshot.units.size())},
                           {QStringLiteral("machines"), int(snapshot.machines.size())}}}});
}

} // namespace

void registerShowCommands(QList<CommandSpec> &table)
{
    table.append({QStringLiteral("machines"),
                  QStringLiteral("the model's machines, containers under their hosts"), machines});
    table.append(
        {QStringLiteral("show-machine"), QStringLiteral("machines in detail (YAML)"), showMachine});
    table.append({QStringLiteral("show-unit"), QStringLiteral("units in detail (YAML)"), showUnit});
    table.append({QStringLiteral("show-application"),
                  QStringLiteral("applications in detail (YAML)"), showApplication});
    table.append(
        {QStringLiteral("show-model"), QStringLiteral("a model in detail (YAML)"), showModel});
}

} // namespace berth
