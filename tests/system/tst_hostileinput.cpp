// Hostile and absurd input through berthctl, as a separate process: every
// refusal is one line on stderr with exit code 1, the process never dies of a
// signal, and the model is exactly as it was before.
#include "tests/testsupport.h"

#include "keychain/filesecretstore.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace berth;

class TestHostileInput : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void refusedInputChangesNothing_data();
    void refusedInputChangesNothing();
    void placementPlanRefusesNumbersThatDoNotFit_data();
    void placementPlanRefusesNumbersThatDoNotFit();
    void oversizedPolicyFilesAreRefusedQuickly_data();
    void oversizedPolicyFilesAreRefusedQuickly();
    void removeUnitNeedsTheExactName();
    void secretsAreKeptByteForByte_data();
    void secretsAreKeptByteForByte();
    void secretsFolderIsOwnerOnlyAndForeignFilesAreRefused();
    void removedCloudTakesItsSecretsAlong();
    void storeErrorsSpeakTheUsersTerms();
    void debugShowsWhatLiesUnderAStoreError();
    void readOnlyStoreOpensForReading();

private:
    // berthctl's environment: the test's own store, data and config folders, no keychain.
    QProcessEnvironment environment() const;
    ProcessResult run(const QStringList &args, const QByteArray &input = {});
    // Everything a refused command could have changed.
    QString fingerprint();
    QString writeFile(const QString &name, const QByteArray &content);
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestHostileInput::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QDir(m_dir->path()).mkdir(QStringLiteral("a-directory"));
    QCOMPARE(run({QStringLiteral("update-cloud"), QStringLiteral("sim"), QStringLiteral("--config"),
                  QStringLiteral("state-file=") + m_dir->filePath(QStringLiteral("sim.sqlite"))})
                 .code,
             0);
    QCOMPARE(run({QStringLiteral("deploy"), QStringLiteral("web"), QStringLiteral("-n"),
                  QStringLiteral("6")})
                 .code,
             0);
}

QProcessEnvironment TestHostileInput::environment() const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("BERTH_DB"), m_dir->filePath(QStringLiteral("berth.sqlite")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir->filePath(QStringLiteral("data")));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir->filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), QStringLiteral("disabled:"));
    return env;
}

ProcessResult TestHostileInput::run(const QStringList &args, const QByteArray &input)
{
    return runFed(QStringLiteral(BERTHCTL_PATH), args, environment(), m_dir->path(), input);
}

QString TestHostileInput::fingerprint()
{
    return run({QStringLiteral("status"), QStringLiteral("--format"), QStringLiteral("json")}).out +
           run({QStringLiteral("placement-policy"), QStringLiteral("web"),
                QStringLiteral("--format"), QStringLiteral("json")})
               .out +
           run({QStringLiteral("model-config")}).out +
           run({QStringLiteral("show-cloud"), QStringLiteral("sim"), QStringLiteral("--format"),
                QStringLiteral("json")})
               .out;
}

QString TestHostileInput::writeFile(const QString &name, const QByteArray &content)
{
    QFile file(m_dir->filePath(name));
    if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size())
        qFatal("cannot write %s", qPrintable(file.fileName()));
    return file.fileName();
}

namespace {

// scale-application web with an adjustment.
QStringList scale(const char *type, const char *number)
{
    return QStringList{QStringLiteral("scale-application"), QStringLiteral("web"),
                       QStringLiteral("--adjustment-type"), QString::fromLatin1(type),
                       QStringLiteral("--number"),          QString::fromLatin1(number)};
}

const QByteArray none; // no policy file

// Numbers that do not fit, sizes past what one command may do, -n (defects 1, 2, 5).
void numberRows()
{
    // Defect 1: numbers that do not fit were read as something else.
    QTest::newRow("a change of 1e300 units is not a scale-in to 0")
        << scale("CHANGE_IN_CAPACITY", "1e300") << none
        << "bad value \"1e300\" for --number: expected a whole number from -1000000 to 1000000 "
           "for CHANGE_IN_CAPACITY";
    QTest::newRow("an exact capacity of 1e19 is refused")
        << scale("EXACT_CAPACITY", "1e19") << none
        << "bad value \"1e19\" for --number: expected a whole number from 0 to 1000000 for "
           "EXACT_CAPACITY";
    QTest::newRow("-1e300 percent is refused")
        << scale("CHANGE_IN_PERCENTAGE", "-1e300") << none
        << "bad value \"-1e300\" for --number: expected a number of percent from -1e15 to 1e15";
    QTest::newRow("a percentage whose change does not fit is refused")
        << scale("CHANGE_IN_PERCENTAGE", "-1e14") << none << "at most 1000000 at once";
    // Defect 2: sizes that used to abort the process with std::bad_alloc.
    QTest::newRow("an exact capacity of 2147483647 is refused before any allocation")
        << scale("EXACT_CAPACITY", "2147483647") << none
        << "expected a whole number from 0 to 1000000 for EXACT_CAPACITY";
    QTest::newRow("a capacity beyond one command's limit says to scale in steps")
        << scale("EXACT_CAPACITY", "20000") << none
        << "scaling web from 6 to 20000 units would add 19994 units; one command adds at most "
           "10000";
    QTest::newRow("min-step 2147483647 is refused")
        << scale("CHANGE_IN_PERCENTAGE", "10") +
               QStringList{QStringLiteral("--min-step"), QStringLiteral("2147483647")}
        << none << "min_step 2147483647 is out of bounds: expected 0 to 1000000";
    QTest::newRow("a policy file that is a directory")
        << QStringList{QStringLiteral("set-placement-policy"), QStringLiteral("web"),
                       QStringLiteral("a-directory")}
        << none << "policy file \"a-directory\" is a directory; expected a YAML file";
    QTest::newRow("placement-plan with a directory for a policy")
        << QStringList{QStringLiteral("placement-plan"),
                       QStringLiteral("--policy"),
                       QStringLiteral("a-directory"),
                       QStringLiteral("--action"),
                       QStringLiteral("CLUSTER_SCALE_OUT"),
                       QStringLiteral("--current"),
                       QStringLiteral("{}")}
        << none << "policy file \"a-directory\" is a directory; expected a YAML file";
    // Defect 5: -n is bounded, with the reason.
    QTest::newRow("add-unit -n 2147483647 is refused with the limit and its reason")
        << QStringList{QStringLiteral("add-unit"), QStringLiteral("web"), QStringLiteral("-n"),
                       QStringLiteral("2147483647")}
        << none
        << "-n 2147483647 is more units than one command adds or removes (at most 10000): a "
           "command is one transaction";
    QTest::newRow("add-machine -n 10001 is refused")
        << QStringList{QStringLiteral("add-machine"), QStringLiteral("-n"), QStringLiteral("10001")}
        << none << "-n 10001 is more machines than one command adds or removes (at most 10000)";
    QTest::newRow("remove-unit -n 10001 is refused")
        << QStringList{QStringLiteral("remove-unit"), QStringLiteral("web"), QStringLiteral("-n"),
                       QStringLiteral("10001")}
        << none << "-n 10001 is more units than one command adds or removes";
    QTest::newRow("-n with spaces is not a number")
        << QStringList{QStringLiteral("add-unit"), QStringLiteral("web"), QStringLiteral("-n"),
                       QStringLiteral(" 2")}
        << none << "add-unit: bad value \" 2\" for -n: expected a whole number";
}

// Values once accepted, policy files that expand without end (defects 8, 6).
void valueAndFileRows()
{
    // Defect 8: nonsense that used to be accepted.
    QTest::newRow("an exact capacity of -1 is not a scale-in to 0")
        << scale("EXACT_CAPACITY", "-1") << none
        << "The 'number' must be non-negative integer for adjustment type 'EXACT_CAPACITY'.";
    QTest::newRow("fault-rate=nan")
        << QStringList{QStringLiteral("update-cloud"), QStringLiteral("sim"),
                       QStringLiteral("--config"), QStringLiteral("fault-rate=nan")}
        << none << "bad value \"nan\" for sim config \"fault-rate\": expected a number from 0 to 1";
    QTest::newRow("latency-ms with a sign and spaces")
        << QStringList{QStringLiteral("update-cloud"), QStringLiteral("sim"),
                       QStringLiteral("--config"), QStringLiteral("latency-ms= 5")}
        << none << "bad value \" 5\" for sim config \"latency-ms\"";
    QTest::newRow("deploy on windows@95")
        << QStringList{QStringLiteral("deploy"), QStringLiteral("db"), QStringLiteral("--base"),
                       QStringLiteral("windows@95")}
        << none << "unsupported base \"windows@95\": expected one of ubuntu@16.04";
    QTest::newRow("add-machine on ubuntu@99999999999999")
        << QStringList{QStringLiteral("add-machine"), QStringLiteral("--base"),
                       QStringLiteral("ubuntu@99999999999999")}
        << none << "unsupported base \"ubuntu@99999999999999\": expected one of";
    QTest::newRow("default-base windows@95")
        << QStringList{QStringLiteral("model-config"), QStringLiteral("default-base=windows@95")}
        << none << "bad value \"windows@95\" for model config \"default-base\": expected one of";
    const QStringList setPolicy{QStringLiteral("set-placement-policy"), QStringLiteral("web"),
                                QStringLiteral("policy.yaml")};
    QTest::newRow("a Senlin policy of version 99.0")
        << setPolicy
        << QByteArray("type: senlin.policy.region_placement\nversion: 99.0\nproperties:\n  "
                      "regions:\n    - {name: sim-east, weight: 100}\n")
        << "unsupported version \"99.0\" of senlin.policy.region_placement; expected 1.0";
    QTest::newRow("a weight of 1e23")
        << setPolicy
        << QByteArray("type: senlin.policy.region_placement\nversion: 1.0\nproperties:\n  "
                      "regions:\n    - {name: sim-east, weight: 1e23}\n")
        << "bad weight 1e23 of \"sim-east\": expected a whole number from 0 to 1000000";
    QTest::newRow("a weight of 2.5")
        << setPolicy
        << QByteArray("type: senlin.policy.zone_placement\nversion: 1.0\nproperties:\n  "
                      "zones:\n    - {name: sim-east-a, weight: 2.5}\n")
        << "bad weight 2.5 of \"sim-east-a\"";
    QTest::newRow("a deletion policy of version 2.0")
        << setPolicy
        << QByteArray("type: senlin.policy.deletion\nversion: 2.0\nproperties:\n  criteria: "
                      "OLDEST_FIRST\n")
        << "unsupported version \"2.0\" of senlin.policy.deletion; expected 1.0 or 1.1";
    // Defect 6: YAML that expands without end (383 bytes: 100,000 values
    // and one for each 8 bytes), as a policy and as a bundle, which may be
    // larger (an export of 250,000 units reads back) but expands no further
    // for its size.
    const QByteArray aliasBomb(
        "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c "
        "[*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: "
        "&e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, "
        "*e]\ng: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]\nh: &h [*g, *g, *g, *g, *g, *g, *g, "
        "*g, *g]\ni: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]\n");
    QTest::newRow("an alias bomb")
        << setPolicy << aliasBomb
        << "policy file \"policy.yaml\" expands to more than 100047 values (aliases included)";
    QTest::newRow("an alias bomb as a bundle")
        << QStringList{QStringLiteral("deploy"), QStringLiteral("policy.yaml")} << aliasBomb
        << "bundle \"policy.yaml\" expands to more than 100047 values (aliases included)";
    QTest::newRow("deeply nested YAML")
        << setPolicy << QByteArray(200, '[') + QByteArray(200, ']')
        << "policy file \"policy.yaml\" nests deeper than 64 levels; expected a flatter document";
    QTest::newRow("YAML that is not YAML") << setPolicy << QByteArray("type: [unclosed\n")
                                           << "policy file \"policy.yaml\" is not valid YAML:";
}

} // namespace

void TestHostileInput::refusedInputChangesNothing_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QByteArray>("policy"); // written to policy.yaml first, when given
    QTest::addColumn<QString>("error");
    numberRows();
    valueAndFileRows();
}

void TestHostileInput::refusedInputChangesNothing()
{
    QFETCH(QStringList, args);
    QFETCH(QByteArray, policy);
    QFETCH(QString, error);
    if (!policy.isEmpty())
        writeFile(QStringLiteral("policy.yaml"), policy);
    const QString before = fingerprint();
    const ProcessResult r = run(args);
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.startsWith(QStringLiteral("ERROR ")) && r.err.count(u'\n') == 1,
             qPrintable(r.err));
    QVERIFY2(r.err.contains(error), qPrintable(r.err));
    QCOMPARE(fingerprint(), before);
}

void TestHostileInput::placementPlanRefusesNumbersThatDoNotFit_data()
{
    QTest::addColumn<QString>("inputs");
    QTest::addColumn<QString>("current");
    QTest::addColumn<QString>("reason"); // "" when the plan must fail with an error line
    QTest::newRow("-1e300 percent plans no deletion")
        << R"({"adjustment_type": "CHANGE_IN_PERCENTAGE", "number": -1e300})"
        << R"({"sim-east": 6})"
        << "The number -1e+300 does not fit";
    QTest::newRow("a huge exact capacity")
        << R"({"adjustment_type": "EXACT_CAPACITY", "number": 1e19})"
        << R"({"sim-east": 6})"
        << "The number 1e+19 does not fit: expected a finite number up to 1e15";
    QTest::newRow("a number given as text that is no number")
        << R"({"adjustment_type": "CHANGE_IN_CAPACITY", "number": "1e300"})"
        << R"({"sim-east": 6})"
        << "a whole number from -1000000 to 1000000 for CHANGE_IN_CAPACITY";
    QTest::newRow("a current count of 1e300") << R"({"count": 2})"
                                              << R"({"sim-east": 1e300})" << QString();
}

void TestHostileInput::placementPlanRefusesNumbersThatDoNotFit()
{
    QFETCH(QString, inputs);
    QFETCH(QString, current);
    QFETCH(QString, reason);
    writeFile(QStringLiteral("policy.yaml"),
              "type: senlin.policy.region_placement\nversion: 1.0\nproperties:\n  regions:\n    - "
              "{name: sim-east, weight: 100}\n");
    const ProcessResult r = run(
        {QStringLiteral("placement-plan"), QStringLiteral("--policy"),
         QStringLiteral("policy.yaml"), QStringLiteral("--action"),
         reason.isEmpty() ? QStringLiteral("CLUSTER_SCALE_OUT") : QStringLiteral("CLUSTER_RESIZE"),
         QStringLiteral("--current"), current, QStringLiteral("--inputs"), inputs});
    if (reason.isEmpty()) {
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("expected a whole number from 0 to 1000000")),
                 qPrintable(r.err));
        return;
    }
    QCOMPARE(r.code, 1); // Senlin's refusal, printed, and told by the exit code
    const QJsonObject plan = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(plan.value(QStringLiteral("status")).toString(), QStringLiteral("ERROR"));
    QVERIFY2(plan.value(QStringLiteral("reason")).toString().contains(reason), qPrintable(r.out));
    QVERIFY(!plan.contains(QStringLiteral("deletion")));
    QVERIFY(!plan.contains(QStringLiteral("creation")));
}

void TestHostileInput::oversizedPolicyFilesAreRefusedQuickly_data()
{
    QTest::addColumn<int>("regions");
    QTest::addColumn<QString>("error");
    // 200,000 regions make a file of several megabytes: refused by its size.
    QTest::newRow("200000 regions") << 200'000 << "bytes; expected at most 1048576";
    // Under the size bound, but more entries than a policy may list.
    QTest::newRow("5000 regions") << 5'000
                                  << "the policy lists 5000 regions; expected at most 1000";
}

void TestHostileInput::oversizedPolicyFilesAreRefusedQuickly()
{
    QFETCH(int, regions);
    QFETCH(QString, error);
    QByteArray yaml(
        "type: senlin.policy.region_placement\nversion: 1.0\nproperties:\n  regions:\n");
    for (int i = 0; i < regions; ++i)
        yaml += "    - {name: region-" + QByteArray::number(i) + ", weight: 1}\n";
    writeFile(QStringLiteral("policy.yaml"), yaml);
    const QString before = fingerprint();
    QElapsedTimer timer;
    timer.start();
    const ProcessResult r = run({QStringLiteral("set-placement-policy"), QStringLiteral("web"),
                                 QStringLiteral("policy.yaml")});
    const qint64 elapsed = timer.elapsed();
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(error), qPrintable(r.err));
    QCOMPARE(fingerprint(), before);
    // Generous: the bound is what makes it fast (it took 90 s before), not the machine.
    QVERIFY2(elapsed < 10'000, qPrintable(QString::number(elapsed)));
}

void TestHostileInput::removeUnitNeedsTheExactName()
{
    for (const char *name : {"web/ 0", "web/+0", "web/0 ", "web/00"}) {
        const ProcessResult r = run({QStringLiteral("remove-unit"), QString::fromLatin1(name)});
        QCOMPARE(r.code, 1);
        QCOMPARE(r.err,
                 QStringLiteral("ERROR invalid unit name \"%1\": expected application/number\n")
                     .arg(QLatin1StringView(name)));
    }
    QVERIFY(run({QStringLiteral("status")}).out.contains(QStringLiteral("web/0")));
}

void TestHostileInput::secretsAreKeptByteForByte_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("kept");
    const QByteArray pem(
        "-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\n"
        "-----END PRIVATE KEY-----\n");
    QTest::newRow("a PEM key, every line of it") << pem << pem;
    QTest::newRow("binary bytes, invalid UTF-8 and a NUL")
        << QByteArray("\xff\xfe\x00\x80key\xc3\x28", 9)
        << QByteArray("\xff\xfe\x00\x80key\xc3\x28", 9);
    QTest::newRow("a leading FF FE is not UTF-16") << QByteArray("\xff\xfe"
                                                                 "a\0b\0",
                                                                 6)
                                                   << QByteArray("\xff\xfe"
                                                                 "a\0b\0",
                                                                 6);
    QTest::newRow("one line from echo loses its newline")
        << QByteArray("open sesame\n") << QByteArray("open sesame");
    QTest::newRow("CRLF too") << QByteArray("open sesame\r\n") << QByteArray("open sesame");
}

void TestHostileInput::secretsAreKeptByteForByte()
{
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, kept);
    const ProcessResult set = run(
        {QStringLiteral("set-secret"), QStringLiteral("sim"), QStringLiteral("access-key")}, input);
    QCOMPARE(set.code, 0);
    QVERIFY2(!set.out.toUtf8().contains(kept), "the secret was printed");
    // What was stored is what was given: the cloud accepts exactly that key.
    const QString sha =
        QString::fromLatin1(QCryptographicHash::hash(kept, QCryptographicHash::Sha256).toHex());
    QCOMPARE(run({QStringLiteral("update-cloud"), QStringLiteral("sim"), QStringLiteral("--config"),
                  QStringLiteral("access-key-sha256=") + sha})
                 .code,
             0);
    const ProcessResult listed = run({QStringLiteral("instances"), QStringLiteral("sim")});
    QVERIFY2(listed.code == 0, qPrintable(listed.err));
    QCOMPARE(FileSecretStore(m_dir->filePath(QStringLiteral("config/berth/secrets.json")))
                 .read(QStringLiteral("sim"), QStringLiteral("access-key")),
             std::optional(kept));
}

void TestHostileInput::secretsFolderIsOwnerOnlyAndForeignFilesAreRefused()
{
    QProcess process;
    process.setProcessEnvironment(environment());
    process.setChildProcessModifier([] { ::umask(0); }); // the laxest umask there is
    process.start(
        QStringLiteral(BERTHCTL_PATH),
        {QStringLiteral("set-secret"), QStringLiteral("sim"), QStringLiteral("access-key")});
    process.write("k");
    process.closeWriteChannel();
    QVERIFY(process.waitForFinished(60'000));
    QCOMPARE(process.exitCode(), 0);
    const QString folder = m_dir->filePath(QStringLiteral("config/berth"));
    struct stat info = {};
    QCOMPARE(::stat(QFile::encodeName(folder).constData(), &info), 0);
    QCOMPARE(info.st_mode & 0777, 0700u);

    if (::geteuid() != 0)
        return; // only root can give the file away to see it refused
    const QString file = folder + QStringLiteral("/secrets.json");
    QCOMPARE(::chown(QFile::encodeName(file).constData(), 65534, 65534), 0);
    const ProcessResult refused =
        run({QStringLiteral("set-secret"), QStringLiteral("sim"), QStringLiteral("access-key")},
            "other");
    QCOMPARE(refused.code, 1);
    QVERIFY2(refused.err.contains(QStringLiteral("belongs to user 65534, not to you")),
             qPrintable(refused.err));
}

void TestHostileInput::removedCloudTakesItsSecretsAlong()
{
    QCOMPARE(run({QStringLiteral("add-cloud"), QStringLiteral("lab"), QStringLiteral("--type"),
                  QStringLiteral("sim"), QStringLiteral("--config"),
                  QStringLiteral("state-file=") + m_dir->filePath(QStringLiteral("lab.sqlite"))})
                 .code,
             0);
    QCOMPARE(
        run({QStringLiteral("set-secret"), QStringLiteral("lab"), QStringLiteral("access-key")},
            "lab key")
            .code,
        0);
    FileSecretStore secrets(m_dir->filePath(QStringLiteral("config/berth/secrets.json")));
    QCOMPARE(secrets.read(QStringLiteral("lab"), QStringLiteral("access-key")),
             std::optional(QByteArrayLiteral("lab key")));
    const ProcessResult removed = run({QStringLiteral("remove-cloud"), QStringLiteral("lab")});
    QCOMPARE(removed.code, 0);
    QCOMPARE(secrets.read(QStringLiteral("lab"), QStringLiteral("access-key")),
             std::optional<QByteArray>());
}

void TestHostileInput::storeErrorsSpeakTheUsersTerms()
{
    // A store file that is not a database at all.
    const QString garbage = writeFile(QStringLiteral("garbage.sqlite"), "not a store\n");
    const ProcessResult notAStore =
        run({QStringLiteral("--db"), garbage, QStringLiteral("status")});
    QCOMPARE(notAStore.code, 1);
    QCOMPARE(notAStore.err.count(u'\n'), 1);
    QVERIFY2(notAStore.err.contains(u"is damaged or is not a Berth store"),
             qPrintable(notAStore.err));

    // A store whose tables were changed behind Berth's back.
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("x"));
        db.setDatabaseName(m_dir->filePath(QStringLiteral("berth.sqlite")));
        QVERIFY(db.open());
        QSqlQuery query(db);
        QVERIFY(query.exec(QStringLiteral("DROP TABLE units")));
        query = QSqlQuery();
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("x"));
    const ProcessResult damaged = run({QStringLiteral("add-unit"), QStringLiteral("web")});
    QCOMPARE(damaged.code, 1);
    QCOMPARE(damaged.err.count(u'\n'), 1);
    QVERIFY2(damaged.err.startsWith(u"ERROR the store does not have the tables this Berth expects"),
             qPrintable(damaged.err));
    // No driver text, no SQL: those are for --debug.
    for (const char *raw : {"Unable to", "INSERT", "no such table", "QSQLITE"})
        QVERIFY2(!damaged.err.contains(QLatin1StringView(raw)), qPrintable(damaged.err));
}

void TestHostileInput::debugShowsWhatLiesUnderAStoreError()
{
    const QString garbage = writeFile(QStringLiteral("garbage.sqlite"), "not a store\n");
    const ProcessResult r =
        run({QStringLiteral("--debug"), QStringLiteral("--db"), garbage, QStringLiteral("status")});
    QCOMPARE(r.code, 1);
    const QStringList lines = r.err.split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2);
    QVERIFY2(lines.at(0).contains(u"is damaged or is not a Berth store"), qPrintable(r.err));
    QVERIFY2(lines.at(1).startsWith(u"DEBUG file is not a database"), qPrintable(r.err));
    // --debug changes nothing for a command that succeeds.
    QCOMPARE(run({QStringLiteral("--debug"), QStringLiteral("status")}).code, 0);
}

void TestHostileInput::readOnlyStoreOpensForReading()
{
    const QString folder = m_dir->filePath(QStringLiteral("read-only"));
    ReadOnlyMount mount(folder);
    if (!mount.isMounted())
        QSKIP(qPrintable(mount.reason()));
    const QString db = folder + QStringLiteral("/team.sqlite");
    const auto on = [&](QStringList args) {
        return run(QStringList{QStringLiteral("--db"), db} + args);
    };
    QCOMPARE(on({QStringLiteral("deploy"), QStringLiteral("db"), QStringLiteral("-n"),
                 QStringLiteral("2")})
                 .code,
             0);
    QCOMPARE(on({QStringLiteral("--stage"), QStringLiteral("add-unit"), QStringLiteral("db")}).code,
             0);
    const QString before =
        on({QStringLiteral("status"), QStringLiteral("--format"), QStringLiteral("json")}).out;
    QVERIFY(mount.setReadOnly(true));

    // Reading commands work, and see the model as it was.
    const ProcessResult status =
        on({QStringLiteral("status"), QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(status.code, 0);
    QCOMPARE(status.out, before);
    QVERIFY(status.out.contains(u"db/1"));
    QCOMPARE(on({QStringLiteral("models")}).code, 0);
    // The staged changes are listed, not tried (that would write).
    const ProcessResult staged = on({QStringLiteral("changes")});
    QCOMPARE(staged.code, 0);
    QVERIFY2(staged.out.contains(QStringLiteral("add 1 unit")), qPrintable(staged.out));

    // Writing commands are refused with one line naming the store, and change nothing.
    for (const QStringList &args :
         {QStringList{QStringLiteral("add-unit"), QStringLiteral("db")},
          QStringList{QStringLiteral("deploy"), QStringLiteral("web")},
          QStringList{QStringLiteral("provision"), QStringLiteral("--until-idle")}}) {
        const ProcessResult refused = on(args);
        QCOMPARE(refused.code, 1);
        QCOMPARE(refused.err.count(u'\n'), 1);
        QVERIFY2(
            refused.err.startsWith(QStringLiteral("ERROR the store \"%1\" is read-only").arg(db)),
            qPrintable(refused.err));
    }
    QCOMPARE(on({QStringLiteral("status"), QStringLiteral("--format"), QStringLiteral("json")}).out,
             before);
    QVERIFY(mount.setReadOnly(false));
    QCOMPARE(on({QStringLiteral("add-unit"), QStringLiteral("db")}).code, 0); // writable again
}

QTEST_GUILESS_MAIN(TestHostileInput)
#include "tst_hostileinput.moc"
