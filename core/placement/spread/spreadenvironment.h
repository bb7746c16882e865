#pragma once

#include "core/cloud/cloudinfo.h"
#include "core/constraints/constraints.h"
#include "core/model/modelrecords.h"
#include "core/placement/spread/spreadmember.h"

#include <QStringList>

namespace berth {

// The domains a unit may run in, as the model's cloud offers them (spread:
// Domains and skew, "Eligible domains"). One rule for the filter, the
// forecast, the provisioner and rebalance.
struct SpreadEnvironment
{
    const RegionInfo *region = nullptr; // the model's region
    QString modelRegion;
    QStringList regions; // level region: the region policy's, else the model's
    // The cloud starts new machines (not a fixed pool of hosts: a bare-metal
    // pool's nodes or enlisted ssh: hosts): level machine always has an
    // empty domain to offer.
    bool startsMachines = true;
    // The model's alive hosts (not containers); filled where a rule needs
    // them: level machine, and level zone on a fixed pool of ssh: hosts.
    QList<MachineRecord> hosts;

    // `policyRegions`: the application's region policy's regions, if any.
    static SpreadEnvironment of(const CloudInfo &cloud, const ModelRecord &model,
                                const QStringList &policyRegions);
    // The eligible domains for a unit with `constraints` (a new machine not
    // among them; see startsMachines):
    // - zone: the healthy zones of the model's region its `zones=` allows;
    //   on a fixed pool, only those with a host its hardware fits;
    // - region: the region policy's regions, else the model's;
    // - machine: the alive hosts its hardware fits, in the zones it allows.
    QStringList eligible(SpreadConstraint::Level level, const Constraints &constraints) const;
    // Whether `member` counts for a unit with `constraints`: on a fixed pool,
    // only on a host the unit could use (Kubernetes' nodeAffinityPolicy:
    // Honor); where machines start, every member does, since the unit could
    // run on a machine like any of theirs.
    bool counts(const SpreadMember &member, const Constraints &constraints) const;

private:
    bool fits(const QString &hardware, const Constraints &constraints) const;
};

} // namespace berth
