// Availability-zone spread: the zone with the fewest machines of the same
// applications, ties to the zone with the fewest machines of the model, then
// by name; so a spread is even (skew at most one) and reproducible.
#include "core/placement/zonespread.h"

#include <QTest>

#include <algorithm>

using namespace berth;

namespace {
const QStringList zones{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
const QStringList web{QStringLiteral("web")};
const QStringList db{QStringLiteral("db")};
} // namespace

class TestZoneSpread : public QObject
{
    Q_OBJECT

private slots:
    void evenAndReproducible_data();
    void evenAndReproducible();
    void tiesGoToTheEmptierZoneThenByName();
    void groupsCountEveryApplicationAMachineHosts();
    void excludedAndForgottenZones();
    void noCandidateLeftGivesNoZone();
};

void TestZoneSpread::evenAndReproducible_data()
{
    QTest::addColumn<int>("zoneCount");
    QTest::addColumn<int>("machines");
    for (int z : {1, 2, 3, 5})
        for (int n : {1, 2, 7, 30})
            QTest::addRow("%d machines over %d zones", n, z) << z << n;
}

void TestZoneSpread::evenAndReproducible()
{
    QFETCH(int, zoneCount);
    QFETCH(int, machines);
    QStringList candidates;
    for (int i = 0; i < zoneCount; ++i)
        candidates << QStringLiteral("zone-%1").arg(i);

    // Given two spreads fed the same claims
    ZoneSpread first;
    ZoneSpread second;
    QStringList chosen;
    for (int i = 0; i < machines; ++i) {
        chosen << first.claim(candidates, web);
        // Then each chooses the same zone
        QCOMPARE(second.claim(candidates, web), chosen.last());
    }
    // And the zones' counts differ by one at most
    QList<int> counts;
    for (const QString &zone : std::as_const(candidates))
        counts << first.machinesIn(zone);
    const auto [low, high] = std::minmax_element(counts.cbegin(), counts.cend());
    QVERIFY2(*high - *low <= 1, qPrintable(chosen.join(u' ')));
    // And they are filled in name order
    QCOMPARE(chosen.mid(0, std::min(machines, zoneCount)),
             candidates.mid(0, std::min(machines, zoneCount)));
}

void TestZoneSpread::tiesGoToTheEmptierZoneThenByName()
{
    ZoneSpread spread;
    // Given zone a already full of another application's machines
    spread.add(QStringLiteral("a"), db);
    spread.add(QStringLiteral("a"), db);
    spread.add(QStringLiteral("b"), db);
    // Then web, with none anywhere, goes where the model has fewest: c
    QCOMPARE(spread.claim(zones, web), QStringLiteral("c"));
    // then b (one machine) before a (two)
    QCOMPARE(spread.claim(zones, web), QStringLiteral("b"));
    QCOMPARE(spread.claim(zones, web), QStringLiteral("a"));
    // And with web even again, the model-wide count decides once more
    QCOMPARE(spread.choose(zones, web), QStringLiteral("c"));
}

void TestZoneSpread::groupsCountEveryApplicationAMachineHosts()
{
    ZoneSpread spread;
    const QStringList both{QStringLiteral("web"), QStringLiteral("db")};
    // Given a machine hosting web and db in a, and one of db in b
    spread.add(QStringLiteral("a"), both);
    spread.add(QStringLiteral("b"), db);
    // Then a machine for web and db together avoids both: c
    QCOMPARE(spread.choose(zones, both), QStringLiteral("c"));
    // And one for web alone ties between b and c (no web in either); c, emptier, wins
    QCOMPARE(spread.choose(zones, web), QStringLiteral("c"));
    spread.add(QStringLiteral("c"), web);
    QCOMPARE(spread.choose(zones, web), QStringLiteral("b"));
}

void TestZoneSpread::excludedAndForgottenZones()
{
    ZoneSpread spread;
    // A zone that refused a start is left out of the next try
    QCOMPARE(spread.claim(zones, web, {QStringLiteral("a")}), QStringLiteral("b"));
    QCOMPARE(spread.machinesIn(QStringLiteral("b")), 1);
    // A start given up is forgotten: b is free again
    spread.add(QStringLiteral("b"), web, -1);
    QCOMPARE(spread.machinesIn(QStringLiteral("b")), 0);
    QCOMPARE(spread.choose(zones, web), QStringLiteral("a"));
    // A machine with no zone counts nowhere
    spread.add(QString(), web);
    QCOMPARE(spread.choose(zones, web), QStringLiteral("a"));
}

void TestZoneSpread::noCandidateLeftGivesNoZone()
{
    ZoneSpread spread;
    QCOMPARE(spread.claim({}, web), QString());
    QCOMPARE(spread.claim(zones, web, {zones.begin(), zones.end()}), QString());
    QCOMPARE(spread.machinesIn(QString()), 0);
}

QTEST_GUILESS_MAIN(TestZoneSpread)
#include "tst_zonespread.moc"
