// berthctl wait-for and status --watch as a script runs them: a separate
// process woken by another connection's commits, on SQLite and PostgreSQL.
#include "cli/commitwait.h"
#include "tests/testsupport.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QScopedValueRollback>
#include <QTest>

class TestWaitFor : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void returnsWhenAnotherConnectionsCommitMakesItTrue();
    void aCommitDuringTheFirstCheckWakesTheWait();
    void aCommitSeenWhileACheckDeliversEventsWakesTheWait();
    void timesOutNamingThePartThatIsFalse();
    void refusesABadQueryWithItsColumn();
    void statusWatchDrawsOncePerBurstOfCommits();
    void everyStatusFormatOnTheSameModel();
    void aJujuUsersScriptRunsUnchanged();
    void debugLogShowsTheLastLinesThenFollows();

private:
    QProcessEnvironment environment() const;
    ProcessResult berthctl(const QStringList &args) const;
    // Starts berthctl and waits until it is watching (its first check done).
    void start(QProcess &process, const QStringList &args);
    std::unique_ptr<TestWorkspace> m_tw;
    const QString m_model = QStringLiteral("default");
};

void TestWaitFor::init()
{
    m_tw = std::make_unique<TestWorkspace>();
    deployCharm(m_tw->ws(), m_model, QStringLiteral("web"), 1);
}

QProcessEnvironment TestWaitFor::environment() const
{
    QProcessEnvironment env = isolatedEnvironment(m_tw->dir);
    env.insert(QStringLiteral("BERTH_DB"), m_tw->path());
    return env;
}

ProcessResult TestWaitFor::berthctl(const QStringList &args) const
{
    return runProgram(QStringLiteral(BERTHCTL_PATH), args, environment(), 60'000);
}

void TestWaitFor::start(QProcess &process, const QStringList &args)
{
    process.setProcessEnvironment(environment());
    process.start(QStringLiteral(BERTHCTL_PATH), args);
    QVERIFY(process.waitForStarted());
    // It has read the model and found the query false: it now waits on commits.
    QTest::qWait(1'000);
    QCOMPARE(process.state(), QProcess::Running);
}

void TestWaitFor::returnsWhenAnotherConnectionsCommitMakesItTrue()
{
    QProcess waiter;
    start(waiter,
          {QStringLiteral("wait-for"), QStringLiteral("machine"), QStringLiteral("0"),
           QStringLiteral("--timeout"), QStringLiteral("60s"), QStringLiteral("--summary")});
    QElapsedTimer sinceCommit;
    AsTheProvisioner::started(m_tw->ws(), m_model, QStringLiteral("0"), QStringLiteral("i-1"));
    sinceCommit.start();
    QVERIFY(waiter.waitForFinished(30'000));
    // Woken by the commit, long before its 60 s timeout.
    QVERIFY2(sinceCommit.elapsed() < 10'000, qPrintable(QString::number(sinceCommit.elapsed())));
    QCOMPARE(waiter.exitCode(), 0);
    const QString out = QString::fromUtf8(waiter.readAllStandardOutput());
    QVERIFY2(out.startsWith(QStringLiteral(R"(machine 0: life=="alive" && status=="started")")),
             qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral(R"(machine 0 status: "started")")), qPrintable(out));

    // A query over the model: units added by another process's command.
    QProcess model;
    start(model,
          {QStringLiteral("wait-for"), QStringLiteral("model"), m_model, QStringLiteral("--query"),
           QStringLiteral(R"(len(units) == 3 && forEach(applications, a => a.name == "web"))")});
    QCOMPARE(berthctl({QStringLiteral("add-unit"), QStringLiteral("web"), QStringLiteral("-n"),
                       QStringLiteral("2")})
                 .code,
             0);
    QVERIFY(model.waitForFinished(30'000));
    QCOMPARE(model.exitCode(), 0);
}

// The first check finds the condition false while another client commits
// the change that makes it true: the wait wakes for that commit (it once
// counted it as seen, and slept until its timeout).
void TestWaitFor::aCommitDuringTheFirstCheckWakesTheWait()
{
    Store waiting(m_tw->path());
    int checks = 0;
    const CommitWait::End end = CommitWait::run(waiting, {0, 20'000}, [&] {
        if (++checks > 1)
            return true;
        ApplicationCommands(m_tw->ws()).addUnits(m_model, QStringLiteral("web"), 1, {});
        return false;
    });
    QCOMPARE(end, CommitWait::End::Done);
    QCOMPARE(checks, 2);
}

void TestWaitFor::aCommitSeenWhileACheckDeliversEventsWakesTheWait()
{
    // A check that lets the thread's posted events in (as PostgreSQL's
    // driver hands on a notification) sees the commit it made told to the
    // wait before it returns: that news brings one more check, and the wait
    // ends at once instead of at its timeout.
    Store waiting(m_tw->path());
    int checks = 0;
    bool nested = false;
    bool inCheck = false;
    QElapsedTimer waited;
    waited.start();
    const CommitWait::End end = CommitWait::run(waiting, {0, 20'000}, [&] {
        nested = nested || inCheck;
        const QScopedValueRollback checking(inCheck, true);
        if (++checks > 1)
            return true;
        ApplicationCommands(m_tw->ws()).addUnits(m_model, QStringLiteral("web"), 1, {});
        QElapsedTimer told;
        told.start();
        while (told.elapsed() < 500) // SQLite's poll, or PostgreSQL's NOTIFY, comes meanwhile
            QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
        return false;
    });
    QCOMPARE(end, CommitWait::End::Done);
    QCOMPARE(checks, 2);
    QVERIFY(!nested); // one check at a time
    QVERIFY2(waited.elapsed() < 10'000, qPrintable(QString::number(waited.elapsed())));
}

void TestWaitFor::timesOutNamingThePartThatIsFalse()
{
    ProcessResult r = berthctl({QStringLiteral("wait-for"), QStringLiteral("unit"),
                                QStringLiteral("web/0"), QStringLiteral("--query"),
                                QStringLiteral(R"(life == "alive" && agent-status == "idle")"),
                                QStringLiteral("--timeout"), QStringLiteral("1s")});
    QCOMPARE(r.code, 1);
    QCOMPARE(r.err, QStringLiteral(R"(ERROR timed out after 1s waiting for unit web/0: )"
                                   R"(agent-status == "idle" (agent-status is "allocating") )"
                                   "is false\n"));
    // A unit that never comes is named as missing.
    r = berthctl({QStringLiteral("wait-for"), QStringLiteral("unit"), QStringLiteral("db/0"),
                  QStringLiteral("--timeout"), QStringLiteral("500ms")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.endsWith(QStringLiteral(": unit db/0 does not exist\n")), qPrintable(r.err));
}

void TestWaitFor::refusesABadQueryWithItsColumn()
{
    ProcessResult r = berthctl({QStringLiteral("wait-for"), QStringLiteral("application"),
                                QStringLiteral("web"), QStringLiteral("--query"),
                                QStringLiteral(R"(status == "active" && len(unit) > 2)")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.startsWith(QStringLiteral(
                 R"(ERROR bad query at column 27: an application has no field "unit")")),
             qPrintable(r.err));
    QCOMPARE(r.err.count(u'\n'), 1);
    r = berthctl({QStringLiteral("wait-for"), QStringLiteral("volume"), QStringLiteral("v/0")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("expected model, application, machine or unit")),
             qPrintable(r.err));
    r = berthctl({QStringLiteral("wait-for"), QStringLiteral("unit"), QStringLiteral("web/0"),
                  QStringLiteral("--timeout"), QStringLiteral("soon")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("a duration such as 90s")), qPrintable(r.err));
}

void TestWaitFor::statusWatchDrawsOncePerBurstOfCommits()
{
    QProcess watcher;
    start(watcher, {QStringLiteral("status"), QStringLiteral("--watch"), QStringLiteral("1s"),
                    QStringLiteral("--format"), QStringLiteral("oneline")});
    const auto documents = [](const QString &out) {
        return out.split(QStringLiteral("\n\n"), Qt::SkipEmptyParts);
    };
    QString out = QString::fromUtf8(watcher.readAllStandardOutput());
    QCOMPARE(documents(out).size(), 1); // drawn once at the start
    // A burst: ten commits in a row, one unit each.
    for (int i = 0; i < 10; ++i)
        ApplicationCommands(m_tw->ws()).addUnits(m_model, QStringLiteral("web"), 1, {});
    QTest::qWait(2'500);
    out += QString::fromUtf8(watcher.readAllStandardOutput());
    const QStringList drawn = documents(out);
    QCOMPARE(drawn.size(), 2); // and once for the burst, with all of it
    QCOMPARE(drawn.last().count(QStringLiteral("- web/")), 11);
    // Nothing changes: nothing is drawn.
    QTest::qWait(1'500);
    QCOMPARE(watcher.readAllStandardOutput(), QByteArray());
    watcher.terminate();
    QVERIFY(watcher.waitForFinished(10'000));
}

void TestWaitFor::everyStatusFormatOnTheSameModel()
{
    AsTheProvisioner::started(m_tw->ws(), m_model, QStringLiteral("0"), QStringLiteral("i-1"));
    ApplicationCommands(m_tw->ws()).addUnits(m_model, QStringLiteral("web"), 1, {});
    const auto status = [&](const QStringList &extra) {
        const ProcessResult r = berthctl(QStringList{QStringLiteral("status")} + extra);
        if (r.code != 0)
            qWarning() << r.err;
        return r.out;
    };
    const QString table = status({QStringLiteral("--utc")});
    QVERIFY2(table.contains(QStringLiteral("Timestamp")) &&
                 table.section(u'\n', 1, 1).contains(u'Z'),
             qPrintable(table));
    QVERIFY(table.contains(QStringLiteral("web/1  waiting   allocating")));
    const QString summary = status({QStringLiteral("--format"), QStringLiteral("summary")});
    QVERIFY2(summary.contains(QStringLiteral("# Machines: (2)\n  pending:  1\n  started:  1\n")),
             qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("# Units: (2)\n  unknown:  1\n  waiting:  1\n")),
             qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("sim-east/sim-east-a:  1")), qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("# Applications: (1)\n  waiting:  1\n")),
             qPrintable(summary));
    const QString oneline = status({QStringLiteral("--format"), QStringLiteral("oneline")});
    QCOMPARE(oneline,
             QStringLiteral("- web/0: machine 0 in sim-east-a (agent:idle, workload:unknown)\n"
                            "- web/1: machine 1 (agent:allocating, workload:waiting)\n"));
    QCOMPARE(status({QStringLiteral("--format"), QStringLiteral("short")}), oneline);
    QCOMPARE(status({QStringLiteral("--format"), QStringLiteral("line")}), oneline);
    const QString json = status({QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY(json.contains(QStringLiteral("\"web/1\"")));
    const QString yaml = status({QStringLiteral("--format"), QStringLiteral("yaml")});
    QVERIFY(yaml.contains(QStringLiteral("web/1:")));
    // -o writes the same document to a file and nothing to the terminal.
    const QString file = m_tw->dir.filePath(QStringLiteral("status.json"));
    QCOMPARE(
        status({QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("-o"), file}),
        QString());
    QFile written(file);
    QVERIFY(written.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(written.readAll()), json);
    // --integrations is --relations.
    QCOMPARE(status({QStringLiteral("--integrations"), QStringLiteral("--format"),
                     QStringLiteral("yaml")}),
             yaml);
    // show-machine and show-unit: YAML as Juju's, JSON, and a table, with
    // when each last moved, in UTC with --utc.
    QProcessEnvironment berlin = environment();
    berlin.insert(QStringLiteral("TZ"), QStringLiteral("Europe/Berlin"));
    const auto show = [&](const QStringList &args) {
        return runProgram(QStringLiteral(BERTHCTL_PATH), args, berlin).out;
    };
    const QString machineTable =
        show({QStringLiteral("show-machine"), QStringLiteral("0"), QStringLiteral("--format"),
              QStringLiteral("tabular"), QStringLiteral("--utc")});
    QVERIFY2(machineTable.startsWith(QStringLiteral("Machine  Status   Inst id  Inst status")),
             qPrintable(machineTable));
    QVERIFY2(
        machineTable.contains(QRegularExpression(QStringLiteral(
            R"(\n0 +started +i-1 +running +sim-east-a +\d\d \w{3} \d{4} \d\d:\d\d:\d\dZ +web/0\n)"))),
        qPrintable(machineTable));
    const QString unitYaml = show({QStringLiteral("show-unit"), QStringLiteral("web/0")});
    QVERIFY2(unitYaml.contains(QRegularExpression(
                 QStringLiteral(R"(since: "\d\d \w{3} \d{4} \d\d:\d\d:\d\d\+0[12]:00")"))),
             qPrintable(unitYaml));
    const QString unitJson =
        show({QStringLiteral("show-unit"), QStringLiteral("web/0"), QStringLiteral("--format"),
              QStringLiteral("json"), QStringLiteral("--utc")});
    QVERIFY2(
        QJsonDocument::fromJson(unitJson.toUtf8())[QStringLiteral("web/0")][QStringLiteral("since")]
            .toString()
            .endsWith(u'Z'),
        qPrintable(unitJson));
    const QString unitTable =
        show({QStringLiteral("show-unit"), QStringLiteral("web/0"), QStringLiteral("web/1"),
              QStringLiteral("--format"), QStringLiteral("tabular")});
    QVERIFY2(unitTable.contains(QStringLiteral("web/1  waiting   allocating")),
             qPrintable(unitTable));

    // A narrow terminal (COLUMNS) gets the columns that matter most.
    QProcessEnvironment env = environment();
    env.insert(QStringLiteral("COLUMNS"), QStringLiteral("70"));
    const ProcessResult narrow =
        runProgram(QStringLiteral(BERTHCTL_PATH), {QStringLiteral("status")}, env);
    for (const QString &line : narrow.out.split(u'\n'))
        QVERIFY2(line.size() <= 70, qPrintable(line));
    QVERIFY(narrow.out.contains(QStringLiteral("Inst status")));
    const QString machineHeader =
        narrow.out.mid(narrow.out.indexOf(QStringLiteral("\nMachine"))).section(u'\n', 1, 1);
    QVERIFY2(!machineHeader.contains(QStringLiteral("Constraints")), qPrintable(machineHeader));
}

void TestWaitFor::aJujuUsersScriptRunsUnchanged()
{
    ModelCommands(m_tw->ws())
        .addModel(QStringLiteral("ci-test"), {}, {}, ModelCommands::NewModel::LeavesCurrent);
    // "juju" is berthctl, and the model's provisioner runs, as a controller's.
    QDir(m_tw->dir.path()).mkdir(QStringLiteral("bin"));
    QVERIFY(
        QFile::link(QStringLiteral(BERTHCTL_PATH), m_tw->dir.filePath(QStringLiteral("bin/juju"))));
    QProcessEnvironment env = environment();
    env.insert(QStringLiteral("PATH"), m_tw->dir.filePath(QStringLiteral("bin")) + u':' +
                                           env.value(QStringLiteral("PATH")));
    QProcess provisioner;
    provisioner.setProcessEnvironment(env);
    provisioner.start(
        QStringLiteral(BERTHCTL_PATH),
        {QStringLiteral("-m"), QStringLiteral("ci-test"), QStringLiteral("provision")});
    QVERIFY(provisioner.waitForStarted());

    const ProcessResult r =
        runFed(QStringLiteral("bash"), {QStringLiteral(SOURCE_DIR "/tests/scripts/juju-user.sh")},
               env, m_tw->dir.path(), {}, 240'000); // within the test's own 300 s
    const bool provisionerRan = provisioner.state() == QProcess::Running;
    provisioner.terminate();
    QVERIFY(provisioner.waitForFinished(30'000));
    QVERIFY2(r.code == 0,
             qPrintable(QStringLiteral("script (code %1):\n%2%3\nprovisioner (%4):\n%5%6")
                            .arg(r.code)
                            .arg(r.out, r.err,
                                 provisionerRan ? QStringLiteral("was running")
                                                : QStringLiteral("had ended"),
                                 QString::fromUtf8(provisioner.readAllStandardOutput()),
                                 QString::fromUtf8(provisioner.readAllStandardError()))));
    // The removed unit's machine stopped (however far the provisioner got).
    QCOMPARE(runProgram(QStringLiteral(BERTHCTL_PATH),
                        {QStringLiteral("-m"), QStringLiteral("ci-test"),
                         QStringLiteral("provision"), QStringLiteral("--until-idle"),
                         QStringLiteral("--timeout"), QStringLiteral("120")},
                        env)
                 .code,
             0);
    // Juju's setting names reached Berth's settings.
    QVERIFY2(r.out.contains(QStringLiteral("\n8\n")), qPrintable(r.out));
    const ModelConfig config = m_tw->ws().snapshot(QStringLiteral("ci-test")).model.config;
    QCOMPARE(config.provisionWorkers(), 8);
    QCOMPARE(config.containerProvisionWorkers(), 2);
    QCOMPARE(config.resourceTags(),
             (QMap<QString, QString>{{QStringLiteral("cost-centre"), QStringLiteral("42")},
                                     {QStringLiteral("team"), QStringLiteral("ci")}}));
    // What Berth does not do was said, not refused.
    QVERIFY2(r.err.contains(QStringLiteral("note: Berth runs no charm: --channel changed nothing")),
             qPrintable(r.err));
    // Its waits held, and its status is what it waited for.
    QVERIFY2(r.out.contains(QStringLiteral("application web: life==\"alive\"")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("# Units: (4)\n  unknown:  4\n")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("- web/4: machine ")), qPrintable(r.out));
    QVERIFY(QFile::exists(m_tw->dir.filePath(QStringLiteral("status.json"))));
    // Every instance carries the resource tags, and is named by its model.
    const ProcessResult instances = runProgram(QStringLiteral(BERTHCTL_PATH),
                                               {QStringLiteral("instances"), QStringLiteral("sim"),
                                                QStringLiteral("--format"), QStringLiteral("json")},
                                               env);
    QCOMPARE(instances.code, 0);
    const QJsonArray list = QJsonDocument::fromJson(instances.out.toUtf8()).array();
    QCOMPARE(list.size(), 4); // web/1 to web/4's
    for (const QJsonValue &instance : list) {
        QCOMPARE(instance[QStringLiteral("model")].toString(), QStringLiteral("ci-test"));
        QCOMPARE(instance[QStringLiteral("tags")][QStringLiteral("team")].toString(),
                 QStringLiteral("ci"));
    }
}

void TestWaitFor::debugLogShowsTheLastLinesThenFollows()
{
    AsTheProvisioner::started(m_tw->ws(), m_model, QStringLiteral("0"), QStringLiteral("i-1"));
    ProcessResult r = berthctl({QStringLiteral("debug-log"), QStringLiteral("--no-tail"),
                                QStringLiteral("--replay"), QStringLiteral("--utc")});
    QCOMPARE(r.code, 0);
    const QStringList lines = r.out.split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2);
    QVERIFY2(lines.at(0).startsWith(QStringLiteral("machine-0: ")) &&
                 lines.at(0).contains(QStringLiteral(" INFO alive/pending provisioning: starting")),
             qPrintable(lines.at(0)));
    QVERIFY2(lines.at(1).endsWith(QStringLiteral("INFO alive/started running: instance i-1 "
                                                 "(t3.medium) in sim-east-a")),
             qPrintable(lines.at(1)));
    r = berthctl({QStringLiteral("debug-log"), QStringLiteral("--no-tail"), QStringLiteral("-n"),
                  QStringLiteral("1")});
    QCOMPARE(r.out.split(u'\n', Qt::SkipEmptyParts), lines.mid(1));

    // Followed: another connection's failure comes as an ERROR line.
    QProcess tail;
    start(tail, {QStringLiteral("debug-log"), QStringLiteral("-n"), QStringLiteral("0")});
    ApplicationCommands(m_tw->ws()).addUnits(m_model, QStringLiteral("web"), 1, {});
    AsTheProvisioner::failed(m_tw->ws(), m_model, QStringLiteral("1"),
                             QStringLiteral("no capacity in sim-east-a"));
    QTRY_VERIFY_WITH_TIMEOUT(
        tail.bytesAvailable() > 0 &&
            QString::fromUtf8(tail.peek(4096))
                .contains(QStringLiteral("ERROR alive/error provisioning error: no "
                                         "capacity in sim-east-a")),
        10'000);
    const QString followed = QString::fromUtf8(tail.readAllStandardOutput());
    QVERIFY2(followed.startsWith(QStringLiteral("machine-1: ")), qPrintable(followed));
    tail.terminate();
    QVERIFY(tail.waitForFinished(10'000));
}

QTEST_GUILESS_MAIN(TestWaitFor)
#include "tst_waitfor.moc"
