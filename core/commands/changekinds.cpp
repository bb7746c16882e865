#include "core/commands/changekinds.h"

#include "core/commands/applicationcommands.h"
#include "core/commands/bundlecommands.h"
#include "core/commands/machinecommands.h"
#include "core/commands/modelchange.h"
#include "core/commands/modelcommands.h"
#include "core/commands/scalingcommands.h"
#include "core/commands/spreadcommands.h"

#include <QJsonArray>

namespace berth {

namespace {

using T = QJsonValue::Type;
using Args = ChangeKind::Args;

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

// "add 2 units of web" with how they are placed: ", unplaced", ", to 3".
QString withPlacement(const QString &line, const Args &args)
{
    if (args.flag("unplaced"))
        return ModelChange::tr("%1, unplaced").arg(line);
    if (!args.text("to").isEmpty())
        return ModelChange::tr("%1, to %2").arg(line, args.text("to"));
    return line;
}

ChangeKind deploy()
{
    return {ChangeNames::deploy,
            {{QStringLiteral("charm"), T::String},
             {QStringLiteral("application"), T::String},
             {QStringLiteral("base"), T::String},
             {QStringLiteral("count"), T::Double},
             {QStringLiteral("to"), T::String},
             {QStringLiteral("constraints"), T::String},
             {QStringLiteral("subordinate"), T::Bool},
             {QStringLiteral("unplaced"), T::Bool}},
            [](const Args &args, Workspace &ws, const QString &model, HostProbe *) {
                ApplicationCommands::Deploy request;
                request.charm = args.text("charm");
                request.application = args.text("application");
                request.base = args.text("base");
                request.count = args.count();
                request.to = args.text("to");
                request.constraints = args.text("constraints");
                request.subordinate = args.flag("subordinate");
                request.unplaced = args.flag("unplaced");
                return ApplicationCommands(ws).deploy(model, request);
            },
            [](const Args &args) {
                const QString app = args.text("application").isEmpty() ? args.text("charm")
                                                                       : args.text("application");
                if (args.flag("subordinate"))
                    return ModelChange::tr("deploy %1 (subordinate)").arg(app);
                return withPlacement(
                    ModelChange::tr("deploy %1, %n unit(s)", nullptr, args.count()).arg(app), args);
            }};
}

ChangeKind addUnit()
{
    return {ChangeNames::addUnit,
            {{QStringLiteral("application"), T::String},
             {QStringLiteral("count"), T::Double},
             {QStringLiteral("to"), T::String},
             {QStringLiteral("constraints"), T::String},
             {QStringLiteral("unplaced"), T::Bool}},
            [](const Args &args, Workspace &ws, const QString &model, HostProbe *) {
                ApplicationCommands apps(ws);
                if (args.flag("unplaced"))
                    return apps.addUnplacedUnits(model, args.text("application"), args.count(),
                                                 args.text("constraints"));
                return apps.addUnits(model, args.text("application"), args.count(), args.text("to"),
                                     args.text("constraints"));
            },
            [](const Args &args) {
                return withPlacement(ModelChange::tr("add %n unit(s) of %1", nullptr, args.count())
                                         .arg(args.text("application")),
                                     args);
            }};
}

ChangeKind placeUnit()
{
    return {ChangeNames::placeUnit,
            {{QStringLiteral("units"), T::Array}, {QStringLiteral("to"), T::String}},
            [](const Args &args, Workspace &ws, const QString &model, HostProbe *) {
                return ApplicationCommands(ws).placeUnits(model, args.names("units"),
                                                          args.text("to"));
            },
            [](const Args &args) {
                return ModelChange::tr("place %1 on %2")
                    .arg(args.names("units").join(QStringLiteral(", ")), where(args.text("to")));
            }};
}

ChangeKind unplaceUnit()
{
    return {ChangeNames::unplaceUnit,
            {{QStringLiteral("units"), T::Array}},
            [](const Args &args, Workspace &ws, const QString &model, HostProbe *) {
                return ApplicationCommands(ws).unplaceUnits(model, args.names("units"));
            },
            [](const Args &args) {
                return ModelChange::tr("take %1 off its machine")
                    .arg(args.names("units").join(QStringLiteral(", ")));
            }};
}

ChangeKind removeUnit()
{
    return {
        ChangeNames::removeUnit,
        {{QStringLiteral("units"), T::Array}},
        [](const Args &args, Workspace &ws, const QString &model, HostProbe *) {
            return ApplicationCommands(ws).removeUnits(model, args.names("units"));
        },
        [](const Args &args) {
            return ModelChange::tr("remove %1").arg(args.names("units").join(QStringLiteral(", ")));
        }};
}

ChangeKind removeApplication()
{
    return {ChangeNames::removeApplication,
            {{QStringLiteral("application"), T::String}},
            [](const Args &args, Workspace &ws, const QString &model, HostProbe *) {
                return ApplicationCommands(ws).removeApplication(model, args.text("application"));
            },
            [](const Args &args) {
                return ModelChange::tr("remove application %1").arg(args.text("application"));
            }};
}

ChangeKind setConstraints()
{
    return {
        ChangeNames::setConstraints,
        {{QStringLiteral("application"), T::String}, {QStringLiteral("constraints"), T::String}},
        [](const Args &args, Workspace &ws, const QString &model, HostProbe *) {
            if (args.text("application").isEmpty())
                return ModelCommands(ws).setConstraints(model, args.text("constraints"));
            return ApplicationCommands(ws).setConstraints(model, args.text("application"),
                                                          args.text("constraints"));
        },
        [](const Args &args) {
            if (args.text("application").isEmpty())
                return ModelChange::tr("set the model's constraints to \"%1\"")
                    .arg(args.text("constraints"));
            return ModelChange::tr("set the constraints of %1 to \"%2\"")
                .arg(args.text("application"), args.text("constraints"));
        }};
}

ChangeKind relate()
{
    return {
        ChangeNames::relate,
        {{QStringLiteral("first"), T::String}, {QStringLiteral("second"), T::String}},
        [](const Args &args, Workspace &ws, const QString &model, HostProbe *) {
            return ApplicationCommands(ws).relate(model, args.text("first"), args.text("second"));
        },
        [](const Args &args) {
            return ModelChange::tr("relate %1 and %2").arg(args.text("first"), args.text("second"));
        }};
}

ChangeKind removeRelation()
{
    return {ChangeNames::removeRelation,
            {{QStringLiteral("first"), T::String}, {QStringLiteral("second"), T::String}},
            [](const Args &args, Workspace &ws, const QString &model, HostProbe *) {
                return ApplicationCommands(ws).unrelate(model, args.text("first"),
                                                        args.text("second"));
            },
            [](const Args &args) {
                return ModelChange::tr("remove the relation between %1 and %2")
                    .arg(args.text("first"), args.text("second"));
            }};
}

ChangeKind addMachine()
{
    return {ChangeNames::addMachine,
            {{QStringLiteral("directive"), T::String},
             {QStringLiteral("count"), T::Double},
             {QStringLiteral("base"), T::String},
             {QStringLiteral("constraints"), T::String}},
            [](const Args &args, Workspace &ws, const QString &model, HostProbe *probe) {
                MachineCommands::AddMachine request;
                request.directive = args.text("directive");
                request.count = args.count();
                request.base = args.text("base");
                request.constraints = args.text("constraints");
                return MachineCommands(ws, probe).addMachines(model, request);
            },
            [](const Args &args) {
                QString line = ModelChange::tr("add %n machine(s)", nullptr, args.count());
                if (!args.text("directive").isEmpty())
                    line = ModelChange::tr("%1, to %2").arg(line, args.text("directive"));
                if (!args.text("constraints").isEmpty())
                    line = ModelChange::tr("%1, with \"%2\"").arg(line, args.text("constraints"));
                return line;
            },
            [](const Args &args) {
                // An existing host is probed and its key accepted as it is added.
                if (!args.text("directive").startsWith(QStringLiteral("ssh:")))
                    return QString();
                return ModelChange::tr("an existing host (ssh:) is added at once, when its key is "
                                       "accepted; add it without --stage");
            }};
}

ChangeKind removeMachine()
{
    return {ChangeNames::removeMachine,
            {{QStringLiteral("machines"), T::Array},
             {QStringLiteral("force"), T::Bool},
             {QStringLiteral("keep-instance"), T::Bool}},
            [](const Args &args, Workspace &ws, const QString &model, HostProbe *probe) {
                return MachineCommands(ws, probe).removeMachines(
                    model, args.names("machines"), args.flag("force"), args.flag("keep-instance"));
            },
            [](const Args &args) {
                const QString machines = args.names("machines").join(QStringLiteral(", "));
                QString line =
                    args.flag("force")
                        ? ModelChange::tr("remove machine %1 and its units").arg(machines)
                        : ModelChange::tr("remove machine %1").arg(machines);
                if (args.flag("keep-instance"))
                    line = ModelChange::tr("%1, keeping its instance").arg(line);
                return line;
            }};
}

ChangeKind deployBundle()
{
    return {
        ChangeNames::deployBundle,
        {{QStringLiteral("bundle"), T::Object}, {QStringLiteral("map-machines"), T::String}},
        [](const Args &args, Workspace &ws, const QString &model, HostProbe *) {
            BundleCommands::Deploy request;
            request.bundle =
                Bundle::fromDocuments({args.object("bundle")}, ModelChange::tr("the bundle"));
            request.map = BundleCommands::MachineMap::parse(args.text("map-machines"));
            return BundleCommands(ws).deploy(model, request);
        },
        [](const Args &args) {
            const QJsonObject bundle = args.object("bundle");
            const int apps = int(bundle.value(QStringLiteral("applications")).toObject().size());
            const QString name = bundle.value(QStringLiteral("name")).toString();
            return name.isEmpty()
                       ? ModelChange::tr("deploy a bundle (applications: %1)").arg(apps)
                       : ModelChange::tr("deploy bundle %1 (applications: %2)").arg(name).arg(apps);
        }};
}

ChangeKind scaleApplication()
{
    return {ChangeNames::scaleApplication,
            {{QStringLiteral("application"), T::String},
             {QStringLiteral("adjustment-type"), T::String},
             {QStringLiteral("number"), T::Double},
             {QStringLiteral("min-step"), T::Double},
             {QStringLiteral("min-size"), T::Double},
             {QStringLiteral("max-size"), T::Double},
             {QStringLiteral("strict"), T::Bool},
             {QStringLiteral("criteria"), T::String}},
            [](const Args &args, Workspace &ws, const QString &model, HostProbe *) {
                ScalingCommands::Scale request;
                request.resize.adjustment =
                    ResizeParameters::adjustmentFromName(args.text("adjustment-type"));
                if (!request.resize.adjustment) {
                    throw BerthError(ModelChange::tr("unknown adjustment type \"%1\"")
                                         .arg(args.text("adjustment-type")));
                }
                request.resize.number = args.number("number").value_or(0);
                const auto whole = [&](const char *key) -> std::optional<qint64> {
                    const auto value = args.number(key);
                    return value ? std::optional<qint64>(qint64(*value)) : std::nullopt;
                };
                request.resize.minStep = whole("min-step");
                request.resize.minSize = whole("min-size");
                request.resize.maxSize = whole("max-size");
                request.resize.strict = args.flag("strict");
                if (!args.text("criteria").isEmpty())
                    request.criteria = DeletionPolicy::criteriaFromName(args.text("criteria"));
                return ScalingCommands(ws).scale(model, args.text("application"), request);
            },
            [](const Args &args) {
                return ModelChange::tr("scale %1 (%2 %3)")
                    .arg(args.text("application"), args.text("adjustment-type"))
                    .arg(args.number("number").value_or(0));
            }};
}

ChangeKind setPlacementPolicy()
{
    return {ChangeNames::setPlacementPolicy,
            {{QStringLiteral("application"), T::String},
             {QStringLiteral("policies"), T::Array},
             {QStringLiteral("replace"), T::Bool}},
            [](const Args &args, Workspace &ws, const QString &model, HostProbe *) {
                ScalingCommands scaling(ws);
                const QString app = args.text("application");
                if (args.flag("replace"))
                    return scaling.replacePolicies(model, app, args.objects("policies"));
                CommandResult result;
                for (const QJsonObject &spec : args.objects("policies"))
                    result.messages += scaling.setPolicy(model, app, spec).messages;
                return result;
            },
            [](const Args &args) {
                QStringList kinds;
                for (const QJsonObject &spec : args.objects("policies")) {
                    try {
                        kinds << ScalingCommands::policyKind(spec);
                    } catch (const BerthError &) {
                        kinds << QStringLiteral("?");
                    }
                }
                if (kinds.isEmpty())
                    return ModelChange::tr("remove the placement policies of %1")
                        .arg(args.text("application"));
                return ModelChange::tr("set the placement policies of %1 (%2)")
                    .arg(args.text("application"), kinds.join(QStringLiteral(", ")));
            }};
}

ChangeKind setSpread()
{
    return {ChangeNames::setSpread,
            {{QStringLiteral("application"), T::String}, {QStringLiteral("spread"), T::Object}},
            [](const Args &args, Workspace &ws, const QString &model, HostProbe *) {
                return SpreadCommands(ws).set(model, args.text("application"),
                                              SpreadConstraint::fromJson(args.object("spread")));
            },
            [](const Args &args) {
                const QJsonObject spread = args.object("spread");
                return ModelChange::tr("set the %1 spread of %2 (max-skew %3)")
                    .arg(spread.value(QStringLiteral("level")).toString(), args.text("application"))
                    .arg(spread.value(QStringLiteral("max-skew")).toInt());
            }};
}

ChangeKind unsetSpread()
{
    return {ChangeNames::unsetSpread,
            {{QStringLiteral("application"), T::String}, {QStringLiteral("level"), T::String}},
            [](const Args &args, Workspace &ws, const QString &model, HostProbe *) {
                const auto level = SpreadConstraint::levelFrom(args.text("level"));
                if (!level) {
                    throw BerthError(
                        ModelChange::tr("unknown spread level \"%1\": expected %2")
                            .arg(args.text("level"), SpreadConstraint::levelChoices()));
                }
                return SpreadCommands(ws).unset(model, args.text("application"), *level);
            },
            [](const Args &args) {
                return ModelChange::tr("remove the %1 spread of %2")
                    .arg(args.text("level"), args.text("application"));
            }};
}

ChangeKind rebalance()
{
    return {ChangeNames::rebalance,
            {{QStringLiteral("applications"), T::Array}, {QStringLiteral("max-surge"), T::Double}},
            [](const Args &args, Workspace &ws, const QString &model, HostProbe *) {
                return SpreadCommands(ws).rebalance(model, args.names("applications"),
                                                    int(args.number("max-surge").value_or(1)));
            },
            [](const Args &args) {
                const QStringList apps = args.names("applications");
                return apps.isEmpty()
                           ? ModelChange::tr("rebalance every spread application")
                           : ModelChange::tr("rebalance %1").arg(apps.join(QStringLiteral(", ")));
            }};
}

} // namespace

QString ChangeKind::Args::text(const char *key) const
{
    return m_json.value(QLatin1String(key)).toString();
}

int ChangeKind::Args::count() const
{
    return m_json.value(QStringLiteral("count")).toInt(1);
}

bool ChangeKind::Args::flag(const char *key) const
{
    return m_json.value(QLatin1String(key)).toBool();
}

QStringList ChangeKind::Args::names(const char *key) const
{
    QStringList names;
    for (const QJsonValue &value : m_json.value(QLatin1String(key)).toArray())
        names << value.toString();
    return names;
}

QJsonObject ChangeKind::Args::object(const char *key) const
{
    return m_json.value(QLatin1String(key)).toObject();
}

QList<QJsonObject> ChangeKind::Args::objects(const char *key) const
{
    QList<QJsonObject> objects;
    for (const QJsonValue &value : m_json.value(QLatin1String(key)).toArray())
        objects << value.toObject();
    return objects;
}

std::optional<double> ChangeKind::Args::number(const char *key) const
{
    const QJsonValue value = m_json.value(QLatin1String(key));
    return value.isDouble() ? std::optional<double>(value.toDouble()) : std::nullopt;
}

const ChangeKind *ChangeKind::find(const QString &name)
{
    static const QHash<QString, ChangeKind> kinds = [] {
        QHash<QString, ChangeKind> all;
        for (const ChangeKind &kind :
             {deploy(), addUnit(), placeUnit(), unplaceUnit(), removeUnit(), removeApplication(),
              setConstraints(), relate(), removeRelation(), addMachine(), removeMachine(),
              deployBundle(), scaleApplication(), setPlacementPolicy(), setSpread(), unsetSpread(),
              rebalance()})
            all.insert(kind.name, kind);
        return all;
    }();
    const auto it = kinds.constFind(name);
    return it == kinds.cend() ? nullptr : &*it;
}

} // namespace berth
