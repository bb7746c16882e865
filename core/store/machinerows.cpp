#include "core/store/machinerows.h"

#include "core/bertherror.h"
#include "core/store/rowmapping.h"
#include "core/store/txscope.h"
#include "core/store/unittallies.h"

namespace berth {

std::optional<MachineRecord> MachineRows::find(const QString &name)
{
    QSqlQuery &q = m_scope.sql().run(RowMapping::selectMachines() +
                                         QStringLiteral(" WHERE m.model_id = ? AND m.name = ?"),
                                     {m_scope.model().id, name});
    auto rows = RowMapping::collect<MachineRecord>(q, RowMapping::machineFrom);
    return rows.isEmpty() ? std::nullopt : std::optional(rows.first());
}

MachineRecord MachineRows::get(const QString &name)
{
    auto m = find(name);
    if (!m)
        throw BerthError(tr("machine %1 not found").arg(name));
    return *m;
}

QHash<qint64, MachineRecord> MachineRows::withIds(const QList<qint64> &ids)
{
    QHash<qint64, MachineRecord> machines;
    m_scope.sql().forIdBatches(ids, [&](const QString &in, const QVariantList &binds) {
        QSqlQuery &q = m_scope.sql().run(
            RowMapping::selectMachines() + QStringLiteral(" WHERE m.id") + in, binds);
        for (MachineRecord &m : RowMapping::collect<MachineRecord>(q, RowMapping::machineFrom))
            machines.insert(m.id, std::move(m));
    });
    return machines;
}

QList<MachineRecord> MachineRows::all()
{
    // Through the store's own statement: a model may have 100,000 machines.
    return RowMapping::collectMany<MachineRecord>(
        m_scope.sql(),
        RowMapping::selectMachines() + QStringLiteral(" WHERE m.model_id = ? ORDER BY m.id"),
        {m_scope.model().id}, RowMapping::machineFrom);
}

QList<MachineRecord> MachineRows::children(qint64 machineId)
{
    QSqlQuery &q = m_scope.sql().run(RowMapping::selectMachines() +
                                         QStringLiteral(" WHERE m.parent_id = ? ORDER BY m.id"),
                                     {machineId});
    return RowMapping::collect<MachineRecord>(q, RowMapping::machineFrom);
}

QHash<qint64, MachineRows::Containers> MachineRows::containersOf(const QList<qint64> &hostIds)
{
    QHash<qint64, Containers> counts;
    m_scope.sql().forIdBatches(hostIds, [&](const QString &in, const QVariantList &ids) {
        QSqlQuery &q = m_scope.sql().run(
            QStringLiteral("SELECT parent_id, count(*), sum(CASE WHEN life = ? THEN 1 ELSE 0 END) "
                           "FROM machines WHERE parent_id") +
                in + QStringLiteral(" GROUP BY parent_id"),
            QVariantList{MachineState::text(MachineState::Life::Alive)} + ids);
        while (q.next())
            counts.insert(q.value(0).toLongLong(), {q.value(1).toInt(), q.value(2).toInt()});
        q.finish();
    });
    return counts;
}

QList<MachineRecord> MachineRows::alivePlaced(const QString &prefix)
{
    QSqlQuery &q = m_scope.sql().run(
        RowMapping::selectMachines() +
            QStringLiteral(" WHERE m.model_id = ? AND m.life = ? AND "
                           "substr(m.placement, 1, ?) = ? ORDER BY m.id"),
        {m_scope.model().id, MachineState::text(MachineState::Life::Alive), prefix.size(), prefix});
    return RowMapping::collect<MachineRecord>(q, RowMapping::machineFrom);
}

QStringList MachineRows::names(const QString &condition, const QVariant &value)
{
    QSqlQuery &q =
        m_scope.sql().run(QStringLiteral("SELECT name FROM machines WHERE model_id = ? AND ") +
                              condition + QStringLiteral(" ORDER BY id"),
                          {m_scope.model().id, value});
    QStringList names;
    while (q.next())
        names << q.value(0).toString();
    q.finish();
    return names;
}

QStringList MachineRows::inError()
{
    return names(QStringLiteral("machine_status = ?"),
                 MachineState::text(MachineState::Status::Error));
}

QStringList MachineRows::startsWithoutInstance()
{
    return names(QStringLiteral("instance_id = '' AND instance_status = ?"),
                 MachineState::text(MachineState::InstanceStatus::Provisioning));
}

MachineRecord MachineRows::recordOf(const NewMachine &spec, const QString &name) const
{
    MachineRecord m;
    m.name = name;
    m.parentId = spec.parent ? spec.parent->id : 0;
    m.base = spec.base;
    m.constraints = spec.constraints.text;
    m.placement = spec.placement;
    m.forUnit = spec.forUnit;
    m.region = spec.region;
    m.createdAt = m_scope.now();
    return m;
}

MachineRecord MachineRows::create(const NewMachine &spec)
{
    QString name;
    const QString prefix = spec.parent ? spec.parent->name + QStringLiteral("/lxd/") : QString();
    const QString sequence =
        spec.parent ? QStringLiteral("container:") + prefix : QStringLiteral("machine");
    if (!spec.name.isEmpty()) {
        bool number = false;
        const qint64 n = QStringView(spec.name).mid(prefix.size()).toLongLong(&number);
        // A name in use is refused by the table's unique key.
        if (!spec.name.startsWith(prefix) || !number || n < 0)
            throw BerthError(
                tr("cannot make machine %1: the name is not a %2")
                    .arg(spec.name, spec.parent
                                        ? tr("container of machine %1").arg(spec.parent->name)
                                        : tr("machine number")));
        m_scope.reserveSequence(sequence, n);
        name = spec.name;
    } else {
        name = prefix + QString::number(m_scope.nextSequence(sequence));
    }
    MachineRecord m = recordOf(spec, name);
    m.id = m_scope.sql().insert(
        QStringLiteral(
            "INSERT INTO machines (model_id, name, parent_id, base, constraints, "
            "placement, for_unit, region, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "RETURNING id"),
        {m_scope.model().id, m.name,
         spec.parent ? QVariant(spec.parent->id) : QVariant(QMetaType::fromType<qint64>()), m.base,
         m.constraints, m.placement, int(m.forUnit), m.region, m.createdAt});
    m_scope.logChange(QStringLiteral("machine"), m.name, Change::Op::Added);
    return m;
}

QList<MachineRecord> MachineRows::create(const NewMachine &spec, const QList<Place> &places)
{
    Q_ASSERT(!spec.parent && spec.name.isEmpty());
    QList<MachineRecord> machines;
    machines.reserve(places.size());
    QList<QVariantList> rows;
    rows.reserve(places.size());
    MachineRecord next = recordOf(spec, {});
    for (const Place &place : places) {
        next.name = QString::number(m_scope.nextSequence(QStringLiteral("machine")));
        next.region = place.region;
        next.placement = place.placement;
        machines << next;
        rows << QVariantList{m_scope.model().id, next.name,         next.base,   next.constraints,
                             next.placement,     int(next.forUnit), next.region, next.createdAt};
    }
    const QHash<QString, qint64> ids = m_scope.sql().insertRows(QStringLiteral("machines"),
                                                                {{"model_id", "bigint"},
                                                                 {"name", "text"},
                                                                 {"base", "text"},
                                                                 {"constraints", "text"},
                                                                 {"placement", "text"},
                                                                 {"for_unit", "bigint"},
                                                                 {"region", "text"},
                                                                 {"created_at", "bigint"}},
                                                                rows, QStringLiteral("name"));
    for (MachineRecord &m : machines) {
        m.id = ids.value(m.name);
        m_scope.logChange(QStringLiteral("machine"), m.name, Change::Op::Added);
    }
    return machines;
}

void MachineRows::remove(const QList<MachineRecord> &machines)
{
    QList<qint64> ids;
    for (const MachineRecord &m : machines) {
        ids << m.id;
        m_scope.logChange(QStringLiteral("machine"), m.name, Change::Op::Removed);
    }
    m_scope.sql().forIdBatches(ids, [&](const QString &in, const QVariantList &batch) {
        m_scope.sql().run(QStringLiteral("DELETE FROM machines WHERE id") + in, batch);
    });
}

void MachineRows::forget(const MachineRecord &machine)
{
    if (!machine.state.isDead())
        throw BerthError(tr("machine %1 is %2, not dead: it cannot be forgotten")
                             .arg(machine.name, MachineState::label(machine.state.life)));
    m_scope.unitTallies().leaving(QStringLiteral("u.machine_id = ?"), {machine.id});
    m_scope.sql().run(QStringLiteral("DELETE FROM units WHERE machine_id = ?"), {machine.id});
    m_scope.sql().run(QStringLiteral("DELETE FROM machines WHERE id = ?"), {machine.id});
    m_scope.logChange(QStringLiteral("machine"), machine.name, Change::Op::Removed);
}

} // namespace berth
