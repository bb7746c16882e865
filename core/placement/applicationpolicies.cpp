#include "core/placement/applicationpolicies.h"

namespace berth {

ApplicationPolicies ApplicationPolicies::of(qint64 applicationId,
                                            const QList<PolicyRecord> &records)
{
    ApplicationPolicies policies;
    for (const PolicyRecord &r : records) {
        if (r.applicationId != applicationId)
            continue;
        if (r.kind == u"deletion")
            policies.deletion = DeletionPolicy::fromSpec(r.spec);
        else if (r.kind == u"region")
            policies.region = PlacementPolicy::fromSpec(r.spec);
        else if (r.kind == u"zone")
            policies.zone = PlacementPolicy::fromSpec(r.spec);
        else if (r.kind == u"affinity")
            policies.affinity = AffinityPolicy::fromSpec(r.spec);
    }
    return policies;
}

} // namespace berth
