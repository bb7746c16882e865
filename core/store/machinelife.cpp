#include "core/store/machinelife.h"

#include "core/store/sqlsession.h"
#include "core/store/store.h"
#include "core/store/txscope.h"
#include "core/store/unittallies.h"

#include <limits>
#include <optional>

namespace berth {

void MachineLife::primeStarts(Store &store)
{
    store.primeWrites({QStringLiteral("machine_status_log")});
}

QVariantList MachineLife::historyRow(const MachineRecord &machine, const MachineState &next,
                                     const QString &message) const
{
    return {machine.id,
            m_scope.now(),
            MachineState::text(next.life),
            MachineState::text(next.status),
            MachineState::text(next.instance),
            message};
}

MachineState MachineLife::moved(const MachineRecord &machine, MachineState::Move move,
                                const QString &message)
{
    const MachineState next = machine.state.after(move, machine.name);
    // Kept in the source language, as every message the store holds: berthctl
    // and windows in other languages read the same rows.
    m_scope.sql().run(
        QStringLiteral("INSERT INTO machine_status_log (machine_id, at, life, "
                       "machine_status, instance_status, message) VALUES (?, ?, ?, ?, ?, ?)"),
        historyRow(machine, next, message));
    m_scope.logChange(QStringLiteral("machine"), machine.name, Change::Op::Changed);
    return next;
}

namespace {

// A status history row from column `at` on (at, life, machine_status,
// instance_status, message); nullopt for words a newer Berth wrote, which
// are not ours to show.
std::optional<StatusLogEntry> entryAt(const QSqlQuery &q, int at)
{
    const auto life = MachineState::lifeFrom(q.value(at + 1).toString());
    const auto status = MachineState::statusFrom(q.value(at + 2).toString());
    const auto instance = MachineState::instanceStatusFrom(q.value(at + 3).toString());
    if (!life || !status || !instance)
        return std::nullopt;
    return StatusLogEntry{
        q.value(at).toLongLong(), {*life, *status, *instance}, q.value(at + 4).toString()};
}

} // namespace

QList<StatusLogEntry> MachineLife::statusLog(const MachineRecord &machine)
{
    QSqlQuery &q = m_scope.sql().run(
        QStringLiteral("SELECT at, life, machine_status, instance_status, "
                       "message FROM machine_status_log WHERE machine_id = ? ORDER BY id"),
        {machine.id});
    QList<StatusLogEntry> entries;
    while (q.next()) {
        if (const auto entry = entryAt(q, 0))
            entries.append(*entry);
    }
    q.finish();
    return entries;
}

QList<MachineLife::ModelLogEntry> MachineLife::modelLog(qint64 afterId, int last)
{
    QSqlQuery &q = m_scope.sql().run(
        QStringLiteral("SELECT l.id, m.name, l.at, l.life, l.machine_status, l.instance_status, "
                       "l.message FROM machine_status_log l JOIN machines m ON m.id = "
                       "l.machine_id WHERE m.model_id = ? AND l.id > ? ORDER BY l.id DESC "
                       "LIMIT ?"),
        {m_scope.model().id, afterId,
         last > 0 ? qint64(last) : std::numeric_limits<qint64>::max()});
    QList<ModelLogEntry> entries;
    while (q.next()) {
        if (const auto entry = entryAt(q, 2))
            entries.prepend({q.value(0).toLongLong(), q.value(1).toString(), *entry});
    }
    q.finish();
    return entries;
}

void MachineLife::recordStart(const MachineRecord &machine, const QString &nonce,
                              const QString &message)
{
    recordStarts({{machine, nonce, message}});
}

void MachineLife::recordStarts(const QList<Start> &starts)
{
    if (starts.isEmpty())
        return;
    QList<QVariantList> history;
    QList<QVariantList> rows;
    history.reserve(starts.size());
    rows.reserve(starts.size());
    for (const Start &start : starts) {
        // Checked first, every one: a move the state refuses writes nothing.
        const MachineState next =
            start.machine.state.after(MachineState::Move::RecordStart, start.machine.name);
        history << historyRow(start.machine, next, start.message);
        rows << QVariantList{start.machine.id, MachineState::text(next.instance), start.message,
                             start.nonce};
    }
    m_scope.sql().insertRows(QStringLiteral("machine_status_log"),
                             {{"machine_id", "bigint"},
                              {"at", "bigint"},
                              {"life", "text"},
                              {"machine_status", "text"},
                              {"instance_status", "text"},
                              {"message", "text"}},
                             history);
    m_scope.sql().updateRows(QStringLiteral("machines"),
                             {{"id", "bigint"},
                              {"instance_status", "text"},
                              {"instance_message", "text"},
                              {"nonce", "text"}},
                             rows);
    for (const Start &start : starts)
        m_scope.logChange(QStringLiteral("machine"), start.machine.name, Change::Op::Changed);
}

void MachineLife::recordInstance(const MachineRecord &machine, const InstanceInfo &instance)
{
    const MachineState next = moved(machine, MachineState::Move::RecordInstance,
                                    QStringLiteral("instance %1 (%2) in %3")
                                        .arg(instance.id, instance.instanceType, instance.zone));
    // The machine's units count in its zone from now on.
    m_scope.unitTallies().moving(QStringLiteral("u.machine_id = ?"), {machine.id}, [&] {
        m_scope.sql().run(
            QStringLiteral("UPDATE machines SET instance_id = ?, instance_type = ?, "
                           "hardware = ?, region = ?, zone = ?, machine_status = ?, "
                           "machine_message = '', instance_status = ?, instance_message = '', "
                           "attempts = 0, retry_at = 0 WHERE id = ?"),
            {instance.id, instance.instanceType, instance.hardware, instance.region, instance.zone,
             MachineState::text(next.status), MachineState::text(next.instance), machine.id});
    });
}

void MachineLife::forgetStart(const MachineRecord &machine, const QString &message)
{
    const MachineState next = moved(machine, MachineState::Move::ForgetStart, message);
    m_scope.sql().run(
        QStringLiteral("UPDATE machines SET instance_status = ?, instance_message = ? "
                       "WHERE id = ?"),
        {MachineState::text(next.instance), message, machine.id});
}

void MachineLife::recordRetry(const MachineRecord &machine, int attempts, qint64 retryAt,
                              const QString &message)
{
    const MachineState next = moved(machine, MachineState::Move::RecordRetry, message);
    m_scope.sql().run(
        QStringLiteral("UPDATE machines SET instance_status = ?, instance_message = ?, "
                       "attempts = ?, retry_at = ? WHERE id = ?"),
        {MachineState::text(next.instance), message, attempts, retryAt, machine.id});
}

void MachineLife::recordError(const MachineRecord &machine, int attempts, const QString &message)
{
    const MachineState next = moved(machine, MachineState::Move::RecordError, message);
    m_scope.sql().run(QStringLiteral("UPDATE machines SET machine_status = ?, machine_message = ?, "
                                     "instance_status = ?, instance_message = ?, instance_id = '', "
                                     "attempts = ? WHERE id = ?"),
                      {MachineState::text(next.status), message, MachineState::text(next.instance),
                       message, attempts, machine.id});
}

void MachineLife::resetForRetry(const MachineRecord &machine, const QString &constraints)
{
    const MachineState next =
        moved(machine, MachineState::Move::ResetForRetry, QStringLiteral("retry requested"));
    m_scope.sql().run(
        QStringLiteral("UPDATE machines SET machine_status = ?, machine_message = '', "
                       "instance_status = ?, instance_message = '', attempts = 0, "
                       "retry_at = 0, constraints = ? WHERE id = ?"),
        {MachineState::text(next.status), MachineState::text(next.instance), constraints,
         machine.id});
}

void MachineLife::enlistHost(const MachineRecord &machine, const QString &instanceId,
                             const QString &hardware, const QString &message)
{
    const MachineState next = moved(machine, MachineState::Move::EnlistHost, message);
    m_scope.sql().run(
        QStringLiteral("UPDATE machines SET instance_id = ?, hardware = ?, "
                       "machine_status = ?, machine_message = '', instance_status = ?, "
                       "instance_message = ? WHERE id = ?"),
        {instanceId, hardware, MachineState::text(next.status), MachineState::text(next.instance),
         message, machine.id});
}

void MachineLife::holdForHost(const MachineRecord &machine, const QString &message)
{
    const MachineState next = moved(machine, MachineState::Move::HoldForHost, message);
    m_scope.sql().run(QStringLiteral("UPDATE machines SET machine_status = ?, machine_message = ? "
                                     "WHERE id = ?"),
                      {MachineState::text(next.status), message, machine.id});
}

void MachineLife::markDead(const MachineRecord &machine)
{
    const MachineState next =
        moved(machine, MachineState::Move::MarkDead, QStringLiteral("removed by the user"));
    m_scope.unitTallies().moving(QStringLiteral("u.machine_id = ?"), {machine.id}, [&] {
        m_scope.sql().run(QStringLiteral("UPDATE machines SET life = ? WHERE id = ?"),
                          {MachineState::text(next.life), machine.id});
    });
}

} // namespace berth
