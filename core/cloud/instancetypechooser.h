#pragma once

#include "core/cloud/cloudinfo.h"
#include "core/constraints/constraints.h"

namespace berth {

// Picks the cheapest, least wasteful instance type of a region that meets a
// machine's constraints (domain.md, "Choosing an instance type").
class InstanceTypeChooser
{
public:
    struct Choice
    {
        InstanceType type;
        QString error;
        bool ok() const { return error.isEmpty(); }
    };

    explicit InstanceTypeChooser(quint64 defaultMemMiB = 2048, bool filterTags = false)
        : m_defaultMemMiB(defaultMemMiB)
        , m_filterTags(filterTags)
    {}

    Choice choose(const RegionInfo &region, const Constraints &constraints) const;

    // The order of preference: cost, then memory, cpu-power, cores, root disk, name.
    static bool cheaperThan(const InstanceType &a, const InstanceType &b);

private:
    quint64 m_defaultMemMiB;
    bool m_filterTags;
};

} // namespace berth
