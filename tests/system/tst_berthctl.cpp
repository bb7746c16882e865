// berthctl as a user runs it: a separate process on a store file.
#include "core/store/cloudaccounts.h"
#include "core/store/modelrows.h"
#include "core/store/store.h"
#include "keychain/filesecretstore.h"
#include "tests/testsupport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSysInfo>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <yaml-cpp/yaml.h>

using namespace berth;

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

} // namespace

class TestBerthctl : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void helpAndUnknownCommands();
    void seedsSequenceThroughTheCommandLine();
    void statusFormatsAgree();
    void failuresAreOneLineAndChangeNothing_data();
    void failuresAreOneLineAndChangeNothing();
    void describesTheSimCloud();
    void modelsSwitchAndConfig();
    void dbOptionAndEnvironmentChooseTheStore();
    void cloudAccounts_data();
    void cloudAccounts();
    void provisionInstancesAndRetry();
    void showStatusLogListsAMachinesMoves();
    void placementPlanSpeaksSenlin();
    void applicationPoliciesThroughTheCommandLine();
    void stagedChangesBetweenTwoClients();
    void destroyModelStopsItsInstances();
    void foregroundProvisionerTakesUpCloudSettings();
    void theCommandsJujuUsersTypeFirst();
    void aJujuUsersHabitsAreTaken();
    void untilIdleBesideARunningProvisioner();
    void jujusModelConfigNames();
    void dryRunsAndKeepInstance();
    void readingCommandsAskNoCloud();
    void logSaysWhoChangedWhat();
    void searchFindsThingsInEveryModel();

private:
    // berthctl with `args` on this test's store (or `db`), started in `process`.
    void start(QProcess &process, const QStringList &args, const QString &db = {});
    Run run(const QStringList &args, const QString &db = {});
    QJsonObject json(const QStringList &args);
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_db;
};

void TestBerthctl::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_db = m_dir->filePath(QStringLiteral("berth.sqlite"));
}

void TestBerthctl::start(QProcess &process, const QStringList &args, const QString &db)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("BERTH_DB"), db.isEmpty() ? m_db : db);
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir->filePath(QStringLiteral("data")));
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(BERTHCTL_PATH), args);
}

Run TestBerthctl::run(const QStringList &args, const QString &db)
{
    QProcess process;
    start(process, args, db);
    if (!process.waitForFinished(60'000))
        return {};
    return {process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

QJsonObject TestBerthctl::json(const QStringList &args)
{
    const Run r = run(args + QStringList{QStringLiteral("--format"), QStringLiteral("json")});
    if (r.exitCode != 0)
        qWarning() << r.err;
    return QJsonDocument::fromJson(r.out.toUtf8()).object();
}

void TestBerthctl::jujusModelConfigNames()
{
    const auto S = [](const char *text) { return QString::fromUtf8(text); };

    // Juju's names set Berth's settings and read them back.
    Run r =
        run({S("model-config"), S("num-provision-workers=4"), S("provisioner-harvest-mode=none")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(run({S("model-config"), S("provision-workers")}).out, S("4\n"));
    QCOMPARE(run({S("model-config"), S("provisioner-harvest-mode")}).out, S("none\n"));
    // harvest-mode=all is taken with a warning of what it puts at risk.
    r = run({S("model-config"), S("provisioner-harvest-mode=all")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.startsWith(S("WARNING harvest-mode=all also stops every instance")),
             qPrintable(r.err));
    // resource-tags: key=value words; Berth's own keys are its own.
    QCOMPARE(run({S("model-config"), S("resource-tags=owner=ops  env=prod")}).exitCode, 0);
    QCOMPARE(run({S("model-config"), S("resource-tags")}).out, S("owner=ops env=prod\n"));
    r = run({S("model-config"), S("resource-tags=berth-model-uuid=x")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(S("not starting with berth-")), qPrintable(r.err));
    QCOMPARE(run({S("model-config"), S("resource-tags")}).out, S("owner=ops env=prod\n"));
    QCOMPARE(run({S("model-config"), S("num-container-provision-workers=0")}).exitCode, 1);

    // mode=requires-prompts: a removal asks, and with no terminal to ask on
    // it is refused unless --no-prompt.
    QCOMPARE(run({S("add-machine")}).exitCode, 0);
    QCOMPARE(run({S("model-config"), S("mode=requires-prompts")}).exitCode, 0);
    r = run({S("remove-machine"), S("0")});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.err, S("ERROR model default has mode=requires-prompts and there is no terminal to "
                      "ask on: give --no-prompt to remove machine 0\n"));
    QCOMPARE(json({S("machines")}).value(S("machines")).toObject().size(), 1);
    QCOMPARE(run({S("remove-machine"), S("0"), S("--dry-run")}).exitCode, 0);
    QCOMPARE(run({S("remove-machine"), S("0"), S("--no-prompt")}).exitCode, 0);
    QCOMPARE(json({S("machines")}).value(S("machines")).toObject().size(), 0);
    QCOMPARE(run({S("model-config"), S("mode=ask")}).exitCode, 1);

    // resolved (and resolve) point a Juju user at what Berth retries.
    QCOMPARE(run({S("deploy"), S("web")}).exitCode, 0);
    Run resolved = run({S("resolved"), S("web/0")});
    QCOMPARE(resolved.exitCode, 1);
    QVERIFY2(resolved.err.contains(S("unit web/0 is not in error")) &&
                 resolved.err.contains(S("retry-provisioning")),
             qPrintable(resolved.err));
    QCOMPARE(run({S("resolve"), S("web/9")}).exitCode, 1);

    // A charm that is only ever a subordinate is deployed as one, as Juju
    // does from its metadata; placing units makes it a principal, with a note.
    r = run({S("deploy"), S("ntp")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.startsWith(S("note: ntp is a subordinate charm: deployed as a subordinate")),
             qPrintable(r.err));
    QCOMPARE(run({S("relate"), S("ntp"), S("web")}).exitCode, 0);
    QCOMPARE(json({S("status")})
                 .value(S("applications"))
                 .toObject()
                 .value(S("ntp"))
                 .toObject()
                 .value(S("subordinate"))
                 .toBool(),
             true);
    r = run({S("deploy"), S("telegraf"), S("-n"), S("2")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.contains(S("deployed as a principal because units were placed")),
             qPrintable(r.err));

    // remove-unit APP -n N --dry-run names the units the policies would take.
    r = run({S("remove-unit"), S("telegraf"), S("-n"), S("1"), S("--dry-run"), S("--criteria"),
             S("OLDEST_FIRST")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.startsWith(S("will remove unit telegraf/0\nwill remove machine ")),
             qPrintable(r.out));
    QCOMPARE(json({S("status")})
                 .value(S("applications"))
                 .toObject()
                 .value(S("telegraf"))
                 .toObject()
                 .value(S("units"))
                 .toObject()
                 .size(),
             2);
}

void TestBerthctl::stagedChangesBetweenTwoClients()
{
    const auto S = [](const char *text) { return QString::fromUtf8(text); };
    QCOMPARE(run({S("deploy"), S("db")}).exitCode, 0); // machine 0

    // One client stages: nothing changes in the model but its change set.
    Run r = run({S("--stage"), S("deploy"), S("web"), S("-n"), S("2")}); // plans machines 1, 2
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.startsWith(S("staged change 1: deploy web, 2 unit(s)")), qPrintable(r.out));
    QCOMPARE(run({S("--stage"), S("add-unit"), S("web"), S("--to"), S("lxd:2")}).exitCode, 0);
    QCOMPARE(json({S("status")}).value(S("applications")).toObject().keys(), QStringList{S("db")});
    r = run({S("--stage"), S("provision")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.startsWith(S("ERROR provision cannot be staged")));

    // The other sees what is planned, with what commit would start.
    QJsonObject changes = json({S("changes")});
    QCOMPARE(changes.value(S("changes")).toArray().size(), 2);
    QCOMPARE(changes.value(S("instances")).toInt(), 3); // two machines and a container
    QVERIFY(changes.value(S("hourly-cost")).toDouble() > 0);
    QCOMPARE(changes.value(S("refused")).toInt(), 0);
    const Run yaml = run({S("changes"), S("--format"), S("yaml")});
    QCOMPARE(yaml.exitCode, 0);
    QCOMPARE(YAML::Load(yaml.out.toStdString())["changes"].size(), std::size_t(2));
    // ...adds a machine of its own meanwhile, so the planned ones move up...
    QCOMPARE(run({S("add-machine")}).exitCode, 0); // machine 1
    const Run table = run({S("changes")});
    QVERIFY2(table.out.contains(S("add 1 unit(s) of web, to lxd:3")), qPrintable(table.out));
    QVERIFY(table.out.contains(S("Commit starts 3 instance(s)")));
    // ...and commits: all of it, in one transaction.
    r = run({S("commit")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains(S("added unit web/2 to machine 3/lxd/0")));
    QVERIFY(r.out.contains(S("committed 2 change(s)")));
    const QJsonObject units =
        json({S("status")}).value(S("applications")).toObject().value(S("web")).toObject();
    QVERIFY(!units.isEmpty());
    QVERIFY(run({S("changes")}).out.contains(S("has no staged changes")));

    // Discard drops staged changes and nothing else.
    QCOMPARE(run({S("--stage"), S("remove-application"), S("db")}).exitCode, 0);
    r = run({S("discard")});
    QCOMPARE(r.out.trimmed(), S("discarded 1 staged change(s) of model default"));
    QVERIFY(json({S("status")}).value(S("applications")).toObject().contains(S("db")));

    // A change refused at commit: one line naming it, nothing applied, the set kept.
    QCOMPARE(run({S("--stage"), S("add-machine")}).exitCode, 0);
    QCOMPARE(run({S("--stage"), S("deploy"), S("cache")}).exitCode, 0);
    QCOMPARE(run({S("deploy"), S("cache")}).exitCode, 0);
    const int machines = json({S("status")}).value(S("machines")).toObject().size();
    r = run({S("commit")});
    QCOMPARE(r.exitCode, 1);
    // Named by the id `changes` lists and `discard` takes.
    const QString id = QString::number(json({S("changes")})
                                           .value(S("changes"))
                                           .toArray()
                                           .at(1)
                                           .toObject()
                                           .value(S("id"))
                                           .toInteger());
    QVERIFY2(r.err.startsWith(S("ERROR change %1 (deploy cache, 1 unit(s)) is refused: ").arg(id)),
             qPrintable(r.err));
    QCOMPARE(r.err.count(u'\n'), 1);
    QCOMPARE(json({S("status")}).value(S("machines")).toObject().size(), machines);
    changes = json({S("changes")});
    QCOMPARE(changes.value(S("changes")).toArray().size(), 2);
    QCOMPARE(changes.value(S("refused")).toInt(), 1);
    r = run({S("discard"), S("x")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.contains(S("bad change id")));
}

void TestBerthctl::showStatusLogListsAMachinesMoves()
{
    QCOMPARE(run({QStringLiteral("update-cloud"), QStringLiteral("sim"), QStringLiteral("--config"),
                  QStringLiteral("latency-ms=0"), QStringLiteral("--config"),
                  QStringLiteral("state-file=") + m_dir->filePath(QStringLiteral("sim.sqlite"))})
                 .exitCode,
             0);
    QCOMPARE(run({QStringLiteral("deploy"), QStringLiteral("web")}).exitCode, 0);
    QCOMPARE(run({QStringLiteral("provision"), QStringLiteral("--until-idle")}).exitCode, 0);

    // As JSON: each move, oldest first, in the store's words
    const Run r = run({QStringLiteral("show-status-log"), QStringLiteral("0"),
                       QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonArray log = QJsonDocument::fromJson(r.out.toUtf8()).array();
    QCOMPARE(log.size(), 2);
    QCOMPARE(log.at(0)[QStringLiteral("instance-status")].toString(),
             QStringLiteral("provisioning"));
    QCOMPARE(log.at(1)[QStringLiteral("status")].toString(), QStringLiteral("started"));
    QVERIFY(
        log.at(1)[QStringLiteral("message")].toString().startsWith(QStringLiteral("instance ")));
    QVERIFY(!log.at(1)[QStringLiteral("time")].toString().isEmpty());

    // As a table, and a machine that is not there in one line
    const Run table = run({QStringLiteral("show-status-log"), QStringLiteral("0")});
    QVERIFY(table.out.startsWith(QStringLiteral("Time")));
    QCOMPARE(table.out.count(u'\n'), 3);
    const Run missing = run({QStringLiteral("show-status-log"), QStringLiteral("9")});
    QCOMPARE(missing.exitCode, 1);
    QCOMPARE(missing.err, QStringLiteral("ERROR machine 9 not found\n"));
}

void TestBerthctl::helpAndUnknownCommands()
{
    Run r = run({QStringLiteral("help")});
    QCOMPARE(r.exitCode, 0);
    for (const char *command :
         {"deploy", "add-unit", "remove-unit", "remove-application", "set-constraints",
          "constraints", "relate", "add-machine", "remove-machine", "status", "clouds",
          "show-cloud", "add-model", "models", "switch", "model-config", "set-model-constraints",
          "model-constraints"}) {
        QVERIFY2(r.out.contains(QLatin1StringView(command)), command);
    }
    r = run({QStringLiteral("frobnicate")});
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.err, QStringLiteral("ERROR unknown command \"frobnicate\"; run \"berthctl help\" "
                                   "for the list\n"));
}

void TestBerthctl::seedsSequenceThroughTheCommandLine()
{
    QCOMPARE(run({QStringLiteral("deploy"), QStringLiteral("--constraints"),
                  QStringLiteral("mem=2G"), QStringLiteral("wordpress")})
                 .exitCode,
             0);
    QCOMPARE(run({QStringLiteral("set-constraints"), QStringLiteral("--application"),
                  QStringLiteral("wordpress"), QStringLiteral("mem=3G")})
                 .exitCode,
             0);
    QCOMPARE(run({QStringLiteral("add-unit"), QStringLiteral("wordpress"), QStringLiteral("-n"),
                  QStringLiteral("2")})
                 .exitCode,
             0);
    const QJsonObject status = json({QStringLiteral("status")});
    const QJsonObject machines = status.value(QStringLiteral("machines")).toObject();
    QCOMPARE(machines.size(), 3);
    QCOMPARE(machines.value(QStringLiteral("0"))
                 .toObject()
                 .value(QStringLiteral("constraints"))
                 .toString(),
             QStringLiteral("mem=2048M"));
    QCOMPARE(machines.value(QStringLiteral("1"))
                 .toObject()
                 .value(QStringLiteral("constraints"))
                 .toString(),
             QStringLiteral("mem=3072M"));
    QCOMPARE(machines.value(QStringLiteral("2"))
                 .toObject()
                 .value(QStringLiteral("constraints"))
                 .toString(),
             QStringLiteral("mem=3072M"));
    const Run constraints = run({QStringLiteral("constraints"), QStringLiteral("wordpress")});
    QCOMPARE(constraints.out, QStringLiteral("mem=3072M\n"));
}

void TestBerthctl::statusFormatsAgree()
{
    run({QStringLiteral("deploy"), QStringLiteral("wordpress"), QStringLiteral("-n"),
         QStringLiteral("2")});
    run({QStringLiteral("deploy"), QStringLiteral("ntp"), QStringLiteral("--subordinate")});
    run({QStringLiteral("relate"), QStringLiteral("wordpress"), QStringLiteral("ntp")});
    run({QStringLiteral("add-machine"), QStringLiteral("lxd:0")});

    const QJsonObject status = json({QStringLiteral("status")});
    const QJsonObject model = status.value(QStringLiteral("model")).toObject();
    QCOMPARE(model.value(QStringLiteral("name")).toString(), QStringLiteral("default"));
    QCOMPARE(model.value(QStringLiteral("cloud")).toString(), QStringLiteral("sim"));
    QCOMPARE(model.value(QStringLiteral("harvest-mode")).toString(), QStringLiteral("destroyed"));
    const QJsonObject wp =
        status[QStringLiteral("applications")][QStringLiteral("wordpress")].toObject();
    QCOMPARE(wp.value(QStringLiteral("base")).toString(), QStringLiteral("ubuntu@22.04"));
    const QJsonObject unit0 = wp[QStringLiteral("units")][QStringLiteral("wordpress/0")].toObject();
    QCOMPARE(unit0.value(QStringLiteral("machine")).toString(), QStringLiteral("0"));
    QVERIFY(unit0[QStringLiteral("subordinates")].toObject().contains(QStringLiteral("ntp/0")));
    const QJsonObject m0 = status[QStringLiteral("machines")][QStringLiteral("0")].toObject();
    QCOMPARE(m0[QStringLiteral("machine-status")][QStringLiteral("current")].toString(),
             QStringLiteral("pending"));
    QCOMPARE(m0[QStringLiteral("life")].toString(), QStringLiteral("alive"));
    QVERIFY(m0[QStringLiteral("containers")].toObject().contains(QStringLiteral("0/lxd/0")));

    const Run yaml =
        run({QStringLiteral("status"), QStringLiteral("--format"), QStringLiteral("yaml")});
    QCOMPARE(yaml.exitCode, 0);
    const YAML::Node doc = YAML::Load(yaml.out.toStdString());
    QCOMPARE(QString::fromStdString(doc["model"]["uuid"].as<std::string>()),
             model.value(QStringLiteral("uuid")).toString());
    QCOMPARE(
        QString::fromStdString(
            doc["applications"]["wordpress"]["units"]["wordpress/1"]["machine"].as<std::string>()),
        QStringLiteral("1"));
    QVERIFY(doc["machines"]["0"]["containers"]["0/lxd/0"].IsMap());

    const Run table = run({QStringLiteral("status")});
    QCOMPARE(table.exitCode, 0);
    QVERIFY(table.out.contains(QStringLiteral("wordpress/1")));
    QVERIFY(table.out.contains(QStringLiteral("  ntp/0")));
    // The container, made last, is listed under its host, indented, before machine 1.
    const qsizetype container = table.out.indexOf(QStringLiteral("\n  0/lxd/0 "));
    QVERIFY2(container > 0, qPrintable(table.out));
    QVERIFY(container < table.out.indexOf(QStringLiteral("\n1 ")));
}

void TestBerthctl::failuresAreOneLineAndChangeNothing_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("error");
    QTest::newRow("bad constraint")
        << QStringList{QStringLiteral("deploy"), QStringLiteral("mysql"),
                       QStringLiteral("--constraints"), QStringLiteral("mem=2X")}
        << R"(bad "mem" constraint: must be a non-negative float with optional M/G/T/P suffix)";
    QTest::newRow("bad app name")
        << QStringList{QStringLiteral("deploy"), QStringLiteral("mysql"), QStringLiteral("My_SQL")}
        << R"(invalid application name "My_SQL": expected lower-case letters, digits and single hyphens, starting with a letter (e.g. wordpress, my-db2))";
    QTest::newRow("missing machine in list")
        << QStringList{QStringLiteral("add-unit"), QStringLiteral("wordpress"),
                       QStringLiteral("-n"),       QStringLiteral("2"),
                       QStringLiteral("--to"),     QStringLiteral("lxd,7")}
        << "machine 7 not found";
    QTest::newRow("unknown app") << QStringList{QStringLiteral("add-unit"), QStringLiteral("nope")}
                                 << R"(application "nope" not found)";
    QTest::newRow("bad -n") << QStringList{QStringLiteral("add-unit"), QStringLiteral("wordpress"),
                                           QStringLiteral("-n"), QStringLiteral("two")}
                            << R"(add-unit: bad value "two" for -n: expected a whole number)";
    QTest::newRow("zero -n") << QStringList{QStringLiteral("add-unit"), QStringLiteral("wordpress"),
                                            QStringLiteral("-n"), QStringLiteral("0")}
                             << "-n must be a positive number of units, got 0";
    QTest::newRow("unknown option")
        << QStringList{QStringLiteral("status"), QStringLiteral("--colour")}
        << "status: Unknown option 'colour'. (usage: berthctl status [PATTERN ...])";
    QTest::newRow("bad format") << QStringList{QStringLiteral("status"), QStringLiteral("--format"),
                                               QStringLiteral("xml")}
                                << R"(bad --format "xml": expected json, yaml, tabular, summary, )"
                                   R"(short, line or oneline)";
    QTest::newRow("machine id on add-machine")
        << QStringList{QStringLiteral("add-machine"), QStringLiteral("0")}
        << "add-machine: machine-id cannot be specified";
    QTest::newRow("unknown model")
        << QStringList{QStringLiteral("-m"), QStringLiteral("prod"), QStringLiteral("status")}
        << R"(model "prod" not found)";
    QTest::newRow("unknown cloud")
        << QStringList{QStringLiteral("show-cloud"), QStringLiteral("aws")}
        << R"(cloud "aws" not found; known clouds: sim)";
}

void TestBerthctl::failuresAreOneLineAndChangeNothing()
{
    QFETCH(QStringList, args);
    QFETCH(QString, error);
    QCOMPARE(run({QStringLiteral("deploy"), QStringLiteral("wordpress")}).exitCode, 0);
    const QJsonObject before = json({QStringLiteral("status")});
    const Run r = run(args);
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.err, QStringLiteral("ERROR ") + error + u'\n');
    QCOMPARE(json({QStringLiteral("status")}), before);
}

void TestBerthctl::describesTheSimCloud()
{
    const QJsonObject clouds = json({QStringLiteral("clouds")});
    QVERIFY(clouds.contains(QStringLiteral("sim")));
    const QJsonObject sim = json({QStringLiteral("show-cloud"), QStringLiteral("sim")});
    const QJsonObject regions = sim.value(QStringLiteral("regions")).toObject();
    QCOMPARE(regions.keys(),
             (QStringList{QStringLiteral("sim-east"), QStringLiteral("sim-metal"),
                          QStringLiteral("sim-north"), QStringLiteral("sim-west")}));
    const QJsonObject east = regions.value(QStringLiteral("sim-east")).toObject();
    QStringList zones;
    for (const auto &z : east.value(QStringLiteral("zones")).toArray()) {
        zones << z[QStringLiteral("name")].toString();
        QVERIFY(z[QStringLiteral("healthy")].toBool());
    }
    QCOMPARE(zones, (QStringList{QStringLiteral("sim-east-a"), QStringLiteral("sim-east-b"),
                                 QStringLiteral("sim-east-c")}));
    const QJsonArray types = east.value(QStringLiteral("instance-types")).toArray();
    QVERIFY(types.size() >= 12);
    QSet<QString> arches;
    QSet<QString> mems;
    for (const auto &t : types) {
        arches.insert(t[QStringLiteral("arch")].toString());
        mems.insert(t[QStringLiteral("mem")].toString());
        QVERIFY(t[QStringLiteral("cost")].toDouble() > 0);
    }
    QCOMPARE(arches, (QSet<QString>{QStringLiteral("amd64"), QStringLiteral("arm64")}));
    QVERIFY(mems.contains(QStringLiteral("4096M")));
    QVERIFY(mems.contains(QStringLiteral("6144M")));
    const Run table = run({QStringLiteral("show-cloud"), QStringLiteral("sim")});
    QVERIFY(table.out.contains(QStringLiteral("Region sim-north")));
}

void TestBerthctl::modelsSwitchAndConfig()
{
    QCOMPARE(
        run({QStringLiteral("add-model"), QStringLiteral("prod"), QStringLiteral("sim/sim-west"),
             QStringLiteral("--config"), QStringLiteral("harvest-mode=none")})
            .exitCode,
        0);
    QJsonObject models = json({QStringLiteral("models")});
    QVERIFY(models[QStringLiteral("prod")][QStringLiteral("current")].toBool());
    QCOMPARE(models[QStringLiteral("prod")][QStringLiteral("region")].toString(),
             QStringLiteral("sim-west"));
    QCOMPARE(run({QStringLiteral("deploy"), QStringLiteral("mysql")}).exitCode, 0); // into prod
    QCOMPARE(run({QStringLiteral("model-config"), QStringLiteral("harvest-mode")}).out,
             QStringLiteral("none\n"));
    QCOMPARE(run({QStringLiteral("model-config"), QStringLiteral("retry-count=3")}).exitCode, 0);
    QCOMPARE(run({QStringLiteral("model-config"), QStringLiteral("retry-count")}).out,
             QStringLiteral("3\n"));
    QCOMPARE(run({QStringLiteral("switch"), QStringLiteral("default")}).exitCode, 0);
    models = json({QStringLiteral("models")});
    QCOMPARE(models[QStringLiteral("prod")][QStringLiteral("units")].toInt(), 1);
    QCOMPARE(models[QStringLiteral("default")][QStringLiteral("units")].toInt(), 0);
    QVERIFY(models[QStringLiteral("default")][QStringLiteral("current")].toBool());
    QCOMPARE(run({QStringLiteral("set-model-constraints"), QStringLiteral("mem=4G"),
                  QStringLiteral("spaces=db")})
                 .err,
             QStringLiteral("WARNING unsupported constraints ignored: spaces\n"));
    QCOMPARE(run({QStringLiteral("model-constraints")}).out,
             QStringLiteral("mem=4096M spaces=db\n"));
    QCOMPARE(
        run({QStringLiteral("-m"), QStringLiteral("prod"), QStringLiteral("model-constraints")})
            .out,
        QStringLiteral("\n"));
}

void TestBerthctl::dbOptionAndEnvironmentChooseTheStore()
{
    const QString other = m_dir->filePath(QStringLiteral("other.sqlite"));
    QCOMPARE(run({QStringLiteral("--db"), other, QStringLiteral("deploy"), QStringLiteral("redis")})
                 .exitCode,
             0);
    QVERIFY(json({QStringLiteral("status")})[QStringLiteral("applications")].toObject().isEmpty());
    const Run r = run({QStringLiteral("status"), QStringLiteral("--format=json")}, other);
    QVERIFY(
        QJsonDocument::fromJson(r.out.toUtf8())[QStringLiteral("applications")].toObject().contains(
            QStringLiteral("redis")));
}

void TestBerthctl::cloudAccounts_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("error");
    QTest::newRow("duplicate") << QStringList{QStringLiteral("add-cloud"), QStringLiteral("lab"),
                                              QStringLiteral("--type"), QStringLiteral("sim")}
                               << R"(cloud "lab" already exists)";
    QTest::newRow("unknown type")
        << QStringList{QStringLiteral("add-cloud"), QStringLiteral("aws"), QStringLiteral("--type"),
                       QStringLiteral("ec2")}
        << R"(unknown cloud type "ec2"; expected one of sim, lxd, openstack)";
    QTest::newRow("no type") << QStringList{QStringLiteral("add-cloud"), QStringLiteral("x")}
                             << "add-cloud: --type is required (e.g. --type sim)";
    QTest::newRow("bad value")
        << QStringList{QStringLiteral("update-cloud"), QStringLiteral("lab"),
                       QStringLiteral("--config"), QStringLiteral("fault-rate=2")}
        << R"(bad value "2" for sim config "fault-rate": expected a number from 0 to 1)";
    QTest::newRow("unknown key")
        << QStringList{QStringLiteral("update-cloud"), QStringLiteral("lab"),
                       QStringLiteral("--config"), QStringLiteral("speed=9")}
        << R"(unknown sim config key "speed"; valid keys are: access-key-sha256, fault-kind, fault-rate, latency-ms, metal-pool, seed, state-file, zone-capacity, zone-outage)";
    QTest::newRow("built in") << QStringList{QStringLiteral("remove-cloud"), QStringLiteral("sim")}
                              << R"(cloud "sim" is built in and cannot be removed)";
    QTest::newRow("in use") << QStringList{QStringLiteral("remove-cloud"), QStringLiteral("lab")}
                            << R"(cloud "lab" is used by model(s) staging; remove them first)";
}

void TestBerthctl::cloudAccounts()
{
    QFETCH(QStringList, args);
    QFETCH(QString, error);
    QCOMPARE(run({QStringLiteral("add-cloud"), QStringLiteral("lab"), QStringLiteral("--type"),
                  QStringLiteral("sim"), QStringLiteral("--config"), QStringLiteral("latency-ms=5"),
                  QStringLiteral("--config"), QStringLiteral("seed=3")})
                 .exitCode,
             0);
    QCOMPARE(run({QStringLiteral("add-model"), QStringLiteral("staging"),
                  QStringLiteral("lab/sim-west")})
                 .exitCode,
             0);
    const QJsonObject clouds = json({QStringLiteral("clouds")});
    QCOMPARE(clouds.keys(), (QStringList{QStringLiteral("lab"), QStringLiteral("sim")}));
    const Run r = run(args);
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.err, QStringLiteral("ERROR ") + error + u'\n');
    QCOMPARE(json({QStringLiteral("clouds")}), clouds);
}

void TestBerthctl::provisionInstancesAndRetry()
{
    QCOMPARE(run({QStringLiteral("deploy"), QStringLiteral("web"), QStringLiteral("-n"),
                  QStringLiteral("3")})
                 .exitCode,
             0);
    Run r = run({QStringLiteral("provision"), QStringLiteral("--until-idle"),
                 QStringLiteral("--timeout"), QStringLiteral("60")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains(QStringLiteral("machine 2: started")));
    QVERIFY(r.out.endsWith(QStringLiteral("3 machine(s) with instances, 0 in error, 0 blocked\n")));
    const QJsonArray instances =
        QJsonDocument::fromJson(run({QStringLiteral("instances"), QStringLiteral("sim"),
                                     QStringLiteral("--format"), QStringLiteral("json")})
                                    .out.toUtf8())
            .array();
    QCOMPARE(instances.size(), 3);
    QSet<QString> zones;
    for (const auto &i : instances)
        zones.insert(i[QStringLiteral("zone")].toString());
    QCOMPARE(zones.size(), 3); // one unit in each zone

    // A permanent fault shows in status, and retry-provisioning with new constraints recovers.
    QCOMPARE(run({QStringLiteral("update-cloud"), QStringLiteral("sim"), QStringLiteral("--config"),
                  QStringLiteral("fault-rate=1"), QStringLiteral("--config"),
                  QStringLiteral("fault-kind=permanent")})
                 .exitCode,
             0);
    QCOMPARE(run({QStringLiteral("model-config"), QStringLiteral("retry-count=0")}).exitCode, 0);
    QCOMPARE(run({QStringLiteral("add-unit"), QStringLiteral("web")}).exitCode, 0);
    r = run({QStringLiteral("provision"), QStringLiteral("--until-idle")});
    // Idle, but not all up: a script waiting on it learns so from the exit code.
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.out.endsWith(QStringLiteral("3 machine(s) with instances, 1 in error, 0 blocked\n")));
    QCOMPARE(r.err, QStringLiteral("ERROR provision: 1 machine(s) in error and 0 blocked by their "
                                   "host; see status, then retry-provisioning\n"));
    QJsonObject m3 =
        json({QStringLiteral("status")})[QStringLiteral("machines")][QStringLiteral("3")]
            .toObject();
    QCOMPARE(m3[QStringLiteral("machine-status")][QStringLiteral("current")].toString(),
             QStringLiteral("error"));
    QCOMPARE(m3[QStringLiteral("instance-status")][QStringLiteral("current")].toString(),
             QStringLiteral("provisioning error"));
    QCOMPARE(m3[QStringLiteral("instance-status")][QStringLiteral("message")].toString(),
             QStringLiteral("image for ubuntu@22.04 not found"));
    QCOMPARE(m3[QStringLiteral("instance-id")].toString(), QString());

    QCOMPARE(run({QStringLiteral("update-cloud"), QStringLiteral("sim"), QStringLiteral("--config"),
                  QStringLiteral("fault-rate=")})
                 .exitCode,
             0);
    QCOMPARE(
        run({QStringLiteral("retry-provisioning")}).err,
        QStringLiteral(
            "ERROR retry-provisioning: give machine ids or --all, not both and not neither\n"));
    QCOMPARE(run({QStringLiteral("retry-provisioning"), QStringLiteral("0")}).err,
             QStringLiteral("ERROR machine 0 is not in error (status started); only machines in "
                            "error can be retried\n"));
    QCOMPARE(run({QStringLiteral("retry-provisioning"), QStringLiteral("3"),
                  QStringLiteral("--constraints"), QStringLiteral("mem=8G")})
                 .exitCode,
             0);
    QCOMPARE(run({QStringLiteral("provision"), QStringLiteral("--until-idle")}).exitCode, 0);
    m3 = json({QStringLiteral("status")})[QStringLiteral("machines")][QStringLiteral("3")]
             .toObject();
    QCOMPARE(m3[QStringLiteral("constraints")].toString(), QStringLiteral("mem=8192M"));
    QCOMPARE(m3[QStringLiteral("instance-type")].toString(), QStringLiteral("r5.large"));
    QCOMPARE(m3[QStringLiteral("instance-status")][QStringLiteral("current")].toString(),
             QStringLiteral("running"));

    // Removing a provisioned machine stops its instance.
    QCOMPARE(run({QStringLiteral("remove-unit"), QStringLiteral("web/3")}).exitCode, 0);
    QCOMPARE(run({QStringLiteral("provision"), QStringLiteral("--until-idle")}).exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(run({QStringLiteral("instances"), QStringLiteral("sim"),
                                          QStringLiteral("--format"), QStringLiteral("json")})
                                         .out.toUtf8())
                 .array()
                 .size(),
             3);
}

void TestBerthctl::placementPlanSpeaksSenlin()
{
    const QString policy = m_dir->filePath(QStringLiteral("policy.yaml"));
    QFile file(policy);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(
        "type: senlin.policy.region_placement\nversion: 1.0\nproperties:\n  regions:\n"
        "    - name: A\n      weight: 300\n      cap: 1\n    - name: B\n      weight: 100\n");
    file.close();
    // Senlin finds no plan here; Berth passes the capped capacity on.
    Run r = run({QStringLiteral("placement-plan"), QStringLiteral("--policy"), policy,
                 QStringLiteral("--action"), QStringLiteral("CLUSTER_SCALE_OUT"),
                 QStringLiteral("--current"), QStringLiteral("{}"), QStringLiteral("--inputs"),
                 QStringLiteral(R"({"count": 4})"), QStringLiteral("--available"),
                 QStringLiteral("A,B")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(r.out.toUtf8()).object(),
             QJsonDocument::fromJson(
                 R"({"status": "OK", "creation": {"count": 4, "regions": {"A": 1, "B": 3}}})")
                 .object());
    // Without --available: the model's cloud (sim) has neither A nor B.
    r = run({QStringLiteral("placement-plan"), QStringLiteral("--policy"), policy,
             QStringLiteral("--action"), QStringLiteral("CLUSTER_SCALE_OUT"),
             QStringLiteral("--current"), QStringLiteral("{}")});
    QCOMPARE(
        QJsonDocument::fromJson(r.out.toUtf8()).object(),
        QJsonDocument::fromJson(R"({"status": "ERROR", "reason": "No region is found usable."})")
            .object());
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.err, QStringLiteral("ERROR placement-plan: No region is found usable.\n"));
    r = run({QStringLiteral("placement-plan"), QStringLiteral("--policy"), policy,
             QStringLiteral("--action"), QStringLiteral("CLUSTER_SCALE_OUT"),
             QStringLiteral("--current"), QStringLiteral("[1]")});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(
        r.err,
        QStringLiteral("ERROR bad --current: expected a JSON object such as {\"RegionOne\": 2}\n"));
    r = run({QStringLiteral("placement-plan"), QStringLiteral("--policy"),
             m_dir->filePath(QStringLiteral("none.yaml")), QStringLiteral("--action"),
             QStringLiteral("CLUSTER_SCALE_OUT"), QStringLiteral("--current"),
             QStringLiteral("{}")});
    QCOMPARE(r.err,
             QStringLiteral("ERROR cannot read policy file \"%1\": No such file or directory\n")
                 .arg(m_dir->filePath(QStringLiteral("none.yaml"))));
}

void TestBerthctl::applicationPoliciesThroughTheCommandLine()
{
    const QString policy = m_dir->filePath(QStringLiteral("regions.yaml"));
    QFile file(policy);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("type: senlin.policy.region_placement\nversion: 1.0\nproperties:\n  regions:\n"
               "    - name: sim-east\n      weight: 200\n    - name: sim-west\n"
               "      weight: 100\n      cap: 2\n");
    file.close();
    QCOMPARE(run({QStringLiteral("update-cloud"), QStringLiteral("sim"), QStringLiteral("--config"),
                  QStringLiteral("latency-ms=0")})
                 .exitCode,
             0);
    QCOMPARE(run({QStringLiteral("deploy"), QStringLiteral("web")}).exitCode, 0);
    Run r = run({QStringLiteral("set-placement-policy"), QStringLiteral("web"), policy});
    QCOMPARE(r.err, QString());
    QCOMPARE(r.out, QStringLiteral("region policy set on web\n"));

    // Staged first: the preview says what the scale starts, and nothing changes yet.
    r = run({QStringLiteral("--stage"), QStringLiteral("scale-application"), QStringLiteral("web"),
             QStringLiteral("--adjustment-type"), QStringLiteral("EXACT_CAPACITY"),
             QStringLiteral("--number"), QStringLiteral("7")});
    QCOMPARE(r.err, QString());
    QCOMPARE(r.exitCode, 0);
    const Run staged = run({QStringLiteral("changes")});
    QVERIFY2(staged.out.contains(QStringLiteral("scale web (EXACT_CAPACITY 7)")),
             qPrintable(staged.out));
    QVERIFY2(staged.out.contains(QStringLiteral("Commit starts 6 instance(s)")),
             qPrintable(staged.out));
    QCOMPARE(json({QStringLiteral("placement-policy"), QStringLiteral("web")})
                 .value(QStringLiteral("units"))
                 .toInteger(),
             1);
    QCOMPARE(run({QStringLiteral("discard")}).exitCode, 0);

    r = run({QStringLiteral("scale-application"), QStringLiteral("web"),
             QStringLiteral("--adjustment-type"), QStringLiteral("EXACT_CAPACITY"),
             QStringLiteral("--number"), QStringLiteral("7")});
    QCOMPARE(r.exitCode, 0);
    // 1 unit in sim-east already; the cap of sim-west passes the rest on.
    QCOMPARE(r.out, QStringLiteral("scaled web from 1 to 7 units: sim-east 5 (+4), "
                                   "sim-west 2 (+2)\n"));
    const QJsonObject report = json({QStringLiteral("placement-policy"), QStringLiteral("web")});
    QCOMPARE(report.value(QStringLiteral("units")).toInteger(), 7);
    const QJsonArray regions = report.value(QStringLiteral("regions")).toArray();
    QCOMPARE(regions.size(), 2);
    QCOMPARE(regions.at(1).toObject().value(QStringLiteral("cap")).toInteger(), 2);
    QCOMPARE(regions.at(0).toObject().value(QStringLiteral("units")).toInteger(), 5);
    QCOMPARE(regions.at(0).toObject().value(QStringLiteral("target")).toDouble(), 7 * 2 / 3.0);
    const Run table = run({QStringLiteral("placement-policy"), QStringLiteral("web")});
    QVERIFY2(table.out.contains(QStringLiteral("sim-west  100     2    2      2.3")),
             qPrintable(table.out));

    // Bad input: one line, nothing changed.
    r = run({QStringLiteral("scale-application"), QStringLiteral("web"),
             QStringLiteral("--adjustment-type"), QStringLiteral("EXACT"),
             QStringLiteral("--number"), QStringLiteral("3")});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.err, QStringLiteral("ERROR scale-application: bad value \"EXACT\" for "
                                   "--adjustment-type: expected EXACT_CAPACITY, "
                                   "CHANGE_IN_CAPACITY or CHANGE_IN_PERCENTAGE\n"));
    r = run({QStringLiteral("scale-application"), QStringLiteral("web"),
             QStringLiteral("--adjustment-type"), QStringLiteral("EXACT_CAPACITY"),
             QStringLiteral("--number"), QStringLiteral("20"), QStringLiteral("--max-size"),
             QStringLiteral("10"), QStringLiteral("--strict")});
    QCOMPARE(r.err, QStringLiteral("ERROR The target capacity (20) is greater than the specified "
                                   "max_size (10).\n"));
    r = run({QStringLiteral("remove-unit"), QStringLiteral("web"), QStringLiteral("-n"),
             QStringLiteral("2"), QStringLiteral("--criteria"), QStringLiteral("NEWEST")});
    QCOMPARE(r.err, QStringLiteral("ERROR remove-unit: bad value \"NEWEST\" for --criteria: "
                                   "expected OLDEST_FIRST, YOUNGEST_FIRST, OLDEST_PROFILE_FIRST "
                                   "or RANDOM\n"));
    QCOMPARE(json({QStringLiteral("placement-policy"), QStringLiteral("web")})
                 .value(QStringLiteral("units"))
                 .toInteger(),
             7);

    // By count: the plan takes from sim-east (5 of 7, target 4.0 of 6).
    r = run({QStringLiteral("remove-unit"), QStringLiteral("web"), QStringLiteral("-n"),
             QStringLiteral("1"), QStringLiteral("--criteria"), QStringLiteral("YOUNGEST_FIRST")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QStringLiteral("removed unit web/4\n")); // web/5 and web/6 are in sim-west
    QCOMPARE(run({QStringLiteral("remove-placement-policy"), QStringLiteral("web")}).out,
             QStringLiteral("removed all policies from web\n"));
    QCOMPARE(run({QStringLiteral("placement-policy"), QStringLiteral("web")}).out,
             QStringLiteral("APP  UNITS  MIN  MAX  DELETION\nweb  6      0    -    RANDOM\n\n"
                            "no placement policy: new units go to the model's region\n"));
}

void TestBerthctl::destroyModelStopsItsInstances()
{
    const auto S = [](const char *text) { return QString::fromUtf8(text); };
    QCOMPARE(run({S("add-model"), S("prod")}).exitCode, 0);
    QCOMPARE(run({S("deploy"), S("db"), S("-n"), S("2")}).exitCode, 0);
    QCOMPARE(run({S("provision"), S("--until-idle")}).exitCode, 0);
    const auto instances = [&] {
        return QJsonDocument::fromJson(
                   run({S("instances"), S("sim"), S("--format"), S("json")}).out.toUtf8())
            .array()
            .size();
    };
    QCOMPARE(instances(), 2);

    // Running instances: refused without --force, and nothing changes.
    Run r = run({S("destroy-model"), S("prod")});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.err, S("ERROR model \"prod\" has running instances (machines 0, 1); destroying "
                      "it stops them: give --force to go ahead\n"));
    QCOMPARE(json({S("status")}).value(S("applications")).toObject().keys(), QStringList{S("db")});

    // --force --no-wait: the contents go at once, the model waits for a provisioner.
    r = run({S("destroy-model"), S("prod"), S("--force"), S("--no-wait")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.startsWith(S("Destroying model \"prod\" removes its applications (1), units "
                                "(2) and machines (2). It stops the instances of machines 0, 1.")),
             qPrintable(r.out));
    QJsonObject models = json({S("models")});
    QCOMPARE(models[S("prod")][S("life")].toString(), S("dying"));
    QVERIFY(models[S("default")][S("current")].toBool()); // the other model took over
    r = run({S("-m"), S("prod"), S("add-machine")});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.err, S("ERROR model \"prod\" is being destroyed; it cannot be changed\n"));
    QCOMPARE(instances(), 2);

    // The provisioner stops both instances, then the model is gone.
    r = run({S("-m"), S("prod"), S("provision"), S("--until-idle")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(S("model prod: destroyed")), qPrintable(r.out));
    QCOMPARE(instances(), 0);
    QCOMPARE(json({S("models")}).keys(), QStringList{S("default")});

    // A model with nothing running goes at once; the last one leaves no current model.
    QCOMPARE(run({S("deploy"), S("web")}).exitCode, 0);
    r = run({S("destroy-model"), S("default")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(S("Destroyed model \"default\"")), qPrintable(r.out));
    QVERIFY(json({S("models")}).isEmpty());
    r = run({S("status")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.startsWith(S("ERROR no current model")), qPrintable(r.err));
}

void TestBerthctl::foregroundProvisionerTakesUpCloudSettings()
{
    const auto S = [](const char *text) { return QString::fromUtf8(text); };
    QCOMPARE(run({S("model-config"), S("retry-count=0")}).exitCode, 0);
    QProcess provisioner;
    start(provisioner, {S("provision")});
    QVERIFY(provisioner.waitForStarted());
    const auto statusOf = [&](const char *machine) {
        return json({S("status")})[S("machines")][S(machine)][S("machine-status")][S("current")]
            .toString();
    };
    QCOMPARE(run({S("deploy"), S("web")}).exitCode, 0);
    QTRY_COMPARE_WITH_TIMEOUT(statusOf("0"), S("started"), 20'000);

    // Another client makes every start fail: the running provisioner follows
    // without a restart.
    QCOMPARE(run({S("update-cloud"), S("sim"), S("--config"), S("fault-rate=1"), S("--config"),
                  S("fault-kind=permanent")})
                 .exitCode,
             0);
    QString out;
    QTRY_VERIFY_WITH_TIMEOUT((out += QString::fromUtf8(provisioner.readAllStandardOutput()))
                                 .contains(S("provider accounts changed: reloaded")),
                             20'000);
    QCOMPARE(run({S("add-unit"), S("web")}).exitCode, 0);
    QTRY_COMPARE_WITH_TIMEOUT(statusOf("1"), S("error"), 20'000);

    provisioner.terminate(); // SIGTERM: it stops between machines
    QVERIFY(provisioner.waitForFinished(20'000));
    QCOMPARE(provisioner.exitStatus(), QProcess::NormalExit);
}

void TestBerthctl::untilIdleBesideARunningProvisioner()
{
    // A script's `deploy && provision --until-idle` while a provisioner runs
    // (the window's, or berthctl provision): that one starts the machines,
    // and the script's command ends once the model is idle, with how it
    // ended, instead of waiting for the lease until its timeout.
    const auto S = [](const char *text) { return QString::fromUtf8(text); };
    QCOMPARE(run({S("model-config"), S("retry-count=0")}).exitCode, 0);
    QCOMPARE(run({S("deploy"), S("web")}).exitCode, 0);
    QProcess provisioner;
    start(provisioner, {S("provision")});
    QVERIFY(provisioner.waitForStarted());
    const auto stop = qScopeGuard([&] {
        provisioner.terminate();
        provisioner.waitForFinished(20'000);
    });
    QString out;
    QTRY_VERIFY_WITH_TIMEOUT(
        (out += QString::fromUtf8(provisioner.readAllStandardOutput())).contains(S(": started")),
        20'000); // its first pass has started machine 0, and it holds the lease

    QCOMPARE(run({S("add-unit"), S("web"), S("-n"), S("3")}).exitCode, 0);
    Run r = run({S("provision"), S("--until-idle"), S("--timeout"), S("50")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(S("waiting: model default is provisioned by process")),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(S("model default is idle (provisioned by process")), qPrintable(r.out));
    QVERIFY2(r.out.endsWith(S("4 machine(s) with instances, 0 in error, 0 blocked\n")),
             qPrintable(r.out));
    const QJsonObject machines = json({S("status")})[S("machines")].toObject();
    QCOMPARE(machines.size(), 4);
    for (const QJsonValue &m : machines)
        QCOMPARE(m[S("machine-status")][S("current")].toString(), S("started"));

    // The running provisioner fails the next start: the script learns it.
    QCOMPARE(run({S("update-cloud"), S("sim"), S("--config"), S("fault-rate=1"), S("--config"),
                  S("fault-kind=permanent")})
                 .exitCode,
             0);
    QTRY_VERIFY_WITH_TIMEOUT((out += QString::fromUtf8(provisioner.readAllStandardOutput()))
                                 .contains(S("provider accounts changed: reloaded")),
                             20'000);
    QCOMPARE(run({S("add-unit"), S("web")}).exitCode, 0);
    r = run({S("provision"), S("--until-idle"), S("--timeout"), S("50")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.out.contains(S("model default is idle (provisioned by process")), qPrintable(r.out));
    QVERIFY2(r.err.startsWith(S("ERROR provision: 1 machine(s) in error and 0 blocked")),
             qPrintable(r.err));

    // As juju destroy-model: it returns once the running provisioner has
    // stopped the instances and the model is gone, not before.
    r = run({S("destroy-model"), S("default"), S("--force"), S("--no-prompt")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QVERIFY2(!r.out.contains(S("is idle")), qPrintable(r.out));
    QVERIFY(json({S("models")}).isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(provisioner.state(), QProcess::NotRunning, 20'000);
}

void TestBerthctl::aJujuUsersHabitsAreTaken()
{
    // What the day of use typed and met a refusal with (shared/ux's transcript).
    const auto S = [](const char *text) { return QString::fromUtf8(text); };
    // An empty model says so, as Juju does, below its table.
    Run r = run({S("status")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.err, S("\nModel \"default\" is empty.\n"));
    // --num-units for -n.
    QCOMPARE(run({S("deploy"), S("web"), S("--num-units"), S("2")}).exitCode, 0);
    QCOMPARE(run({S("add-unit"), S("web"), S("--num-units"), S("2")}).exitCode, 0);
    QCOMPARE(json({S("status")})[S("applications")][S("web")][S("units")].toObject().size(), 4);
    QCOMPARE(run({S("status")}).err, QString());
    // scale-application APP SCALE: the new number of units.
    r = run({S("scale-application"), S("web"), S("6")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(json({S("status")})[S("applications")][S("web")][S("units")].toObject().size(), 6);
    r = run({S("scale-application"), S("web"), S("many")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.startsWith(S("ERROR scale-application: bad scale \"many\": expected a whole "
                                "number")),
             qPrintable(r.err));
    QCOMPARE(run({S("scale-application"), S("web"), S("6"), S("--number"), S("2")}).exitCode, 1);
    // --force and --no-wait on the removals, --destroy-storage on remove-application.
    QCOMPARE(run({S("remove-unit"), S("web/0"), S("--force"), S("--no-wait")}).out,
             S("removed unit web/0\n"));
    QCOMPARE(run({S("remove-machine"), S("1"), S("--force"), S("--no-wait")}).exitCode, 0);
    QCOMPARE(run({S("remove-application"), S("web"), S("--force"), S("--no-wait"),
                  S("--destroy-storage")})
                 .out,
             S("removed application web\n"));
    QCOMPARE(run({S("status")}).err, S("\nModel \"default\" is empty.\n"));

    // integrate with endpoints; two principals are related, with a hint at
    // --subordinate for a subordinate charm deployed as a principal.
    QCOMPARE(run({S("deploy"), S("mysql")}).exitCode, 0);
    QCOMPARE(run({S("deploy"), S("wordpress")}).exitCode, 0);
    QCOMPARE(run({S("deploy"), S("ntp"), S("--subordinate")}).exitCode, 0);
    QCOMPARE(run({S("integrate"), S("ntp:juju-info"), S("mysql:juju-info")}).out,
             S("related ntp to mysql\n"));
    QVERIFY(run({S("export-bundle")}).out.contains(S("ntp:juju-info")));
    r = run({S("integrate"), S("wordpress:db"), S("mysql:db")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(S("related wordpress and mysql: two principals")) &&
                 r.out.contains(S("--subordinate")),
             qPrintable(r.out));
    QVERIFY(run({S("export-bundle")}).out.contains(S("wordpress:db")));
    QCOMPARE(run({S("remove-relation"), S("ntp:juju-info"), S("mysql:juju-info")}).exitCode, 0);
    QVERIFY(!run({S("export-bundle")}).out.contains(S("ntp:juju-info"))); // its endpoints too
}

void TestBerthctl::theCommandsJujuUsersTypeFirst()
{
    const auto S = [](const char *text) { return QString::fromUtf8(text); };
    QCOMPARE(run({S("deploy"), S("mysql"), S("-n"), S("2")}).exitCode, 0);
    QCOMPARE(run({S("deploy"), S("ntp"), S("--subordinate")}).exitCode, 0);
    QCOMPARE(run({S("integrate"), S("ntp"), S("mysql")}).out, S("related ntp to mysql\n"));
    QCOMPARE(run({S("add-machine"), S("lxd:0")}).exitCode, 0);

    // machines: containers nested under their hosts, in the table and in JSON.
    Run r = run({S("machines")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(S("\n  0/lxd/0  ")), qPrintable(r.out));
    QVERIFY(json({S("machines")})[S("machines")][S("0")][S("containers")].toObject().contains(
        S("0/lxd/0")));

    // show-*: YAML unless asked for JSON.
    r = run({S("show-machine"), S("0")});
    QCOMPARE(r.exitCode, 0);
    const YAML::Node machine = YAML::Load(r.out.toStdString());
    QCOMPARE(machine["model"].as<std::string>(), std::string("default"));
    QCOMPARE(machine["machines"]["0"]["units"].size(), std::size_t(2)); // mysql/0 and ntp/0
    QVERIFY(machine["machines"]["0"]["containers"]["0/lxd/0"].IsMap());
    r = run({S("show-unit"), S("mysql/0"), S("ntp/1")});
    const YAML::Node units = YAML::Load(r.out.toStdString());
    QCOMPARE(units["mysql/0"]["machine"].as<std::string>(), std::string("0"));
    QCOMPARE(units["mysql/0"]["subordinates"][0].as<std::string>(), std::string("ntp/0"));
    QCOMPARE(units["ntp/1"]["principal"].as<std::string>(), std::string("mysql/1"));
    QJsonObject app = json({S("show-application"), S("mysql")})[S("mysql")].toObject();
    QCOMPARE(app[S("units")].toArray().size(), 2);
    QCOMPARE(app[S("relations")].toArray().first().toString(), S("ntp"));
    const YAML::Node model = YAML::Load(run({S("show-model")}).out.toStdString());
    QCOMPARE(model["default"]["cloud"].as<std::string>(), std::string("sim"));
    QCOMPARE(model["default"]["config"]["retry-count"].as<std::string>(), std::string("10"));
    QVERIFY(model["default"]["current"].as<bool>());
    // A name that is not there: one line, nothing printed before it.
    r = run({S("show-unit"), S("mysql/0"), S("mysql/9")});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.out, QString());
    QCOMPARE(r.err, S("ERROR unit \"mysql/9\" not found\n"));

    // show-status-log takes a unit for its machine.
    QCOMPARE(run({S("provision"), S("--until-idle")}).exitCode, 0);
    r = run({S("show-status-log"), S("mysql/1")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, run({S("show-status-log"), S("1")}).out);
    QVERIFY(r.out.contains(S("started")));

    // remove-application takes several, all or none.
    QCOMPARE(run({S("deploy"), S("web")}).exitCode, 0);
    r = run({S("remove-application"), S("web"), S("nope")});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.err, S("ERROR application \"nope\" not found\n"));
    QVERIFY(json({S("status")})[S("applications")].toObject().contains(S("web")));
    QCOMPARE(run({S("remove-application"), S("web"), S("ntp")}).exitCode, 0);
    QCOMPARE(json({S("status")})[S("applications")].toObject().keys(), QStringList{S("mysql")});
}

void TestBerthctl::dryRunsAndKeepInstance()
{
    const auto S = [](const char *text) { return QString::fromUtf8(text); };
    QCOMPARE(run({S("deploy"), S("mysql"), S("-n"), S("2")}).exitCode, 0);
    QCOMPARE(run({S("provision"), S("--until-idle")}).exitCode, 0);
    const QJsonObject before = json({S("status")});
    // The two start side by side: which got which instance is the cloud's.
    const QString first = before[S("machines")][S("0")][S("instance-id")].toString();
    const QString second = before[S("machines")][S("1")][S("instance-id")].toString();
    QVERIFY((QSet<QString>{first, second} == QSet<QString>{S("i-000001"), S("i-000002")}));

    QCOMPARE(run({S("remove-unit"), S("mysql/1"), S("--dry-run")}).out,
             S("will remove unit mysql/1\nwill remove machine 1 and stop its instance ") + second +
                 u'\n');
    QCOMPARE(run({S("remove-machine"), S("0"), S("--force"), S("--dry-run")}).out,
             S("will remove unit mysql/0\nwill remove machine 0 and stop its instance ") + first +
                 u'\n');
    QCOMPARE(run({S("remove-application"), S("mysql"), S("--dry-run")}).out,
             S("will remove application mysql\nwill remove unit mysql/0\nwill remove unit "
               "mysql/1\nwill remove machine 0 and stop its instance ") +
                 first + S("\nwill remove machine 1 and stop its instance ") + second + u'\n');
    Run r = run({S("remove-machine"), S("0"), S("--dry-run")});
    QCOMPARE(r.exitCode, 1); // refused as the real one would be
    QVERIFY2(r.err.startsWith(S("ERROR machine 0 has unit \"mysql/0\" assigned")),
             qPrintable(r.err));
    QCOMPARE(json({S("status")}), before); // nothing changed

    // --keep-instance: the machine leaves the model, its instance stays on the cloud.
    r = run({S("remove-machine"), S("1"), S("--force"), S("--keep-instance")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(
        r.out.contains(S("machine 1 left the model; its instance ") + second + S(" keeps running")),
        qPrintable(r.out));
    QVERIFY(!json({S("status")})[S("machines")].toObject().contains(S("1")));
    QCOMPARE(run({S("provision"), S("--until-idle")}).exitCode, 0);
    const QJsonArray instances =
        QJsonDocument::fromJson(
            run({S("instances"), S("sim"), S("--format"), S("json")}).out.toUtf8())
            .array();
    QCOMPARE(instances.size(), 2); // harvest-mode destroyed leaves the one it no longer knows
}

void TestBerthctl::logSaysWhoChangedWhat()
{
    const auto S = [](const char *text) { return QString::fromUtf8(text); };
    const QString me = systemUser();

    QCOMPARE(run({S("deploy"), S("web"), S("-n"), S("2")}).exitCode, 0);
    QCOMPARE(run({S("--stage"), S("remove-unit"), S("web/1")}).exitCode, 0);
    // The change set names the person who staged, and where from.
    const QJsonObject staged =
        json({S("changes")}).value(S("changes")).toArray().first().toObject();
    QCOMPARE(staged.value(S("staged-by")).toString(), me);
    QCOMPARE(staged.value(S("staged-from")).toString(),
             S("berthctl@") + QSysInfo::machineHostName());
    QCOMPARE(run({S("commit")}).exitCode, 0);
    QCOMPARE(run({S("add-model"), S("other")}).exitCode, 0);

    const QJsonArray entries =
        QJsonDocument::fromJson(
            run({S("log"), S("-m"), S("default"), S("--format"), S("json")}).out.toUtf8())
            .array();
    QCOMPARE(entries.size(), 2);
    const QJsonObject deployed = entries.at(0).toObject();
    QCOMPARE(deployed.value(S("description")).toString(), S("deploy web, 2 unit(s)"));
    QCOMPARE(deployed.value(S("user")).toString(), me);
    QCOMPARE(deployed.value(S("program")).toString(), S("berthctl"));
    QCOMPARE(deployed.value(S("host")).toString(), QSysInfo::machineHostName());
    QVERIFY(!deployed.contains(S("staged-by")));
    QCOMPARE(entries.at(1).toObject().value(S("staged-by")).toString(), me);

    // As a table: newest last, the one staged marked; filters narrow it.
    Run r = run({S("log"), S("-m"), S("default")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(me + S(" (staged)")), qPrintable(r.out));
    QVERIFY(r.out.indexOf(S("deploy web")) < r.out.indexOf(S("remove web/1")));
    r = run({S("log"), S("--all-models"), S("--grep"), S("ADD MODEL")});
    QVERIFY2(r.out.contains(S("add model other on sim/sim-east")), qPrintable(r.out));
    QVERIFY(!r.out.contains(S("deploy web")));
    QVERIFY(run({S("log"), S("--user"), S("nobody")}).out.contains(S("no changes match")));
    QCOMPARE(run({S("log"), S("-m"), S("default"), S("-n"), S("1"), S("--since"), S("1h")})
                 .out.count(S("remove web/1")),
             1);
    // Bad input: one line saying what is expected.
    r = run({S("log"), S("--since"), S("yesterday")});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.err.trimmed(), S("ERROR log: bad value \"yesterday\" for --since: expected a "
                                "duration (30m, 2h, 7d) or a time (2026-11-27T10:00:00Z)"));
    r = run({S("log"), S("-m"), S("nope")});
    QCOMPARE(r.err.trimmed(), S("ERROR model nope not found"));
}

void TestBerthctl::searchFindsThingsInEveryModel()
{
    const auto S = [](const char *text) { return QString::fromUtf8(text); };
    QCOMPARE(run({S("deploy"), S("web"), S("-n"), S("2")}).exitCode, 0);
    QCOMPARE(run({S("add-model"), S("other")}).exitCode, 0);
    QCOMPARE(run({S("deploy"), S("postgresql"), S("db")}).exitCode, 0);

    Run r = run({S("search"), S("web/1")});
    QCOMPARE(r.exitCode, 0);
    const QStringList lines = r.out.split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2);
    QVERIFY2(lines.at(0).startsWith(S("Model    Kind  Name   Status")), qPrintable(r.out));
    QVERIFY2(lines.at(1).startsWith(S("default  unit  web/1  pending")), qPrintable(r.out));
    // Every model, as JSON: the charm finds the application in "other".
    const QJsonArray found =
        QJsonDocument::fromJson(
            run({S("search"), S("postgresql"), S("--format"), S("json")}).out.toUtf8())
            .array();
    QCOMPARE(found.size(), 1);
    QCOMPARE(found.at(0)[S("model")].toString(), S("other"));
    QCOMPARE(found.at(0)[S("kind")].toString(), S("application"));
    QCOMPARE(found.at(0)[S("name")].toString(), S("db"));
    // Past the limit it says so, and shows the first.
    r = run({S("search"), S("is:unit"), S("web"), S("--limit"), S("1")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(S("web/0")) && !r.out.contains(S("web/1")), qPrintable(r.out));
    QVERIFY2(r.err.contains(S("more than 1 of a kind match")), qPrintable(r.err));
    QVERIFY(run({S("search"), S("nothing-like-this")}).out.contains(S("nothing matches")));
    // Bad input: one line saying what is expected.
    r = run({S("search"), S("colour:red")});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.err.trimmed(), S("ERROR search: \"colour\" is not a field; expected one of is, "
                                "model, name, status, zone, type, message, as in "
                                "zone:sim-east-a"));
    r = run({S("search")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.startsWith(S("ERROR")) && r.err.trimmed().count(u'\n') == 0, qPrintable(r.err));
}

QTEST_GUILESS_MAIN(TestBerthctl)
void TestBerthctl::readingCommandsAskNoCloud()
{
    const auto S = [](const char *text) { return QString::fromUtf8(text); };
    // "The cloud": a port that counts who connects, and hangs up at once.
    QTcpServer cloud;
    QVERIFY(cloud.listen(QHostAddress::LocalHost));
    int connections = 0;
    connect(&cloud, &QTcpServer::newConnection, &cloud, [&] {
        while (QTcpSocket *socket = cloud.nextPendingConnection()) {
            ++connections;
            socket->abort();
            socket->deleteLater();
        }
    });
    // An OpenStack account there, and a model on it with an application.
    QCOMPARE(run({S("models")}).exitCode, 0); // the store, with its sim cloud
    {
        Store store(m_db);
        store.write([&](SqlSession &sql) {
            CloudAccount account{S("far"),
                                 S("openstack"),
                                 QStringLiteral("http://127.0.0.1:%1/v3").arg(cloud.serverPort()),
                                 {{S("application-credential-id"), S("abc")}},
                                 {}};
            CloudAccounts(sql).add(account);
            ModelRows(sql).create(S("remote"), S("far"), S("RegionOne"));
        });
        FileSecretStore(m_dir->filePath(S("config/berth/secrets.json")))
            .write(S("far"), S("application-credential-secret"), "s3cret");
    }
    const auto runWhileServing = [&](const QStringList &args) {
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(S("BERTH_DB"), m_db);
        env.insert(S("XDG_DATA_HOME"), m_dir->filePath(S("data")));
        env.insert(S("XDG_CONFIG_HOME"), m_dir->filePath(S("config")));
        env.remove(S("DISPLAY"));
        env.remove(S("DBUS_SESSION_BUS_ADDRESS"));
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(BERTHCTL_PATH), args);
        // The test's event loop runs meanwhile: the port answers.
        if (!QTest::qWaitFor([&] { return process.state() == QProcess::NotRunning; }, 60'000))
            return Run{};
        QCoreApplication::processEvents();
        return Run{process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()),
                   QString::fromUtf8(process.readAllStandardError())};
    };
    // Commands that read the model, or another model, ask the cloud nothing.
    for (const QStringList &args :
         {QStringList{S("-m"), S("remote"), S("status")},
          QStringList{S("-m"), S("remote"), S("status"), S("--format"), S("json")},
          QStringList{S("models")}, QStringList{S("-m"), S("default"), S("deploy"), S("web")},
          QStringList{S("-m"), S("default"), S("status")}}) {
        const Run r = runWhileServing(args);
        QVERIFY2(r.exitCode == 0, qPrintable(args.join(u' ') + u' ' + r.err));
        QCOMPARE(connections, 0);
    }
    // A command that needs the cloud asks it, and says why it cannot be used.
    const Run shown = runWhileServing({S("show-cloud"), S("far")});
    QVERIFY(connections > 0);
    QVERIFY2(shown.out.contains(S("unusable")) || shown.err.contains(S("OpenStack")),
             qPrintable(shown.out + shown.err));
}

#include "tst_berthctl.moc"
