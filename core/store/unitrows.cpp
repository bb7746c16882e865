#include "core/store/unitrows.h"

#include "core/bertherror.h"
#include "core/model/names.h"
#include "core/placement/subordinates.h"
#include "core/store/applicationrows.h"
#include "core/store/rowmapping.h"
#include "core/store/txscope.h"
#include "core/store/unittallies.h"

#include <QSet>

#include <algorithm>

namespace berth {

namespace {

// A unit's application and number, exactly as units are named ("app/ 0"
// or "app/+0" is no unit, not app/0); nothing for any other text.
std::optional<std::pair<QString, qint64>> splitUnitName(const QString &name)
{
    if (!Names::isValidUnitName(name))
        return std::nullopt;
    const qsizetype slash = name.lastIndexOf(u'/');
    bool ok = false;
    const qint64 number = name.mid(slash + 1).toLongLong(&ok);
    if (!ok)
        return std::nullopt;
    return std::pair(name.left(slash), number);
}

} // namespace

UnitRecord UnitRows::get(const QString &name)
{
    const auto parts = splitUnitName(name);
    if (!parts)
        throw BerthError(tr("invalid unit name \"%1\": expected application/number").arg(name));
    QSqlQuery &q = m_scope.sql().run(
        RowMapping::selectUnits() +
            // Through the application's key, then (application, number): two
            // index look-ups, not a scan of the model's units.
            QStringLiteral(" WHERE a.model_id = ? AND a.name = ? AND u.number = ?"),
        {m_scope.model().id, parts->first, parts->second});
    auto rows = RowMapping::collect<UnitRecord>(q, RowMapping::unitFrom);
    if (rows.isEmpty())
        throw BerthError(tr("unit \"%1\" not found").arg(name));
    return rows.first();
}

QList<UnitRecord> UnitRows::onMachine(qint64 machineId)
{
    QSqlQuery &q = m_scope.sql().run(RowMapping::selectUnits() +
                                         QStringLiteral(" WHERE u.machine_id = ? ORDER BY u.id"),
                                     {machineId});
    return RowMapping::collect<UnitRecord>(q, RowMapping::unitFrom);
}

QHash<qint64, QList<UnitRecord>> UnitRows::onMachines(const QList<qint64> &machineIds)
{
    QHash<qint64, QList<UnitRecord>> units;
    m_scope.sql().forIdBatches(machineIds, [&](const QString &in, const QVariantList &ids) {
        // Which machines have units first: a plain look-up, where most often none has.
        QSqlQuery &occupied = m_scope.sql().run(
            QStringLiteral("SELECT DISTINCT machine_id FROM units WHERE machine_id") + in, ids);
        QList<qint64> withUnits;
        while (occupied.next())
            withUnits << occupied.value(0).toLongLong();
        occupied.finish();
        for (const qint64 machine : std::as_const(withUnits))
            units.insert(machine, onMachine(machine));
    });
    return units;
}

QList<UnitRecord> UnitRows::ofApplication(qint64 applicationId)
{
    // Through the store's own statement: an application may have 100,000 units.
    return RowMapping::collectMany<UnitRecord>(
        m_scope.sql(),
        RowMapping::selectUnits() + QStringLiteral(" WHERE u.application_id = ? ORDER BY u.number"),
        {applicationId}, RowMapping::unitFrom);
}

QList<UnitRecord> UnitRows::withIds(const QList<qint64> &ids)
{
    QHash<qint64, UnitRecord> byId;
    m_scope.sql().forIdBatches(ids, [&](const QString &in, const QVariantList &binds) {
        m_scope.sql().forEachRow(RowMapping::selectUnits() + QStringLiteral(" WHERE u.id") + in,
                                 binds, [&](const SqlRow &row) {
                                     UnitRecord u = RowMapping::unitFrom(row);
                                     byId.insert(u.id, std::move(u));
                                 });
    });
    QList<UnitRecord> units;
    units.reserve(byId.size());
    for (const qint64 id : ids) {
        if (const auto u = byId.constFind(id); u != byId.cend())
            units << *u;
    }
    return units;
}

QHash<QString, UnitRecord> UnitRows::withNames(const QStringList &names)
{
    // By application, the numbers named: a look-up of (application, number)
    // a unit, in batches, whatever the size of the applications.
    QHash<QString, QList<qint64>> numbers;
    for (const QString &name : names) {
        if (const auto parts = splitUnitName(name))
            numbers[parts->first] << parts->second;
    }
    QHash<QString, UnitRecord> found;
    ApplicationRows applications(m_scope);
    for (auto it = numbers.cbegin(); it != numbers.cend(); ++it) {
        const auto app = applications.find(it.key());
        if (!app)
            continue;
        m_scope.sql().forIdBatches(it.value(), [&](const QString &in, const QVariantList &binds) {
            m_scope.sql().forEachRow(
                RowMapping::selectUnits() +
                    QStringLiteral(" WHERE u.application_id = ? AND u.number") + in,
                QVariantList{app->id} + binds, [&](const SqlRow &row) {
                    UnitRecord u = RowMapping::unitFrom(row);
                    found.insert(u.name(), std::move(u));
                });
        });
    }
    return found;
}

QList<UnitPlacement> UnitRows::placements(const ApplicationRecord &app)
{
    // One row a unit, with the little of its machine and host a placement
    // needs, straight from the store's statement: scaling an application of
    // 100,000 units reads its units once and nothing else.
    static const QString statement =
        QStringLiteral("SELECT u.id, u.number, u.created_at, u.constraints,"
                       " coalesce(m.id, 0), m.region, m.zone, m.placement, m.machine_status,"
                       " coalesce(h.id, 0), h.region, h.zone, h.placement, h.machine_status"
                       " FROM units u LEFT JOIN machines m ON m.id = u.machine_id"
                       " LEFT JOIN machines h ON h.id = m.parent_id"
                       " WHERE u.application_id = ? ORDER BY u.number");
    // A machine with what UnitPlacement::of reads of it, from column `first` on.
    const auto machineAt = [](const SqlRow &row, int first) {
        MachineRecord m;
        m.id = row.integer(first);
        m.region = row.text(first + 1);
        m.zone = row.text(first + 2);
        m.placement = row.text(first + 3);
        m.state.status =
            MachineState::statusFrom(row.text(first + 4)).value_or(MachineState::Status::Pending);
        return m;
    };
    QList<UnitPlacement> rows;
    m_scope.sql().forEachRow(statement, {app.id}, [&](const SqlRow &row) {
        UnitRecord u;
        u.id = row.integer(0);
        u.number = row.integer(1);
        u.createdAt = row.integer(2);
        u.constraints = row.text(3);
        const MachineRecord machine = machineAt(row, 4);
        const MachineRecord host = machineAt(row, 9);
        rows << UnitPlacement::of(u, machine.id != 0 ? &machine : nullptr,
                                  host.id != 0 ? &host : nullptr);
    });
    return rows;
}

QList<SpreadMember> UnitRows::spreadCounts(const ApplicationRecord &app, bool byMachine)
{
    // By domain, the counts the store keeps (migration 9's unit_tallies): a
    // placement on an application of 100,000 units reads a row per zone. By
    // machine, the units grouped by machine.
    static const QString byDomain = QStringLiteral(
        "SELECT zone, placement, region, life, parent_id, '', unit_count, '' FROM unit_tallies"
        " WHERE application_id = ? AND unit_count > 0");
    static const QString byHost = QStringLiteral(
        "SELECT m.zone, m.placement, m.region, m.life, coalesce(m.parent_id, 0), m.name,"
        " count(*), m.hardware FROM units u JOIN machines m ON m.id = u.machine_id"
        " WHERE u.application_id = ? GROUP BY m.id");
    static const QString hosts = QStringLiteral(
        "SELECT h.zone, h.placement, h.region, h.life, 0, h.name, h.id, h.hardware FROM machines h"
        " WHERE h.id");
    const auto machineAt = [](const SqlRow &row) {
        MachineRecord m;
        m.zone = row.text(0);
        m.placement = row.text(1);
        m.region = row.text(2);
        m.state.life = MachineState::lifeFrom(row.text(3)).value_or(MachineState::Life::Dead);
        m.parentId = row.integer(4);
        m.name = row.text(5);
        m.hardware = row.text(7);
        return m;
    };
    QList<QPair<MachineRecord, int>> groups; // machines alike, and their units
    QSet<qint64> hostIds;
    if (!byMachine)
        m_scope.unitTallies().flush();
    m_scope.sql().forEachRow(byMachine ? byHost : byDomain, {app.id}, [&](const SqlRow &row) {
        groups.append({machineAt(row), int(row.integer(6))});
        if (groups.constLast().first.parentId != 0)
            hostIds.insert(groups.constLast().first.parentId);
    });
    // The containers' hosts, read by id: none, usually.
    QHash<qint64, MachineRecord> hostsById;
    m_scope.sql().forIdBatches(QList<qint64>(hostIds.cbegin(), hostIds.cend()),
                               [&](const QString &in, const QVariantList &binds) {
                                   m_scope.sql().forEachRow(
                                       hosts + in, binds, [&](const SqlRow &row) {
                                           hostsById.insert(row.integer(6), machineAt(row));
                                       });
                               });
    QList<SpreadMember> members;
    UnitRecord unit;
    unit.application = app.name;
    for (const auto &[machine, units] : std::as_const(groups)) {
        const auto host = hostsById.constFind(machine.parentId);
        SpreadMember member = SpreadMember::of(
            unit, machine, host == hostsById.cend() ? nullptr : &*host, m_scope.model().region);
        member.units = units;
        members << member;
    }
    return members;
}

qint64 UnitRows::nextNumber(const ApplicationRecord &app)
{
    return m_scope.nextSequence(QStringLiteral("unit:") + app.name);
}

UnitRecord UnitRows::recordOf(const ApplicationRecord &app, qint64 number,
                              const MachineRecord *machine,
                              const FormattedConstraints &constraints) const
{
    UnitRecord unit;
    unit.applicationId = app.id;
    unit.application = app.name;
    unit.number = number;
    unit.machineId = machine ? machine->id : 0;
    unit.machine = machine ? machine->name : QString();
    unit.constraints = constraints.text;
    unit.createdAt = m_scope.now();
    return unit;
}

UnitRecord UnitRows::insert(const ApplicationRecord &app, qint64 number,
                            const MachineRecord *machine, const FormattedConstraints &constraints)
{
    UnitRecord unit = recordOf(app, number, machine, constraints);
    unit.id = m_scope.sql().insert(
        QStringLiteral("INSERT INTO units (model_id, application_id, number, machine_id, "
                       "constraints, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id"),
        {m_scope.model().id, app.id, number,
         machine ? QVariant(machine->id) : QVariant(QMetaType::fromType<qint64>()),
         unit.constraints, m_scope.now()});
    if (machine)
        m_scope.unitTallies().added(app.id, *machine);
    m_scope.logChange(QStringLiteral("unit"), unit.name(), Change::Op::Added);
    return unit;
}

QList<UnitRecord> UnitRows::insert(const ApplicationRecord &app,
                                   const QList<MachineRecord> &machines,
                                   const FormattedConstraints &constraints)
{
    QList<const MachineRecord *> hosts;
    hosts.reserve(machines.size());
    for (const MachineRecord &machine : machines)
        hosts << &machine;
    return insertAll(app, hosts, constraints);
}

QList<UnitRecord> UnitRows::insertUnplaced(const ApplicationRecord &app, int count,
                                           const FormattedConstraints &constraints)
{
    return insertAll(app, QList<const MachineRecord *>(count, nullptr), constraints);
}

QList<UnitRecord> UnitRows::insertAll(const ApplicationRecord &app,
                                      const QList<const MachineRecord *> &hosts,
                                      const FormattedConstraints &constraints)
{
    QList<UnitRecord> units;
    QList<QVariantList> rows;
    units.reserve(hosts.size());
    rows.reserve(hosts.size());
    UnitTallies &tallies = m_scope.unitTallies();
    for (const MachineRecord *machine : hosts) {
        if (machine)
            tallies.added(app.id, *machine);
        const UnitRecord unit = recordOf(app, nextNumber(app), machine, constraints);
        units << unit;
        rows << QVariantList{
            m_scope.model().id,
            app.id,
            unit.number,
            machine ? QVariant(unit.machineId) : QVariant(QMetaType::fromType<qint64>()),
            unit.constraints,
            m_scope.now()};
    }
    const QHash<QString, qint64> ids = m_scope.sql().insertRows(QStringLiteral("units"),
                                                                {{"model_id", "bigint"},
                                                                 {"application_id", "bigint"},
                                                                 {"number", "bigint"},
                                                                 {"machine_id", "bigint"},
                                                                 {"constraints", "text"},
                                                                 {"created_at", "bigint"}},
                                                                rows, QStringLiteral("number"));
    for (UnitRecord &unit : units) {
        unit.id = ids.value(QString::number(unit.number));
        m_scope.logChange(QStringLiteral("unit"), unit.name(), Change::Op::Added);
    }
    return units;
}

void UnitRows::assign(const UnitRecord &unit, const MachineRecord *machine)
{
    m_scope.unitTallies().moving(QStringLiteral("u.id = ?"), {unit.id}, [&] {
        m_scope.sql().run(
            QStringLiteral("UPDATE units SET machine_id = ? WHERE id = ?"),
            {machine ? QVariant(machine->id) : QVariant(QMetaType::fromType<qint64>()), unit.id});
    });
    m_scope.logChange(QStringLiteral("unit"), unit.name(), Change::Op::Changed);
}

void UnitRows::assign(const QList<UnitRecord> &units, const QList<MachineRecord> &machines)
{
    Q_ASSERT(units.size() == machines.size());
    QList<qint64> ids;
    ids.reserve(units.size());
    QHash<qint64, qint64> machineOf;
    machineOf.reserve(units.size());
    for (qsizetype i = 0; i < units.size(); ++i) {
        ids << units.at(i).id;
        machineOf.insert(units.at(i).id, machines.at(i).id);
    }
    m_scope.sql().forIdBatches(
        ids, [&](const QString &in, const QVariantList &binds, const QList<qint64> &batch) {
            m_scope.unitTallies().moving(QStringLiteral("u.id") + in, binds, [&] {
                QList<QVariantList> rows;
                rows.reserve(batch.size());
                for (const qint64 id : batch)
                    rows << QVariantList{id, machineOf.value(id)};
                m_scope.sql().updateRows(QStringLiteral("units"),
                                         {{"id", "bigint"}, {"machine_id", "bigint"}}, rows);
            });
        });
    for (const UnitRecord &unit : units)
        m_scope.logChange(QStringLiteral("unit"), unit.name(), Change::Op::Changed);
}

void UnitRows::forget(const QList<UnitRecord> &units)
{
    QList<qint64> ids;
    for (const UnitRecord &u : units) {
        ids << u.id;
        m_scope.logChange(QStringLiteral("unit"), u.name(), Change::Op::Removed);
    }
    m_scope.sql().forIdBatches(ids, [&](const QString &in, const QVariantList &batch) {
        m_scope.unitTallies().leaving(QStringLiteral("u.id") + in, batch);
        m_scope.sql().run(QStringLiteral("DELETE FROM units WHERE id") + in, batch);
    });
}

void UnitRows::syncSubordinates(const MachineRecord &machine)
{
    syncSubordinates(machine, onMachine(machine.id));
}

qsizetype UnitRows::syncSubordinates(const MachineRecord &machine, const QList<UnitRecord> &units)
{
    ApplicationRows applications(m_scope);
    const bool carriesSubordinates = std::any_of(units.cbegin(), units.cend(),
                                                 [](const UnitRecord &u) { return u.subordinate; });
    const bool principalsRelated =
        std::any_of(units.cbegin(), units.cend(), [&](const UnitRecord &u) {
            return !u.subordinate && applications.isPrincipalOfSubordinates(u.applicationId);
        });
    if (!carriesSubordinates && !principalsRelated)
        return 0;

    SqlSession &sql = m_scope.sql();
    QList<Subordinates::Relation> relations;
    QSqlQuery &q = sql.run(
        QStringLiteral("SELECT subordinate_id, principal_id FROM relations WHERE principal_id IN "
                       "(SELECT application_id FROM units WHERE machine_id = ?)"),
        {machine.id});
    while (q.next())
        relations.append({q.value(0).toLongLong(), q.value(1).toLongLong()});
    q.finish();

    const Subordinates::Plan plan = Subordinates::plan(units, relations);
    for (const UnitRecord &gone : plan.remove) {
        m_scope.unitTallies().leaving(QStringLiteral("u.id = ?"), {gone.id});
        sql.run(QStringLiteral("DELETE FROM units WHERE id = ?"), {gone.id});
        m_scope.logChange(QStringLiteral("unit"), gone.name(), Change::Op::Removed);
    }
    for (const Subordinates::Plan::Follow &f : plan.follow) {
        sql.run(QStringLiteral("UPDATE units SET principal_id = ? WHERE id = ?"),
                {f.principalId, f.unit.id});
        m_scope.logChange(QStringLiteral("unit"), f.unit.name(), Change::Op::Changed);
    }
    for (const Subordinates::Plan::Add &a : plan.add) {
        const QString appName =
            sql.scalar(QStringLiteral("SELECT name FROM applications WHERE id = ?"),
                       {a.applicationId})
                .toString();
        const qint64 number = m_scope.nextSequence(QStringLiteral("unit:") + appName);
        sql.run(QStringLiteral("INSERT INTO units (model_id, application_id, number, machine_id, "
                               "principal_id, constraints, created_at) VALUES (?, ?, ?, ?, ?, "
                               "'', ?)"),
                {m_scope.model().id, a.applicationId, number, machine.id, a.principalId,
                 m_scope.now()});
        m_scope.unitTallies().added(a.applicationId, machine);
        m_scope.logChange(QStringLiteral("unit"), appName + u'/' + QString::number(number),
                          Change::Op::Added);
    }
    return plan.add.size() - plan.remove.size();
}

} // namespace berth
