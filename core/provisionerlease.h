#pragma once

#include <QString>

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
    ProvisionerLease(Store &store, qint64 modelId);
    ~ProvisionerLease();

    // Takes or renews the lease; false, with holder() set, when another live
    // provisioner holds it.
    bool acquire();
    void release();
    bool held() const { return m_held; }
    QString holder() const { return m_holder; }

    static constexpr qint64 ttlMs = 30'000;

private:
    Store &m_store;
    qint64 m_modelId;
    QString m_owner;
    QString m_host;
    qint64 m_pid;
    bool m_held = false;
    bool m_advisory = false; // PostgreSQL: the session lock is ours
    qint64 m_expiresAt = 0;
    QString m_holder;
};
