#include "core/commands/bundlecommands.h"
#include "core/commands/changeset.h"
#include "core/commands/machinecommands.h"
#include "core/commands/modelchange.h"
#include "core/inputlimits.h"
#include "core/placement/yamldocument.h"
#include "core/provisioning/provisioner.h"
#include "tests/core/commands/bundletesting.h"
#include "tests/testsupport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace berth;
using namespace BundleTesting;

namespace {

const QString model = QStringLiteral("default");

Bundle bundleFile(const QString &path, const QStringList &overlays = {})
{
    QList<QJsonValue> docs = YamlDocument::readDocuments(path, S("bundle"));
    for (const QString &overlay : overlays)
        docs += YamlDocument::readDocuments(overlay, S("overlay"));
    return Bundle::fromDocuments(docs, S("bundle \"%1\"").arg(path));
}

QString sample(const char *name)
{
    return QStringLiteral(SOURCE_DIR "/../shared/bundles/") + QString::fromUtf8(name);
}

QString ours(const char *name)
{
    return QStringLiteral(SOURCE_DIR "/tests/bundles/") + QString::fromUtf8(name);
}

// The model's shape: per application its units and which share a machine.
QStringList shape(const ModelSnapshot &s)
{
    QStringList out;
    QHash<qint64, const MachineRecord *> machines;
    for (const MachineRecord &m : s.machines)
        machines.insert(m.id, &m);
    for (const UnitRecord &u : s.units) {
        const MachineRecord *m = machines.value(u.machineId);
        out << u.name() + u'@' + (m && m->isContainer() ? S("container") : S("machine")) + u' ' +
                   u.constraints + u' ' + (m ? m->constraints : QString());
    }
    for (const ApplicationRecord &a : s.applications)
        out << a.name + u' ' + a.base + u' ' + a.constraints.toString();
    out << QString::number(s.relations.size());
    return out;
}

} // namespace

class TestBundles : public QObject
{
    Q_OBJECT

private slots:
    void readsEveryKey();
    void refusesWhatItCannotHonour_data();
    void refusesWhatItCannotHonour();
    void overlaysMergeAsJujuDoes();
    void deploysTheSamplesInOneTransaction();
    void placesEveryKindOfTo();
    void deployingAgainChangesNothing();
    void aChangedBundleChangesOnlyTheDifference();
    void aRefusedBundleChangesNothing();
    void diffsBothWays();
    void diffsAsJujuDoes();
    void exportThenDeployIsTheSameModel();
    void policiesTravelInAnnotations();
    void roundTripOfFiveHundredUnitsOverThreeRegions();
    void aLargeExportReadsBack();
    void stagesAsOneChange();
    void realBundlesDeployAgainAndRoundTrip_data();
    void realBundlesDeployAgainAndRoundTrip();
};

void TestBundles::readsEveryKey()
{
    const Bundle b = bundleFile(ours("placements.yaml"));
    QCOMPARE(b.name, S("placements"));
    QCOMPARE(b.applications.size(), 4);
    const Bundle::Application *db = b.application(S("db"));
    QVERIFY(db);
    QCOMPARE(db->charm, S("mysql"));
    QCOMPARE(db->charmUrl, S("ch:mysql"));
    QCOMPARE(db->channel, S("8.0/stable"));
    QCOMPARE(db->base, S("ubuntu@22.04")); // default-base
    QCOMPARE(db->constraints, S("mem=2048M"));
    QCOMPARE(db->to, (QStringList{S("0"), S("lxd:5")}));
    const Bundle::Application *ntp = b.application(S("ntp"));
    QCOMPARE(ntp->charm, S("ntp")); // cs:~ubuntu/jammy/ntp-12
    QVERIFY(ntp->subordinate);      // no units, no to, related
    QCOMPARE(ntp->annotations.value(S("gui-x")).toString(), S("10"));
    QCOMPARE(b.application(S("web"))->options.value(S("tuning")).toString(), S("single"));
    QCOMPARE(b.machines.size(), 2);
    QCOMPARE(b.machine(S("0"))->constraints, S("mem=4096M"));
    QCOMPARE(b.machine(S("5"))->base, S("ubuntu@22.04")); // series jammy
    QCOMPARE(b.machine(S("5"))->annotations.value(S("rack")).toString(), S("r5"));
    QCOMPARE(b.relations.size(), 2);

    // The samples: series, lxd:N, options, annotations, expose.
    const Bundle ceph = bundleFile(sample("ceph-base.yaml"));
    QCOMPARE(ceph.application(S("ceph-mon"))->base, S("ubuntu@20.04"));
    QCOMPARE(ceph.application(S("ceph-mon"))->options.value(S("expected-osd-count")).toInt(), 3);
    const Bundle k8s = bundleFile(sample("kubernetes-core-fragment.yaml"));
    QVERIFY(k8s.application(S("kubernetes-worker"))->expose);
    QCOMPARE(k8s.application(S("etcd"))->base, S("ubuntu@24.04")); // series: noble
    QCOMPARE(k8s.machine(S("1"))->constraints, S("cores=2 mem=8192M root-disk=16384M"));

    // An application's base wins; a base with a risk is read; anchors expand.
    const Bundle anchors = bundleText("series: focal\n"
                                      "variables:\n  big: &big mem=8G\n"
                                      "applications:\n"
                                      "  a: {charm: a, num_units: 1, base: ubuntu@22.04/stable,"
                                      " constraints: *big}\n"
                                      "  b: {charm: b, num_units: 1}\n");
    QCOMPARE(anchors.application(S("a"))->base, S("ubuntu@22.04"));
    QCOMPARE(anchors.application(S("a"))->constraints, S("mem=8192M"));
    QCOMPARE(anchors.application(S("b"))->base, S("ubuntu@20.04"));
    // What Berth keeps out is named.
    const Bundle kept = bundleText("applications:\n  a: {charm: a, num_units: 1, storage: {d: "
                                   "10G}, bindings: {'': alpha}, trust: true}\n");
    QCOMPARE(kept.warnings.size(), 3);
    QVERIFY(kept.warnings.first().startsWith(S("application \"a\": ")));
    // A subordinate said outright.
    QVERIFY(!bundleText("applications:\n  a: {charm: a, annotations: {berth.subordinate: "
                        "\"false\"}}\n  b: {charm: b, num_units: 1}\nrelations: [[a, b]]\n")
                 .application(S("a"))
                 ->subordinate);
    // Written back, the bundle reads the same.
    const Bundle again = Bundle::fromDocuments({b.toJson()}, S("again"));
    QCOMPARE(again.toJson(), b.toJson());
}

void TestBundles::refusesWhatItCannotHonour_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error");
    const QByteArray one = "applications:\n  a: {charm: a, num_units: 1}\n";
    QTest::newRow("kubernetes") << QByteArray("bundle: kubernetes\n") + one
                                << S("bundle \"test\" is a Kubernetes bundle (bundle: kubernetes); "
                                     "Berth deploys machine bundles");
    QTest::newRow("saas") << QByteArray("saas:\n  db: {url: x}\n") + one
                          << S("bundle \"test\": saas (offers of other models) is not supported; "
                               "remove it or deploy it with Juju");
    QTest::newRow("unknown key") << QByteArray("colour: red\n") + one
                                 << S("bundle \"test\": unknown key \"colour\"; expected "
                                      "applications, machines, relations, series or default-base");
    QTest::newRow("no applications")
        << QByteArray("name: x\n") << S("bundle \"test\" has no applications");
    QTest::newRow("unknown application key")
        << QByteArray("applications:\n  a: {charm: a, num_units: 1, colour: red}\n")
        << S("bundle \"test\": application \"a\": unknown key \"colour\"; expected charm, "
             "channel, revision, base, series, num_units, to, constraints, options, annotations "
             "or expose");
    QTest::newRow("kubernetes key")
        << QByteArray("applications:\n  a: {charm: a, scale: 2}\n")
        << S("bundle \"test\": application \"a\": scale belongs to Kubernetes bundles; Berth "
             "deploys machine bundles");
    QTest::newRow("no charm") << QByteArray("applications:\n  a: {num_units: 1}\n")
                              << S("bundle \"test\": application \"a\": charm is missing");
    QTest::newRow("bad name") << QByteArray("applications:\n  A_b: {charm: a}\n")
                              << S("bundle \"test\": application \"A_b\": invalid application "
                                   "name; expected lower-case letters, digits and single hyphens, "
                                   "starting with a letter");
    QTest::newRow("bad num_units")
        << QByteArray("applications:\n  a: {charm: a, num_units: -1}\n")
        << S("bundle \"test\": application \"a\": num_units must be a whole number from 0 to "
             "250000");
    QTest::newRow("too many placements")
        << QByteArray("applications:\n  a: {charm: a, num_units: 1, to: [new, new]}\n")
        << S("bundle \"test\": application \"a\": 2 placements for 1 units; expected at most one "
             "a unit");
    QTest::newRow("unknown machine")
        << QByteArray("applications:\n  a: {charm: a, num_units: 1, to: ['3']}\n")
        << S("bundle \"test\": application \"a\": placement \"3\" names machine \"3\", which the "
             "bundle's machines do not hold");
    QTest::newRow("unused machine") << QByteArray("machines: {'1': {}}\n") + one
                                    << S("bundle \"test\": machine \"1\" is not used by any "
                                         "placement");
    QTest::newRow("a zone in to")
        << QByteArray("applications:\n  a: {charm: a, num_units: 1, to: ['zone=x']}\n")
        << S("bundle \"test\": application \"a\": placement \"zone=x\": zones are not placements "
             "in a bundle; use the zones= constraint");
    QTest::newRow("kvm")
        << QByteArray("applications:\n  a: {charm: a, num_units: 1, to: ['kvm:new']}\n")
        << S("bundle \"test\": application \"a\": placement \"kvm:new\": Berth runs lxd "
             "containers only");
    QTest::newRow("unit beyond the bundle")
        << QByteArray("applications:\n  a: {charm: a, num_units: 1}\n  b: {charm: b, "
                      "num_units: 1, to: [a/1]}\n")
        << S("bundle \"test\": application \"b\": placement \"a/1\" names unit a/1, which the "
             "bundle does not make");
    QTest::newRow("bad constraints")
        << QByteArray("applications:\n  a: {charm: a, num_units: 1, constraints: 'mem=lots'}\n")
        << S("bundle \"test\": application \"a\": bad \"mem\" constraint: must be a non-negative "
             "float with optional M/G/T/P suffix");
    QTest::newRow("bad base")
        << QByteArray("applications:\n  a: {charm: a, num_units: 1, series: windows}\n")
        << S("bundle \"test\": application \"a\": invalid base \"windows\": expected os@channel "
             "(e.g. ubuntu@22.04) or a series name (focal, jammy, noble)");
    QTest::newRow("relation to nothing") << one + "relations: [[a, b]]\n"
                                         << S("bundle \"test\": relation a - b names application "
                                              "\"b\", which the bundle does not hold");
    QTest::newRow("relation not a pair") << one + "relations: [[a]]\n"
                                         << S("bundle \"test\": a relation is a pair of endpoints "
                                              "([\"wordpress:db\", \"mysql:db\"])");
    QTest::newRow("subordinate with units")
        << QByteArray("applications:\n  a: {charm: a, annotations: {berth.subordinate: 'true'}, "
                      "num_units: 2}\n")
        << S("bundle \"test\": application \"a\": a subordinate has no units of its own; its "
             "units follow its principals");
}

void TestBundles::refusesWhatItCannotHonour()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    QCOMPARE(errorOf([&] { bundleText(text); }), error);
}

void TestBundles::overlaysMergeAsJujuDoes()
{
    const Bundle b = bundleFile(ours("overlays.yaml"));
    QVERIFY(!b.application(S("old")));                              // given with no values: removed
    QCOMPARE(b.application(S("web"))->units, 3);                    // replaced
    QCOMPARE(b.application(S("web"))->constraints, S("mem=1024M")); // kept, from an anchor
    QCOMPARE(b.application(S("web"))->options.value(S("a")).toInt(), 1); // merged key by key
    QCOMPARE(b.application(S("web"))->options.value(S("b")).toInt(), 3);
    QVERIFY(b.application(S("agent"))->subordinate); // added, with its relation
    QCOMPARE(b.relations.size(), 1);
    // The sample overlay: to replaced, options merged, storage named, machines replaced.
    const Bundle ceph =
        bundleFile(sample("ceph-base.yaml"), {sample("ceph-base-virt-overlay.yaml")});
    QVERIFY(ceph.application(S("ceph-osd"))->to.isEmpty());
    QCOMPARE(ceph.application(S("ceph-mon"))->options.value(S("expected-osd-count")).toInt(), 6);
    QCOMPARE(ceph.application(S("ceph-mon"))->options.value(S("source")).toString(),
             S("cloud:focal-yoga"));
    QVERIFY(ceph.machines.isEmpty());
    QCOMPARE(ceph.warnings, QStringList{S("application \"ceph-osd\": storage is kept out: Berth "
                                          "does not act on it")});
}

void TestBundles::deploysTheSamplesInOneTransaction()
{
    TestWorkspace t;
    BundleCommands bundles(t.ws());
    const CommandResult r =
        bundles.deploy(model, {bundleFile(sample("ceph-base.yaml")), {}, false});
    // Juju's words, in Juju's order: applications, machines, relations, units.
    QCOMPARE(r.messages.first(),
             S("deploy application ceph-mon from charm-hub on ubuntu@20.04 with quincy/stable"));
    QVERIFY(r.messages.contains(S("add new machine 0")));
    QVERIFY(r.messages.contains(S("add unit ceph-mon/0 to 0/lxd/0")));
    QVERIFY(r.messages.contains(S("add unit ceph-osd/2 to new machine 2")));
    QCOMPARE(r.messages.indexOf(S("add relation ceph-osd:mon - ceph-mon:osd")),
             r.messages.indexOf(S("add new machine 2")) + 1);
    QCOMPARE(r.messages.last(), S("add unit ceph-mon/2 to 2/lxd/0"));
    const QMap<QString, QString> at = unitMachines(t.ws(), model);
    QCOMPARE(at.value(S("ceph-mon/1")), S("1/lxd/0"));
    QCOMPARE(at.value(S("ceph-osd/1")), S("1"));

    // Another bundle beside it makes machines of its own, and all start on sim.
    const CommandResult k8s =
        bundles.deploy(model, {bundleFile(sample("kubernetes-core-fragment.yaml")), {}, false});
    QVERIFY(k8s.messages.contains(S("add new machine 3 (bundle machine 0)")));
    QVERIFY(k8s.messages.contains(S("add unit easyrsa/0 to 3/lxd/0")));
    QCOMPARE(t.ws().snapshot(model).machines.size(), 9);
    QVERIFY(Provisioner(t.path(), t.clouds, model).runUntilIdle(std::atomic<bool>(false), 120'000));
    for (const MachineRecord &m : t.ws().snapshot(model).machines) {
        if (m.name.startsWith(u'3') || m.name.startsWith(u'4'))
            QVERIFY2(m.state.status == MachineState::Status::Started ||
                         m.state.status == MachineState::Status::Error,
                     qPrintable(m.name));
    }
}

void TestBundles::placesEveryKindOfTo()
{
    TestWorkspace t;
    BundleCommands(t.ws()).deploy(model, {bundleFile(ours("placements.yaml")), {}, false});
    const ModelSnapshot s = t.ws().snapshot(model);
    const QMap<QString, QString> at = unitMachines(t.ws(), model);
    QCOMPARE(at.value(S("db/0")), S("0"));                  // "0"
    QCOMPARE(at.value(S("db/1")), S("1/lxd/0"));            // "lxd:5": bundle machine 5 became 1
    QCOMPARE(at.value(S("web/0")), S("0"));                 // db/0: next to it
    QCOMPARE(at.value(S("web/1")), S("1/lxd/1"));           // lxd:db/1: a container on its machine
    QVERIFY(at.value(S("web/2")).contains(S("/lxd/")));     // lxd: on a new machine
    QVERIFY(!at.value(S("web/3")).contains(u'/'));          // new
    QCOMPARE(at.value(S("cache/0")), at.value(S("web/0"))); // web: its units in turn
    QVERIFY(at.value(S("cache/1")).contains(S("/lxd/")));   // lxd:new
    QVERIFY(at.value(S("cache/2")).contains(S("/lxd/")));   // fewer entries: lxd:new again
    // The subordinate follows its principal; the other relation is kept.
    QCOMPARE(at.value(S("ntp/0")), S("0"));
    QCOMPARE(at.value(S("ntp/1")), S("1/lxd/0"));
    QCOMPARE(s.relations.size(), 1);
    const Bundle out = BundleCommands(t.ws()).exportBundle(model);
    QCOMPARE(out.relations.size(), 2);
    // Machine 5's annotations and constraints came along.
    QCOMPARE(out.machine(S("0"))->constraints, S("mem=4096M"));
    QCOMPARE(out.machine(S("1"))->annotations.value(S("rack")).toString(), S("r5"));
}

void TestBundles::deployingAgainChangesNothing()
{
    TestWorkspace t;
    BundleCommands bundles(t.ws());
    const Bundle b = bundleFile(ours("placements.yaml"));
    bundles.deploy(model, {b, {}, false});
    const ModelSnapshot before = t.ws().snapshot(model);
    const CommandResult again = bundles.deploy(model, {b, {}, false});
    QCOMPARE(again.messages, QStringList());
    const ModelSnapshot after = t.ws().snapshot(model);
    QCOMPARE(after.units, before.units);
    QCOMPARE(after.machines.size(), before.machines.size());
    // As juju diff-bundle says it: the machines "new" and "lxd:new" made are
    // the model's, not the bundle's.
    QCOMPARE(bundles.diff(model, b, {}),
             (QJsonObject{{S("machines"),
                           QJsonObject{{S("2"), QJsonObject{{S("missing"), S("bundle")}}},
                                       {S("3"), QJsonObject{{S("missing"), S("bundle")}}},
                                       {S("4"), QJsonObject{{S("missing"), S("bundle")}}},
                                       {S("5"), QJsonObject{{S("missing"), S("bundle")}}}}}}));
}

void TestBundles::aChangedBundleChangesOnlyTheDifference()
{
    TestWorkspace t;
    BundleCommands bundles(t.ws());
    bundles.deploy(model, {bundleFile(sample("ceph-base.yaml")), {}, false});
    const QMap<QString, QString> before = unitMachines(t.ws(), model);
    // Two more OSDs, with new constraints; the rest as it was.
    QJsonObject doc =
        Bundle::merged(YamlDocument::readDocuments(sample("ceph-base.yaml"), S("b")), S("b"));
    QJsonObject apps = doc.value(S("applications")).toObject();
    QJsonObject osd = apps.value(S("ceph-osd")).toObject();
    osd.insert(S("num_units"), 5);
    osd.insert(S("constraints"), S("mem=8G"));
    apps.insert(S("ceph-osd"), osd);
    doc.insert(S("applications"), apps);
    const Bundle changed = Bundle::fromDocuments({doc}, S("changed"));
    QCOMPARE(bundles.diff(model, changed, {}).value(S("applications")).toObject(),
             (QJsonObject{
                 {S("ceph-osd"),
                  QJsonObject{{S("constraints"),
                               QJsonObject{{S("bundle"), S("mem=8192M")}, {S("model"), S("")}}},
                              {S("num_units"), QJsonObject{{S("bundle"), 5}, {S("model"), 3}}}}}}));
    const CommandResult r = bundles.deploy(model, {changed, {}, false});
    QCOMPARE(r.messages.first(), S("set constraints for ceph-osd to \"mem=8G\"")); // as written
    QCOMPARE(r.messages.size(), 3); // constraints, and two units on new machines
    const QMap<QString, QString> after = unitMachines(t.ws(), model);
    for (auto it = before.cbegin(); it != before.cend(); ++it)
        QCOMPARE(after.value(it.key()), it.value()); // nothing moved
    for (const UnitRecord &u : t.ws().snapshot(model).units) {
        if (u.name() == u"ceph-osd/4")
            QCOMPARE(u.constraints, S("mem=8192M")); // the new units take the new constraints
        if (u.name() == u"ceph-osd/0")
            QCOMPARE(u.constraints, S(""));
    }
}

void TestBundles::aRefusedBundleChangesNothing()
{
    TestWorkspace t;
    BundleCommands bundles(t.ws());
    ApplicationCommands::Deploy existing;
    existing.charm = S("postgresql");
    existing.application = S("db");
    ApplicationCommands(t.ws()).deploy(model, existing);
    const ModelSnapshot before = t.ws().snapshot(model);
    // placements.yaml deploys db from charm mysql: refused after much was done.
    QCOMPARE(errorOf([&] {
                 bundles.deploy(model, {bundleFile(ours("placements.yaml")), {}, false});
             }),
             S("application \"db\" runs charm postgresql in the model; the bundle asks for charm "
               "mysql"));
    const ModelSnapshot after = t.ws().snapshot(model);
    QCOMPARE(after.applications.size(), before.applications.size());
    QCOMPARE(after.units, before.units);
    QCOMPARE(after.machines.size(), before.machines.size());
    // A dry run changes nothing either, and says the same as a deploy.
    TestWorkspace empty;
    const CommandResult dry =
        BundleCommands(empty.ws()).deploy(model, {bundleFile(ours("placements.yaml")), {}, true});
    QVERIFY(dry.messages.contains(S("add unit db/0 to new machine 0")));
    QVERIFY(empty.ws().snapshot(model).applications.isEmpty());
    QCOMPARE(BundleCommands(empty.ws())
                 .deploy(model, {bundleFile(ours("placements.yaml")), {}, false})
                 .messages,
             dry.messages);
}

void TestBundles::diffsBothWays()
{
    TestWorkspace t;
    BundleCommands bundles(t.ws());
    bundles.deploy(model, {bundleFile(sample("ceph-base.yaml")), {}, false});
    ApplicationCommands::Deploy extra;
    extra.charm = S("grafana");
    ApplicationCommands(t.ws()).deploy(model, extra);
    const QJsonObject d = bundles.diff(model, bundleFile(ours("overlays.yaml")), {});
    const QJsonObject apps = d.value(S("applications")).toObject();
    QCOMPARE(apps.value(S("web")).toObject(), (QJsonObject{{S("missing"), S("model")}}));
    QCOMPARE(apps.value(S("grafana")).toObject(), (QJsonObject{{S("missing"), S("bundle")}}));
    QCOMPARE(apps.value(S("ceph-mon")).toObject(), (QJsonObject{{S("missing"), S("bundle")}}));
    QCOMPARE(d.value(S("machines")).toObject().value(S("3")).toObject(),
             (QJsonObject{{S("missing"), S("bundle")}}));
    const QJsonObject relations = d.value(S("relations")).toObject();
    QCOMPARE(relations.value(S("bundle-additions")).toArray(),
             (QJsonArray{QJsonArray{S("agent:"), S("web:")}})); // Juju's canonical form
    QCOMPARE(relations.value(S("model-additions")).toArray(),
             (QJsonArray{QJsonArray{S("ceph-mon:osd"), S("ceph-osd:mon")}}));
    // Machines the bundle names that the model lacks.
    TestWorkspace empty;
    QCOMPARE(BundleCommands(empty.ws())
                 .diff(model, bundleFile(sample("ceph-base.yaml")), {})
                 .value(S("machines"))
                 .toObject()
                 .value(S("2"))
                 .toObject(),
             (QJsonObject{{S("missing"), S("model")}}));
}

void TestBundles::diffsAsJujuDoes()
{
    TestWorkspace t;
    BundleCommands bundles(t.ws());
    const QByteArray text = "default-base: ubuntu@22.04\n"
                            "machines: {\"0\": {annotations: {rack: r1}}}\n"
                            "applications:\n"
                            "  web: {charm: ch:web, channel: stable, revision: 7, num_units: 1,"
                            " to: [\"0\"], options: {a: 1}, annotations: {gui-x: \"1\"}}\n";
    bundles.deploy(model, {bundleText(text), {}, false});
    MachineCommands(t.ws()).addMachines(model, {{}, 1, {}, {}, {}}); // machine 1, no units
    QCOMPARE(bundles.diff(model, bundleText(text), {}),
             (QJsonObject{{S("machines"),
                           QJsonObject{{S("1"), QJsonObject{{S("missing"), S("bundle")}}}}}}));
    // Another revision, an option dropped, other annotations, no base: what
    // Juju shows, annotations only when asked.
    const QByteArray other = "machines: {\"0\": {annotations: {rack: r2}}}\n"
                             "applications:\n"
                             "  web: {charm: ch:web, channel: stable, num_units: 1, to: [\"0\"],"
                             " annotations: {gui-x: \"2\"}}\n";
    const QJsonObject web{
        {S("base"), QJsonObject{{S("bundle"), S("")}, {S("model"), S("ubuntu@22.04")}}},
        {S("revision"), QJsonObject{{S("bundle"), -1}, {S("model"), 7}}},
        {S("options"),
         QJsonObject{{S("a"), QJsonObject{{S("bundle"), QJsonValue()}, {S("model"), 1}}}}}};
    const QJsonObject plain = bundles.diff(model, bundleText(other), {});
    QCOMPARE(plain.value(S("applications")).toObject().value(S("web")).toObject(), web);
    QCOMPARE(plain.value(S("machines")).toObject().value(S("0")).toObject(),
             (QJsonObject{
                 {S("base"), QJsonObject{{S("bundle"), S("")}, {S("model"), S("ubuntu@22.04")}}}}));
    const QJsonObject asked = bundles.diff(model, bundleText(other), {}, true);
    QCOMPARE(asked.value(S("applications"))
                 .toObject()
                 .value(S("web"))
                 .toObject()
                 .value(S("annotations")),
             QJsonValue(QJsonObject{
                 {S("gui-x"), QJsonObject{{S("bundle"), S("2")}, {S("model"), S("1")}}}}));
    QCOMPARE(asked.value(S("machines")).toObject().value(S("0")).toObject().value(S("annotations")),
             QJsonValue(QJsonObject{
                 {S("rack"), QJsonObject{{S("bundle"), S("r2")}, {S("model"), S("r1")}}}}));
}

void TestBundles::exportThenDeployIsTheSameModel()
{
    TestWorkspace t;
    BundleCommands(t.ws()).deploy(model, {bundleFile(ours("placements.yaml")), {}, false});
    QVERIFY(Provisioner(t.path(), t.clouds, model).runUntilIdle(std::atomic<bool>(false), 120'000));
    const Bundle exported = BundleCommands(t.ws()).exportBundle(model);
    // Started machines carry their zone, so a deploy lands there again.
    for (const Bundle::Machine &m : exported.machines)
        QVERIFY2(m.constraints.contains(S("zones=sim-east-")), qPrintable(m.constraints));
    // Through the text a user keeps.
    const Bundle read = Bundle::fromDocuments({exported.toJson()}, S("exported"));

    TestWorkspace other;
    BundleCommands(other.ws()).deploy(model, {read, {}, false});
    QStringList original = shape(t.ws().snapshot(model));
    QStringList copy = shape(other.ws().snapshot(model));
    // The copy's machines hold the zones as constraints; the rest is the same.
    for (QStringList *lines : {&copy, &original}) {
        for (QString &line : *lines)
            line = line.remove(QRegularExpression(S("zones=sim-east-[abc]"))).simplified();
    }
    QCOMPARE(copy, original);
    QCOMPARE(BundleCommands(other.ws()).exportBundle(model).relations.size(),
             exported.relations.size());
    // And the copy exports as the original did (machine names aside).
    QCOMPARE(BundleCommands(other.ws()).deploy(model, {read, {}, false}).messages, QStringList());
}

void TestBundles::policiesTravelInAnnotations()
{
    TestWorkspace t;
    BundleCommands bundles(t.ws());
    const CommandResult r = bundles.deploy(model, {bundleFile(ours("policies.yaml")), {}, false});
    // In Juju's words: the policies are annotations.
    QVERIFY(r.messages.contains(S("set annotations for api")));
    QVERIFY(r.messages.contains(S("set annotations for web")));
    const ModelSnapshot set = t.ws().snapshot(model);
    QStringList kinds;
    for (const PolicyRecord &p : set.policies)
        kinds << p.kind;
    kinds.sort();
    QCOMPARE(kinds, (QStringList{S("affinity"), S("deletion"), S("region"), S("zone")}));
    QVERIFY(Provisioner(t.path(), t.clouds, model).runUntilIdle(std::atomic<bool>(false), 120'000));
    // "9 units, 3 per zone", and web over regions by weight, its cap kept.
    QMap<QString, int> zones;
    QMap<QString, int> regions;
    const ModelSnapshot s = t.ws().snapshot(model);
    QHash<qint64, const MachineRecord *> machines;
    for (const MachineRecord &m : s.machines)
        machines.insert(m.id, &m);
    for (const UnitRecord &u : s.units) {
        if (u.application == u"api")
            ++zones[machines.value(u.machineId)->zone];
        else
            ++regions[machines.value(u.machineId)->region];
    }
    QCOMPARE(zones, (QMap<QString, int>{
                        {S("sim-east-a"), 3}, {S("sim-east-b"), 3}, {S("sim-east-c"), 3}}));
    QCOMPARE(regions.value(S("sim-north")), 1);
    QCOMPARE(regions.value(S("sim-east")) + regions.value(S("sim-west")), 11);
    QVERIFY(regions.value(S("sim-east")) > regions.value(S("sim-west")));

    // Exported, then deployed into a model of its own: the same spreads.
    const Bundle exported = bundles.exportBundle(model);
    QCOMPARE(exported.application(S("web"))->annotations.value(S("berth.regions")).toString(),
             S("sim-east=300,sim-west=200,sim-north=100/1"));
    QCOMPARE(exported.application(S("web"))->annotations.value(S("berth.deletion")).toString(),
             S("OLDEST_FIRST"));
    QCOMPARE(exported.application(S("web"))->annotations.value(S("berth.server-group")).toString(),
             S("anti-affinity/2"));
    QVERIFY(exported.application(S("web"))->to.isEmpty()); // the policy places them again
    TestWorkspace other;
    BundleCommands(other.ws())
        .deploy(model, {Bundle::fromDocuments({exported.toJson()}, S("x")), {}, false});
    QMap<QString, int> copied;
    const ModelSnapshot c = other.ws().snapshot(model);
    QHash<qint64, const MachineRecord *> copyMachines;
    for (const MachineRecord &m : c.machines)
        copyMachines.insert(m.id, &m);
    for (const UnitRecord &u : c.units) {
        if (u.application == u"web")
            ++copied[copyMachines.value(u.machineId)->region];
    }
    QCOMPARE(copied, regions);
    // Deployed again, the policies are as the bundle says: nothing to do.
    QCOMPARE(bundles.deploy(model, {bundleFile(ours("policies.yaml")), {}, false}).messages,
             QStringList());
    // A server group the cloud does not know is refused, naming what it takes.
    const QString refused = errorOf([&] {
        bundles.deploy(model, {bundleText("applications:\n  x: {charm: x, num_units: 1, "
                                          "annotations: {berth.server-group: sideways}}\n"),
                               {},
                               false});
    });
    QVERIFY2(refused.contains(S("berth.server-group \"sideways\"; expected anti-affinity, "
                                "soft-anti-affinity, affinity, soft-affinity, or "
                                "anti-affinity/N")),
             qPrintable(refused));
    const ModelSnapshot after = t.ws().snapshot(model);
    QVERIFY(!after.units.isEmpty());
    QVERIFY(std::none_of(after.applications.cbegin(), after.applications.cend(),
                         [](const ApplicationRecord &app) { return app.name == u"x"; }));
}

void TestBundles::roundTripOfFiveHundredUnitsOverThreeRegions()
{
    // 500 units: web over three regions by weight and cap, db three per zone
    // of the model's region, cache placed by hand next to web's units.
    const Bundle b = bundleText(
        "default-base: ubuntu@22.04\n"
        "applications:\n"
        "  web:\n    charm: web\n    num_units: 440\n    constraints: mem=1G\n"
        "    annotations: {berth.regions: 'sim-east=300,sim-west=200,sim-north=100/40'}\n"
        "  db:\n    charm: db\n    num_units: 30\n"
        "    annotations: {berth.zones: 'sim-east-a=1,sim-east-b=1,sim-east-c=1', "
        "berth.deletion: OLDEST_FIRST}\n"
        "  cache:\n    charm: cache\n    num_units: 30\n    to: [db]\n"
        "  agent:\n    charm: agent\nrelations: [[agent, web], [web:db, db:db]]\n");
    TestWorkspace t;
    BundleCommands(t.ws()).deploy(model, {b, {}, false});
    const auto spread = [](const ModelSnapshot &s) {
        QHash<qint64, const MachineRecord *> machines;
        for (const MachineRecord &m : s.machines)
            machines.insert(m.id, &m);
        QMap<QString, int> counts;
        for (const UnitRecord &u : s.units) {
            const MachineRecord *m = machines.value(u.machineId);
            ++counts[u.application + u' ' + (m ? m->region : QString())];
        }
        return counts;
    };
    const ModelSnapshot original = t.ws().snapshot(model);
    QCOMPARE(original.units.size(), 500 + 440); // the agent follows each web unit
    const QMap<QString, int> before = spread(original);
    QCOMPARE(before.value(S("web sim-north")), 40); // the cap
    QVERIFY(before.value(S("web sim-east")) > before.value(S("web sim-west")));

    const Bundle exported =
        Bundle::fromDocuments({BundleCommands(t.ws()).exportBundle(model).toJson()}, S("x"));
    TestWorkspace other;
    BundleCommands(other.ws()).deploy(model, {exported, {}, false});
    const ModelSnapshot copy = other.ws().snapshot(model);
    QCOMPARE(spread(copy), before);
    QCOMPARE(copy.relations.size(), original.relations.size());
    QCOMPARE(copy.policies.size(), original.policies.size());
    // Deployed again over the copy: nothing to do.
    QCOMPARE(BundleCommands(other.ws()).deploy(model, {exported, {}, false}).messages,
             QStringList());
}

// An export of 25,000 units is past the 1 MiB that bounds policy files: it
// reads back whole, and diff-bundle finds nothing between it and the model.
void TestBundles::aLargeExportReadsBack()
{
    TestWorkspace t;
    deployCharm(t.ws(), model, S("web"), 1);
    for (int i = 0; i < 3; ++i)
        ApplicationCommands(t.ws()).addUnits(model, S("web"), i < 2 ? 10'000 : 4'999, {});
    const QString path = t.dir.filePath(S("export.yaml"));
    const QByteArray yaml =
        BundleCommands::yaml(BundleCommands(t.ws()).exportBundle(model).toJson()).toUtf8();
    QVERIFY2(yaml.size() > Limits::maxDocumentBytes, qPrintable(QString::number(yaml.size())));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(yaml);
    file.close();
    const Bundle read = Bundle::fromDocuments(BundleCommands::readDocuments(path, {}), S("export"));
    QCOMPARE(read.application(S("web"))->units, 25'000);
    QCOMPARE(read.machines.size(), 25'000);
    BundleCommands::MachineMap existing;
    existing.existing = true;
    const QJsonObject diff = BundleCommands(t.ws()).diff(model, read, existing);
    QVERIFY2(diff.isEmpty(), QJsonDocument(diff).toJson().constData());
    // Deployed into an empty model, it would add its 25,000 units in one
    // transaction: refused with the reason, nothing added.
    TestWorkspace empty;
    QCOMPARE(errorOf([&] {
                 BundleCommands(empty.ws()).deploy(model, {read, {}, false});
             }),
             S("the bundle adds 25000 units; a bundle is deployed in one transaction, of at most "
               "10000 units: deploy it in steps (fewer num_units first)"));
    QVERIFY(empty.ws().snapshot(model).applications.isEmpty());
}

void TestBundles::stagesAsOneChange()
{
    TestWorkspace t;
    const QList<QJsonValue> docs =
        YamlDocument::readDocuments(sample("ceph-base.yaml"), S("bundle"));
    const ModelChange change = ModelChange::deployBundle(Bundle::merged(docs, S("b")));
    QCOMPARE(change.description(), S("deploy bundle ceph-base (applications: 2)"));
    // Staged, every client sees the bundle's applications, units and machines planned.
    ChangeSet(t.ws()).stage(model, change);
    const ModelSnapshot planned = ChangeSet(t.ws()).plannedSnapshot(model);
    QCOMPARE(planned.applications.size(), 2);
    QCOMPARE(planned.units.size(), 6);
    QCOMPARE(planned.machines.size(), 6);
    ChangeSet(t.ws()).discard(model, {});
    const auto restored = ModelChange::fromJson(change.command, change.args);
    QVERIFY(restored);
    restored->apply(t.ws(), model);
    QCOMPARE(t.ws().snapshot(model).units.size(), 6);
}

void TestBundles::realBundlesDeployAgainAndRoundTrip_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("units");          // principal units
    QTest::addColumn<int>("followers");      // subordinate units that follow them
    QTest::addColumn<bool>("machinesNamed"); // every unit on a bundle machine
    // The routers and ovn-chassis follow every principal they relate to:
    // Berth fetches no charm to learn which relation is container-scoped.
    QTest::newRow("openstack-like") << ours("openstack-like.yaml") << 21 << 14 << true;
    QTest::newRow("kubernetes-like") << ours("kubernetes-like.yaml") << 10 << 10 << false;
    QTest::newRow("ceph-base") << sample("ceph-base.yaml") << 6 << 0 << true;
    QTest::newRow("kubernetes-core-fragment")
        << sample("kubernetes-core-fragment.yaml") << 4 << 0 << true;
}

void TestBundles::realBundlesDeployAgainAndRoundTrip()
{
    QFETCH(QString, path);
    QFETCH(int, units);
    QFETCH(int, followers);
    QFETCH(bool, machinesNamed);
    const Bundle bundle =
        Bundle::fromDocuments(BundleCommands::readDocuments(path, {}), S("bundle"));
    TestWorkspace t;
    BundleCommands bundles(t.ws());
    const CommandResult dry = bundles.deploy(model, {bundle, {}, true});
    QCOMPARE(bundles.deploy(model, {bundle, {}, false}).messages, dry.messages);
    const ModelSnapshot s = t.ws().snapshot(model);
    int principals = 0;
    int subordinates = 0;
    for (const UnitRecord &u : s.units)
        ++(u.subordinate ? subordinates : principals);
    QCOMPARE(principals, units);
    QCOMPARE(subordinates, followers);
    // Deployed again: nothing to do; compared: only what Juju would show.
    QCOMPARE(bundles.deploy(model, {bundle, {}, false}).messages, QStringList());
    const QJsonObject diff = bundles.diff(model, bundle, {});
    if (machinesNamed)
        QCOMPARE(diff, QJsonObject());
    else
        QCOMPARE(diff.keys(), QStringList{S("machines")}); // machines "new" made
    // Exported and deployed into another model: the same model, and that
    // export deployed again there changes nothing.
    const Bundle exported =
        Bundle::fromDocuments({bundles.exportBundle(model).toJson()}, S("exported"));
    TestWorkspace other;
    BundleCommands copy(other.ws());
    copy.deploy(model, {exported, {}, false});
    QCOMPARE(shape(other.ws().snapshot(model)), shape(s));
    QCOMPARE(copy.deploy(model, {exported, {}, false}).messages, QStringList());
}

QTEST_GUILESS_MAIN(TestBundles)
#include "tst_bundles.moc"
