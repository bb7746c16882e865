#include "cli/statusreport.h"

#include "cli/output.h"

#include <QHash>
#include <QJsonArray>
#include <QSet>

#include <functional>

namespace berth {

namespace StatusReport {

namespace {

QJsonObject statusObject(const QString &current, const QString &message)
{
    return QJsonObject{{QStringLiteral("current"), current}, {QStringLiteral("message"), message}};
}

QJsonObject machineJsonOf(const MachineRecord &m)
{
    return QJsonObject{
        {QStringLiteral("base"), m.base},
        {QStringLiteral("constraints"), m.constraints},
        {QStringLiteral("placement"), m.placement},
        {QStringLiteral("life"), MachineState::text(m.state.life)},
        {QStringLiteral("machine-status"),
         statusObject(MachineState::text(m.state.status), m.machineMessage)},
        {QStringLiteral("instance-status"),
         statusObject(MachineState::text(m.state.instance), m.instanceMessage)},
        {QStringLiteral("instance-id"), m.instanceId},
        {QStringLiteral("instance-type"), m.instanceType},
        {QStringLiteral("region"), m.region},
        {QStringLiteral("zone"), m.zone},
        {QStringLiteral("hardware"), m.hardware},
    };
}

// Nests containers under their hosts, to any depth.
QJsonObject machinesTreeOf(const QList<MachineRecord> &machines)
{
    QHash<qint64, QList<const MachineRecord *>> childrenOf;
    for (const MachineRecord &m : machines)
        childrenOf[m.parentId].append(&m);
    std::function<QJsonObject(qint64)> level = [&](qint64 parent) {
        QJsonObject result;
        for (const MachineRecord *m : childrenOf.value(parent)) {
            QJsonObject object = machineJsonOf(*m);
            const QJsonObject containers = level(m->id);
            if (!containers.isEmpty())
                object.insert(QStringLiteral("containers"), containers);
            result.insert(m->name, object);
        }
        return result;
    };
    return level(0);
}

} // namespace

QJsonObject toJson(const ModelSnapshot &s)
{
    QJsonObject model{
        {QStringLiteral("name"), s.model.name},
        {QStringLiteral("uuid"), s.model.uuid},
        {QStringLiteral("cloud"), s.model.cloud},
        {QStringLiteral("region"), s.model.region},
        {QStringLiteral("constraints"), s.model.constraints.toString()},
        {QStringLiteral("harvest-mode"), s.model.config.harvestMode()},
    };

    QHash<qint64, QJsonObject> subordinatesOf;
    for (const UnitRecord &u : s.units) {
        if (u.subordinate && u.principalId != 0)
            subordinatesOf[u.principalId].insert(u.name(), QJsonObject{});
    }
    QHash<qint64, QJsonObject> unitsOf;
    for (const UnitRecord &u : s.units) {
        if (u.subordinate)
            continue;
        QJsonObject unit{{QStringLiteral("machine"), u.machine},
                         {QStringLiteral("constraints"), u.constraints}};
        const auto subs = subordinatesOf.constFind(u.id);
        if (subs != subordinatesOf.cend())
            unit.insert(QStringLiteral("subordinates"), *subs);
        unitsOf[u.applicationId].insert(u.name(), unit);
    }
    QHash<QString, QStringList> relatedTo;
    for (const RelationRecord &r : s.relations) {
        relatedTo[r.subordinate] << r.principal;
        relatedTo[r.principal] << r.subordinate;
    }

    QJsonObject applications;
    for (const ApplicationRecord &a : s.applications) {
        QJsonObject app{{QStringLiteral("charm"), a.charm},
                        {QStringLiteral("base"), a.base},
                        {QStringLiteral("subordinate"), a.subordinate},
                        {QStringLiteral("constraints"), a.constraints.toString()}};
        if (a.subordinate) {
            app.insert(QStringLiteral("subordinate-to"),
                       QJsonArray::fromStringList(relatedTo.value(a.name)));
        } else {
            app.insert(QStringLiteral("units"), unitsOf.value(a.id));
            if (relatedTo.contains(a.name))
                app.insert(QStringLiteral("relations"),
                           QJsonArray::fromStringList(relatedTo.value(a.name)));
        }
        applications.insert(a.name, app);
    }
    return QJsonObject{{QStringLiteral("model"), model},
                       {QStringLiteral("applications"), applications},
                       {QStringLiteral("machines"), machinesTreeOf(s.machines)}};
}

QString toTable(const ModelSnapshot &s)
{
    Output::Table model({QStringLiteral("Model"), QStringLiteral("Cloud/Region"),
                         QStringLiteral("Harvest"), QStringLiteral("Constraints")});
    model.addRow({s.model.name, s.model.cloud + u'/' + s.model.region, s.model.config.harvestMode(),
                  s.model.constraints.toString()});

    QHash<qint64, int> unitCount;
    for (const UnitRecord &u : s.units)
        ++unitCount[u.applicationId];
    Output::Table apps({QStringLiteral("App"), QStringLiteral("Charm"), QStringLiteral("Base"),
                        QStringLiteral("Units"), QStringLiteral("Constraints")});
    for (const ApplicationRecord &a : s.applications) {
        apps.addRow({a.name + (a.subordinate ? QStringLiteral(" (subordinate)") : QString()),
                     a.charm, a.base, QString::number(unitCount.value(a.id)),
                     a.constraints.toString()});
    }

    QHash<qint64, QList<const UnitRecord *>> subordinatesOf;
    for (const UnitRecord &u : s.units) {
        if (u.subordinate)
            subordinatesOf[u.principalId].append(&u);
    }
    Output::Table units(
        {QStringLiteral("Unit"), QStringLiteral("Machine"), QStringLiteral("Constraints")});
    for (const UnitRecord &u : s.units) {
        if (u.subordinate)
            continue;
        units.addRow({u.name(), u.machine, u.constraints});
        for (const UnitRecord *sub : subordinatesOf.value(u.id))
            units.addRow({QStringLiteral("  ") + sub->name(), sub->machine, QString()});
    }

    QString text = model.render();
    if (!apps.isEmpty())
        text += u'\n' + apps.render();
    if (!units.isEmpty())
        text += u'\n' + units.render();
    if (!s.machines.isEmpty())
        text += u'\n' + machinesTable(s.machines);
    return text;
}

QJsonObject machineJson(const MachineRecord &machine)
{
    return machineJsonOf(machine);
}

QJsonObject machinesJson(const QList<MachineRecord> &machines)
{
    return machinesTreeOf(machines);
}

QString machinesTable(const QList<MachineRecord> &list)
{
    Output::Table machines(
        {QStringLiteral("Machine"), QStringLiteral("Life"), QStringLiteral("Status"),
         QStringLiteral("Inst id"), QStringLiteral("Inst status"), QStringLiteral("Type"),
         QStringLiteral("Region"), QStringLiteral("Zone"), QStringLiteral("Base"),
         QStringLiteral("Constraints"), QStringLiteral("Message")});
    // Containers under their hosts, indented, as Juju shows them.
    QHash<qint64, QList<const MachineRecord *>> containersOf;
    QSet<qint64> ids;
    for (const MachineRecord &m : list)
        ids.insert(m.id);
    for (const MachineRecord &m : list) {
        if (m.isContainer() && ids.contains(m.parentId))
            containersOf[m.parentId] << &m;
    }
    const std::function<void(const MachineRecord &, const QString &)> addMachine =
        [&](const MachineRecord &m, const QString &indent) {
            const QString message =
                m.instanceMessage.isEmpty() ? m.machineMessage : m.instanceMessage;
            machines.addRow({indent + m.name, MachineState::text(m.state.life),
                             MachineState::text(m.state.status), m.instanceId,
                             MachineState::text(m.state.instance), m.instanceType, m.region, m.zone,
                             m.base, m.constraints, message});
            for (const MachineRecord *c : containersOf.value(m.id))
                addMachine(*c, indent + QStringLiteral("  "));
        };
    for (const MachineRecord &m : list) {
        if (!m.isContainer() || !ids.contains(m.parentId))
            addMachine(m, {});
    }

    return machines.render();
}

} // namespace StatusReport

} // namespace berth
