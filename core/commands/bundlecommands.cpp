#include "core/commands/bundlecommands.h"

#include "core/bertherror.h"
#include "core/commands/applicationcommands.h"
#include "core/commands/machinecommands.h"
#include "core/commands/scalingcommands.h"
#include "core/inputlimits.h"
#include "core/model/names.h"
#include "core/placement/affinitypolicy.h"
#include "core/placement/deletionpolicy.h"
#include "core/placement/placementpolicy.h"
#include "core/placement/yamldocument.h"
#include "core/store/bundlerows.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

#include <limits>

namespace berth {

namespace {

const QString regionsKey = QStringLiteral("berth.regions");
const QString zonesKey = QStringLiteral("berth.zones");
const QString deletionKey = QStringLiteral("berth.deletion");
// The affinity policy, as the model setting says it: anti-affinity/2.
const QString serverGroupKey = QStringLiteral("berth.server-group");

// What an application keeps of its bundle beyond the model.
QJsonObject detailsOf(const Bundle::Application &app)
{
    QJsonObject details{{QStringLiteral("charm-url"), app.charmUrl}};
    if (!app.channel.isEmpty())
        details.insert(QStringLiteral("channel"), app.channel);
    if (app.revision)
        details.insert(QStringLiteral("revision"), *app.revision);
    if (!app.options.isEmpty())
        details.insert(QStringLiteral("options"), app.options);
    QJsonObject annotations = app.annotations;
    for (const QString &key : {regionsKey, zonesKey, deletionKey, serverGroupKey})
        annotations.remove(key); // kept as the application's policies
    if (!annotations.isEmpty())
        details.insert(QStringLiteral("annotations"), annotations);
    if (app.expose)
        details.insert(QStringLiteral("expose"), true);
    return details;
}

// "name=weight[/cap],..." from a placement policy, and back.
QString targetsText(const PlacementPolicy &policy)
{
    QStringList parts;
    for (const PlacementPlanner::Target &t : policy.targets()) {
        parts << t.name + u'=' + QString::number(t.weight) +
                     (t.cap >= 0 ? u'/' + QString::number(t.cap) : QString());
    }
    return parts.join(u',');
}

QJsonObject policyFromText(PlacementPolicy::Kind kind, const QString &text, const QString &where)
{
    QList<PlacementPlanner::Target> targets;
    static const QRegularExpression entry(
        QStringLiteral("^([A-Za-z0-9][A-Za-z0-9._-]*)=([0-9]+)(?:/(-1|[0-9]+))?\\z"));
    for (const QString &part : text.split(u',', Qt::SkipEmptyParts)) {
        const auto m = entry.match(part.trimmed());
        if (!m.hasMatch())
            throw BerthError(BundleCommands::tr("%1: \"%2\" is not name=weight or "
                                                "name=weight/cap")
                                 .arg(where, part));
        PlacementPlanner::Target t;
        t.name = m.captured(1);
        // A number past 64 bits is too large, as 5,000,000 is, never 0.
        const auto number = [](const QString &digits) {
            return Limits::parseInteger(digits).value_or(std::numeric_limits<qint64>::max());
        };
        t.weight = number(m.captured(2));
        t.cap = m.captured(3).isEmpty() ? -1 : number(m.captured(3));
        targets << t;
    }
    return PlacementPolicy::fromTargets(kind, targets).toSpec();
}

// The same relation when the applications match and the endpoints do where
// both name one.
bool sameRelation(const Bundle::Relation &x, const Bundle::Relation &y)
{
    const auto endsMatch = [](const QString &p, const QString &q) {
        if (Bundle::applicationOf(p) != Bundle::applicationOf(q))
            return false;
        return !p.contains(u':') || !q.contains(u':') || p == q;
    };
    return (endsMatch(x.first, y.first) && endsMatch(x.second, y.second)) ||
           (endsMatch(x.first, y.second) && endsMatch(x.second, y.first));
}

// Applications in an order where those a placement names come first.
QList<const Bundle::Application *> placementOrder(const Bundle &bundle)
{
    QList<const Bundle::Application *> ordered;
    QSet<QString> done;
    QSet<QString> visiting;
    std::function<void(const Bundle::Application &)> visit = [&](const Bundle::Application &app) {
        if (done.contains(app.name))
            return;
        if (visiting.contains(app.name))
            throw BerthError(BundleCommands::tr("application \"%1\": its placements go round in "
                                                "a circle")
                                 .arg(app.name));
        visiting.insert(app.name);
        for (const QString &entry : app.to) {
            const Bundle::Placement p = Bundle::placementOf(entry);
            if (p.kind == Bundle::Placement::Kind::Unit ||
                p.kind == Bundle::Placement::Kind::Application) {
                if (const Bundle::Application *other =
                        bundle.application(p.target.section(u'/', 0, 0)))
                    visit(*other);
            }
        }
        visiting.remove(app.name);
        done.insert(app.name);
        ordered << &app;
    };
    for (const Bundle::Application &app : bundle.applications)
        visit(app);
    return ordered;
}

} // namespace

const QStringList &BundleCommands::keyOrder()
{
    static const QStringList order{QStringLiteral("name"),         QStringLiteral("description"),
                                   QStringLiteral("default-base"), QStringLiteral("applications"),
                                   QStringLiteral("machines"),     QStringLiteral("relations"),
                                   QStringLiteral("charm"),        QStringLiteral("channel"),
                                   QStringLiteral("revision"),     QStringLiteral("base"),
                                   QStringLiteral("num_units"),    QStringLiteral("to"),
                                   QStringLiteral("expose"),       QStringLiteral("options"),
                                   QStringLiteral("annotations"),  QStringLiteral("constraints"),
                                   QStringLiteral("missing"),      QStringLiteral("bundle"),
                                   QStringLiteral("model")};
    return order;
}

QString BundleCommands::yaml(const QJsonObject &bundle)
{
    return YamlDocument::write(bundle, keyOrder());
}

BundleCommands::MachineMap BundleCommands::MachineMap::parse(const QString &text)
{
    MachineMap map;
    for (const QString &part : text.split(u',', Qt::SkipEmptyParts)) {
        if (part == u"existing") {
            map.existing = true;
            continue;
        }
        const QString from = part.section(u'=', 0, 0);
        const QString to = part.section(u'=', 1);
        static const QRegularExpression id(QStringLiteral("^(0|[1-9][0-9]*)\\z"));
        if (!part.contains(u'=') || !id.match(from).hasMatch() || !Names::isValidMachineId(to))
            throw BerthError(tr("bad --map-machines entry \"%1\": expected existing or "
                                "BUNDLE=MODEL (1=4)")
                                 .arg(part));
        map.machines.insert(from, to);
    }
    return map;
}

QJsonObject BundleCommands::policyAnnotations(const QList<PolicyRecord> &policies)
{
    QJsonObject annotations;
    for (const PolicyRecord &p : policies) {
        if (p.kind == u"deletion") {
            annotations.insert(deletionKey, p.spec.value(QStringLiteral("properties"))
                                                .toObject()
                                                .value(QStringLiteral("criteria"))
                                                .toString());
        } else if (p.kind == u"affinity") {
            const HostSpread spread = AffinityPolicy::fromSpec(p.spec);
            annotations.insert(
                serverGroupKey,
                spread.maxPerHost > 0
                    ? QStringLiteral("%1/%2").arg(spread.policy).arg(spread.maxPerHost)
                    : spread.policy);
        } else {
            const PlacementPolicy policy = PlacementPolicy::fromSpec(p.spec);
            annotations.insert(policy.kind() == PlacementPolicy::Kind::Region ? regionsKey
                                                                              : zonesKey,
                               targetsText(policy));
        }
    }
    return annotations;
}

QList<QJsonObject> BundleCommands::policySpecs(const QJsonObject &annotations, const QString &where)
{
    QList<QJsonObject> specs;
    if (annotations.contains(regionsKey))
        specs << policyFromText(PlacementPolicy::Kind::Region,
                                annotations.value(regionsKey).toString(), where);
    if (annotations.contains(zonesKey))
        specs << policyFromText(PlacementPolicy::Kind::Zone, annotations.value(zonesKey).toString(),
                                where);
    if (annotations.contains(deletionKey)) {
        const QString criteria = annotations.value(deletionKey).toString();
        if (!DeletionPolicy::criteriaFromName(criteria))
            throw BerthError(tr("%1: %2 \"%3\"; expected OLDEST_FIRST, YOUNGEST_FIRST, "
                                "OLDEST_PROFILE_FIRST or RANDOM")
                                 .arg(where, deletionKey, criteria));
        specs << QJsonObject{
            {QStringLiteral("type"), QStringLiteral("senlin.policy.deletion")},
            {QStringLiteral("version"), QStringLiteral("1.0")},
            {QStringLiteral("properties"), QJsonObject{{QStringLiteral("criteria"), criteria}}}};
    }
    if (annotations.contains(serverGroupKey)) {
        const QString text = annotations.value(serverGroupKey).toString();
        const auto group = ModelConfig::parseServerGroup(text);
        if (!group || group->policy.isEmpty())
            throw BerthError(
                tr("%1: %2 \"%3\"; expected %4, or anti-affinity/N")
                    .arg(where, serverGroupKey, text,
                         ModelConfig::serverGroupPolicies().join(QStringLiteral(", "))));
        specs << AffinityPolicy::toSpec({{}, group->policy, group->maxPerHost});
    }
    return specs;
}

CommandResult BundleCommands::deploy(const QString &model, const Deploy &request)
{
    const Bundle &bundle = request.bundle;
    const auto run = [&] {
        return m_ws.inModelJoined(model, [&](ModelTx &tx) {
            CommandResult result;
            result.warnings = bundle.warnings;
            QStringList &lines = result.messages;
            ApplicationCommands apps(m_ws);
            BundleRows rows(tx.scope());
            const ModelSnapshot before = tx.snapshots().whole();
            const QHash<qint64, QJsonObject> storedDetails = rows.details();

            // Applications: made, or checked and brought up to date.
            QHash<QString, qint64> unitsBefore;
            for (const UnitRecord &u : before.units)
                ++unitsBefore[u.application];
            for (const Bundle::Application &app : bundle.applications) {
                const QString where = tr("application \"%1\"").arg(app.name);
                const QList<QJsonObject> specs = policySpecs(app.annotations, where);
                const std::optional<ApplicationRecord> existing = tx.applications().find(app.name);
                if (!existing) {
                    ApplicationCommands::Deploy d;
                    d.charm = app.charm;
                    d.application = app.name;
                    d.base = app.base;
                    d.count = app.subordinate ? 1 : 0; // a subordinate's units come with relations
                    d.constraints = app.constraints;
                    d.subordinate = app.subordinate;
                    apps.deploy(model, d);
                    const ApplicationRecord made = tx.applications().get(app.name);
                    lines << tr("deploy application %1 from charm %2 on %3")
                                     .arg(app.name, app.charmUrl, made.base) +
                                 (app.channel.isEmpty() ? QString()
                                                        : tr(" with channel %1").arg(app.channel));
                } else {
                    if (existing->charm != app.charm)
                        throw BerthError(tr("%1 runs charm %2 in the model; the bundle asks for "
                                            "charm %3")
                                             .arg(where, existing->charm, app.charm));
                    if (!app.base.isEmpty() && existing->base != app.base)
                        throw BerthError(tr("%1 is on %2 in the model; the bundle asks for %3 "
                                            "(a base is never changed)")
                                             .arg(where, existing->base, app.base));
                    if (existing->subordinate != app.subordinate)
                        throw BerthError(
                            tr("%1 is %2 in the model; the bundle makes it %3")
                                .arg(where,
                                     existing->subordinate ? tr("a subordinate")
                                                           : tr("a principal"),
                                     app.subordinate ? tr("a subordinate") : tr("a principal")));
                    if (!app.subordinate && existing->constraints.toString() != app.constraints) {
                        apps.setConstraints(model, app.name, app.constraints);
                        lines << tr("set constraints for %1 to \"%2\"")
                                     .arg(app.name, app.constraints);
                    }
                }
                const ApplicationRecord record = tx.applications().get(app.name);
                const QJsonObject details = detailsOf(app);
                const QJsonObject stored = storedDetails.value(record.id);
                if (details != stored) {
                    rows.setDetails(record, details);
                    if (details.value(QStringLiteral("options")) !=
                        stored.value(QStringLiteral("options")))
                        lines << tr("set options for %1").arg(app.name);
                    if (details.value(QStringLiteral("annotations")) !=
                        stored.value(QStringLiteral("annotations")))
                        lines << tr("set annotations for %1").arg(app.name);
                    if (details.value(QStringLiteral("expose")) !=
                        stored.value(QStringLiteral("expose")))
                        lines << (app.expose ? tr("expose all endpoints of %1").arg(app.name)
                                             : tr("unexpose %1").arg(app.name));
                }
                QHash<QString, QJsonObject> policies;
                for (const PolicyRecord &p : before.policies) {
                    if (p.applicationId == record.id)
                        policies.insert(p.kind, p.spec);
                }
                for (const QJsonObject &spec : specs) {
                    const QString kind = ScalingCommands::policyKind(spec);
                    if (policies.value(kind) == spec)
                        continue;
                    ScalingCommands(m_ws).setPolicy(model, app.name, spec);
                    lines << tr("set %1 policy of %2").arg(kind, app.name);
                }
            }

            // Bundle machines: found again, mapped, or made when a new unit needs one.
            QHash<QString, const MachineRecord *> machineNamed;
            QHash<qint64, const MachineRecord *> machineById;
            for (const MachineRecord &m : before.machines) {
                if (m.state.isAlive()) {
                    machineNamed.insert(m.name, &m);
                    machineById.insert(m.id, &m);
                }
            }
            QHash<QString, QString> machineOf; // bundle machine -> model machine
            QSet<QString> taken;
            for (const BundleRows::MachineMark &mark : rows.machineMarks()) {
                const MachineRecord *m = machineById.value(mark.machineId);
                if (m && mark.bundle == bundle.name && bundle.machine(mark.bundleMachine)) {
                    machineOf.insert(mark.bundleMachine, m->name);
                    taken.insert(m->name);
                }
            }
            for (auto it = request.map.machines.cbegin(); it != request.map.machines.cend(); ++it) {
                if (!bundle.machine(it.key()))
                    throw BerthError(tr("--map-machines %1=%2: the bundle has no machine %1")
                                         .arg(it.key(), it.value()));
                if (!machineNamed.contains(it.value()))
                    throw BerthError(tr("--map-machines %1=%2: machine %2 is not in the model")
                                         .arg(it.key(), it.value()));
                machineOf.insert(it.key(), it.value());
            }
            if (request.map.existing) {
                for (const Bundle::Machine &m : bundle.machines) {
                    if (!machineOf.contains(m.id) && machineNamed.contains(m.id) &&
                        !taken.contains(m.id))
                        machineOf.insert(m.id, m.id);
                }
            }
            const auto modelMachine = [&](const QString &bundleMachine) {
                const auto found = machineOf.constFind(bundleMachine);
                if (found != machineOf.cend())
                    return *found;
                const Bundle::Machine *spec = bundle.machine(bundleMachine);
                MachineCommands::AddMachine add;
                add.base = spec->base;
                add.constraints = spec->constraints;
                QList<MachineRecord> made;
                MachineCommands(m_ws).addMachines(model, add, {}, &made);
                rows.markMachine(made.first(), {made.first().id, made.first().name, bundle.name,
                                                spec->id, spec->annotations});
                lines << tr("add new machine %1 (bundle machine %2)")
                             .arg(made.first().name, spec->id);
                machineOf.insert(bundleMachine, made.first().name);
                return made.first().name;
            };

            // Units: those the model lacks, where the bundle places them.
            for (const Bundle::Application *app : placementOrder(bundle)) {
                if (app->subordinate)
                    continue;
                const qint64 have = unitsBefore.value(app->name);
                qint64 toNewMachines = 0;
                for (qint64 i = have; i < app->units; ++i) {
                    const QString entry =
                        i < app->to.size() ? app->to.at(i) : QStringLiteral("new");
                    const Bundle::Placement p = Bundle::placementOf(entry);
                    QString host;
                    switch (p.kind) {
                    case Bundle::Placement::Kind::New:
                        break;
                    case Bundle::Placement::Kind::Machine:
                        host = modelMachine(p.target);
                        break;
                    case Bundle::Placement::Kind::Unit:
                    case Bundle::Placement::Kind::Application: {
                        QString unitName = p.target;
                        if (p.kind == Bundle::Placement::Kind::Application) {
                            const QList<UnitRecord> peers =
                                tx.units().ofApplication(tx.applications().get(p.target).id);
                            if (peers.isEmpty())
                                throw BerthError(tr("application \"%1\": placement \"%2\" names "
                                                    "an application without units")
                                                     .arg(app->name, entry));
                            unitName = peers.at(i % peers.size()).name();
                        }
                        host = tx.units().get(unitName).machine;
                        if (host.isEmpty())
                            throw BerthError(tr("application \"%1\": placement \"%2\": unit %3 "
                                                "has no machine")
                                                 .arg(app->name, entry, unitName));
                        // A container beside a unit goes on its top-level machine.
                        if (p.container)
                            host = host.section(QStringLiteral("/lxd/"), 0, 0);
                        break;
                    }
                    }
                    if (host.isEmpty() && !p.container) {
                        ++toNewMachines; // together, so a placement policy spreads them
                        continue;
                    }
                    const QString directive = p.container
                                                  ? (host.isEmpty() ? QStringLiteral("lxd")
                                                                    : QStringLiteral("lxd:") + host)
                                                  : host;
                    QList<UnitRecord> added;
                    apps.addUnits(model, app->name, 1, directive, {}, &added);
                    for (const UnitRecord &u : added)
                        lines << tr("add unit %1 to %2").arg(u.name(), u.machine);
                }
                if (toNewMachines > 0) {
                    QList<UnitRecord> added;
                    apps.addUnits(model, app->name, int(toNewMachines), {}, {}, &added);
                    for (const UnitRecord &u : added)
                        lines << tr("add unit %1 to new machine %2").arg(u.name(), u.machine);
                }
            }

            // Relations: subordinate ones place the subordinate's units.
            QList<Bundle::Relation> present;
            for (const BundleRows::EndpointRelation &r : rows.endpointRelations())
                present.append({r.first, r.second});
            for (const RelationRecord &r : before.relations)
                present.append({r.subordinate, r.principal});
            for (const Bundle::Relation &r : bundle.relations) {
                if (std::any_of(present.cbegin(), present.cend(),
                                [&](const Bundle::Relation &p) { return sameRelation(p, r); }))
                    continue;
                const ApplicationRecord a = tx.applications().get(Bundle::applicationOf(r.first));
                const ApplicationRecord b = tx.applications().get(Bundle::applicationOf(r.second));
                if (a.subordinate != b.subordinate) {
                    const ApplicationRecord &sub = a.subordinate ? a : b;
                    const ApplicationRecord &principal = a.subordinate ? b : a;
                    if (!tx.applications().hasRelation(sub, principal))
                        apps.relate(model, sub.name, principal.name);
                }
                rows.addEndpointRelation(a, r.first.section(u':', 1), b, r.second.section(u':', 1));
                present.append(r);
                lines << tr("add relation %1 - %2").arg(r.first, r.second);
            }
            return result;
        });
    };
    if (request.dryRun)
        return m_ws.store().trial([&](SqlSession &) { return run(); });
    return run();
}

Bundle BundleCommands::exportBundle(const QString &model)
{
    return m_ws.readModel(model, [&](ModelTx &tx) {
        BundleRows rows(tx.scope());
        const ModelSnapshot s = tx.snapshots().whole();
        const QHash<qint64, QJsonObject> details = rows.details();
        QHash<qint64, BundleRows::MachineMark> marks;
        for (const BundleRows::MachineMark &m : rows.machineMarks())
            marks.insert(m.machineId, m);
        QHash<qint64, const MachineRecord *> machineById;
        for (const MachineRecord &m : s.machines)
            machineById.insert(m.id, &m);

        QHash<qint64, int> principalsOn;
        for (const UnitRecord &u : s.units) {
            if (!u.subordinate && u.machineId != 0)
                ++principalsOn[u.machineId];
        }
        Bundle bundle;
        QSet<qint64> used; // top-level machines a unit is placed on
        for (const ApplicationRecord &a : s.applications) {
            const QJsonObject d = details.value(a.id);
            Bundle::Application app;
            app.name = a.name;
            app.charm = a.charm;
            app.charmUrl = d.value(QStringLiteral("charm-url")).toString(a.charm);
            app.channel = d.value(QStringLiteral("channel")).toString();
            if (d.contains(QStringLiteral("revision")))
                app.revision = d.value(QStringLiteral("revision")).toInteger();
            app.base = a.base;
            app.subordinate = a.subordinate;
            app.constraints = a.constraints.toString();
            app.options = d.value(QStringLiteral("options")).toObject();
            app.annotations = d.value(QStringLiteral("annotations")).toObject();
            QList<PolicyRecord> policies;
            for (const PolicyRecord &p : s.policies) {
                if (p.applicationId == a.id)
                    policies << p;
            }
            const QJsonObject policyNotes = policyAnnotations(policies);
            for (auto it = policyNotes.begin(); it != policyNotes.end(); ++it)
                app.annotations.insert(it.key(), it.value());
            if (a.subordinate)
                app.annotations.insert(QStringLiteral("berth.subordinate"), QStringLiteral("true"));
            app.expose = d.value(QStringLiteral("expose")).toBool();
            // Units a placement policy spread, each alone on a machine made for
            // it, are left for the policy to place again (their regions are
            // not a constraint a bundle can say).
            const bool spread =
                app.annotations.contains(regionsKey) || app.annotations.contains(zonesKey);
            if (!a.subordinate) {
                for (const UnitRecord &u : s.units) {
                    if (u.applicationId != a.id)
                        continue;
                    ++app.units;
                    const MachineRecord *m = machineById.value(u.machineId);
                    if (!m || !m->state.isAlive() ||
                        (spread && m->forUnit && !m->isContainer() &&
                         principalsOn.value(m->id) == 1)) {
                        app.to << QStringLiteral("new");
                        continue;
                    }
                    const MachineRecord *host = m;
                    while (host && host->isContainer())
                        host = machineById.value(host->parentId);
                    if (!host) {
                        app.to << QStringLiteral("new");
                        continue;
                    }
                    used.insert(host->id);
                    app.to << (m->isContainer() ? QStringLiteral("lxd:") + host->name : host->name);
                }
                while (!app.to.isEmpty() && app.to.last() == u"new")
                    app.to.removeLast();
            }
            bundle.applications << app;
        }
        for (const MachineRecord &m : s.machines) {
            if (!used.contains(m.id))
                continue;
            Bundle::Machine machine;
            machine.id = m.name;
            machine.base = m.base;
            Constraints c = Constraints::parse(m.constraints).constraints;
            // A started machine's zone, so that a deploy lands where it is.
            if (!m.zone.isEmpty() && !c.hasValue(ConstraintKey::Zones)) {
                ConstraintValue zones;
                zones.list = QStringList{m.zone};
                c.set(ConstraintKey::Zones, zones);
            }
            machine.constraints = c.toString();
            machine.annotations = marks.value(m.id).annotations;
            bundle.machines << machine;
        }
        QList<Bundle::Relation> relations;
        for (const BundleRows::EndpointRelation &r : rows.endpointRelations())
            relations.append({r.first, r.second});
        for (const RelationRecord &r : s.relations) {
            const Bundle::Relation plain{r.subordinate, r.principal};
            if (std::none_of(relations.cbegin(), relations.cend(),
                             [&](const Bundle::Relation &p) { return sameRelation(p, plain); }))
                relations << plain;
        }
        bundle.relations = relations;
        return bundle;
    });
}

QJsonObject BundleCommands::diff(const QString &model, const Bundle &bundle, const MachineMap &map)
{
    // What deploy would refuse, refused here too: the deploy tried and undone.
    // A store this client may not write (a read-only file, a PostgreSQL role
    // that only reads) gets the diff without the try: store errors carry the
    // driver's detail, a bundle's refusals none.
    if (!m_ws.store().isReadOnly()) {
        try {
            deploy(model, {bundle, map, true});
        } catch (const BerthError &error) {
            if (error.detail().isEmpty())
                throw;
        }
    }
    const Bundle now = exportBundle(model);
    const auto differ = [](const QJsonValue &b, const QJsonValue &m) {
        return QJsonObject{{QStringLiteral("bundle"), b}, {QStringLiteral("model"), m}};
    };
    const QJsonObject missingModel{{QStringLiteral("missing"), QStringLiteral("model")}};
    const QJsonObject missingBundle{{QStringLiteral("missing"), QStringLiteral("bundle")}};

    QJsonObject applications;
    for (const Bundle::Application &b : bundle.applications) {
        const Bundle::Application *m = now.application(b.name);
        if (!m) {
            applications.insert(b.name, missingModel);
            continue;
        }
        QJsonObject d;
        if (b.charm != m->charm)
            d.insert(QStringLiteral("charm"), differ(b.charm, m->charm));
        if (!b.channel.isEmpty() && b.channel != m->channel)
            d.insert(QStringLiteral("channel"), differ(b.channel, m->channel));
        if (!b.base.isEmpty() && b.base != m->base)
            d.insert(QStringLiteral("base"), differ(b.base, m->base));
        if (!b.subordinate && b.units != m->units)
            d.insert(QStringLiteral("num_units"), differ(b.units, m->units));
        if (b.constraints != m->constraints)
            d.insert(QStringLiteral("constraints"), differ(b.constraints, m->constraints));
        if (b.expose != m->expose)
            d.insert(QStringLiteral("expose"), differ(b.expose, m->expose));
        for (const char *key : {"options", "annotations"}) {
            const QJsonObject bo = key == std::string_view("options") ? b.options : b.annotations;
            QJsonObject mo = key == std::string_view("options") ? m->options : m->annotations;
            mo.remove(QStringLiteral("berth.subordinate"));
            QJsonObject changed;
            QSet<QString> keys;
            for (const QString &k : bo.keys() + mo.keys())
                keys.insert(k);
            for (const QString &k : std::as_const(keys)) {
                if (bo.value(k) != mo.value(k) && !(k == u"berth.subordinate"))
                    changed.insert(k, differ(bo.value(k), mo.value(k)));
            }
            if (!changed.isEmpty())
                d.insert(QString::fromLatin1(key), changed);
        }
        if (!d.isEmpty())
            applications.insert(b.name, d);
    }
    for (const Bundle::Application &m : now.applications) {
        if (!bundle.application(m.name))
            applications.insert(m.name, missingBundle);
    }

    // Machines: the bundle's against the model's, as deploy would map them.
    QJsonObject machines;
    const QHash<QString, QString> marked = m_ws.readModel(model, [&](ModelTx &tx) {
        QHash<QString, QString> found;
        for (const BundleRows::MachineMark &mark : BundleRows(tx.scope()).machineMarks()) {
            if (mark.bundle == bundle.name)
                found.insert(mark.bundleMachine, mark.machine);
        }
        return found;
    });
    QSet<QString> mapped;
    for (const Bundle::Machine &b : bundle.machines) {
        QString to = map.machines.value(b.id, marked.value(b.id));
        if (to.isEmpty() && map.existing && now.machine(b.id))
            to = b.id;
        if (to.isEmpty() || !now.machine(to)) {
            machines.insert(b.id, missingModel);
            continue;
        }
        mapped.insert(to);
    }
    // A model machine the bundle does not name is not missing from it when
    // the bundle's own applications are on it (placed there by "new", "lxd"
    // or next to another unit).
    QSet<QString> hostsOfBundleApps;
    for (const Bundle::Application &a : now.applications) {
        if (bundle.application(a.name)) {
            for (const QString &entry : a.to)
                hostsOfBundleApps.insert(entry.section(u':', -1));
        }
    }
    for (const Bundle::Machine &m : now.machines) {
        if (!mapped.contains(m.id) && !hostsOfBundleApps.contains(m.id))
            machines.insert(m.id, missingBundle);
    }

    QJsonArray bundleAdditions;
    QJsonArray modelAdditions;
    const auto holds = [](const QList<Bundle::Relation> &list, const Bundle::Relation &r) {
        return std::any_of(list.cbegin(), list.cend(),
                           [&](const Bundle::Relation &p) { return sameRelation(p, r); });
    };
    for (const Bundle::Relation &r : bundle.relations) {
        if (!holds(now.relations, r))
            bundleAdditions.append(QJsonArray{r.first, r.second});
    }
    for (const Bundle::Relation &r : now.relations) {
        if (!holds(bundle.relations, r))
            modelAdditions.append(QJsonArray{r.first, r.second});
    }
    QJsonObject out;
    if (!applications.isEmpty())
        out.insert(QStringLiteral("applications"), applications);
    if (!machines.isEmpty())
        out.insert(QStringLiteral("machines"), machines);
    QJsonObject relations;
    if (!bundleAdditions.isEmpty())
        relations.insert(QStringLiteral("bundle-additions"), bundleAdditions);
    if (!modelAdditions.isEmpty())
        relations.insert(QStringLiteral("model-additions"), modelAdditions);
    if (!relations.isEmpty())
        out.insert(QStringLiteral("relations"), relations);
    return out;
}

} // namespace berth
