// What becomes of a machine the user removes, or that units have left: the
// one rule behind remove-unit, remove-application, remove-machine, unplacing
// and destroy-model, from a table of machines and what is left on them.
#include "core/placement/retirement.h"

#include <QTest>

using namespace berth;

Q_DECLARE_METATYPE(Retirement::Fate)

namespace {

using Fate = Retirement::Fate;

// A machine in one of the states a user meets: "pending" (never started),
// "starting" (a start recorded, no instance yet), "running", "dead".
MachineRecord machine(const QString &state, bool forUnit)
{
    MachineRecord m;
    m.name = QStringLiteral("3");
    m.forUnit = forUnit;
    if (state == u"starting") {
        m.state.instance = MachineState::InstanceStatus::Provisioning;
        m.nonce = QStringLiteral("n");
    } else if (state == u"running") {
        m.instanceId = QStringLiteral("i-3");
        m.state.status = MachineState::Status::Started;
        m.state.instance = MachineState::InstanceStatus::Running;
    } else if (state == u"dead") {
        m.instanceId = QStringLiteral("i-3");
        m.state.life = MachineState::Life::Dead;
        m.state.status = MachineState::Status::Started;
        m.state.instance = MachineState::InstanceStatus::Running;
    }
    return m;
}

} // namespace

class TestRetirement : public QObject
{
    Q_OBJECT

private slots:
    void removedMachines_data();
    void removedMachines();
    void emptiedMachines_data();
    void emptiedMachines();
};

void TestRetirement::removedMachines_data()
{
    QTest::addColumn<QString>("state");
    QTest::addColumn<int>("containers");
    QTest::addColumn<Fate>("fate");

    QTest::newRow("never started: gone at once") << "pending" << 0 << Fate::Remove;
    QTest::newRow("never started, hosts a container: dead until it goes")
        << "pending" << 1 << Fate::MarkDead;
    QTest::newRow("a start in flight: dead, the provisioner stops what it gets")
        << "starting" << 0 << Fate::MarkDead;
    QTest::newRow("running: dead, its instance stopped") << "running" << 0 << Fate::MarkDead;
    QTest::newRow("already dead: the provisioner's") << "dead" << 0 << Fate::Keep;
}

void TestRetirement::removedMachines()
{
    QFETCH(QString, state);
    QFETCH(int, containers);
    QFETCH(Fate, fate);
    // Whether it was made for a unit or added by hand does not matter here.
    QCOMPARE(Retirement::ofRemoved(machine(state, true), containers), fate);
    QCOMPARE(Retirement::ofRemoved(machine(state, false), containers), fate);
}

void TestRetirement::emptiedMachines_data()
{
    QTest::addColumn<QString>("state");
    QTest::addColumn<bool>("forUnit");
    QTest::addColumn<int>("unitsLeft");
    QTest::addColumn<int>("containers");
    QTest::addColumn<int>("aliveContainers");
    QTest::addColumn<Fate>("fate");

    QTest::newRow("made for its last unit, never started: gone")
        << "pending" << true << 0 << 0 << 0 << Fate::Remove;
    QTest::newRow("made for its last unit, running: dead")
        << "running" << true << 0 << 0 << 0 << Fate::MarkDead;
    QTest::newRow("made for its last unit, starting: dead")
        << "starting" << true << 0 << 0 << 0 << Fate::MarkDead;
    QTest::newRow("added by hand (add-machine): the user's to remove")
        << "pending" << false << 0 << 0 << 0 << Fate::Keep;
    QTest::newRow("another unit left (a subordinate counts)")
        << "running" << true << 1 << 0 << 0 << Fate::Keep;
    QTest::newRow("a live container on it") << "pending" << true << 0 << 1 << 1 << Fate::Keep;
    QTest::newRow("only dead containers, never started: dead until they go")
        << "pending" << true << 0 << 2 << 0 << Fate::MarkDead;
    QTest::newRow("already dead") << "dead" << true << 0 << 0 << 0 << Fate::Keep;
}

void TestRetirement::emptiedMachines()
{
    QFETCH(QString, state);
    QFETCH(bool, forUnit);
    QFETCH(int, unitsLeft);
    QFETCH(int, containers);
    QFETCH(int, aliveContainers);
    QFETCH(Fate, fate);
    QCOMPARE(Retirement::ofEmptied(machine(state, forUnit), unitsLeft, containers, aliveContainers),
             fate);
}

QTEST_APPLESS_MAIN(TestRetirement)
#include "tst_retirement.moc"
