// Spread constraints over a real store (SQLite, and PostgreSQL as
// tst_spread_postgres): set-spread, every placement judged, the provisioner
// holding a machine a bound keeps from starting, and rebalance carried out
// launch before terminate on the sim cloud.
#include "core/commands/applicationcommands.h"
#include "core/commands/machinecommands.h"
#include "core/commands/modelchange.h"
#include "core/commands/modelcommands.h"
#include "core/commands/scalingcommands.h"
#include "core/commands/spreadcommands.h"
#include "core/placement/startforecast.h"
#include "core/provisioning/provisioner.h"
#include "tests/testsupport.h"

#include <QJsonArray>
#include <QRandomGenerator>
#include <QTest>

using namespace berth;

namespace {

const QString model = QStringLiteral("default");
const QStringList zones{QStringLiteral("sim-east-a"), QStringLiteral("sim-east-b"),
                        QStringLiteral("sim-east-c")};

SpreadConstraint bound(SpreadConstraint::Level level, int maxSkew, int minDomains = 1,
                       bool wait = true)
{
    return SpreadConstraint::of(level, maxSkew, minDomains,
                                wait ? SpreadConstraint::Unsatisfiable::Wait
                                     : SpreadConstraint::Unsatisfiable::Anyway);
}

struct Fixture : TestWorkspace
{
    Fixture()
        : TestWorkspace({QStringLiteral("latency-ms=0")})
    {
        ws().inModel(model, [](ModelTx &tx) {
            tx.setModelConfig(QStringLiteral("retry-delay"), QStringLiteral("100ms"));
        });
        ApplicationCommands::Deploy d;
        d.charm = QStringLiteral("web");
        d.count = 1;
        d.to = QStringLiteral("zone=sim-east-a");
        ApplicationCommands(ws()).deploy(model, d);
    }
    void addTo(const QString &to, int count = 1)
    {
        ApplicationCommands(ws()).addUnits(model, QStringLiteral("web"), count, to);
    }
    // Units of web per zone as a spread counts them.
    QMap<QString, int> perZone()
    {
        const ModelSnapshot s = ws().snapshot(model);
        QMap<QString, int> out;
        QHash<qint64, const MachineRecord *> byId;
        for (const MachineRecord &m : s.machines)
            byId.insert(m.id, &m);
        for (const UnitRecord &u : s.units) {
            const MachineRecord *m = byId.value(u.machineId);
            if (!m || !m->state.isAlive())
                continue;
            const SpreadMember member = SpreadMember::of(u, *m, nullptr, s.model.region);
            if (!member.zone.isEmpty())
                ++out[member.zone];
        }
        return out;
    }
    int skew()
    {
        const ModelSnapshot s = ws().snapshot(model);
        const auto st =
            SpreadState(s, clouds.get(QStringLiteral("sim"))).status(s.applications.first().name);
        return st.isEmpty() ? -1 : st.first().skew;
    }
    bool provision(qint64 timeoutMs = 30'000)
    {
        std::atomic<bool> cancel = false;
        Provisioner provisioner(path(), clouds, model);
        return provisioner.runUntilIdle(cancel, timeoutMs);
    }
    void runPasses(int passes)
    {
        std::atomic<bool> cancel = false;
        Provisioner provisioner(path(), clouds, model);
        for (int i = 0; i < passes; ++i) {
            provisioner.runPass(cancel);
            QTest::qWait(120);
        }
    }
};

} // namespace

class TestSpread : public QObject
{
    Q_OBJECT

private slots:
    void setShowsTheSkewAndPointsAtRebalance()
    {
        Fixture f;
        f.addTo(QStringLiteral("zone=sim-east-a"));
        const CommandResult r =
            ModelChange::setSpread(QStringLiteral("web"), bound(SpreadConstraint::Level::Zone, 1))
                .apply(f.ws(), model);
        QCOMPARE(r.warnings.size(), 1);
        QVERIFY(r.warnings.first().contains(QStringLiteral("skew 2")));
        QVERIFY(r.warnings.first().contains(QStringLiteral("berthctl rebalance web")));
        QCOMPARE(f.ws().snapshot(model).spreads.size(), 1);
        // Setting the level again replaces it; unset removes it.
        ModelChange::setSpread(QStringLiteral("web"), bound(SpreadConstraint::Level::Zone, 3))
            .apply(f.ws(), model);
        QCOMPARE(f.ws().snapshot(model).spreads.first().constraint.maxSkew, 3);
        ModelChange::unsetSpread(QStringLiteral("web"), SpreadConstraint::Level::Zone)
            .apply(f.ws(), model);
        QVERIFY(f.ws().snapshot(model).spreads.isEmpty());
        QCOMPARE(errorOf([&] {
                     SpreadCommands(f.ws()).unset(model, QStringLiteral("web"),
                                                  SpreadConstraint::Level::Zone);
                 }),
                 QStringLiteral("application \"web\" has no spread at level zone"));
    }

    void badInputChangesNothing()
    {
        Fixture f;
        const auto before = f.ws().snapshot(model).spreads;
        QCOMPARE(errorOf([&] {
                     SpreadCommands(f.ws()).set(model, QStringLiteral("web"),
                                                bound(SpreadConstraint::Level::Zone, 0));
                 }),
                 QStringLiteral("bad max-skew 0: expected a whole number of at least 1"));
        QVERIFY(!errorOf([&] {
                     SpreadCommands(f.ws()).set(model, QStringLiteral("web"),
                                                bound(SpreadConstraint::Level::Zone, 1, 3, false));
                 }).isEmpty());
        QVERIFY(!errorOf([&] {
                     SpreadCommands(f.ws()).set(model, QStringLiteral("nope"),
                                                bound(SpreadConstraint::Level::Zone, 1));
                 }).isEmpty());
        // A weighted region policy and a hard region spread cannot both hold.
        const QJsonObject policy =
            PlacementPolicy::fromTargets(
                PlacementPolicy::Kind::Region,
                {{QStringLiteral("sim-east"), 90, -1}, {QStringLiteral("sim-west"), 10, -1}})
                .toSpec();
        ScalingCommands(f.ws()).setPolicy(model, QStringLiteral("web"), policy);
        const QString conflict = errorOf([&] {
            SpreadCommands(f.ws()).set(model, QStringLiteral("web"),
                                       bound(SpreadConstraint::Level::Region, 1));
        });
        QVERIFY2(conflict.contains(QStringLiteral("region placement policy of web")) &&
                     conflict.contains(QStringLiteral("max-skew 1")),
                 qPrintable(conflict));
        QCOMPARE(f.ws().snapshot(model).spreads, before);
        // And the other way round: the policy is refused while the spread holds.
        ScalingCommands(f.ws()).removePolicy(model, QStringLiteral("web"));
        SpreadCommands(f.ws()).set(model, QStringLiteral("web"),
                                   bound(SpreadConstraint::Level::Region, 1));
        QVERIFY(!errorOf([&] {
                     ScalingCommands(f.ws()).setPolicy(model, QStringLiteral("web"), policy);
                 }).isEmpty());
    }

    void everyPlacementIsJudged()
    {
        Fixture f;
        SpreadCommands(f.ws()).set(model, QStringLiteral("web"),
                                   bound(SpreadConstraint::Level::Zone, 1));
        const QString refused = errorOf([&] { f.addTo(QStringLiteral("zone=sim-east-a")); });
        QCOMPARE(refused, QStringLiteral("cannot place unit web/1: web would have 2 units in "
                                         "sim-east-a against 0 in sim-east-b: skew 2, max 1"));
        // All or nothing: the third unit would break it, so none is added.
        const int units = f.ws().snapshot(model).units.size();
        QVERIFY(!errorOf([&] {
                     f.addTo(QStringLiteral("zone=sim-east-b,zone=sim-east-b,zone=sim-east-c"), 3);
                 }).isEmpty());
        QCOMPARE(f.ws().snapshot(model).units.size(), units);
        f.addTo(QStringLiteral("zone=sim-east-b,zone=sim-east-c"), 2);
        // An existing machine is judged too (place on machine 0, in sim-east-a).
        ApplicationCommands(f.ws()).addUnplacedUnits(model, QStringLiteral("web"), 1);
        f.addTo(QStringLiteral("zone=sim-east-b"));
        QVERIFY(!errorOf([&] {
                     ApplicationCommands(f.ws()).placeUnits(model, {QStringLiteral("web/3")},
                                                            QStringLiteral("1"));
                 }).isEmpty());
        // Level machine: at most one unit of web per host.
        SpreadCommands(f.ws()).set(model, QStringLiteral("web"),
                                   bound(SpreadConstraint::Level::Machine, 1));
        QVERIFY(errorOf([&] {
                    f.addTo(QStringLiteral("0"));
                }).contains(QStringLiteral("on machine 0 against 0 on a new machine")));
        // Anyway never refuses.
        SpreadCommands(f.ws()).set(model, QStringLiteral("web"),
                                   bound(SpreadConstraint::Level::Machine, 1, 1, false));
        f.addTo(QStringLiteral("0"));
    }

    // Random placements never leave a `wait` bound broken.
    void acceptedPlacementsKeepTheBound()
    {
        Fixture f;
        QRandomGenerator random(7);
        const int maxSkew = 1 + int(random.bounded(2));
        SpreadCommands(f.ws()).set(model, QStringLiteral("web"),
                                   bound(SpreadConstraint::Level::Zone, maxSkew));
        int accepted = 0;
        for (int i = 0; i < 60; ++i) {
            const int what = int(random.bounded(4));
            const QString zone = zones.at(int(random.bounded(3)));
            const ModelSnapshot s = f.ws().snapshot(model);
            const QString error = errorOf([&] {
                if (what == 3 && s.units.size() > 1) {
                    const UnitRecord &u = s.units.at(int(random.bounded(int(s.units.size()))));
                    ApplicationCommands(f.ws()).removeUnits(model, {u.name()});
                } else if (what == 2 && !s.machines.isEmpty()) {
                    f.addTo(s.machines.at(int(random.bounded(int(s.machines.size())))).name);
                } else {
                    f.addTo(QStringLiteral("zone=") + zone);
                }
            });
            if (error.isEmpty() && what != 3) {
                ++accepted;
                QVERIFY2(f.skew() <= maxSkew, qPrintable(QString::number(i)));
            }
        }
        QVERIFY(accepted > 10);
    }

    // Over random models (zones, machines, containers, units, bounds at
    // zone and machine level with random max-skew and min-domains, removals,
    // provisioning passes), no accepted placement breaks a `wait` bound:
    // the domain a unit was placed in holds at most max-skew more units
    // than the emptiest eligible domain held before (0 while fewer domains
    // than min-domains are eligible, and at machine level, where a new
    // machine can always start). Counted here from the snapshots, not by
    // the code under test.
    void randomModelsNeverBreakAWaitBound()
    {
        QRandomGenerator random(41);
        int judged = 0;
        int refused = 0;
        for (int round = 0; round < 8; ++round) {
            Fixture f;
            const auto level = random.bounded(2) ? SpreadConstraint::Level::Zone
                                                 : SpreadConstraint::Level::Machine;
            const int maxSkew = 1 + int(random.bounded(2));
            const int minDomains = level == SpreadConstraint::Level::Zone
                                       ? 1 + int(random.bounded(4)) // up to one more than there are
                                       : 1;
            SpreadCommands(f.ws()).set(model, QStringLiteral("web"),
                                       bound(level, maxSkew, minDomains));
            // Units of web by domain at `level`; the domain of each unit by name.
            const auto domains = [&](const ModelSnapshot &s) {
                QHash<qint64, const MachineRecord *> byId;
                for (const MachineRecord &m : s.machines)
                    byId.insert(m.id, &m);
                QMap<QString, int> counts;
                QHash<QString, QString> of;
                if (level == SpreadConstraint::Level::Zone) {
                    for (const QString &z : zones)
                        counts[z] = 0;
                }
                for (const UnitRecord &u : s.units) {
                    const MachineRecord *m = byId.value(u.machineId);
                    const MachineRecord *host = m ? byId.value(m->parentId) : nullptr;
                    if (!m || !m->state.isAlive() || (host && !host->state.isAlive()))
                        continue;
                    const QString d = level == SpreadConstraint::Level::Zone
                                          ? m->expectedZone(host)
                                          : (host ? host->name : m->name);
                    if (d.isEmpty())
                        continue; // a new machine's zone, the provisioner's to choose
                    ++counts[d];
                    of.insert(u.name(), d);
                }
                return std::pair{counts, of};
            };
            for (int step = 0; step < 30; ++step) {
                const ModelSnapshot before = f.ws().snapshot(model);
                const QString machine =
                    before.machines.isEmpty()
                        ? QStringLiteral("0")
                        : before.machines.at(int(random.bounded(int(before.machines.size())))).name;
                const int what = int(random.bounded(7));
                const QString error = errorOf([&] {
                    switch (what) {
                    case 0:
                    case 1:
                        f.addTo(QStringLiteral("zone=") + zones.at(int(random.bounded(3))));
                        break;
                    case 2:
                        f.addTo(machine);
                        break;
                    case 3:
                        f.addTo(QStringLiteral("lxd:") + machine.section(u'/', 0, 0));
                        break;
                    case 4:
                        f.addTo({});
                        break;
                    case 5:
                        if (before.units.size() > 1)
                            ApplicationCommands(f.ws()).removeUnits(
                                model,
                                {before.units.at(int(random.bounded(int(before.units.size()))))
                                     .name()});
                        break;
                    default:
                        f.runPasses(1);
                    }
                });
                if (what > 4)
                    continue;
                if (!error.isEmpty()) {
                    refused += error.contains(QStringLiteral("skew")) ? 1 : 0;
                    continue;
                }
                const auto [countsBefore, unused] = domains(before);
                const auto [countsAfter, domainOf] = domains(f.ws().snapshot(model));
                int least = 0;
                if (level == SpreadConstraint::Level::Zone && zones.size() >= minDomains) {
                    least = INT_MAX;
                    for (const QString &z : zones)
                        least = std::min(least, countsBefore.value(z));
                }
                QSet<QString> had;
                for (const UnitRecord &u : before.units)
                    had.insert(u.name());
                QString placed;
                for (const UnitRecord &u : f.ws().snapshot(model).units) {
                    if (!had.contains(u.name()))
                        placed = u.name();
                }
                const QString domain = domainOf.value(placed);
                if (domain.isEmpty())
                    continue;
                ++judged;
                QVERIFY2(countsAfter.value(domain) - least <= maxSkew,
                         qPrintable(QStringLiteral("round %1 step %2: %3 in %4 makes %5 against "
                                                   "%6 (max-skew %7, min-domains %8)")
                                        .arg(round)
                                        .arg(step)
                                        .arg(placed, domain)
                                        .arg(countsAfter.value(domain))
                                        .arg(least)
                                        .arg(maxSkew)
                                        .arg(minDomains)));
            }
        }
        qInfo("%d placements judged, %d refused", judged, refused);
        QVERIFY2(judged > 50, qPrintable(QString::number(judged)));
        QVERIFY2(refused > 10, qPrintable(QString::number(refused)));
    }

    // The seeds' oldest promise beside a bound: `deploy mysql -n 3; deploy
    // pg -n 2; set-spread pg --level zone --max-skew 1; provision` starts
    // mysql in three zones, as it does without the set-spread.
    void aBoundOnOneApplicationLeavesTheOthersZonesAlone()
    {
        QMap<QString, QStringList> zonesOf[2];
        for (const bool bounded : {false, true}) {
            TestWorkspace w({QStringLiteral("latency-ms=0")});
            deployCharm(w.ws(), model, QStringLiteral("mysql"), 3);
            deployCharm(w.ws(), model, QStringLiteral("pg"), 2);
            if (bounded)
                SpreadCommands(w.ws()).set(model, QStringLiteral("pg"),
                                           bound(SpreadConstraint::Level::Zone, 1));
            std::atomic<bool> cancel = false;
            QVERIFY(Provisioner(w.path(), w.clouds, model).runUntilIdle(cancel, 30'000));
            const ModelSnapshot s = w.ws().snapshot(model);
            QHash<qint64, QString> zoneOf;
            for (const MachineRecord &m : s.machines)
                zoneOf.insert(m.id, m.zone);
            for (const UnitRecord &u : s.units)
                zonesOf[bounded][u.application] << zoneOf.value(u.machineId);
        }
        QStringList mysql = zonesOf[1].value(QStringLiteral("mysql"));
        std::sort(mysql.begin(), mysql.end());
        QCOMPARE(mysql, zones);
        QCOMPARE(zonesOf[1].value(QStringLiteral("mysql")),
                 zonesOf[0].value(QStringLiteral("mysql")));
        QStringList pg = zonesOf[1].value(QStringLiteral("pg"));
        QCOMPARE(QSet<QString>(pg.cbegin(), pg.cend()).size(), 2);
    }

    // A bare-metal pool whose nodes are in zone1 and zone2: the region's
    // built-in zones, with no node, are no domain of its units. A placement
    // even over the nodes' zones is accepted, and rebalance moves units only
    // to the nodes' zones.
    void aPoolIsMeasuredOnlyByItsNodesZones()
    {
        Fixture f;
        const QString pool = f.dir.filePath(QStringLiteral("pool.json"));
        QFile file(pool);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"([{"hostname": "node-a", "zone": "zone1", "cores": 2, "mem": "8G"},
                       {"hostname": "node-b", "zone": "zone1", "cores": 2, "mem": "8G"},
                       {"hostname": "node-x", "zone": "zone2", "cores": 2, "mem": "8G"},
                       {"hostname": "node-y", "zone": "zone2", "cores": 2, "mem": "8G"}])");
        file.close();
        f.configureSim({QStringLiteral("metal-pool=") + pool});
        const QString metal = QStringLiteral("metal");
        ModelCommands(f.ws()).addModel(metal, QStringLiteral("sim/sim-metal"), {});
        deployCharm(f.ws(), metal, QStringLiteral("web"), 1, {}, QStringLiteral("node-a"));
        ApplicationCommands(f.ws()).addUnits(metal, QStringLiteral("web"), 1,
                                             QStringLiteral("node-x"));
        std::atomic<bool> cancel = false;
        QVERIFY(Provisioner(f.path(), f.clouds, metal).runUntilIdle(cancel, 30'000));
        SpreadCommands(f.ws()).set(metal, QStringLiteral("web"),
                                   bound(SpreadConstraint::Level::Zone, 1));
        // zone1 2, zone2 1: skew 1, within the bound (the empty sim-metal-a,
        // -b and -c would have made it 2).
        ApplicationCommands(f.ws()).addUnits(metal, QStringLiteral("web"), 1, QStringLiteral("0"));
        QCOMPARE(errorOf([&] {
                     ApplicationCommands(f.ws()).addUnits(metal, QStringLiteral("web"), 1,
                                                          QStringLiteral("0"));
                 }),
                 QStringLiteral("cannot place unit web/3: web would have 3 units in zone1 against "
                                "1 in zone2: skew 2, max 1"));
        SpreadCommands(f.ws()).set(metal, QStringLiteral("web"),
                                   bound(SpreadConstraint::Level::Zone, 5));
        ApplicationCommands(f.ws()).addUnits(metal, QStringLiteral("web"), 2,
                                             QStringLiteral("0,0"));
        SpreadCommands(f.ws()).set(metal, QStringLiteral("web"),
                                   bound(SpreadConstraint::Level::Zone, 1));
        const RebalancePlans plan = SpreadCommands(f.ws()).plan(metal, {});
        QVERIFY2(plan.problem().isEmpty(), qPrintable(plan.problem()));
        QCOMPARE(plan.moves().size(), 1); // zone1 4, zone2 1: one unit over
        for (const RebalanceMove &m : plan.moves())
            QCOMPARE(m.addZone, QStringLiteral("zone2"));
    }

    // Over random models that mix every feature that places (bounds at
    // each level, `wait` and `anyway`, Senlin zone policies, zones=,
    // containers, pinned zones), an application without a bound is spread
    // over its zones as it would be were no other application bounded: the
    // same units per zone, whatever bounds the others carry. (Which zone
    // takes a remainder unit is the model-wide tie break: fewest machines
    // of the model first, which the others' machines may change.) And the
    // provisioner starts every host in the zone the forecast gave it.
    void unboundedApplicationsKeepTheirSpread()
    {
        QRandomGenerator random(61);
        const QList<SpreadConstraint::Level> levels{SpreadConstraint::Level::Zone,
                                                    SpreadConstraint::Level::Machine,
                                                    SpreadConstraint::Level::Region};
        int compared = 0;
        for (int round = 0; round < 12; ++round) {
            TestWorkspace w({QStringLiteral("latency-ms=0")});
            const int apps = 3 + int(random.bounded(3));
            QStringList bounded;
            for (int a = 0; a < apps; ++a) {
                const QString name = QStringLiteral("app%1").arg(a);
                QString constraints;
                if (random.bounded(3) == 0)
                    constraints = QStringLiteral("zones=") + zones.mid(0, 2).join(u',');
                deployCharm(w.ws(), model, name, 1 + int(random.bounded(6)), constraints);
                if (random.bounded(4) == 0) {
                    // Senlin's zone policy: the units' zones pinned as they are added.
                    ApplicationCommands(w.ws()).addUnits(
                        model, name, 1, QStringLiteral("zone=") + zones.at(random.bounded(3)));
                }
                if (a > 0 && random.bounded(2) == 0) {
                    bounded << name;
                    const auto level = levels.at(int(random.bounded(3)));
                    const bool wait = random.bounded(3) != 0;
                    SpreadCommands(w.ws()).set(model, name,
                                               bound(level, 1 + int(random.bounded(2)),
                                                     wait && level == SpreadConstraint::Level::Zone
                                                         ? 1 + int(random.bounded(3))
                                                         : 1,
                                                     wait));
                    if (random.bounded(2) == 0) // a container on a new machine
                        ApplicationCommands(w.ws()).addUnits(model, name, 1, QStringLiteral("lxd"));
                }
            }
            if (bounded.isEmpty())
                continue;
            const ModelSnapshot withBounds = w.ws().snapshot(model);
            ModelSnapshot none = withBounds;
            none.spreads.clear();
            ModelSnapshot empty;
            empty.model = withBounds.model;
            const CloudInfo &cloud = w.clouds.get(QStringLiteral("sim"));
            const StartForecast a = StartForecast::of(empty, withBounds, cloud);
            const StartForecast b = StartForecast::of(empty, none, cloud);
            const auto perZone = [](const StartForecast &f, const QString &app) {
                for (const StartForecast::Spread &s : f.spreads) {
                    if (s.application == app) {
                        QList<int> counts = s.after.values();
                        std::sort(counts.begin(), counts.end());
                        return counts;
                    }
                }
                return QList<int>();
            };
            for (const ApplicationRecord &app : withBounds.applications) {
                if (bounded.contains(app.name))
                    continue;
                ++compared;
                QVERIFY2(perZone(a, app.name) == perZone(b, app.name),
                         qPrintable(QStringLiteral("round %1: %2 (others bounded: %3)")
                                        .arg(round)
                                        .arg(app.name, bounded.join(u','))));
            }
            // The provisioner's zone choice is the forecast's: every
            // application's units end in the zones forecast, bounded or not.
            std::atomic<bool> cancel = false;
            Provisioner provisioner(w.path(), w.clouds, model);
            provisioner.runPass(cancel);
            const ModelSnapshot started = w.ws().snapshot(model);
            QHash<qint64, const MachineRecord *> machines;
            for (const MachineRecord &m : started.machines)
                machines.insert(m.id, &m);
            QHash<QString, QMap<QString, int>> zonesOf;
            for (const UnitRecord &u : started.units) {
                const MachineRecord *m = machines.value(u.machineId);
                const MachineRecord *host = m ? machines.value(m->parentId) : nullptr;
                const QString zone = m ? m->zoneOn(host) : QString();
                if (!u.subordinate && !zone.isEmpty())
                    ++zonesOf[u.application][zone];
            }
            for (const StartForecast::Spread &forecast : a.spreads) {
                QVERIFY2(zonesOf.value(forecast.application) == forecast.after,
                         qPrintable(QStringLiteral("round %1: %2 started otherwise than forecast")
                                        .arg(round)
                                        .arg(forecast.application)));
            }
        }
        QVERIFY(compared > 15);
    }

    // On random models, the window's judgement (the spread state over its
    // snapshot) and the store's (UnitPlacer at commit) give the same
    // verdict, in the same words, for every unplaced unit on every
    // machine: one state, one filter.
    void everyPlacementGetsOneVerdict()
    {
        QRandomGenerator random(62);
        int judged = 0;
        int refused = 0;
        for (int round = 0; round < 4; ++round) {
            Fixture f;
            deployCharm(f.ws(), model, QStringLiteral("db"), 1, {},
                        QStringLiteral("zone=sim-east-b"));
            for (const QString &app : {QStringLiteral("web"), QStringLiteral("db")}) {
                for (int i = 0; i < 4; ++i) {
                    errorOf([&] {
                        ApplicationCommands(f.ws()).addUnits(model, app, 1,
                                                             random.bounded(3) == 0
                                                                 ? QStringLiteral("lxd:0")
                                                                 : QStringLiteral("zone=") +
                                                                       zones.at(random.bounded(3)));
                    });
                }
                SpreadCommands(f.ws()).set(model, app, bound(SpreadConstraint::Level::Zone, 1));
                if (random.bounded(2) == 0)
                    SpreadCommands(f.ws()).set(model, app,
                                               bound(SpreadConstraint::Level::Machine, 2));
                ApplicationCommands(f.ws()).addUnplacedUnits(model, app, 2);
            }
            const ModelSnapshot s = f.ws().snapshot(model);
            const SnapshotIndex index(s);
            const SpreadState state(s, f.clouds.get(QStringLiteral("sim")));
            for (const UnitRecord &u : s.units) {
                if (u.machineId != 0)
                    continue;
                for (const MachineRecord &m : s.machines) {
                    const QString seen = state.problem(s, index, {u.name()}, m.name);
                    const QString told = f.ws().store().trial([&](SqlSession &) {
                        return errorOf([&] {
                            ApplicationCommands(f.ws()).placeUnits(model, {u.name()}, m.name);
                        });
                    });
                    if (told.contains(QStringLiteral("skew")) || !seen.isEmpty())
                        QCOMPARE(seen, told);
                    ++judged;
                    refused += seen.isEmpty() ? 0 : 1;
                }
            }
        }
        QVERIFY2(judged > 50 && refused > 10,
                 qPrintable(QStringLiteral("%1 judged, %2 refused").arg(judged).arg(refused)));
    }

    // The counts the store keeps for spread checks (unit_tallies) are
    // always the units' own, grouped by their machines, whatever changed
    // them: units added to zones, machines and containers, removed,
    // machines started into zones, dying and removed, and spreads set and
    // unset (an application without one has no counts kept).
    void storeKeepsTheCountsTheUnitsGive()
    {
        Fixture f;
        const auto check = [&](int step) {
            const SpreadCounts tallies = spreadCounts(*f.store);
            QVERIFY2(tallies.kept == tallies.counted,
                     qPrintable(QStringLiteral("step %1: kept %2, counted %3")
                                    .arg(step)
                                    .arg(tallies.kept.join(u','), tallies.counted.join(u','))));
        };
        ApplicationCommands::Deploy db;
        db.charm = QStringLiteral("db");
        db.count = 2;
        ApplicationCommands(f.ws()).deploy(model, db);
        QRandomGenerator random(11);
        const SpreadConstraint loose = bound(SpreadConstraint::Level::Zone, 100, 1, false);
        SpreadCommands(f.ws()).set(model, QStringLiteral("web"), loose);
        for (int step = 0; step < 60; ++step) {
            const ModelSnapshot s = f.ws().snapshot(model);
            const QString app = random.bounded(2) ? QStringLiteral("web") : QStringLiteral("db");
            const QString machine =
                s.machines.isEmpty()
                    ? QString()
                    : s.machines.at(int(random.bounded(int(s.machines.size())))).name;
            errorOf([&] {
                switch (random.bounded(8)) {
                case 6:
                    SpreadCommands(f.ws()).set(model, app, loose);
                    break;
                case 7:
                    SpreadCommands(f.ws()).unset(model, app, SpreadConstraint::Level::Zone);
                    break;
                case 0:
                    ApplicationCommands(f.ws()).addUnits(
                        model, app, 1, QStringLiteral("zone=") + zones.at(random.bounded(3)));
                    break;
                case 1:
                    ApplicationCommands(f.ws()).addUnits(model, app, 1, machine);
                    break;
                case 2:
                    ApplicationCommands(f.ws()).addUnits(model, app, 1,
                                                         QStringLiteral("lxd:") + machine);
                    break;
                case 3:
                    if (!s.units.isEmpty())
                        ApplicationCommands(f.ws()).removeUnits(
                            model, {s.units.at(int(random.bounded(int(s.units.size())))).name()});
                    break;
                case 4:
                    MachineCommands(f.ws()).removeMachines(model, {machine}, true);
                    break;
                default:
                    f.runPasses(1);
                }
            });
            check(step);
        }
        // Everything gone: no count is left standing.
        f.provision();
        ApplicationCommands(f.ws()).removeApplication(model, QStringLiteral("web"));
        f.provision();
        check(-1);
    }

    // What provisioning would start (berthctl provision, the window's
    // confirmation, the change set's preview) keeps the bounds as the
    // provisioner does: a new machine a `wait` bound holds is named with
    // the bound's words, not counted as a start, and the provisioner
    // then holds the same machine for the same reason.
    void forecastHoldsWhatTheProvisionerHolds()
    {
        Fixture f; // web/0 on a machine pinned to sim-east-a
        // Four zones needed of the three there are: each zone may hold one unit.
        SpreadCommands(f.ws()).set(model, QStringLiteral("web"),
                                   bound(SpreadConstraint::Level::Zone, 1, 4));
        f.addTo({}, 3); // three new machines whose zones the provisioner chooses
        const StartForecast forecast = MachineCommands(f.ws()).waitingStarts(model);
        QCOMPARE(forecast.instances(), 3); // web/0's, and one each in sim-east-b and -c
        QCOMPARE(forecast.held.size(), 1);
        const StartForecast::Unfit held = forecast.held.constFirst();
        QVERIFY2(held.reason.contains(QStringLiteral("max 1")), qPrintable(held.reason));
        QVERIFY(MachineCommands::describeWaiting(model, forecast)
                    .contains(QStringLiteral("1 held by a spread bound")));
        f.runPasses(2);
        const ModelSnapshot s = f.ws().snapshot(model);
        int started = 0;
        for (const MachineRecord &m : s.machines) {
            if (m.name == held.machine) {
                QVERIFY(m.instanceId.isEmpty());
                QVERIFY2(m.instanceMessage.contains(held.reason), qPrintable(m.instanceMessage));
            } else {
                started += m.instanceId.isEmpty() ? 0 : 1;
            }
        }
        QCOMPARE(started, 3);
    }

    // The window judges drops and Auto place on the snapshot it shows: the
    // same verdict, in the same words, as the store gives for every
    // unplaced unit and machine.
    void windowJudgesPlacementsAsTheStoreDoes()
    {
        Fixture f;
        f.addTo(QStringLiteral("zone=sim-east-a,zone=sim-east-b,zone=sim-east-b,zone=sim-east-c"),
                4);
        SpreadCommands(f.ws()).set(model, QStringLiteral("web"),
                                   bound(SpreadConstraint::Level::Zone, 1));
        ApplicationCommands(f.ws()).addUnplacedUnits(model, QStringLiteral("web"), 1);
        const ModelSnapshot s = f.ws().snapshot(model);
        const SnapshotIndex index(s);
        const CloudInfo &cloud = f.clouds.get(QStringLiteral("sim"));
        int refused = 0;
        for (const MachineRecord &m : s.machines) {
            const QString seen =
                SpreadState(s, cloud).problem(s, index, {QStringLiteral("web/5")}, m.name);
            // What the store says, tried and undone.
            const QString told = f.ws().store().trial([&](SqlSession &) {
                return errorOf([&] {
                    ApplicationCommands(f.ws()).placeUnits(model, {QStringLiteral("web/5")},
                                                           m.name);
                });
            });
            QCOMPARE(seen, told);
            refused += seen.isEmpty() ? 0 : 1;
        }
        QCOMPARE(refused, 4); // the machines in sim-east-a (2 units there) and -b (2)
        QVERIFY(SpreadState(s, cloud)
                    .problem(s, index, {QStringLiteral("web/5")}, QStringLiteral("0"))
                    .contains(QStringLiteral("skew 2, max 1")));

        // The change set's preview of a rebalance: the skew it leaves once
        // the moves are done, and what the surge costs meanwhile.
        SpreadCommands(f.ws()).unset(model, QStringLiteral("web"), SpreadConstraint::Level::Zone);
        f.addTo(QStringLiteral("zone=sim-east-a,zone=sim-east-a"), 2); // 4, 2, 1
        SpreadCommands(f.ws()).set(model, QStringLiteral("web"),
                                   bound(SpreadConstraint::Level::Zone, 1));
        const CommandResult r = SpreadCommands(f.ws()).rebalance(model, {}, 1);
        QCOMPARE(r.messages.size(), 2);
        QVERIFY2(r.messages.first().contains(QStringLiteral("1 move(s) planned (zone skew 3 → 1)")),
                 qPrintable(r.messages.first()));
        QVERIFY2(r.messages.last().startsWith(
                     QStringLiteral("the surge: 1 new machine(s) of type t3.small, at most 1 "
                                    "at once: up to 0.021/h")),
                 qPrintable(r.messages.last()));
    }

    // A zone fails: `anyway` falls back, `wait` with min-domains holds the
    // machine with its reason; the zone recovers, rebalance restores the
    // bound with the fewest moves, and no unit goes before its replacement runs.
    void zoneOutageWaitRecoverAndRebalance()
    {
        Fixture f;
        QVERIFY(f.provision());
        f.configureSim({QStringLiteral("zone-outage=sim-east-c")});
        SpreadCommands(f.ws()).set(model, QStringLiteral("web"),
                                   bound(SpreadConstraint::Level::Zone, 1, 1, false));
        ApplicationCommands(f.ws()).addUnits(model, QStringLiteral("web"), 5, {});
        QVERIFY(f.provision());
        QCOMPARE(f.perZone().value(QStringLiteral("sim-east-c")), 0); // fell back
        QCOMPARE(f.perZone().value(QStringLiteral("sim-east-a")), 3);
        QCOMPARE(f.perZone().value(QStringLiteral("sim-east-b")), 3);

        // `wait` with min-domains 3: the next machine waits, with its reason.
        SpreadCommands(f.ws()).set(model, QStringLiteral("web"),
                                   bound(SpreadConstraint::Level::Zone, 1, 3));
        ApplicationCommands(f.ws()).addUnits(model, QStringLiteral("web"), 1, {});
        f.runPasses(3);
        const ModelSnapshot waiting = f.ws().snapshot(model);
        const MachineRecord &last = waiting.machines.last();
        QVERIFY(last.instanceId.isEmpty());
        QVERIFY2(last.instanceMessage.startsWith(QStringLiteral("waiting: ")),
                 qPrintable(last.instanceMessage));
        QCOMPARE(last.attempts, 0);

        // The zone recovers: the waiting machine starts there.
        f.configureSim({QStringLiteral("zone-outage=")});
        QVERIFY(f.provision());
        QCOMPARE(f.perZone().value(QStringLiteral("sim-east-c")), 1);

        // Rebalance: a:3 b:3 c:1 needs exactly one move to reach skew 1.
        const RebalancePlans plan = SpreadCommands(f.ws()).plan(model, {});
        QCOMPARE(plan.moves().size(), 1);
        QCOMPARE(plan.moves().first().addZone, QStringLiteral("sim-east-c"));
        const QString leaving = plan.moves().first().removeUnit;
        ModelChange::rebalance({}, 1).apply(f.ws(), model);
        // The unit stays until its replacement's machine runs.
        QVERIFY(unitMachines(f.ws(), model).contains(leaving));
        QVERIFY(f.provision());
        QVERIFY(!unitMachines(f.ws(), model).contains(leaving));
        QCOMPARE(f.skew(), 1);
        QVERIFY(SpreadCommands(f.ws()).plan(model, {}).moves().isEmpty());
    }

    // Max-surge 1 over several moves: at most one replacement starting at a
    // time, none of the units removed before its replacement runs; a pass
    // cut short anywhere resumes without a duplicate.
    void surgeIsKeptAndPassesResume()
    {
        Fixture f;
        f.addTo(QStringList(4, QStringLiteral("zone=sim-east-a")).join(u','), 4); // a:5
        QVERIFY(f.provision());
        SpreadCommands(f.ws()).set(model, QStringLiteral("web"),
                                   bound(SpreadConstraint::Level::Zone, 1));
        const RebalancePlans plan = SpreadCommands(f.ws()).plan(model, {});
        QCOMPARE(plan.moves().size(), 3); // to 2, 2, 1
        ModelChange::rebalance({}, 1).apply(f.ws(), model);
        const int total = 8; // five and three replacements
        QCOMPARE(f.ws().snapshot(model).units.size(), total);
        for (int pass = 0; pass < 30 && f.ws().snapshot(model).units.size() > 5; ++pass) {
            // A provisioner that lives for one pass only, as if killed after it.
            f.runPasses(1);
            const ModelSnapshot s = f.ws().snapshot(model);
            int starting = 0;
            for (const MachineRecord &m : s.machines) {
                if (m.state.isAlive() && m.instanceId.isEmpty() && m.state.starting())
                    ++starting;
            }
            QVERIFY(starting <= 1);
            QVERIFY(s.units.size() >= 5); // never fewer than the application had
        }
        QCOMPARE(f.ws().snapshot(model).units.size(), 5);
        QVERIFY(f.provision());
        QCOMPARE(f.skew(), 1);
        // No duplicate: one instance per alive machine.
        const ModelSnapshot s = f.ws().snapshot(model);
        QSet<QString> instances;
        for (const MachineRecord &m : s.machines) {
            if (m.state.isAlive())
                QVERIFY(!instances.contains(m.instanceId));
            instances.insert(m.instanceId);
        }
    }

    void dryRunJsonHasTheSpecifiedKeys()
    {
        Fixture f;
        f.addTo(QStringLiteral("zone=sim-east-a"));
        SpreadCommands(f.ws()).set(model, QStringLiteral("web"),
                                   bound(SpreadConstraint::Level::Zone, 1));
        const QJsonObject json = SpreadCommands(f.ws()).plan(model, {}).toJson();
        const QJsonObject move = json.value(QStringLiteral("moves")).toArray().first().toObject();
        QCOMPARE(move.value(QStringLiteral("application")).toString(), QStringLiteral("web"));
        QCOMPARE(move.value(QStringLiteral("add")).toObject().value(QStringLiteral("machine")),
                 QJsonValue(QStringLiteral("new")));
        QCOMPARE(move.value(QStringLiteral("remove")).toObject().value(QStringLiteral("zone")),
                 QJsonValue(QStringLiteral("sim-east-a")));
        QCOMPARE(json.value(QStringLiteral("skew-before")).toObject().value(QStringLiteral("web")),
                 QJsonValue(QJsonObject{{QStringLiteral("zone"), 2}}));
        QCOMPARE(json.value(QStringLiteral("skew-after")).toObject().value(QStringLiteral("web")),
                 QJsonValue(QJsonObject{{QStringLiteral("zone"), 1}}));
        QVERIFY(!errorOf([&] {
                     SpreadCommands(f.ws()).plan(model, {QStringLiteral("nope")});
                 }).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestSpread)
#include "tst_spread.moc"
