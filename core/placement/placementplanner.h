#pragma once

#include <QList>
#include <QMap>
#include <QString>

namespace berth {

// Berth's weighted placement plan (policies.md): how many nodes to add to, or
// remove from, each region (or zone) so that the result stays within caps and
// usable targets, never removes more than a target holds, exists whenever any
// plan exists, and is as close as possible to the weighted target: with T the
// total after the change and t_r = T·w_r/Σw, it minimises Σ(n_r − t_r)².
// Ties go to the heavier target on scale-out and the lighter on scale-in, then
// to spec order — Senlin's order, so the plan equals Senlin's wherever
// Senlin's is optimal.
class PlacementPlanner
{
public:
    // Exact arithmetic for weights × node counts (1e6 nodes × large weights, squared).
    __extension__ typedef __int128 Wide;

    struct Target
    {
        QString name;
        qint64 weight = 100;
        qint64 cap = -1; // -1: no cap
        bool operator==(const Target &) const = default;
    };
    struct Plan
    {
        QMap<QString, qint64> counts; // target -> nodes added (or removed); zeros left out
        QString error;                // Senlin's words when there is no plan
        bool ok() const { return error.isEmpty(); }
    };

    // `delta` > 0 adds nodes, < 0 removes them. Only targets in `usable` change;
    // `zones` picks Senlin's zone wording for errors.
    static Plan plan(const QList<Target> &targets, const QMap<QString, qint64> &current,
                     qint64 delta, const QStringList &usable, bool zones = false);
    // The same plan by moving one node at a time (O(moves · log targets)): the
    // definition plan() must match, kept for tests and as the benchmark baseline.
    static Plan greedyPlan(const QList<Target> &targets, const QMap<QString, qint64> &current,
                           qint64 delta, const QStringList &usable, bool zones = false);
    // Σ(n_r − t_r)² · (Σw)², exact: how far final counts are from the weighted target.
    static Wide scaledCost(const QList<Target> &targets, const QList<qint64> &finalCounts);
};

} // namespace berth
