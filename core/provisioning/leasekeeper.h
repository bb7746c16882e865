#pragma once

#include <QString>

#include <atomic>
#include <functional>
#include <thread>

namespace berth {

class ProvisionerLease;

// Keeps a provisioner's lease for the whole of a pass (listing, adopting,
// stopping, starting), on a thread and store connection of its own, renewing
// it every third of its time to live. When another provisioner has taken it
// over, or it cannot be renewed before it may have expired, it calls `lost`
// once with the reason and stops: a provisioner that may no longer hold the
// lease starts nothing more. It also passes the caller's `cancel` on to
// `abort`, which the pass's starts watch.
class LeaseKeeper
{
public:
    using LostFunction = std::function<void(const QString &why)>;

    LeaseKeeper(const ProvisionerLease &lease, QString storeLocation,
                const std::atomic<bool> &cancel, std::atomic<bool> &abort, LostFunction lost);
    LeaseKeeper(const LeaseKeeper &) = delete;
    LeaseKeeper &operator=(const LeaseKeeper &) = delete;

private:
    void keep(const std::stop_token &stop);

    const ProvisionerLease &m_lease;
    const QString m_location;
    const std::atomic<bool> &m_cancel;
    std::atomic<bool> &m_abort;
    const LostFunction m_lost;
    // Last: starts once the members above are ready; asked to stop and joined
    // when the keeper goes.
    std::jthread m_thread;
};

} // namespace berth
