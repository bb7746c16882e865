// The change-set forecast and the provisioner's pass plan starts with one
// planner (core/placement/startplan): what the preview says a commit starts
// is what the provisioner then starts, zone by zone and type by type.
#include "core/commands/applicationcommands.h"
#include "core/commands/machinecommands.h"
#include "core/placement/startforecast.h"
#include "core/placement/startplan.h"
#include "core/provisioning/provisioner.h"
#include "tests/testsupport.h"

#include <QTest>

#include <tuple>

using namespace berth;

namespace {

const QString model = QStringLiteral("default");

using Key = std::tuple<QString, QString, QString>; // region, zone, type

void deploy(Workspace &ws, const QString &app, int count, const QString &constraints = {},
            const QString &to = {})
{
    deployCharm(ws, model, app, count, constraints, to);
}

bool provision(TestWorkspace &t)
{
    Provisioner provisioner(t.path(), t.clouds, model);
    const std::atomic<bool> cancel = false;
    return provisioner.runUntilIdle(cancel, 60'000);
}

} // namespace

class TestStartPlan : public QObject
{
    Q_OBJECT

private slots:
    void theForecastIsWhatThePassStarts();
    void aHostTakesTheLeastUsedAllowedZone();
    void onlyMachinesThatNeedAnInstanceAwaitOne();
    void aCloudWithoutACatalogueNeedsNoType();
};

void TestStartPlan::theForecastIsWhatThePassStarts()
{
    TestWorkspace t;
    // Some of the model already runs: the spread starts from it.
    deploy(t.ws(), QStringLiteral("db"), 2, QStringLiteral("mem=8G"));
    deploy(t.ws(), QStringLiteral("web"), 1);
    QVERIFY(provision(t));
    const ModelSnapshot before = t.ws().snapshot(model);

    // The change: more of each, a zone-bound application, a pinned zone and
    // containers on a running host and on a new one.
    ApplicationCommands(t.ws()).addUnits(model, QStringLiteral("db"), 3, {});
    ApplicationCommands(t.ws()).addUnits(model, QStringLiteral("web"), 4, {});
    deploy(t.ws(), QStringLiteral("cache"), 3,
           QStringLiteral("zones=sim-east-a,sim-east-b cores=4"));
    deploy(t.ws(), QStringLiteral("edge"), 1, {}, QStringLiteral("zone=sim-east-c"));
    ApplicationCommands(t.ws()).addUnits(model, QStringLiteral("web"), 1, QStringLiteral("lxd:0"));
    const ModelSnapshot after = t.ws().snapshot(model);
    const StartForecast forecast =
        StartForecast::of(before, after, t.clouds.get(QStringLiteral("sim")));
    QVERIFY(forecast.unfit.isEmpty());
    QCOMPARE(forecast.instances(), 12); // 3 db, 4 web, 3 cache, 1 edge, 1 container

    QVERIFY(provision(t));
    QHash<qint64, bool> existed;
    for (const MachineRecord &m : before.machines)
        existed.insert(m.id, true);
    QMap<Key, int> started;
    for (const MachineRecord &m : t.ws().snapshot(model).machines) {
        if (existed.contains(m.id))
            continue;
        QVERIFY2(!m.instanceId.isEmpty(), qPrintable(m.name));
        ++started[{m.region, m.zone,
                   m.isContainer() ? StartForecast::tr("container") : m.instanceType}];
    }
    QMap<Key, int> forecast_;
    for (const StartForecast::Starts &s : forecast.starts)
        forecast_[{s.region, s.zone, s.instanceType}] += s.count;
    QCOMPARE(started, forecast_);
}

void TestStartPlan::aHostTakesTheLeastUsedAllowedZone()
{
    TestWorkspace t;
    const CloudInfo &cloud = t.clouds.get(QStringLiteral("sim"));
    ZoneSpread spread;
    spread.add(QStringLiteral("sim-east-a"), {QStringLiteral("web")});
    MachineRecord m;
    m.name = QStringLiteral("4");
    // Its own region wins over the model's; zones= narrows the candidates.
    StartPlan::HostZone zone = StartPlan::placeHost(
        m, Constraints::parse(QStringLiteral("zones=sim-east-a,sim-east-b")).constraints,
        {QStringLiteral("web")}, QStringLiteral("sim-east"), cloud, spread);
    QCOMPARE(zone.region, QStringLiteral("sim-east"));
    QCOMPARE(zone.candidates,
             (QStringList{QStringLiteral("sim-east-a"), QStringLiteral("sim-east-b")}));
    QVERIFY(!zone.fixedZone);
    QCOMPARE(zone.zone, QStringLiteral("sim-east-b"));
    // A zone= placement: one candidate, nothing to fall back to.
    m.placement = QStringLiteral("zone=sim-east-a");
    zone = StartPlan::placeHost(m, {}, {QStringLiteral("web")}, QStringLiteral("sim-east"), cloud,
                                spread);
    QCOMPARE(zone.candidates, QStringList{QStringLiteral("sim-east-a")});
    QVERIFY(zone.fixedZone);
    QCOMPARE(zone.zone, QStringLiteral("sim-east-a"));
    QCOMPARE(spread.machinesIn(QStringLiteral("sim-east-a")), 2);
}

void TestStartPlan::onlyMachinesThatNeedAnInstanceAwaitOne()
{
    TestWorkspace t;
    deploy(t.ws(), QStringLiteral("web"), 2);
    ModelSnapshot s = t.ws().snapshot(model);
    QVERIFY(StartPlan::awaitsInstance(s.machines.at(0)));
    QVERIFY(provision(t));
    s = t.ws().snapshot(model);
    QVERIFY(!StartPlan::awaitsInstance(s.machines.at(0))); // it has one
    MachineCommands(t.ws()).removeMachines(model, {s.machines.at(1).name}, true);
    s = t.ws().snapshot(model);
    QVERIFY(!StartPlan::awaitsInstance(s.machines.at(1))); // dying
}

// The cheapest type that fits; on a cloud without a catalogue (LXD) none is
// chosen, and the forecast no longer calls its machines unfit.
void TestStartPlan::aCloudWithoutACatalogueNeedsNoType()
{
    TestWorkspace t;
    CloudInfo cloud = t.clouds.get(QStringLiteral("sim"));
    const RegionInfo &sim = *cloud.region(QStringLiteral("sim-east"));
    const ModelConfig config;
    const auto fits = StartPlan::chooseType(
        sim, Constraints::parse(QStringLiteral("mem=8G")).constraints, config);
    QVERIFY(fits.ok());
    QVERIFY(fits.type.memMiB >= 8192);
    QVERIFY(!StartPlan::chooseType(
                 sim, Constraints::parse(QStringLiteral("cores=4096")).constraints, config)
                 .ok());

    for (RegionInfo &region : cloud.regions)
        region.catalogue.clear();
    const auto none =
        StartPlan::chooseType(*cloud.region(QStringLiteral("sim-east")),
                              Constraints::parse(QStringLiteral("cores=4096")).constraints, config);
    QVERIFY(none.ok());
    QVERIFY(none.type.name.isEmpty());
    const ModelSnapshot before = t.ws().snapshot(model);
    deploy(t.ws(), QStringLiteral("web"), 2);
    const StartForecast forecast = StartForecast::of(before, t.ws().snapshot(model), cloud);
    QVERIFY(forecast.unfit.isEmpty());
    QCOMPARE(forecast.instances(), 2);
}

QTEST_GUILESS_MAIN(TestStartPlan)
#include "tst_startplan.moc"
