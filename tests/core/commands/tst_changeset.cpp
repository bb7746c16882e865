#include "core/commands/changeset.h"
#include "core/commands/machinecommands.h"
#include "core/provisioning/provisioner.h"
#include "tests/testsupport.h"

#include <QTest>

using namespace berth;

namespace {

const QString model = QStringLiteral("default");

QStringList unitNames(const ModelSnapshot &s)
{
    QStringList names;
    for (const UnitRecord &u : s.units)
        names << u.name();
    names.sort();
    return names;
}

const MachineRecord *machineNamed(const ModelSnapshot &s, const QString &name)
{
    for (const MachineRecord &m : s.machines) {
        if (m.name == name)
            return &m;
    }
    return nullptr;
}

const UnitRecord *unitNamed(const ModelSnapshot &s, const QString &name)
{
    for (const UnitRecord &u : s.units) {
        if (u.name() == name)
            return &u;
    }
    return nullptr;
}

} // namespace

class TestChangeSet : public QObject
{
    Q_OBJECT

private slots:
    void stagingLeavesTheModelAsItIs();
    void stagingRefusesWhatTheCommandRefuses();
    void commitAppliesEveryChangeInOrder();
    void aRefusedChangeMakesCommitApplyNothing();
    void aPlannedMachineStaysTheSameMachine();
    void discardDropsAllOrSome();
    void provisionersIgnoreStagedChanges();
    void previewForecastsStartsCostAndSpread();
    void removalsAreShownAsPlanned();
    void batchStagingIsAllOrNothing();
    void previewSaysWhatStops();
    void placementsCommittedTogetherAreThoseMadeOneByOne();
    void aRefusedPlacementAmongManyIsNamed();
};

void TestChangeSet::stagingLeavesTheModelAsItIs()
{
    TestWorkspace t;
    ChangeSet set(t.ws());
    const StagedChangeRecord staged = set.stage(model, deployChange(QStringLiteral("web"), 2));
    QVERIFY(staged.id > 0);
    QCOMPARE(staged.author, t.ws().actor().user); // the person (tst_audit checks who)

    const ModelSnapshot now = t.ws().snapshot(model);
    QVERIFY(now.applications.isEmpty());
    QVERIFY(now.machines.isEmpty());
    QCOMPARE(set.count(model), 1);

    // Every client sees what is planned, marked as such.
    const ModelSnapshot planned = ChangeSet(t.ws()).plannedSnapshot(model);
    QCOMPARE(unitNames(planned), (QStringList{QStringLiteral("web/0"), QStringLiteral("web/1")}));
    QCOMPARE(planned.planned.changes, 1);
    QCOMPARE(planned.planned.machines.size(), 2);
    QCOMPARE(planned.planned.units.size(), 2);
    QCOMPARE(planned.planned.applications.size(), 1);
    // ...and the model itself, read again, still has none of it.
    QVERIFY(t.ws().snapshot(model).units.isEmpty());
}

void TestChangeSet::stagingRefusesWhatTheCommandRefuses()
{
    TestWorkspace t;
    ChangeSet set(t.ws());
    const QString direct =
        errorOf([&] { ModelChange::addUnits(QStringLiteral("nope"), 1, {}).apply(t.ws(), model); });
    QVERIFY(!direct.isEmpty());
    QCOMPARE(
        errorOf([&] { set.stage(model, ModelChange::addUnits(QStringLiteral("nope"), 1, {})); }),
        direct);
    QCOMPARE(set.count(model), 0);

    // A change is tried on the model as the set leaves it: units of an
    // application the set deploys can be added, and a second deploy of it is refused.
    set.stage(model, deployChange(QStringLiteral("web"), 1));
    set.stage(model, ModelChange::addUnits(QStringLiteral("web"), 2, {}));
    QVERIFY(errorOf([&] {
                set.stage(model, deployChange(QStringLiteral("web"), 1));
            }).contains(QStringLiteral("web")));
    QCOMPARE(set.count(model), 2);
    // An existing host is added at once, never staged.
    MachineCommands::AddMachine ssh;
    ssh.directive = QStringLiteral("ssh:root@localhost");
    QVERIFY(errorOf([&] {
                set.stage(model, ModelChange::addMachines(ssh));
            }).contains(QStringLiteral("without --stage")));
}

void TestChangeSet::commitAppliesEveryChangeInOrder()
{
    TestWorkspace t;
    ChangeSet set(t.ws());
    set.stage(model, deployChange(QStringLiteral("web"), 1));
    set.stage(model, ModelChange::addUnits(QStringLiteral("web"), 1, QStringLiteral("lxd:0")));
    set.stage(model, ModelChange::setConstraints(QStringLiteral("web"), QStringLiteral("mem=4G")));
    const CommandResult result = set.commit(model);
    QVERIFY(result.messages.contains(QStringLiteral("added unit web/1 to machine 0/lxd/0")));
    QCOMPARE(result.messages.constLast(), QStringLiteral("committed 3 change(s)"));

    const ModelSnapshot s = t.ws().snapshot(model);
    QCOMPARE(unitNames(s), (QStringList{QStringLiteral("web/0"), QStringLiteral("web/1")}));
    QVERIFY(machineNamed(s, QStringLiteral("0/lxd/0")));
    QCOMPARE(s.applications.constFirst().constraints.toString(), QStringLiteral("mem=4096M"));
    QCOMPARE(set.count(model), 0);
    QVERIFY(s.planned.isEmpty());
    QVERIFY(errorOf([&] { set.commit(model); }).contains(QStringLiteral("no staged changes")));
}

void TestChangeSet::aRefusedChangeMakesCommitApplyNothing()
{
    TestWorkspace t;
    ChangeSet set(t.ws());
    set.stage(model, ModelChange::addMachines({}));
    set.stage(model, deployChange(QStringLiteral("web"), 1));
    set.stage(model, ModelChange::addUnits(QStringLiteral("web"), 1, {}));
    // Someone deploys "web" for real meanwhile: the staged deploy is refused now.
    deployChange(QStringLiteral("web"), 1).apply(t.ws(), model);
    const ModelSnapshot before = t.ws().snapshot(model);

    const ChangeSet::Preview preview = set.preview(model);
    QCOMPARE(preview.items.size(), 3);
    QCOMPARE(preview.refusals(), 1);
    QVERIFY(preview.items.at(0).refusal.isEmpty());
    QVERIFY(!preview.items.at(1).refusal.isEmpty());

    const QString error = errorOf([&] { set.commit(model); });
    // Named by its id, which `discard` takes.
    const QString id = QString::number(preview.items.at(1).record.id);
    QVERIFY2(
        error.startsWith(QStringLiteral("change %1 (deploy web, 1 unit(s)) is refused: ").arg(id)),
        qPrintable(error));
    QVERIFY(error.endsWith(
        QStringLiteral("nothing was committed and the change set is kept (discard it with its "
                       "id: %1)")
            .arg(id)));
    QCOMPARE(t.ws().snapshot(model).machines, before.machines);
    QCOMPARE(t.ws().snapshot(model).units, before.units);
    QCOMPARE(set.count(model), 3);

    // Without the refused change, the rest commits.
    set.discard(model, {preview.items.at(1).record.id});
    set.commit(model);
    const ModelSnapshot after = t.ws().snapshot(model);
    QCOMPARE(after.machines.size(), before.machines.size() + 2);
    QCOMPARE(unitNames(after), (QStringList{QStringLiteral("web/0"), QStringLiteral("web/1")}));
}

void TestChangeSet::aPlannedMachineStaysTheSameMachine()
{
    TestWorkspace t;
    ChangeSet set(t.ws());
    set.stage(model, deployChange(QStringLiteral("web"), 2)); // plans machines 0 and 1
    set.stage(model, ModelChange::addUnplacedUnits(QStringLiteral("web"), 1));
    // The user places web/2 on machine 1 as the planned model shows it.
    set.stage(model, ModelChange::placeUnits({QStringLiteral("web/2")}, QStringLiteral("lxd:1")));
    // Another client adds machine 0 for real: the planned machines become 1 and 2.
    ModelChange::addMachines({}).apply(t.ws(), model);

    const ChangeSet::Preview preview = set.preview(model);
    QCOMPARE(preview.refusals(), 0);
    QCOMPARE(preview.items.at(2).change.description(), QStringLiteral("place web/2 on lxd:2"));
    set.commit(model);
    const ModelSnapshot s = t.ws().snapshot(model);
    const UnitRecord *web1 = unitNamed(s, QStringLiteral("web/1"));
    const UnitRecord *web2 = unitNamed(s, QStringLiteral("web/2"));
    QVERIFY(web1 && web2);
    QCOMPARE(web1->machine, QStringLiteral("2"));
    QCOMPARE(web2->machine, QStringLiteral("2/lxd/0")); // beside web/1, as placed
}

void TestChangeSet::discardDropsAllOrSome()
{
    TestWorkspace t;
    ChangeSet set(t.ws());
    const auto first = set.stage(model, deployChange(QStringLiteral("web"), 1));
    set.stage(model, deployChange(QStringLiteral("db"), 1));
    set.stage(model, deployChange(QStringLiteral("cache"), 1));
    QCOMPARE(set.discard(model, {first.id}), 1);
    QCOMPARE(set.count(model), 2);
    QVERIFY(errorOf([&] { set.discard(model, {first.id}); }).contains(QStringLiteral("no change")));
    QCOMPARE(set.discard(model), 2);
    QCOMPARE(set.count(model), 0);
    QVERIFY(t.ws().snapshot(model).applications.isEmpty());
}

void TestChangeSet::provisionersIgnoreStagedChanges()
{
    TestWorkspace t;
    ChangeSet set(t.ws());
    deployChange(QStringLiteral("db"), 1).apply(t.ws(), model);
    set.stage(model, deployChange(QStringLiteral("web"), 3));
    Provisioner provisioner(t.path(), t.clouds, model);
    const std::atomic<bool> cancel = false;
    QVERIFY(provisioner.runUntilIdle(cancel, 60'000));
    ProviderError error;
    QCOMPARE(t.clouds.provider(QStringLiteral("sim")).listInstances({}, {}, &error).size(), 1);
    QCOMPARE(set.count(model), 1);

    set.commit(model);
    QVERIFY(provisioner.runUntilIdle(cancel, 60'000));
    QCOMPARE(t.clouds.provider(QStringLiteral("sim")).listInstances({}, {}, &error).size(), 4);
}

void TestChangeSet::previewForecastsStartsCostAndSpread()
{
    TestWorkspace t;
    ChangeSet set(t.ws());
    set.stage(model, deployChange(QStringLiteral("web"), 3));
    set.stage(model,
              ModelChange::addUnits(QStringLiteral("web"), 1, QStringLiteral("zone=sim-east-a")));
    const ChangeSet::Preview preview = set.preview(model);
    const StartForecast &f = preview.forecast;
    QCOMPARE(f.instances(), 4);
    const CloudInfo &cloud = t.clouds.get(QStringLiteral("sim"));
    const RegionInfo *east = cloud.region(QStringLiteral("sim-east"));
    QVERIFY(east);
    QSet<QString> zones;
    double cost = 0;
    for (const StartForecast::Starts &s : f.starts) {
        QCOMPARE(s.region, QStringLiteral("sim-east"));
        const InstanceType *type = east->instanceType(s.instanceType);
        QVERIFY2(type, qPrintable(s.instanceType));
        QCOMPARE(s.hourlyCost, type->cost * s.count);
        cost += s.hourlyCost;
        zones.insert(s.zone);
    }
    QCOMPARE(f.hourlyCost, cost);
    QVERIFY(cost > 0);
    QCOMPARE(zones.size(), 3); // spread over the region's zones
    QCOMPARE(f.spreads.size(), 1);
    const StartForecast::Spread &web = f.spreads.constFirst();
    QCOMPARE(web.application, QStringLiteral("web"));
    QCOMPARE(web.after.value(QStringLiteral("sim-east-a")), 2);
    QCOMPARE(web.skewAfter, 1);
    QVERIFY(f.unfit.isEmpty());

    // A machine no type fits is named, with the chooser's reason.
    set.stage(model, ModelChange::addMachines({{}, 1, {}, QStringLiteral("mem=100000G"), {}}));
    const ChangeSet::Preview more = set.preview(model);
    QCOMPARE(more.forecast.unfit.size(), 1);
    QVERIFY(!more.forecast.unfit.constFirst().reason.isEmpty());
}

void TestChangeSet::removalsAreShownAsPlanned()
{
    TestWorkspace t;
    ChangeSet set(t.ws());
    deployChange(QStringLiteral("web"), 2).apply(t.ws(), model);
    set.stage(model, ModelChange::removeUnits({QStringLiteral("web/1")}));
    const ModelSnapshot planned = set.plannedSnapshot(model);
    const UnitRecord *gone = unitNamed(planned, QStringLiteral("web/1"));
    QVERIFY(gone);                                            // still shown...
    QVERIFY(planned.planned.removedUnits.contains(gone->id)); // ...as going
    const MachineRecord *host = machineNamed(planned, QStringLiteral("1"));
    QVERIFY(host);
    QVERIFY(planned.planned.removedMachines.contains(host->id)); // made for it: goes with it
    QVERIFY(
        !planned.planned.removedUnits.contains(unitNamed(planned, QStringLiteral("web/0"))->id));
}

void TestChangeSet::batchStagingIsAllOrNothing()
{
    TestWorkspace t;
    ChangeSet set(t.ws());
    QVERIFY(!errorOf([&] {
                 set.stage(model, ModelChange::addUnplacedUnits(QStringLiteral("web"), 1));
             }).isEmpty()); // there is no web
    QCOMPARE(set.count(model), 0);
    ApplicationCommands::Deploy web;
    web.charm = QStringLiteral("web");
    web.unplaced = true;
    ModelChange::deploy(web).apply(t.ws(), model); // web/0, unplaced
    const QList<ModelChange> batch{
        ModelChange::addUnplacedUnits(QStringLiteral("web"), 2),
        ModelChange::placeUnits({QStringLiteral("web/0")}, {}),
        ModelChange::placeUnits({QStringLiteral("web/9")}, {}), // no such unit
    };
    QVERIFY(errorOf([&] { set.stage(model, batch); }).contains(QStringLiteral("web/9")));
    QCOMPARE(set.count(model), 0);
    QCOMPARE(set.stage(model, batch.mid(0, 2)).size(), 2);
    QCOMPARE(set.count(model), 2);
}

void TestChangeSet::previewSaysWhatStops()
{
    // web/0 on an m5.4xlarge, web/1 on a machine still waiting, a machine
    // of its own that runs nothing
    TestWorkspace t;
    ChangeSet set(t.ws());
    deployChange(QStringLiteral("web"), 2).apply(t.ws(), model);
    AsTheProvisioner::started(t.ws(), model, QStringLiteral("0"), QStringLiteral("i-16"),
                              QStringLiteral("arch=amd64 cores=16 mem=65536M"),
                              QStringLiteral("m5.4xlarge"));
    MachineCommands(t.ws()).addMachines(model, {{}, 1, {}, {}, {}});
    AsTheProvisioner::started(t.ws(), model, QStringLiteral("2"), QStringLiteral("i-17"),
                              QStringLiteral("arch=amd64 cores=1 mem=2048M"),
                              QStringLiteral("t3.small"));

    // Removing both units stops only the instance that runs; the idle
    // machine 2 stays (it was not made for them)
    set.stage(model, ModelChange::removeUnits({QStringLiteral("web/0"), QStringLiteral("web/1")}));
    StartForecast f = set.preview(model).forecast;
    QCOMPARE(f.instances(), 0);
    QCOMPARE(f.stops.size(), 1);
    QCOMPARE(f.stops.first().machine, QStringLiteral("0"));
    QCOMPARE(f.stops.first().instanceId, QStringLiteral("i-16"));
    QCOMPARE(f.stops.first().instanceType, QStringLiteral("m5.4xlarge"));
    QCOMPARE(f.stoppedHourlyCost, 0.768);
    QCOMPARE(f.costChange(), -0.768);

    // Removing machine 2 as well adds its stop and saving
    set.stage(model, ModelChange::removeMachines({QStringLiteral("2")}, false));
    f = set.preview(model).forecast;
    QCOMPARE(f.stops.size(), 2);
    QCOMPARE(f.stoppedHourlyCost, 0.768 + 0.0208);
}

QTEST_GUILESS_MAIN(TestChangeSet)
#include "tst_changeset.moc"

namespace {

// Unplaced units of applications with different constraints, units with
// constraints of their own, and an application that brings a subordinate.
void unplacedUnits(Workspace &ws)
{
    ApplicationCommands apps(ws);
    ApplicationCommands::Deploy d;
    d.unplaced = true;
    d.charm = QStringLiteral("web");
    d.count = 4;
    d.constraints = QStringLiteral("mem=2G");
    apps.deploy(model, d);
    d.charm = QStringLiteral("db");
    d.count = 2;
    d.constraints.clear();
    apps.deploy(model, d);
    apps.addUnplacedUnits(model, QStringLiteral("db"), 1, QStringLiteral("cores=2"));
    d.charm = QStringLiteral("app");
    apps.deploy(model, d);
    deploySubordinate(ws, model, QStringLiteral("ntp"), QStringLiteral("app"));
}

// Where each unit is, its machine's constraints, and the machines made.
QStringList placementsOf(const ModelSnapshot &s)
{
    QStringList lines;
    for (const UnitRecord &u : s.units)
        lines << u.name() + u" on " + u.machine;
    for (const MachineRecord &m : s.machines) {
        lines << u"machine " + m.name + u' ' + m.constraints + u' ' + m.region + u' ' + m.placement;
    }
    lines.sort();
    return lines;
}

} // namespace

void TestChangeSet::placementsCommittedTogetherAreThoseMadeOneByOne()
{
    // One placement a staged change, as dragging units one at a time
    // stages them, with a unit placed beside one a staged placement puts on
    // its new machine. Committed (the placements applied together), the
    // model is the one applying each change alone, in order, gives.
    const QStringList units{
        QStringLiteral("web/0"), QStringLiteral("web/1"), QStringLiteral("db/0"),
        QStringLiteral("web/2"), QStringLiteral("db/2"),  QStringLiteral("db/1"),
        QStringLiteral("app/0"), QStringLiteral("app/1"), QStringLiteral("web/3")};
    TestWorkspace staged;
    unplacedUnits(staged.ws());
    ChangeSet set(staged.ws());
    QList<ModelChange> changes;
    for (const QString &unit : units)
        changes << ModelChange::placeUnits({unit}, {});
    set.stage(model, changes);
    // The planned machine web/1 goes to, as the preview shows it.
    const ChangeSet::Preview preview = set.preview(model);
    QCOMPARE(preview.refusals(), 0);
    QCOMPARE(preview.items.at(1).messages,
             QStringList{QStringLiteral("placed unit web/1 on machine 1")});
    changes = {ModelChange::addUnits(QStringLiteral("db"), 1, QStringLiteral("lxd:1"))};
    set.stage(model, changes);
    // Another client adds a machine meanwhile: web/1's becomes machine 2.
    ModelChange::addMachines({}).apply(staged.ws(), model);
    ModelChange::addMachines({}).apply(staged.ws(), model); // ...and 3: the other's
    QList<ModelChange> applied;
    const CommandResult committed = set.commit(model, &applied);

    TestWorkspace alone;
    unplacedUnits(alone.ws());
    ModelChange::addMachines({}).apply(alone.ws(), model);
    ModelChange::addMachines({}).apply(alone.ws(), model);
    QStringList messages;
    for (const ModelChange &change : std::as_const(applied))
        messages += change.apply(alone.ws(), model).messages;
    messages << QStringLiteral("committed 10 change(s)");

    QCOMPARE(committed.messages, messages);
    QVERIFY(committed.messages.contains(QStringLiteral("placed unit web/1 on machine 3")));
    QVERIFY(committed.messages.contains(QStringLiteral("added unit db/3 to machine 3/lxd/0")));
    const ModelSnapshot together = staged.ws().snapshot(model);
    QCOMPARE(placementsOf(together), placementsOf(alone.ws().snapshot(model)));
    // The subordinate came with each principal placed.
    QCOMPARE(unitNamed(together, QStringLiteral("ntp/0"))->machine,
             unitNamed(together, QStringLiteral("app/0"))->machine);
    QCOMPARE(unitNamed(together, QStringLiteral("ntp/1"))->machine,
             unitNamed(together, QStringLiteral("app/1"))->machine);
}

void TestChangeSet::aRefusedPlacementAmongManyIsNamed()
{
    TestWorkspace t;
    unplacedUnits(t.ws());
    ChangeSet set(t.ws());
    QList<ModelChange> changes;
    for (const QString &unit : {QStringLiteral("web/0"), QStringLiteral("web/1"),
                                QStringLiteral("web/2"), QStringLiteral("web/3")})
        changes << ModelChange::placeUnits({unit}, {});
    const QList<StagedChangeRecord> records = set.stage(model, changes);
    // Another client places web/2 meanwhile.
    ModelChange::placeUnits({QStringLiteral("web/2")}, {}).apply(t.ws(), model);
    const ModelSnapshot before = t.ws().snapshot(model);

    const QString id = QString::number(records.at(2).id);
    QCOMPARE(errorOf([&] { set.commit(model); }),
             QStringLiteral("change %1 (place web/2 on a new machine) is refused: cannot place "
                            "unit web/2: it is already on machine 0; nothing was committed and "
                            "the change set is kept (discard it with its id: %1)")
                 .arg(id));
    QCOMPARE(placementsOf(t.ws().snapshot(model)), placementsOf(before));
    QCOMPARE(set.count(model), 4);
    // The preview marks that one alone.
    const ChangeSet::Preview preview = set.preview(model);
    QCOMPARE(preview.refusals(), 1);
    QVERIFY(!preview.items.at(2).refusal.isEmpty());
    QCOMPARE(preview.items.at(3).messages,
             QStringList{QStringLiteral("placed unit web/3 on machine 3")});
}
