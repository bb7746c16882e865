// The provisioner's pure decisions, from tables: what a pass does with each
// instance the cloud lists for the model (provisioning: Crash safety, Harvest
// mode), and when and after how long a failed start is tried again (Retry).
#include "core/cloud/instancetags.h"
#include "core/model/modelconfig.h"
#include "core/provisioning/reconciler.h"
#include "core/provisioning/retrypolicy.h"

#include <QTest>

using namespace berth;

Q_DECLARE_METATYPE(Reconciler::Action)
Q_DECLARE_METATYPE(ModelConfig::Harvest)

class TestReconciler : public QObject
{
    Q_OBJECT

private slots:
    void eachInstanceGetsOneAction_data();
    void eachInstanceGetsOneAction();
    void deadMachinesInstancesStopUnderTheirModes();
    void harvestModeIsReadFromTheConfig();
    void retriesBackOffUpToTenMinutes();
};

void TestReconciler::eachInstanceGetsOneAction_data()
{
    QTest::addColumn<bool>("machineExists");
    QTest::addColumn<QString>("recorded");     // the machine's instance id; the listed one is i-1
    QTest::addColumn<QString>("machineNonce"); // the machine's start in flight
    QTest::addColumn<QString>("state");        // the instance's
    QTest::addColumn<QString>("instanceNonce");
    QTest::addColumn<ModelConfig::Harvest>("harvest");
    QTest::addColumn<Reconciler::Action>("action");
    using H = ModelConfig::Harvest;
    using A = Reconciler::Action;
    const QString running = QStringLiteral("running");
    const QString pending = QStringLiteral("pending");
    const QString n1 = QStringLiteral("nonce-1");
    const QString n2 = QStringLiteral("nonce-2");
    const QString mine = QStringLiteral("i-1");
    const QString other = QStringLiteral("i-2");
    // No machine claims it: the harvest mode decides.
    QTest::newRow("stray, none") << false << QString() << QString() << running << n1 << H::None
                                 << A::LeaveStray;
    QTest::newRow("stray, destroyed")
        << false << QString() << QString() << running << n1 << H::Destroyed << A::LeaveStray;
    QTest::newRow("stray, unknown")
        << false << QString() << QString() << running << n1 << H::Unknown << A::StopStray;
    QTest::newRow("stray, all") << false << QString() << QString() << running << n1 << H::All
                                << A::StopStray;
    // The machine's own.
    QTest::newRow("its own") << true << mine << QString() << running << n1 << H::All << A::Keep;
    QTest::newRow("its own, stopped")
        << true << mine << QString() << QStringLiteral("stopped") << n1 << H::All << A::Keep;
    // A start that died before it was recorded.
    QTest::newRow("same start, running")
        << true << QString() << n1 << running << n1 << H::Destroyed << A::Adopt;
    QTest::newRow("same start, not running yet")
        << true << QString() << n1 << pending << n1 << H::Destroyed << A::LeaveInterrupted;
    QTest::newRow("older start, not running yet")
        << true << QString() << n2 << pending << n1 << H::Destroyed << A::LeaveInterrupted;
    // A second instance for one machine: never kept, whatever the mode.
    QTest::newRow("another start's, running")
        << true << QString() << n2 << running << n1 << H::None << A::StopDuplicate;
    QTest::newRow("untagged start, running")
        << true << QString() << n2 << running << QString() << H::None << A::StopDuplicate;
    QTest::newRow("machine has another instance")
        << true << other << n1 << running << n1 << H::None << A::StopDuplicate;
    QTest::newRow("machine has another, this one pending")
        << true << other << QString() << pending << n1 << H::None << A::StopDuplicate;
}

void TestReconciler::eachInstanceGetsOneAction()
{
    QFETCH(bool, machineExists);
    QFETCH(QString, recorded);
    QFETCH(QString, machineNonce);
    QFETCH(QString, state);
    QFETCH(QString, instanceNonce);
    QFETCH(ModelConfig::Harvest, harvest);
    QFETCH(Reconciler::Action, action);
    MachineRecord machine;
    machine.name = QStringLiteral("3");
    machine.instanceId = recorded;
    machine.nonce = machineNonce;
    InstanceInfo instance;
    instance.id = QStringLiteral("i-1");
    instance.state = state;
    instance.tags.insert(InstanceTags::machine, machine.name);
    if (!instanceNonce.isEmpty())
        instance.tags.insert(InstanceTags::nonce, instanceNonce);
    QCOMPARE(Reconciler::decide(instance, machineExists ? &machine : nullptr, harvest), action);
}

void TestReconciler::deadMachinesInstancesStopUnderTheirModes()
{
    using H = ModelConfig::Harvest;
    QVERIFY(!Reconciler::stopsInstancesOfDeadMachines(H::None));
    QVERIFY(Reconciler::stopsInstancesOfDeadMachines(H::Destroyed));
    QVERIFY(!Reconciler::stopsInstancesOfDeadMachines(H::Unknown));
    QVERIFY(Reconciler::stopsInstancesOfDeadMachines(H::All));
}

void TestReconciler::harvestModeIsReadFromTheConfig()
{
    using H = ModelConfig::Harvest;
    ModelConfig config;
    QCOMPARE(config.harvest(), H::Destroyed); // Juju's default
    const QList<std::pair<QString, H>> modes{{QStringLiteral("none"), H::None},
                                             {QStringLiteral("destroyed"), H::Destroyed},
                                             {QStringLiteral("unknown"), H::Unknown},
                                             {QStringLiteral("all"), H::All}};
    for (const auto &[name, mode] : modes) {
        QCOMPARE(ModelConfig({{QStringLiteral("harvest-mode"), name}}).harvest(), mode);
    }
}

void TestReconciler::retriesBackOffUpToTenMinutes()
{
    const RetryPolicy policy(3, 10'000);
    QVERIFY(policy.retries(1));
    QVERIFY(policy.retries(3));
    QVERIFY(!policy.retries(4));
    QCOMPARE(policy.delayAfter(1), 10'000);
    QCOMPARE(policy.delayAfter(2), 20'000);
    QCOMPARE(policy.delayAfter(3), 40'000);
    QCOMPARE(policy.delayAfter(7), 600'000); // 640 s, held at ten minutes
    QCOMPARE(policy.delayAfter(1000), 600'000);
    // The longest retry-delay (24 h) is held there too, never overflowed.
    QCOMPARE(RetryPolicy(1, 24LL * 3600 * 1000).delayAfter(40), 600'000);
    QVERIFY(!RetryPolicy(0, 10).retries(1)); // retry-count=0: an error at once
}

QTEST_GUILESS_MAIN(TestReconciler)
#include "tst_reconciler.moc"
