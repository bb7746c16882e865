#include "ui/modelactions.h"

#include "core/model/snapshotindex.h"

#include <QAction>
#include <QKeySequence>

namespace berth {

namespace {

// "machine 3 (instance i-0003)", or "machine 3" while it has none.
QString machineWords(const MachineRecord &m)
{
    return m.instanceId.isEmpty()
               ? ModelActions::tr("machine %1").arg(m.name)
               : ModelActions::tr("machine %1 (instance %2)").arg(m.name, m.instanceId);
}

// The machines made for `units` that go with them: each hosts no other unit.
QStringList machinesGoingWith(const ModelSnapshot &snapshot, const QSet<qint64> &unitIds)
{
    QHash<qint64, int> staying; // machine -> principal units not going
    QSet<qint64> hosts;
    for (const UnitRecord &u : snapshot.units) {
        if (u.subordinate || u.machineId == 0)
            continue;
        if (unitIds.contains(u.id))
            hosts.insert(u.machineId);
        else
            ++staying[u.machineId];
    }
    QStringList words;
    for (const MachineRecord &m : snapshot.machines) {
        if (hosts.contains(m.id) && m.forUnit && staying.value(m.id) == 0 && m.state.isAlive())
            words << machineWords(m);
    }
    return words;
}

QString stopping(const QStringList &machines)
{
    if (machines.isEmpty())
        return ModelActions::tr("No machine is stopped.");
    return ModelActions::tr("This stops %1.").arg(machines.join(QStringLiteral(", ")));
}

} // namespace

ModelActions::ModelActions(Host host, QObject *parent)
    : QObject(parent)
    , m_host(std::move(host))
    , m_removeUnits(new QAction(tr("Remove &unit…"), this))
    , m_removeApplications(new QAction(tr("Remove &application…"), this))
    , m_removeMachines(new QAction(tr("Remove &machine…"), this))
    , m_placeOn(new QAction(tr("Place &on…"), this))
    , m_relate(new QAction(tr("&Relate to…"), this))
    , m_removeRelation(new QAction(tr("Remove r&elation…"), this))
{
    m_relate->setToolTip(tr("Relate the selected application to a subordinate or principal "
                            "application: a subordinate unit goes on every principal's machine"));
    m_removeRelation->setToolTip(
        tr("Remove one of the selected application's relations, and the subordinate units it "
           "placed"));
    connect(m_relate, &QAction::triggered, this, &ModelActions::relateSelected);
    connect(m_removeRelation, &QAction::triggered, this, &ModelActions::removeSelectedRelation);
    m_removeUnits->setToolTip(tr("Remove the selected units (their machines go with them when "
                                 "made for them)"));
    m_removeApplications->setToolTip(tr("Remove the selected application and all its units"));
    m_removeMachines->setToolTip(
        tr("Remove the selected machines, with the units and containers they host"));
    m_placeOn->setToolTip(tr("Put the selected unplaced units on a machine you choose"));
    m_removeUnits->setShortcut(QKeySequence::Delete);
    m_placeOn->setShortcut(Qt::CTRL | Qt::SHIFT | Qt::Key_L);
    connect(m_removeUnits, &QAction::triggered, this, &ModelActions::removeSelectedUnits);
    connect(m_removeApplications, &QAction::triggered, this,
            &ModelActions::removeSelectedApplications);
    connect(m_removeMachines, &QAction::triggered, this, &ModelActions::removeSelectedMachines);
    connect(m_placeOn, &QAction::triggered, this, &ModelActions::placeSelectedUnits);
    updateEnabled();
}

void ModelActions::updateEnabled()
{
    const QStringList units = m_host.selectedUnits();
    m_removeUnits->setEnabled(!units.isEmpty());
    const QStringList apps = m_host.selectedApplications();
    m_removeApplications->setEnabled(!apps.isEmpty());
    m_relate->setEnabled(apps.size() == 1 && !relatable(m_host.snapshot(), apps.first()).isEmpty());
    m_removeRelation->setEnabled(apps.size() == 1 &&
                                 !relatedTo(m_host.snapshot(), apps.first()).isEmpty());
    m_removeMachines->setEnabled(!m_host.selectedMachines().isEmpty());
    bool unplaced = !units.isEmpty();
    const SnapshotIndex &index = m_host.index(); // the window's, built once a snapshot
    for (const QString &name : units) {
        const UnitRecord *u = index.unit(name);
        unplaced = unplaced && u && u->machineId == 0 && !u->subordinate;
    }
    m_placeOn->setEnabled(unplaced);
}

QString ModelActions::unitsQuestion(const ModelSnapshot &snapshot, const QStringList &units)
{
    const SnapshotIndex index(snapshot);
    QSet<qint64> ids;
    for (const QString &name : units) {
        if (const UnitRecord *u = index.unit(name))
            ids.insert(u->id);
    }
    return tr("Remove %1?").arg(units.join(QStringLiteral(", "))) + u' ' +
           stopping(machinesGoingWith(snapshot, ids));
}

QString ModelActions::applicationsQuestion(const ModelSnapshot &snapshot, const QStringList &apps)
{
    QSet<qint64> ids;
    int count = 0;
    for (const UnitRecord &u : snapshot.units) {
        if (apps.contains(u.application)) {
            ids.insert(u.id);
            count += u.subordinate ? 0 : 1;
        }
    }
    return tr("Remove %1 and its %n unit(s)?", nullptr, count)
               .arg(apps.join(QStringLiteral(", "))) +
           u' ' + stopping(machinesGoingWith(snapshot, ids));
}

QString ModelActions::machinesQuestion(const ModelSnapshot &snapshot, const QStringList &machines,
                                       bool *force)
{
    const SnapshotIndex index(snapshot);
    QStringList units;
    QStringList stopped;
    for (const QString &name : machines) {
        const MachineRecord *m = index.machine(name);
        if (!m)
            continue;
        stopped << machineWords(*m);
        for (const MachineRecord &c : snapshot.machines) {
            if (c.parentId == m->id)
                stopped << machineWords(c);
        }
        for (const UnitRecord &u : snapshot.units) {
            const MachineRecord *on = index.machine(u.machineId);
            if (!u.subordinate && on && (on->id == m->id || on->parentId == m->id))
                units << u.name();
        }
    }
    *force = !units.isEmpty();
    QString question = tr("Remove machine %1?").arg(machines.join(QStringLiteral(", ")));
    if (!units.isEmpty())
        question += u' ' + tr("Its units go with it: %1.").arg(units.join(QStringLiteral(", ")));
    return question + u' ' + stopping(stopped);
}

void ModelActions::removeSelectedUnits()
{
    const QStringList units = m_host.selectedUnits();
    if (units.isEmpty() ||
        !m_host.confirm(tr("Remove units"), unitsQuestion(m_host.snapshot(), units)))
        return;
    m_host.submit({ModelChange::removeUnits(units)},
                  tr("remove %1").arg(units.join(QStringLiteral(", "))));
}

void ModelActions::removeSelectedApplications()
{
    const QStringList apps = m_host.selectedApplications();
    if (apps.isEmpty() ||
        !m_host.confirm(tr("Remove application"), applicationsQuestion(m_host.snapshot(), apps)))
        return;
    QList<ModelChange> changes;
    for (const QString &app : apps)
        changes << ModelChange::removeApplication(app);
    m_host.submit(changes, tr("remove %1").arg(apps.join(QStringLiteral(", "))));
}

void ModelActions::removeSelectedMachines()
{
    const QStringList machines = m_host.selectedMachines();
    bool force = false;
    if (machines.isEmpty() ||
        !m_host.confirm(tr("Remove machine"),
                        machinesQuestion(m_host.snapshot(), machines, &force)))
        return;
    m_host.submit({ModelChange::removeMachines(machines, force)},
                  tr("remove machine %1").arg(machines.join(QStringLiteral(", "))));
}

QStringList ModelActions::relatable(const ModelSnapshot &snapshot, const QString &app)
{
    const auto a = std::find_if(snapshot.applications.cbegin(), snapshot.applications.cend(),
                                [&](const ApplicationRecord &r) { return r.name == app; });
    if (a == snapshot.applications.cend())
        return {};
    const QStringList related = relatedTo(snapshot, app);
    QStringList names;
    for (const ApplicationRecord &b : snapshot.applications) {
        // A subordinate joins a principal of its base; two principals any.
        const bool joins = a->subordinate ? !b.subordinate && b.base == a->base
                                          : !b.subordinate || b.base == a->base;
        if (joins && b.id != a->id && !related.contains(b.name) &&
            !snapshot.planned.removedApplications.contains(b.id))
            names << b.name;
    }
    return names;
}

QStringList ModelActions::relatedTo(const ModelSnapshot &snapshot, const QString &app)
{
    QStringList names;
    for (const RelationRecord &r : snapshot.relations) {
        if (r.subordinate == app)
            names << r.principal;
        else if (r.principal == app)
            names << r.subordinate;
    }
    for (const IntegrationRecord &i : snapshot.integrations) {
        if (i.first == app)
            names << i.second;
        else if (i.second == app)
            names << i.first;
    }
    return names;
}

void ModelActions::relateSelected()
{
    const QStringList apps = m_host.selectedApplications();
    if (apps.size() != 1)
        return;
    const std::optional<QString> other =
        m_host.chooseItem(tr("Relate"), tr("Relate %1 to:").arg(apps.first()),
                          relatable(m_host.snapshot(), apps.first()));
    if (other)
        relatePair(apps.first(), *other);
}

void ModelActions::relatePair(const QString &first, const QString &second)
{
    const ModelSnapshot &snapshot = m_host.snapshot();
    const ApplicationRecord *a = m_host.index().application(first);
    const ApplicationRecord *b = m_host.index().application(second);
    std::pair<QString, QString> sides{first, second};
    if (a && b && !a->subordinate && !b->subordinate && m_host.chooseEndpoints) {
        const auto chosen = m_host.chooseEndpoints(first, knownEndpoints(snapshot, first), second,
                                                   knownEndpoints(snapshot, second));
        if (!chosen)
            return;
        sides = *chosen;
    }
    m_host.submit({ModelChange::relate(sides.first, sides.second)},
                  tr("relate %1 and %2").arg(sides.first, sides.second));
}

QStringList ModelActions::knownEndpoints(const ModelSnapshot &snapshot, const QString &app)
{
    QStringList endpoints;
    for (const IntegrationRecord &i : snapshot.integrations) {
        if (i.first == app && !i.firstEndpoint.isEmpty())
            endpoints << i.firstEndpoint;
        else if (i.second == app && !i.secondEndpoint.isEmpty())
            endpoints << i.secondEndpoint;
    }
    endpoints.removeDuplicates();
    endpoints.sort();
    return endpoints;
}

void ModelActions::removeSelectedRelation()
{
    const QStringList apps = m_host.selectedApplications();
    if (apps.size() != 1)
        return;
    const std::optional<QString> other = m_host.chooseItem(
        tr("Remove relation"), tr("Remove the relation between %1 and:").arg(apps.first()),
        relatedTo(m_host.snapshot(), apps.first()));
    if (!other)
        return;
    // The subordinate's units on the principal's machines go with the relation.
    const SnapshotIndex index(m_host.snapshot());
    const ApplicationRecord *a = index.application(apps.first());
    const QString subordinate = a && a->subordinate ? apps.first() : *other;
    const QString principal = subordinate == *other ? apps.first() : *other;
    QStringList going;
    for (const UnitRecord &u : m_host.snapshot().units) {
        if (u.application == subordinate && u.principal.section(u'/', 0, 0) == principal)
            going << u.name();
    }
    QString question = tr("Remove the relation between %1 and %2?").arg(subordinate, principal);
    question +=
        u' ' + (going.isEmpty() ? tr("No unit goes with it.")
                                : tr("Its units go: %1.").arg(going.join(QStringLiteral(", "))));
    if (!m_host.confirm(tr("Remove relation"), question))
        return;
    m_host.submit({ModelChange::removeRelation(apps.first(), *other)},
                  tr("remove the relation between %1 and %2").arg(subordinate, principal));
}

void ModelActions::placeSelectedUnits()
{
    const QStringList units = m_host.selectedUnits();
    if (units.isEmpty())
        return;
    const std::optional<QString> target = m_host.chooseTarget(units);
    if (!target)
        return;
    QList<ModelChange> changes;
    for (const QString &unit : units)
        changes << ModelChange::placeUnits({unit}, *target);
    const QString where = target->isEmpty() ? tr("a new machine") : *target;
    m_host.submit(changes, tr("place %1 on %2").arg(units.join(QStringLiteral(", ")), where));
}

} // namespace berth
