#pragma once

#include "core/placement/spread/rebalanceplan.h"

#include <QCoreApplication>
#include <QJsonObject>

namespace berth {

// The rebalance plans of several applications of one model, as
// `rebalance --dry-run` shows them and a rebalance stages them.
struct RebalancePlans
{
    Q_DECLARE_TR_FUNCTIONS(RebalancePlans)

public:
    QList<RebalancePlan> applications;
    QList<RebalanceMove> moves() const;
    // The first application's reason there is no plan; empty when all have one.
    QString problem() const;
    // {"moves": [...], "skew-before": {APP: {LEVEL: N}}, "skew-after": {...}}
    QJsonObject toJson() const;

    // The plans for `applications` (all with a spread constraint when
    // empty); BerthError for an unknown application or one without a
    // constraint.
    static RebalancePlans of(const ModelSnapshot &snapshot, const CloudInfo &cloud,
                             const QStringList &applications);
};

} // namespace berth
