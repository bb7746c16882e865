#include "cli/statusreport.h"

#include "cli/jsonwriter.h"
#include "cli/output.h"
#include "core/model/bundle.h"
#include "core/model/unitstatus.h"
#include "core/placement/yamldocument.h"

#include <QHash>
#include <QJsonArray>
#include <QSet>

#include <algorithm>
#include <functional>

namespace berth {

namespace StatusReport {

namespace {

void writeStatus(JsonSink &out, const QString &name, const QString &current, const QString &message)
{
    out.key(name);
    out.beginObject();
    out.field(QStringLiteral("current"), current);
    out.field(QStringLiteral("message"), message);
    out.end();
}

// Entries of a map by name, in the order JSON objects keep (names sorted).
template <typename T>
QList<std::pair<QString, const T *>> byName(QList<std::pair<QString, const T *>> entries)
{
    std::sort(entries.begin(), entries.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    return entries;
}

// Machines by the id of their host (0: none), each list by name.
using MachinesByParent = QHash<qint64, QList<std::pair<QString, const MachineRecord *>>>;

// One machine's fields, in Juju's order (keyOrder()); its containers, nested
// to any depth, when `childrenOf` is given.
void writeMachine(JsonSink &out, const MachineRecord &m, const MachinesByParent *childrenOf)
{
    out.beginObject();
    out.field(QStringLiteral("region"), m.region);
    out.field(QStringLiteral("instance-id"), m.instanceId);
    writeStatus(out, QStringLiteral("machine-status"), MachineState::text(m.state.status),
                m.machineMessage);
    writeStatus(out, QStringLiteral("instance-status"), MachineState::text(m.state.instance),
                m.instanceMessage);
    out.field(QStringLiteral("life"), MachineState::text(m.state.life));
    out.field(QStringLiteral("base"), m.base);
    out.field(QStringLiteral("instance-type"), m.instanceType);
    out.field(QStringLiteral("zone"), m.zone);
    out.field(QStringLiteral("placement"), m.placement);
    out.field(QStringLiteral("constraints"), m.constraints);
    out.field(QStringLiteral("hardware"), m.hardware);
    const auto children =
        childrenOf ? childrenOf->constFind(m.id) : MachinesByParent::const_iterator{};
    if (childrenOf && children != childrenOf->cend()) {
        out.key(QStringLiteral("containers"));
        out.beginObject();
        for (const auto &[name, child] : *children) {
            out.key(name);
            writeMachine(out, *child, childrenOf);
        }
        out.end();
    }
    out.end();
}

// Machines by name, containers nested under their hosts.
void writeMachines(JsonSink &out, const QList<MachineRecord> &machines)
{
    MachinesByParent childrenOf;
    for (const MachineRecord &m : machines)
        childrenOf[m.parentId].append({m.name, &m});
    for (auto &children : childrenOf)
        children = byName(std::move(children));
    out.beginObject();
    for (const auto &[name, m] : childrenOf.value(0)) {
        out.key(name);
        writeMachine(out, *m, &childrenOf);
    }
    out.end();
}

void writeNames(JsonSink &out, const QString &key, const QStringList &names)
{
    out.key(key);
    out.beginArray();
    for (const QString &name : names)
        out.value(name);
    out.end();
}

// The whole status document, in Juju's order: the model, its machines, its
// applications with their units.
void writeModelStatus(JsonSink &out, const ModelSnapshot &s)
{
    QHash<qint64, const MachineRecord *> machineById;
    for (const MachineRecord &m : s.machines)
        machineById.insert(m.id, &m);
    QHash<qint64, UnitStatus> statusOf;
    QHash<qint64, QList<UnitStatus>> statusesOf;
    QHash<qint64, QList<std::pair<QString, const UnitRecord *>>> unitsOf;
    QHash<qint64, QList<std::pair<QString, const UnitRecord *>>> subordinatesOf;
    for (const UnitRecord &u : s.units) {
        const UnitStatus status = UnitStatus::of(machineById.value(u.machineId));
        statusOf.insert(u.id, status);
        statusesOf[u.applicationId] << status;
        if (!u.subordinate)
            unitsOf[u.applicationId].append({u.name(), &u});
        else if (u.principalId != 0)
            subordinatesOf[u.principalId].append({u.name(), &u});
    }
    QHash<QString, QStringList> relatedTo;
    for (const RelationRecord &r : s.relations) {
        relatedTo[r.subordinate] << r.principal;
        relatedTo[r.principal] << r.subordinate;
    }
    const auto writeUnitStatus = [&](const UnitRecord &u) {
        const UnitStatus status = statusOf.value(u.id);
        writeStatus(out, QStringLiteral("workload-status"), status.workload, status.message);
        writeStatus(out, QStringLiteral("juju-status"), status.agent, {});
    };

    out.beginObject();
    out.key(QStringLiteral("model"));
    out.beginObject();
    out.field(QStringLiteral("name"), s.model.name);
    out.field(QStringLiteral("uuid"), s.model.uuid);
    out.field(QStringLiteral("cloud"), s.model.cloud);
    out.field(QStringLiteral("region"), s.model.region);
    out.field(QStringLiteral("harvest-mode"), s.model.config.harvestMode());
    out.field(QStringLiteral("constraints"), s.model.constraints.toString());
    out.end();

    out.key(QStringLiteral("machines"));
    writeMachines(out, s.machines);

    QList<std::pair<QString, const ApplicationRecord *>> applications;
    for (const ApplicationRecord &a : s.applications)
        applications.append({a.name, &a});
    out.key(QStringLiteral("applications"));
    out.beginObject();
    for (const auto &[name, a] : byName(std::move(applications))) {
        out.key(name);
        out.beginObject();
        out.field(QStringLiteral("charm"), a->charm);
        out.field(QStringLiteral("base"), a->base);
        out.key(QStringLiteral("subordinate"));
        out.value(a->subordinate);
        if (a->subordinate)
            writeNames(out, QStringLiteral("subordinate-to"), relatedTo.value(a->name));
        const UnitStatus status = UnitStatus::worst(statusesOf.value(a->id));
        writeStatus(out, QStringLiteral("application-status"), status.workload, status.message);
        out.field(QStringLiteral("constraints"), a->constraints.toString());
        if (!a->subordinate) {
            if (relatedTo.contains(a->name))
                writeNames(out, QStringLiteral("relations"), relatedTo.value(a->name));
            out.key(QStringLiteral("units"));
            out.beginObject();
            for (const auto &[unitName, u] : byName(unitsOf.take(a->id))) {
                out.key(unitName);
                out.beginObject();
                writeUnitStatus(*u);
                out.field(QStringLiteral("machine"), u->machine);
                out.field(QStringLiteral("constraints"), u->constraints);
                const auto subs = subordinatesOf.constFind(u->id);
                if (subs != subordinatesOf.cend()) {
                    out.key(QStringLiteral("subordinates"));
                    out.beginObject();
                    for (const auto &[subName, sub] : byName(*subs)) {
                        out.key(subName);
                        out.beginObject();
                        writeUnitStatus(*sub);
                        out.end();
                    }
                    out.end();
                }
                out.end();
            }
            out.end();
        }
        out.end();
    }
    out.end();
    out.end();
}

} // namespace

void writeJson(const ModelSnapshot &snapshot, QTextStream &out)
{
    JsonWriter writer(out);
    writeModelStatus(writer, snapshot);
}

void writeYaml(const ModelSnapshot &snapshot, QTextStream &out)
{
    YamlWriter writer(out);
    writeModelStatus(writer, snapshot);
}

QJsonObject toJson(const ModelSnapshot &snapshot)
{
    JsonTree tree;
    writeModelStatus(tree, snapshot);
    return tree.result().toObject();
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
    QStringList header{QStringLiteral("Model"), QStringLiteral("Cloud/Region"),
                       QStringLiteral("Harvest"), QStringLiteral("Constraints")};
    QStringList row{s.model.name, s.model.cloud + u'/' + s.model.region,
                    s.model.config.harvestMode(), s.model.constraints.toString()};
    if (!options.timestamp.isEmpty()) {
        header.insert(3, QStringLiteral("Timestamp"));
        row.insert(3, options.timestamp);
    }
    Output::Table model(header);
    model.addRow(row);
    model.setDropOrder({int(header.size()) - 1, 2});

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
    apps.setDropOrder({5, 4, 3});
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
    units.setDropOrder({4});
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

    QString text = model.render(options.width);
    if (!apps.isEmpty())
        text += u'\n' + apps.render(options.width);
    if (!units.isEmpty())
        text += u'\n' + units.render(options.width);
    if (!s.machines.isEmpty())
        text += u'\n' + machinesTable(s.machines, options.colour, options.width);
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
        text += u'\n' + relations.render(options.width);
    }
    return text;
}

QJsonObject machineJson(const MachineRecord &machine)
{
    JsonTree tree;
    writeMachine(tree, machine, nullptr);
    return tree.result().toObject();
}

QJsonObject machinesJson(const QList<MachineRecord> &machines)
{
    JsonTree tree;
    writeMachines(tree, machines);
    return tree.result().toObject();
}

QString machinesTable(const QList<MachineRecord> &list, bool colour, int width)
{
    Output::Table machines(
        {QStringLiteral("Machine"), QStringLiteral("Life"), QStringLiteral("Status"),
         QStringLiteral("Inst id"), QStringLiteral("Inst status"), QStringLiteral("Type"),
         QStringLiteral("Region"), QStringLiteral("Zone"), QStringLiteral("Base"),
         QStringLiteral("Constraints"), QStringLiteral("Message")});
    colourColumns(machines, colour, {1, 2, 4});
    machines.setDropOrder({9, 8, 6, 3, 5, 1});
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
            const QString message = m.message();
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

    return machines.render(width);
}

} // namespace StatusReport

} // namespace berth
