#pragma once

#include "core/cloud/instanceinfo.h"
#include "core/model/modelrecords.h"

#include <QVariant>

namespace berth {

class Store;
class TxScope;

// The machine life cycle's writes in one model transaction: each is one of
// MachineState's moves, refused (BerthError) when the table does not allow
// it from the machine's state as read in this transaction, written to the
// machine's status history and logged as a change.
class MachineLife
{
public:
    explicit MachineLife(TxScope &scope)
        : m_scope(scope)
    {}

    // Readies a connection of `store` to record starts (Store::primeWrites).
    static void primeStarts(Store &store);

    void recordStart(const MachineRecord &machine, const QString &nonce, const QString &message);
    // recordStart() for many machines at once: their history rows in one
    // statement and their rows in another (on PostgreSQL each statement is a
    // round trip, and a round of starts records sixteen or more).
    struct Start
    {
        MachineRecord machine;
        QString nonce;
        QString message;
    };
    void recordStarts(const QList<Start> &starts);
    void recordInstance(const MachineRecord &machine, const InstanceInfo &instance);
    void forgetStart(const MachineRecord &machine, const QString &message);
    void recordRetry(const MachineRecord &machine, int attempts, qint64 retryAt,
                     const QString &message);
    void recordError(const MachineRecord &machine, int attempts, const QString &message);
    // retry-provisioning: pending again, with `constraints` from now on.
    void resetForRetry(const MachineRecord &machine, const QString &constraints);
    void enlistHost(const MachineRecord &machine, const QString &instanceId,
                    const QString &hardware, const QString &message);
    // A container that cannot start while its host is in error or gone.
    void holdForHost(const MachineRecord &machine, const QString &message);
    // Removed by the user once started: the provisioner stops its instance.
    void markDead(const MachineRecord &machine);

    // The machine's status history, oldest first.
    QList<StatusLogEntry> statusLog(const MachineRecord &machine);
    // Every machine's moves in the model after entry `afterId`, the last
    // `last` of them (0: all), oldest first: debug-log's lines.
    struct ModelLogEntry
    {
        qint64 id = 0;
        QString machine;
        StatusLogEntry entry;
    };
    QList<ModelLogEntry> modelLog(qint64 afterId, int last);

private:
    // The machine's status history row (machine_status_log's columns in their
    // order) for its move to `next`, now, with `message`.
    QVariantList historyRow(const MachineRecord &machine, const MachineState &next,
                            const QString &message) const;
    // Checks `move` against the machine's current state and writes it to the
    // machine's status history with `message`; gives the state after it.
    MachineState moved(const MachineRecord &machine, MachineState::Move move,
                       const QString &message);

    TxScope &m_scope;
};

} // namespace berth
