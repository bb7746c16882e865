#include "core/commands/bundledeployment.h"

#include "core/bertherror.h"
#include "core/commands/machinecommands.h"
#include "core/commands/scalingcommands.h"

#include <functional>

namespace berth {

namespace {

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
    , m_storedDetails(m_rows.details())
{
    for (const UnitRecord &u : m_before.units)
        ++m_unitsBefore[u.application];
}

CommandResult BundleDeployment::run()
{
    // Applications: made, or checked and brought up to date.
    for (const Bundle::Application &app : m_bundle.applications)
        deployApplication(app);
    // Bundle machines: found again, mapped, or made when a new unit needs one.
    mapMachines();
    // Units: those the model lacks, where the bundle places them.
    for (const Bundle::Application *app : placementOrder(m_bundle)) {
        if (!app->subordinate)
            addUnits(*app);
    }
    // Relations: subordinate ones place the subordinate's units.
    addRelations();
    return {m_lines, m_bundle.warnings};
}

void BundleDeployment::deployApplication(const Bundle::Application &app)
{
    const QString where = tr("application \"%1\"").arg(app.name);
    // Read first: a bad annotation changes nothing.
    const QList<QJsonObject> specs = BundleCommands::policySpecs(app.annotations, where);
    if (const std::optional<ApplicationRecord> existing = m_tx.applications().find(app.name)) {
        checkApplication(app, *existing, where);
    } else {
        ApplicationCommands::Deploy d;
        d.charm = app.charm;
        d.application = app.name;
        d.base = app.base;
        d.count = app.subordinate ? 1 : 0; // a subordinate's units come with relations
        d.constraints = app.constraints;
        d.subordinate = app.subordinate;
        m_apps.deploy(m_model, d);
        const ApplicationRecord made = m_tx.applications().get(app.name);
        m_lines << tr("deploy application %1 from charm %2 on %3")
                           .arg(app.name, app.charmUrl, made.base) +
                       (app.channel.isEmpty() ? QString()
                                              : tr(" with channel %1").arg(app.channel));
    }
    const ApplicationRecord record = m_tx.applications().get(app.name);
    updateDetails(app, record);
    updatePolicies(app, record, specs);
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
    if (!app.subordinate && existing.constraints.toString() != app.constraints) {
        m_apps.setConstraints(m_model, app.name, app.constraints);
        m_lines << tr("set constraints for %1 to \"%2\"").arg(app.name, app.constraints);
    }
}

void BundleDeployment::updateDetails(const Bundle::Application &app,
                                     const ApplicationRecord &record)
{
    const QJsonObject details = BundleCommands::detailsOf(app);
    const QJsonObject stored = m_storedDetails.value(record.id);
    if (details == stored)
        return;
    m_rows.setDetails(record, details);
    const auto changed = [&](const QString &key) {
        return details.value(key) != stored.value(key);
    };
    if (changed(QStringLiteral("options")))
        m_lines << tr("set options for %1").arg(app.name);
    if (changed(QStringLiteral("annotations")))
        m_lines << tr("set annotations for %1").arg(app.name);
    if (changed(QStringLiteral("expose")))
        m_lines << (app.expose ? tr("expose all endpoints of %1").arg(app.name)
                               : tr("unexpose %1").arg(app.name));
}

void BundleDeployment::updatePolicies(const Bundle::Application &app,
                                      const ApplicationRecord &record,
                                      const QList<QJsonObject> &specs)
{
    QHash<QString, QJsonObject> policies;
    for (const PolicyRecord &p : m_before.policies) {
        if (p.applicationId == record.id)
            policies.insert(p.kind, p.spec);
    }
    for (const QJsonObject &spec : specs) {
        const QString kind = ScalingCommands::policyKind(spec);
        if (policies.value(kind) == spec)
            continue;
        ScalingCommands(m_ws).setPolicy(m_model, app.name, spec);
        m_lines << tr("set %1 policy of %2").arg(kind, app.name);
    }
}

void BundleDeployment::mapMachines()
{
    QHash<qint64, const MachineRecord *> machineById;
    for (const MachineRecord &m : m_before.machines) {
        if (m.state.isAlive()) {
            m_machineNamed.insert(m.name, &m);
            machineById.insert(m.id, &m);
        }
    }
    QSet<QString> taken;
    for (const BundleRows::MachineMark &mark : m_rows.machineMarks()) {
        const MachineRecord *m = machineById.value(mark.machineId);
        if (m && mark.bundle == m_bundle.name && m_bundle.machine(mark.bundleMachine)) {
            m_machineOf.insert(mark.bundleMachine, m->name);
            taken.insert(m->name);
        }
    }
    const BundleCommands::MachineMap &map = m_request.map;
    for (auto it = map.machines.cbegin(); it != map.machines.cend(); ++it) {
        if (!m_bundle.machine(it.key()))
            throw BerthError(
                tr("--map-machines %1=%2: the bundle has no machine %1").arg(it.key(), it.value()));
        if (!m_machineNamed.contains(it.value()))
            throw BerthError(tr("--map-machines %1=%2: machine %2 is not in the model")
                                 .arg(it.key(), it.value()));
        m_machineOf.insert(it.key(), it.value());
    }
    if (map.existing) {
        for (const Bundle::Machine &m : m_bundle.machines) {
            if (!m_machineOf.contains(m.id) && m_machineNamed.contains(m.id) &&
                !taken.contains(m.id))
                m_machineOf.insert(m.id, m.id);
        }
    }
}

QString BundleDeployment::modelMachine(const QString &bundleMachine)
{
    const auto found = m_machineOf.constFind(bundleMachine);
    if (found != m_machineOf.cend())
        return *found;
    const Bundle::Machine *spec = m_bundle.machine(bundleMachine);
    MachineCommands::AddMachine add;
    add.base = spec->base;
    add.constraints = spec->constraints;
    QList<MachineRecord> made;
    MachineCommands(m_ws).addMachines(m_model, add, {}, &made);
    m_rows.markMachine(made.first(), {made.first().id, made.first().name, m_bundle.name, spec->id,
                                      spec->annotations});
    m_lines << tr("add new machine %1 (bundle machine %2)").arg(made.first().name, spec->id);
    m_machineOf.insert(bundleMachine, made.first().name);
    return made.first().name;
}

void BundleDeployment::addUnits(const Bundle::Application &app)
{
    qint64 toNewMachines = 0;
    for (qint64 i = m_unitsBefore.value(app.name); i < app.units; ++i) {
        const QString entry = i < app.to.size() ? app.to.at(i) : QStringLiteral("new");
        const Bundle::Placement p = Bundle::placementOf(entry);
        const QString host = hostOf(app, p, entry, i);
        if (host.isEmpty() && !p.container) {
            ++toNewMachines; // together, so a placement policy spreads them
            continue;
        }
        const QString directive =
            p.container ? (host.isEmpty() ? QStringLiteral("lxd") : QStringLiteral("lxd:") + host)
                        : host;
        QList<UnitRecord> added;
        m_apps.addUnits(m_model, app.name, 1, directive, {}, &added);
        for (const UnitRecord &u : added)
            m_lines << tr("add unit %1 to %2").arg(u.name(), u.machine);
    }
    if (toNewMachines > 0) {
        QList<UnitRecord> added;
        m_apps.addUnits(m_model, app.name, int(toNewMachines), {}, {}, &added);
        for (const UnitRecord &u : added)
            m_lines << tr("add unit %1 to new machine %2").arg(u.name(), u.machine);
    }
}

QString BundleDeployment::hostOf(const Bundle::Application &app, const Bundle::Placement &placement,
                                 const QString &entry, qint64 i)
{
    switch (placement.kind) {
    case Bundle::Placement::Kind::New:
        return {};
    case Bundle::Placement::Kind::Machine:
        return modelMachine(placement.target);
    case Bundle::Placement::Kind::Unit:
    case Bundle::Placement::Kind::Application:
        break;
    }
    QString unitName = placement.target;
    if (placement.kind == Bundle::Placement::Kind::Application) {
        const QList<UnitRecord> peers =
            m_tx.units().ofApplication(m_tx.applications().get(placement.target).id);
        if (peers.isEmpty())
            throw BerthError(tr("application \"%1\": placement \"%2\" names "
                                "an application without units")
                                 .arg(app.name, entry));
        unitName = peers.at(i % peers.size()).name();
    }
    const QString host = m_tx.units().get(unitName).machine;
    if (host.isEmpty())
        throw BerthError(tr("application \"%1\": placement \"%2\": unit %3 "
                            "has no machine")
                             .arg(app.name, entry, unitName));
    // A container beside a unit goes on its top-level machine.
    return placement.container ? host.section(QStringLiteral("/lxd/"), 0, 0) : host;
}

void BundleDeployment::addRelations()
{
    QList<Bundle::Relation> present;
    for (const BundleRows::EndpointRelation &r : m_rows.endpointRelations())
        present.append({r.first, r.second});
    for (const RelationRecord &r : m_before.relations)
        present.append({r.subordinate, r.principal});
    for (const Bundle::Relation &r : m_bundle.relations) {
        if (std::any_of(present.cbegin(), present.cend(),
                        [&](const Bundle::Relation &p) { return p.sameAs(r); }))
            continue;
        const ApplicationRecord a = m_tx.applications().get(Bundle::applicationOf(r.first));
        const ApplicationRecord b = m_tx.applications().get(Bundle::applicationOf(r.second));
        if (a.subordinate != b.subordinate) {
            const ApplicationRecord &sub = a.subordinate ? a : b;
            const ApplicationRecord &principal = a.subordinate ? b : a;
            if (!m_tx.applications().hasRelation(sub, principal))
                m_apps.relate(m_model, sub.name, principal.name);
        }
        m_rows.addEndpointRelation(a, r.first.section(u':', 1), b, r.second.section(u':', 1));
        present.append(r);
        m_lines << tr("add relation %1 - %2").arg(r.first, r.second);
    }
}

} // namespace berth
