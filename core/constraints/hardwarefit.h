#pragma once

#include "core/constraints/constraints.h"

#include <optional>

namespace berth {

// Whether hardware (a started machine's, or what a host is asked to be)
// meets constraints: at least the memory, cores and root disk asked for, and
// the same architecture. Only what both sides state is compared: a machine
// whose size is not known yet fits anything.
namespace HardwareFit {

// The first thing `has` lacks for `needs`, each as one constraint
// ("mem=2048M" offered, "mem=4096M" wanted).
struct Shortfall
{
    QString offered;
    QString wanted;
    bool operator==(const Shortfall &) const = default;
};

std::optional<Shortfall> shortfall(const Constraints &needs, const Constraints &has);

} // namespace HardwareFit

} // namespace berth
