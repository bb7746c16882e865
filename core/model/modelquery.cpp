#include "core/model/modelquery.h"

#include "core/model/base.h"
#include "core/model/unitstatus.h"

#include <QSet>

#include <algorithm>

namespace berth {

namespace {

using Type = QueryField::Type;

const QString modelKind = QStringLiteral("model");
const QString applicationKind = QStringLiteral("application");
const QString machineKind = QStringLiteral("machine");
const QString unitKind = QStringLiteral("unit");

} // namespace

const QStringList &ModelQuery::kinds()
{
    static const QStringList kinds{modelKind, applicationKind, machineKind, unitKind};
    return kinds;
}

const QuerySchema &ModelQuery::schema()
{
    // Juju's wait-for fields by their Juju names, then Berth's own.
    static const QuerySchema schema{
        {modelKind,
         {{QStringLiteral("name"), Type::String},
          {QStringLiteral("life"), Type::String},
          {QStringLiteral("status"), Type::String},
          {QStringLiteral("cloud"), Type::String},
          {QStringLiteral("region"), Type::String},
          {QStringLiteral("constraints"), Type::String},
          {QStringLiteral("applications"), Type::Collection, applicationKind},
          {QStringLiteral("machines"), Type::Collection, machineKind},
          {QStringLiteral("units"), Type::Collection, unitKind},
          {QStringLiteral("changes"), Type::Number}}},
        {applicationKind,
         {{QStringLiteral("name"), Type::String},
          {QStringLiteral("life"), Type::String},
          {QStringLiteral("status"), Type::String},
          {QStringLiteral("charm"), Type::String},
          {QStringLiteral("charm-url"), Type::String},
          {QStringLiteral("base"), Type::String},
          {QStringLiteral("series"), Type::String},
          {QStringLiteral("subordinate"), Type::Bool},
          {QStringLiteral("constraints"), Type::String},
          {QStringLiteral("min-units"), Type::Number},
          {QStringLiteral("max-units"), Type::Number},
          {QStringLiteral("units"), Type::Collection, unitKind},
          {QStringLiteral("machines"), Type::Collection, machineKind},
          {QStringLiteral("zones"), Type::Number},
          {QStringLiteral("zone-skew"), Type::Number}}},
        {machineKind,
         {{QStringLiteral("id"), Type::String},
          {QStringLiteral("name"), Type::String},
          {QStringLiteral("life"), Type::String},
          {QStringLiteral("status"), Type::String},
          {QStringLiteral("agent-status"), Type::String},
          {QStringLiteral("machine-status"), Type::String},
          {QStringLiteral("instance-status"), Type::String},
          {QStringLiteral("message"), Type::String},
          {QStringLiteral("base"), Type::String},
          {QStringLiteral("series"), Type::String},
          {QStringLiteral("zone"), Type::String},
          {QStringLiteral("region"), Type::String},
          {QStringLiteral("instance-id"), Type::String},
          {QStringLiteral("instance-type"), Type::String},
          {QStringLiteral("hardware"), Type::String},
          {QStringLiteral("container-type"), Type::String},
          {QStringLiteral("units"), Type::Collection, unitKind},
          {QStringLiteral("containers"), Type::Collection, machineKind}}},
        {unitKind,
         {{QStringLiteral("name"), Type::String},
          {QStringLiteral("application"), Type::String},
          {QStringLiteral("life"), Type::String},
          {QStringLiteral("base"), Type::String},
          {QStringLiteral("series"), Type::String},
          {QStringLiteral("machine"), Type::String},
          {QStringLiteral("machine-id"), Type::String},
          {QStringLiteral("principal"), Type::String},
          {QStringLiteral("subordinate"), Type::Bool},
          {QStringLiteral("workload-status"), Type::String},
          {QStringLiteral("workload-message"), Type::String},
          {QStringLiteral("agent-status"), Type::String},
          {QStringLiteral("machine-status"), Type::String},
          {QStringLiteral("instance-status"), Type::String},
          {QStringLiteral("zone"), Type::String},
          {QStringLiteral("region"), Type::String},
          {QStringLiteral("machines"), Type::Collection, machineKind}}},
    };
    return schema;
}

ModelQuery::ModelQuery(const ModelSnapshot &snapshot, const QStringList &zones, int stagedChanges)
    : m_snapshot(snapshot)
    , m_zones(zones)
    , m_stagedChanges(stagedChanges)
{
    for (qsizetype i = 0; i < snapshot.machines.size(); ++i) {
        const MachineRecord &m = snapshot.machines.at(i);
        m_machineById.insert(m.id, i);
        if (m.isContainer())
            m_containersByHost[m.parentId].append(i);
    }
    for (qsizetype i = 0; i < snapshot.units.size(); ++i) {
        const UnitRecord &u = snapshot.units.at(i);
        m_unitsByApplication[u.applicationId].append(i);
        if (u.machineId != 0)
            m_unitsByMachine[u.machineId].append(i);
    }
}

std::optional<QuerySource::Entity> ModelQuery::find(const QString &kind, const QString &name) const
{
    const auto search = [&](const auto &records, const auto &nameOf) -> std::optional<Entity> {
        for (qsizetype i = 0; i < records.size(); ++i) {
            if (nameOf(records.at(i)) == name)
                return Entity{kind, i};
        }
        return std::nullopt;
    };
    if (kind == modelKind)
        return name == m_snapshot.model.name ? std::optional(Entity{kind, 0}) : std::nullopt;
    if (kind == applicationKind)
        return search(m_snapshot.applications, [](const ApplicationRecord &a) { return a.name; });
    if (kind == machineKind)
        return search(m_snapshot.machines, [](const MachineRecord &m) { return m.name; });
    return search(m_snapshot.units, [](const UnitRecord &u) { return u.name(); });
}

QString ModelQuery::describe(const Entity &entity) const
{
    if (entity.kind == modelKind)
        return QStringLiteral("model %1").arg(m_snapshot.model.name);
    if (entity.kind == applicationKind)
        return QStringLiteral("application %1").arg(m_snapshot.applications.at(entity.index).name);
    if (entity.kind == machineKind)
        return QStringLiteral("machine %1").arg(m_snapshot.machines.at(entity.index).name);
    return QStringLiteral("unit %1").arg(m_snapshot.units.at(entity.index).name());
}

QVariant ModelQuery::value(const Entity &entity, const QString &field) const
{
    if (entity.kind == modelKind)
        return modelValue(field);
    if (entity.kind == applicationKind)
        return applicationValue(entity.index, field);
    if (entity.kind == machineKind)
        return machineValue(entity.index, field);
    return unitValue(entity.index, field);
}

QList<QuerySource::Entity> ModelQuery::collection(const Entity &entity, const QString &field) const
{
    QList<Entity> items;
    const auto all = [&](const QString &kind, qsizetype count) {
        for (qsizetype i = 0; i < count; ++i)
            items.append({kind, i});
    };
    const auto some = [&](const QString &kind, const QList<qsizetype> &indexes) {
        for (qsizetype i : indexes)
            items.append({kind, i});
    };
    if (entity.kind == modelKind) {
        if (field == u"applications")
            all(applicationKind, m_snapshot.applications.size());
        else if (field == u"machines")
            all(machineKind, m_snapshot.machines.size());
        else
            all(unitKind, m_snapshot.units.size());
    } else if (entity.kind == applicationKind) {
        const QList<qsizetype> units =
            m_unitsByApplication.value(m_snapshot.applications.at(entity.index).id);
        if (field == u"units") {
            some(unitKind, units);
        } else { // the machines its units are on
            QList<qsizetype> machines;
            for (qsizetype u : units) {
                const auto m = m_machineById.constFind(m_snapshot.units.at(u).machineId);
                if (m != m_machineById.cend() && !machines.contains(*m))
                    machines.append(*m);
            }
            some(machineKind, machines);
        }
    } else if (entity.kind == machineKind) {
        const qint64 id = m_snapshot.machines.at(entity.index).id;
        if (field == u"units")
            some(unitKind, m_unitsByMachine.value(id));
        else
            some(machineKind, m_containersByHost.value(id));
    } else { // a unit's machines: the one it is on, as Juju's
        const auto m = m_machineById.constFind(m_snapshot.units.at(entity.index).machineId);
        if (m != m_machineById.cend())
            items.append({machineKind, *m});
    }
    return items;
}

namespace {

// Juju's series name of a stored base ("jammy"), empty when it has none.
QString seriesOf(const QString &base)
{
    const Base::ParseResult parsed = Base::parse(base);
    return parsed.ok() ? parsed.base.series() : QString();
}

} // namespace

QVariant ModelQuery::modelValue(const QString &field) const
{
    const ModelRecord &model = m_snapshot.model;
    if (field == u"name")
        return model.name;
    if (field == u"life")
        return model.dying ? QStringLiteral("dying") : QStringLiteral("alive");
    if (field == u"status") // Juju's model status
        return model.dying ? QStringLiteral("destroying") : QStringLiteral("available");
    if (field == u"cloud")
        return model.cloud;
    if (field == u"region")
        return model.region;
    if (field == u"constraints")
        return model.constraints.toString();
    return qint64(m_stagedChanges); // changes
}

QHash<QString, int> ModelQuery::unitsByZone(qsizetype application) const
{
    QHash<QString, int> counts;
    for (const QString &zone : m_zones)
        counts.insert(zone, 0);
    const ApplicationRecord &app = m_snapshot.applications.at(application);
    for (qsizetype u : m_unitsByApplication.value(app.id)) {
        const MachineRecord *machine = machineOf(m_snapshot.units.at(u));
        if (machine && machine->state.isAlive() && !zoneOf(machine).isEmpty())
            ++counts[zoneOf(machine)];
    }
    return counts;
}

QVariant ModelQuery::applicationValue(qsizetype index, const QString &field) const
{
    const ApplicationRecord &app = m_snapshot.applications.at(index);
    if (field == u"name")
        return app.name;
    if (field == u"life")
        return QStringLiteral("alive");
    if (field == u"status") {
        QList<UnitStatus> statuses;
        for (qsizetype u : m_unitsByApplication.value(app.id))
            statuses << UnitStatus::of(machineOf(m_snapshot.units.at(u)));
        return UnitStatus::worst(statuses).workload;
    }
    if (field == u"charm" || field == u"charm-url")
        return app.charm;
    if (field == u"base")
        return app.base;
    if (field == u"series")
        return seriesOf(app.base);
    if (field == u"subordinate")
        return app.subordinate;
    if (field == u"constraints")
        return app.constraints.toString();
    if (field == u"min-units")
        return app.minSize;
    if (field == u"max-units")
        return app.maxSize;
    const QHash<QString, int> counts = unitsByZone(index);
    if (field == u"zones")
        return qint64(std::count_if(counts.cbegin(), counts.cend(), [](int n) { return n > 0; }));
    // zone-skew: the most units in a zone less the fewest, over the region's zones
    return qint64(spreadSkew(counts, m_zones, false, true));
}

QVariant ModelQuery::machineValue(qsizetype index, const QString &field) const
{
    const MachineRecord &m = m_snapshot.machines.at(index);
    if (field == u"id" || field == u"name")
        return m.name;
    if (field == u"life")
        return MachineState::text(m.state.life);
    if (field == u"status" || field == u"agent-status")
        return MachineState::text(m.state.status);
    if (field == u"machine-status" || field == u"instance-status")
        return MachineState::text(m.state.instance);
    if (field == u"message")
        return m.message();
    if (field == u"base")
        return m.base;
    if (field == u"series")
        return seriesOf(m.base);
    if (field == u"zone")
        return zoneOf(&m);
    if (field == u"region")
        return m.region;
    if (field == u"instance-id")
        return m.instanceId;
    if (field == u"instance-type")
        return m.instanceType;
    if (field == u"hardware")
        return m.hardware;
    // container-type
    return m.isContainer() ? m.name.section(u'/', 1, 1) : QString();
}

QVariant ModelQuery::unitValue(qsizetype index, const QString &field) const
{
    const UnitRecord &u = m_snapshot.units.at(index);
    const MachineRecord *machine = machineOf(u);
    if (field == u"name")
        return u.name();
    if (field == u"application")
        return u.application;
    if (field == u"life")
        return machine && machine->state.isDead() ? QStringLiteral("dying")
                                                  : QStringLiteral("alive");
    if (field == u"base" || field == u"series") {
        for (const ApplicationRecord &app : m_snapshot.applications) {
            if (app.id == u.applicationId)
                return field == u"base" ? app.base : seriesOf(app.base);
        }
        return QString();
    }
    if (field == u"machine" || field == u"machine-id")
        return u.machine;
    if (field == u"principal")
        return u.principal;
    if (field == u"subordinate")
        return u.subordinate;
    const UnitStatus status = UnitStatus::of(machine);
    if (field == u"workload-status")
        return status.workload;
    if (field == u"workload-message")
        return status.message;
    if (field == u"agent-status")
        return status.agent;
    if (field == u"machine-status" || field == u"instance-status")
        return machine ? MachineState::text(machine->state.instance) : QString();
    if (field == u"zone")
        return zoneOf(machine);
    return machine ? machine->region : QString(); // region
}

const MachineRecord *ModelQuery::machineOf(const UnitRecord &unit) const
{
    const auto m = m_machineById.constFind(unit.machineId);
    return m == m_machineById.cend() ? nullptr : &m_snapshot.machines.at(*m);
}

QString ModelQuery::zoneOf(const MachineRecord *machine) const
{
    if (!machine)
        return {};
    const auto host = m_machineById.constFind(machine->parentId);
    return machine->zoneOn(host == m_machineById.cend() ? nullptr : &m_snapshot.machines.at(*host));
}

} // namespace berth
