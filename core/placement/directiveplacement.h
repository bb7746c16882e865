#pragma once

#include "core/model/placementdirective.h"

#include <QCoreApplication>

#include <optional>

namespace berth {

// Where a placement directive puts what is made for it (domain spec,
// "Placement directives"): on an existing machine, in a new container on an
// existing host or a new one, or on a new machine that keeps the directive
// (zone=, region=, a node) for the provisioner. Pure: the caller looks the
// machines up and checks them with PlacementRules.
class DirectivePlacement
{
    Q_DECLARE_TR_FUNCTIONS(DirectivePlacement)

public:
    enum class Kind { NewMachine, ExistingMachine, NewContainer };

    Kind kind = Kind::NewMachine;
    // ExistingMachine: the machine; NewContainer: its host (empty: a new host).
    QString machine;
    // NewMachine: what the machine keeps for the provisioner ("zone=a",
    // "region=r", a node); empty: nothing.
    QString placement;
    // NewMachine: the region a region= directive names; empty: the caller's.
    QString region;
    // The directive names a zone, region or node the cloud must have.
    std::optional<PlacementDirective> cloudChecks;

    bool operator==(const DirectivePlacement &) const = default;

    // Where a new principal unit goes: by `directive`, or without one on a new
    // machine (in `policyZone` when a placement policy chose one). Throws
    // BerthError for ssh:, which only add-machine takes.
    static DirectivePlacement forUnit(const std::optional<PlacementDirective> &directive,
                                      const QString &policyZone = {});
    // Where add-machine puts its machines. Throws BerthError for a machine or
    // container id (Juju's "machine-id cannot be specified"); ssh: is the
    // caller's (an existing host, probed).
    static DirectivePlacement forMachine(const std::optional<PlacementDirective> &directive);
};

} // namespace berth
