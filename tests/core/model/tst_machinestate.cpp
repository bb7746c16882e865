// The machine life cycle's table: which moves each state allows, what each
// move leaves behind, the words a refused move is reported with, and the
// stored text of every state.
#include "core/bertherror.h"
#include "core/model/machinestate.h"

#include <QTest>

using namespace berth;

using Life = MachineState::Life;
using Status = MachineState::Status;
using Instance = MachineState::InstanceStatus;
using Move = MachineState::Move;

Q_DECLARE_METATYPE(MachineState)
Q_DECLARE_METATYPE(MachineState::Move)

namespace {
constexpr MachineState pending{Life::Alive, Status::Pending, Instance::Pending};
constexpr MachineState starting{Life::Alive, Status::Pending, Instance::Provisioning};
constexpr MachineState started{Life::Alive, Status::Started, Instance::Running};
constexpr MachineState failed{Life::Alive, Status::Error, Instance::ProvisioningError};
constexpr MachineState heldByHost{Life::Alive, Status::Error, Instance::Pending};
constexpr MachineState deadStarting{Life::Dead, Status::Pending, Instance::Provisioning};
constexpr MachineState deadStarted{Life::Dead, Status::Started, Instance::Running};
} // namespace

class TestMachineState : public QObject
{
    Q_OBJECT

private slots:
    void moves_data();
    void moves();
    void refusedMovesSayWhy();
    void onlyPendingAliveMachinesAwaitAStart_data();
    void onlyPendingAliveMachinesAwaitAStart();
    void storedTextRoundTrips();
    void aHeldContainerIsToldFromAFailedOne();
};

void TestMachineState::moves_data()
{
    QTest::addColumn<MachineState>("from");
    QTest::addColumn<Move>("move");
    QTest::addColumn<bool>("allowed");
    QTest::addColumn<MachineState>("to"); // when allowed

    const auto row = [](const char *tag, MachineState from, Move move, bool allowed,
                        MachineState to = {}) {
        QTest::addRow("%s", tag) << from << move << allowed << to;
    };
    row("a pending machine's start is recorded", pending, Move::RecordStart, true, starting);
    row("a start failed in its zone is recorded again", starting, Move::RecordStart, true,
        starting);
    row("a started machine is not started again", started, Move::RecordStart, false);
    row("a machine in error waits for retry-provisioning", failed, Move::RecordStart, false);
    row("a dead machine is never started", deadStarting, Move::RecordStart, false);
    row("the provider's instance is recorded", starting, Move::RecordInstance, true, started);
    row("an interrupted start is adopted", pending, Move::RecordInstance, true, started);
    row("an instance is adopted for a machine that died meanwhile", deadStarting,
        Move::RecordInstance, true, deadStarted);
    row("an instance found after an error is adopted", failed, Move::RecordInstance, true, started);
    row("a started machine never gets a second instance", started, Move::RecordInstance, false);
    row("a start without an instance is forgotten", starting, Move::ForgetStart, true, pending);
    row("a dead machine's start is forgotten", deadStarting, Move::ForgetStart, true,
        {Life::Dead, Status::Pending, Instance::Pending});
    row("no start to forget", pending, Move::ForgetStart, false);
    row("a failed start is retried later", starting, Move::RecordRetry, true, pending);
    row("a started machine has nothing to retry", started, Move::RecordRetry, false);
    row("a failed start becomes an error", starting, Move::RecordError, true, failed);
    row("no instance type fits: an error before any start", pending, Move::RecordError, true,
        failed);
    row("an error is not recorded twice", failed, Move::RecordError, false);
    row("retry-provisioning resets a machine in error", failed, Move::ResetForRetry, true, pending);
    row("retry-provisioning resets a container held by its host", heldByHost, Move::ResetForRetry,
        true, pending);
    row("retry-provisioning leaves a started machine alone", started, Move::ResetForRetry, false);
    row("an existing host is enlisted as found", pending, Move::EnlistHost, true, started);
    row("a started machine is not enlisted", started, Move::EnlistHost, false);
    row("a container waits for a failed host", pending, Move::HoldForHost, true, heldByHost);
    row("a started container is not held", started, Move::HoldForHost, false);
    row("a started machine is removed", started, Move::MarkDead, true, deadStarted);
    row("a machine in error is removed", failed, Move::MarkDead, true,
        {Life::Dead, Status::Error, Instance::ProvisioningError});
    row("a dead machine is not removed twice", deadStarted, Move::MarkDead, false);
}

void TestMachineState::moves()
{
    QFETCH(MachineState, from);
    QFETCH(Move, move);
    QFETCH(bool, allowed);
    QFETCH(MachineState, to);
    QCOMPARE(from.allows(move), allowed);
    if (allowed)
        QVERIFY(from.after(move, QStringLiteral("3")) == to);
    else
        QVERIFY_THROWS_EXCEPTION(BerthError, from.after(move, QStringLiteral("3")));
}

void TestMachineState::refusedMovesSayWhy()
{
    try {
        started.after(Move::RecordStart, QStringLiteral("3/lxd/0"));
        QFAIL("a started machine was started again");
    } catch (const BerthError &error) {
        QCOMPARE(error.message(), QStringLiteral("cannot start machine 3/lxd/0: it is alive, "
                                                 "started, instance running"));
    }
    try {
        deadStarted.after(Move::MarkDead, QStringLiteral("4"));
        QFAIL("a dead machine was removed twice");
    } catch (const BerthError &error) {
        QCOMPARE(error.message(),
                 QStringLiteral("cannot remove machine 4: it is dead, started, instance running"));
    }
}

void TestMachineState::onlyPendingAliveMachinesAwaitAStart_data()
{
    QTest::addColumn<MachineState>("state");
    QTest::addColumn<bool>("awaits");
    QTest::addRow("pending") << pending << true;
    QTest::addRow("starting") << starting << true;
    QTest::addRow("started") << started << false;
    QTest::addRow("in error") << failed << false;
    QTest::addRow("held by its host") << heldByHost << false;
    QTest::addRow("dead") << deadStarting << false;
}

void TestMachineState::onlyPendingAliveMachinesAwaitAStart()
{
    QFETCH(MachineState, state);
    QFETCH(bool, awaits);
    QCOMPARE(state.awaitsStart(), awaits);
}

void TestMachineState::storedTextRoundTrips()
{
    // The words are Juju's, and are what the store holds and status shows.
    QCOMPARE(MachineState::text(Life::Alive), QStringLiteral("alive"));
    QCOMPARE(MachineState::text(Life::Dead), QStringLiteral("dead"));
    QCOMPARE(MachineState::text(Status::Pending), QStringLiteral("pending"));
    QCOMPARE(MachineState::text(Status::Started), QStringLiteral("started"));
    QCOMPARE(MachineState::text(Status::Error), QStringLiteral("error"));
    QCOMPARE(MachineState::text(Instance::Provisioning), QStringLiteral("provisioning"));
    QCOMPARE(MachineState::text(Instance::Running), QStringLiteral("running"));
    QCOMPARE(MachineState::text(Instance::ProvisioningError), QStringLiteral("provisioning error"));
    for (Life life : {Life::Alive, Life::Dead})
        QCOMPARE(MachineState::lifeFrom(MachineState::text(life)), std::optional(life));
    for (Status status : {Status::Pending, Status::Started, Status::Error})
        QCOMPARE(MachineState::statusFrom(MachineState::text(status)), std::optional(status));
    for (Instance instance : {Instance::Pending, Instance::Provisioning, Instance::Running,
                              Instance::ProvisioningError}) {
        QCOMPARE(MachineState::instanceStatusFrom(MachineState::text(instance)),
                 std::optional(instance));
    }
    QCOMPARE(MachineState::lifeFrom(u"dying"), std::nullopt);
    QCOMPARE(MachineState::statusFrom(u"Started"), std::nullopt);
    QCOMPARE(MachineState::instanceStatusFrom(u""), std::nullopt);
}

void TestMachineState::aHeldContainerIsToldFromAFailedOne()
{
    // retry-provisioning of a host takes along only containers its failure held.
    QVERIFY(pending.after(Move::HoldForHost, QStringLiteral("0/lxd/0")).heldByHost());
    QVERIFY(!failed.heldByHost());
    QVERIFY(!pending.heldByHost());
    QVERIFY(
        !MachineState{heldByHost}.after(Move::MarkDead, QStringLiteral("0/lxd/0")).heldByHost());
}

QTEST_GUILESS_MAIN(TestMachineState)
#include "tst_machinestate.moc"
