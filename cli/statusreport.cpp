#include "cli/statusreport.h"

#include "cli/output.h"
#include "core/model/bundle.h"
#include "core/model/unitstatus.h"

#include <QHash>
#include <QJsonArray>
#include <QSet>

#include <algorithm>
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

// Entries as one object, put in in key order: QJsonObject keeps its keys
// sorted, and an entry put before others moves them all (20,000 machines:
// seconds instead of milliseconds).
QJsonObject objectOf(QList<std::pair<QString, QJsonValue>> entries)
{
    std::sort(entries.begin(), entries.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    QJsonObject object;
    for (auto &[key, value] : entries)
        object.insert(key, value);
    return object;
}

// Nests containers under their hosts, to any depth.
QJsonObject machinesTreeOf(const QList<MachineRecord> &machines)
{
    QHash<qint64, QList<const MachineRecord *>> childrenOf;
    for (const MachineRecord &m : machines)
        childrenOf[m.parentId].append(&m);
    std::function<QJsonObject(qint64)> level = [&](qint64 parent) {
        QList<std::pair<QString, QJsonValue>> entries;
        for (const MachineRecord *m : childrenOf.value(parent)) {
            QJsonObject object = machineJsonOf(*m);
            const QJsonObject containers = level(m->id);
            if (!containers.isEmpty())
                object.insert(QStringLiteral("containers"), containers);
            entries.append({m->name, object});
        }
        return objectOf(std::move(entries));
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

    QHash<qint64, const MachineRecord *> machineById;
    for (const MachineRecord &m : s.machines)
        machineById.insert(m.id, &m);
    QHash<qint64, QList<UnitStatus>> statusesOf;
    const auto statusOf = [&](const UnitRecord &u) {
        const UnitStatus status = UnitStatus::of(machineById.value(u.machineId));
        statusesOf[u.applicationId] << status;
        return QJsonObject{
            {QStringLiteral("workload-status"), statusObject(status.workload, status.message)},
            {QStringLiteral("juju-status"), statusObject(status.agent, {})}};
    };
    QHash<qint64, QJsonObject> subordinatesOf;
    for (const UnitRecord &u : s.units) {
        if (u.subordinate && u.principalId != 0)
            subordinatesOf[u.principalId].insert(u.name(), statusOf(u));
    }
    QHash<qint64, QList<std::pair<QString, QJsonValue>>> unitEntriesOf;
    for (const UnitRecord &u : s.units) {
        if (u.subordinate)
            continue;
        QJsonObject unit = statusOf(u);
        unit.insert(QStringLiteral("machine"), u.machine);
        unit.insert(QStringLiteral("constraints"), u.constraints);
        const auto subs = subordinatesOf.constFind(u.id);
        if (subs != subordinatesOf.cend())
            unit.insert(QStringLiteral("subordinates"), *subs);
        unitEntriesOf[u.applicationId].append({u.name(), unit});
    }
    QHash<qint64, QJsonObject> unitsOf;
    for (auto it = unitEntriesOf.begin(); it != unitEntriesOf.end(); ++it)
        unitsOf.insert(it.key(), objectOf(std::move(it.value())));
    QHash<QString, QStringList> relatedTo;
    for (const RelationRecord &r : s.relations) {
        relatedTo[r.subordinate] << r.principal;
        relatedTo[r.principal] << r.subordinate;
    }

    QJsonObject applications;
    for (const ApplicationRecord &a : s.applications) {
        const UnitStatus status = UnitStatus::worst(statusesOf.value(a.id));
        QJsonObject app{
            {QStringLiteral("charm"), a.charm},
            {QStringLiteral("base"), a.base},
            {QStringLiteral("subordinate"), a.subordinate},
            {QStringLiteral("application-status"), statusObject(status.workload, status.message)},
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

const Output::KeyOrder &keyOrder()
{
    // Juju's order: the model, its machines, then its applications; in each
    // entry what it is and its status before the details.
    static const Output::KeyOrder order{QStringLiteral("model"),
                                        QStringLiteral("machines"),
                                        QStringLiteral("applications"),
                                        QStringLiteral("name"),
                                        QStringLiteral("uuid"),
                                        QStringLiteral("cloud"),
                                        QStringLiteral("region"),
                                        QStringLiteral("harvest-mode"),
                                        QStringLiteral("charm"),
                                        QStringLiteral("workload-status"),
                                        QStringLiteral("juju-status"),
                                        QStringLiteral("instance-id"),
                                        QStringLiteral("machine-status"),
                                        QStringLiteral("instance-status"),
                                        QStringLiteral("life"),
                                        QStringLiteral("machine"),
                                        QStringLiteral("base"),
                                        QStringLiteral("instance-type"),
                                        QStringLiteral("zone"),
                                        QStringLiteral("placement"),
                                        QStringLiteral("subordinate"),
                                        QStringLiteral("subordinate-to"),
                                        QStringLiteral("application-status"),
                                        QStringLiteral("constraints"),
                                        QStringLiteral("hardware"),
                                        QStringLiteral("relations"),
                                        QStringLiteral("units"),
                                        QStringLiteral("subordinates"),
                                        QStringLiteral("containers"),
                                        QStringLiteral("current"),
                                        QStringLiteral("message")};
    return order;
}

namespace {

QString colourOf(const QString &status)
{
    // Juju's colours: failures red, what is under way yellow, what is up green.
    static const QSet<QString> red{QStringLiteral("error"), QStringLiteral("failed"),
                                   QStringLiteral("provisioning error")};
    static const QSet<QString> yellow{QStringLiteral("waiting"),   QStringLiteral("allocating"),
                                      QStringLiteral("pending"),   QStringLiteral("provisioning"),
                                      QStringLiteral("executing"), QStringLiteral("terminated"),
                                      QStringLiteral("dying"),     QStringLiteral("dead")};
    static const QSet<QString> green{QStringLiteral("idle"), QStringLiteral("started"),
                                     QStringLiteral("running"), QStringLiteral("alive")};
    if (red.contains(status))
        return QStringLiteral("\x1b[31m");
    if (yellow.contains(status))
        return QStringLiteral("\x1b[33m");
    if (green.contains(status))
        return QStringLiteral("\x1b[32m");
    return {};
}

// Colours the status words of `columns` when `colour`.
void colourColumns(Output::Table &table, bool colour, const QList<int> &columns)
{
    if (colour) {
        table.setColour([columns](int column, const QString &cell) {
            return columns.contains(column) ? colourOf(cell) : QString();
        });
    }
}

} // namespace

QString toTable(const ModelSnapshot &s, const TableOptions &options)
{
    Output::Table model({QStringLiteral("Model"), QStringLiteral("Cloud/Region"),
                         QStringLiteral("Harvest"), QStringLiteral("Constraints")});
    model.addRow({s.model.name, s.model.cloud + u'/' + s.model.region, s.model.config.harvestMode(),
                  s.model.constraints.toString()});

    QHash<qint64, const MachineRecord *> machineById;
    for (const MachineRecord &m : s.machines)
        machineById.insert(m.id, &m);
    QHash<qint64, UnitStatus> statusOf;
    QHash<qint64, QList<UnitStatus>> statusesOf;
    for (const UnitRecord &u : s.units) {
        const UnitStatus status = UnitStatus::of(machineById.value(u.machineId));
        statusOf.insert(u.id, status);
        statusesOf[u.applicationId] << status;
    }

    // Scale as Juju gives it: units whose agent is up, of all ("1/2").
    Output::Table apps({QStringLiteral("App"), QStringLiteral("Status"), QStringLiteral("Scale"),
                        QStringLiteral("Charm"), QStringLiteral("Base"),
                        QStringLiteral("Constraints"), QStringLiteral("Message")});
    colourColumns(apps, options.colour, {1});
    for (const ApplicationRecord &a : s.applications) {
        const QList<UnitStatus> statuses = statusesOf.value(a.id);
        const qsizetype up = std::count_if(statuses.begin(), statuses.end(), [](const auto &u) {
            return u.agent == u"idle" || u.agent == u"executing";
        });
        const UnitStatus status = UnitStatus::worst(statuses);
        apps.addRow({a.name + (a.subordinate ? QStringLiteral(" (subordinate)") : QString()),
                     status.workload,
                     up == statuses.size() ? QString::number(up)
                                           : QStringLiteral("%1/%2").arg(up).arg(statuses.size()),
                     a.charm, a.base, a.constraints.toString(), status.message});
    }

    QHash<qint64, QList<const UnitRecord *>> subordinatesOf;
    for (const UnitRecord &u : s.units) {
        if (u.subordinate)
            subordinatesOf[u.principalId].append(&u);
    }
    Output::Table units({QStringLiteral("Unit"), QStringLiteral("Workload"),
                         QStringLiteral("Agent"), QStringLiteral("Machine"),
                         QStringLiteral("Constraints"), QStringLiteral("Message")});
    colourColumns(units, options.colour, {1, 2});
    const auto addUnit = [&](const UnitRecord &u, const QString &indent) {
        const UnitStatus status = statusOf.value(u.id);
        units.addRow({indent + u.name(), status.workload, status.agent, u.machine,
                      u.subordinate ? QString() : u.constraints, status.message});
    };
    for (const UnitRecord &u : s.units) {
        if (u.subordinate)
            continue;
        addUnit(u, {});
        for (const UnitRecord *sub : subordinatesOf.value(u.id))
            addUnit(*sub, QStringLiteral("  "));
    }

    QString text = model.render();
    if (!apps.isEmpty())
        text += u'\n' + apps.render();
    if (!units.isEmpty())
        text += u'\n' + units.render();
    if (!s.machines.isEmpty())
        text += u'\n' + machinesTable(s.machines, options.colour);
    if (options.relations && (!s.relations.isEmpty() || !options.endpointRelations.isEmpty())) {
        // Juju 3's words: subordinate relations, and the others ("regular").
        Output::Table relations({QStringLiteral("Integration provider"), QStringLiteral("Requirer"),
                                 QStringLiteral("Type")});
        QSet<QString> subordinatePairs;
        for (const RelationRecord &r : s.relations)
            subordinatePairs << r.principal + u' ' + r.subordinate
                             << r.subordinate + u' ' + r.principal;
        QSet<QString> shown;
        for (const auto &[first, second] : options.endpointRelations) {
            const QString pair =
                Bundle::applicationOf(first) + u' ' + Bundle::applicationOf(second);
            const bool subordinate = subordinatePairs.contains(pair);
            relations.addRow(
                {first, second,
                 subordinate ? QStringLiteral("subordinate") : QStringLiteral("regular")});
            shown << pair << Bundle::applicationOf(second) + u' ' + Bundle::applicationOf(first);
        }
        for (const RelationRecord &r : s.relations) {
            if (!shown.contains(r.principal + u' ' + r.subordinate))
                relations.addRow({r.principal, r.subordinate, QStringLiteral("subordinate")});
        }
        text += u'\n' + relations.render();
    }
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

QString machinesTable(const QList<MachineRecord> &list, bool colour)
{
    Output::Table machines(
        {QStringLiteral("Machine"), QStringLiteral("Life"), QStringLiteral("Status"),
         QStringLiteral("Inst id"), QStringLiteral("Inst status"), QStringLiteral("Type"),
         QStringLiteral("Region"), QStringLiteral("Zone"), QStringLiteral("Base"),
         QStringLiteral("Constraints"), QStringLiteral("Message")});
    colourColumns(machines, colour, {1, 2, 4});
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
