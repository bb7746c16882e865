#include "core/provisioning/leasekeeper.h"

#include "core/store/provisionerlease.h"
#include "core/store/store.h"

#include <QCoreApplication>
#include <QDateTime>

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>

namespace berth {

namespace {

// This file's words, through Qt's translation system (the provisioner's
// context: they are its log lines).
class Text
{
    Q_DECLARE_TR_FUNCTIONS(Provisioner)
};

qint64 now()
{
    return QDateTime::currentMSecsSinceEpoch();
}

} // namespace

LeaseKeeper::LeaseKeeper(const ProvisionerLease &lease, QString storeLocation,
                         const std::atomic<bool> &cancel, std::atomic<bool> &abort,
                         LostFunction lost)
    : m_lease(lease)
    , m_location(std::move(storeLocation))
    , m_cancel(cancel)
    , m_abort(abort)
    , m_lost(std::move(lost))
    , m_thread([this](std::stop_token stop) { keep(stop); })
{}

void LeaseKeeper::keep(const std::stop_token &stop)
{
    const qint64 ttl = m_lease.ttlMs();
    std::unique_ptr<Store> store;
    qint64 renewedAt = now();
    qint64 nextAt = renewedAt + ttl / 3;
    std::mutex mutex;
    std::condition_variable_any wake;
    while (!stop.stop_requested()) {
        if (m_cancel)
            m_abort = true;
        if (now() >= nextAt) {
            try {
                if (!store)
                    store = std::make_unique<Store>(m_location);
                if (!store->write([&](SqlSession &sql) { return m_lease.renew(sql); })) {
                    m_lost(Text::tr("another provisioner has taken the lease over"));
                    return;
                }
                renewedAt = now();
                nextAt = renewedAt + ttl / 3;
            } catch (const std::exception &error) {
                if (now() - renewedAt >= ttl * 2 / 3) {
                    m_lost(Text::tr("the lease could not be renewed before it may expire (%1)")
                               .arg(QString::fromUtf8(error.what())));
                    return;
                }
                nextAt = now() + ttl / 10;
            }
        }
        // Woken at once when the pass ends (the keeper's stop), so that no
        // pass waits out the poll; the poll itself watches `cancel`.
        std::unique_lock lock(mutex);
        wake.wait_for(lock, stop, std::chrono::milliseconds(20), [] { return false; });
    }
}

} // namespace berth
