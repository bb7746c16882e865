// Whether a unit may go on a machine, and a container on a host: each rule
// with the words its refusal is given in, on records alone (no store).
#include "core/placement/placementrules.h"

#include <QTest>

using namespace berth;

namespace {

MachineRecord machine(const char *name, const char *base = "jammy", const char *hardware = "",
                      const char *constraints = "")
{
    MachineRecord m;
    m.id = QString::fromLatin1(name).startsWith(u'0') ? 1 : 2;
    m.name = QString::fromLatin1(name);
    m.base = QString::fromLatin1(base);
    m.hardware = QString::fromLatin1(hardware);
    m.constraints = QString::fromLatin1(constraints);
    return m;
}

MachineRecord dead(MachineRecord m)
{
    m.state.life = MachineState::Life::Dead;
    return m;
}

ApplicationRecord app(const char *base = "jammy")
{
    ApplicationRecord a;
    a.id = 1;
    a.name = QStringLiteral("web");
    a.base = QString::fromLatin1(base);
    return a;
}

UnitRecord unit(const char *constraints = "", qint64 onMachine = 0)
{
    UnitRecord u;
    u.id = 5;
    u.applicationId = 1;
    u.application = QStringLiteral("web");
    u.number = 3;
    u.constraints = QString::fromLatin1(constraints);
    u.machineId = onMachine;
    return u;
}

} // namespace

Q_DECLARE_METATYPE(MachineRecord)
Q_DECLARE_METATYPE(ApplicationRecord)
Q_DECLARE_METATYPE(UnitRecord)

class TestPlacementRules : public QObject
{
    Q_OBJECT

private slots:
    void assignProblem_data();
    void assignProblem();
    void containerProblem_data();
    void containerProblem();
    void placementProblem_data();
    void placementProblem();
    void snapshotLookUpsNameWhatIsMissing();
};

void TestPlacementRules::assignProblem_data()
{
    QTest::addColumn<ApplicationRecord>("application");
    QTest::addColumn<MachineRecord>("target");
    QTest::addColumn<QString>("problem");

    QTest::addRow("same base, alive") << app() << machine("0") << "";
    QTest::addRow("a dead machine") << app() << dead(machine("0")) << "machine 0 is dead";
    QTest::addRow("another base") << app("noble") << machine("0")
                                  << "cannot assign unit \"web/3\" (noble) to machine 0 (jammy)";
    QTest::addRow("life is checked before base")
        << app("noble") << dead(machine("0")) << "machine 0 is dead";
}

void TestPlacementRules::assignProblem()
{
    QFETCH(ApplicationRecord, application);
    QFETCH(MachineRecord, target);
    QFETCH(QString, problem);
    QCOMPARE(PlacementRules::assignProblem(application, QStringLiteral("web/3"), target), problem);
}

void TestPlacementRules::containerProblem_data()
{
    QTest::addColumn<QString>("needs");
    QTest::addColumn<MachineRecord>("host");
    QTest::addColumn<QString>("problem");

    QTest::addRow("a host of unknown size takes any container") << "mem=64G" << machine("0") << "";
    QTest::addRow("a started host with room")
        << "mem=2G cores=2" << machine("0", "jammy", "arch=amd64 cores=4 mem=8192M") << "";
    QTest::addRow("a started host too small")
        << "mem=16G" << machine("0", "jammy", "arch=amd64 cores=4 mem=8192M")
        << "machine 0 has mem=8192M, the container needs mem=16384M";
    QTest::addRow("a started host of another architecture")
        << "arch=arm64" << machine("0", "jammy", "arch=amd64 cores=4 mem=8192M")
        << "machine 0 has arch=amd64, the container needs arch=arm64";
    QTest::addRow("a host not started yet is held to its constraints")
        << "cores=8" << machine("0", "jammy", "", "cores=2")
        << "machine 0 has cores=2, the container needs cores=8";
    QTest::addRow("once started, its hardware counts, not its constraints")
        << "cores=8" << machine("0", "jammy", "cores=16", "cores=2") << "";
    QTest::addRow("a dead host") << "" << dead(machine("0")) << "machine 0 is dead";
}

void TestPlacementRules::containerProblem()
{
    QFETCH(QString, needs);
    QFETCH(MachineRecord, host);
    QFETCH(QString, problem);
    QCOMPARE(PlacementRules::containerProblem(QStringLiteral("the container"),
                                              Constraints::parseOrThrow(needs), host),
             problem);
}

void TestPlacementRules::placementProblem_data()
{
    QTest::addColumn<UnitRecord>("moved");
    QTest::addColumn<MachineRecord>("target");
    QTest::addColumn<QString>("problem");

    UnitRecord sub = unit();
    sub.subordinate = true;
    sub.principal = QStringLiteral("db/0");
    QTest::addRow("a principal onto a fitting machine")
        << unit("mem=2G") << machine("1", "jammy", "mem=4G") << "";
    QTest::addRow("a subordinate follows its principal")
        << sub << machine("1") << "unit web/3 is a subordinate: it follows its principal db/0";
    QTest::addRow("already there")
        << unit("", 2) << machine("1") << "unit web/3 is already on machine 1";
    QTest::addRow("a dead machine") << unit() << dead(machine("1")) << "machine 1 is dead";
    QTest::addRow("another base") << unit() << machine("1", "noble")
                                  << "unable to place a jammy unit on the noble machine 1";
    QTest::addRow("too small once started")
        << unit("mem=8G") << machine("1", "jammy", "mem=4G")
        << "machine 1 has mem=4096M, unit web/3 needs mem=8192M";
    QTest::addRow("not started: its instance type will follow")
        << unit("mem=8G") << machine("1", "jammy", "", "mem=4G") << "";
}

void TestPlacementRules::placementProblem()
{
    QFETCH(UnitRecord, moved);
    QFETCH(MachineRecord, target);
    QFETCH(QString, problem);
    QCOMPARE(PlacementRules::placementProblem(moved, app(), target), problem);
}

void TestPlacementRules::snapshotLookUpsNameWhatIsMissing()
{
    // Given the snapshot the window shows
    ModelSnapshot snapshot;
    snapshot.applications = {app()};
    snapshot.units = {unit("mem=8G")};
    snapshot.machines = {machine("0", "jammy", "mem=16G"), machine("1", "jammy", "mem=4G")};
    const SnapshotIndex index(snapshot);

    // Then a drag is judged on it alone, naming what it does not hold
    QCOMPARE(
        PlacementRules::placementProblem(index, {QStringLiteral("web/3")}, QStringLiteral("0")),
        QString());
    QCOMPARE(
        PlacementRules::placementProblem(index, {QStringLiteral("web/3")}, QStringLiteral("1")),
        QStringLiteral("machine 1 has mem=4096M, unit web/3 needs mem=8192M"));
    QCOMPARE(
        PlacementRules::placementProblem(index, {QStringLiteral("web/3")}, QStringLiteral("7")),
        QStringLiteral("machine 7 not found"));
    QCOMPARE(
        PlacementRules::placementProblem(index, {QStringLiteral("web/9")}, QStringLiteral("0")),
        QStringLiteral("unit \"web/9\" not found"));
}

QTEST_GUILESS_MAIN(TestPlacementRules)
#include "tst_placementrules.moc"
