#pragma once

#include "core/model/modelrecords.h"
#include "core/placement/affinitypolicy.h"
#include "core/placement/deletionpolicy.h"
#include "core/placement/placementpolicy.h"

#include <optional>

namespace berth {

// The policies an application carries (Senlin's region and zone placement,
// deletion and affinity policies), stored as their specs, one per kind.
struct ApplicationPolicies
{
    std::optional<PlacementPolicy> region;
    std::optional<PlacementPolicy> zone;
    std::optional<DeletionPolicy::Criteria> deletion;
    std::optional<HostSpread> affinity; // the group's name empty unless the spec names one

    bool isEmpty() const { return !region && !zone && !deletion && !affinity; }
    // The application's among `records` (a snapshot's, or the store's rows).
    static ApplicationPolicies of(qint64 applicationId, const QList<PolicyRecord> &records);
};

} // namespace berth
