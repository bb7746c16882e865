// The changes a bundle makes, line by line, as `juju deploy --dry-run` says
// them: each case a rule of Juju's bundle change planner (core/bundle/changes
// in juju/juju), on an empty model and on a model that already holds units.
// Every case runs the dry run, then the deploy (which must say the same and
// make exactly that), then the deploy again (which must change nothing).
#include "core/commands/applicationcommands.h"
#include "core/commands/bundlecommands.h"
#include "core/commands/bundleplan.h"
#include "core/commands/machinecommands.h"
#include "core/placement/yamldocument.h"
#include "tests/core/commands/bundletesting.h"
#include "tests/testsupport.h"

#include <QJsonArray>
#include <QTest>

using namespace berth;
using namespace BundleTesting;

namespace {

const QString model = QStringLiteral("default");

// Deploys `bundle` after a dry run, checking both say `lines` and that a
// second deploy changes nothing.
bool deploysAs(Workspace &ws, const Bundle &bundle, const QStringList &lines,
               const BundleCommands::MachineMap &map = {})
{
    BundleCommands bundles(ws);
    const QStringList dry = bundles.deploy(model, {bundle, map, true}).messages;
    [&] { QCOMPARE(dry, lines); }();
    if (QTest::currentTestFailed())
        return false;
    const QStringList made = bundles.deploy(model, {bundle, map, false}).messages;
    [&] { QCOMPARE(made, lines); }();
    if (QTest::currentTestFailed())
        return false;
    const QStringList again = bundles.deploy(model, {bundle, map, false}).messages;
    [&] { QCOMPARE(again, QStringList()); }();
    return !QTest::currentTestFailed();
}

} // namespace

class TestBundlePlan : public QObject
{
    Q_OBJECT

private slots:
    void everyKindOfToOnAnEmptyModel();
    void aLastNewOrApplicationEntryIsUsedAgain_data();
    void aLastNewOrApplicationEntryIsUsedAgain();
    void unitNumbersFollowTheToOrder();
    void existingUnitsSatisfyDirectives();
    void containersOnExistingMachinesContinueTheirNumbers();
    void existingApplicationsGetOnlyWhatChanged();
    void machineAnnotationsReachMappedMachines();
    void anInconsistentMachineMapIsExplained();
    void placementsInACircleAreRefused();
    void recordsCarryTheSameSteps();
    void namesSortNaturally();
};

void TestBundlePlan::everyKindOfToOnAnEmptyModel()
{
    // Applications in natural order, the bundle's machines, relations, then
    // units in rounds: each change after what it needs, in the order made.
    TestWorkspace t;
    const Bundle bundle = bundleText(R"(
default-base: ubuntu@22.04
machines:
  "0": {constraints: mem=4G}
  "5": {base: jammy, annotations: {rack: r5}}
applications:
  db: {charm: ch:mysql, channel: 8.0/stable, num_units: 2, to: ["0", "lxd:5"], constraints: mem=2G}
  web: {charm: wordpress, num_units: 4, to: [db/0, "lxd:db/1", "lxd:new", new], options: {tuning: single}}
  cache: {charm: memcached, num_units: 3, to: [web, "lxd:new"]}
  ntp: {charm: "cs:~ubuntu/jammy/ntp-12", annotations: {gui-x: "10"}}
relations:
  - [ntp:juju-info, db:juju-info]
  - [web:db, db:db]
)");
    QVERIFY(deploysAs(
        t.ws(), bundle,
        {S("deploy application cache from charm-hub on ubuntu@22.04 using memcached"),
         S("deploy application db from charm-hub on ubuntu@22.04 with 8.0/stable using mysql"),
         S("deploy application ntp on ubuntu@22.04"),
         S("set annotations for ntp"),
         S("deploy application web from charm-hub on ubuntu@22.04 using wordpress"),
         S("add new machine 0"),
         S("add new machine 1 (bundle machine 5)"),
         S("set annotations for new machine 1"),
         S("add relation ntp:juju-info - db:juju-info"),
         S("add relation web:db - db:db"),
         S("add unit db/0 to new machine 0"),
         S("add unit web/0 to new machine 0 to satisfy [db/0]"),
         S("add lxd container 1/lxd/0 on new machine 1"),
         S("add lxd container 2/lxd/0 on new machine 2"),
         S("add new machine 3"),
         S("add lxd container 4/lxd/0 on new machine 4"),
         S("add lxd container 5/lxd/0 on new machine 5"),
         S("add unit cache/0 to new machine 0 to satisfy [web]"),
         S("add unit cache/1 to 4/lxd/0"),
         S("add unit cache/2 to 5/lxd/0"),
         S("add unit db/1 to 1/lxd/0"),
         S("add lxd container 1/lxd/1 on new machine 1"),
         S("add unit web/1 to 1/lxd/1 to satisfy [lxd:db/1]"),
         S("add unit web/2 to 2/lxd/0"),
         S("add unit web/3 to new machine 3")}));
    const QMap<QString, QString> at = unitMachines(t.ws(), model);
    QCOMPARE(at.value(S("web/1")), S("1/lxd/1"));
    QCOMPARE(at.value(S("cache/2")), S("5/lxd/0"));
    QCOMPARE(at.value(S("ntp/1")), S("1/lxd/0")); // the subordinate follows db/1
}

void TestBundlePlan::aLastNewOrApplicationEntryIsUsedAgain_data()
{
    QTest::addColumn<QByteArray>("bundle");
    QTest::addColumn<QStringList>("lines");
    const QByteArray head = "default-base: ubuntu@22.04\napplications:\n";
    QTest::newRow("new") << head + "  a: {charm: a, num_units: 3, to: [new]}\n"
                         << QStringList{S("deploy application a from charm-hub on ubuntu@22.04"),
                                        S("add new machine 0"),
                                        S("add new machine 1"),
                                        S("add new machine 2"),
                                        S("add unit a/0 to new machine 0"),
                                        S("add unit a/1 to new machine 1"),
                                        S("add unit a/2 to new machine 2")};
    QTest::newRow("lxd:new") << head + "  a: {charm: a, num_units: 2, to: [\"lxd:new\"]}\n"
                             << QStringList{
                                    S("deploy application a from charm-hub on ubuntu@22.04"),
                                    S("add lxd container 0/lxd/0 on new machine 0"),
                                    S("add lxd container 1/lxd/0 on new machine 1"),
                                    S("add unit a/0 to 0/lxd/0"), S("add unit a/1 to 1/lxd/0")};
    // Not a machine: the units beyond it get new machines of their own.
    QTest::newRow("machine")
        << head + "  a: {charm: a, num_units: 3, to: [\"0\"]}\nmachines: {\"0\": {}}\n"
        << QStringList{S("deploy application a from charm-hub on ubuntu@22.04"),
                       S("add new machine 0"), S("add unit a/0 to new machine 0"),
                       S("add unit a/1 to new machine 1"), S("add unit a/2 to new machine 2")};
    // Nor a unit.
    QTest::newRow("unit") << head + "  db: {charm: db, num_units: 2}\n"
                                    "  web: {charm: web, num_units: 3, to: [db/1]}\n"
                          << QStringList{S("deploy application db from charm-hub on ubuntu@22.04"),
                                         S("deploy application web from charm-hub on ubuntu@22.04"),
                                         S("add unit db/0 to new machine 0"),
                                         S("add unit db/1 to new machine 1"),
                                         S("add unit web/0 to new machine 1 to satisfy [db/1]"),
                                         S("add unit web/1 to new machine 2"),
                                         S("add unit web/2 to new machine 3")};
    // An application: beside each of its units in turn, then new machines.
    QTest::newRow("application") << head + "  db: {charm: db, num_units: 2}\n"
                                           "  web: {charm: web, num_units: 3, to: [db]}\n"
                                 << QStringList{
                                        S("deploy application db from charm-hub on ubuntu@22.04"),
                                        S("deploy application web from charm-hub on ubuntu@22.04"),
                                        S("add unit db/0 to new machine 0"),
                                        S("add unit db/1 to new machine 1"),
                                        S("add unit web/0 to new machine 0 to satisfy [db]"),
                                        S("add unit web/1 to new machine 1 to satisfy [db]"),
                                        S("add unit web/2 to new machine 2")};
    QTest::newRow("lxd:application")
        << head + "  db: {charm: db, num_units: 2, to: [\"lxd:new\"]}\n"
                  "  web: {charm: web, num_units: 2, to: [\"lxd:db\"]}\n"
        << QStringList{S("deploy application db from charm-hub on ubuntu@22.04"),
                       S("deploy application web from charm-hub on ubuntu@22.04"),
                       S("add lxd container 0/lxd/0 on new machine 0"),
                       S("add lxd container 1/lxd/0 on new machine 1"),
                       S("add unit db/0 to 0/lxd/0"),
                       S("add unit db/1 to 1/lxd/0"),
                       S("add lxd container 0/lxd/1 on new machine 0"),
                       S("add lxd container 1/lxd/1 on new machine 1"),
                       S("add unit web/0 to 0/lxd/1 to satisfy [lxd:db]"),
                       S("add unit web/1 to 1/lxd/1 to satisfy [lxd:db]")};
}

void TestBundlePlan::aLastNewOrApplicationEntryIsUsedAgain()
{
    QFETCH(QByteArray, bundle);
    QFETCH(QStringList, lines);
    TestWorkspace t;
    QVERIFY(deploysAs(t.ws(), bundleText(bundle), lines));
}

void TestBundlePlan::unitNumbersFollowTheToOrder()
{
    // A unit for `new` is not made last: a/0 takes the first entry.
    TestWorkspace t;
    QVERIFY(
        deploysAs(t.ws(),
                  bundleText("default-base: ubuntu@22.04\nmachines: {\"0\": {}}\n"
                             "applications:\n  a: {charm: a, num_units: 2, to: [new, \"0\"]}\n"),
                  {S("deploy application a from charm-hub on ubuntu@22.04"), S("add new machine 0"),
                   S("add new machine 1"), S("add unit a/0 to new machine 1"),
                   S("add unit a/1 to new machine 0")}));
    QCOMPARE(unitMachines(t.ws(), model).value(S("a/0")), S("1"));
}

void TestBundlePlan::existingUnitsSatisfyDirectives()
{
    TestWorkspace t;
    const QByteArray first = "default-base: ubuntu@22.04\n"
                             "machines: {\"0\": {}, \"1\": {}, \"2\": {}}\n"
                             "applications:\n"
                             "  a: {charm: a, num_units: 2, to: [\"0\", \"1\"]}\n"
                             "  b: {charm: b, num_units: 1, to: [\"2\"]}\n";
    QVERIFY(deploysAs(t.ws(), bundleText(first),
                      {S("deploy application a from charm-hub on ubuntu@22.04"),
                       S("deploy application b from charm-hub on ubuntu@22.04"),
                       S("add new machine 0"), S("add new machine 1"), S("add new machine 2"),
                       S("add unit a/0 to new machine 0"), S("add unit a/1 to new machine 1"),
                       S("add unit b/0 to new machine 2")}));
    // Two more units of a: "0" and "1" hold one already, so the first new
    // unit takes "2", the one no unit satisfies; the last entry is a machine,
    // so the unit beyond the list gets a new machine.
    QByteArray grown = first;
    grown.replace("a: {charm: a, num_units: 2, to: [\"0\", \"1\"]}",
                  "a: {charm: a, num_units: 4, to: [\"0\", \"1\", \"2\"]}");
    QVERIFY(
        deploysAs(t.ws(), bundleText(grown),
                  {S("add unit a/2 to existing machine 2"), S("add unit a/3 to new machine 3")}));
}

void TestBundlePlan::containersOnExistingMachinesContinueTheirNumbers()
{
    TestWorkspace t;
    QVERIFY(deploysAs(t.ws(),
                      bundleText("default-base: ubuntu@22.04\napplications:\n"
                                 "  db: {charm: db, num_units: 1, to: [\"lxd:new\"]}\n"),
                      {S("deploy application db from charm-hub on ubuntu@22.04"),
                       S("add lxd container 0/lxd/0 on new machine 0"),
                       S("add unit db/0 to 0/lxd/0")}));
    // web beside db in a container: machine 0 is in the model, so the
    // container is made with the unit, numbered after 0/lxd/0.
    QVERIFY(deploysAs(t.ws(),
                      bundleText("default-base: ubuntu@22.04\napplications:\n"
                                 "  db: {charm: db, num_units: 1, to: [\"lxd:new\"]}\n"
                                 "  web: {charm: web, num_units: 2, to: [\"lxd:db\"]}\n"),
                      {S("deploy application web from charm-hub on ubuntu@22.04"),
                       S("add unit web/0 to 0/lxd/1 to satisfy [lxd:db]"),
                       S("add unit web/1 to new machine 1")}));
    QCOMPARE(unitMachines(t.ws(), model).value(S("web/0")), S("0/lxd/1"));
}

void TestBundlePlan::existingApplicationsGetOnlyWhatChanged()
{
    TestWorkspace t;
    QVERIFY(deploysAs(t.ws(),
                      bundleText("default-base: ubuntu@22.04\napplications:\n"
                                 "  web: {charm: web, num_units: 1, options: {a: 1, b: x},"
                                 " expose: true}\n"),
                      {S("deploy application web from charm-hub on ubuntu@22.04"),
                       S("expose all endpoints of web and allow access from CIDRs 0.0.0.0/0 "
                         "and ::/0"),
                       S("add unit web/0 to new machine 0")}));
    // Options and constraints that differ, annotations that are new; the
    // constraints said as written. Leaving expose out never unexposes.
    QVERIFY(
        deploysAs(t.ws(),
                  bundleText("default-base: ubuntu@22.04\napplications:\n"
                             "  web: {charm: web, num_units: 1, options: {a: 1, b: w},"
                             " constraints: cpu-cores=4, annotations: {gui-x: \"1\"}}\n"),
                  {S("set application options for web"),
                   S("set constraints for web to \"cpu-cores=4\""), S("set annotations for web")}));
    const Bundle exported = BundleCommands(t.ws()).exportBundle(model);
    const Bundle::Application *web = exported.application(S("web"));
    QCOMPARE(web->options, (QJsonObject{{S("a"), 1}, {S("b"), S("w")}}));
    QVERIFY(web->expose);
    QCOMPARE(web->annotations.value(S("gui-x")).toString(), S("1"));
    QCOMPARE(web->constraints, S("cores=4"));
}

void TestBundlePlan::machineAnnotationsReachMappedMachines()
{
    TestWorkspace t;
    MachineCommands(t.ws()).addMachines(model, {{}, 2, {}, {}, {}});
    const Bundle bundle = bundleText("default-base: ubuntu@22.04\n"
                                     "machines: {\"1\": {annotations: {rack: r1}}}\n"
                                     "applications:\n  a: {charm: a, num_units: 1, to: [\"1\"]}\n");
    QVERIFY(deploysAs(t.ws(), bundle,
                      {S("deploy application a from charm-hub on ubuntu@22.04"),
                       S("set annotations for existing machine 1"),
                       S("add unit a/0 to existing machine 1")},
                      BundleCommands::MachineMap::parse(S("existing"))));
    const Bundle exported = BundleCommands(t.ws()).exportBundle(model);
    QCOMPARE(exported.machine(S("1"))->annotations, (QJsonObject{{S("rack"), S("r1")}}));
}

void TestBundlePlan::anInconsistentMachineMapIsExplained()
{
    TestWorkspace t;
    ApplicationCommands::Deploy a;
    a.charm = S("a");
    a.count = 1;
    ApplicationCommands(t.ws()).deploy(model, a);                    // a/0 on machine 0
    MachineCommands(t.ws()).addMachines(model, {{}, 1, {}, {}, {}}); // machine 1, unused
    // Bundle machine 4 is mapped to machine 0, where a/0 is: bundle machine
    // 5, a's, would be made for nothing.
    const Bundle bundle = bundleText("machines: {\"4\": {}, \"5\": {}}\n"
                                     "applications:\n"
                                     "  a: {charm: a, num_units: 1, to: [\"5\"]}\n"
                                     "  b: {charm: b, num_units: 1, to: [\"4\"]}\n");
    const ModelSnapshot before = t.ws().snapshot(model);
    QCOMPARE(errorOf([&] {
                 BundleCommands(t.ws()).deploy(
                     model, {bundle, BundleCommands::MachineMap::parse(S("4=0")), true});
             }),
             S("bundle and machine mapping are inconsistent: need an explicit entry mapping "
               "bundle machine \"5\", perhaps to unreferenced model machine \"1\" - the target "
               "should host [a]"));
    QCOMPARE(t.ws().snapshot(model).machines.size(), before.machines.size());
    // Given the entry, it deploys.
    QVERIFY(deploysAs(t.ws(), bundle,
                      {S("deploy application b from charm-hub on ubuntu@22.04"),
                       S("add unit b/0 to existing machine 0")},
                      BundleCommands::MachineMap::parse(S("4=0,5=1"))));
}

void TestBundlePlan::placementsInACircleAreRefused()
{
    TestWorkspace t;
    QCOMPARE(errorOf([&] {
                 BundleCommands(t.ws()).deploy(
                     model, {bundleText("applications:\n"
                                        "  a: {charm: a, num_units: 1, to: [b]}\n"
                                        "  b: {charm: b, num_units: 1, to: [a]}\n"),
                             {},
                             true});
             }),
             S("cycle in placement directives for: a, b"));
    QVERIFY(t.ws().snapshot(model).applications.isEmpty());
}

void TestBundlePlan::recordsCarryTheSameSteps()
{
    TestWorkspace t;
    QJsonArray records;
    const CommandResult r = BundleCommands(t.ws()).deploy(
        model,
        {bundleText("default-base: ubuntu@22.04\napplications:\n"
                    "  a: {charm: a, num_units: 1, to: [\"lxd:new\"]}\n"),
         {},
         true},
        &records);
    QCOMPARE(records.size(), r.messages.size());
    for (qsizetype i = 0; i < records.size(); ++i)
        QCOMPARE(records.at(i)[S("description")].toString(), r.messages.at(i));
    QCOMPARE(records.at(1).toObject(),
             (QJsonObject{{S("id"), S("addMachines-2")},
                          {S("method"), S("addMachines")},
                          {S("args"), QJsonObject{{S("container-type"), S("lxd")},
                                                  {S("base"), S("ubuntu@22.04")}}},
                          {S("requires"), QJsonArray()},
                          {S("description"), S("add lxd container 0/lxd/0 on new machine 0")}}));
    QCOMPARE(records.at(2).toObject(),
             (QJsonObject{{S("id"), S("addUnit-1")},
                          {S("method"), S("addUnit")},
                          {S("args"), QJsonObject{{S("application"), S("$deploy-0")},
                                                  {S("to"), S("$addMachines-2")}}},
                          {S("requires"), QJsonArray{S("addMachines-2"), S("deploy-0")}},
                          {S("description"), S("add unit a/0 to 0/lxd/0")}}));
}

void TestBundlePlan::namesSortNaturally()
{
    QVERIFY(BundlePlan::naturalLess(S("app2"), S("app10")));
    QVERIFY(!BundlePlan::naturalLess(S("app10"), S("app2")));
    QVERIFY(BundlePlan::naturalLess(S("a"), S("b")));
    QVERIFY(BundlePlan::naturalLess(S("a"), S("a1")));
    QVERIFY(!BundlePlan::naturalLess(S("a1"), S("a1")));
    QVERIFY(BundlePlan::naturalLess(S("9"), S("10")));
}

QTEST_GUILESS_MAIN(TestBundlePlan)
#include "tst_bundleplan.moc"
