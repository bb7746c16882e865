#include "core/commands/modelchange.h"

#include <QJsonDocument>

#include "core/bertherror.h"
#include "core/commands/changekinds.h"

#include <QJsonArray>

namespace berth {

namespace {

QJsonArray toArray(const QStringList &names)
{
    return QJsonArray::fromStringList(names);
}

// A directive's pieces ("lxd:4", "5", "zone=a") with the machine in each mapped.
QString mapDirectives(const QString &to, const std::function<QString(const QString &)> &machine)
{
    if (to.isEmpty())
        return to;
    QStringList pieces = to.split(u',');
    for (QString &piece : pieces) {
        if (piece.contains(u'='))
            continue; // zone=, region=: no machine
        const qsizetype colon = piece.indexOf(u':');
        if (colon < 0) {
            piece = machine(piece);
        } else if (colon + 1 < piece.size()) {
            piece = piece.left(colon + 1) + machine(piece.mid(colon + 1));
        }
    }
    return pieces.join(u',');
}

} // namespace

ModelChange ModelChange::deploy(const ApplicationCommands::Deploy &request)
{
    return {ChangeNames::deploy,
            {{QStringLiteral("charm"), request.charm},
             {QStringLiteral("application"), request.application},
             {QStringLiteral("base"), request.base},
             {QStringLiteral("count"), request.count},
             {QStringLiteral("to"), request.to},
             {QStringLiteral("constraints"), request.constraints},
             {QStringLiteral("subordinate"), request.subordinate},
             {QStringLiteral("unplaced"), request.unplaced}}};
}

ModelChange ModelChange::addUnits(const QString &application, int count, const QString &to,
                                  const QString &constraints)
{
    return {ChangeNames::addUnit,
            {{QStringLiteral("application"), application},
             {QStringLiteral("count"), count},
             {QStringLiteral("to"), to},
             {QStringLiteral("constraints"), constraints},
             {QStringLiteral("unplaced"), false}}};
}

ModelChange ModelChange::addUnplacedUnits(const QString &application, int count,
                                          const QString &constraints)
{
    ModelChange change = addUnits(application, count, {}, constraints);
    change.args.insert(QStringLiteral("unplaced"), true);
    return change;
}

ModelChange ModelChange::placeUnits(const QStringList &units, const QString &to)
{
    return {ChangeNames::placeUnit,
            {{QStringLiteral("units"), toArray(units)}, {QStringLiteral("to"), to}}};
}

ModelChange ModelChange::unplaceUnits(const QStringList &units)
{
    return {ChangeNames::unplaceUnit, {{QStringLiteral("units"), toArray(units)}}};
}

ModelChange ModelChange::removeUnits(const QStringList &units)
{
    return {ChangeNames::removeUnit, {{QStringLiteral("units"), toArray(units)}}};
}

ModelChange ModelChange::removeApplication(const QString &application)
{
    return {ChangeNames::removeApplication, {{QStringLiteral("application"), application}}};
}

ModelChange ModelChange::setConstraints(const QString &application, const QString &constraints)
{
    return {ChangeNames::setConstraints,
            {{QStringLiteral("application"), application},
             {QStringLiteral("constraints"), constraints}}};
}

ModelChange ModelChange::scaleApplication(const QString &application, const QString &adjustmentType,
                                          const ResizeParameters::Request &resize,
                                          const QString &criteria)
{
    QJsonObject args{{QStringLiteral("application"), application},
                     {QStringLiteral("adjustment-type"), adjustmentType},
                     {QStringLiteral("number"), resize.number},
                     {QStringLiteral("strict"), resize.strict.value_or(false)}};
    for (const auto &[key, value] :
         {std::pair{"min-step", resize.minStep}, std::pair{"min-size", resize.minSize},
          std::pair{"max-size", resize.maxSize}}) {
        if (value)
            args.insert(QLatin1String(key), double(*value));
    }
    if (!criteria.isEmpty())
        args.insert(QStringLiteral("criteria"), criteria);
    return {ChangeNames::scaleApplication, args};
}

ModelChange ModelChange::setPlacementPolicies(const QString &application,
                                              const QList<QJsonObject> &specs, bool replace)
{
    QJsonArray policies;
    for (const QJsonObject &spec : specs)
        policies.append(spec);
    return {ChangeNames::setPlacementPolicy,
            {{QStringLiteral("application"), application},
             {QStringLiteral("policies"), policies},
             {QStringLiteral("replace"), replace}}};
}

ModelChange ModelChange::setSpread(const QString &application, const SpreadConstraint &constraint)
{
    return {ChangeNames::setSpread,
            {{QStringLiteral("application"), application},
             {QStringLiteral("spread"), constraint.toJson()}}};
}

ModelChange ModelChange::unsetSpread(const QString &application, SpreadConstraint::Level level)
{
    return {ChangeNames::unsetSpread,
            {{QStringLiteral("application"), application},
             {QStringLiteral("level"), SpreadConstraint::levelName(level)}}};
}

ModelChange ModelChange::rebalance(const QStringList &applications, int maxSurge)
{
    return {ChangeNames::rebalance,
            {{QStringLiteral("applications"), QJsonArray::fromStringList(applications)},
             {QStringLiteral("max-surge"), maxSurge}}};
}

ModelChange ModelChange::relate(const QString &first, const QString &second)
{
    return {ChangeNames::relate,
            {{QStringLiteral("first"), first}, {QStringLiteral("second"), second}}};
}

ModelChange ModelChange::removeRelation(const QString &first, const QString &second)
{
    return {ChangeNames::removeRelation,
            {{QStringLiteral("first"), first}, {QStringLiteral("second"), second}}};
}

ModelChange ModelChange::addMachines(const MachineCommands::AddMachine &request)
{
    return {ChangeNames::addMachine,
            {{QStringLiteral("directive"), request.directive},
             {QStringLiteral("count"), request.count},
             {QStringLiteral("base"), request.base},
             {QStringLiteral("constraints"), request.constraints}}};
}

ModelChange ModelChange::removeMachines(const QStringList &machines, bool force, bool keepInstance)
{
    QJsonObject args{{QStringLiteral("machines"), toArray(machines)},
                     {QStringLiteral("force"), force}};
    if (keepInstance)
        args.insert(QStringLiteral("keep-instance"), true);
    return {ChangeNames::removeMachine, args};
}

ModelChange ModelChange::deployBundle(const QJsonObject &bundle, const QString &mapMachines)
{
    return {ChangeNames::deployBundle,
            {{QStringLiteral("bundle"), bundle}, {QStringLiteral("map-machines"), mapMachines}}};
}

std::optional<ModelChange> ModelChange::fromJson(const QString &command, const QJsonObject &args)
{
    const ChangeKind *kind = ChangeKind::find(command);
    if (!kind)
        return std::nullopt;
    for (auto it = args.constBegin(); it != args.constEnd(); ++it) {
        if (kind->arguments.value(it.key(), QJsonValue::Undefined) != it.value().type())
            return std::nullopt;
    }
    return ModelChange{command, args};
}

CommandResult ModelChange::apply(Workspace &workspace, const QString &model, HostProbe *probe) const
{
    // A change that reaches a host as it is made (what cannot be staged)
    // does so outside any transaction, and writes its line with its model
    // change (MachineCommands::addExistingHost).
    if (!whyNotStageable().isEmpty())
        return run(workspace, model, probe);
    // Any other change and its line in the audit trail: one transaction.
    return workspace.inModelJoined(model, [&](ModelTx &tx) {
        CommandResult result = run(workspace, model, probe);
        workspace.audit(tx.model(), {auditRecord()});
        return result;
    });
}

CommandResult ModelChange::run(Workspace &workspace, const QString &model, HostProbe *probe) const
{
    const ChangeKind *kind = ChangeKind::find(command);
    if (!kind)
        throw BerthError(ModelChange::tr("unknown change \"%1\"").arg(command));
    return kind->apply(ChangeKind::Args(args), workspace, model, probe);
}

AuditRecord ModelChange::auditRecord(const QString &stagedBy) const
{
    // A bundle's arguments may be megabytes: the trail keeps what it says
    // of one (its description), not the whole of it.
    constexpr qsizetype mostArgs = 64 * 1024;
    const bool large = QJsonDocument(args).toJson(QJsonDocument::Compact).size() > mostArgs;
    AuditRecord entry;
    entry.stagedBy = stagedBy;
    entry.command = command;
    entry.args = large ? QJsonObject{{QStringLiteral("omitted"), true}} : args;
    entry.description = description();
    return entry;
}

CommandResult ModelChange::applyAll(Workspace &workspace, const QString &model,
                                    const QList<ModelChange> &changes)
{
    return workspace.inModelJoined(model, [&](ModelTx &) {
        CommandResult all;
        for (const ModelChange &change : changes) {
            const CommandResult result = change.apply(workspace, model);
            all.messages += result.messages;
            all.warnings += result.warnings;
        }
        return all;
    });
}

QStringList ModelChange::dryRun(Workspace &workspace, const QString &model,
                                const QList<ModelChange> &changes)
{
    return workspace.store().trial([&](SqlSession &) {
        const ModelSnapshot before = workspace.snapshot(model);
        applyAll(workspace, model, changes);
        const ModelSnapshot after = workspace.snapshot(model);
        QSet<QString> units;
        for (const UnitRecord &u : after.units)
            units.insert(u.name());
        QHash<QString, const MachineRecord *> machines;
        for (const MachineRecord &m : after.machines)
            machines.insert(m.name, &m);
        QSet<QString> applications;
        for (const ApplicationRecord &a : after.applications)
            applications.insert(a.name);
        QStringList lines;
        for (const ApplicationRecord &a : before.applications) {
            if (!applications.contains(a.name))
                lines << ModelChange::tr("will remove application %1").arg(a.name);
        }
        for (const UnitRecord &u : before.units) {
            if (!units.contains(u.name()))
                lines << ModelChange::tr("will remove unit %1").arg(u.name());
        }
        for (const MachineRecord &m : before.machines) {
            const MachineRecord *now = machines.value(m.name);
            if (!now && !m.instanceId.isEmpty() && m.state.isAlive())
                lines << ModelChange::tr("will remove machine %1, leaving instance %2 running")
                             .arg(m.name, m.instanceId);
            else if (!now && m.state.isAlive())
                lines << ModelChange::tr("will remove machine %1").arg(m.name);
            else if (now && m.state.isAlive() && now->state.isDead())
                lines << ModelChange::tr("will remove machine %1 and stop its instance %2")
                             .arg(m.name, m.instanceId.isEmpty() ? ModelChange::tr("(starting)")
                                                                 : m.instanceId);
        }
        return lines;
    });
}

QString ModelChange::whyNotStageable() const
{
    const ChangeKind *kind = ChangeKind::find(command);
    return kind && kind->whyNotStageable ? kind->whyNotStageable(ChangeKind::Args(args))
                                         : QString();
}

QString ModelChange::description() const
{
    const ChangeKind *kind = ChangeKind::find(command);
    return kind ? kind->describe(ChangeKind::Args(args)) : command;
}

std::optional<ModelChange::Placement> ModelChange::placement() const
{
    if (command != ChangeNames::placeUnit)
        return std::nullopt;
    const ChangeKind::Args read(args);
    return Placement{read.names("units"), read.text("to")};
}

ModelChange
ModelChange::mapReferences(const std::function<QString(Reference, const QString &)> &map) const
{
    ModelChange mapped = *this;
    const auto mapList = [&](const char *key, Reference kind) {
        if (!args.contains(QLatin1String(key)))
            return;
        QStringList names = ChangeKind::Args(args).names(key);
        for (QString &name : names)
            name = map(kind, name);
        mapped.args.insert(QLatin1String(key), toArray(names));
    };
    mapList("units", Reference::Unit);
    mapList("machines", Reference::Machine);
    for (const QString &key : {QStringLiteral("to"), QStringLiteral("directive")}) {
        if (args.contains(key)) {
            mapped.args.insert(
                key, mapDirectives(args.value(key).toString(), [&](const QString &machine) {
                    return map(Reference::Machine, machine);
                }));
        }
    }
    return mapped;
}

} // namespace berth
