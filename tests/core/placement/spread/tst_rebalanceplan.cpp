// Spread constraints without a store: Kubernetes' published verdicts for
// topology spread constraints (and minDomains) written as Berth models, and
// rebalance plans against a brute-force search for the fewest moves.
#include "core/bertherror.h"
#include "core/placement/spread/rebalanceplan.h"

#include <QRandomGenerator>
#include <QTest>

#include <set>

using namespace berth;

namespace {

using Level = SpreadConstraint::Level;

SpreadConstraint bound(Level level, int maxSkew, int minDomains = 1, bool wait = true)
{
    return SpreadConstraint::of(level, maxSkew, minDomains,
                                wait ? SpreadConstraint::Unsatisfiable::Wait
                                     : SpreadConstraint::Unsatisfiable::Anyway);
}

// A unit "app/N" in `zone` on `machine`.
SpreadMember member(int n, const QString &zone, const QString &machine)
{
    SpreadMember m;
    m.unitId = n + 1;
    m.unit = QStringLiteral("foo/%1").arg(n);
    m.createdAt = n;
    m.machine = machine;
    m.zone = zone;
    m.region = QStringLiteral("r");
    m.counts = true;
    return m;
}

// Nodes as zone → machine names; units as machine → how many.
struct Cluster
{
    QMap<QString, QStringList> zones;
    QMap<QString, int> units;

    QList<SpreadMember> members() const
    {
        QList<SpreadMember> out;
        int n = 0;
        for (auto z = zones.cbegin(); z != zones.cend(); ++z) {
            for (const QString &machine : z.value()) {
                for (int i = 0; i < units.value(machine); ++i)
                    out << member(n++, z.key(), machine);
            }
        }
        return out;
    }
    QString zoneOf(const QString &machine) const
    {
        for (auto z = zones.cbegin(); z != zones.cend(); ++z) {
            if (z.value().contains(machine))
                return z.key();
        }
        return {};
    }
    // Where a new unit may go under `constraints` (each judged on its own
    // tally, as every placement is): the machines, in order.
    QStringList schedulable(const QList<SpreadConstraint> &constraints,
                            const QStringList &allowedZones = {}) const
    {
        QStringList out;
        for (auto z = zones.cbegin(); z != zones.cend(); ++z) {
            for (const QString &machine : z.value()) {
                if (!allowedZones.isEmpty() && !allowedZones.contains(z.key()))
                    continue;
                bool ok = true;
                for (const SpreadConstraint &c : constraints) {
                    QStringList eligible;
                    for (auto e = zones.cbegin(); e != zones.cend(); ++e) {
                        if (!allowedZones.isEmpty() && !allowedZones.contains(e.key()))
                            continue;
                        if (c.level == Level::Zone)
                            eligible << e.key();
                        else
                            eligible += e.value();
                    }
                    SpreadTally t(c, eligible, false);
                    t.count(members());
                    ok = ok && t.problem(QStringLiteral("foo"),
                                         c.level == Level::Zone ? z.key() : machine)
                                   .isEmpty();
                }
                if (ok)
                    out << machine;
            }
        }
        return out;
    }
};

// The fewest steps from `start` to a state `within` accepts, each step to
// one of `next(state)`, by breadth-first search (states told apart by
// `key`); -1 beyond `depth`.
template <typename State, typename Within, typename Next, typename Key>
int fewestSteps(const State &start, Within within, Next next, Key key, int depth)
{
    QList<State> frontier{start};
    std::set<QString> seen{key(start)};
    for (int d = 0; d <= depth; ++d) {
        QList<State> following;
        for (const State &s : std::as_const(frontier)) {
            if (within(s))
                return d;
            for (const State &moved : next(s)) {
                if (seen.insert(key(moved)).second)
                    following << moved;
            }
        }
        frontier = following;
    }
    return -1;
}

// The fewest moves (take a unit away, add one in any zone on a new machine)
// that bring `counts` (zone → machines' unit counts) within every bound;
// -1 beyond `depth`.
int bruteForce(const QMap<QString, QList<int>> &start, int zoneSkew, int machineSkew, int depth)
{
    using State = QMap<QString, QList<int>>;
    const auto canonical = [](State s) {
        for (auto &machines : s) {
            machines.removeAll(0);
            std::sort(machines.begin(), machines.end());
        }
        return s;
    };
    const auto within = [&](const State &s) {
        int most = 0;
        int least = INT_MAX;
        for (const QList<int> &machines : s) {
            int zone = 0;
            for (int n : machines) {
                zone += n;
                if (machineSkew > 0 && n > machineSkew)
                    return false;
            }
            most = std::max(most, zone);
            least = std::min(least, zone);
        }
        return zoneSkew <= 0 || most - least <= zoneSkew;
    };
    const auto next = [&](const State &s) {
        QList<State> out;
        for (auto from = s.cbegin(); from != s.cend(); ++from) {
            for (qsizetype m = 0; m < from.value().size(); ++m) {
                for (auto to = s.cbegin(); to != s.cend(); ++to) {
                    State moved = s;
                    --moved[from.key()][m];
                    moved[to.key()] << 1; // a new machine
                    out << canonical(moved);
                }
            }
        }
        return out;
    };
    const auto key = [](const State &s) {
        QString out;
        for (auto it = s.cbegin(); it != s.cend(); ++it) {
            out += it.key() + u':';
            for (int n : it.value())
                out += QString::number(n) + u',';
        }
        return out;
    };
    return fewestSteps(canonical(start), within, next, key, depth);
}

// Units over regions and the model region's zones, a unit a machine: the
// fewest moves (a unit taken from one place, added in another) that bring
// the regions within `regionSkew` and the model region's zones within
// `zoneSkew`; -1 beyond `depth`. Places are "r/ZONE" in the model region r
// and a region's name elsewhere.
int bruteForceRegions(const QMap<QString, int> &start, const QStringList &regions, int regionSkew,
                      int zoneSkew, int depth)
{
    using State = QMap<QString, int>;
    const auto within = [&](const State &s) {
        QMap<QString, int> perRegion;
        for (const QString &r : regions)
            perRegion[r] = 0;
        int mostZone = 0;
        int leastZone = INT_MAX;
        for (auto it = s.cbegin(); it != s.cend(); ++it) {
            perRegion[it.key().section(u'/', 0, 0)] += it.value();
            if (it.key().contains(u'/')) {
                mostZone = std::max(mostZone, it.value());
                leastZone = std::min(leastZone, it.value());
            }
        }
        const auto [least, most] = std::minmax_element(perRegion.cbegin(), perRegion.cend());
        return *most - *least <= regionSkew && mostZone - leastZone <= zoneSkew;
    };
    const auto next = [](const State &s) {
        QList<State> out;
        for (auto from = s.cbegin(); from != s.cend(); ++from) {
            for (auto to = s.cbegin(); to != s.cend(); ++to) {
                if (from.value() == 0 || to.key() == from.key())
                    continue;
                State moved = s;
                --moved[from.key()];
                ++moved[to.key()];
                out << moved;
            }
        }
        return out;
    };
    const auto key = [](const State &s) {
        QString out;
        for (auto it = s.cbegin(); it != s.cend(); ++it)
            out += it.key() + u':' + QString::number(it.value()) + u',';
        return out;
    };
    return fewestSteps(start, within, next, key, depth);
}

QString describe(const QMap<QString, QList<int>> &counts)
{
    QStringList parts;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        QStringList machines;
        for (int n : it.value())
            machines << QString::number(n);
        parts << it.key() + u'[' + machines.join(u',') + u']';
    }
    return parts.join(u' ');
}

RebalancePlan::Application appOf(const QMap<QString, QList<int>> &counts,
                                 const QList<SpreadConstraint> &constraints, RegionInfo *region)
{
    RebalancePlan::Application app;
    app.name = QStringLiteral("foo");
    app.constraints = constraints;
    region->name = QStringLiteral("r");
    region->zones.clear();
    int n = 0;
    int machine = 0;
    for (auto z = counts.cbegin(); z != counts.cend(); ++z) {
        region->zones.append({z.key(), true});
        for (int units : z.value()) {
            for (int i = 0; i < units; ++i)
                app.members << member(n++, z.key(), QString::number(machine));
            ++machine;
        }
    }
    app.environment.region = region;
    app.environment.modelRegion = QStringLiteral("r");
    app.environment.regions = {QStringLiteral("r")};
    app.environment.startsMachines = true;
    return app;
}

} // namespace

class TestRebalancePlan : public QObject
{
    Q_OBJECT

private slots:
    // "Example: one topology spread constraint": nodes 1 and 2 in zone A
    // and 3 in zone B hold one pod each; maxSkew 1 over zones: the pod
    // goes to zone B only (node 3 or node 4).
    void kubernetesOneConstraint()
    {
        Cluster c{{{QStringLiteral("zoneA"), {QStringLiteral("node1"), QStringLiteral("node2")}},
                   {QStringLiteral("zoneB"), {QStringLiteral("node3"), QStringLiteral("node4")}}},
                  {{QStringLiteral("node1"), 1},
                   {QStringLiteral("node2"), 1},
                   {QStringLiteral("node3"), 1}}};
        QCOMPARE(c.schedulable({bound(Level::Zone, 1)}),
                 (QStringList{QStringLiteral("node3"), QStringLiteral("node4")}));
        // maxSkew 2 lets zone A take it too.
        QCOMPARE(c.schedulable({bound(Level::Zone, 2)}).size(), 4);
    }

    // "Example: multiple topology spread constraints": zone and node, both
    // maxSkew 1: only node 4 keeps both.
    void kubernetesTwoConstraints()
    {
        Cluster c{{{QStringLiteral("zoneA"), {QStringLiteral("node1"), QStringLiteral("node2")}},
                   {QStringLiteral("zoneB"), {QStringLiteral("node3"), QStringLiteral("node4")}}},
                  {{QStringLiteral("node1"), 1},
                   {QStringLiteral("node2"), 1},
                   {QStringLiteral("node3"), 1}}};
        QCOMPARE(c.schedulable({bound(Level::Zone, 1), bound(Level::Machine, 1)}),
                 QStringList{QStringLiteral("node4")});
    }

    // "Conflicting topology spread constraints": the zone bound allows only
    // zone B, the node bound only node 2 in zone A: the pod stays pending.
    void kubernetesConflictingConstraints()
    {
        Cluster c{{{QStringLiteral("zoneA"), {QStringLiteral("node1"), QStringLiteral("node2")}},
                   {QStringLiteral("zoneB"), {QStringLiteral("node3")}}},
                  {{QStringLiteral("node1"), 3}, {QStringLiteral("node3"), 2}}};
        QCOMPARE(c.schedulable({bound(Level::Zone, 1)}), QStringList{QStringLiteral("node3")});
        QCOMPARE(c.schedulable({bound(Level::Machine, 1)}), QStringList{QStringLiteral("node2")});
        QVERIFY(c.schedulable({bound(Level::Zone, 1), bound(Level::Machine, 1)}).isEmpty());
    }

    // minDomains: with fewer eligible domains than minDomains, globalMin is
    // 0, so each domain takes maxSkew pods and no more (the documentation's
    // 3 zones, maxSkew 2, minDomains 5: at most 2 pods a zone).
    void kubernetesMinDomains()
    {
        Cluster c{{{QStringLiteral("zoneA"), {QStringLiteral("a")}},
                   {QStringLiteral("zoneB"), {QStringLiteral("b")}},
                   {QStringLiteral("zoneC"), {QStringLiteral("c")}}},
                  {}};
        const QList<SpreadConstraint> five{bound(Level::Zone, 2, 5)};
        int placed = 0;
        for (QStringList where = c.schedulable(five); !where.isEmpty() && placed < 20;
             where = c.schedulable(five)) {
            ++c.units[where.first()];
            ++placed;
        }
        QCOMPARE(placed, 6); // 2 in each of 3 zones, then pending
        // With minDomains 3 (all there), the same cluster keeps going.
        QCOMPARE(c.schedulable({bound(Level::Zone, 2, 3)}).size(), 3);
        SpreadTally t(five.first(),
                      {QStringLiteral("zoneA"), QStringLiteral("zoneB"), QStringLiteral("zoneC")},
                      false);
        t.count(c.members());
        QVERIFY(t.domainsShort());
        QCOMPARE(t.globalMin(), 0);
        QCOMPARE(t.problem(QStringLiteral("foo"), QStringLiteral("zoneA")),
                 QStringLiteral("foo would have 3 units in zoneA with 3 of the 5 zone domains it "
                                "needs: skew 3, max 2"));
    }

    // nodeAffinityPolicy Honor: domains the pod may not use are not counted
    // (an empty zone C it excludes does not hold globalMin at 0).
    void kubernetesHonoursNodeAffinity()
    {
        Cluster c{{{QStringLiteral("zoneA"), {QStringLiteral("a")}},
                   {QStringLiteral("zoneB"), {QStringLiteral("b")}},
                   {QStringLiteral("zoneC"), {QStringLiteral("c")}}},
                  {{QStringLiteral("a"), 1}, {QStringLiteral("b"), 1}}};
        QCOMPARE(c.schedulable({bound(Level::Zone, 1)}), QStringList{QStringLiteral("c")});
        QCOMPARE(c.schedulable({bound(Level::Zone, 1)},
                               {QStringLiteral("zoneA"), QStringLiteral("zoneB")}),
                 (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
    }

    // ScheduleAnyway never refuses.
    void anywayNeverRefuses()
    {
        SpreadTally t(bound(Level::Zone, 1, 1, false), {QStringLiteral("a"), QStringLiteral("b")},
                      false);
        t.add(QStringLiteral("a"), 5);
        QCOMPARE(t.skewOf(QStringLiteral("a")), 6);
        QVERIFY(t.problem(QStringLiteral("foo"), QStringLiteral("a")).isEmpty());
    }

    // The refusal names the application, the domain, the skew and the bound.
    void refusalReadsAsTheSpecSays()
    {
        SpreadTally t(bound(Level::Zone, 1),
                      {QStringLiteral("sim-east-a"), QStringLiteral("sim-east-b"),
                       QStringLiteral("sim-east-c")},
                      false);
        t.add(QStringLiteral("sim-east-a"), 2);
        t.add(QStringLiteral("sim-east-b"), 1);
        t.add(QStringLiteral("sim-east-c"), 1);
        QCOMPARE(t.problem(QStringLiteral("web"), QStringLiteral("sim-east-a")),
                 QStringLiteral("web would have 3 units in sim-east-a against 1 in sim-east-b: "
                                "skew 2, max 1"));
        // A new machine is always an empty domain at level machine.
        SpreadTally m(bound(Level::Machine, 1), {QStringLiteral("3")}, true);
        m.add(QStringLiteral("3"));
        QCOMPARE(m.problem(QStringLiteral("db"), QStringLiteral("3")),
                 QStringLiteral("db would have 2 units on machine 3 against 0 on a new machine: "
                                "skew 2, max 1"));
    }

    void badConstraintsSayWhatIsExpected_data()
    {
        QTest::addColumn<QString>("annotation");
        QTest::addColumn<QString>("message");
        QTest::newRow("max-skew 0") << "max-skew=0"
                                    << "bad max-skew 0: expected a whole number of at least 1";
        QTest::newRow("min-domains with anyway")
            << "max-skew=1,min-domains=3,when-unsatisfiable=anyway"
            << "min-domains 3 needs when-unsatisfiable=wait: with anyway a placement is never "
               "held back, so there is nothing to wait for";
        QTest::newRow("unknown key") << "skew=1"
                                     << "unknown spread key \"skew\": expected max-skew, "
                                        "min-domains or when-unsatisfiable";
        QTest::newRow("bad when") << "when-unsatisfiable=later"
                                  << "bad when-unsatisfiable \"later\": expected wait or anyway";
    }
    void badConstraintsSayWhatIsExpected()
    {
        QFETCH(QString, annotation);
        QFETCH(QString, message);
        try {
            SpreadConstraint::fromAnnotation(Level::Zone, annotation);
            QFAIL("accepted");
        } catch (const BerthError &error) {
            QCOMPARE(error.message(), message);
        }
    }

    void annotationRoundTrips()
    {
        const SpreadConstraint c = bound(Level::Region, 2, 3);
        QCOMPARE(SpreadConstraint::fromAnnotation(Level::Region, c.annotation()), c);
        QCOMPARE(c.annotation(),
                 QStringLiteral("max-skew=2,min-domains=3,when-unsatisfiable=wait"));
        QCOMPARE(SpreadConstraint::levelOfAnnotationKey(QStringLiteral("berth.spread.machine")),
                 std::optional(Level::Machine));
        QCOMPARE(SpreadConstraint::fromJson(c.toJson()), c);
    }

    // Over random small models, the plan ends within every bound with as
    // few moves as a brute-force search finds.
    void planIsMinimalAgainstBruteForce()
    {
        QRandomGenerator random(33);
        int compared = 0;
        for (int round = 0; round < 300; ++round) {
            const int zones = 2 + int(random.bounded(2));
            const bool machines = random.bounded(3) == 0;
            const bool zoneLevel = !machines || random.bounded(2) == 0;
            QMap<QString, QList<int>> counts;
            int total = 0;
            for (int z = 0; z < zones; ++z) {
                QList<int> perMachine;
                const int hosts = int(random.bounded(3));
                for (int m = 0; m < hosts && total < 7; ++m) {
                    const int n = 1 + int(random.bounded(machines ? 3 : 2));
                    perMachine << n;
                    total += n;
                }
                counts.insert(QStringLiteral("z%1").arg(z), perMachine);
            }
            const int zoneSkew = zoneLevel ? 1 + int(random.bounded(2)) : 0;
            const int machineSkew = machines ? 1 : 0;
            QList<SpreadConstraint> constraints;
            if (zoneLevel)
                constraints << bound(Level::Zone, zoneSkew);
            if (machines)
                constraints << bound(Level::Machine, machineSkew);
            RegionInfo region;
            const RebalancePlan::Application app = appOf(counts, constraints, &region);
            const RebalancePlan plan = RebalancePlan::of(app);
            QVERIFY2(plan.problem.isEmpty(), qPrintable(plan.problem));
            for (auto it = plan.skewAfter.cbegin(); it != plan.skewAfter.cend(); ++it) {
                const int max = it.key() == u"zone" ? zoneSkew : machineSkew;
                QVERIFY2(it.value() <= max, qPrintable(it.key()));
            }
            const int best = bruteForce(counts, zoneSkew, machineSkew, 4);
            if (best < 0)
                continue; // beyond what the search reaches quickly
            ++compared;
            QVERIFY2(plan.moves.size() == best,
                     qPrintable(QStringLiteral("round %1 (%4, zone %5, machine %6): %2 moves, "
                                               "brute force %3")
                                    .arg(round)
                                    .arg(plan.moves.size())
                                    .arg(best)
                                    .arg(describe(counts))
                                    .arg(zoneSkew)
                                    .arg(machineSkew)));
        }
        QVERIFY(compared > 150);
    }

    // Over random small models spread over regions and the model region's
    // zones at once, the plan ends within both bounds with as few moves as
    // a brute-force search finds.
    void regionAndZonePlanIsMinimalAgainstBruteForce()
    {
        QRandomGenerator random(34);
        const QStringList regions{QStringLiteral("r"), QStringLiteral("s"), QStringLiteral("t")};
        int compared = 0;
        for (int round = 0; round < 300; ++round) {
            const int regionCount = 2 + int(random.bounded(2));
            const QStringList used = regions.mid(0, regionCount);
            QMap<QString, int> places;
            for (const QString &zone :
                 {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")})
                places.insert(QStringLiteral("r/") + zone, int(random.bounded(4)));
            for (const QString &r : used.mid(1))
                places.insert(r, int(random.bounded(5)));
            const int regionSkew = 1 + int(random.bounded(2));
            const int zoneSkew = 1 + int(random.bounded(2));
            RebalancePlan::Application app;
            app.name = QStringLiteral("foo");
            app.constraints = {bound(Level::Region, regionSkew), bound(Level::Zone, zoneSkew)};
            RegionInfo region;
            region.name = QStringLiteral("r");
            int n = 0;
            for (auto it = places.cbegin(); it != places.cend(); ++it) {
                const QString where = it.key().section(u'/', 0, 0);
                const QString zone = it.key().section(u'/', 1, 1);
                if (!zone.isEmpty())
                    region.zones.append({zone, true});
                for (int i = 0; i < it.value(); ++i) {
                    SpreadMember m = member(n, zone, QString::number(n));
                    m.region = where;
                    app.members << m;
                    ++n;
                }
            }
            app.environment.region = &region;
            app.environment.modelRegion = QStringLiteral("r");
            app.environment.regions = used;
            app.environment.startsMachines = true;
            const RebalancePlan plan = RebalancePlan::of(app);
            const QString what = QStringLiteral("round %1 (%2 units: %3; region skew %4, zone %5)")
                                     .arg(round)
                                     .arg(n)
                                     .arg(QStringList(places.keys()).join(u' '))
                                     .arg(regionSkew)
                                     .arg(zoneSkew);
            QStringList counts;
            for (auto it = places.cbegin(); it != places.cend(); ++it)
                counts << it.key() + u'=' + QString::number(it.value());
            QVERIFY2(plan.problem.isEmpty(), qPrintable(what + u' ' + plan.problem));
            QVERIFY2(plan.skewAfter.value(QStringLiteral("region")) <= regionSkew,
                     qPrintable(what + u' ' + counts.join(u',')));
            QVERIFY2(plan.skewAfter.value(QStringLiteral("zone")) <= zoneSkew,
                     qPrintable(what + u' ' + counts.join(u',')));
            const int best = bruteForceRegions(places, used, regionSkew, zoneSkew, 4);
            if (best < 0)
                continue;
            ++compared;
            QVERIFY2(plan.moves.size() == best,
                     qPrintable(QStringLiteral("%1 %2: %3 moves, brute force %4")
                                    .arg(what, counts.join(u','))
                                    .arg(plan.moves.size())
                                    .arg(best)));
        }
        QVERIFY(compared > 150);
    }

    // Units leave the fullest machines first, and the newest among equals.
    void leavingUnitsAreChosenByTheRules()
    {
        RegionInfo region;
        QMap<QString, QList<int>> counts{{QStringLiteral("a"), {2, 1}}, {QStringLiteral("b"), {}}};
        const RebalancePlan plan =
            RebalancePlan::of(appOf(counts, {bound(Level::Zone, 1)}, &region));
        QCOMPARE(plan.moves.size(), 1);
        QCOMPARE(plan.moves.first().removeMachine, QStringLiteral("0"));
        QCOMPARE(plan.moves.first().removeUnit, QStringLiteral("foo/1")); // the newer of the two
        QCOMPARE(plan.moves.first().addZone, QStringLiteral("b"));
        QCOMPARE(plan.moves.first().addMachine, QStringLiteral("new"));
        QCOMPARE(plan.skewBefore.value(QStringLiteral("zone")), 3);
        QCOMPARE(plan.skewAfter.value(QStringLiteral("zone")), 1);
    }
};

QTEST_GUILESS_MAIN(TestRebalancePlan)
#include "tst_rebalanceplan.moc"
