#include "core/cloud/instancetypechooser.h"
#include "providers/sim/simcloud.h"

#include <QTest>

using namespace berth;

class TestInstanceTypeChooser : public QObject
{
    Q_OBJECT

private slots:
    void choosesLeastWasteful_data();
    void choosesLeastWasteful();
    void explainsWhenNothingFits();
    void defaultMemoryIsAModelSetting();
    void fallsBackWhenOnlyDefaultMemoryFails();
    void filtersTagsOnlyWhereSupported();
};

void TestInstanceTypeChooser::choosesLeastWasteful_data()
{
    QTest::addColumn<QString>("region");
    QTest::addColumn<QString>("constraints");
    QTest::addColumn<QString>("expected");
    QTest::newRow("seeds: mem=3G takes the 4G type, not the 6G") << "sim-east"
                                                                 << "mem=3G"
                                                                 << "m5.medium";
    QTest::newRow("no constraints: 1 core and 2G default") << "sim-east"
                                                           << ""
                                                           << "t3.small";
    QTest::newRow("mem=0 disables the default") << "sim-east"
                                                << "mem=0"
                                                << "t3.micro";
    QTest::newRow("mem= is mem=0, as in Juju") << "sim-east"
                                               << "mem="
                                               << "t3.micro";
    QTest::newRow("cores= is cores=0") << "sim-east"
                                       << "cores= mem=1G"
                                       << "t3.micro";
    QTest::newRow("cores=0") << "sim-east"
                             << "cores=0 mem=1G"
                             << "t3.micro";
    QTest::newRow("arm64") << "sim-east"
                           << "arch=arm64 mem=3G"
                           << "m6g.medium";
    QTest::newRow("cores") << "sim-east"
                           << "cores=4"
                           << "c5.xlarge";
    QTest::newRow("cpu-power") << "sim-east"
                               << "cpu-power=700"
                               << "c5.xlarge";
    QTest::newRow("cost before memory") << "sim-east"
                                        << "mem=12G"
                                        << "r5.large";
    QTest::newRow("root disk") << "sim-east"
                               << "root-disk=100G"
                               << "m5.2xlarge";
    QTest::newRow("named type alone") << "sim-east"
                                      << "instance-type=m5.large"
                                      << "m5.large";
    QTest::newRow("seeds: tightest wins, larger mem") << "sim-east"
                                                      << "mem=8G instance-type=t3.small"
                                                      << "r5.large";
    QTest::newRow("seeds: named type already satisfies cores") << "sim-east"
                                                               << "cores=1 instance-type=m5.large"
                                                               << "m5.large";
    QTest::newRow("named arm type keeps its arch") << "sim-east"
                                                   << "instance-type=t4g.small mem=4G"
                                                   << "m6g.medium";
    QTest::newRow("max mem") << "sim-east"
                             << "mem=max"
                             << "r5.4xlarge";
    QTest::newRow("max cores among arm") << "sim-east"
                                         << "cores=max arch=arm64"
                                         << "m6g.4xlarge";
    QTest::newRow("virt-type") << "sim-east"
                               << "virt-type=virtual-machine mem=1G"
                               << "t3.micro";
    QTest::newRow("region prices differ but order holds") << "sim-west"
                                                          << "mem=3G"
                                                          << "m5.medium";
}

void TestInstanceTypeChooser::choosesLeastWasteful()
{
    QFETCH(QString, region);
    QFETCH(QString, constraints);
    QFETCH(QString, expected);
    const CloudInfo sim = SimCloud::describe();
    const auto parsed = Constraints::parse(constraints);
    QVERIFY(parsed.ok());
    const auto choice = InstanceTypeChooser().choose(*sim.region(region), parsed.constraints);
    QVERIFY2(choice.ok(), qPrintable(choice.error));
    QCOMPARE(choice.type.name, expected);
}

void TestInstanceTypeChooser::explainsWhenNothingFits()
{
    const CloudInfo sim = SimCloud::describe();
    auto choice =
        InstanceTypeChooser().choose(*sim.region(QStringLiteral("sim-east")),
                                     Constraints::parse(QStringLiteral("mem=900G")).constraints);
    QCOMPARE(choice.error,
             QStringLiteral(R"(no instance types in sim-east matching constraints "mem=921600M")"));
    choice =
        InstanceTypeChooser().choose(*sim.region(QStringLiteral("sim-north")),
                                     Constraints::parse(QStringLiteral("arch=arm64")).constraints);
    QCOMPARE(choice.error,
             QStringLiteral(R"(no instance types in sim-north matching constraints "arch=arm64")"));
    choice = InstanceTypeChooser().choose(
        *sim.region(QStringLiteral("sim-east")),
        Constraints::parse(QStringLiteral("virt-type=container")).constraints);
    QVERIFY(!choice.ok());
}

void TestInstanceTypeChooser::defaultMemoryIsAModelSetting()
{
    const CloudInfo sim = SimCloud::describe();
    const auto choice =
        InstanceTypeChooser(6144).choose(*sim.region(QStringLiteral("sim-east")), Constraints());
    QCOMPARE(choice.type.name, QStringLiteral("m5.large"));
}

void TestInstanceTypeChooser::fallsBackWhenOnlyDefaultMemoryFails()
{
    // A region whose only type is smaller than the default memory.
    RegionInfo tiny;
    tiny.name = QStringLiteral("tiny");
    tiny.catalogue = {{QStringLiteral("nano"),
                       QStringLiteral("amd64"),
                       1,
                       100,
                       512,
                       4096,
                       0.01,
                       QStringLiteral("virtual-machine"),
                       {}},
                      {QStringLiteral("micro"),
                       QStringLiteral("amd64"),
                       1,
                       100,
                       1024,
                       4096,
                       0.02,
                       QStringLiteral("virtual-machine"),
                       {}}};
    auto choice = InstanceTypeChooser().choose(tiny, Constraints());
    QCOMPARE(choice.type.name, QStringLiteral("micro")); // the largest-memory match
    // An explicit memory requirement does not fall back.
    choice = InstanceTypeChooser().choose(tiny,
                                          Constraints::parse(QStringLiteral("mem=2G")).constraints);
    QVERIFY(!choice.ok());
}

void TestInstanceTypeChooser::filtersTagsOnlyWhereSupported()
{
    RegionInfo pool;
    pool.name = QStringLiteral("pool");
    pool.catalogue = {
        {QStringLiteral("plain"), QStringLiteral("amd64"), 2, 200, 4096, 8192, 0.01, {}, {}},
        {QStringLiteral("fast"),
         QStringLiteral("amd64"),
         2,
         200,
         4096,
         8192,
         0.02,
         {},
         {QStringLiteral("ssd")}}};
    const Constraints wantSsd = Constraints::parse(QStringLiteral("tags=ssd")).constraints;
    QCOMPARE(InstanceTypeChooser(2048, true).choose(pool, wantSsd).type.name,
             QStringLiteral("fast"));
    QCOMPARE(InstanceTypeChooser(2048, false).choose(pool, wantSsd).type.name,
             QStringLiteral("plain"));
    const Constraints noSsd = Constraints::parse(QStringLiteral("tags=^ssd")).constraints;
    QCOMPARE(InstanceTypeChooser(2048, true).choose(pool, noSsd).type.name,
             QStringLiteral("plain"));
}

QTEST_GUILESS_MAIN(TestInstanceTypeChooser)
#include "tst_instancetypechooser.moc"
