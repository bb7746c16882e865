// A team on one model in PostgreSQL (scripts/setup-postgres's server): many
// berthctl processes writing at once lose nothing, one provisioner runs per
// model and another takes over when it dies, and other clients hear of each
// commit through LISTEN/NOTIFY.
#include "tests/testsupport.h"

#include "core/store/changelistener.h"
#include "core/store/provisionerlease.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <atomic>
#include <thread>

using namespace berth;

class TestPostgres : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void fourProcessesAddUnitsAtOnce();
    void oneProvisionerPerModelAcrossClients();
    void killedLeaderIsReplaced();
    void commitsAreHeardWithinASecond();
    void aWriterBehindAStuckClientGivesUpWithTheReason();
    void addressesThatCannotWorkSayWhy();
    void sessionsCarryBerthsSettings();
    void aConnectionLostMidCommandSaysSo();
    void aStoreThatTakesNoWritesSaysSo();

private:
    QProcessEnvironment environment(const TestWorkspace &t) const;
};

void TestPostgres::initTestCase()
{
    if (!TestLocation::postgres())
        QSKIP("runs with BERTH_TEST_BACKEND=postgres (ctest does)");
}

QProcessEnvironment TestPostgres::environment(const TestWorkspace &t) const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("BERTH_DB"), t.path());
    env.insert(QStringLiteral("XDG_DATA_HOME"), t.dir.filePath(QStringLiteral("data")));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), t.dir.filePath(QStringLiteral("config")));
    return env;
}

void TestPostgres::fourProcessesAddUnitsAtOnce()
{
    TestWorkspace t;
    QCOMPARE(runProgram(QStringLiteral(BERTHCTL_PATH),
                        {QStringLiteral("deploy"), QStringLiteral("app")}, environment(t))
                 .code,
             0);
    QList<QProcess *> writers;
    for (int i = 0; i < 4; ++i) {
        auto *p = new QProcess(this);
        p->setProcessEnvironment(environment(t));
        writers << p;
    }
    for (QProcess *p : writers) // all four at once
        p->start(QStringLiteral(BERTHCTL_PATH), {QStringLiteral("add-unit"), QStringLiteral("app"),
                                                 QStringLiteral("-n"), QStringLiteral("25")});
    for (QProcess *p : writers) {
        QVERIFY(p->waitForFinished(120'000));
        QVERIFY2(p->exitCode() == 0, p->readAllStandardError().constData());
        delete p;
    }
    const ModelSnapshot s = t.ws().snapshot(QStringLiteral("default"));
    QCOMPARE(s.units.size(), 101);
    QSet<qint64> numbers;
    QSet<qint64> machines;
    for (const UnitRecord &u : s.units) {
        numbers.insert(u.number);
        machines.insert(u.machineId);
    }
    QCOMPARE(numbers.size(), 101); // unique: 0..100
    QCOMPARE(*std::max_element(numbers.cbegin(), numbers.cend()), 100);
    QCOMPARE(s.machines.size(), 101);
    QCOMPARE(machines.size(), 101); // one machine each, none shared or lost

    // Numbers are never reused: after removing the last unit, the next is 101.
    QCOMPARE(runProgram(QStringLiteral(BERTHCTL_PATH),
                        {QStringLiteral("remove-unit"), QStringLiteral("app/100")}, environment(t))
                 .code,
             0);
    const ProcessResult added =
        runProgram(QStringLiteral(BERTHCTL_PATH),
                   {QStringLiteral("add-unit"), QStringLiteral("app")}, environment(t));
    QVERIFY2(added.out.contains(QStringLiteral("app/101")), qPrintable(added.out));
}

void TestPostgres::oneProvisionerPerModelAcrossClients()
{
    TestWorkspace t;
    const qint64 model = t.ws().snapshot(QStringLiteral("default")).model.id;
    Store first(t.path());
    Store second(t.path());
    ProvisionerLease a(first, model);
    ProvisionerLease b(second, model);
    QVERIFY(a.acquire());
    QVERIFY(!b.acquire());
    QVERIFY(!b.holder().isEmpty());
    a.release();
    QVERIFY(b.acquire());
    // The lock goes with the holder's connection, whatever the lease row says.
    {
        Store third(t.path());
        ProvisionerLease c(third, model);
        QVERIFY(!c.acquire());
    }
}

void TestPostgres::killedLeaderIsReplaced()
{
    TestWorkspace t({QStringLiteral("latency-ms=200")});
    const QProcessEnvironment env = environment(t);
    const QString berthctl = QStringLiteral(BERTHCTL_PATH);
    QCOMPARE(runProgram(berthctl,
                        {QStringLiteral("model-config"), QStringLiteral("provision-workers=2")},
                        env)
                 .code,
             0);
    QCOMPARE(runProgram(berthctl,
                        {QStringLiteral("deploy"), QStringLiteral("web"), QStringLiteral("-n"),
                         QStringLiteral("16")},
                        env)
                 .code,
             0);
    QProcess leader;
    QProcess standby;
    for (QProcess *p : {&leader, &standby}) {
        p->setProcessEnvironment(env);
        p->start(berthctl, {QStringLiteral("provision")});
        QVERIFY(p->waitForStarted());
    }
    const auto started = [&] {
        int n = 0;
        for (const MachineRecord &m : t.ws().snapshot(QStringLiteral("default")).machines)
            n += m.instanceId.isEmpty() ? 0 : 1;
        return n;
    };
    QTRY_VERIFY_WITH_TIMEOUT(started() >= 2, 60'000);
    // Kill whichever holds the model.
    const qint64 holderPid =
        t.store->sql().scalar(QStringLiteral("SELECT pid FROM provisioner_leases")).toLongLong();
    QProcess &victim = holderPid == standby.processId() ? standby : leader;
    QProcess &survivor = &victim == &leader ? standby : leader;
    QVERIFY(holderPid == leader.processId() || holderPid == standby.processId());
    victim.kill();
    QVERIFY(victim.waitForFinished());
    const int before = started();
    QVERIFY(before < 16);

    QElapsedTimer clock;
    clock.start();
    QTRY_COMPARE_WITH_TIMEOUT(started(), 16, 120'000);
    qInfo("the standby finished %d machines in %lld ms", 16 - before, clock.elapsed());
    survivor.terminate();
    QVERIFY(survivor.waitForFinished(30'000));

    // The cloud holds exactly the model's instances: nothing doubled, nothing lost.
    const ProcessResult list = runProgram(berthctl,
                                          {QStringLiteral("instances"), QStringLiteral("sim"),
                                           QStringLiteral("--format"), QStringLiteral("json")},
                                          env);
    const QJsonArray instances = QJsonDocument::fromJson(list.out.toUtf8()).array();
    QSet<QString> ids;
    for (const MachineRecord &m : t.ws().snapshot(QStringLiteral("default")).machines)
        ids.insert(m.instanceId);
    QCOMPARE(instances.size(), 16);
    for (const QJsonValue i : instances)
        QVERIFY(ids.contains(i[QStringLiteral("id")].toString()));
}

void TestPostgres::commitsAreHeardWithinASecond()
{
    TestWorkspace t;
    ChangeListener listener(t.path());
    int heard = 0;
    connect(&listener, &ChangeListener::committed, this, [&] { ++heard; });
    Store reader(t.path());
    const qint64 before = reader.dataVersion();
    QElapsedTimer clock;
    clock.start();
    const ProcessResult added =
        runProgram(QStringLiteral(BERTHCTL_PATH), {QStringLiteral("add-machine")}, environment(t));
    QCOMPARE(added.code, 0);
    QTRY_VERIFY_WITH_TIMEOUT(heard > 0, 1'000);
    QVERIFY(reader.dataVersion() != before);
    QCOMPARE(reader.changesSince(before).first().kind, QStringLiteral("machine"));
}

// A client that holds the write lock and does nothing (a suspended laptop,
// psql left in a transaction): the next writer waits as long as on SQLite,
// then says the store is busy, and writes once the lock is let go.
void TestPostgres::aWriterBehindAStuckClientGivesUpWithTheReason()
{
    TestWorkspace t;
    const auto berthctl = [&](const QStringList &args) {
        return runProgram(QStringLiteral(BERTHCTL_PATH), args, environment(t), 120'000);
    };
    QCOMPARE(berthctl({QStringLiteral("deploy"), QStringLiteral("app")}).code, 0);
    const auto [r, seconds] = writeBehindAStuckClient(t.path(), [&] {
        return berthctl({QStringLiteral("add-unit"), QStringLiteral("app")});
    });
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("the store is busy: another client held it for "
                                           "longer than Berth waits (30 s)")),
             qPrintable(r.err));
    QVERIFY2(seconds >= 29 && seconds < 60, qPrintable(QString::number(seconds)));
    QCOMPARE(berthctl({QStringLiteral("add-unit"), QStringLiteral("app")}).code, 0);
}

// An address that asks for TLS the server lacks, or a bad sslmode, once read
// "cannot reach the PostgreSQL server (is it running?)".
void TestPostgres::addressesThatCannotWorkSayWhy()
{
    TestWorkspace t;
    const auto status = [&](const QString &query) {
        return runProgram(
            QStringLiteral(BERTHCTL_PATH),
            {QStringLiteral("--db"), t.path() + u'?' + query, QStringLiteral("status")},
            environment(t));
    };
    ProcessResult r = status(QStringLiteral("sslmode=bogus"));
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("bad sslmode in the address")), qPrintable(r.err));
    r = status(QStringLiteral("sslmode=require"));
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("does not offer TLS, which the address asks for")),
             qPrintable(r.err));
    // Settings of the DBA's own in the address: one the server refuses, and
    // one Qt's driver would split.
    for (const QString &options : {QStringLiteral("options=-c%20random_page_cost%3Dabc"),
                                   QStringLiteral("options=-c%20no_such_setting%3D1")}) {
        r = status(options);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("the PostgreSQL server refused a setting in the "
                                               "address's options")),
                 qPrintable(r.err));
        QCOMPARE(r.err.trimmed().count(u'\n'), 0);
    }
    r = status(QStringLiteral("options=-c%20work_mem%3D1MB;x"));
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("expected the URL's options without \";\"")),
             qPrintable(r.err));
}

// Every session Berth opens waits for a writer as long as on SQLite, plans
// for the tables as they are, compiles no statement (a misestimated one-row
// table made `models` compile for longer than it ran) and costs an index
// lookup as data in memory; a DBA's own options in the address win.
void TestPostgres::sessionsCarryBerthsSettings()
{
    TestWorkspace t;
    const auto setting = [](Store &store, const QString &name) {
        return store.read([&](SqlSession &sql) {
            return sql.scalar(QStringLiteral("SELECT current_setting(?)"), {name}).toString();
        });
    };
    {
        Store store(t.path());
        QCOMPARE(setting(store, QStringLiteral("lock_timeout")), QStringLiteral("30s"));
        QCOMPARE(setting(store, QStringLiteral("idle_in_transaction_session_timeout")),
                 QStringLiteral("2min"));
        QCOMPARE(setting(store, QStringLiteral("plan_cache_mode")),
                 QStringLiteral("force_custom_plan"));
        QCOMPARE(setting(store, QStringLiteral("jit")), QStringLiteral("off"));
        QCOMPARE(setting(store, QStringLiteral("random_page_cost")), QStringLiteral("1.1"));
        QCOMPARE(setting(store, QStringLiteral("client_min_messages")), QStringLiteral("warning"));
    }
    Store store(t.path() + QStringLiteral("?options=-c%20random_page_cost%3D2%20-c%20jit%3Don"));
    QCOMPARE(setting(store, QStringLiteral("random_page_cost")), QStringLiteral("2"));
    QCOMPARE(setting(store, QStringLiteral("jit")), QStringLiteral("on"));
    QCOMPARE(setting(store, QStringLiteral("lock_timeout")), QStringLiteral("30s"));
}

// A server that stopped, or a connection an administrator ended, mid-command
// once read "the store failed to carry out this command".
void TestPostgres::aConnectionLostMidCommandSaysSo()
{
    TestWorkspace t;
    const auto berthctl = [&](const QStringList &args) {
        return runProgram(QStringLiteral(BERTHCTL_PATH), args, environment(t), 120'000);
    };
    QCOMPARE(berthctl({QStringLiteral("deploy"), QStringLiteral("app")}).code, 0);
    // The writer waits behind a stuck client; its connection is then ended
    // from the server's side, as a server shutting down ends every one.
    std::atomic<bool> ended = false;
    const auto [r, seconds] = writeBehindAStuckClient(t.path(), [&] {
        std::thread admin([&] {
            const QString name = QStringLiteral("admin");
            {
                QSqlDatabase db = openDirect(name, t.path());
                QSqlQuery query(db);
                for (int i = 0; i < 200 && !ended; ++i) {
                    QThread::msleep(100);
                    query.exec(QStringLiteral(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = "
                        "current_database() AND wait_event_type = 'Lock'"));
                    ended = query.next() && query.value(0).toBool();
                }
                query = QSqlQuery();
                db.close();
            }
            QSqlDatabase::removeDatabase(name);
        });
        const ProcessResult result = berthctl({QStringLiteral("add-unit"), QStringLiteral("app")});
        admin.join();
        return result;
    });
    QVERIFY(ended);
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("the connection to the PostgreSQL server was lost; "
                                           "try again when it is back; nothing was changed")),
             qPrintable(r.err));
    QVERIFY2(seconds < 25, qPrintable(QString::number(seconds)));
    QVERIFY(!berthctl({QStringLiteral("status")}).out.contains(QStringLiteral("app/1")));
}

// PostgreSQL's SQLSTATEs of digits only (25006, 42501) were once read as
// SQLite codes: a read-only database said "the store is busy".
void TestPostgres::aStoreThatTakesNoWritesSaysSo()
{
    TestWorkspace t;
    const auto berthctl = [&](const QStringList &args) {
        return runProgram(QStringLiteral(BERTHCTL_PATH), args, environment(t), 120'000);
    };
    QCOMPARE(berthctl({QStringLiteral("deploy"), QStringLiteral("app")}).code, 0);
    {
        const QString name = QStringLiteral("owner");
        {
            QSqlDatabase db = openDirect(name, t.path());
            QSqlQuery query(db);
            QVERIFY2(query.exec(QStringLiteral("ALTER DATABASE ") + db.databaseName() +
                                QStringLiteral(" SET default_transaction_read_only = on")),
                     qPrintable(query.lastError().text()));
            query = QSqlQuery();
            db.close();
        }
        QSqlDatabase::removeDatabase(name);
    }
    const ProcessResult r = berthctl({QStringLiteral("add-unit"), QStringLiteral("app")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("the PostgreSQL server takes no writes")),
             qPrintable(r.err));
    const ProcessResult status = berthctl({QStringLiteral("status")});
    QCOMPARE(status.code, 0); // reading still works
    QVERIFY(!status.out.contains(QStringLiteral("app/1")));
}

QTEST_GUILESS_MAIN(TestPostgres)
#include "tst_postgres.moc"
