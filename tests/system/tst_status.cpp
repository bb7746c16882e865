// `berthctl status` as a Juju user reads it: selectors, unit and application
// status, --relations, colours and Juju's key order; a separate process on a
// store file.
#include "tests/testsupport.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace berth;

namespace {
QString S(const char *text)
{
    return QString::fromUtf8(text);
}
} // namespace

class TestStatus : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void aFailedUnitShowsAsFailed();
    void selectorsNarrowEveryTable();
    void relationsOnRequest();
    void coloursOnlyWhenAsked();
    void machineReadableFormatsFollowJujusOrder();
    void badSelectorsSayWhy();

private:
    ProcessResult run(const QStringList &args);
    QTemporaryDir m_dir;
};

ProcessResult TestStatus::run(const QStringList &args)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(S("BERTH_DB"), m_dir.filePath(S("berth.sqlite")));
    env.insert(S("XDG_DATA_HOME"), m_dir.filePath(S("data")));
    env.remove(S("NO_COLOR"));
    return runProgram(S(BERTHCTL_PATH), args, env, 60'000);
}

void TestStatus::initTestCase()
{
    // The transcript's model: big/0 fits no instance type and fails.
    for (const QStringList &args : QList<QStringList>{
             {S("deploy"), S("mysql"), S("--constraints"), S("mem=4G cores=2")},
             {S("deploy"), S("wordpress"), S("-n"), S("2"), S("--constraints"), S("mem=2G")},
             {S("deploy"), S("ntp"), S("--subordinate")},
             {S("relate"), S("ntp"), S("wordpress")},
             {S("add-machine"), S("lxd:0")},
             {S("deploy"), S("haproxy"), S("--to"), S("lxd:1")},
             {S("deploy"), S("big"), S("--constraints"), S("mem=512G")}}) {
        const ProcessResult r = run(args);
        QVERIFY2(r.code == 0, qPrintable(r.err));
    }
    const ProcessResult provision =
        run({S("provision"), S("--until-idle"), S("--timeout"), S("60")});
    QCOMPARE(provision.code, 1); // big/0's machine is in error
}

void TestStatus::aFailedUnitShowsAsFailed()
{
    const ProcessResult r = run({S("status")});
    QCOMPARE(r.code, 0);
    // The App table: worst unit's status, units up of all, the message.
    QVERIFY2(r.out.contains(S("\nApp                Status   Scale  Charm")), qPrintable(r.out));
    QVERIFY(r.out.contains(S("\nbig                error    0/1    big")));
    QVERIFY(r.out.contains(S("\nwordpress          unknown  2      wordpress")));
    // The Unit table: Juju's workload and agent words.
    QVERIFY(r.out.contains(S("\nUnit         Workload  Agent   Machine  Constraints")));
    QVERIFY(r.out.contains(S("\nbig/0        error     failed  3        mem=524288M        no "
                             "instance types in sim-east matching constraints")));
    QVERIFY(r.out.contains(S("\n  ntp/0      unknown   idle    1\n")));
    QVERIFY(!r.out.contains(S("\x1b[")));
}

void TestStatus::selectorsNarrowEveryTable()
{
    const ProcessResult app = run({S("status"), S("mysql")});
    QCOMPARE(app.code, 0);
    QVERIFY(app.out.contains(S("\nmysql/0 ")));
    QVERIFY(!app.out.contains(S("wordpress")));
    QVERIFY(!app.out.contains(S("\n1 ")));
    QVERIFY2(app.out.contains(S("\n0 ")), qPrintable(app.out));

    // A machine brings its containers and the units on them.
    const ProcessResult machine = run({S("status"), S("1")});
    QCOMPARE(machine.code, 0);
    for (const char *shown : {"\nhaproxy/0 ", "\nwordpress/0 ", "\n  ntp/0 ", "\n  1/lxd/0 "})
        QVERIFY2(machine.out.contains(S(shown)), shown);
    QVERIFY(!machine.out.contains(S("wordpress/1")));

    // A status word and a wildcard.
    const ProcessResult failing = run({S("status"), S("error")});
    QVERIFY(failing.out.contains(S("\nbig/0 ")));
    QVERIFY(!failing.out.contains(S("mysql")));
    const ProcessResult wild = run({S("status"), S("*/1")});
    QVERIFY(wild.out.contains(S("\nwordpress/1 ")));
    QVERIFY(wild.out.contains(S("\n  ntp/1 ")));
    QVERIFY(!wild.out.contains(S("wordpress/0")));

    const ProcessResult none = run({S("status"), S("nosuch")});
    QCOMPARE(none.code, 0);
    QCOMPARE(none.err, S("WARNING nothing matched nosuch\n"));
    QVERIFY(none.out.startsWith(S("Model ")));
}

void TestStatus::relationsOnRequest()
{
    QVERIFY(!run({S("status")}).out.contains(S("Integration provider")));
    const ProcessResult r = run({S("status"), S("--relations")});
    QVERIFY2(r.out.contains(S("\nIntegration provider  Requirer  Type\n"
                              "wordpress             ntp       subordinate\n")),
             qPrintable(r.out));
    // Selected away with its applications.
    QVERIFY(
        !run({S("status"), S("mysql"), S("--relations")}).out.contains(S("Integration provider")));
}

void TestStatus::coloursOnlyWhenAsked()
{
    const ProcessResult r = run({S("status"), S("--color")});
    QCOMPARE(r.code, 0);
    // Red for the failure, green for what is up; the columns stay aligned.
    QVERIFY2(r.out.contains(S("\nbig/0        \x1b[31merror\x1b[0m     \x1b[31mfailed\x1b[0m  3 ")),
             qPrintable(r.out));
    QVERIFY(r.out.contains(S("\x1b[32midle\x1b[0m")));
    QVERIFY(!run({S("status"), S("--no-color")}).out.contains(S("\x1b[")));
    const ProcessResult both = run({S("status"), S("--color"), S("--no-color")});
    QCOMPARE(both.code, 1);
    QCOMPARE(both.err, S("ERROR status: give --color or --no-color, not both\n"));
}

void TestStatus::machineReadableFormatsFollowJujusOrder()
{
    const ProcessResult yaml = run({S("status"), S("big"), S("--format"), S("yaml")});
    QCOMPARE(yaml.code, 0);
    const qsizetype model = yaml.out.indexOf(S("\nmodel:"));
    const qsizetype machines = yaml.out.indexOf(S("\nmachines:"));
    const qsizetype applications = yaml.out.indexOf(S("\napplications:"));
    QVERIFY2(yaml.out.startsWith(S("model:")) && model < 0, qPrintable(yaml.out));
    QVERIFY(0 < machines && machines < applications);
    // In a unit: its statuses before its machine.
    const qsizetype workload = yaml.out.indexOf(S("workload-status:"));
    const qsizetype agent = yaml.out.indexOf(S("juju-status:"));
    const qsizetype machine = yaml.out.indexOf(S("machine: \"3\""));
    QVERIFY(applications < workload && workload < agent && agent < machine);

    const ProcessResult json = run({S("status"), S("wordpress/0"), S("--format"), S("json")});
    QCOMPARE(json.code, 0);
    QVERIFY(json.out.indexOf(S("\"model\"")) < json.out.indexOf(S("\"machines\"")));
    const QJsonObject doc = QJsonDocument::fromJson(json.out.toUtf8()).object();
    const QJsonObject wp = doc[S("applications")][S("wordpress")].toObject();
    QCOMPARE(wp[S("application-status")][S("current")].toString(), S("unknown"));
    const QJsonObject unit = wp[S("units")][S("wordpress/0")].toObject();
    QCOMPARE(unit[S("workload-status")][S("current")].toString(), S("unknown"));
    QCOMPARE(unit[S("juju-status")][S("current")].toString(), S("idle"));
    QCOMPARE(unit[S("subordinates")][S("ntp/0")][S("juju-status")][S("current")].toString(),
             S("idle"));
    QCOMPARE(doc[S("machines")].toObject().keys(), QStringList{S("1")});

    const QJsonObject big =
        QJsonDocument::fromJson(run({S("status"), S("big"), S("--format"), S("json")}).out.toUtf8())
            .object();
    QCOMPARE(big[S("applications")][S("big")][S("application-status")][S("current")].toString(),
             S("error"));
}

void TestStatus::badSelectorsSayWhy()
{
    const ProcessResult r = run({S("status"), S("my$ql")});
    QCOMPARE(r.code, 1);
    QCOMPARE(r.err, S("ERROR invalid status pattern \"my$ql\": expected an application, unit or "
                      "machine name or a status, with * and ? as wildcards\n"));
    QVERIFY(r.out.isEmpty());
}

QTEST_GUILESS_MAIN(TestStatus)
#include "tst_status.moc"
