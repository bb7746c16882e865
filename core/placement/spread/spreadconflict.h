#pragma once

#include "core/model/spreadconstraint.h"
#include "core/placement/placementpolicy.h"

#include <QCoreApplication>

namespace berth {

// Whether a Senlin placement policy and a spread constraint of one
// application can both hold (spread: Where it is enforced, "The weighted
// Senlin region and zone policies choose among what a hard spread allows").
class SpreadConflict
{
    Q_DECLARE_TR_FUNCTIONS(SpreadConflict)

public:
    // Why they cannot (a weighted policy against a `wait` bound at its
    // level), naming both; empty when they can.
    static QString of(const QString &application, const PlacementPolicy &policy,
                      const SpreadConstraint &constraint);
};

} // namespace berth
