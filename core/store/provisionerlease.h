#pragma once

#include <QString>

namespace berth {

class ModelTx;
class SqlSession;
class Store;

// One provisioner per model: a lease row in the store, renewed while its
// holder runs. A lease whose holder's process is gone (same host) or that has
// expired can be taken over, so a killed provisioner is replaced at once.
// On PostgreSQL the holder also keeps a session advisory lock on the model:
// the server drops it the moment the holder's connection dies, whichever host
// it ran on, and the lease row then only says who held it.
class ProvisionerLease
{
public:
    // `ttlMs`: how long the lease lasts without renewal (defaultTtlMs unless
    // BERTH_PROVISIONER_LEASE_MS says otherwise; see ttlFromEnvironment()).
    ProvisionerLease(Store &store, qint64 modelId, qint64 ttlMs = defaultTtlMs);
    ~ProvisionerLease();

    // Takes or renews the lease; false, with holder() set, when another live
    // provisioner holds it.
    bool acquire();
    void release();
    bool held() const { return m_held; }
    QString holder() const { return m_holder; }
    qint64 ttlMs() const { return m_ttlMs; }
    // This provisioner's identity in the lease (and in its instances' tags).
    QString owner() const { return m_owner; }

    // In a write transaction on any connection (any thread): extends the lease
    // when this holder still has it and says so; false when another
    // provisioner has taken it over (or it was released). The provisioner calls
    // it in the transaction that records each start, so no start is recorded
    // by a provisioner that no longer holds the lease, and from a keeper
    // thread while a pass runs.
    bool renew(SqlSession &sql) const;
    // renew() in the model transaction `tx` (the one recording a start).
    bool renew(ModelTx &tx) const;

    static constexpr qint64 defaultTtlMs = 30'000;
    static qint64 ttlFromEnvironment();

private:
    Store &m_store;
    qint64 m_modelId;
    QString m_owner;
    QString m_host;
    qint64 m_pid;
    qint64 m_ttlMs;
    bool m_held = false;
    bool m_advisory = false; // PostgreSQL: the session lock is ours
    qint64 m_expiresAt = 0;
    QString m_holder;
};

} // namespace berth
