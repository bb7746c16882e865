#include "core/placement/spread/rebalanceplan.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <set>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace berth {

using Level = SpreadConstraint::Level;

QJsonObject RebalanceMove::toJson() const
{
    return {{QStringLiteral("application"), application},
            {QStringLiteral("add"), QJsonObject{{QStringLiteral("zone"), addZone},
                                                {QStringLiteral("region"), addRegion},
                                                {QStringLiteral("machine"), addMachine}}},
            {QStringLiteral("remove"), QJsonObject{{QStringLiteral("unit"), removeUnit},
                                                   {QStringLiteral("machine"), removeMachine},
                                                   {QStringLiteral("zone"), removeZone},
                                                   {QStringLiteral("region"), removeRegion}}}};
}

namespace {

const QString newMachine = QStringLiteral("new");

// The band [L, L + maxSkew] that brings `counts` (a domain each) within
// the bound with the fewest moves, and how many: the units above the band
// or below it, whichever are more. `pinned` (an index, or -1) must end
// with `pinnedCount` units. `floor` is -1 when no band holds the units.
struct Band
{
    int floor = -1;
    qint64 moves = std::numeric_limits<qint64>::max();
};
Band bestBand(const std::vector<int> &counts, int maxSkew, bool shortOfDomains, int pinned = -1,
              int pinnedCount = 0)
{
    const qint64 k = qint64(counts.size());
    const qint64 n = std::accumulate(counts.cbegin(), counts.cend(), qint64(0));
    Band best;
    if (k == 0)
        return best;
    // Only bands that hold n units in k domains: n / k - maxSkew <= L <= n / k.
    qint64 first = std::max<qint64>(0, (n - k * maxSkew + k - 1) / k);
    qint64 last = shortOfDomains ? 0 : n / k;
    if (pinned >= 0) {
        first = std::max<qint64>(first, qint64(pinnedCount) - maxSkew);
        last = std::min<qint64>(last, pinnedCount);
    }
    for (qint64 L = first; L <= last; ++L) {
        const qint64 upper = L + maxSkew;
        if (k * L > n || n > k * upper)
            continue;
        qint64 excess = 0;
        qint64 deficit = 0;
        for (qint64 d = 0; d < k; ++d) {
            const qint64 c = counts[d];
            const qint64 end = d == pinned ? pinnedCount : std::clamp(c, L, upper);
            excess += std::max<qint64>(0, c - end);
            deficit += std::max<qint64>(0, end - c);
        }
        // Past the clamp, the totals are evened out inside the band at no cost.
        if (const qint64 moves = std::max(excess, deficit); moves < best.moves)
            best = {int(L), moves};
    }
    return best;
}

// The counts each domain should end with, for the fewest moves: the band
// [L, L + maxSkew] whose clamp of the counts moves the fewest units, then
// filled or trimmed to the total. `pinned` (may be empty) ends with
// `pinnedCount`. Empty when no band holds the units.
QHash<QString, int> targets(const SpreadTally &tally, const QString &pinned = {},
                            int pinnedCount = 0)
{
    const QStringList &domains = tally.eligible();
    std::vector<int> counts;
    for (const QString &d : domains)
        counts.push_back(tally.countIn(d));
    const Band band = bestBand(counts, tally.constraint().maxSkew, tally.domainsShort(),
                               int(domains.indexOf(pinned)), pinnedCount);
    if (band.floor < 0)
        return {};
    const qint64 n = std::accumulate(counts.cbegin(), counts.cend(), qint64(0));
    const int L = band.floor;
    const int U = L + tally.constraint().maxSkew;
    QHash<QString, int> f;
    qint64 total = 0;
    for (const QString &d : domains) {
        f[d] = d == pinned ? pinnedCount : std::clamp(tally.countIn(d), L, U);
        total += f[d];
    }
    // Trim the fullest (or fill the emptiest) until the total matches, by name for ties.
    QStringList order = domains;
    order.removeAll(pinned);
    std::sort(order.begin(), order.end());
    while (total != n) {
        const bool trim = total > n;
        QString pick;
        for (const QString &d : std::as_const(order)) {
            if (trim ? f[d] <= L : f[d] >= U)
                continue;
            if (pick.isEmpty() || (trim ? f[d] > f[pick] : f[d] < f[pick]))
                pick = d;
        }
        if (pick.isEmpty())
            return {};
        f[pick] += trim ? -1 : 1;
        total += trim ? -1 : 1;
    }
    return f;
}

// Which unit leaves first: units in error, then those on the fullest
// machines, then by the criteria (the newest without one).
struct VictimOrder
{
    std::optional<DeletionPolicy::Criteria> criteria;

    bool operator()(const SpreadMember &a, const SpreadMember &b) const
    {
        if (a.inError != b.inError)
            return a.inError;
        if (criteria == DeletionPolicy::Criteria::OldestFirst && a.createdAt != b.createdAt)
            return a.createdAt < b.createdAt;
        if (a.createdAt != b.createdAt)
            return a.createdAt > b.createdAt;
        return a.unitId > b.unitId;
    }
};

// The machines that units may leave one domain from, the next first: (0
// when its next to leave is in error, else 1; minus its units now; its rank
// by name; its index).
using DomainQueue = std::set<std::tuple<int, int, int, int>>;

class Planner
{
public:
    explicit Planner(const RebalancePlan::Application &app)
        : m_app(app)
        , m_members(app.members)
    {
        // Machines by index, ranked by name (ties between equally full
        // machines go to the first by name).
        QStringList names;
        for (const SpreadMember &m : m_members) {
            if (!m_machineIndex.contains(m.machine)) {
                m_machineIndex.insert(m.machine, int(names.size()));
                names << m.machine;
            }
        }
        std::vector<int> byName(names.size());
        std::iota(byName.begin(), byName.end(), 0);
        std::sort(byName.begin(), byName.end(),
                  [&](int a, int b) { return names.at(a) < names.at(b); });
        m_rank.resize(names.size());
        for (int r = 0; r < int(byName.size()); ++r)
            m_rank[byName[r]] = r;
        m_machineOf.reserve(m_members.size());
        for (const SpreadMember &m : m_members)
            m_machineOf.push_back(m_machineIndex.value(m.machine));
        // With a zone constraint: the model region's eligible zones, and
        // how many units each holds as the moves go.
        const auto zone =
            std::find_if(app.constraints.cbegin(), app.constraints.cend(),
                         [](const SpreadConstraint &c) { return c.level == Level::Zone; });
        if (zone != app.constraints.cend()) {
            m_zoneConstraint = *zone;
            m_zones = sorted(app.environment.eligible(Level::Zone, app.constraintsForDomains));
            for (const SpreadMember &m : m_members)
                countInZone(m, 1);
        }
        m_live = machineCounts();
    }

    QList<RebalanceMove> moves;

    // What the model would have after the moves so far (the units that
    // leave no longer count).
    const QList<SpreadMember> &members() const { return m_members; }

    // Moves for the constraint at `level`, after the moves made so far;
    // false when no band of counts can hold the units.
    bool balance(Level level)
    {
        const auto it = std::find_if(m_app.constraints.cbegin(), m_app.constraints.cend(),
                                     [&](const SpreadConstraint &c) { return c.level == level; });
        if (it == m_app.constraints.cend())
            return true;
        const SpreadConstraint &c = *it;
        SpreadTally tally;
        for (const SpreadTally &t : m_app.tallies(&m_members)) {
            if (t.constraint().level == level)
                tally = t;
        }
        if (tally.withinBound())
            return true;
        QStringList from;
        QStringList to;
        if (tally.hasNewDomain()) {
            // Where new machines start, every machine comes down to maxSkew.
            for (auto d = tally.counts().cbegin(); d != tally.counts().cend(); ++d) {
                for (int i = d.value(); i > c.maxSkew; --i) {
                    from << d.key();
                    to << QString();
                }
            }
        } else {
            const QHash<QString, int> f =
                zonesWithinRegion(level) ? regionTargets(tally) : targets(tally);
            if (f.isEmpty())
                return false;
            for (const QString &d : sorted(tally.eligible())) {
                for (int i = tally.countIn(d); i > f.value(d); --i)
                    from << d;
                for (int i = tally.countIn(d); i < f.value(d); ++i)
                    to << d;
            }
        }
        fillQueues(level);
        // Each new unit goes to the emptiest domain still short: added before
        // any unit leaves (launch before terminate), every addition is then
        // a placement the bound allows.
        QHash<QString, int> needed;
        for (const QString &d : std::as_const(to))
            ++needed[d];
        std::set<std::pair<int, QString>> emptiest; // (units now, domain) of those still short
        for (auto short_ = needed.cbegin(); short_ != needed.cend(); ++short_)
            emptiest.insert({tally.countIn(short_.key()), short_.key()});
        for (const QString &source : std::as_const(from)) {
            if (emptiest.empty())
                break;
            auto [count, target] = *emptiest.begin();
            emptiest.erase(emptiest.begin());
            move(level, source, target);
            if (--needed[target] > 0)
                emptiest.insert({count + 1, target});
        }
        return true;
    }

private:
    static QStringList sorted(QStringList names)
    {
        std::sort(names.begin(), names.end());
        return names;
    }

    // Each machine's units that count now, by machine index.
    std::vector<int> machineCounts() const
    {
        std::vector<int> perMachine(m_rank.size());
        for (qsizetype i = 0; i < m_members.size(); ++i) {
            if (m_members.at(i).counts)
                ++perMachine[m_machineOf[i]];
        }
        return perMachine;
    }

    // The units that may leave each domain at `level`: by machine, each
    // machine's first to go last.
    void fillQueues(Level level)
    {
        m_units = m_live;
        m_leaving.assign(m_rank.size(), {});
        m_domainOf.assign(m_rank.size(), nullptr);
        m_queues.clear();
        for (qsizetype i = 0; i < m_members.size(); ++i) {
            const SpreadMember &m = m_members.at(i);
            if (m.unitId > 0 && m.counts) { // units the plan adds do not leave again
                const int machine = m_machineOf[i];
                m_leaving[machine].push_back(i);
                QString domain = m.domain(level);
                if (zonesWithinRegion(level) && domain == m_app.environment.modelRegion)
                    domain = zoneQueue(m.zone);
                m_domainOf[machine] = &m_queues[domain];
            }
        }
        const VictimOrder before{m_app.criteria};
        for (int machine = 0; machine < int(m_leaving.size()); ++machine) {
            std::vector<qsizetype> &units = m_leaving[machine];
            if (units.empty())
                continue;
            std::sort(units.begin(), units.end(), [&](qsizetype a, qsizetype b) {
                return before(m_members.at(b), m_members.at(a));
            });
            m_domainOf[machine]->insert(key(machine));
        }
    }

    // Units in error first, then from the machine with the most units now.
    std::tuple<int, int, int, int> key(int machine) const
    {
        const std::vector<qsizetype> &units = m_leaving[machine];
        const bool error = !units.empty() && m_members.at(units.back()).inError;
        return {error ? 0 : 1, -m_units[machine], m_rank[machine], machine};
    }

    // The member to leave `domain` next; -1 when none is left.
    qsizetype take(const QString &domain)
    {
        DomainQueue &queue = m_queues[domain];
        if (queue.empty())
            return -1;
        const int machine = std::get<3>(*queue.begin());
        queue.erase(queue.begin());
        std::vector<qsizetype> &units = m_leaving[machine];
        const qsizetype index = units.back();
        units.pop_back();
        --m_units[machine];
        if (!units.empty())
            queue.insert(key(machine));
        return index;
    }

    // Level region under a zone constraint too: of the region counts that
    // need the fewest region moves, those that leave the model region's
    // zones needing the fewest moves after (units leave the region from its
    // fullest zones and come to its emptiest), for the fewest in all.
    QHash<QString, int> regionTargets(const SpreadTally &tally)
    {
        const QString &region = m_app.environment.modelRegion;
        const QHash<QString, int> plain = targets(tally);
        const int at = int(tally.eligible().indexOf(region));
        if (plain.isEmpty() || at < 0)
            return plain;
        std::vector<int> counts;
        for (const QString &d : tally.eligible())
            counts.push_back(tally.countIn(d));
        const int now = counts[at];
        const int total = std::accumulate(counts.cbegin(), counts.cend(), 0);
        std::vector<int> zones;
        for (const QString &z : std::as_const(m_zones))
            zones.push_back(m_zoneUnits[z]);
        const int zoneSkew = m_zoneConstraint.maxSkew;
        const bool zonesShort = m_zones.size() < m_zoneConstraint.minDomains;
        const auto movesFor = [&](int end, const std::vector<int> &zonesThen) {
            const Band regions =
                bestBand(counts, tally.constraint().maxSkew, tally.domainsShort(), at, end);
            const Band inZones = bestBand(zonesThen, zoneSkew, zonesShort);
            if (regions.floor < 0 || inZones.floor < 0)
                return std::numeric_limits<qint64>::max();
            return regions.moves + inZones.moves;
        };
        int best = plain.value(region);
        std::vector<int> zonesThen = zones;
        const int change = best - now;
        for (int i = 0; i < std::abs(change); ++i) {
            auto z = change < 0 ? std::max_element(zonesThen.begin(), zonesThen.end())
                                : std::min_element(zonesThen.begin(), zonesThen.end());
            if (z != zonesThen.end())
                *z += change < 0 ? (*z > 0 ? -1 : 0) : 1;
        }
        qint64 fewest = movesFor(best, zonesThen);
        // An end further than `fewest` from now costs more region moves alone.
        for (const int step : {-1, 1}) {
            zonesThen = zones;
            for (int end = now; end >= 0 && end <= total && std::abs(end - now) <= fewest;
                 end += step) {
                if (end != now) {
                    auto z = step < 0 ? std::max_element(zonesThen.begin(), zonesThen.end())
                                      : std::min_element(zonesThen.begin(), zonesThen.end());
                    if (z != zonesThen.end() && (step > 0 || *z > 0))
                        *z += step;
                }
                if (const qint64 n = movesFor(end, zonesThen); n < fewest) {
                    fewest = n;
                    best = end;
                }
            }
        }
        return best == plain.value(region) ? plain : targets(tally, region, best);
    }

    // At level region with a zone constraint, the model region's machines
    // wait in a queue a zone, so that units leave the region from its
    // fullest zone and the zones stay as even as they can.
    bool zonesWithinRegion(Level level) const
    {
        return level == Level::Region && !m_zones.isEmpty();
    }
    static QString zoneQueue(const QString &zone) { return u'\x1f' + zone; }
    QString fullestZoneQueue()
    {
        QString best;
        for (const QString &zone : std::as_const(m_zones)) {
            if (!m_queues[zoneQueue(zone)].empty() &&
                (best.isEmpty() || m_zoneUnits[zone] > m_zoneUnits[best]))
                best = zone;
        }
        if (!best.isEmpty())
            return zoneQueue(best);
        for (const auto &[name, queue] : m_queues) { // units in no eligible zone
            if (name.startsWith(u'\x1f') && !queue.empty())
                return name;
        }
        return {};
    }
    void countInZone(const SpreadMember &m, int delta)
    {
        if (m.counts && m.region == m_app.environment.modelRegion && !m.zone.isEmpty())
            m_zoneUnits[m.zone] += delta;
    }

    void move(Level level, const QString &from, const QString &to)
    {
        const qsizetype index = take(
            zonesWithinRegion(level) && from == m_app.environment.modelRegion ? fullestZoneQueue()
                                                                              : from);
        if (index < 0)
            return;
        const SpreadMember leaving = m_members.at(index);
        countInZone(leaving, -1);
        QString region = leaving.region;
        QString zone = leaving.zone;
        QString machine = newMachine;
        if (level == Level::Region) {
            region = to;
            zone = region == m_app.environment.modelRegion ? emptiestZone() : QString();
        } else if (level == Level::Zone) {
            zone = to;
        } else if (!to.isEmpty()) {
            machine = to;
        }
        // A fixed pool: an enlisted host it has; a pool node free in the
        // zone is started as a new machine.
        if (machine == newMachine && !m_app.environment.startsMachines) {
            if (const QString host = emptiestHost(zone); !host.isEmpty())
                machine = host;
        }
        m_members[index].counts = false; // gone once its replacement runs
        --m_live[m_machineOf[index]];
        record(leaving, region, zone, machine);
    }

    QString emptiestZone()
    {
        QString best;
        for (const QString &z : std::as_const(m_zones)) {
            if (best.isEmpty() || m_zoneUnits[z] < m_zoneUnits[best])
                best = z;
        }
        return best;
    }

    QString emptiestHost(const QString &zone) const
    {
        const auto unitsOn = [&](const QString &host) {
            const int machine = m_machineIndex.value(host, -1);
            return machine < 0 || machine >= int(m_live.size()) ? 0 : m_live[machine];
        };
        // Only a host the unit may use: its hardware fits, its zone is allowed.
        const QStringList eligible =
            m_app.environment.eligible(Level::Machine, m_app.constraintsForDomains);
        QString best;
        for (const MachineRecord &host : m_app.environment.hosts) {
            if ((!zone.isEmpty() && host.zone != zone) || !eligible.contains(host.name))
                continue;
            if (best.isEmpty() || unitsOn(host.name) < unitsOn(best))
                best = host.name;
        }
        return best;
    }

    void record(const SpreadMember &leaving, const QString &region, const QString &zone,
                const QString &machine)
    {
        RebalanceMove m;
        m.application = m_app.name;
        m.addRegion = region;
        m.addZone = zone;
        m.addMachine = machine;
        m.removeUnitId = leaving.unitId;
        m.removeUnit = leaving.unit;
        m.removeMachine = leaving.machine;
        m.removeZone = leaving.zone;
        m.removeRegion = leaving.region;
        moves << m;
        SpreadMember added = leaving;
        added.unitId = -(++m_added);
        added.unit.clear();
        added.region = region;
        added.zone = zone;
        // Each new unit on a machine of its own: a name no existing machine has.
        added.machine = machine == newMachine ? QStringLiteral("new#%1").arg(m_added) : machine;
        added.inError = false;
        added.counts = true;
        countInZone(added, 1);
        m_members << added;
        m_machineOf.push_back(indexOf(added.machine));
        m_live.resize(m_rank.size());
        ++m_live[m_machineOf.back()];
    }

    const RebalancePlan::Application &m_app;
    QList<SpreadMember> m_members;
    // A machine's index, a new one for a machine not seen before.
    int indexOf(const QString &machine)
    {
        const auto found = m_machineIndex.constFind(machine);
        if (found != m_machineIndex.cend())
            return *found;
        const int index = int(m_rank.size());
        m_machineIndex.insert(machine, index);
        m_rank.push_back(index); // after every machine the model had
        return index;
    }

    QHash<QString, int> m_machineIndex;
    std::vector<int> m_rank;      // by machine index
    std::vector<int> m_machineOf; // by member index
    // fillQueues(): by machine index.
    std::vector<int> m_units;
    std::vector<int> m_live; // each machine's units that count, as the moves go
    std::vector<std::vector<qsizetype>> m_leaving; // the next to leave last
    std::vector<DomainQueue *> m_domainOf;
    std::unordered_map<QString, DomainQueue> m_queues; // by domain; references stay valid
    int m_added = 0;
    SpreadConstraint m_zoneConstraint;
    QStringList m_zones;                          // with a zone constraint, by name
    std::unordered_map<QString, int> m_zoneUnits; // by zone of the model region
};

QMap<QString, int> skews(const QList<SpreadTally> &tallies)
{
    QMap<QString, int> out;
    for (const SpreadTally &t : tallies)
        out.insert(SpreadConstraint::levelName(t.constraint().level), t.skew());
    return out;
}

} // namespace

RebalancePlan RebalancePlan::of(const Application &app)
{
    RebalancePlan plan;
    plan.application = app.name;
    const QList<SpreadTally> before = app.tallies();
    plan.skewBefore = skews(before);
    Planner planner(app);
    for (const Level level : {Level::Region, Level::Zone, Level::Machine}) {
        if (!planner.balance(level))
            break;
    }
    const QList<SpreadTally> after = app.tallies(&planner.members());
    plan.skewAfter = skews(after);
    for (const SpreadTally &t : after) {
        if (t.withinBound())
            continue;
        const SpreadConstraint &c = t.constraint();
        const QString level = SpreadConstraint::levelName(c.level);
        if (t.domainsShort()) {
            plan.problem = tr("%1 cannot be brought within max-skew %2 at level %3: only %4 of "
                              "the %5 %3 domains it needs are eligible")
                               .arg(app.name)
                               .arg(c.maxSkew)
                               .arg(level)
                               .arg(t.eligible().size())
                               .arg(c.minDomains);
        } else {
            plan.problem = tr("%1 cannot be brought within max-skew %2 at level %3: %4 units "
                              "do not fit in the %5 eligible domains")
                               .arg(app.name)
                               .arg(c.maxSkew)
                               .arg(level)
                               .arg(app.members.size())
                               .arg(t.eligible().size());
        }
        return plan;
    }
    plan.moves = planner.moves;
    return plan;
}

} // namespace berth
