#pragma once

#include "core/placement/spread/spreadstate.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QMap>

namespace berth {

// One move of a rebalance: a new unit where there are too few, then one
// unit removed where there are too many (spread: Rebalance).
struct RebalanceMove
{
    QString application;
    QString addRegion;
    QString addZone;    // empty where the zone is the provisioner's to choose
    QString addMachine; // an existing machine's name, or "new"
    qint64 removeUnitId = 0;
    QString removeUnit;
    QString removeMachine;
    QString removeZone;
    QString removeRegion;

    QJsonObject toJson() const;
    bool operator==(const RebalanceMove &) const = default;
};

// The fewest moves that bring every spread constraint of one application
// back within its bound, over the eligible domains (empty ones included),
// all levels together; pure.
class RebalancePlan
{
    Q_DECLARE_TR_FUNCTIONS(RebalancePlan)

public:
    using Application = SpreadApplication;

    static RebalancePlan of(const Application &app);

    QString application;
    QList<RebalanceMove> moves;
    // level → skew, before and after the moves.
    QMap<QString, int> skewBefore;
    QMap<QString, int> skewAfter;
    // Why the bound cannot be reached, one line; empty when it is.
    QString problem;
};

} // namespace berth
