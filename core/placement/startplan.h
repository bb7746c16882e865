#pragma once

#include "core/cloud/cloudinfo.h"
#include "core/cloud/instancetypechooser.h"
#include "core/constraints/constraints.h"
#include "core/model/modelrecords.h"
#include "core/placement/spread/zonebounds.h"
#include "core/placement/zonespread.h"

#include <QHash>
#include <QStringList>

namespace berth {

// The provisioner's start planning, shared by its pass (what it starts) and
// the change-set forecast (what a commit would start), so that the preview
// and what really starts cannot drift (provisioning: Zones). Pure but for
// the ZoneSpread it counts in.
namespace StartPlan {

// An alive machine that still needs an instance from the provisioner
// (machines in error wait for retry-provisioning; ssh: hosts are enlisted,
// not started).
bool awaitsInstance(const MachineRecord &m);

// Counts every running host machine in `spread`: zone spread starts from
// what already runs. `appsOf`: the applications each machine hosts
// (SnapshotIndex::applicationsByHost).
void seed(ZoneSpread &spread, const ModelSnapshot &snapshot,
          const QHash<qint64, QStringList> &appsOf);

// Where one host machine starts.
struct HostZone
{
    QString region;           // the machine's, else the model's
    QStringList candidates;   // the zones it may go to
    bool fixedZone = false;   // one zone or none: nothing to fall back to
    QString zone;             // claimed in the spread; empty when none
    bool spreadBound = false; // a `wait` spread chose the zone: no other is tried
    QString waitReason;       // why it waits (a `wait` spread no zone keeps); empty otherwise
};

// The zone `machine` starts in, claimed in `spread` for its `applications`,
// as each host is taken in the model's machine order. With `bounds`, the
// zone also keeps the zone-level spread constraints of the host's `units`
// (application → how many): a `wait` bound no zone keeps makes it wait.
HostZone placeHost(const MachineRecord &machine, const Constraints &constraints,
                   const QStringList &applications, const QString &modelRegion,
                   const CloudInfo &cloud, ZoneSpread &spread, ZoneBounds *bounds = nullptr,
                   const QHash<QString, int> &units = {});

// The instance type a host starts as in `region`: the cheapest that fits,
// or none to choose where the cloud has no catalogue (LXD applies the
// constraints themselves).
InstanceTypeChooser::Choice chooseType(const RegionInfo &region, const Constraints &constraints,
                                       const ModelConfig &config);

} // namespace StartPlan

} // namespace berth
