#include "core/store/provisionerlease.h"

#include "core/store/modeltx.h"
#include "core/store/store.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QSysInfo>
#include <QUuid>

#include <cerrno>
#include <csignal>

namespace berth {

namespace {
// The advisory lock space of provisioners (two-key form: this, the model id).
constexpr int provisionerLockKey = 0x70726f76; // "prov"

bool processAlive(qint64 pid)
{
    return ::kill(pid_t(pid), 0) == 0 || errno == EPERM;
}
} // namespace

ProvisionerLease::ProvisionerLease(Store &store, qint64 modelId, qint64 ttlMs)
    : m_store(store)
    , m_modelId(modelId)
    , m_owner(QUuid::createUuid().toString(QUuid::WithoutBraces))
    , m_host(QSysInfo::machineHostName())
    , m_pid(QCoreApplication::applicationPid())
    , m_ttlMs(ttlMs)
{}

qint64 ProvisionerLease::ttlFromEnvironment()
{
    bool ok = false;
    const qint64 ms = qEnvironmentVariable("BERTH_PROVISIONER_LEASE_MS").toLongLong(&ok);
    return ok && ms >= 1000 ? ms : defaultTtlMs;
}

bool ProvisionerLease::renew(SqlSession &sql) const
{
    // Extended only while this holder has it: one statement, which says so
    // by the row it changed (every start's transaction makes it).
    QSqlQuery &q = sql.run(QStringLiteral("UPDATE provisioner_leases SET expires_at = ? WHERE "
                                          "model_id = ? AND owner = ?"),
                           {QDateTime::currentMSecsSinceEpoch() + m_ttlMs, m_modelId, m_owner});
    const bool held = q.numRowsAffected() > 0;
    q.finish();
    return held;
}

ProvisionerLease::~ProvisionerLease()
{
    try {
        release();
    } catch (const std::exception &) {
        // The lease expires by itself; nothing more to do on the way out.
    }
}

bool ProvisionerLease::acquire()
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    // Renew only once a third of the lease has gone: an idle pass then writes
    // nothing, so watchers of the store do not take it for someone's change.
    if (m_held && now < m_expiresAt - m_ttlMs * 2 / 3)
        return true;
    const bool postgres = m_store.backend() == Store::Backend::Postgres;
    if (postgres && !m_advisory) {
        m_advisory = m_store.sql()
                         .scalar(QStringLiteral("SELECT pg_try_advisory_lock(?, ?)"),
                                 {provisionerLockKey, int(m_modelId)})
                         .toBool();
    }
    m_held = m_store.write([&](SqlSession &sql) {
        QSqlQuery &q = sql.run(QStringLiteral("SELECT owner, host, pid, expires_at FROM "
                                              "provisioner_leases WHERE model_id = ?"),
                               {m_modelId});
        if (q.next()) {
            const QString owner = q.value(0).toString();
            const QString host = q.value(1).toString();
            const qint64 pid = q.value(2).toLongLong();
            const qint64 expires = q.value(3).toLongLong();
            q.finish();
            const bool holderGone = host == m_host && !processAlive(pid);
            // With the advisory lock, the server itself says the holder is gone.
            const bool taken =
                postgres ? !m_advisory : owner != m_owner && expires > now && !holderGone;
            if (taken) {
                m_holder = QStringLiteral("process %1 on %2").arg(pid).arg(host);
                return false;
            }
        } else {
            q.finish();
            if (postgres && !m_advisory) {
                m_holder = QStringLiteral("another client");
                return false;
            }
        }
        sql.run(QStringLiteral("INSERT INTO provisioner_leases (model_id, owner, host, pid, "
                               "expires_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (model_id) DO "
                               "UPDATE SET owner = excluded.owner, host = excluded.host, pid = "
                               "excluded.pid, expires_at = excluded.expires_at"),
                {m_modelId, m_owner, m_host, m_pid, now + m_ttlMs});
        m_expiresAt = now + m_ttlMs;
        return true;
    });
    return m_held;
}

void ProvisionerLease::release()
{
    if (m_held) {
        m_held = false;
        m_store.write([&](SqlSession &sql) {
            sql.run(
                QStringLiteral("DELETE FROM provisioner_leases WHERE model_id = ? AND owner = ?"),
                {m_modelId, m_owner});
        });
    }
    if (m_advisory) {
        m_advisory = false;
        m_store.sql().scalar(QStringLiteral("SELECT pg_advisory_unlock(?, ?)"),
                             {provisionerLockKey, int(m_modelId)});
    }
}

bool ProvisionerLease::renew(ModelTx &tx) const
{
    return renew(tx.scope().sql());
}

} // namespace berth
