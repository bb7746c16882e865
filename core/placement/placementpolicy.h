#pragma once

#include "core/placement/placementplanner.h"
#include "core/placement/resizeparameters.h"

#include <QJsonObject>
#include <QStringList>

namespace berth {

// A Senlin region or zone placement policy and its decision for an action:
// the node count from the action's inputs and earlier policies' data, and the
// per-region (or per-zone) plan, written back into `data` in Senlin's shape.
class PlacementPolicy
{
public:
    enum class Kind { Region, Zone };

    // From Senlin's spec (`type`, `version`, `properties.regions|zones`);
    // throws BerthError saying what is wrong.
    static PlacementPolicy fromSpec(const QJsonObject &spec);
    // The same checks on entries given directly (the window's editor).
    static PlacementPolicy fromTargets(Kind kind, const QList<PlacementPlanner::Target> &targets);

    // Senlin's spec for this policy, as fromSpec() reads it.
    QJsonObject toSpec() const;

    Kind kind() const { return m_kind; }
    // "region" or "zone": how the store and the command line name the kind.
    QString kindName() const;
    const QList<PlacementPlanner::Target> &targets() const { return m_targets; }
    QStringList names() const;
    // Senlin's words for names the cloud does not know; empty when all are known.
    QString unknownNames(const QStringList &known) const;

    struct Action
    {
        QString name; // CLUSTER_SCALE_OUT, CLUSTER_SCALE_IN, CLUSTER_RESIZE, NODE_CREATE
        QJsonObject inputs;
        QJsonObject data;
        ResizeParameters::ClusterSize cluster;
    };
    // `current`: nodes per region/zone now; `available`: the usable ones.
    // Throws BerthError for an unknown action name.
    QJsonObject decide(const Action &action, const QMap<QString, qint64> &current,
                       const QStringList &available) const;

private:
    Kind m_kind = Kind::Region;
    QList<PlacementPlanner::Target> m_targets;
};

} // namespace berth
