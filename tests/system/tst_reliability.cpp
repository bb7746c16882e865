// The defects a hostile sweep found (../shared/reliability.md), each through
// berthctl as a user meets it: a refusal is one line and changes nothing, a
// file is read whole or refused at once, and nothing is written where it
// would cost the user data. On a SQLite store, and (ctest's
// tst_reliability_postgres) on PostgreSQL.
#include "tests/testsupport.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <csignal>
#include <sys/stat.h>
#include <sys/types.h>

using namespace berth;

class TestReliability : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void refusedInputChangesNothing_data();
    void refusedInputChangesNothing();
    void aNameWithANewlineNamesNothing();
    void wordsAfterADoubleDashAreNoOptions();
    void setSecretKeepsAllOfAPausingPipe();
    void fifosAreRefusedAtOnce_data();
    void fifosAreRefusedAtOnce();
    void anotherProgramsDatabaseIsLeftAlone();
    void exportNeverOverwritesAStoreAndSaysWhyAWriteFailed();
    void yamlMergeKeysAreRead();
    void provisionStopsAtOnceWhenInterrupted();
    void aChangeSetIsNoLargerThanACommand();
    void aWriterBehindAStuckClientGivesUpWithTheReason();
    void aFullDiskIsNamedEvenWhenReading();
    void continuousProvisionSaysEachStartAsItHappens();

private:
    ProcessResult run(const QStringList &args, const QByteArray &input = {},
                      int timeoutMs = 60'000);
    QString state();
    QString writeFile(const QString &name, const QByteArray &content);
    QString path(const QString &name) const { return m_dir->filePath(name); }
    // berthctl's environment: a home of its own, and the test's store.
    QProcessEnvironment environment() const;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<TestLocation> m_store;
};

void TestReliability::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_store = std::make_unique<TestLocation>(*m_dir);
    QCOMPARE(run({QStringLiteral("update-cloud"), QStringLiteral("sim"), QStringLiteral("--config"),
                  QStringLiteral("state-file=") + path(QStringLiteral("sim.sqlite"))})
                 .code,
             0);
    QCOMPARE(run({QStringLiteral("deploy"), QStringLiteral("web"), QStringLiteral("-n"),
                  QStringLiteral("2")})
                 .code,
             0);
}

void TestReliability::cleanup()
{
    m_store.reset(); // the server's database goes before the folder
    m_dir.reset();
}

QProcessEnvironment TestReliability::environment() const
{
    QProcessEnvironment env = isolatedEnvironment(*m_dir);
    env.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), QStringLiteral("disabled:"));
    env.insert(QStringLiteral("BERTH_DB"), m_store->location());
    return env;
}

ProcessResult TestReliability::run(const QStringList &args, const QByteArray &input, int timeoutMs)
{
    return runFed(QStringLiteral(BERTHCTL_PATH), args, environment(), m_dir->path(), input,
                  timeoutMs);
}

// Everything a refused command could have changed.
QString TestReliability::state()
{
    return run({QStringLiteral("status"), QStringLiteral("--format"), QStringLiteral("json")}).out +
           run({QStringLiteral("models")}).out + run({QStringLiteral("clouds")}).out +
           run({QStringLiteral("model-config")}).out;
}

QString TestReliability::writeFile(const QString &name, const QByteArray &content)
{
    QFile file(path(name));
    if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size())
        qFatal("cannot write %s", qPrintable(file.fileName()));
    return file.fileName();
}

namespace {

// berthctl's words.
QStringList cli(std::initializer_list<const char *> words)
{
    QStringList list;
    for (const char *w : words)
        list << QString::fromUtf8(w);
    return list;
}

const QByteArray none; // no input.yaml

// Look-alike names, numbers past 64 bits, what Juju's reader refuses,
// misspelt policy keys (reliability.md 6, 9, 11, 13).
void nameNumberAndYamlRows()
{
    // 6: a trailing newline made look-alike names, and named the real ones.
    QTest::newRow("an application name ending in a newline")
        << cli({"deploy", "app\n"}) << none << "invalid charm name \"app\\n\"";
    QTest::newRow("a model name ending in a newline")
        << cli({"add-model", "m\n"}) << none << "invalid model name \"m\\n\"";
    QTest::newRow("a cloud name ending in a newline")
        << cli({"add-cloud", "sim\n", "--type", "sim"}) << none << "invalid cloud name";
    QTest::newRow("a machine id ending in a newline")
        << cli({"add-unit", "web", "--to", "0\n"}) << none << "invalid placement directive";
    QTest::newRow("a base ending in a newline")
        << cli({"model-config", "default-base=ubuntu@22.04\n"}) << none
        << "for model config \"default-base\"";
    QTest::newRow("a bundle application ending in a newline")
        << cli({"deploy", "./input.yaml"})
        << QByteArray("applications:\n  \"web\\n\":\n    charm: web\n")
        << "application \"web\\n\": invalid application name";
    // 9: numbers past 64 bits are too large, not 0.
    QTest::newRow("a region weight past 64 bits")
        << cli({"deploy", "./input.yaml"})
        << QByteArray("applications:\n  api:\n    charm: api\n    num_units: 4\n    annotations:\n"
                      "      berth.regions: sim-east=99999999999999999999999,sim-west=1\n")
        << "is too large";
    QTest::newRow("a region cap past 64 bits")
        << cli({"deploy", "./input.yaml"})
        << QByteArray("applications:\n  api:\n    charm: api\n    num_units: 4\n    annotations:\n"
                      "      berth.regions: sim-east=1/99999999999999999999999,sim-west=1\n")
        << "is too large";
    // 11: what Juju's reader refuses.
    QTest::newRow("an application given twice")
        << cli({"deploy", "./input.yaml", "--dry-run"})
        << QByteArray("applications:\n  web:\n    charm: web\n    num_units: 2\n  web:\n    "
                      "charm: other\n    num_units: 5\n")
        << "line 5: \"web\" is given twice; expected each key once";
    QTest::newRow("applications given twice")
        << cli({"deploy", "./input.yaml", "--dry-run"})
        << QByteArray("applications:\n  a:\n    charm: a\napplications:\n  b:\n    charm: b\n")
        << "\"applications\" is given twice";
    QTest::newRow("applications beside services")
        << cli({"deploy", "./input.yaml", "--dry-run"})
        << QByteArray("applications:\n  w:\n    charm: w\nservices:\n  w:\n    charm: w\n")
        << "gives both applications and services";
    QTest::newRow("relations that are not a list")
        << cli({"deploy", "./input.yaml", "--dry-run"})
        << QByteArray("applications:\n  w:\n    charm: w\n  s:\n    charm: s\nrelations: "
                      "\"s:juju-info w:juju-info\"\n")
        << "relations is not a list";
    // 13: a misspelt policy key is refused, naming it.
    QTest::newRow("a misspelt weight")
        << cli({"set-placement-policy", "web", "input.yaml"})
        << QByteArray("type: senlin.policy.region_placement\nversion: 1.0\nproperties:\n  "
                      "regions:\n    - {name: sim-east, wieght: 900}\n")
        << "unknown key \"wieght\" in the regions entry \"sim-east\"; expected name, weight and "
           "cap";
    QTest::newRow("a key given twice in a policy")
        << cli({"set-placement-policy", "web", "input.yaml"})
        << QByteArray("type: senlin.policy.region_placement\nversion: 1.0\nproperties:\n  "
                      "regions:\n    - {name: sim-east, weight: 1, weight: 900}\n")
        << "\"weight\" is given twice";
}

// Small leniencies, YAML too deep, diff-bundle, --db '', endpoints
// (reliability.md 18, 16, 12, 5 and 3).
void lenienceAndEndpointRows()
{
    // 18: small leniencies.
    QTest::newRow("discard ' 1'") << cli({"discard", " 1"}) << none << "bad change id \" 1\"";
    QTest::newRow("discard '+1'") << cli({"discard", "+1"}) << none << "bad change id \"+1\"";
    QTest::newRow("discard '1\\n'") << cli({"discard", "1\n"}) << none << "bad change id";
    QTest::newRow("berth.subordinate: maybe")
        << cli({"deploy", "./input.yaml", "--dry-run"})
        << QByteArray("applications:\n  s:\n    charm: s\n    annotations:\n      "
                      "berth.subordinate: maybe\n")
        << "berth.subordinate is \"maybe\"; expected true or false";
    // 16: yaml-cpp's own depth guard said "bad file".
    QTest::newRow("a policy 100,000 brackets deep")
        << cli({"set-placement-policy", "web", "input.yaml"})
        << QByteArray("type: senlin.policy.region_placement\nversion: 1.0\n") +
               QByteArray(100'000, '[')
        << "nests deeper than 64 levels; expected a flatter document";
    QTest::newRow("a bundle option 10,000 brackets deep")
        << cli({"deploy", "./input.yaml"})
        << QByteArray("applications:\n  a:\n    charm: a\n    options:\n      x: ") +
               QByteArray(10'000, '[')
        << "nests deeper than 64 levels; expected a flatter document";
    // diff-bundle refuses what deploy refuses.
    QTest::newRow("diff-bundle: placements in a circle")
        << cli({"diff-bundle", "./input.yaml"})
        << QByteArray("applications:\n  a:\n    charm: a\n    num_units: 1\n    to: [\"b/0\"]\n"
                      "  b:\n    charm: b\n    num_units: 1\n    to: [\"a/0\"]\n")
        << "cycle in placement directives for: a, b"; // Juju's words
    QTest::newRow("diff-bundle: an undocumented base")
        << cli({"diff-bundle", "./input.yaml"})
        << QByteArray("applications:\n  a:\n    charm: a\n    base: ubuntu@99.04\n")
        << "unsupported base \"ubuntu@99.04\"";
    QTest::newRow("diff-bundle: a bad zone weight")
        << cli({"diff-bundle", "./input.yaml"})
        << QByteArray("applications:\n  a:\n    charm: a\n    num_units: 1\n    annotations:\n"
                      "      berth.zones: sim-east-a=abc\n")
        << "is not name=weight or name=weight/cap";
    QTest::newRow("retry-delay of 114,000 years")
        << cli({"model-config", "retry-delay=999999999h"}) << none << "up to 24h";
    // 12: an empty --db is not the default store.
    QTest::newRow("--db ''") << cli({"--db", "", "deploy", "x"}) << none
                             << "option --db needs a value; it was given an empty one";
    QTest::newRow("--db=") << cli({"--db=", "deploy", "x"}) << none << "option --db needs a value";
    // 5 and 3: an endpoint's password would be kept and shown; a pin needs https.
    QTest::newRow("a password in an endpoint")
        << cli({"add-cloud", "os", "--type", "openstack", "--endpoint",
                "https://u:S3cret@127.0.0.1:5000/v3", "--config", "username=u", "--config",
                "project=p"})
        << none << "carries a user name or password";
    QTest::newRow("a pinned certificate for http")
        << cli({"add-cloud", "os", "--type", "openstack", "--endpoint", "http://127.0.0.1:5000/v3",
                "--config", "username=u", "--config", "project=p", "--accept-fingerprint",
                "aa:bb:cc:dd:ee:ff:00:11:22:33:44:55:66:77:88:99:aa:bb:cc:dd:ee:ff:00:11:22:33:"
                "44:55:66:77:88:99"})
        << none << "is not encrypted: give https://";
}

} // namespace

void TestReliability::refusedInputChangesNothing_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QByteArray>("file"); // written to input.yaml first, when given
    QTest::addColumn<QString>("error");
    nameNumberAndYamlRows();
    lenienceAndEndpointRows();
}

void TestReliability::refusedInputChangesNothing()
{
    QFETCH(QStringList, args);
    QFETCH(QByteArray, file);
    QFETCH(QString, error);
    if (!file.isEmpty())
        writeFile(QStringLiteral("input.yaml"), file);
    const QString before = state();
    const ProcessResult r = run(args);
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.startsWith(QStringLiteral("ERROR ")) && r.err.count(u'\n') == 1,
             qPrintable(r.err));
    QVERIFY2(r.err.contains(error), qPrintable(r.err));
    QCOMPARE(state(), before);
    // The password of a refused endpoint is nowhere.
    QVERIFY(!r.err.contains(QStringLiteral("S3cret")));
}

// 6: remove-unit 'web/0\n' once removed web/0.
void TestReliability::aNameWithANewlineNamesNothing()
{
    const ProcessResult r = run({QStringLiteral("remove-unit"), QStringLiteral("web/0\n")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("web/0\\n")), qPrintable(r.err));
    QVERIFY(run({QStringLiteral("status")}).out.contains(QStringLiteral("web/0")));
}

// 18: an unknown command echoed with its raw newline made a two-line error,
// and "status -- --help" printed help.
void TestReliability::wordsAfterADoubleDashAreNoOptions()
{
    const ProcessResult unknown = run({QStringLiteral("stat\nus")});
    QCOMPARE(unknown.code, 2);
    QCOMPARE(unknown.err.count(u'\n'), 1);
    QVERIFY2(unknown.err.contains(QStringLiteral("unknown command \"stat\\nus\"")),
             qPrintable(unknown.err));
    const ProcessResult status =
        run({QStringLiteral("status"), QStringLiteral("--"), QStringLiteral("--help")});
    QVERIFY2(!status.out.contains(QStringLiteral("Usage")) &&
                 !status.out.contains(QStringLiteral("usage:")),
             qPrintable(status.out));
}

// 1: a producer that pauses (gpg -d, ssh host cat key) writes the secret in
// parts; all of it is kept, and more than 1 MiB is refused.
void TestReliability::setSecretKeepsAllOfAPausingPipe()
{
    const QString key = QStringLiteral("-----BEGIN PRIVATE KEY-----\nAAAA\nBBBB\n"
                                       "-----END PRIVATE KEY-----\n");
    QProcess shell;
    QProcessEnvironment env = isolatedEnvironment(*m_dir);
    env.insert(QStringLiteral("BERTHCTL"), QStringLiteral(BERTHCTL_PATH));
    shell.setProcessEnvironment(env);
    shell.start(QStringLiteral("/bin/sh"),
                {QStringLiteral("-c"),
                 QStringLiteral("(printf -- '-----BEGIN PRIVATE KEY-----\\nAAAA\\n'; sleep 1; "
                                "printf 'BBBB\\n-----END PRIVATE KEY-----\\n') | "
                                "\"$BERTHCTL\" set-secret sim access-key")});
    QVERIFY(shell.waitForFinished(30'000));
    QCOMPARE(shell.exitCode(), 0);
    QFile secrets(path(QStringLiteral("config/berth/secrets.json")));
    QVERIFY(secrets.open(QIODevice::ReadOnly));
    const QByteArray stored = secrets.readAll();
    QVERIFY2(stored.contains(key.toUtf8().toBase64()), stored.constData());

    const ProcessResult big =
        run({QStringLiteral("set-secret"), QStringLiteral("sim"), QStringLiteral("access-key")},
            QByteArray(3'000'000, 'x'));
    QCOMPARE(big.code, 1);
    QVERIFY2(big.err.contains(QStringLiteral("is larger than 1048576 bytes")), qPrintable(big.err));
}

void TestReliability::fifosAreRefusedAtOnce_data()
{
    QTest::addColumn<QStringList>("args");
    const QString fifo = QStringLiteral("fifo");
    QTest::newRow("a policy") << QStringList{QStringLiteral("set-placement-policy"),
                                             QStringLiteral("web"), fifo};
    QTest::newRow("a bundle") << QStringList{QStringLiteral("deploy"), QStringLiteral("./fifo")};
    QTest::newRow("an overlay") << QStringList{QStringLiteral("deploy"),
                                               QStringLiteral("./input.yaml"),
                                               QStringLiteral("--overlay"), fifo};
    QTest::newRow("a secret file")
        << QStringList{QStringLiteral("update-cloud"), QStringLiteral("sim"),
                       QStringLiteral("--secret-file"), QStringLiteral("access-key=fifo")};
    QTest::newRow("a client certificate")
        << QStringList{QStringLiteral("update-cloud"), QStringLiteral("sim"),
                       QStringLiteral("--client-cert"), fifo};
    QTest::newRow("an export") << QStringList{QStringLiteral("export-bundle"),
                                              QStringLiteral("--filename"), fifo};
}

// 19: a FIFO with nobody at its other end once blocked for ever.
void TestReliability::fifosAreRefusedAtOnce()
{
    QFETCH(QStringList, args);
    writeFile(QStringLiteral("input.yaml"), "applications:\n  w:\n    charm: w\n");
    QCOMPARE(::mkfifo(QFile::encodeName(path(QStringLiteral("fifo"))).constData(), 0600), 0);
    QElapsedTimer took;
    took.start();
    const ProcessResult r = run(args, {}, 20'000);
    QVERIFY2(r.code == 1, qPrintable(QStringLiteral("exit %1: %2").arg(r.code).arg(r.err)));
    QVERIFY2(r.err.contains(QStringLiteral("is a FIFO; expected")), qPrintable(r.err));
    QVERIFY2(took.elapsed() < 10'000, qPrintable(QString::number(took.elapsed())));
}

// 7: --db at another program's database writes nothing into it: a SQLite
// file, or a PostgreSQL database with tables of its own.
void TestReliability::anotherProgramsDatabaseIsLeftAlone()
{
    const TestLocation places(*m_dir, QStringLiteral("places.sqlite"));
    const QString name = QStringLiteral("places");
    const auto tables = [&] {
        QStringList found;
        {
            QSqlDatabase db = openDirect(name, places.location());
            QSqlQuery query(db);
            query.exec(TestLocation::postgres()
                           ? QStringLiteral("SELECT table_name FROM information_schema.tables "
                                            "WHERE table_schema = current_schema()")
                           : QStringLiteral("SELECT name FROM sqlite_master"));
            while (query.next())
                found << query.value(0).toString();
            query = QSqlQuery();
            db.close();
        }
        QSqlDatabase::removeDatabase(name);
        return found;
    };
    {
        QSqlDatabase db = openDirect(name, places.location());
        QVERIFY(db.isOpen());
        QVERIFY(QSqlQuery(db).exec(QStringLiteral("CREATE TABLE moz_places (id int, url text)")));
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    const auto digest = [&] {
        QFile f(places.location());
        return f.open(QIODevice::ReadOnly)
                   ? QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256)
                   : QByteArray();
    };
    const QByteArray before = digest();
    const ProcessResult r = run(
        {QStringLiteral("--db"), places.location(), QStringLiteral("deploy"), QStringLiteral("x")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("it is not a Berth store")), qPrintable(r.err));
    QCOMPARE(tables(), QStringList{QStringLiteral("moz_places")});
    if (!TestLocation::postgres()) {
        QCOMPARE(digest(), before);
        QVERIFY(!QFile::exists(places.location() + QStringLiteral("-wal")));
    }
}

// 10: export-bundle over the store lost it; a full disk was "successfully exported".
void TestReliability::exportNeverOverwritesAStoreAndSaysWhyAWriteFailed()
{
    ProcessResult r;
    if (!TestLocation::postgres()) { // the open store's file
        const QString store = m_store->location();
        r = run({QStringLiteral("export-bundle"), QStringLiteral("--filename"), store});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("is a file of the store Berth has open")),
                 qPrintable(r.err));
        QVERIFY(run({QStringLiteral("status")}).out.contains(QStringLiteral("web/1")));
    }
    // Another store (not open here) is not overwritten either.
    const QString other = path(QStringLiteral("other.sqlite"));
    QCOMPARE(run({QStringLiteral("--db"), other, QStringLiteral("models")}).code, 0);
    r = run({QStringLiteral("export-bundle"), QStringLiteral("--filename"), other});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("is a SQLite database (a store?)")), qPrintable(r.err));
    r = run({QStringLiteral("export-bundle"), QStringLiteral("--filename"),
             QStringLiteral("/dev/full")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("is a device; expected a file")), qPrintable(r.err));

    // A disk that fills: the old export stays whole and the reason is the system's.
    ReadOnlyMount small(path(QStringLiteral("small")));
    if (!small.reason().isEmpty())
        QSKIP(qPrintable(small.reason()));
    const QString target = path(QStringLiteral("small/model.yaml"));
    QCOMPARE(run({QStringLiteral("export-bundle"), QStringLiteral("--filename"), target}).code, 0);
    QFile first(target);
    QVERIFY(first.open(QIODevice::ReadOnly));
    const QByteArray exported = first.readAll();
    first.close();
    {
        QFile filler(path(QStringLiteral("small/filler")));
        QVERIFY(filler.open(QIODevice::WriteOnly));
        const QByteArray chunk(1024 * 1024, 'x');
        for (int i = 0; i < 128 && filler.write(chunk) == chunk.size() && filler.flush(); ++i) {
        }
    }
    r = run({QStringLiteral("export-bundle"), QStringLiteral("--filename"), target});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("No space left on device")), qPrintable(r.err));
    QVERIFY(first.open(QIODevice::ReadOnly));
    QCOMPARE(first.readAll(), exported);
}

// 13: YAML merge keys mean what YAML says: the entry's own keys win.
void TestReliability::yamlMergeKeysAreRead()
{
    writeFile(QStringLiteral("policy.yaml"),
              "type: senlin.policy.region_placement\nversion: 1.0\nproperties:\n  regions:\n"
              "    - &east {name: sim-east, weight: 300}\n    - {<<: *east, name: sim-west}\n");
    QCOMPARE(run({QStringLiteral("set-placement-policy"), QStringLiteral("web"),
                  QStringLiteral("policy.yaml")})
                 .code,
             0);
    const QString shown = run({QStringLiteral("placement-policy"), QStringLiteral("web"),
                               QStringLiteral("--format"), QStringLiteral("json")})
                              .out;
    const QJsonArray regions =
        QJsonDocument::fromJson(shown.toUtf8()).object().value(QStringLiteral("regions")).toArray();
    QCOMPARE(regions.size(), 2);
    for (const QJsonValue &region : regions)
        QCOMPARE(region.toObject().value(QStringLiteral("weight")).toInt(), 300);
    QCOMPARE(regions.at(1).toObject().value(QStringLiteral("name")).toString(),
             QStringLiteral("sim-west"));
}

// 5: Ctrl+C while a cloud call takes minutes once needed kill -9. It stops
// within seconds, saying so, and the next run finds the model consistent.
void TestReliability::provisionStopsAtOnceWhenInterrupted()
{
    QCOMPARE(run({QStringLiteral("update-cloud"), QStringLiteral("sim"), QStringLiteral("--config"),
                  QStringLiteral("latency-ms=600000")})
                 .code,
             0);
    QProcess provision;
    provision.setProcessEnvironment(environment());
    provision.start(QStringLiteral(BERTHCTL_PATH),
                    {QStringLiteral("provision"), QStringLiteral("--until-idle")});
    QVERIFY(provision.waitForStarted());
    QTest::qWait(1'500); // its first call to the cloud is under way
    QVERIFY(provision.state() == QProcess::Running);
    QElapsedTimer took;
    took.start();
    ::kill(pid_t(provision.processId()), SIGINT);
    QVERIFY2(provision.waitForFinished(10'000), "still running 10 s after Ctrl+C");
    QVERIFY2(took.elapsed() < 5'000, qPrintable(QString::number(took.elapsed())));
    QVERIFY(provision.exitCode() != 0);
    const QString err = QString::fromUtf8(provision.readAllStandardError());
    QVERIFY2(err.contains(QStringLiteral("interrupted")), qPrintable(err));

    // The cloud answers again: every machine gets one instance, none twice.
    QCOMPARE(run({QStringLiteral("update-cloud"), QStringLiteral("sim"), QStringLiteral("--config"),
                  QStringLiteral("latency-ms=0")})
                 .code,
             0);
    const ProcessResult again = run({QStringLiteral("provision"), QStringLiteral("--until-idle")});
    QVERIFY2(again.code == 0, qPrintable(again.err));
    const QString instances = run({QStringLiteral("instances"), QStringLiteral("sim")}).out;
    QCOMPARE(instances.count(QStringLiteral("i-")), 2);
}

// 14: the continuous provisioner's lines came all at the end of a pass, all
// with its time; each now comes when its start does.
void TestReliability::continuousProvisionSaysEachStartAsItHappens()
{
    QCOMPARE(run({QStringLiteral("update-cloud"), QStringLiteral("sim"), QStringLiteral("--config"),
                  QStringLiteral("latency-ms=700")})
                 .code,
             0);
    QCOMPARE(run({QStringLiteral("model-config"), QStringLiteral("provision-workers=1")}).code, 0);
    const ProcessResult r =
        run({QStringLiteral("provision"), QStringLiteral("--timeout"), QStringLiteral("8")});
    QList<QTime> times;
    for (const QString &line : r.out.split(u'\n')) {
        if (line.contains(QStringLiteral(": started i-")))
            times << QTime::fromString(line.left(12), QStringLiteral("HH:mm:ss.zzz"));
    }
    QVERIFY2(times.size() == 2, qPrintable(r.out + r.err));
    QVERIFY2(times.at(0).msecsTo(times.at(1)) >= 500, qPrintable(r.out));
}

// 8: staged changes were committed as one transaction of any size, past
// the other writers' wait; a change set now holds what one command may.
void TestReliability::aChangeSetIsNoLargerThanACommand()
{
    const QStringList add{QStringLiteral("--stage"), QStringLiteral("add-unit"),
                          QStringLiteral("web"), QStringLiteral("-n")};
    QCOMPARE(run(add + QStringList{QStringLiteral("6000")}).code, 0);
    const QString before = state() + run({QStringLiteral("changes")}).out;
    const ProcessResult r = run(add + QStringList{QStringLiteral("5000")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("the change set would then add or remove 11000 units; "
                                           "one commit changes at most 10000")),
             qPrintable(r.err));
    QCOMPARE(state() + run({QStringLiteral("changes")}).out, before);
    QCOMPARE(run({QStringLiteral("commit")}).code, 0);
    QCOMPARE(run({QStringLiteral("status"), QStringLiteral("--format"), QStringLiteral("json")})
                 .out.count(QStringLiteral("\"web/")),
             6002);
}

// 2, on SQLite: a client that holds the write lock and does nothing; the next
// writer waits 30 s, then says the store is busy and changes nothing.
void TestReliability::aWriterBehindAStuckClientGivesUpWithTheReason()
{
    if (TestLocation::postgres())
        QSKIP("SQLite's lock; PostgreSQL's writer wait is tst_postgres's "
              "aWriterBehindAStuckClientGivesUpWithTheReason");
    const auto [r, seconds] = writeBehindAStuckClient(m_store->location(), [&] {
        return run({QStringLiteral("add-unit"), QStringLiteral("web")}, {}, 120'000);
    });
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("the store is busy: another client held it for "
                                           "longer than Berth waits (30 s)")),
             qPrintable(r.err));
    QVERIFY2(seconds >= 29 && seconds < 60, qPrintable(QString::number(seconds)));
    QVERIFY(!run({QStringLiteral("status")}).out.contains(QStringLiteral("web/2")));
    QCOMPARE(run({QStringLiteral("add-unit"), QStringLiteral("web")}).code, 0);
}

// 16: on a full disk even `status` failed, "the disk reported an error":
// SQLite needs room for the store's -shm file to read it.
void TestReliability::aFullDiskIsNamedEvenWhenReading()
{
    if (TestLocation::postgres())
        QSKIP("a SQLite file's disk; PostgreSQL's full disk is the server's");
    ReadOnlyMount small(path(QStringLiteral("small")));
    if (!small.reason().isEmpty())
        QSKIP(qPrintable(small.reason()));
    const QStringList db{QStringLiteral("--db"), path(QStringLiteral("small/berth.sqlite"))};
    QCOMPARE(run(db + QStringList{QStringLiteral("deploy"), QStringLiteral("web")}).code, 0);
    QVERIFY(!QFile::exists(path(QStringLiteral("small/berth.sqlite-shm"))));
    {
        QFile filler(path(QStringLiteral("small/filler")));
        QVERIFY(filler.open(QIODevice::WriteOnly));
        const QByteArray chunk(64 * 1024, 'x');
        while (filler.write(chunk) == chunk.size() && filler.flush()) {
        }
    }
    ProcessResult r = run(db + QStringList{QStringLiteral("status")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("the disk holding the store is full (")) &&
                 r.err.contains(QStringLiteral("free some space and try again")),
             qPrintable(r.err));
    QVERIFY(QFile::remove(path(QStringLiteral("small/filler"))));
    r = run(db + QStringList{QStringLiteral("status")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains(QStringLiteral("web/0")));
}

QTEST_GUILESS_MAIN(TestReliability)
#include "tst_reliability.moc"
