#include "core/bertherror.h"
#include "core/commands/applicationcommands.h"
#include "core/commands/machinecommands.h"
#include "core/provisioning/provisioner.h"
#include "tests/testsupport.h"

#include <QTest>

using namespace berth;

namespace {

const QString model = QStringLiteral("default");

QMap<QString, MachineRecord> machinesByName(const ModelSnapshot &s)
{
    QMap<QString, MachineRecord> map;
    for (const MachineRecord &m : s.machines)
        map.insert(m.name, m);
    return map;
}

QMap<QString, UnitRecord> unitsByName(const ModelSnapshot &s)
{
    QMap<QString, UnitRecord> map;
    for (const UnitRecord &u : s.units)
        map.insert(u.name(), u);
    return map;
}

ApplicationCommands::Deploy deployOf(const QString &charm, int count = 1,
                                     const QString &constraints = {})
{
    ApplicationCommands::Deploy d;
    d.charm = charm;
    d.count = count;
    d.constraints = constraints;
    return d;
}

} // namespace

class TestCommands : public QObject
{
    Q_OBJECT

private slots:
    void seedsSequenceSnapshotsConstraintsAtCreation();
    void modelAndUnitLevelsMerge();
    void unitNumbersAreNeverReused();
    void placesOnExistingMachinesWithChecks();
    void createsContainers();
    void aContainerIsNeverLargerThanItsHost();
    void subordinatesFollowTheirPrincipals();
    void subordinateRulesAreEnforced();
    void principalsAreRelatedWithoutPlacingAnything();
    void removingUnprovisionedThingsIsImmediate();
    void provisionedMachinesBecomeDead();
    void addMachineRules();
    void removeMachineRules();
    void rejectedCommandsChangeNothing_data();
    void rejectedCommandsChangeNothing();
    void modelsAndConfig();
    void unplacedUnitsArePlacedLater();
    void removingUnitsTogetherLeavesWhatOneByOneLeaves_data();
    void removingUnitsTogetherLeavesWhatOneByOneLeaves();
    void destroyingAModelRetiresEveryMachine_data();
    void destroyingAModelRetiresEveryMachine();
};

void TestCommands::seedsSequenceSnapshotsConstraintsAtCreation()
{
    TestWorkspace t;
    ApplicationCommands apps(t.ws());
    apps.deploy(model, deployOf(QStringLiteral("wordpress"), 1, QStringLiteral("mem=2G")));
    apps.setConstraints(model, QStringLiteral("wordpress"), QStringLiteral("mem=3G"));
    apps.addUnits(model, QStringLiteral("wordpress"), 2, {});

    const ModelSnapshot s = t.ws().snapshot(model);
    QCOMPARE(s.machines.size(), 3);
    QStringList machineConstraints;
    for (const MachineRecord &m : s.machines)
        machineConstraints << m.constraints;
    machineConstraints.sort();
    QCOMPARE(machineConstraints,
             (QStringList{QStringLiteral("mem=2048M"), QStringLiteral("mem=3072M"),
                          QStringLiteral("mem=3072M")}));
    const auto units = unitsByName(s);
    QCOMPARE(units.value(QStringLiteral("wordpress/0")).constraints, QStringLiteral("mem=2048M"));
    QCOMPARE(units.value(QStringLiteral("wordpress/2")).constraints, QStringLiteral("mem=3072M"));
    QCOMPARE(apps.constraints(model, QStringLiteral("wordpress")), QStringLiteral("mem=3072M"));
}

void TestCommands::modelAndUnitLevelsMerge()
{
    TestWorkspace t;
    ModelCommands(t.ws()).setConstraints(model, QStringLiteral("zones=sim-east-a mem=1G"));
    ApplicationCommands apps(t.ws());
    apps.deploy(model, deployOf(QStringLiteral("wordpress"), 1, QStringLiteral("mem=2G")));
    apps.addUnits(model, QStringLiteral("wordpress"), 1, {}, QStringLiteral("cores=4 zones="));
    ModelCommands(t.ws()).setConstraints(model, QStringLiteral("mem=8G"));

    const auto units = unitsByName(t.ws().snapshot(model));
    QCOMPARE(units.value(QStringLiteral("wordpress/0")).constraints,
             QStringLiteral("mem=2048M zones=sim-east-a"));
    QCOMPARE(units.value(QStringLiteral("wordpress/1")).constraints,
             QStringLiteral("cores=4 mem=2048M zones="));
    // A machine added with no unit copies the model's constraints, merged with its own.
    MachineCommands(t.ws()).addMachines(model, {{}, 1, {}, QStringLiteral("cores=2"), {}});
    const auto machines = machinesByName(t.ws().snapshot(model));
    QCOMPARE(machines.value(QStringLiteral("2")).constraints, QStringLiteral("cores=2 mem=8192M"));
}

void TestCommands::unitNumbersAreNeverReused()
{
    TestWorkspace t;
    ApplicationCommands apps(t.ws());
    apps.deploy(model, deployOf(QStringLiteral("wordpress"), 2));
    apps.removeUnits(model, {QStringLiteral("wordpress/1")});
    apps.addUnits(model, QStringLiteral("wordpress"), 1, {});
    auto units = unitsByName(t.ws().snapshot(model));
    QVERIFY(units.contains(QStringLiteral("wordpress/2")));
    QVERIFY(!units.contains(QStringLiteral("wordpress/1")));
    // Not even after the application is removed and deployed again.
    apps.removeApplication(model, QStringLiteral("wordpress"));
    apps.deploy(model, deployOf(QStringLiteral("wordpress")));
    units = unitsByName(t.ws().snapshot(model));
    QCOMPARE(units.keys(), QStringList{QStringLiteral("wordpress/3")});
    // Machine ids are never reused either.
    const auto machines = machinesByName(t.ws().snapshot(model));
    QCOMPARE(machines.keys(), QStringList{QStringLiteral("3")});
}

void TestCommands::placesOnExistingMachinesWithChecks()
{
    TestWorkspace t;
    MachineCommands machines(t.ws());
    machines.addMachines(model, {{}, 1, QStringLiteral("ubuntu@22.04"), {}, {}});
    machines.addMachines(model, {{}, 1, QStringLiteral("ubuntu@24.04"), {}, {}});
    ApplicationCommands apps(t.ws());
    auto d = deployOf(QStringLiteral("wordpress"), 1);
    d.to = QStringLiteral("0");
    apps.deploy(model, d);
    QCOMPARE(unitsByName(t.ws().snapshot(model)).value(QStringLiteral("wordpress/0")).machine,
             QStringLiteral("0"));

    QCOMPARE(
        errorOf([&] { apps.addUnits(model, QStringLiteral("wordpress"), 1, QStringLiteral("1")); }),
        QStringLiteral(
            R"(cannot assign unit "wordpress/1" (ubuntu@22.04) to machine 1 (ubuntu@24.04))"));
    QCOMPARE(
        errorOf([&] { apps.addUnits(model, QStringLiteral("wordpress"), 1, QStringLiteral("9")); }),
        QStringLiteral("machine 9 not found"));
    QCOMPARE(
        errorOf([&] {
            apps.addUnits(model, QStringLiteral("wordpress"), 1, QStringLiteral("zone=nowhere"));
        }),
        QStringLiteral(
            R"(invalid placement directive "zone=nowhere": zone "nowhere" not found in sim-east; expected one of sim-east-a, sim-east-b, sim-east-c)"));
    QCOMPARE(
        errorOf([&] {
            apps.addUnits(model, QStringLiteral("wordpress"), 1, QStringLiteral("ssh:me@host"));
        }),
        QStringLiteral(
            R"(invalid placement directive "ssh:me@host": ssh: is only valid for add-machine)"));
    // Node names are the provider's to check: sim-east is no bare-metal pool.
    QCOMPARE(errorOf([&] {
                 apps.addUnits(model, QStringLiteral("wordpress"), 1, QStringLiteral("node-1"));
             }),
             QStringLiteral(
                 R"(invalid placement directive "node-1": sim-east has no node named "node-1")"));

    // A provisioned machine that is removed is dead until the provisioner is done.
    AsTheProvisioner::started(t.ws(), model, QStringLiteral("1"), QStringLiteral("i-1"));
    machines.removeMachines(model, {QStringLiteral("1")}, false);
    QCOMPARE(MachineState::text(
                 machinesByName(t.ws().snapshot(model)).value(QStringLiteral("1")).state.life),
             QStringLiteral("dead"));
    auto noble = deployOf(QStringLiteral("noble-app"));
    noble.base = QStringLiteral("noble");
    noble.to = QStringLiteral("1");
    QCOMPARE(errorOf([&] { apps.deploy(model, noble); }), QStringLiteral("machine 1 is dead"));

    // zone= makes a new machine there, region= in that region.
    apps.addUnits(model, QStringLiteral("wordpress"), 2,
                  QStringLiteral("zone=sim-east-b,region=sim-west"));
    const auto all = machinesByName(t.ws().snapshot(model));
    const auto units = unitsByName(t.ws().snapshot(model));
    const MachineRecord zoned = all.value(units.value(QStringLiteral("wordpress/1")).machine);
    QCOMPARE(zoned.placement, QStringLiteral("zone=sim-east-b"));
    const MachineRecord west = all.value(units.value(QStringLiteral("wordpress/2")).machine);
    QCOMPARE(west.region, QStringLiteral("sim-west"));
}

void TestCommands::createsContainers()
{
    TestWorkspace t;
    ApplicationCommands apps(t.ws());
    ModelCommands(t.ws()).setConstraints(model, QStringLiteral("cores=2"));
    auto d = deployOf(QStringLiteral("wordpress"), 3, QStringLiteral("mem=4G"));
    d.to = QStringLiteral("lxd,lxd:0,0/lxd/0");
    apps.deploy(model, d);
    const ModelSnapshot s = t.ws().snapshot(model);
    const auto machines = machinesByName(s);
    QCOMPARE(machines.keys(), (QStringList{QStringLiteral("0"), QStringLiteral("0/lxd/0"),
                                           QStringLiteral("0/lxd/1")}));
    QCOMPARE(machines.value(QStringLiteral("0")).constraints, QStringLiteral("cores=2"));
    QCOMPARE(machines.value(QStringLiteral("0/lxd/0")).constraints,
             QStringLiteral("cores=2 mem=4096M"));
    const auto units = unitsByName(s);
    QCOMPARE(units.value(QStringLiteral("wordpress/0")).machine, QStringLiteral("0/lxd/0"));
    QCOMPARE(units.value(QStringLiteral("wordpress/1")).machine, QStringLiteral("0/lxd/1"));
    QCOMPARE(units.value(QStringLiteral("wordpress/2")).machine, QStringLiteral("0/lxd/0"));
    QCOMPARE(errorOf([&] {
                 apps.addUnits(model, QStringLiteral("wordpress"), 1, QStringLiteral("lxd:7"));
             }),
             QStringLiteral("machine 7 not found"));
}

void TestCommands::aContainerIsNeverLargerThanItsHost()
{
    TestWorkspace t;
    MachineCommands machines(t.ws());
    ApplicationCommands apps(t.ws());
    machines.addMachines(model, {{}, 1, {}, QStringLiteral("cores=2 mem=4G"), {}});
    const ModelSnapshot before = t.ws().snapshot(model);

    // Not started: the host is held to what it was asked to be.
    QCOMPARE(errorOf([&] {
                 machines.addMachines(
                     model, {QStringLiteral("lxd:0"), 1, {}, QStringLiteral("cores=8"), {}});
             }),
             QStringLiteral("machine 0 has cores=2, the container needs cores=8"));
    auto d = deployOf(QStringLiteral("wordpress"), 1, QStringLiteral("mem=8G"));
    d.to = QStringLiteral("lxd:0");
    QCOMPARE(errorOf([&] { apps.deploy(model, d); }),
             QStringLiteral("machine 0 has mem=4096M, unit wordpress/0 needs mem=8192M"));
    QCOMPARE(t.ws().snapshot(model).machines, before.machines);
    QVERIFY(t.ws().snapshot(model).applications.isEmpty());
    machines.addMachines(model, {QStringLiteral("lxd:0"), 1, {}, QStringLiteral("cores=2"), {}});

    // Started: what it has counts.
    AsTheProvisioner::started(t.ws(), model, QStringLiteral("0"), QStringLiteral("i-0"),
                              QStringLiteral("arch=amd64 cores=16 mem=8192M"));
    machines.addMachines(model, {QStringLiteral("lxd:0"), 1, {}, QStringLiteral("cores=8"), {}});
    QCOMPARE(errorOf([&] {
                 machines.addMachines(
                     model, {QStringLiteral("lxd:0"), 1, {}, QStringLiteral("arch=arm64"), {}});
             }),
             QStringLiteral("machine 0 has arch=amd64, the container needs arch=arm64"));
    QCOMPARE(t.ws().snapshot(model).machines.size(), 3);
}

void TestCommands::subordinatesFollowTheirPrincipals()
{
    TestWorkspace t;
    ApplicationCommands apps(t.ws());
    apps.deploy(model, deployOf(QStringLiteral("wordpress"), 2));
    auto ntp = deployOf(QStringLiteral("ntp"));
    ntp.subordinate = true;
    apps.deploy(model, ntp);
    QCOMPARE(t.ws().snapshot(model).units.size(), 2); // no units of its own
    apps.relate(model, QStringLiteral("ntp"), QStringLiteral("wordpress"));

    auto s = t.ws().snapshot(model);
    auto units = unitsByName(s);
    QCOMPARE(units.size(), 4);
    QCOMPARE(units.value(QStringLiteral("ntp/0")).principal, QStringLiteral("wordpress/0"));
    QCOMPARE(units.value(QStringLiteral("ntp/0")).machine, QStringLiteral("0"));
    QCOMPARE(units.value(QStringLiteral("ntp/1")).machine, QStringLiteral("1"));
    QVERIFY(units.value(QStringLiteral("ntp/1")).constraints.isEmpty());

    // New principal units get one too; a second principal on the same machine does not add another.
    apps.addUnits(model, QStringLiteral("wordpress"), 1, {});
    apps.addUnits(model, QStringLiteral("wordpress"), 1, QStringLiteral("0"));
    units = unitsByName(t.ws().snapshot(model));
    QCOMPARE(units.value(QStringLiteral("ntp/2")).principal, QStringLiteral("wordpress/2"));
    QVERIFY(!units.contains(QStringLiteral("ntp/3")));

    // The subordinate moves to the remaining principal when its own goes.
    apps.removeUnits(model, {QStringLiteral("wordpress/0")});
    units = unitsByName(t.ws().snapshot(model));
    QCOMPARE(units.value(QStringLiteral("ntp/0")).principal, QStringLiteral("wordpress/3"));
    // And goes with the last principal on its machine.
    apps.removeUnits(model, {QStringLiteral("wordpress/1")});
    units = unitsByName(t.ws().snapshot(model));
    QVERIFY(!units.contains(QStringLiteral("ntp/1")));
    // Removing the relation (Juju's remove-relation) takes the subordinate's
    // units off the principal's machines; relating again brings them back.
    const CommandResult removed =
        apps.unrelate(model, QStringLiteral("wordpress"), QStringLiteral("ntp"));
    QCOMPARE(removed.messages,
             QStringList{QStringLiteral("removed the relation between ntp and wordpress")});
    units = unitsByName(t.ws().snapshot(model));
    QCOMPARE(units.keys(),
             (QStringList{QStringLiteral("wordpress/2"), QStringLiteral("wordpress/3")}));
    QVERIFY(t.ws().snapshot(model).relations.isEmpty());
    QVERIFY(
        errorOf([&] {
            apps.unrelate(model, QStringLiteral("ntp"), QStringLiteral("wordpress"));
        }).startsWith(QStringLiteral("there is no relation between \"ntp\" and \"wordpress\"")));
    apps.relate(model, QStringLiteral("ntp"), QStringLiteral("wordpress"));
    QCOMPARE(unitsByName(t.ws().snapshot(model)).size(), 4);
    // Removing the subordinate application removes its units only.
    apps.removeApplication(model, QStringLiteral("ntp"));
    units = unitsByName(t.ws().snapshot(model));
    QCOMPARE(units.keys(),
             (QStringList{QStringLiteral("wordpress/2"), QStringLiteral("wordpress/3")}));
}

void TestCommands::subordinateRulesAreEnforced()
{
    TestWorkspace t;
    ApplicationCommands apps(t.ws());
    apps.deploy(model, deployOf(QStringLiteral("wordpress")));
    auto ntp = deployOf(QStringLiteral("ntp"));
    ntp.subordinate = true;
    ntp.base = QStringLiteral("ubuntu@24.04");
    apps.deploy(model, ntp);
    QCOMPARE(
        errorOf([&] { apps.addUnits(model, QStringLiteral("ntp"), 1, {}); }),
        QStringLiteral(
            R"(cannot add units to subordinate application "ntp": subordinate units are created on the machines of the principals it is related to)"));
    QCOMPARE(
        errorOf(
            [&] { apps.setConstraints(model, QStringLiteral("ntp"), QStringLiteral("mem=1G")); }),
        QStringLiteral(
            R"(cannot set constraints on subordinate application "ntp": subordinates follow their principals)"));
    QCOMPARE(
        errorOf([&] { apps.relate(model, QStringLiteral("ntp"), QStringLiteral("wordpress")); }),
        QStringLiteral(
            R"(cannot relate "ntp" (ubuntu@24.04) and "wordpress" (ubuntu@22.04): a subordinate relation needs matching bases)"));
    auto withConstraints = deployOf(QStringLiteral("logger"), 1, QStringLiteral("mem=1G"));
    withConstraints.subordinate = true;
    QVERIFY(errorOf([&] {
                apps.deploy(model, withConstraints);
            }).startsWith(QStringLiteral("cannot deploy subordinate")));
    QCOMPARE(errorOf([&] {
                 apps.relate(model, QStringLiteral("wordpress"), QStringLiteral("wordpress"));
             }),
             QStringLiteral(R"(cannot relate application "wordpress" to itself)"));
    auto ok = deployOf(QStringLiteral("telegraf"));
    ok.subordinate = true;
    apps.deploy(model, ok);
    apps.relate(model, QStringLiteral("wordpress"), QStringLiteral("telegraf"));
    QCOMPARE(errorOf([&] {
                 apps.relate(model, QStringLiteral("telegraf"), QStringLiteral("wordpress"));
             }),
             QStringLiteral(R"(relation between "telegraf" and "wordpress" already exists)"));
    QCOMPARE(
        errorOf([&] { apps.removeUnits(model, {QStringLiteral("telegraf/0")}); }),
        QStringLiteral(
            R"(cannot remove subordinate unit "telegraf/0" directly: remove its principal wordpress/0 or the relation)"));
    auto d = deployOf(QStringLiteral("web"));
    d.to = QStringLiteral("lxd");
    d.subordinate = true;
    QVERIFY(!errorOf([&] { apps.deploy(model, d); }).isEmpty());
}

void TestCommands::principalsAreRelatedWithoutPlacingAnything()
{
    TestWorkspace t;
    ApplicationCommands apps(t.ws());
    apps.deploy(model, deployOf(QStringLiteral("wordpress")));
    apps.deploy(model, deployOf(QStringLiteral("mysql")));
    const ModelSnapshot before = t.ws().snapshot(model);
    // Juju's integrate of two principals: kept with its endpoints.
    QCOMPARE(
        apps.relate(model, QStringLiteral("wordpress:db"), QStringLiteral("mysql:db")).messages,
        QStringList{QStringLiteral("related wordpress and mysql: two principals, so neither "
                                   "follows the other (a subordinate charm is deployed with "
                                   "--subordinate)")});
    ModelSnapshot after = t.ws().snapshot(model);
    // An endpoint named as no charm names one is refused, and nothing changes.
    for (const QString &bad : {QStringLiteral("mysql:DB"), QStringLiteral("mysql:"),
                               QStringLiteral("mysql:db:x"), QStringLiteral("mysql:shared--db")})
        QCOMPARE(errorOf([&] { apps.relate(model, QStringLiteral("haproxy:web"), bad); }),
                 QStringLiteral(R"(invalid endpoint "%1": expected lower-case letters and digits )"
                                R"(joined by single hyphens or underscores, starting with a )"
                                R"(letter (e.g. db, shared-db))")
                     .arg(bad.section(u':', 1)));
    QCOMPARE(t.ws().snapshot(model).integrations.size(), 1);
    QCOMPARE(after.integrations.size(), 1);
    QCOMPARE(after.integrations.constFirst().first, QStringLiteral("wordpress"));
    QCOMPARE(after.integrations.constFirst().firstEndpoint, QStringLiteral("db"));
    QCOMPARE(after.integrations.constFirst().second, QStringLiteral("mysql"));
    QCOMPARE(after.units.size(), before.units.size()); // nothing placed
    QCOMPARE(after.machines.size(), before.machines.size());
    QCOMPARE(
        errorOf([&] { apps.relate(model, QStringLiteral("mysql"), QStringLiteral("wordpress")); }),
        QStringLiteral(R"(relation between "mysql" and "wordpress" already exists)"));
    QCOMPARE(apps.unrelate(model, QStringLiteral("mysql"), QStringLiteral("wordpress")).messages,
             QStringList{QStringLiteral("removed the relation between mysql and wordpress")});
    QVERIFY(t.ws().snapshot(model).integrations.isEmpty());
    QCOMPARE(errorOf([&] {
                 apps.unrelate(model, QStringLiteral("mysql"), QStringLiteral("wordpress"));
             }),
             QStringLiteral(R"(there is no relation between "mysql" and "wordpress"; "berthctl )"
                            R"(status" lists them)"));
    // Two subordinates never join.
    auto ntp = deployOf(QStringLiteral("ntp"));
    ntp.subordinate = true;
    apps.deploy(model, ntp);
    auto nrpe = deployOf(QStringLiteral("nrpe"));
    nrpe.subordinate = true;
    apps.deploy(model, nrpe);
    QCOMPARE(errorOf([&] { apps.relate(model, QStringLiteral("ntp"), QStringLiteral("nrpe")); }),
             QStringLiteral(R"(cannot relate "ntp" and "nrpe": both are subordinates; a )"
                            R"(subordinate relation needs one principal application)"));
}

void TestCommands::removingUnprovisionedThingsIsImmediate()
{
    TestWorkspace t;
    ApplicationCommands apps(t.ws());
    MachineCommands machines(t.ws());
    machines.addMachines(model, {{}, 1, {}, {}, {}});
    auto d = deployOf(QStringLiteral("wordpress"), 3);
    d.to = QStringLiteral("0,lxd");
    apps.deploy(model, d);
    QCOMPARE(machinesByName(t.ws().snapshot(model)).keys(),
             (QStringList{QStringLiteral("0"), QStringLiteral("1"), QStringLiteral("1/lxd/0"),
                          QStringLiteral("2")}));
    apps.removeUnits(model, {QStringLiteral("wordpress/0"), QStringLiteral("wordpress/1"),
                             QStringLiteral("wordpress/2")});
    // Machines made for the units are gone (the container's host too); the one added by hand stays.
    QCOMPARE(machinesByName(t.ws().snapshot(model)).keys(), QStringList{QStringLiteral("0")});
    machines.removeMachines(model, {QStringLiteral("0")}, false);
    QVERIFY(t.ws().snapshot(model).machines.isEmpty());
}

void TestCommands::provisionedMachinesBecomeDead()
{
    TestWorkspace t;
    ApplicationCommands apps(t.ws());
    apps.deploy(model, deployOf(QStringLiteral("wordpress"), 2));
    AsTheProvisioner::started(t.ws(), model, QStringLiteral("0"), QStringLiteral("i-0"));
    AsTheProvisioner::startBegun(t.ws(), model, QStringLiteral("1"));
    apps.removeApplication(model, QStringLiteral("wordpress"));
    const auto machines = machinesByName(t.ws().snapshot(model));
    // One has an instance, the other a start in flight: both wait, dead, for the provisioner.
    QCOMPARE(MachineState::text(machines.value(QStringLiteral("0")).state.life),
             QStringLiteral("dead"));
    QCOMPARE(MachineState::text(machines.value(QStringLiteral("1")).state.life),
             QStringLiteral("dead"));
    QVERIFY(t.ws().snapshot(model).units.isEmpty());
}

void TestCommands::addMachineRules()
{
    TestWorkspace t;
    MachineCommands machines(t.ws());
    QCOMPARE(errorOf([&] {
                 machines.addMachines(model, {QStringLiteral("3"), 1, {}, {}, {}});
             }),
             QStringLiteral("add-machine: machine-id cannot be specified"));
    QCOMPARE(errorOf([&] {
                 machines.addMachines(model, {QStringLiteral("zone=sim-east-a"), 2, {}, {}, {}});
             }),
             QStringLiteral("cannot use -n when specifying a placement directive"));
    QCOMPARE(errorOf([&] {
                 machines.addMachines(model, {QStringLiteral("lxd:0"), 2, {}, {}, {}});
             }),
             QStringLiteral("cannot use -n when specifying a placement directive"));
    {
        // Juju's table: "lxd -n 2" is two new machines with a container each.
        TestWorkspace other;
        const CommandResult two =
            MachineCommands(other.ws()).addMachines(model, {QStringLiteral("lxd"), 2, {}, {}, {}});
        QCOMPARE(two.messages, (QStringList{QStringLiteral("created machine 0"),
                                            QStringLiteral("created container 0/lxd/0"),
                                            QStringLiteral("created machine 1"),
                                            QStringLiteral("created container 1/lxd/0")}));
        QCOMPARE(other.ws().snapshot(model).machines.size(), 4);
    }
    QCOMPARE(
        errorOf([&] {
            machines.addMachines(model, {{}, 1, QStringLiteral("windows"), {}, {}});
        }),
        QStringLiteral(
            R"(invalid base "windows": expected os@channel (e.g. ubuntu@22.04) or a series name (focal, jammy, noble))"));
    machines.addMachines(model, {{}, 3, {}, {}, {}});
    machines.addMachines(model, {QStringLiteral("lxd:1"), 1, {}, {}, {}});
    // An existing host is recorded as found by the probe (the real one: tst_manual).
    QVERIFY(errorOf([&] {
                machines.addMachines(
                    model, {QStringLiteral("ssh:ubuntu@db1.internal:2222"), 1, {}, {}, {}});
            }).contains(QStringLiteral("cannot reach hosts over SSH")));
    struct KnownHost : HostProbe
    {
        Result probe(const Target &target) override
        {
            Result r;
            if (target.host != u"db1.internal" || target.port != 2222 || target.user != u"ubuntu")
                r.error = QStringLiteral("unexpected target");
            r.facts = {QStringLiteral("arm64"), 8, 16384, 102400, QStringLiteral("ubuntu@24.04"),
                       QStringLiteral("db1")};
            return r;
        }
    } probe;
    // A host on a base no unit could go to (deploy --base refuses it) makes no machine.
    struct SolarisHost : HostProbe
    {
        Result probe(const Target &) override
        {
            Result r;
            r.facts = {QStringLiteral("sparc64"), 8, 16384, 102400, QStringLiteral("solaris@11"),
                       QStringLiteral("sun1")};
            return r;
        }
    } solaris;
    const qsizetype before = t.ws().snapshot(model).machines.size();
    QCOMPARE(errorOf([&] {
                 MachineCommands(t.ws(), &solaris)
                     .addMachines(model, {QStringLiteral("ssh:sun1.internal"), 1, {}, {}, {}});
             }).section(u':', 0, 1),
             QStringLiteral("host sun1.internal: unsupported base \"solaris@11\""));
    QCOMPARE(t.ws().snapshot(model).machines.size(), before);
    MachineCommands(t.ws(), &probe)
        .addMachines(model, {QStringLiteral("ssh:ubuntu@db1.internal:2222"), 1, {}, {}, {}});
    machines.addMachines(model,
                         {QStringLiteral("zone=sim-east-c"), 1, QStringLiteral("noble"), {}, {}});
    const auto all = machinesByName(t.ws().snapshot(model));
    QCOMPARE(all.keys(),
             (QStringList{QStringLiteral("0"), QStringLiteral("1"), QStringLiteral("1/lxd/0"),
                          QStringLiteral("2"), QStringLiteral("3"), QStringLiteral("4")}));
    QCOMPARE(all.value(QStringLiteral("3")).placement,
             QStringLiteral("ssh:ubuntu@db1.internal:2222"));
    QCOMPARE(MachineState::text(all.value(QStringLiteral("3")).state.status),
             QStringLiteral("started"));
    QCOMPARE(all.value(QStringLiteral("3")).base, QStringLiteral("ubuntu@24.04"));
    QCOMPARE(all.value(QStringLiteral("3")).hardware,
             QStringLiteral("arch=arm64 cores=8 mem=16384M root-disk=102400M"));
    QCOMPARE(all.value(QStringLiteral("4")).placement, QStringLiteral("zone=sim-east-c"));
    QCOMPARE(all.value(QStringLiteral("4")).base, QStringLiteral("ubuntu@24.04"));
    QCOMPARE(all.value(QStringLiteral("1/lxd/0")).base, QStringLiteral("ubuntu@22.04"));
}

void TestCommands::removeMachineRules()
{
    TestWorkspace t;
    ApplicationCommands apps(t.ws());
    MachineCommands machines(t.ws());
    machines.addMachines(model, {{}, 1, {}, {}, {}});
    machines.addMachines(model, {QStringLiteral("lxd:0"), 1, {}, {}, {}});
    auto d = deployOf(QStringLiteral("wordpress"), 1);
    d.to = QStringLiteral("0");
    apps.deploy(model, d);
    QCOMPARE(
        errorOf([&] { machines.removeMachines(model, {QStringLiteral("0")}, false); }),
        QStringLiteral(
            R"(machine 0 has unit "wordpress/0" assigned; remove the unit first or use --force)"));
    apps.removeUnits(model, {QStringLiteral("wordpress/0")});
    QCOMPARE(errorOf([&] { machines.removeMachines(model, {QStringLiteral("0")}, false); }),
             QStringLiteral(
                 R"(machine 0 is hosting containers "0/lxd/0"; remove them first or use --force)"));
    apps.addUnits(model, QStringLiteral("wordpress"), 1, QStringLiteral("0/lxd/0"));
    machines.removeMachines(model, {QStringLiteral("0")}, true);
    const ModelSnapshot s = t.ws().snapshot(model);
    QVERIFY(s.machines.isEmpty());
    QVERIFY(s.units.isEmpty());
    QCOMPARE(errorOf([&] { machines.removeMachines(model, {QStringLiteral("0")}, false); }),
             QStringLiteral("machine 0 not found"));
}

void TestCommands::rejectedCommandsChangeNothing_data()
{
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("constraints");
    QTest::addColumn<QString>("error");
    QTest::newRow("third directive names a missing machine") << "lxd,zone=sim-east-a,9"
                                                             << ""
                                                             << "machine 9 not found";
    QTest::newRow("bad constraints")
        << ""
        << "mem=lots"
        << R"(bad "mem" constraint: must be a non-negative float with optional M/G/T/P suffix)";
    QTest::newRow("vocabulary")
        << ""
        << "arch=s390x"
        << R"(bad "arch" constraint: "s390x" is not available; valid values are: amd64, arm64)";
    QTest::newRow("bad directive") << "lxd:x"
                                   << ""
                                   << R"(invalid value "x" for "lxd" scope: expected machine-id)";
}

void TestCommands::rejectedCommandsChangeNothing()
{
    QFETCH(QString, to);
    QFETCH(QString, constraints);
    QFETCH(QString, error);
    TestWorkspace t;
    ApplicationCommands apps(t.ws());
    apps.deploy(model, deployOf(QStringLiteral("mysql")));
    const qint64 seq = t.store->lastChangeSeq();
    auto d = deployOf(QStringLiteral("wordpress"), 3, constraints);
    d.to = to;
    QCOMPARE(errorOf([&] { apps.deploy(model, d); }), error);
    const ModelSnapshot s = t.ws().snapshot(model);
    QCOMPARE(s.applications.size(), 1);
    QCOMPARE(s.machines.size(), 1);
    QCOMPARE(s.units.size(), 1);
    QCOMPARE(t.store->lastChangeSeq(), seq);
    // Numbers taken by the failed command were not consumed either.
    apps.addUnits(model, QStringLiteral("mysql"), 1, {});
    QVERIFY(machinesByName(t.ws().snapshot(model)).contains(QStringLiteral("1")));
}

void TestCommands::modelsAndConfig()
{
    TestWorkspace t;
    ModelCommands models(t.ws());
    models.addModel(QStringLiteral("prod"), QStringLiteral("sim/sim-west"),
                    {QStringLiteral("harvest-mode=all"), QStringLiteral("default-mem=4G")});
    QCOMPARE(t.ws().currentModel(), QStringLiteral("prod"));
    QCOMPARE(errorOf([&] { models.addModel(QStringLiteral("prod"), {}, {}); }),
             QStringLiteral(R"(model "prod" already exists)"));
    QCOMPARE(
        errorOf([&] { models.addModel(QStringLiteral("Prod"), {}, {}); }),
        QStringLiteral(
            R"(invalid model name "Prod": expected lower-case letters, digits and hyphens, starting with a letter or digit)"));
    QCOMPARE(errorOf([&] { models.addModel(QStringLiteral("x"), QStringLiteral("aws"), {}); }),
             QStringLiteral(R"(cloud "aws" not found; known clouds: sim)"));
    QCOMPARE(
        errorOf([&] { models.addModel(QStringLiteral("x"), QStringLiteral("sim/mars"), {}); }),
        QStringLiteral(
            R"(region "mars" not found in cloud sim; expected one of sim-east, sim-west, sim-north, sim-metal)"));
    QCOMPARE(
        errorOf([&] {
            models.setConfig(QStringLiteral("prod"), {QStringLiteral("harvest-mode=some")});
        }),
        QStringLiteral(
            R"(bad value "some" for model config "harvest-mode": expected one of none, destroyed, unknown, all)"));
    QCOMPARE(
        errorOf([&] { models.setConfig(QStringLiteral("prod"), {QStringLiteral("colour=blue")}); }),
        QStringLiteral(
            R"(unknown model config key "colour"; valid keys are: default-base, default-mem, harvest-mode, mode, num-container-provision-workers, provision-workers, resource-tags, retry-count, retry-delay, server-group-policy)"));
    models.setConfig(QStringLiteral("prod"),
                     {QStringLiteral("provision-workers=4"), QStringLiteral("retry-delay=500ms")});
    const ModelSnapshot prod = t.ws().snapshot(QStringLiteral("prod"));
    QCOMPARE(prod.model.region, QStringLiteral("sim-west"));
    QCOMPARE(prod.model.config.harvestMode(), QStringLiteral("all"));
    QCOMPARE(prod.model.config.defaultMemMiB(), quint64(4096));
    QCOMPARE(prod.model.config.provisionWorkers(), 4);
    QCOMPARE(prod.model.config.retryDelayMs(), qint64(500));
    QCOMPARE(prod.model.config.retryCount(), 10);
    models.switchModel(QStringLiteral("default"));
    QCOMPARE(t.ws().currentModel(), QStringLiteral("default"));
    QCOMPARE(errorOf([&] { models.switchModel(QStringLiteral("nope")); }),
             QStringLiteral(R"(model "nope" not found)"));
}

QTEST_GUILESS_MAIN(TestCommands)
#include "tst_commands.moc"

void TestCommands::unplacedUnitsArePlacedLater()
{
    TestWorkspace t;
    ApplicationCommands apps(t.ws());
    auto d = deployOf(QStringLiteral("web"), 3, QStringLiteral("mem=2G"));
    d.unplaced = true;
    apps.deploy(model, d);
    ApplicationCommands::Deploy sub;
    sub.charm = QStringLiteral("ntp");
    sub.subordinate = true;
    apps.deploy(model, sub);
    apps.relate(model, QStringLiteral("web"), QStringLiteral("ntp"));
    ModelSnapshot s = t.ws().snapshot(model);
    QCOMPARE(s.machines.size(), 0);
    QCOMPARE(s.units.size(), 3); // no subordinates while nothing is placed
    QCOMPARE(unitsByName(s).value(QStringLiteral("web/2")).machine, QString());
    // More unplaced units, written together, number on and carry their own constraints.
    apps.addUnplacedUnits(model, QStringLiteral("web"), 2, QStringLiteral("cores=2"));
    s = t.ws().snapshot(model);
    QCOMPARE(s.units.size(), 5);
    for (const QString &name : {QStringLiteral("web/3"), QStringLiteral("web/4")}) {
        const UnitRecord unit = unitsByName(s).value(name);
        QVERIFY2(unit.id > 0 && unit.machine.isEmpty(), qPrintable(name));
        QVERIFY2(unit.constraints.contains(QStringLiteral("cores=2")) &&
                     unit.constraints.contains(QStringLiteral("mem=2048M")),
                 qPrintable(unit.constraints));
    }
    apps.removeUnits(model, {QStringLiteral("web/3"), QStringLiteral("web/4")});

    MachineCommands machines(t.ws());
    machines.addMachines(model, {{}, 1, QStringLiteral("ubuntu@24.04"), {}, {}}); // 0
    machines.addMachines(model, {{}, 1, {}, {}, {}});                             // 1
    QCOMPARE(apps.placementProblem(model, {QStringLiteral("web/0")}, QStringLiteral("0")),
             QStringLiteral("unable to place a ubuntu@22.04 unit on the ubuntu@24.04 machine 0"));
    QCOMPARE(apps.placementProblem(model, {QStringLiteral("web/0")}, QStringLiteral("1")),
             QString());

    apps.placeUnits(model, {QStringLiteral("web/0"), QStringLiteral("web/1")}, QStringLiteral("1"));
    apps.placeUnits(model, {QStringLiteral("web/2")}, {});
    s = t.ws().snapshot(model);
    QMap<QString, UnitRecord> units = unitsByName(s);
    QCOMPARE(units.value(QStringLiteral("web/0")).machine, QStringLiteral("1"));
    QCOMPARE(units.value(QStringLiteral("web/1")).machine, QStringLiteral("1"));
    QCOMPARE(units.value(QStringLiteral("web/2")).machine, QStringLiteral("2")); // a new one
    QCOMPARE(units.value(QStringLiteral("ntp/0")).machine, QStringLiteral("1"));
    QCOMPARE(units.value(QStringLiteral("ntp/1")).machine, QStringLiteral("2"));
    QCOMPARE(
        errorOf([&] { apps.placeUnits(model, {QStringLiteral("web/2")}, QStringLiteral("1")); }),
        QStringLiteral("cannot place unit web/2: it is already on machine 2"));
    QCOMPARE(
        errorOf([&] { apps.placeUnits(model, {QStringLiteral("ntp/0")}, QStringLiteral("1")); }),
        QStringLiteral("cannot place unit ntp/0: subordinate units follow their principals"));

    // Undoing the placement on a machine made for the unit removes that machine too.
    apps.unplaceUnits(model, {QStringLiteral("web/2")});
    s = t.ws().snapshot(model);
    QVERIFY(!machinesByName(s).contains(QStringLiteral("2")));
    QVERIFY(!unitsByName(s).contains(QStringLiteral("ntp/1")));
    QCOMPARE(unitsByName(s).value(QStringLiteral("web/2")).machine, QString());

    // A started machine keeps its units, and its hardware limits what it takes.
    AsTheProvisioner::started(t.ws(), model, QStringLiteral("1"), QStringLiteral("i-1"),
                              QStringLiteral("arch=amd64 cores=1 mem=1024M root-disk=8192M"));
    QCOMPARE(errorOf([&] { apps.unplaceUnits(model, {QStringLiteral("web/0")}); }),
             QStringLiteral("cannot unplace unit web/0: machine 1 has been started; remove the "
                            "unit instead"));
    QCOMPARE(apps.placementProblem(model, {QStringLiteral("web/2")}, QStringLiteral("1")),
             QStringLiteral("machine 1 has mem=1024M, unit web/2 needs mem=2048M"));
    QCOMPARE(
        errorOf([&] { apps.placeUnits(model, {QStringLiteral("web/2")}, QStringLiteral("1")); }),
        QStringLiteral("cannot place unit web/2: machine 1 has mem=1024M, unit web/2 needs "
                       "mem=2048M"));
    QCOMPARE(unitsByName(t.ws().snapshot(model)).value(QStringLiteral("web/2")).machine, QString());
    // Removing the application takes its unplaced units too.
    apps.removeApplication(model, QStringLiteral("web"));
    QVERIFY(t.ws().snapshot(model).units.isEmpty());
}

namespace {

// web on four machines, ntp its subordinate; db in a container on machine 0
// and beside web/1; cache in a container on machine 2; idle unplaced.
void buildSharedModel(TestWorkspace &t, bool provisioned)
{
    ApplicationCommands apps(t.ws());
    apps.deploy(model, deployOf(QStringLiteral("web"), 4));
    ApplicationCommands::Deploy db = deployOf(QStringLiteral("db"), 2);
    db.to = QStringLiteral("lxd:0,1");
    apps.deploy(model, db);
    ApplicationCommands::Deploy cache = deployOf(QStringLiteral("cache"));
    cache.to = QStringLiteral("lxd:2");
    apps.deploy(model, cache);
    ApplicationCommands::Deploy ntp = deployOf(QStringLiteral("ntp"));
    ntp.subordinate = true;
    apps.deploy(model, ntp);
    apps.relate(model, QStringLiteral("ntp"), QStringLiteral("web"));
    ApplicationCommands::Deploy idle = deployOf(QStringLiteral("idle"), 2);
    idle.unplaced = true;
    apps.deploy(model, idle);
    if (provisioned)
        QVERIFY(
            Provisioner(t.path(), t.clouds, model).runUntilIdle(std::atomic<bool>(false), 60'000));
}

// Every machine with its life and status, every unit with where it is.
QStringList summary(const ModelSnapshot &s)
{
    QStringList lines;
    for (const MachineRecord &m : s.machines)
        lines << m.name + u' ' + MachineState::text(m.state.life) + u' ' +
                     MachineState::text(m.state.status);
    for (const UnitRecord &u : s.units)
        lines << u.name() + u' ' + u.machine + u' ' + u.principal;
    lines.sort();
    return lines;
}

} // namespace

void TestCommands::removingUnitsTogetherLeavesWhatOneByOneLeaves_data()
{
    QTest::addColumn<bool>("provisioned");
    QTest::newRow("machines not yet provisioned (removed)") << false;
    QTest::newRow("provisioned machines (marked dead)") << true;
}

// remove-unit of many units runs as a few statements for all of them; the
// model it leaves is the one removing them one at a time leaves.
void TestCommands::removingUnitsTogetherLeavesWhatOneByOneLeaves()
{
    QFETCH(bool, provisioned);
    const QStringList doomed{QStringLiteral("web/0"),   QStringLiteral("web/1"),
                             QStringLiteral("web/2"),   QStringLiteral("db/0"),
                             QStringLiteral("cache/0"), QStringLiteral("idle/0")};
    TestWorkspace together;
    buildSharedModel(together, provisioned);
    TestWorkspace oneByOne;
    buildSharedModel(oneByOne, provisioned);
    QCOMPARE(summary(together.ws().snapshot(model)), summary(oneByOne.ws().snapshot(model)));

    // A name not there refuses the whole command, with its own message.
    QCOMPARE(errorOf([&] {
                 ApplicationCommands(together.ws())
                     .removeUnits(model, {QStringLiteral("web/0"), QStringLiteral("web/9")});
             }),
             QStringLiteral("unit \"web/9\" not found"));
    QCOMPARE(summary(together.ws().snapshot(model)), summary(oneByOne.ws().snapshot(model)));
    // A unit named twice is removed once.
    const CommandResult removed =
        ApplicationCommands(together.ws()).removeUnits(model, doomed + QStringList{doomed.first()});
    QCOMPARE(removed.messages.size(), doomed.size());
    for (const QString &unit : doomed)
        ApplicationCommands(oneByOne.ws()).removeUnits(model, {unit});
    QCOMPARE(summary(together.ws().snapshot(model)), summary(oneByOne.ws().snapshot(model)));
    // What is left, spelled out: web/3 with its ntp, db/1 and idle/1.
    const auto units = unitsByName(together.ws().snapshot(model));
    QCOMPARE(units.keys(), (QStringList{QStringLiteral("db/1"), QStringLiteral("idle/1"),
                                        QStringLiteral("ntp/3"), QStringLiteral("web/3")}));
    const auto machines = machinesByName(together.ws().snapshot(model));
    if (!provisioned) {
        // Machines made for the units went with them; machine 1 keeps db/1.
        QCOMPARE(machines.keys(), (QStringList{QStringLiteral("1"), QStringLiteral("3")}));
    } else {
        for (const QString &gone : {QStringLiteral("0"), QStringLiteral("0/lxd/0"),
                                    QStringLiteral("2"), QStringLiteral("2/lxd/0")})
            QCOMPARE(MachineState::text(machines.value(gone).state.life), QStringLiteral("dead"));
        QCOMPARE(MachineState::text(machines.value(QStringLiteral("1")).state.life),
                 QStringLiteral("alive"));
    }
    // Removing the application takes the rest the same way.
    ApplicationCommands(together.ws()).removeApplication(model, QStringLiteral("web"));
    QVERIFY(!unitsByName(together.ws().snapshot(model)).contains(QStringLiteral("ntp/3")));
}

void TestCommands::destroyingAModelRetiresEveryMachine_data()
{
    removingUnitsTogetherLeavesWhatOneByOneLeaves_data();
}

// destroy-model retires every machine in a few statements: never provisioned,
// containers first and then their hosts, they go at once (and the model
// with them); provisioned, they are marked dead for the provisioner.
void TestCommands::destroyingAModelRetiresEveryMachine()
{
    QFETCH(bool, provisioned);
    TestWorkspace t;
    ModelCommands models(t.ws());
    models.addModel(QStringLiteral("other"), {}, {});
    buildSharedModel(t, provisioned);
    MachineCommands(t.ws()).addMachines(model, {QStringLiteral("lxd:3"), 1, {}, {}, {}});
    const int before = int(t.ws().snapshot(model).machines.size());
    QCOMPARE(before, 7); // 0..3, 0/lxd/0, 2/lxd/0, 3/lxd/1

    const CommandResult result = models.destroyModel(model, true);
    if (!provisioned) {
        QCOMPARE(result.messages.first(), QStringLiteral("Destroyed model \"default\""));
        QStringList left;
        for (const auto &m : models.models())
            left << m.name;
        QCOMPARE(left, QStringList{QStringLiteral("other")});
        return;
    }
    const ModelSnapshot s = t.ws().snapshot(model);
    QVERIFY(s.model.dying);
    QVERIFY(s.units.isEmpty());
    QCOMPARE(int(s.machines.size()), before - 1); // 3/lxd/1 was never provisioned
    for (const MachineRecord &m : s.machines) {
        QCOMPARE(MachineState::text(m.state.life), QStringLiteral("dead"));
        QVERIFY2(m.name != u"3/lxd/1", qPrintable(m.name));
    }
}
