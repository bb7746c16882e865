#include "core/placement/placementplanner.h"

#include <QCoreApplication>
#include <algorithm>
#include <queue>
#include <vector>

namespace berth {

namespace {

// This file's words, through Qt's translation system: the window shows them
// in the user's language, berthctl (no translator) as written here.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(PlacementPlanner)
};

} // namespace

namespace {

struct Candidate
{
    PlacementPlanner::Wide marginal; // cost change of one more move, scaled by Σw (exact)
    qint64 weight;
    int order;
    int index;
};

// What both planners start from: the usable targets, the sums, and how far each
// target may move. `error` (Senlin's words) or `moves == 0` ends planning early.
struct Setup
{
    QString error;
    QList<int> active; // indexes of usable targets, in spec order
    bool out = true;
    qint64 moves = 0;
    PlacementPlanner::Wide sumWeights = 0;
    PlacementPlanner::Wide total = 0; // over usable targets, after the change
    std::vector<qint64> now;          // per target index
    std::vector<qint64> room;         // per target index, at most `moves`
};

Setup prepare(const QList<PlacementPlanner::Target> &targets, const QMap<QString, qint64> &current,
              qint64 delta, const QStringList &usable, bool zones)
{
    Setup s;
    for (int i = 0; i < int(targets.size()); ++i) {
        if (usable.contains(targets.at(i).name) && targets.at(i).weight > 0)
            s.active << i;
    }
    if (s.active.isEmpty()) {
        s.error = zones ? Text::tr("No availability zone found available.")
                        : Text::tr("No region is found usable.");
        return s;
    }
    s.out = delta > 0;
    s.moves = s.out ? delta : -delta;
    s.now.assign(std::size_t(targets.size()), 0);
    s.room.assign(std::size_t(targets.size()), 0);
    // The weighted target is over the usable targets only: the others cannot change.
    PlacementPlanner::Wide room = 0;
    s.total = delta;
    for (int i : s.active) {
        const PlacementPlanner::Target &t = targets.at(i);
        const qint64 n = current.value(t.name);
        const qint64 r = s.out ? (t.cap < 0 ? s.moves : std::max<qint64>(0, t.cap - n)) : n;
        s.now[std::size_t(i)] = n;
        s.room[std::size_t(i)] = std::min(r, s.moves);
        s.sumWeights += t.weight;
        s.total += n;
        room += s.room[std::size_t(i)];
    }
    if (room < s.moves)
        s.error = Text::tr("There is no feasible plan to handle all nodes.");
    return s;
}

} // namespace

PlacementPlanner::Wide PlacementPlanner::scaledCost(const QList<Target> &targets,
                                                    const QList<qint64> &finalCounts)
{
    Wide sumWeights = 0;
    Wide total = 0;
    for (qsizetype i = 0; i < targets.size(); ++i) {
        sumWeights += targets.at(i).weight;
        total += finalCounts.at(i);
    }
    Wide cost = 0;
    for (qsizetype i = 0; i < targets.size(); ++i) {
        const Wide d = Wide(finalCounts.at(i)) * sumWeights - total * targets.at(i).weight;
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
    const Setup setup = prepare(targets, current, delta, usable, zones);
    result.error = setup.error;
    if (!result.ok() || setup.moves == 0)
        return result;
    const bool out = setup.out;
    const qint64 moves = setup.moves;
    const Wide sumWeights = setup.sumWeights;
    const Wide total = setup.total;
    std::vector<qint64> n = setup.now;
    const QList<int> &active = setup.active;

    // Scaled marginal of one more move on target i:
    //  add:    2(n·Σw − T·w) + Σw      remove: −2(n·Σw − T·w) + Σw
    const auto marginal = [&](int i) {
        const Wide d = Wide(n[std::size_t(i)]) * sumWeights - total * targets.at(i).weight;
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
    const Setup setup = prepare(targets, current, delta, usable, zones);
    result.error = setup.error;
    if (!result.ok() || setup.moves == 0)
        return result;
    const bool out = setup.out;
    const qint64 moves = setup.moves;
    const Wide sumWeights = setup.sumWeights;
    std::vector<Line> lines;
    for (int i : setup.active) {
        const Wide d =
            Wide(setup.now[std::size_t(i)]) * sumWeights - setup.total * targets.at(i).weight;
        lines.push_back({i, out ? d : -d, setup.room[std::size_t(i)]});
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

} // namespace berth
