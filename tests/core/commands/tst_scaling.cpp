#include "core/commands/applicationcommands.h"
#include "core/commands/machinecommands.h"
#include "core/commands/scalingcommands.h"
#include "core/model/snapshotindex.h"
#include "core/provisioning/provisioner.h"
#include "tests/testsupport.h"

#include <QRandomGenerator>
#include <QTest>

using namespace berth;

namespace {

const QString model = QStringLiteral("default");
const QString east = QStringLiteral("sim-east");
const QString west = QStringLiteral("sim-west");
const QString north = QStringLiteral("sim-north");

struct Entry
{
    QString name;
    qint64 weight = 100;
    qint64 cap = -1;
};

QJsonObject placementSpec(const QString &kind, const QList<Entry> &entries)
{
    QList<PlacementPlanner::Target> targets;
    for (const Entry &e : entries)
        targets.append({e.name, e.weight, e.cap});
    return PlacementPolicy::fromTargets(kind == u"region" ? PlacementPolicy::Kind::Region
                                                          : PlacementPolicy::Kind::Zone,
                                        targets)
        .toSpec();
}

struct Fixture : TestWorkspace
{
    QRandomGenerator random{2026};

    Fixture()
        : TestWorkspace({QStringLiteral("latency-ms=0")})
    {
        deploy(QStringLiteral("web"), 0);
    }
    // Deploys `charm` with `count` units (0: an application with none yet).
    void deploy(const QString &charm, int count)
    {
        ApplicationCommands::Deploy d;
        d.charm = charm;
        d.count = std::max(count, 1);
        ApplicationCommands(ws()).deploy(model, d);
        if (count == 0)
            ApplicationCommands(ws()).removeUnits(model, {charm + QStringLiteral("/0")});
    }
    ScalingCommands scaling()
    {
        ScalingCommands commands(ws());
        commands.setRandom(&random);
        return commands;
    }
    void setPolicy(const QJsonObject &spec)
    {
        scaling().setPolicy(model, QStringLiteral("web"), spec);
    }
    void addUnits(int count, const QString &to = {})
    {
        ApplicationCommands(ws()).addUnits(model, QStringLiteral("web"), count, to);
    }
    QString scale(ResizeParameters::Adjustment type, double number,
                  std::optional<qint64> maxSize = std::nullopt, bool strict = false)
    {
        ScalingCommands::Scale request;
        request.resize.adjustment = type;
        request.resize.number = number;
        request.resize.maxSize = maxSize;
        request.resize.strict = strict;
        return errorOf([&] { scaling().scale(model, QStringLiteral("web"), request); });
    }
    // Units of web per region, and per zone inside each region, as the model holds them.
    QMap<QString, qint64> perRegion()
    {
        const ModelSnapshot s = ws().snapshot(model);
        QMap<QString, qint64> counts;
        for (const UnitRecord &u : s.units) {
            for (const MachineRecord &m : s.machines) {
                if (m.id == u.machineId)
                    ++counts[m.region];
            }
        }
        return counts;
    }
    QMap<QString, QMap<QString, int>> zonesPerRegion()
    {
        const ModelSnapshot s = ws().snapshot(model);
        QMap<QString, QMap<QString, int>> counts;
        for (const UnitRecord &u : s.units) {
            for (const MachineRecord &m : s.machines) {
                if (m.id == u.machineId)
                    ++counts[m.region][m.zone];
            }
        }
        return counts;
    }
    bool provision()
    {
        Provisioner provisioner(path(), clouds, model);
        const std::atomic<bool> cancel = false;
        return provisioner.runUntilIdle(cancel, 120'000);
    }
};

QMap<QString, qint64> counts(std::initializer_list<std::pair<QString, qint64>> list)
{
    QMap<QString, qint64> map;
    for (const auto &[k, v] : list)
        map.insert(k, v);
    return map;
}

} // namespace

class TestScaling : public QObject
{
    Q_OBJECT

private slots:
    void policyValidation()
    {
        Fixture f;
        QCOMPARE(errorOf([&] {
                     f.setPolicy(
                         placementSpec(QStringLiteral("region"),
                                       {{QStringLiteral("R1")}, {west}, {QStringLiteral("R3")}}));
                 }),
                 QStringLiteral("The specified regions '['R1', 'R3']' could not be found."));
        QCOMPARE(errorOf([&] {
                     f.setPolicy(
                         placementSpec(QStringLiteral("zone"), {{QStringLiteral("sim-east-a")},
                                                                {QStringLiteral("nowhere")}}));
                 }),
                 QStringLiteral("The specified zones '['nowhere']' could not be found."));
        QCOMPARE(errorOf([&] {
                     f.setPolicy({{QStringLiteral("type"), QStringLiteral("senlin.policy.lb")}});
                 }),
                 QStringLiteral("unknown policy type \"senlin.policy.lb\"; expected "
                                "senlin.policy.region_placement, senlin.policy.zone_placement, "
                                "senlin.policy.deletion or senlin.policy.affinity"));
        ApplicationCommands::Deploy sub;
        sub.charm = QStringLiteral("logger");
        sub.subordinate = true;
        ApplicationCommands(f.ws()).deploy(model, sub);
        QVERIFY(errorOf([&] {
                    f.scaling().setPolicy(model, QStringLiteral("logger"),
                                          placementSpec(QStringLiteral("region"), {{east}}));
                }).contains(QStringLiteral("is a subordinate")));
        // Nothing was stored by the failures.
        QVERIFY(f.scaling().report(model, QStringLiteral("web")).policies.isEmpty());

        const CommandResult r = f.scaling().setPolicy(
            model, QStringLiteral("web"),
            {{QStringLiteral("type"), QStringLiteral("senlin.policy.deletion")},
             {QStringLiteral("properties"),
              QJsonObject{{QStringLiteral("criteria"), QStringLiteral("OLDEST_FIRST")},
                          {QStringLiteral("grace_period"), 60}}}});
        QCOMPARE(r.warnings.size(), 1);
        QVERIFY(r.warnings.first().contains(QStringLiteral("grace_period")));
        QCOMPARE(f.scaling().report(model, QStringLiteral("web")).policies.deletion,
                 DeletionPolicy::Criteria::OldestFirst);
    }

    // Senlin's first defect: the cap's overflow passes to the other region.
    void addUnitFollowsThePlan()
    {
        Fixture f;
        f.setPolicy(placementSpec(QStringLiteral("region"), {{east, 300, 1}, {west, 100}}));
        f.addUnits(4);
        QCOMPARE(f.perRegion(), counts({{east, 1}, {west, 3}}));
        // The report shows the policy against the units.
        const ScalingCommands::Report report = f.scaling().report(model, QStringLiteral("web"));
        QCOMPARE(report.units, 4);
        QCOMPARE(report.perRegion, counts({{east, 1}, {west, 3}}));
        QCOMPARE(weightedTargets(*report.policies.region, 4, report.usableRegions),
                 (QMap<QString, double>{{east, 3.0}, {west, 1.0}}));

        // The window draws the same report from the snapshot it shows, without the store.
        const ModelSnapshot snapshot = f.ws().snapshot(model);
        const SnapshotIndex index(snapshot);
        const ScalingCommands::Report shown = ScalingCommands::report(
            index, snapshot, f.clouds.get(snapshot.model.cloud), QStringLiteral("web"));
        QCOMPARE(shown.units, report.units);
        QCOMPARE(shown.perRegion, report.perRegion);
        QCOMPARE(shown.perZone, report.perZone);
        QCOMPARE(shown.policies.region->targets(), report.policies.region->targets());
        QCOMPARE(shown.usableRegions, report.usableRegions);
    }

    void toRegionBypassesThePolicy()
    {
        Fixture f;
        f.setPolicy(placementSpec(QStringLiteral("region"), {{east}, {west}}));
        f.addUnits(3, QStringLiteral("region=sim-north"));
        // The first unit went where it was told; the other two by the plan.
        QCOMPARE(f.perRegion(), counts({{north, 1}, {east, 1}, {west, 1}}));
    }

    void noFeasiblePlanChangesNothing()
    {
        Fixture f;
        f.setPolicy(placementSpec(QStringLiteral("region"), {{east, 100, 2}, {west, 100, 1}}));
        f.addUnits(2);
        const ModelSnapshot before = f.ws().snapshot(model);
        QCOMPARE(errorOf([&] { f.addUnits(2); }),
                 QStringLiteral("There is no feasible plan to handle all nodes."));
        QCOMPARE(f.scale(ResizeParameters::Adjustment::ExactCapacity, 9),
                 QStringLiteral("There is no feasible plan to handle all nodes."));
        const ModelSnapshot after = f.ws().snapshot(model);
        QCOMPARE(after.units.size(), before.units.size());
        QCOMPARE(after.machines.size(), before.machines.size());
        f.addUnits(1); // the one that still fits
        QCOMPARE(f.perRegion(), counts({{east, 2}, {west, 1}}));
    }

    // Senlin's second defect: it would plan to remove two from a region holding one.
    void overDeletionIsRefused()
    {
        Fixture f;
        f.addUnits(4, QStringLiteral("region=sim-east,region=sim-west,region=sim-north,"
                                     "region=sim-north"));
        f.setPolicy(placementSpec(QStringLiteral("region"), {{east}, {west}}));
        QCOMPARE(errorOf([&] {
                     f.scaling().removeUnits(model, QStringLiteral("web"), 3, std::nullopt);
                 }),
                 QStringLiteral("There is no feasible plan to handle all nodes."));
        QCOMPARE(errorOf([&] {
                     f.scaling().removeUnits(model, QStringLiteral("web"), 5, std::nullopt);
                 }),
                 QStringLiteral("cannot remove 5 units of \"web\": it has 4"));
        QCOMPARE(f.perRegion(), counts({{east, 1}, {west, 1}, {north, 2}}));
        f.scaling().removeUnits(model, QStringLiteral("web"), 2, std::nullopt);
        QCOMPARE(f.perRegion(), counts({{north, 2}}));
    }

    void removeUnitsByCriteria()
    {
        Fixture f;
        f.addUnits(4); // web/1..web/4, one transaction: ids order them
        f.addUnits(1); // web/5
        f.scaling().setPolicy(model, QStringLiteral("web"),
                              DeletionPolicy::toSpec(DeletionPolicy::Criteria::OldestFirst));
        const CommandResult oldest =
            f.scaling().removeUnits(model, QStringLiteral("web"), 2, std::nullopt);
        QCOMPARE(oldest.messages, (QStringList{QStringLiteral("removed unit web/1"),
                                               QStringLiteral("removed unit web/2")}));
        const CommandResult youngest = f.scaling().removeUnits(
            model, QStringLiteral("web"), 1, DeletionPolicy::Criteria::YoungestFirst);
        QCOMPARE(youngest.messages, QStringList{QStringLiteral("removed unit web/5")});
    }

    void unitsInErrorGoFirst()
    {
        Fixture f;
        f.addUnits(3);
        const ModelSnapshot s = f.ws().snapshot(model);
        QString machine;
        for (const UnitRecord &u : s.units) {
            for (const MachineRecord &m : s.machines) {
                if (u.number == 3 && m.id == u.machineId)
                    machine = m.name;
            }
        }
        QVERIFY(!machine.isEmpty());
        AsTheProvisioner::failed(f.ws(), model, machine, QStringLiteral("no capacity"));
        const CommandResult r = f.scaling().removeUnits(model, QStringLiteral("web"), 1,
                                                        DeletionPolicy::Criteria::OldestFirst);
        QCOMPARE(r.messages, QStringList{QStringLiteral("removed unit web/3")});
    }

    // remove-unit -n reads only what the policy weighs of each unit: the
    // units it reads, and the victims it takes, are those the whole model
    // gives, by every criteria, on units in containers, in zones asked for,
    // on machines in error (or on hosts in error), with several profiles.
    void victimsAreThoseOfTheWholeModel()
    {
        Fixture f;
        const QString web = QStringLiteral("web");
        ApplicationCommands apps(f.ws());
        f.addUnits(3);
        apps.setConstraints(model, web, QStringLiteral("mem=4G"));
        f.addUnits(2, QStringLiteral("zone=sim-east-b"));
        MachineCommands::AddMachine empty;
        MachineCommands(f.ws()).addMachines(model, empty);
        const QString host = f.ws().snapshot(model).machines.constLast().name;
        f.addUnits(2, QStringLiteral("lxd:%1,lxd:%1").arg(host));
        apps.setConstraints(model, web, QStringLiteral("cores=2"));
        f.addUnits(4, QStringLiteral("zone=sim-east-c"));
        apps.addUnplacedUnits(model, web, 1);
        const QString firstMachine = f.ws().snapshot(model).units.constFirst().machine;
        AsTheProvisioner::failed(f.ws(), model, firstMachine, QStringLiteral("no room"));
        AsTheProvisioner::failed(f.ws(), model, host, QStringLiteral("no room"));

        const ModelSnapshot whole = f.ws().snapshot(model);
        const SnapshotIndex index(whole);
        const ApplicationRecord app = *index.application(web);
        const QList<UnitPlacement> expected = index.placementsOf(app);
        const QList<UnitPlacement> read =
            f.ws().readModel(model, [&](ModelTx &tx) { return tx.units().placements(app); });
        QCOMPARE(read.size(), expected.size());
        QCOMPARE(read.size(), 12);
        int inError = 0;
        for (qsizetype i = 0; i < read.size(); ++i) {
            const UnitPlacement &a = read.at(i);
            const UnitPlacement &b = expected.at(i);
            QCOMPARE(a.unitId, b.unitId);
            QCOMPARE(a.number, b.number);
            QCOMPARE(a.createdAt, b.createdAt);
            QCOMPARE(a.constraints, b.constraints);
            QCOMPARE(a.region, b.region);
            QCOMPARE(a.zone, b.zone);
            QCOMPARE(a.inError, b.inError);
            inError += a.inError ? 1 : 0;
        }
        QCOMPARE(inError, 3); // web/1, and the two units in containers on the host

        QList<DeletionPolicy::Candidate> candidates;
        QHash<qint64, QString> names;
        for (const UnitPlacement &u : expected) {
            candidates.append({u.unitId, u.createdAt, 0, u.constraints, u.zone, u.inError});
            names.insert(u.unitId, web + u'/' + QString::number(u.number));
        }
        DeletionPolicy::assignProfileAges(candidates);
        using C = DeletionPolicy::Criteria;
        for (const C criteria :
             {C::OldestFirst, C::YoungestFirst, C::OldestProfileFirst, C::Random}) {
            for (const qint64 count : {1, 4, 7, 12}) {
                for (const quint32 seed : {1u, 2u, 3u}) {
                    QRandomGenerator random(seed);
                    QStringList victims;
                    for (const qint64 id :
                         DeletionPolicy::choose(candidates, count, criteria, random))
                        victims << names.value(id);
                    f.random.seed(seed);
                    QCOMPARE(f.scaling().unitsToRemove(model, web, count, criteria), victims);
                }
            }
        }
        // And they go: the model loses exactly those units.
        f.random.seed(7);
        const QStringList gone = f.scaling().unitsToRemove(model, web, 5, C::Random);
        f.random.seed(7);
        f.scaling().removeUnits(model, web, 5, C::Random);
        const ModelSnapshot after = f.ws().snapshot(model);
        QStringList left;
        for (const UnitRecord &u : after.units)
            left << u.name();
        for (const UnitRecord &u : whole.units)
            QCOMPARE(left.contains(u.name()), !gone.contains(u.name()));
    }

    void zonePolicyPicksZones()
    {
        Fixture f;
        f.setPolicy(placementSpec(QStringLiteral("zone"), {{QStringLiteral("sim-east-a"), 200},
                                                           {QStringLiteral("sim-west-b"), 100}}));
        f.addUnits(3);
        const ModelSnapshot s = f.ws().snapshot(model);
        QMap<QString, int> placements;
        for (const MachineRecord &m : s.machines)
            ++placements[m.region + u' ' + m.placement];
        QCOMPARE(placements, (QMap<QString, int>{{QStringLiteral("sim-east zone=sim-east-a"), 2},
                                                 {QStringLiteral("sim-west zone=sim-west-b"), 1}}));
        QVERIFY(f.provision());
        QCOMPARE(f.zonesPerRegion().value(east).value(QStringLiteral("sim-east-a")), 2);
        QCOMPARE(f.zonesPerRegion().value(west).value(QStringLiteral("sim-west-b")), 1);
    }

    void resizeRules()
    {
        Fixture f;
        f.addUnits(10);
        using A = ResizeParameters::Adjustment;
        QCOMPARE(f.scale(A::ExactCapacity, 11, 10, true),
                 QStringLiteral("The target capacity (11) is greater than the specified max_size "
                                "(10)."));
        QCOMPARE(f.ws().snapshot(model).units.size(), 10);
        QCOMPARE(f.scale(A::ChangeInPercentage, 15), QString()); // 10 → 11
        QCOMPARE(f.ws().snapshot(model).units.size(), 11);
        // Not strict: clipped into the bounds, which the application keeps.
        QCOMPARE(f.scale(A::ExactCapacity, 30, 12), QString());
        QCOMPARE(f.ws().snapshot(model).units.size(), 12);
        QCOMPARE(f.scaling().report(model, QStringLiteral("web")).application.maxSize, 12);
        QCOMPARE(f.scale(A::ChangeInCapacity, 5), QString());
        QCOMPARE(f.ws().snapshot(model).units.size(), 12);
        QCOMPARE(f.scale(A::ChangeInCapacity, -4), QString());
        QCOMPARE(f.ws().snapshot(model).units.size(), 8);
    }

    void removePolicy()
    {
        Fixture f;
        f.setPolicy(placementSpec(QStringLiteral("region"), {{west}}));
        f.scaling().removePolicy(model, QStringLiteral("web"), QStringLiteral("region"));
        QCOMPARE(errorOf([&] { f.scaling().removePolicy(model, QStringLiteral("web")); }),
                 QStringLiteral("application \"web\" has no policy"));
        f.addUnits(2);
        QCOMPARE(f.perRegion(), counts({{east, 2}})); // the model's region again
    }

    // The proof: 3:2:1 over three regions, out to 60 and in to 12,
    // matching the plan, every region's zones within skew 1.
    void scaleOutAndInOnSim()
    {
        Fixture f;
        const QList<Entry> entries{{east, 300}, {west, 200}, {north, 100}};
        f.setPolicy(placementSpec(QStringLiteral("region"), entries));
        QList<PlacementPlanner::Target> targets;
        for (const Entry &e : entries)
            targets.append({e.name, e.weight, e.cap});
        const QStringList regions{east, west, north};

        const auto expectAfter = [&](qint64 delta) {
            const QMap<QString, qint64> before = f.perRegion();
            const auto plan = PlacementPlanner::plan(targets, before, delta, regions);
            QMap<QString, qint64> expected = before;
            for (auto it = plan.counts.cbegin(); it != plan.counts.cend(); ++it)
                expected[it.key()] += delta > 0 ? it.value() : -it.value();
            expected.removeIf([](auto it) { return it.value() == 0; });
            return expected;
        };
        const auto checkZones = [&] {
            for (auto [region, zones] : f.zonesPerRegion().asKeyValueRange()) {
                int low = INT_MAX, high = 0;
                const RegionInfo *info = f.clouds.get(QStringLiteral("sim")).region(region);
                for (const QString &zone : info->zoneNames()) {
                    low = std::min(low, zones.value(zone));
                    high = std::max(high, zones.value(zone));
                }
                QVERIFY2(high - low <= 1, qPrintable(region));
            }
        };

        f.addUnits(6);
        QVERIFY(f.provision());
        auto expected = expectAfter(54);
        QCOMPARE(f.scale(ResizeParameters::Adjustment::ExactCapacity, 60), QString());
        QCOMPARE(f.perRegion(), expected);
        QCOMPARE(expected, counts({{east, 30}, {west, 20}, {north, 10}}));
        QVERIFY(f.provision());
        checkZones();

        expected = expectAfter(-48);
        QCOMPARE(f.scale(ResizeParameters::Adjustment::ExactCapacity, 12), QString());
        QCOMPARE(f.perRegion(), expected);
        QCOMPARE(expected, counts({{east, 6}, {west, 4}, {north, 2}}));
        QVERIFY(f.provision());
        checkZones();
        // The cloud holds exactly the model's machines.
        ProviderError error;
        const auto instances =
            f.clouds.provider(QStringLiteral("sim")).listInstances({}, {}, &error);
        QCOMPARE(instances.size(), f.ws().snapshot(model).machines.size());
    }
};

QTEST_GUILESS_MAIN(TestScaling)
#include "tst_scaling.moc"
