#include "core/placement/placementplanner.h"

#include <QRandomGenerator>
#include <QTest>

using namespace berth;

using Target = PlacementPlanner::Target;
using Counts = QMap<QString, qint64>;

class TestPlacementPlanner : public QObject
{
    Q_OBJECT

private slots:
    void documentedCases_data();
    void documentedCases();
    void reportsSenlinErrors();
    void matchesExhaustiveSearch();
    void fastPlanEqualsGreedyAtScale();
};

void TestPlacementPlanner::documentedCases_data()
{
    QTest::addColumn<QList<Target>>("targets");
    QTest::addColumn<Counts>("current");
    QTest::addColumn<qint64>("delta");
    QTest::addColumn<Counts>("expected");
    QTest::addColumn<QString>("error");
    QTest::newRow("Senlin's own example: equal to Senlin")
        << QList<Target>{{QStringLiteral("R1"), 100, 50},
                         {QStringLiteral("R2"), 50, 50},
                         {QStringLiteral("R3"), 30, -1},
                         {QStringLiteral("R4"), 20, -1}}
        << Counts{{QStringLiteral("R1"), 2},
                  {QStringLiteral("R2"), 2},
                  {QStringLiteral("R3"), 2},
                  {QStringLiteral("R4"), 1}}
        << qint64(5) << Counts{{QStringLiteral("R1"), 4}, {QStringLiteral("R2"), 1}} << QString();
    QTest::newRow("cap spill-over: Senlin finds no plan")
        << QList<Target>{{QStringLiteral("A"), 300, 1}, {QStringLiteral("B"), 100, -1}} << Counts{}
        << qint64(4) << Counts{{QStringLiteral("A"), 1}, {QStringLiteral("B"), 3}} << QString();
    QTest::newRow("over-deletion refused: Senlin removes more than A has")
        << QList<Target>{{QStringLiteral("A"), 100, -1}, {QStringLiteral("B"), 100, -1}}
        << Counts{{QStringLiteral("A"), 1}, {QStringLiteral("B"), 1}} << qint64(-3) << Counts{}
        << QStringLiteral("There is no feasible plan to handle all nodes.");
    QTest::newRow("scale-in takes from the over-weighted first")
        << QList<Target>{{QStringLiteral("A"), 300, -1}, {QStringLiteral("B"), 100, -1}}
        << Counts{{QStringLiteral("A"), 3}, {QStringLiteral("B"), 5}} << qint64(-4)
        << Counts{{QStringLiteral("B"), 4}} << QString();
    // Weights 1:3. From A=1, B=4, one more leaves either 2:4 or 1:5 against a target of
    // 1.5:4.5 — equally far; from A=1, B=2, one fewer leaves 0:2 or 1:1 against 0.5:1.5.
    QTest::newRow("ties on scale-out go to the heavier")
        << QList<Target>{{QStringLiteral("A"), 100, -1}, {QStringLiteral("B"), 300, -1}}
        << Counts{{QStringLiteral("A"), 1}, {QStringLiteral("B"), 4}} << qint64(1)
        << Counts{{QStringLiteral("B"), 1}} << QString();
    QTest::newRow("ties on scale-in go to the lighter")
        << QList<Target>{{QStringLiteral("A"), 100, -1}, {QStringLiteral("B"), 300, -1}}
        << Counts{{QStringLiteral("A"), 1}, {QStringLiteral("B"), 2}} << qint64(-1)
        << Counts{{QStringLiteral("A"), 1}} << QString();
    QTest::newRow("equal weights: spec order")
        << QList<Target>{{QStringLiteral("A"), 100, -1},
                         {QStringLiteral("B"), 100, -1},
                         {QStringLiteral("C"), 100, -1}}
        << Counts{} << qint64(2) << Counts{{QStringLiteral("A"), 1}, {QStringLiteral("B"), 1}}
        << QString();
    QTest::newRow("weights 3:2:1 to 60") << QList<Target>{{QStringLiteral("east"), 300, -1},
                                                          {QStringLiteral("west"), 200, -1},
                                                          {QStringLiteral("north"), 100, -1}}
                                         << Counts{} << qint64(60)
                                         << Counts{{QStringLiteral("east"), 30},
                                                   {QStringLiteral("west"), 20},
                                                   {QStringLiteral("north"), 10}}
                                         << QString();
}

void TestPlacementPlanner::documentedCases()
{
    QFETCH(QList<Target>, targets);
    QFETCH(Counts, current);
    QFETCH(qint64, delta);
    QFETCH(Counts, expected);
    QFETCH(QString, error);
    QStringList usable;
    for (const Target &t : targets)
        usable << t.name;
    const auto plan = PlacementPlanner::plan(targets, current, delta, usable);
    QCOMPARE(plan.error, error);
    QCOMPARE(plan.counts, expected);
}

void TestPlacementPlanner::reportsSenlinErrors()
{
    const QList<Target> targets{{QStringLiteral("R1"), 100, -1}};
    QCOMPARE(PlacementPlanner::plan(targets, {}, 1, {QStringLiteral("R9")}).error,
             QStringLiteral("No region is found usable."));
    QCOMPARE(PlacementPlanner::plan(targets, {}, 1, {}, true).error,
             QStringLiteral("No availability zone found available."));
    // An unusable region neither grows nor shrinks.
    const QList<Target> two{{QStringLiteral("A"), 100, -1}, {QStringLiteral("B"), 100, -1}};
    const auto plan = PlacementPlanner::plan(two, {{QStringLiteral("B"), 4}}, -2,
                                             {QStringLiteral("A"), QStringLiteral("B")});
    QCOMPARE(plan.counts, (Counts{{QStringLiteral("B"), 2}}));
    QCOMPARE(
        PlacementPlanner::plan(two, {{QStringLiteral("B"), 4}}, -2, {QStringLiteral("A")}).error,
        QStringLiteral("There is no feasible plan to handle all nodes."));
}

namespace {

// The best cost over every feasible plan, or -1 when none exists.
PlacementPlanner::Wide exhaustiveBest(const QList<Target> &targets, const QList<qint64> &current,
                                      qint64 delta)
{
    const bool out = delta > 0;
    PlacementPlanner::Wide best = -1;
    QList<qint64> n = current;
    std::function<void(int, qint64)> walk = [&](int i, qint64 left) {
        if (i == targets.size()) {
            if (left == 0) {
                const PlacementPlanner::Wide cost = PlacementPlanner::scaledCost(targets, n);
                if (best < 0 || cost < best)
                    best = cost;
            }
            return;
        }
        qint64 most =
            out ? (targets.at(i).cap < 0 ? left
                                         : std::max<qint64>(0, targets.at(i).cap - current.at(i)))
                : current.at(i);
        most = std::min(most, left);
        for (qint64 k = 0; k <= most; ++k) {
            n[i] = current.at(i) + (out ? k : -k);
            walk(i + 1, left - k);
        }
        n[i] = current.at(i);
    };
    walk(0, out ? delta : -delta);
    return best;
}

} // namespace

void TestPlacementPlanner::matchesExhaustiveSearch()
{
    QRandomGenerator random(20261122);
    int feasible = 0;
    for (int c = 0; c < 5000; ++c) {
        const int count = int(random.bounded(1, 5));
        QList<Target> targets;
        QList<qint64> current;
        Counts currentMap;
        QStringList usable;
        for (int i = 0; i < count; ++i) {
            const QString name = QStringLiteral("T%1").arg(i);
            const qint64 cap = random.bounded(3) == 0 ? -1 : qint64(random.bounded(0, 8));
            targets.append({name, qint64(random.bounded(1, 301)), cap});
            current << qint64(random.bounded(0, 6));
            currentMap.insert(name, current.last());
            usable << name;
        }
        qint64 delta = qint64(random.bounded(-7, 8));
        if (delta == 0)
            delta = 1;
        const auto plan = PlacementPlanner::plan(targets, currentMap, delta, usable);
        const auto greedy = PlacementPlanner::greedyPlan(targets, currentMap, delta, usable);
        QCOMPARE(plan.counts, greedy.counts); // the fast plan is the greedy's, ties included
        QCOMPARE(plan.error, greedy.error);
        const PlacementPlanner::Wide best = exhaustiveBest(targets, current, delta);
        QVERIFY2(plan.ok() == (best >= 0),
                 qPrintable(QStringLiteral("case %1: %2").arg(c).arg(plan.error)));
        if (!plan.ok())
            continue;
        ++feasible;
        QList<qint64> final = current;
        qint64 moved = 0;
        for (int i = 0; i < count; ++i) {
            const qint64 k = plan.counts.value(targets.at(i).name);
            QVERIFY(k > 0 || !plan.counts.contains(targets.at(i).name));
            final[i] += delta > 0 ? k : -k;
            moved += k;
            QVERIFY(final.at(i) >= 0);
            if (delta > 0 && targets.at(i).cap >= 0)
                QVERIFY(k == 0 || final.at(i) <= targets.at(i).cap);
        }
        QCOMPARE(moved, delta > 0 ? delta : -delta);
        QVERIFY2(PlacementPlanner::scaledCost(targets, final) == best,
                 qPrintable(QStringLiteral("case %1 not optimal").arg(c)));
    }
    QVERIFY(feasible > 2000); // the cases exercise plans, not only refusals
}

void TestPlacementPlanner::fastPlanEqualsGreedyAtScale()
{
    QRandomGenerator random(7);
    for (int c = 0; c < 200; ++c) {
        QList<Target> targets;
        Counts current;
        QStringList usable;
        const int count = int(random.bounded(1, 30));
        for (int i = 0; i < count; ++i) {
            const QString name = QStringLiteral("R%1").arg(i);
            // Few distinct weights make many ties.
            targets.append({name, qint64(random.bounded(1, 4)) * 100,
                            random.bounded(4) == 0 ? qint64(random.bounded(0, 300)) : -1});
            current.insert(name, qint64(random.bounded(0, 200)));
            if (random.bounded(6) != 0)
                usable << name;
        }
        const qint64 delta = qint64(random.bounded(-2000, 2000));
        const auto fast = PlacementPlanner::plan(targets, current, delta, usable);
        const auto greedy = PlacementPlanner::greedyPlan(targets, current, delta, usable);
        QCOMPARE(fast.error, greedy.error);
        QCOMPARE(fast.counts, greedy.counts);
    }
}

QTEST_GUILESS_MAIN(TestPlacementPlanner)
#include "tst_placementplanner.moc"
