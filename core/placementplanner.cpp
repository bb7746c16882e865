#include "placementplanner.h"

#include <algorithm>
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

PlacementPlanner::Plan PlacementPlanner::greedyPlan(const QList<Target> &targets,
                                                    const QMap<QString, qint64> &current,
                                                    qint64 delta, const QStringList &usable,
                                                    bool zones)
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

PlacementPlanner::Plan PlacementPlanner::plan(const QList<Target> &targets,
                                              const QMap<QString, qint64> &current, qint64 delta,
                                              const QStringList &usable, bool zones)
{
    // Each move's scaled marginal cost on target r is key_r(j) = base_r + j·Σw for its
    // j-th move, so the greedy's picks are the `moves` smallest keys overall (ties:
    // heavier first on scale-out, lighter first on scale-in, then spec order). Find the
    // threshold key by binary search instead of moving one node at a time.
    struct Line
    {
        int index;
        Wide base;
        qint64 room;
    };
    Plan result;
    QList<int> active;
    for (int i = 0; i < int(targets.size()); ++i) {
        if (usable.contains(targets.at(i).name) && targets.at(i).weight > 0)
            active << i;
    }
    if (active.isEmpty() || delta == 0)
        return greedyPlan(targets, current, delta, usable, zones); // errors and no-ops
    const bool out = delta > 0;
    const qint64 moves = out ? delta : -delta;
    Wide sumWeights = 0;
    Wide total = delta;
    for (int i : active) {
        sumWeights += targets.at(i).weight;
        total += current.value(targets.at(i).name);
    }
    std::vector<Line> lines;
    Wide room = 0;
    for (int i : active) {
        const Target &t = targets.at(i);
        const qint64 n = current.value(t.name);
        const Wide d = Wide(n) * sumWeights - total * t.weight;
        const qint64 r = out ? (t.cap < 0 ? moves : std::max<qint64>(0, t.cap - n)) : n;
        lines.push_back({i, out ? d : -d, std::min(r, moves)});
        room += lines.back().room;
    }
    if (room < moves) {
        result.error = QStringLiteral("There is no feasible plan to handle all nodes.");
        return result;
    }
    // How many keys of a line lie strictly below `limit`.
    const auto below = [&](const Line &l, Wide limit) -> qint64 {
        if (limit <= l.base)
            return 0;
        const Wide k = (limit - l.base + sumWeights - 1) / sumWeights;
        return qint64(std::min<Wide>(k, l.room));
    };
    const auto countBelow = [&](Wide limit) {
        Wide c = 0;
        for (const Line &l : lines)
            c += below(l, limit);
        return c;
    };
    // Largest threshold with at most `moves` keys below it.
    Wide lo = lines.front().base;
    Wide hi = lines.front().base;
    for (const Line &l : lines) {
        lo = std::min(lo, l.base);
        hi = std::max(hi, l.base + Wide(l.room) * sumWeights);
    }
    ++hi;
    while (lo < hi) {
        const Wide mid = lo + (hi - lo + 1) / 2;
        if (countBelow(mid) <= moves)
            lo = mid;
        else
            hi = mid - 1;
    }
    std::vector<qint64> taken(lines.size());
    qint64 left = moves;
    for (std::size_t k = 0; k < lines.size(); ++k) {
        taken[k] = below(lines[k], lo);
        left -= taken[k];
    }
    // The rest come from the lines with a key exactly at the threshold, in tie order.
    std::vector<std::size_t> atThreshold;
    for (std::size_t k = 0; k < lines.size(); ++k) {
        const Line &l = lines[k];
        if (taken[k] < l.room && l.base + Wide(taken[k]) * sumWeights == lo)
            atThreshold.push_back(k);
    }
    std::stable_sort(atThreshold.begin(), atThreshold.end(), [&](std::size_t a, std::size_t b) {
        const qint64 wa = targets.at(lines[a].index).weight;
        const qint64 wb = targets.at(lines[b].index).weight;
        if (wa != wb)
            return out ? wa > wb : wa < wb;
        return lines[a].index < lines[b].index;
    });
    for (std::size_t k = 0; k < atThreshold.size() && left > 0; ++k, --left)
        ++taken[atThreshold[k]];
    for (std::size_t k = 0; k < lines.size(); ++k) {
        if (taken[k] > 0)
            result.counts.insert(targets.at(lines[k].index).name, taken[k]);
    }
    return result;
}
