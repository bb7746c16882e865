#include "core/commands/bundledeployment.h"

#include "core/commands/spreadcommands.h"
#include "core/store/spreadrows.h"

#include "core/bertherror.h"
#include "core/commands/applicationscaling.h"
#include "core/commands/machinecommands.h"
#include "core/commands/scalingcommands.h"
#include "core/inputlimits.h"
#include "core/placement/placementrules.h"
#include "core/store/policyrows.h"

namespace berth {

BundleDeployment::BundleDeployment(Workspace &workspace, const QString &model,
                                   const BundleCommands::Deploy &request, ModelTx &tx)
    : m_ws(workspace)
    , m_model(model)
    , m_request(request)
    , m_bundle(request.bundle)
    , m_tx(tx)
    , m_rows(tx.scope())
    , m_apps(workspace)
    , m_before(tx.snapshots().whole())
    , m_details(m_rows.details())
{}

CommandResult BundleDeployment::run()
{
    for (const Bundle::Application &app : m_bundle.applications) {
        const QString where = tr("application \"%1\"").arg(app.name);
        // Read first: a bad annotation changes nothing.
        BundleCommands::policySpecs(app.annotations, where);
        BundleCommands::spreadsFrom(app.annotations, where);
        const std::optional<ApplicationRecord> existing = m_tx.applications().find(app.name);
        if (!existing)
            continue;
        checkApplication(app, *existing, where);
        // Where the charm comes from (URL, channel, revision) is kept as the bundle says.
        const QJsonObject origin = BundleCommands::originOf(app);
        const QJsonObject stored = m_details.value(existing->id);
        for (auto it = origin.begin(); it != origin.end(); ++it) {
            if (stored.value(it.key()) != it.value()) {
                editDetails(app.name, [&](QJsonObject &d) {
                    for (auto o = origin.begin(); o != origin.end(); ++o)
                        d.insert(o.key(), o.value());
                });
                break;
            }
        }
    }
    m_plan = BundlePlan::of(m_bundle, picture());
    // What the deploy adds is one transaction, as a command is.
    const qint64 adds = std::count_if(m_plan.cbegin(), m_plan.cend(), [](const auto &change) {
        return change.method == u"addUnit";
    });
    if (adds > Limits::maxUnitsPerCommand)
        throw BerthError(tr("the bundle adds %1 units; a bundle is deployed in one transaction, "
                            "of at most %2 units: deploy it in steps (fewer num_units first)")
                             .arg(adds)
                             .arg(Limits::maxUnitsPerCommand));
    QStringList lines;
    for (const BundlePlan::Change &change : std::as_const(m_plan)) {
        apply(change);
        lines << change.description;
    }
    return {lines, m_bundle.warnings};
}

void BundleDeployment::checkApplication(const Bundle::Application &app,
                                        const ApplicationRecord &existing, const QString &where)
{
    if (existing.charm != app.charm)
        throw BerthError(tr("%1 runs charm %2 in the model; the bundle asks for "
                            "charm %3")
                             .arg(where, existing.charm, app.charm));
    if (!app.base.isEmpty() && existing.base != app.base)
        throw BerthError(tr("%1 is on %2 in the model; the bundle asks for %3 "
                            "(a base is never changed)")
                             .arg(where, existing.base, app.base));
    if (existing.subordinate != app.subordinate)
        throw BerthError(tr("%1 is %2 in the model; the bundle makes it %3")
                             .arg(where,
                                  existing.subordinate ? tr("a subordinate") : tr("a principal"),
                                  app.subordinate ? tr("a subordinate") : tr("a principal")));
}

BundlePlan::Model BundleDeployment::picture()
{
    BundlePlan::Model picture;
    picture.defaultBase = m_tx.model().config.defaultBase();
    for (const ApplicationRecord &a : m_before.applications) {
        const QJsonObject d = m_details.value(a.id);
        BundlePlan::Application app;
        app.charm = a.charm;
        app.base = a.base;
        app.channel = d.value(QStringLiteral("channel")).toString();
        app.constraints = a.constraints.toString();
        app.options = d.value(QStringLiteral("options")).toObject();
        app.annotations =
            BundleCommands::annotationsOf(a.id, d, m_before.policies, m_before.spreads);
        app.exposed = d.value(QStringLiteral("expose")).toBool();
        picture.applications.insert(a.name, app);
    }
    for (const UnitRecord &u : m_before.units) {
        if (!u.subordinate)
            picture.applications[u.application].units << BundlePlan::Unit{u.name(), u.machine};
    }
    QHash<qint64, QJsonObject> marked;
    for (const BundleRows::MachineMark &mark : m_rows.machineMarks())
        marked.insert(mark.machineId, mark.annotations);
    for (const MachineRecord &m : m_before.machines) {
        if (m.state.isAlive())
            picture.machines.insert(m.name, {m.base, marked.value(m.id)});
    }
    for (const BundleRows::EndpointRelation &r : m_rows.endpointRelations())
        picture.relations.append({r.first, r.second});
    for (const RelationRecord &r : m_before.relations)
        picture.relations.append({r.subordinate, r.principal});
    picture.machineMap = machineMap();
    picture.sequences = m_tx.scope().sequences();
    return picture;
}

QHash<QString, QString> BundleDeployment::machineMap()
{
    QHash<QString, QString> map;
    QHash<qint64, const MachineRecord *> alive;
    QSet<QString> aliveNames;
    for (const MachineRecord &m : m_before.machines) {
        if (m.state.isAlive()) {
            alive.insert(m.id, &m);
            aliveNames << m.name;
        }
    }
    QSet<QString> taken;
    const QHash<QString, const Bundle::Machine *> bundleMachines = m_bundle.machinesById();
    for (const BundleRows::MachineMark &mark : m_rows.machineMarks()) {
        const MachineRecord *m = alive.value(mark.machineId);
        if (m && mark.bundle == m_bundle.name && bundleMachines.contains(mark.bundleMachine)) {
            map.insert(mark.bundleMachine, m->name);
            taken.insert(m->name);
        }
    }
    const BundleCommands::MachineMap &given = m_request.map;
    for (auto it = given.machines.cbegin(); it != given.machines.cend(); ++it) {
        if (!bundleMachines.contains(it.key()))
            throw BerthError(
                tr("--map-machines %1=%2: the bundle has no machine %1").arg(it.key(), it.value()));
        if (!aliveNames.contains(it.value()))
            throw BerthError(tr("--map-machines %1=%2: machine %2 is not in the model")
                                 .arg(it.key(), it.value()));
        map.insert(it.key(), it.value());
    }
    if (given.existing) {
        for (const Bundle::Machine &m : m_bundle.machines) {
            if (!map.contains(m.id) && aliveNames.contains(m.id) && !taken.contains(m.id))
                map.insert(m.id, m.id);
        }
    }
    return map;
}

void BundleDeployment::apply(const BundlePlan::Change &change)
{
    const QString &method = change.method;
    if (method == u"deploy") {
        deploy(*m_bundle.application(change.application));
    } else if (method == u"setOptions") {
        editDetails(change.application, [&](QJsonObject &d) {
            QJsonObject options = d.value(QStringLiteral("options")).toObject();
            for (auto it = change.values.begin(); it != change.values.end(); ++it)
                options.insert(it.key(), it.value());
            d.insert(QStringLiteral("options"), options);
        });
    } else if (method == u"setConstraints") {
        m_apps.setConstraints(m_model, change.application, change.constraints);
        m_principals.remove(change.application);
    } else if (method == u"expose") {
        editDetails(change.application,
                    [](QJsonObject &d) { d.insert(QStringLiteral("expose"), true); });
    } else if (method == u"setAnnotations") {
        setAnnotations(change);
    } else if (method == u"addMachines") {
        makeMachine(change);
    } else if (method == u"addUnit") {
        addUnit(change);
    } else if (method == u"addRelation") {
        relate(change);
    }
}

void BundleDeployment::deploy(const Bundle::Application &app)
{
    ApplicationCommands::Deploy d;
    d.charm = app.charm;
    d.application = app.name;
    d.base = app.base;
    d.count = app.subordinate ? 1 : 0; // a subordinate's units come with relations
    d.constraints = app.constraints;
    d.subordinate = app.subordinate;
    m_apps.deploy(m_model, d);
    QJsonObject details = BundleCommands::originOf(app);
    if (!app.options.isEmpty())
        details.insert(QStringLiteral("options"), app.options);
    const ApplicationRecord record = m_tx.applications().get(app.name);
    m_rows.setDetails(record, details);
    m_details.insert(record.id, details);
}

template <typename Edit> void BundleDeployment::editDetails(const QString &app, Edit edit)
{
    const ApplicationRecord record = m_tx.applications().get(app);
    QJsonObject details = m_details.value(record.id);
    edit(details);
    m_rows.setDetails(record, details);
    m_details.insert(record.id, details);
}

void BundleDeployment::setAnnotations(const BundlePlan::Change &change)
{
    if (!change.bundleMachine.isEmpty()) {
        const MachineRecord machine = m_tx.machines().get(change.machine);
        QJsonObject annotations;
        for (const BundleRows::MachineMark &mark : m_rows.machineMarks()) {
            if (mark.machineId == machine.id)
                annotations = mark.annotations;
        }
        for (auto it = change.values.begin(); it != change.values.end(); ++it)
            annotations.insert(it.key(), it.value());
        m_rows.markMachine(
            machine, {machine.id, machine.name, m_bundle.name, change.bundleMachine, annotations});
        return;
    }
    // An application's: Berth's policies travel among them, the rest is kept.
    const ApplicationRecord record = m_tx.applications().get(change.application);
    const QString where = tr("application \"%1\"").arg(record.name);
    QHash<QString, QJsonObject> policies;
    for (const PolicyRecord &p : PolicyRows(m_tx.scope()).ofModel()) {
        if (p.applicationId == record.id)
            policies.insert(p.kind, p.spec);
    }
    for (const QJsonObject &spec : BundleCommands::policySpecs(change.values, where)) {
        if (policies.value(ScalingCommands::policyKind(spec)) != spec)
            ScalingCommands(m_ws).setPolicy(m_model, record.name, spec);
    }
    const QList<SpreadConstraint> spreads = SpreadRows(m_tx.scope()).of(record.id);
    for (const SpreadConstraint &spread : BundleCommands::spreadsFrom(change.values, where)) {
        if (!spreads.contains(spread))
            SpreadCommands(m_ws).set(m_model, record.name, spread);
    }
    editDetails(record.name, [&](QJsonObject &d) {
        QJsonObject annotations = d.value(QStringLiteral("annotations")).toObject();
        const QJsonObject plain = BundleCommands::withoutPolicies(change.values);
        for (auto it = plain.begin(); it != plain.end(); ++it)
            annotations.insert(it.key(), it.value());
        if (annotations.isEmpty())
            d.remove(QStringLiteral("annotations"));
        else
            d.insert(QStringLiteral("annotations"), annotations);
    });
}

const BundleDeployment::Principal &BundleDeployment::principal(const QString &app)
{
    auto it = m_principals.find(app);
    if (it == m_principals.end()) {
        const ApplicationRecord record = m_tx.applications().get(app);
        it = m_principals.insert(app, {record, UnitPlacer(m_tx).unitConstraints(record, {})});
    }
    return *it;
}

UnitPlacer::Slot BundleDeployment::nextSlot(const ApplicationRecord &app)
{
    if (m_newHosts.isEmpty()) {
        // How many new machines the plan makes for each application's units.
        for (const BundlePlan::Change &c : std::as_const(m_plan)) {
            const bool newHost =
                (c.method == u"addUnit" && c.makesMachine && !c.machine.contains(u'/')) ||
                (c.method == u"addMachines" && c.parent.isEmpty() && c.bundleMachine.isEmpty());
            if (newHost)
                ++m_newHosts[c.application];
        }
    }
    auto it = m_slots.find(app.name);
    if (it == m_slots.end()) {
        const qint64 count = m_newHosts.value(app.name);
        const ApplicationScaling scaling(m_tx, app);
        const ApplicationPolicies &policies = scaling.policies();
        it =
            m_slots.insert(app.name, policies.region || policies.zone ? scaling.creationSlots(count)
                                                                      : QList<UnitPlacer::Slot>());
    }
    return it->isEmpty() ? UnitPlacer::Slot{} : it->takeFirst();
}

void BundleDeployment::makeMachine(const BundlePlan::Change &change)
{
    if (!change.bundleMachine.isEmpty()) {
        MachineCommands::AddMachine add;
        add.base = change.base;
        add.constraints = change.constraints;
        add.name = change.machine;
        QList<MachineRecord> made;
        MachineCommands(m_ws).addMachines(m_model, add, {}, &made);
        m_rows.markMachine(
            made.first(),
            {made.first().id, made.first().name, m_bundle.name, change.bundleMachine, {}});
        m_made.insert(made.first().name, made.first());
        return;
    }
    // A machine or container for a unit of the application, as its units get them.
    const Principal &made = principal(change.application);
    const ApplicationRecord &app = made.app;
    const FormattedConstraints &constraints = made.constraints;
    MachineRows rows = m_tx.machines();
    MachineRows::NewMachine spec;
    spec.base = app.base;
    spec.constraints = constraints;
    spec.forUnit = true;
    spec.name = change.machine;
    if (change.parent.isEmpty()) {
        const UnitPlacer::Slot slot = nextSlot(app);
        spec.region = slot.region.isEmpty() ? m_tx.model().region : slot.region;
        spec.placement = DirectivePlacement::forUnit(std::nullopt, slot.zone).placement;
        m_made.insert(change.machine, rows.create(spec));
        return;
    }
    MachineRecord host;
    if (change.newParent) {
        MachineRows::NewMachine hostSpec = spec;
        hostSpec.constraints = FormattedConstraints(m_tx.model().constraints);
        hostSpec.region = m_tx.model().region;
        hostSpec.name = change.parent;
        host = rows.create(hostSpec);
    } else {
        host = rows.get(change.parent);
    }
    if (const QString problem =
            PlacementRules::containerProblem(tr("the container"), constraints.value, host);
        !problem.isEmpty())
        throw BerthError(problem);
    spec.parent = &host;
    spec.region = host.region;
    m_made.insert(change.machine, rows.create(spec));
}

void BundleDeployment::addUnit(const BundlePlan::Change &change)
{
    const Principal &principal = this->principal(change.application);
    const ApplicationRecord &app = principal.app;
    UnitPlacer placer(m_tx);
    if (const auto made = m_made.constFind(change.machine); made != m_made.cend()) {
        // A machine this plan made: no need to read it again.
        const UnitRecord unit = placer.addUnitOn(app, principal.constraints, *made);
        if (unit.name() != change.unit)
            throw BerthError(tr("unit %1 was made where the plan said %2; nothing was changed")
                                 .arg(unit.name(), change.unit));
        return;
    }
    std::optional<PlacementDirective> directive;
    UnitPlacer::Slot slot;
    const QString host = change.machine.section(u'/', 0, 0);
    if (!change.makesMachine)
        directive = PlacementDirective::parse(change.machine).directive;
    else if (change.machine.contains(u'/'))
        directive = PlacementDirective::parse(QStringLiteral("lxd:") + host).directive;
    else
        slot = nextSlot(app);
    slot.machineName = change.makesMachine ? change.machine : QString();
    const UnitRecord unit = placer.addUnit(app, principal.constraints, directive, slot);
    if (unit.name() != change.unit || unit.machine != change.machine)
        throw BerthError(tr("unit %1 went to machine %2 where the plan said %3 on machine %4; "
                            "nothing was changed")
                             .arg(unit.name(), unit.machine, change.unit, change.machine));
}

void BundleDeployment::relate(const BundlePlan::Change &change)
{
    const ApplicationRecord a = m_tx.applications().get(Bundle::applicationOf(change.endpoint1));
    const ApplicationRecord b = m_tx.applications().get(Bundle::applicationOf(change.endpoint2));
    if (a.subordinate != b.subordinate) {
        // A subordinate relation places the subordinate's units.
        const ApplicationRecord &sub = a.subordinate ? a : b;
        const ApplicationRecord &principal = a.subordinate ? b : a;
        if (!m_tx.applications().hasRelation(sub, principal))
            m_apps.relate(m_model, sub.name, principal.name);
    }
    m_rows.addEndpointRelation(a, change.endpoint1.section(u':', 1), b,
                               change.endpoint2.section(u':', 1));
}

} // namespace berth
