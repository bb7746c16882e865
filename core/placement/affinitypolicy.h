#pragma once

#include "core/cloud/provider.h"

#include <QJsonObject>
#include <QStringList>

namespace berth {

// Senlin's affinity policy: an application's servers in a server group that
// keeps them on different compute hosts (anti-affinity, or as far as the
// cloud can: soft-anti-affinity) or together. Berth adds
// `max_server_per_host` (Nova's rule, from microversion 2.64) to
// anti-affinity. Clouds without server groups ignore it.
namespace AffinityPolicy {

// From a `senlin.policy.affinity` spec: the group's policy, rule and name
// (empty: Berth names it per model and application). `availability_zone`
// and `enable_drs_extension` are reported in `ignored` (zones come from the
// zone policy and constraints). Throws BerthError saying what is wrong.
HostSpread fromSpec(const QJsonObject &spec, QStringList *ignored = nullptr);
QJsonObject toSpec(const HostSpread &spread);

} // namespace AffinityPolicy

} // namespace berth
