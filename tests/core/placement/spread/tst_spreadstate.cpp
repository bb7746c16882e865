// The spread module over snapshots: Kubernetes' own PodTopologySpread
// filter tables replayed on a fixed pool of hosts, the eligible domains of
// a pool (no zone without a host counts), and rebalance plans that stay on
// what a unit may use.
//
// Kubernetes' cases come from
// pkg/scheduler/framework/plugins/podtopologyspread/filtering_test.go
// (TestSingleConstraint and TestMultipleConstraints), translated as:
// nodes → started machines of a bare-metal pool in those zones; pods of
// the selector → units of the application; pods it does not select (other
// namespaces, other labels) → units of another application; a terminating
// pod → a unit on a container being removed; the "node" key → level
// machine, "zone" → level zone; node affinity or a node selector → a
// hardware constraint only the chosen nodes meet (nodeAffinityPolicy: Honor,
// Berth's only policy). The cases that do not map are listed in
// docs/spread.md with the reason.
#include "core/model/snapshotindex.h"
#include "core/placement/spread/rebalanceplan.h"
#include "core/placement/spread/spreadstate.h"

#include <QRandomGenerator>
#include <QSet>
#include <QTest>

#include <algorithm>

using namespace berth;
using namespace Qt::StringLiterals;

namespace {

using Level = SpreadConstraint::Level;

const QString foo = QStringLiteral("foo");

// A bare-metal pool and a model on it, built from short specs:
// nodes "node-a:zone1:8" (name, zone, memory in GiB); units "node-a" (a unit
// of foo there), "node-a:other" (another application's), "node-a~" (a unit
// on a container being removed).
struct Pool
{
    CloudInfo cloud;
    ModelSnapshot snapshot;

    Pool(const QString &nodes, const QString &units, const QString &constraints,
         const QString &unitConstraints)
    {
        RegionInfo region;
        region.name = QStringLiteral("pool");
        // The pool's region has built-in zones with no node in them: they
        // are no domain of anything placed here.
        for (const char *phantom : {"pool-a", "pool-b", "pool-c"})
            region.zones.append({QString::fromLatin1(phantom), true});
        snapshot.model.name = QStringLiteral("default");
        snapshot.model.cloud = QStringLiteral("metal");
        snapshot.model.region = region.name;
        qint64 id = 0;
        for (const QString &spec : nodes.split(u',', Qt::SkipEmptyParts)) {
            const QStringList parts = spec.split(u':');
            const QString name = parts.at(0);
            const QString zone = parts.at(1);
            const quint64 mem = parts.at(2).toULongLong() * 1024;
            if (!region.zoneNames().contains(zone))
                region.zones.append({zone, true});
            region.nodeNames << name;
            region.nodeZones.insert(name, zone);
            region.catalogue.append({name,
                                     QStringLiteral("amd64"),
                                     4,
                                     600,
                                     mem,
                                     100 * 1024,
                                     double(mem),
                                     QStringLiteral("metal"),
                                     {}});
            MachineRecord m;
            m.id = ++id;
            m.name = name;
            m.region = region.name;
            m.zone = zone;
            m.instanceId = QStringLiteral("i-") + name;
            m.hardware = QStringLiteral("arch=amd64 cores=4 mem=%1M").arg(mem);
            m.state.status = MachineState::Status::Started;
            m.state.instance = MachineState::InstanceStatus::Running;
            snapshot.machines << m;
        }
        cloud.name = QStringLiteral("metal");
        cloud.type = QStringLiteral("sim");
        cloud.regions = {region};
        for (const QString &name : {foo, QStringLiteral("other")}) {
            ApplicationRecord app;
            app.id = snapshot.applications.size() + 1;
            app.name = name;
            app.charm = name;
            if (name == foo)
                app.constraints = Constraints::parse(unitConstraints).constraints;
            snapshot.applications << app;
        }
        for (const QString &c : constraints.split(u',', Qt::SkipEmptyParts)) {
            const QStringList parts = c.split(u'/');
            const Level level = parts.at(0) == u"zone" ? Level::Zone : Level::Machine;
            const auto when = parts.value(3) == u"anyway" ? SpreadConstraint::Unsatisfiable::Anyway
                                                          : SpreadConstraint::Unsatisfiable::Wait;
            snapshot.spreads << SpreadRecord{1, SpreadConstraint::of(level, parts.at(1).toInt(),
                                                                     parts.value(2, u"1"_s).toInt(),
                                                                     when)};
        }
        int number = 0;
        for (QString spec : units.split(u',', Qt::SkipEmptyParts)) {
            const bool leaving = spec.endsWith(u'~');
            spec.remove(u'~');
            const QString node = spec.section(u':', 0, 0);
            const bool other = spec.section(u':', 1) == u"other";
            const MachineRecord *host = machine(node);
            QVERIFY(host);
            qint64 machineId = host->id;
            if (leaving) {
                MachineRecord container;
                container.id = ++id;
                container.name = node + QStringLiteral("/lxd/%1").arg(id);
                container.parentId = host->id;
                container.state.life = MachineState::Life::Dead;
                snapshot.machines << container;
                machineId = container.id;
            }
            addUnit(other ? 2 : 1, machineId, ++number, unitConstraints);
        }
        // The unit judged: foo's next one, not placed yet.
        addUnit(1, 0, ++number, unitConstraints);
    }

    const MachineRecord *machine(const QString &name) const
    {
        for (const MachineRecord &m : snapshot.machines) {
            if (m.name == name)
                return &m;
        }
        return nullptr;
    }
    void addUnit(qint64 app, qint64 machineId, int number, const QString &constraints)
    {
        UnitRecord u;
        u.id = number;
        u.applicationId = app;
        u.application = app == 1 ? foo : QStringLiteral("other");
        u.number = number;
        u.machineId = machineId;
        u.constraints =
            app == 1 ? Constraints::parse(constraints).constraints.toString() : QString();
        snapshot.units << u;
    }
    QString incoming() const { return snapshot.units.constLast().name(); }
};

// The fewest moves (one unit from one domain to another) that bring
// `counts` within `maxSkew`, by breadth-first search; -1 beyond `depth`.
int fewestMoves(const QList<int> &counts, int maxSkew, int depth)
{
    const auto within = [&](const QList<int> &c) {
        return c.isEmpty() ||
               *std::max_element(c.cbegin(), c.cend()) - *std::min_element(c.cbegin(), c.cend()) <=
                   maxSkew;
    };
    QList<QList<int>> frontier{counts};
    QSet<QList<int>> seen{counts};
    for (int d = 0; d <= depth; ++d) {
        QList<QList<int>> next;
        for (const QList<int> &c : std::as_const(frontier)) {
            if (within(c))
                return d;
            for (qsizetype from = 0; from < c.size(); ++from) {
                for (qsizetype to = 0; to < c.size() && c.at(from) > 0; ++to) {
                    if (to == from)
                        continue;
                    QList<int> moved = c;
                    --moved[from];
                    ++moved[to];
                    if (!seen.contains(moved)) {
                        seen.insert(moved);
                        next << moved;
                    }
                }
            }
        }
        frontier = next;
    }
    return -1;
}

QString node(char c)
{
    return QStringLiteral("node-") + QChar::fromLatin1(c);
}

// Four nodes, two a zone, as most of Kubernetes' cases have them.
const QString fourNodes = QStringLiteral("node-a:zone1:8,node-b:zone1:8,node-x:zone2:8,"
                                         "node-y:zone2:8");

} // namespace

class TestSpreadState : public QObject
{
    Q_OBJECT

private slots:
    void kubernetesFilterTables_data()
    {
        QTest::addColumn<QString>("nodes");
        QTest::addColumn<QString>("units");
        QTest::addColumn<QString>("constraints");     // level/max-skew[/min-domains], all wait
        QTest::addColumn<QString>("unitConstraints"); // the pod's node affinity
        QTest::addColumn<QString>("fits");            // the nodes the filter lets the unit on

        // TestSingleConstraint
        QTest::newRow("no existing pods") << fourNodes << ""
                                          << "zone/1"
                                          << ""
                                          << "node-a,node-b,node-x,node-y";
        QTest::newRow("existing pods in a different namespace do not count")
            << fourNodes << "node-a:other,node-a:other,node-x,node-y"
            << "zone/1"
            << ""
            << "node-a,node-b";
        QTest::newRow("existing pods do not match null selector")
            << fourNodes << "node-x:other,node-y:other"
            << "zone/1"
            << ""
            << "node-a,node-b,node-x,node-y";
        QTest::newRow("pods spread across zones as 3/3, all nodes fit")
            << fourNodes << "node-a,node-a,node-b,node-y,node-y,node-y"
            << "zone/1"
            << ""
            << "node-a,node-b,node-x,node-y";
        QTest::newRow("pods spread across nodes as 2/1/0/3, only node-x fits")
            << fourNodes << "node-a,node-a,node-b,node-y,node-y,node-y"
            << "machine/1"
            << ""
            << "node-x";
        QTest::newRow("pods spread across nodes as 2/1/0/3, maxSkew is 2, node-b and node-x fit")
            << fourNodes << "node-a,node-a,node-b,node-y,node-y,node-y"
            << "machine/2"
            << ""
            << "node-b,node-x";
        QTest::newRow("incoming pod has nodeAffinity, pods spread as 2/~1~/~0~/3, hence node-a "
                      "fits")
            << "node-a:zone1:16,node-b:zone1:8,node-x:zone2:8,node-y:zone2:16"
            << "node-a,node-a,node-b,node-y,node-y,node-y"
            << "machine/1"
            << "mem=16G"
            << "node-a,node-b,node-x";
        QTest::newRow("terminating Pods should be excluded") << "node-a:zone1:8,node-b:zone1:8"
                                                             << "node-a~,node-b"
                                                             << "machine/1"
                                                             << ""
                                                             << "node-a";
        QTest::newRow("incoming pod has nodeAffinity, pods spread as 0/~2~/0/1, hence node-a fits")
            << "node-a:zone1:16,node-b:zone1:8,node-x:zone2:16,node-y:zone2:16"
            << "node-b,node-b,node-y"
            << "zone/1"
            << "mem=16G"
            << "node-a,node-b";
        QTest::newRow("pods spread across nodes as 2/2/1, maxSkew is 2, and the number of "
                      "domains < minDomains, then the third node fits")
            << "node-a:zone1:8,node-b:zone1:8,node-c:zone1:8"
            << "node-a,node-a,node-b,node-b,node-c"
            << "machine/2/4"
            << ""
            << "node-c";
        QTest::newRow("pods spread across nodes as 2/2/1, maxSkew is 2, and the number of "
                      "domains > minDomains, then the all nodes fit")
            << "node-a:zone1:8,node-b:zone1:8,node-c:zone1:8"
            << "node-a,node-a,node-b,node-b,node-c"
            << "machine/2/2"
            << ""
            << "node-a,node-b,node-c";
        QTest::newRow("pods spread across zone as 2/1, maxSkew is 2 and the number of domains < "
                      "minDomains, then the third and fourth nodes fit")
            << fourNodes << "node-a,node-b,node-y"
            << "zone/2/3"
            << ""
            << "node-x,node-y";
        QTest::newRow("pods spread across zone as 2/1, maxSkew is 2 and the number of domains > "
                      "minDomains, then the all nodes fit")
            << fourNodes << "node-a,node-b,node-y"
            << "zone/2/1"
            << ""
            << "node-a,node-b,node-x,node-y";
        QTest::newRow("NodeAffinityPolicy honored with labelSelectors")
            << "node-a:zone1:16,node-b:zone1:16,node-x:zone1:16,node-y:zone1:8"
            << "node-a,node-b,node-y"
            << "machine/1"
            << "mem=16G"
            << "node-x,node-y";
        QTest::newRow("NodeAffinityPolicy honored with nodeAffinity")
            << "node-a:zone1:16,node-b:zone1:16,node-x:zone1:16,node-y:zone1:8"
            << "node-a,node-b,node-y"
            << "machine/1"
            << "mem=16G"
            << "node-x,node-y";

        // TestMultipleConstraints
        QTest::newRow("two Constraints on zone and node, spreads = [3/3, 2/1/0/3]")
            << fourNodes << "node-a,node-a,node-b,node-y,node-y,node-y"
            << "zone/1,machine/1"
            << ""
            << "node-x";
        QTest::newRow("two Constraints on zone and node, spreads = [3/4, 2/1/0/4]")
            << fourNodes << "node-a,node-a,node-b,node-y,node-y,node-y,node-y"
            << "zone/1,machine/1"
            << ""
            << "";
        QTest::newRow("two node inclusion Constraints, zone: honor/ignore, node: honor/ignore")
            << "node-a:zone1:16,node-b:zone1:8,node-x:zone2:16,node-y:zone2:16"
            << "node-a,node-b,node-y"
            << "zone/1,machine/1"
            << "mem=16G"
            << "node-b,node-x";
    }

    // Every mapped case gives Kubernetes' verdict on every node.
    void kubernetesFilterTables()
    {
        QFETCH(QString, nodes);
        QFETCH(QString, units);
        QFETCH(QString, constraints);
        QFETCH(QString, unitConstraints);
        QFETCH(QString, fits);
        const Pool pool(nodes, units, constraints, unitConstraints);
        const SnapshotIndex index(pool.snapshot);
        const SpreadState state(pool.snapshot, pool.cloud);
        QStringList allowed;
        for (const MachineRecord &m : pool.snapshot.machines) {
            if (m.isContainer())
                continue;
            if (state.problem(pool.snapshot, index, {pool.incoming()}, m.name).isEmpty())
                allowed << m.name;
        }
        QCOMPARE(allowed.join(u','), fits);
    }

    void kubernetesScoringTables_data()
    {
        QTest::addColumn<QString>("nodes");
        QTest::addColumn<QString>("units");
        QTest::addColumn<QString>("constraints"); // level/max-skew/min-domains/anyway
        QTest::addColumn<QString>("unitConstraints");
        QTest::addColumn<QString>("scores"); // the candidates and Kubernetes' scores

        // TestPodTopologySpreadScore
        const QString abcd =
            QStringLiteral("node-a:zone1:8,node-b:zone1:8,node-c:zone1:8,node-d:zone1:8");
        QTest::newRow("one constraint on node, no existing pods") << "node-a:zone1:8,node-b:zone1:8"
                                                                  << ""
                                                                  << "machine/1/1/anyway"
                                                                  << ""
                                                                  << "node-a=100,node-b=100";
        QTest::newRow("one constraint on node, only one node is candidate")
            << "node-a:zone1:8,node-b:zone1:8"
            << "node-a,node-a,node-b"
            << "machine/1/1/anyway"
            << ""
            << "node-a=100";
        QTest::newRow("one constraint on node, all nodes have the same number of matching pods")
            << "node-a:zone1:8,node-b:zone1:8"
            << "node-a,node-b"
            << "machine/1/1/anyway"
            << ""
            << "node-a=100,node-b=100";
        QTest::newRow("one constraint on node, all 4 nodes are candidates")
            << abcd << "node-a,node-a,node-b,node-d,node-d,node-d"
            << "machine/1/1/anyway"
            << ""
            << "node-a=20,node-b=60,node-c=100,node-d=0";
        QTest::newRow("one constraint on node, all 4 nodes are candidates, maxSkew=2")
            << abcd << "node-a,node-a,node-b,node-d,node-d,node-d"
            << "machine/2/1/anyway"
            << ""
            << "node-a=33,node-b=66,node-c=100,node-d=16";
        QTest::newRow("one constraint on node, all 4 nodes are candidates, maxSkew=3")
            << abcd << "node-a,node-a,node-a,node-a,node-b,node-b,node-b,node-c,node-c,node-d"
            << "machine/3/1/anyway"
            << ""
            << "node-a=44,node-b=66,node-c=77,node-d=100";
        QTest::newRow("one constraint on node, 3 out of 4 nodes are candidates")
            << "node-a:zone1:8,node-b:zone1:8,node-x:zone1:8,node-y:zone1:8"
            << "node-a,node-a,node-a,node-a,node-b,node-b,node-x,node-y,node-y,node-y"
            << "machine/1/1/anyway"
            << ""
            << "node-a=33,node-b=83,node-x=100";
        QTest::newRow("one constraint on zone, 3 out of 4 nodes are candidates")
            << fourNodes << "node-a,node-a,node-a,node-a,node-b,node-b,node-x,node-y,node-y,node-y"
            << "zone/1/1/anyway"
            << ""
            << "node-a=75,node-b=75,node-x=100";
        QTest::newRow("two Constraints on zone and node, 2 out of 4 nodes are candidates")
            << fourNodes << "node-a,node-a,node-b,node-x,node-x,node-y,node-y,node-y,node-y"
            << "zone/1/1/anyway,machine/1/1/anyway"
            << ""
            << "node-a=100,node-x=63";
        QTest::newRow("existing pods in a different namespace do not count")
            << "node-a:zone1:8,node-b:zone1:8"
            << "node-a:other,node-a,node-b,node-b"
            << "machine/1/1/anyway"
            << ""
            << "node-a=100,node-b=33";
        QTest::newRow("terminating Pods should be excluded") << "node-a:zone1:8,node-b:zone1:8"
                                                             << "node-a~,node-b"
                                                             << "machine/1/1/anyway"
                                                             << ""
                                                             << "node-a=100,node-b=0";
        QTest::newRow("NodeAffinityPolicy honoed with labelSelectors")
            << "node-a:zone1:16,node-b:zone1:16,node-c:zone1:8"
            << "node-a,node-a,node-b,node-c"
            << "machine/1/1/anyway"
            << "mem=16G"
            << "node-a=0,node-b=33,node-c=100";
        QTest::newRow("NodeAffinityPolicy honoed with nodeAffinity")
            << "node-a:zone1:16,node-b:zone1:16,node-c:zone1:8"
            << "node-a,node-a,node-b,node-c"
            << "machine/1/1/anyway"
            << "mem=16G"
            << "node-a=0,node-b=33,node-c=100";
    }

    // For `anyway`, Berth prefers the places with the least skew: of every
    // two candidates, the one Kubernetes scores higher is the one Berth
    // ranks first, and equal scores are equal ranks.
    void kubernetesScoringTables()
    {
        QFETCH(QString, nodes);
        QFETCH(QString, units);
        QFETCH(QString, constraints);
        QFETCH(QString, unitConstraints);
        QFETCH(QString, scores);
        const Pool pool(nodes, units, constraints, unitConstraints);
        const SpreadState state(pool.snapshot, pool.cloud);
        SpreadFilter filter(*state.application(foo));
        const Constraints unit = Constraints::parse(unitConstraints).constraints;
        QList<std::pair<int, int>> ranked; // Kubernetes' score, Berth's worst skew
        for (const QString &candidate : scores.split(u',')) {
            const MachineRecord *machine = pool.machine(candidate.section(u'=', 0, 0));
            QVERIFY(machine);
            UnitRecord incoming;
            incoming.application = foo;
            const SpreadMember arriving =
                SpreadMember::of(incoming, *machine, nullptr, pool.snapshot.model.region);
            ranked.append({candidate.section(u'=', 1).toInt(), filter.worstSkew(arriving, unit)});
        }
        for (const auto &[score, skew] : std::as_const(ranked)) {
            for (const auto &[otherScore, otherSkew] : std::as_const(ranked)) {
                QCOMPARE(score > otherScore, skew < otherSkew);
                QCOMPARE(score == otherScore, skew == otherSkew);
            }
        }
    }

    // A pool's zones are those of its hosts that fit: the region's built-in
    // zones with no node are no domain, so a bound is not measured against
    // empty zones nobody can use.
    void aPoolsDomainsAreItsHostsZones()
    {
        const Pool pool(fourNodes, QStringLiteral("node-a,node-a,node-a,node-x,node-x,node-x"),
                        QStringLiteral("zone/1"), {});
        const SpreadState state(pool.snapshot, pool.cloud);
        const SpreadApplication *app = state.application(foo);
        QVERIFY(app);
        const QList<SpreadTally> tallies = app->tallies();
        QCOMPARE(tallies.first().eligible(), (QStringList{u"zone1"_s, u"zone2"_s}));
        QCOMPARE(tallies.first().skew(), 0);
        const SnapshotIndex index(pool.snapshot);
        QCOMPARE(state.problem(pool.snapshot, index, {pool.incoming()}, node('a')), QString());
        // A zone with no node that fits the unit is no domain either.
        const Pool big(QStringLiteral("node-a:zone1:8,node-x:zone2:32"), QStringLiteral("node-a"),
                       QStringLiteral("zone/1"), QStringLiteral("mem=16G"));
        const SpreadState bigState(big.snapshot, big.cloud);
        QCOMPARE(bigState.application(foo)->tallies().first().eligible(), QStringList{u"zone2"_s});
        QCOMPARE(bigState.status(foo).first().skew, 0);
    }

    // At level machine a unit is judged against the hosts it may use: its
    // zones= leaves the other zones' hosts out.
    void machineLevelHonoursZones()
    {
        const Pool pool(fourNodes, QStringLiteral("node-a,node-b,node-b"),
                        QStringLiteral("machine/1"), QStringLiteral("zones=zone1"));
        const SpreadState state(pool.snapshot, pool.cloud);
        const QList<SpreadTally> tallies = state.application(foo)->tallies();
        QCOMPARE(tallies.first().eligible(), (QStringList{node('a'), node('b')}));
        const SnapshotIndex index(pool.snapshot);
        // node-x and node-y (0 units) would hold globalMin at 0 were they counted.
        QCOMPARE(state.problem(pool.snapshot, index, {pool.incoming()}, node('a')), QString());
        QVERIFY(!state.problem(pool.snapshot, index, {pool.incoming()}, node('b')).isEmpty());
    }

    // A drop of several units is judged in order, each after the ones before.
    void unitsOfADropAreJudgedInOrder()
    {
        Pool pool(fourNodes, QStringLiteral("node-a,node-x"), QStringLiteral("zone/1"), {});
        pool.addUnit(1, 0, 100, {});
        const SnapshotIndex index(pool.snapshot);
        const SpreadState state(pool.snapshot, pool.cloud);
        QCOMPARE(state.problem(pool.snapshot, index, {pool.incoming()}, node('a')), QString());
        const QString second = pool.snapshot.units.constLast().name();
        const QString both = state.problem(pool.snapshot, index,
                                           {pool.snapshot.units.at(2).name(), second}, node('a'));
        QCOMPARE(both, QStringLiteral("cannot place unit %1: foo would have 3 units in zone1 "
                                      "against 1 in zone2: skew 2, max 1")
                           .arg(second));
    }

    // On random pools, every move of a rebalance adds a unit only where it
    // may run (an eligible zone, a host its hardware fits), each addition
    // is one the filter allows after the moves before it, and the plan
    // ends within the bound.
    void rebalanceStaysOnWhatTheUnitMayUse()
    {
        QRandomGenerator random(61);
        int planned = 0;
        int compared = 0;
        for (int round = 0; round < 200; ++round) {
            QStringList nodes;
            const int count = 3 + int(random.bounded(4));
            for (int n = 0; n < count; ++n) {
                nodes << QStringLiteral("node-%1:zone%2:%3")
                             .arg(n)
                             .arg(1 + random.bounded(3))
                             .arg(random.bounded(2) == 0 ? 8 : 16);
            }
            QStringList units;
            const int placed = 2 + int(random.bounded(7));
            for (int u = 0; u < placed; ++u)
                units << QStringLiteral("node-%1").arg(random.bounded(count));
            const bool byMachine = random.bounded(2) == 0;
            const QString constraint =
                byMachine ? QStringLiteral("machine/1") : QStringLiteral("zone/1");
            const QString needs = random.bounded(2) == 0 ? QStringLiteral("mem=16G") : QString();
            const Pool pool(nodes.join(u','), units.join(u','), constraint, needs);
            const SpreadState state(pool.snapshot, pool.cloud);
            const SpreadApplication app = *state.application(foo);
            const RebalancePlan plan = RebalancePlan::of(app);
            const QString what = QStringLiteral("round %1: %2 / %3 / %4 %5")
                                     .arg(round)
                                     .arg(nodes.join(u','), units.join(u','), constraint, needs);
            if (!plan.problem.isEmpty())
                continue; // no band holds the units (too few hosts that fit)
            ++planned;
            const Constraints unit = app.constraintsForDomains;
            const QStringList zones = app.environment.eligible(Level::Zone, unit);
            const QStringList hosts = app.environment.eligible(Level::Machine, unit);
            SpreadFilter filter(app);
            for (const RebalanceMove &move : plan.moves) {
                SpreadMember arriving;
                arriving.counts = true;
                arriving.region = move.addRegion;
                arriving.zone = move.addZone;
                arriving.machine = move.addMachine;
                if (move.addMachine != u"new") {
                    QVERIFY2(hosts.contains(move.addMachine), qPrintable(what));
                    const MachineRecord *host = pool.machine(move.addMachine);
                    arriving.zone = host->zone;
                    arriving.hardware = host->hardware;
                }
                QVERIFY2(zones.contains(arriving.zone), qPrintable(what));
                QVERIFY2(filter.problem(arriving, unit).isEmpty(), qPrintable(what));
                SpreadMember leaving;
                for (const SpreadMember &m : app.members) {
                    if (m.unitId == move.removeUnitId)
                        leaving = m;
                }
                filter.place(arriving);
                filter.place({}, &leaving);
            }
            const QList<SpreadTally> after = filter.talliesFor(unit);
            QVERIFY2(after.first().withinBound(), qPrintable(what));
            // As few moves as a search over the eligible domains finds: a
            // unit taken from where it counts, added where it may run.
            const SpreadTally before = app.talliesFor(unit).first();
            QList<int> counts;
            for (const QString &d : before.eligible())
                counts << before.countIn(d);
            const int best = fewestMoves(counts, before.constraint().maxSkew, 5);
            if (best < 0)
                continue;
            ++compared;
            QVERIFY2(
                plan.moves.size() == best,
                qPrintable(
                    what +
                    QStringLiteral(": %1 moves, %2 at least").arg(plan.moves.size()).arg(best)));
        }
        QVERIFY(planned > 100);
        QVERIFY(compared > 100);
    }
};

QTEST_GUILESS_MAIN(TestSpreadState)
#include "tst_spreadstate.moc"
