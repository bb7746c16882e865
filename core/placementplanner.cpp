#include "placementplanner.h"

#include <queue>
#include <vector>

namespace {

struct Candidate
{
    PlacementPlanner::Wide marginal; // cost change of one more move, scaled by Σw (exact)
    qint64 weight;
    int order;
    int index;
};

} // namespace

PlacementPlanner::Wide PlacementPlanner::scaledCost(const QList<Target> &targets,
                                                    const QList<qint64> &finalCounts)
{
    PlacementPlanner::Wide sumWeights = 0;
    PlacementPlanner::Wide total = 0;
    for (qsizetype i = 0; i < targets.size(); ++i) {
        sumWeights += targets.at(i).weight;
        total += finalCounts.at(i);
    }
    PlacementPlanner::Wide cost = 0;
    for (qsizetype i = 0; i < targets.size(); ++i) {
        const PlacementPlanner::Wide d =
            PlacementPlanner::Wide(finalCounts.at(i)) * sumWeights - total * targets.at(i).weight;
        cost += d * d;
    }
    return cost;
}

PlacementPlanner::Plan PlacementPlanner::plan(const QList<Target> &targets,
                                              const QMap<QString, qint64> &current, qint64 delta,
                                              const QStringList &usable, bool zones)
{
    Plan result;
    QList<int> active;
    for (int i = 0; i < int(targets.size()); ++i) {
        if (usable.contains(targets.at(i).name) && targets.at(i).weight > 0)
            active << i;
    }
    if (active.isEmpty()) {
        result.error = zones ? QStringLiteral("No availability zone found available.")
                             : QStringLiteral("No region is found usable.");
        return result;
    }
    if (delta == 0)
        return result;

    const bool out = delta > 0;
    const qint64 moves = out ? delta : -delta;
    // The target is computed over the usable targets only: the others cannot change.
    PlacementPlanner::Wide sumWeights = 0;
    PlacementPlanner::Wide total = 0;
    qint64 room = 0;
    std::vector<qint64> n(std::size_t(targets.size()), 0);
    for (int i : active) {
        const Target &t = targets.at(i);
        n[std::size_t(i)] = current.value(t.name);
        sumWeights += t.weight;
        total += n[std::size_t(i)];
        if (out)
            room += t.cap < 0 ? moves : std::max<qint64>(0, t.cap - n[std::size_t(i)]);
        else
            room += n[std::size_t(i)];
    }
    if (room < moves) {
        result.error = QStringLiteral("There is no feasible plan to handle all nodes.");
        return result;
    }
    total += delta;

    // Scaled marginal of one more move on target i:
    //  add:    2(n·Σw − T·w) + Σw      remove: −2(n·Σw − T·w) + Σw
    const auto marginal = [&](int i) {
        const PlacementPlanner::Wide d =
            PlacementPlanner::Wide(n[std::size_t(i)]) * sumWeights - total * targets.at(i).weight;
        return out ? 2 * d + sumWeights : -2 * d + sumWeights;
    };
    const auto worse = [out](const Candidate &a, const Candidate &b) {
        if (a.marginal != b.marginal)
            return a.marginal > b.marginal;
        if (a.weight != b.weight)
            return out ? a.weight < b.weight : a.weight > b.weight;
        return a.order > b.order;
    };
    std::priority_queue<Candidate, std::vector<Candidate>, decltype(worse)> queue(worse);
    const auto canMove = [&](int i) {
        const Target &t = targets.at(i);
        return out ? (t.cap < 0 || n[std::size_t(i)] < t.cap) : n[std::size_t(i)] > 0;
    };
    for (int i : active) {
        if (canMove(i))
            queue.push({marginal(i), targets.at(i).weight, i, i});
    }
    QMap<QString, qint64> counts;
    for (qint64 m = 0; m < moves; ++m) {
        const Candidate best = queue.top();
        queue.pop();
        const int i = best.index;
        n[std::size_t(i)] += out ? 1 : -1;
        ++counts[targets.at(i).name];
        if (canMove(i))
            queue.push({marginal(i), targets.at(i).weight, i, i});
    }
    result.counts = counts;
    return result;
}
