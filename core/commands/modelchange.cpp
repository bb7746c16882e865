#include "core/commands/modelchange.h"

#include "core/bertherror.h"
#include "core/commands/bundlecommands.h"
#include "core/commands/modelcommands.h"

#include <QJsonArray>

namespace berth {

namespace {

const QString deployCommand = QStringLiteral("deploy");
const QString addUnitCommand = QStringLiteral("add-unit");
const QString placeUnitCommand = QStringLiteral("place-unit");
const QString unplaceUnitCommand = QStringLiteral("unplace-unit");
const QString removeUnitCommand = QStringLiteral("remove-unit");
const QString removeApplicationCommand = QStringLiteral("remove-application");
const QString setConstraintsCommand = QStringLiteral("set-constraints");
const QString relateCommand = QStringLiteral("relate");
const QString removeRelationCommand = QStringLiteral("remove-relation");
const QString addMachineCommand = QStringLiteral("add-machine");
const QString removeMachineCommand = QStringLiteral("remove-machine");
const QString deployBundleCommand = QStringLiteral("deploy-bundle");

// The arguments each command takes and their JSON types.
const QHash<QString, QHash<QString, QJsonValue::Type>> &argumentTypes()
{
    using T = QJsonValue::Type;
    static const QHash<QString, QHash<QString, QJsonValue::Type>> types{
        {deployCommand,
         {{QStringLiteral("charm"), T::String},
          {QStringLiteral("application"), T::String},
          {QStringLiteral("base"), T::String},
          {QStringLiteral("count"), T::Double},
          {QStringLiteral("to"), T::String},
          {QStringLiteral("constraints"), T::String},
          {QStringLiteral("subordinate"), T::Bool},
          {QStringLiteral("unplaced"), T::Bool}}},
        {addUnitCommand,
         {{QStringLiteral("application"), T::String},
          {QStringLiteral("count"), T::Double},
          {QStringLiteral("to"), T::String},
          {QStringLiteral("constraints"), T::String},
          {QStringLiteral("unplaced"), T::Bool}}},
        {placeUnitCommand,
         {{QStringLiteral("units"), T::Array}, {QStringLiteral("to"), T::String}}},
        {unplaceUnitCommand, {{QStringLiteral("units"), T::Array}}},
        {removeUnitCommand, {{QStringLiteral("units"), T::Array}}},
        {removeApplicationCommand, {{QStringLiteral("application"), T::String}}},
        {setConstraintsCommand,
         {{QStringLiteral("application"), T::String}, {QStringLiteral("constraints"), T::String}}},
        {relateCommand,
         {{QStringLiteral("first"), T::String}, {QStringLiteral("second"), T::String}}},
        {removeRelationCommand,
         {{QStringLiteral("first"), T::String}, {QStringLiteral("second"), T::String}}},
        {addMachineCommand,
         {{QStringLiteral("directive"), T::String},
          {QStringLiteral("count"), T::Double},
          {QStringLiteral("base"), T::String},
          {QStringLiteral("constraints"), T::String}}},
        {deployBundleCommand,
         {{QStringLiteral("bundle"), T::Object}, {QStringLiteral("map-machines"), T::String}}},
        {removeMachineCommand,
         {{QStringLiteral("machines"), T::Array},
          {QStringLiteral("force"), T::Bool},
          {QStringLiteral("keep-instance"), T::Bool}}},
    };
    return types;
}

QJsonArray toArray(const QStringList &names)
{
    return QJsonArray::fromStringList(names);
}

QStringList toList(const QJsonValue &value)
{
    QStringList names;
    for (const QJsonValue &name : value.toArray())
        names << name.toString();
    return names;
}

// Where a directive puts something, in words: "a new machine", "machine 4", "lxd:4".
QString where(const QString &to)
{
    if (to.isEmpty())
        return ModelChange::tr("a new machine");
    if (std::all_of(to.cbegin(), to.cend(), [](QChar c) { return c.isDigit() || c == u'/'; }) ||
        to.contains(QStringLiteral("/lxd/")))
        return ModelChange::tr("machine %1").arg(to);
    return to;
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
    return {deployCommand,
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
    return {addUnitCommand,
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
    return {placeUnitCommand,
            {{QStringLiteral("units"), toArray(units)}, {QStringLiteral("to"), to}}};
}

ModelChange ModelChange::unplaceUnits(const QStringList &units)
{
    return {unplaceUnitCommand, {{QStringLiteral("units"), toArray(units)}}};
}

ModelChange ModelChange::removeUnits(const QStringList &units)
{
    return {removeUnitCommand, {{QStringLiteral("units"), toArray(units)}}};
}

ModelChange ModelChange::removeApplication(const QString &application)
{
    return {removeApplicationCommand, {{QStringLiteral("application"), application}}};
}

ModelChange ModelChange::setConstraints(const QString &application, const QString &constraints)
{
    return {setConstraintsCommand,
            {{QStringLiteral("application"), application},
             {QStringLiteral("constraints"), constraints}}};
}

ModelChange ModelChange::relate(const QString &first, const QString &second)
{
    return {relateCommand, {{QStringLiteral("first"), first}, {QStringLiteral("second"), second}}};
}

ModelChange ModelChange::removeRelation(const QString &first, const QString &second)
{
    return {removeRelationCommand,
            {{QStringLiteral("first"), first}, {QStringLiteral("second"), second}}};
}

ModelChange ModelChange::addMachines(const MachineCommands::AddMachine &request)
{
    return {addMachineCommand,
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
    return {removeMachineCommand, args};
}

ModelChange ModelChange::deployBundle(const QJsonObject &bundle, const QString &mapMachines)
{
    return {deployBundleCommand,
            {{QStringLiteral("bundle"), bundle}, {QStringLiteral("map-machines"), mapMachines}}};
}

std::optional<ModelChange> ModelChange::fromJson(const QString &command, const QJsonObject &args)
{
    const auto types = argumentTypes().constFind(command);
    if (types == argumentTypes().cend())
        return std::nullopt;
    for (auto it = args.constBegin(); it != args.constEnd(); ++it) {
        if (types->value(it.key(), QJsonValue::Undefined) != it.value().type())
            return std::nullopt;
    }
    return ModelChange{command, args};
}

CommandResult ModelChange::apply(Workspace &workspace, const QString &model, HostProbe *probe) const
{
    const auto text = [this](const char *key) { return args.value(QLatin1String(key)).toString(); };
    const auto count = [this] { return args.value(QStringLiteral("count")).toInt(1); };
    const auto flag = [this](const char *key) { return args.value(QLatin1String(key)).toBool(); };
    ApplicationCommands apps(workspace);
    if (command == deployCommand) {
        ApplicationCommands::Deploy request;
        request.charm = text("charm");
        request.application = text("application");
        request.base = text("base");
        request.count = count();
        request.to = text("to");
        request.constraints = text("constraints");
        request.subordinate = flag("subordinate");
        request.unplaced = flag("unplaced");
        return apps.deploy(model, request);
    }
    if (command == addUnitCommand) {
        if (flag("unplaced"))
            return apps.addUnplacedUnits(model, text("application"), count(), text("constraints"));
        return apps.addUnits(model, text("application"), count(), text("to"), text("constraints"));
    }
    if (command == placeUnitCommand)
        return apps.placeUnits(model, toList(args.value(QStringLiteral("units"))), text("to"));
    if (command == unplaceUnitCommand)
        return apps.unplaceUnits(model, toList(args.value(QStringLiteral("units"))));
    if (command == removeUnitCommand)
        return apps.removeUnits(model, toList(args.value(QStringLiteral("units"))));
    if (command == removeApplicationCommand)
        return apps.removeApplication(model, text("application"));
    if (command == setConstraintsCommand) {
        if (text("application").isEmpty())
            return ModelCommands(workspace).setConstraints(model, text("constraints"));
        return apps.setConstraints(model, text("application"), text("constraints"));
    }
    if (command == relateCommand)
        return apps.relate(model, text("first"), text("second"));
    if (command == removeRelationCommand)
        return apps.unrelate(model, text("first"), text("second"));
    if (command == deployBundleCommand) {
        BundleCommands::Deploy request;
        request.bundle = Bundle::fromDocuments({args.value(QStringLiteral("bundle"))},
                                               ModelChange::tr("the bundle"));
        request.map = BundleCommands::MachineMap::parse(text("map-machines"));
        return BundleCommands(workspace).deploy(model, request);
    }
    MachineCommands machines(workspace, probe);
    if (command == addMachineCommand) {
        MachineCommands::AddMachine request;
        request.directive = text("directive");
        request.count = count();
        request.base = text("base");
        request.constraints = text("constraints");
        return machines.addMachines(model, request);
    }
    if (command == removeMachineCommand) {
        return machines.removeMachines(model, toList(args.value(QStringLiteral("machines"))),
                                       flag("force"), flag("keep-instance"));
    }
    throw BerthError(ModelChange::tr("unknown change \"%1\"").arg(command));
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
    if (command == addMachineCommand &&
        args.value(QStringLiteral("directive")).toString().startsWith(QStringLiteral("ssh:"))) {
        return ModelChange::tr("an existing host (ssh:) is added at once, when its key is "
                               "accepted; add it without --stage");
    }
    return {};
}

QString ModelChange::description() const
{
    const auto text = [this](const char *key) { return args.value(QLatin1String(key)).toString(); };
    const int count = args.value(QStringLiteral("count")).toInt(1);
    const QString units = toList(args.value(QStringLiteral("units"))).join(QStringLiteral(", "));
    if (command == deployCommand) {
        const QString app = text("application").isEmpty() ? text("charm") : text("application");
        if (args.value(QStringLiteral("subordinate")).toBool())
            return ModelChange::tr("deploy %1 (subordinate)").arg(app);
        QString line = ModelChange::tr("deploy %1, %n unit(s)", nullptr, count).arg(app);
        if (args.value(QStringLiteral("unplaced")).toBool())
            return ModelChange::tr("%1, unplaced").arg(line);
        if (!text("to").isEmpty())
            return ModelChange::tr("%1, to %2").arg(line, text("to"));
        return line;
    }
    if (command == addUnitCommand) {
        const QString line =
            ModelChange::tr("add %n unit(s) of %1", nullptr, count).arg(text("application"));
        if (args.value(QStringLiteral("unplaced")).toBool())
            return ModelChange::tr("%1, unplaced").arg(line);
        if (!text("to").isEmpty())
            return ModelChange::tr("%1, to %2").arg(line, text("to"));
        return line;
    }
    if (command == placeUnitCommand)
        return ModelChange::tr("place %1 on %2").arg(units, where(text("to")));
    if (command == unplaceUnitCommand)
        return ModelChange::tr("take %1 off its machine").arg(units);
    if (command == removeUnitCommand)
        return ModelChange::tr("remove %1").arg(units);
    if (command == removeApplicationCommand)
        return ModelChange::tr("remove application %1").arg(text("application"));
    if (command == setConstraintsCommand) {
        if (text("application").isEmpty())
            return ModelChange::tr("set the model's constraints to \"%1\"")
                .arg(text("constraints"));
        return ModelChange::tr("set the constraints of %1 to \"%2\"")
            .arg(text("application"), text("constraints"));
    }
    if (command == relateCommand)
        return ModelChange::tr("relate %1 and %2").arg(text("first"), text("second"));
    if (command == deployBundleCommand) {
        const QJsonObject bundle = args.value(QStringLiteral("bundle")).toObject();
        const int apps = int(bundle.value(QStringLiteral("applications")).toObject().size());
        const QString name = bundle.value(QStringLiteral("name")).toString();
        return name.isEmpty()
                   ? ModelChange::tr("deploy a bundle (applications: %1)").arg(apps)
                   : ModelChange::tr("deploy bundle %1 (applications: %2)").arg(name).arg(apps);
    }
    if (command == removeRelationCommand) {
        return ModelChange::tr("remove the relation between %1 and %2")
            .arg(text("first"), text("second"));
    }
    if (command == addMachineCommand) {
        QString line = ModelChange::tr("add %n machine(s)", nullptr, count);
        if (!text("directive").isEmpty())
            line = ModelChange::tr("%1, to %2").arg(line, text("directive"));
        if (!text("constraints").isEmpty())
            line = ModelChange::tr("%1, with \"%2\"").arg(line, text("constraints"));
        return line;
    }
    if (command == removeMachineCommand) {
        const QString machines =
            toList(args.value(QStringLiteral("machines"))).join(QStringLiteral(", "));
        QString line = args.value(QStringLiteral("force")).toBool()
                           ? ModelChange::tr("remove machine %1 and its units").arg(machines)
                           : ModelChange::tr("remove machine %1").arg(machines);
        if (args.value(QStringLiteral("keep-instance")).toBool())
            line = ModelChange::tr("%1, keeping its instance").arg(line);
        return line;
    }
    return command;
}

ModelChange
ModelChange::mapReferences(const std::function<QString(Reference, const QString &)> &map) const
{
    ModelChange mapped = *this;
    const auto mapList = [&](const QString &key, Reference kind) {
        if (!args.contains(key))
            return;
        QStringList names = toList(args.value(key));
        for (QString &name : names)
            name = map(kind, name);
        mapped.args.insert(key, toArray(names));
    };
    mapList(QStringLiteral("units"), Reference::Unit);
    mapList(QStringLiteral("machines"), Reference::Machine);
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
