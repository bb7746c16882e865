// Berth on a live two-region OpenStack (scripts/setup-openstack: Keystone,
// and per region its own Nova with two compute hosts in two availability
// zones), through berthctl, checked against what Nova itself reports (as
// the rig's admin, scripts/openstack/rig.py): servers spread over a region's
// zones and over both regions by a Senlin region policy, Nova's own errors
// on the machines (no valid host after every zone, quota, refused
// credentials), SIGKILL during provisioning leaving one server per machine,
// removal, and server groups keeping units on different hosts. Where
// OpenStack cannot run at all, the tests are skipped.
#include "tests/testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace berth;

namespace {

const QString regionOne = QStringLiteral("RegionOne");
const QString regionTwo = QStringLiteral("RegionTwo");

QString arg(const char *text)
{
    return QString::fromUtf8(text);
}

} // namespace

class TestOpenStack : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void showCloudListsRegionsZonesAndFlavors();
    void deploySpreadsTaggedServersOverTheZones();
    void regionPolicySpreadsOverBothRegions();
    void flavorNoHostTakesFailsAfterEveryZone();
    void quotaShowsNovasMessageAndRetryRecovers();
    void refusedSecretIsAnAuthErrorNotRetried();
    void killedProvisionerLeavesOneServerPerMachine();
    void removingMachinesDeletesServers();
    void antiAffinityPutsUnitsOnDifferentHosts();

private:
    ProcessResult berthctl(const QStringList &args);
    static QJsonValue rig(const QStringList &args);
    // The servers of a model, as Nova's admin sees them.
    static QList<QJsonObject> serversOf(const QString &modelUuid);
    // The server groups Berth made for a model, by application.
    static QMap<QString, QJsonObject> serverGroupsOf(const QString &modelUuid);
    QString addModel(const QString &name);
    QJsonObject status(const QString &model);
    bool provision(const QString &model, QString *output = nullptr);

    QTemporaryDir m_dir;
    QStringList m_passwordCloud; // the add-cloud lines setup-openstack printed
    QStringList m_credentialCloud;
    QStringList m_models; // names, destroyed at the end
};

ProcessResult TestOpenStack::berthctl(const QStringList &args)
{
    return runProgram(QStringLiteral(BERTHCTL_PATH), args, isolatedEnvironment(m_dir));
}

QJsonValue TestOpenStack::rig(const QStringList &args)
{
    const ProcessResult r =
        runProgram(QStringLiteral("/usr/bin/python3"),
                   QStringList{QStringLiteral(SOURCE_DIR "/scripts/openstack/rig.py")} + args,
                   QProcessEnvironment::systemEnvironment(), 120'000);
    if (r.code != 0)
        qWarning("rig.py %s: %s", qPrintable(args.join(u' ')), qPrintable(r.err));
    return QJsonDocument::fromJson(r.out.toUtf8()).array();
}

QMap<QString, QJsonObject> TestOpenStack::serverGroupsOf(const QString &modelUuid)
{
    QMap<QString, QJsonObject> groups;
    for (const QJsonValue &g : rig({QStringLiteral("groups")}).toArray()) {
        const QString name = g[QStringLiteral("name")].toString();
        if (name.startsWith(QStringLiteral("berth-") + modelUuid.left(8)))
            groups.insert(name.section(u'-', 2), g.toObject());
    }
    return groups;
}

QList<QJsonObject> TestOpenStack::serversOf(const QString &modelUuid)
{
    QList<QJsonObject> found;
    for (const QJsonValue &s : rig({QStringLiteral("servers")}).toArray()) {
        if (s[QStringLiteral("metadata")][QStringLiteral("berth-model-uuid")].toString() ==
            modelUuid)
            found << s.toObject();
    }
    return found;
}

QJsonObject TestOpenStack::status(const QString &model)
{
    const ProcessResult r = berthctl({QStringLiteral("-m"), model, QStringLiteral("status"),
                                      QStringLiteral("--format"), QStringLiteral("json")});
    return QJsonDocument::fromJson(r.out.toUtf8()).object();
}

QString TestOpenStack::addModel(const QString &name)
{
    if (berthctl({QStringLiteral("add-model"), name, QStringLiteral("openstack")}).code != 0)
        return {};
    m_models << name;
    return status(name)[QStringLiteral("model")][QStringLiteral("uuid")].toString();
}

bool TestOpenStack::provision(const QString &model, QString *output)
{
    const ProcessResult r =
        berthctl({QStringLiteral("-m"), model, QStringLiteral("provision"),
                  QStringLiteral("--until-idle"), QStringLiteral("--timeout"), arg("240")});
    if (output)
        *output = r.out + r.err;
    return r.code == 0;
}

void TestOpenStack::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QProcess setup;
    setup.start(QStringLiteral(SOURCE_DIR "/scripts/setup-openstack"), {});
    QVERIFY(setup.waitForFinished(1'800'000));
    const QString err = QString::fromUtf8(setup.readAllStandardError());
    if (setup.exitCode() == 77)
        QSKIP(qPrintable(QStringLiteral("OpenStack cannot run on this machine: ") + err.trimmed()));
    QVERIFY2(setup.exitCode() == 0, qPrintable(err));
    const QStringList lines =
        QString::fromUtf8(setup.readAllStandardOutput()).split(u'\n', Qt::SkipEmptyParts);
    QVERIFY(lines.size() >= 2);
    const auto addCloud = [](const QString &line) {
        QStringList words = line.split(u' ', Qt::SkipEmptyParts);
        if (words.value(0) == u"berthctl")
            words.removeFirst();
        return words;
    };
    m_passwordCloud = addCloud(lines.at(lines.size() - 2));
    m_credentialCloud = addCloud(lines.last());
    QCOMPARE(m_credentialCloud.value(0), QStringLiteral("add-cloud"));
    QCOMPARE(m_credentialCloud.value(1), QStringLiteral("openstack"));
    const ProcessResult added = berthctl(m_credentialCloud);
    QVERIFY2(added.code == 0, qPrintable(added.err));
    // Every server starts at once: the rig's quota is the tests' to lower.
    rig({QStringLiteral("quota"), arg("1000")});
}

void TestOpenStack::cleanupTestCase()
{
    rig({QStringLiteral("quota"), arg("1000")});
    // destroy-model waits until the model's servers are deleted.
    for (const QString &model : std::as_const(m_models))
        berthctl({QStringLiteral("destroy-model"), model, QStringLiteral("--force")});
}

void TestOpenStack::showCloudListsRegionsZonesAndFlavors()
{
    const ProcessResult shown =
        berthctl({QStringLiteral("show-cloud"), QStringLiteral("openstack")});
    QVERIFY2(shown.code == 0, qPrintable(shown.err));
    for (const char *expected :
         {"Region RegionOne", "Zones: az-one-a, az-one-b", "Region RegionTwo",
          "Zones: az-two-a, az-two-b", "m1.tiny", "m1.huge"})
        QVERIFY2(shown.out.contains(arg(expected)), expected);
    // The secret stays out of the store.
    QFile store(m_dir.filePath(QStringLiteral("berth.sqlite")));
    QVERIFY(store.open(QIODevice::ReadOnly));
    QFile secret(m_credentialCloud.last().section(u'=', 1));
    QVERIFY(secret.open(QIODevice::ReadOnly));
    QVERIFY(!store.readAll().contains(secret.readAll()));
}

void TestOpenStack::deploySpreadsTaggedServersOverTheZones()
{
    const QString uuid = addModel(QStringLiteral("os-deploy"));
    QVERIFY(!uuid.isEmpty());
    QCOMPARE(berthctl({QStringLiteral("-m"), QStringLiteral("os-deploy"), QStringLiteral("deploy"),
                       QStringLiteral("web"), QStringLiteral("-n"), arg("4"),
                       QStringLiteral("--constraints"), QStringLiteral("mem=256M")})
                 .code,
             0);
    QString output;
    QVERIFY2(provision(QStringLiteral("os-deploy"), &output), qPrintable(output));

    const QList<QJsonObject> servers = serversOf(uuid);
    QCOMPARE(servers.size(), 4);
    const QJsonObject machines =
        status(QStringLiteral("os-deploy"))[QStringLiteral("machines")].toObject();
    QMap<QString, int> perZone;
    for (const QJsonObject &s : servers) {
        QCOMPARE(s[QStringLiteral("status")].toString(), QStringLiteral("ACTIVE"));
        QCOMPARE(s[QStringLiteral("region")].toString(), regionOne);
        QCOMPARE(s[QStringLiteral("flavor")].toString(), QStringLiteral("m1.tiny"));
        ++perZone[s[QStringLiteral("zone")].toString()];
        const QJsonObject meta = s[QStringLiteral("metadata")].toObject();
        const QString machine = meta[QStringLiteral("berth-machine-id")].toString();
        QVERIFY(meta[QStringLiteral("berth-units")].toString().startsWith(QStringLiteral("web/")));
        QVERIFY(!meta[QStringLiteral("berth-nonce")].toString().isEmpty());
        // Nova's tags, which Berth lists its servers by.
        const QJsonArray tags = s[QStringLiteral("tags")].toArray();
        QVERIFY(tags.contains(QString(QStringLiteral("berth-model-") + uuid)));
        QVERIFY(tags.contains(QString(QStringLiteral("berth-machine-") + machine)));
        // The model records the server, its zone and the flavor's hardware.
        const QJsonObject m = machines[machine].toObject();
        QCOMPARE(m[QStringLiteral("instance-id")].toString(), s[QStringLiteral("id")].toString());
        QCOMPARE(m[QStringLiteral("zone")].toString(), s[QStringLiteral("zone")].toString());
        QVERIFY2(m[QStringLiteral("hardware")].toString().contains(QStringLiteral("mem=256M")),
                 qPrintable(m[QStringLiteral("hardware")].toString()));
    }
    QCOMPARE(perZone, (QMap<QString, int>{{QStringLiteral("az-one-a"), 2},
                                          {QStringLiteral("az-one-b"), 2}}));
}

void TestOpenStack::regionPolicySpreadsOverBothRegions()
{
    const QString uuid = addModel(QStringLiteral("os-regions"));
    QVERIFY(!uuid.isEmpty());
    const QString model = QStringLiteral("os-regions");
    QFile policy(m_dir.filePath(QStringLiteral("regions.yaml")));
    QVERIFY(policy.open(QIODevice::WriteOnly));
    policy.write("type: senlin.policy.region_placement\nversion: 1.0\nproperties:\n  regions:\n"
                 "    - name: RegionOne\n      weight: 100\n"
                 "    - name: RegionTwo\n      weight: 100\n");
    policy.close();
    QCOMPARE(berthctl({QStringLiteral("-m"), model, QStringLiteral("deploy"), QStringLiteral("api"),
                       QStringLiteral("-n"), arg("0"), QStringLiteral("--constraints"),
                       QStringLiteral("mem=256M")})
                 .code,
             0);
    QCOMPARE(berthctl({QStringLiteral("-m"), model, QStringLiteral("set-placement-policy"),
                       QStringLiteral("api"), policy.fileName()})
                 .code,
             0);
    const ProcessResult scaled =
        berthctl({QStringLiteral("-m"), model, QStringLiteral("scale-application"),
                  QStringLiteral("api"), QStringLiteral("--adjustment-type"),
                  QStringLiteral("EXACT_CAPACITY"), QStringLiteral("--number"), arg("6")});
    QVERIFY2(scaled.code == 0, qPrintable(scaled.err));
    QString output;
    QVERIFY2(provision(model, &output), qPrintable(output));

    QMap<QString, int> perRegion;
    QMap<QString, int> perZone;
    for (const QJsonObject &s : serversOf(uuid)) {
        QCOMPARE(s[QStringLiteral("status")].toString(), QStringLiteral("ACTIVE"));
        ++perRegion[s[QStringLiteral("region")].toString()];
        ++perZone[s[QStringLiteral("zone")].toString()];
    }
    QCOMPARE(perRegion, (QMap<QString, int>{{regionOne, 3}, {regionTwo, 3}}));
    // Inside each region, its two zones within one of each other.
    QCOMPARE(perZone.size(), 4);
    QVERIFY(std::abs(perZone.value(QStringLiteral("az-one-a")) -
                     perZone.value(QStringLiteral("az-one-b"))) <= 1);
    QVERIFY(std::abs(perZone.value(QStringLiteral("az-two-a")) -
                     perZone.value(QStringLiteral("az-two-b"))) <= 1);
}

void TestOpenStack::flavorNoHostTakesFailsAfterEveryZone()
{
    const QString uuid = addModel(QStringLiteral("os-huge"));
    QVERIFY(!uuid.isEmpty());
    const QString model = QStringLiteral("os-huge");
    // No host is ever that large: a model that does not retry says so at once.
    QCOMPARE(berthctl({QStringLiteral("-m"), model, QStringLiteral("model-config"),
                       QStringLiteral("retry-count=0")})
                 .code,
             0);
    QCOMPARE(berthctl({QStringLiteral("-m"), model, QStringLiteral("deploy"), QStringLiteral("big"),
                       QStringLiteral("--constraints"), QStringLiteral("instance-type=m1.huge")})
                 .code,
             0);
    QString output;
    QVERIFY(!provision(model, &output));
    const QJsonObject machine =
        status(model)[QStringLiteral("machines")][QStringLiteral("0")].toObject();
    QCOMPARE(machine[QStringLiteral("machine-status")][QStringLiteral("current")].toString(),
             QStringLiteral("error"));
    const QString message =
        machine[QStringLiteral("machine-status")][QStringLiteral("message")].toString();
    QVERIFY2(message.contains(QStringLiteral("No valid host was found")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("tried zones az-one-a, az-one-b")),
             qPrintable(message));
    // Both zones were tried, and the server that ended in ERROR is gone.
    QVERIFY2(output.contains(QStringLiteral("trying az-one-")), qPrintable(output));
    QCOMPARE(serversOf(uuid).size(), 0);
}

void TestOpenStack::quotaShowsNovasMessageAndRetryRecovers()
{
    const QString uuid = addModel(QStringLiteral("os-quota"));
    QVERIFY(!uuid.isEmpty());
    const QString model = QStringLiteral("os-quota");
    QCOMPARE(berthctl({QStringLiteral("-m"), model, QStringLiteral("model-config"),
                       QStringLiteral("retry-count=0")})
                 .code,
             0);
    QCOMPARE(berthctl({QStringLiteral("-m"), model, QStringLiteral("deploy"), QStringLiteral("db"),
                       QStringLiteral("--constraints"), QStringLiteral("mem=256M")})
                 .code,
             0);
    rig({QStringLiteral("quota"), QStringLiteral("full")});
    QVERIFY(!provision(model));
    QJsonObject machine = status(model)[QStringLiteral("machines")][QStringLiteral("0")].toObject();
    QCOMPARE(machine[QStringLiteral("machine-status")][QStringLiteral("current")].toString(),
             QStringLiteral("error"));
    const QString message =
        machine[QStringLiteral("machine-status")][QStringLiteral("message")].toString();
    QVERIFY2(message.startsWith(QStringLiteral("Quota exceeded for instances")),
             qPrintable(message));
    QCOMPARE(serversOf(uuid).size(), 0);

    rig({QStringLiteral("quota"), arg("1000")});
    QCOMPARE(berthctl({QStringLiteral("-m"), model, QStringLiteral("retry-provisioning"),
                       QStringLiteral("0")})
                 .code,
             0);
    QString output;
    QVERIFY2(provision(model, &output), qPrintable(output));
    machine = status(model)[QStringLiteral("machines")][QStringLiteral("0")].toObject();
    QCOMPARE(machine[QStringLiteral("machine-status")][QStringLiteral("current")].toString(),
             QStringLiteral("started"));
    QCOMPARE(serversOf(uuid).size(), 1);
}

void TestOpenStack::refusedSecretIsAnAuthErrorNotRetried()
{
    // A wrong secret is refused by add-cloud in one line, and nothing is added.
    QFile wrong(m_dir.filePath(QStringLiteral("wrong-secret")));
    QVERIFY(wrong.open(QIODevice::WriteOnly));
    wrong.write("not-the-secret\n");
    wrong.close();
    QStringList args = m_credentialCloud;
    args[1] = QStringLiteral("os-wrong");
    args.last() = QStringLiteral("application-credential-secret=") + wrong.fileName();
    const ProcessResult refused = berthctl(args);
    QCOMPARE(refused.code, 1);
    QVERIFY2(refused.err.contains(QStringLiteral("refused the application credential")),
             qPrintable(refused.err));
    QCOMPARE(refused.err.trimmed().count(u'\n'), 0);
    QVERIFY(!berthctl({QStringLiteral("clouds")}).out.contains(QStringLiteral("os-wrong")));

    // A user and password account works; once its password changes under it,
    // the machines show Keystone's refusal and are not retried.
    const ProcessResult added = berthctl(m_passwordCloud);
    QVERIFY2(added.code == 0, qPrintable(added.err));
    const QString cloud = m_passwordCloud.value(1);
    QCOMPARE(berthctl({QStringLiteral("add-model"), QStringLiteral("os-auth"), cloud}).code, 0);
    m_models << QStringLiteral("os-auth");
    const QString model = QStringLiteral("os-auth");
    QCOMPARE(berthctl({QStringLiteral("-m"), model, QStringLiteral("deploy"), QStringLiteral("app"),
                       QStringLiteral("-n"), arg("2"), QStringLiteral("--constraints"),
                       QStringLiteral("mem=256M")})
                 .code,
             0);
    QCOMPARE(berthctl({QStringLiteral("update-cloud"), cloud, QStringLiteral("--secret-file"),
                       QStringLiteral("password=") + wrong.fileName()})
                 .code,
             1); // update-cloud checks the account too
    QProcess setSecret;
    setSecret.setProcessEnvironment(isolatedEnvironment(m_dir));
    setSecret.start(QStringLiteral(BERTHCTL_PATH),
                    {QStringLiteral("set-secret"), cloud, QStringLiteral("password")});
    setSecret.write("not-the-password");
    setSecret.closeWriteChannel();
    QVERIFY(setSecret.waitForFinished());
    QCOMPARE(setSecret.exitCode(), 0);
    QString output;
    QVERIFY(!provision(model, &output));
    QVERIFY2(!output.contains(QStringLiteral("retrying")), qPrintable(output));
    for (const QString &name : {QStringLiteral("0"), QStringLiteral("1")}) {
        const QJsonObject machine = status(model)[QStringLiteral("machines")][name].toObject();
        QCOMPARE(machine[QStringLiteral("machine-status")][QStringLiteral("current")].toString(),
                 QStringLiteral("error"));
        QVERIFY2(machine[QStringLiteral("machine-status")][QStringLiteral("message")]
                     .toString()
                     .contains(QStringLiteral("refused the user's password")),
                 qPrintable(machine[QStringLiteral("machine-status")]
                                .toObject()
                                .value(QStringLiteral("message"))
                                .toString()));
    }
    // Mended, and retried: both start.
    const ProcessResult mended =
        berthctl({QStringLiteral("update-cloud"), cloud, QStringLiteral("--secret-file"),
                  m_passwordCloud.last()});
    QVERIFY2(mended.code == 0, qPrintable(mended.err));
    QCOMPARE(berthctl({QStringLiteral("-m"), model, QStringLiteral("retry-provisioning"),
                       QStringLiteral("0"), QStringLiteral("1")})
                 .code,
             0);
    QVERIFY2(provision(model, &output), qPrintable(output));
}

void TestOpenStack::killedProvisionerLeavesOneServerPerMachine()
{
    const QString uuid = addModel(QStringLiteral("os-kill"));
    QVERIFY(!uuid.isEmpty());
    const QString model = QStringLiteral("os-kill");
    QCOMPARE(berthctl({QStringLiteral("-m"), model, QStringLiteral("deploy"), QStringLiteral("app"),
                       QStringLiteral("-n"), arg("8"), QStringLiteral("--constraints"),
                       QStringLiteral("mem=256M")})
                 .code,
             0);
    // Killed once every start is under way (servers building in Nova).
    QProcess provisioner;
    provisioner.setProcessEnvironment(isolatedEnvironment(m_dir));
    provisioner.start(QStringLiteral(BERTHCTL_PATH),
                      {QStringLiteral("-m"), model, QStringLiteral("provision")});
    QVERIFY(provisioner.waitForStarted());
    QByteArray said;
    while (said.count("starting in") < 8 && provisioner.state() == QProcess::Running) {
        provisioner.waitForReadyRead(1'000);
        said += provisioner.readAllStandardOutput();
    }
    QThread::msleep(300);
    provisioner.kill();
    QVERIFY(provisioner.waitForFinished());
    said += provisioner.readAllStandardOutput();
    QVERIFY2(said.count("starting in") == 8,
             QByteArray(said + provisioner.readAllStandardError()).constData());
    QVERIFY2(!said.contains("machine(s) with instances"), "the provisioner ended before the kill");

    QString output;
    QVERIFY2(provision(model, &output), qPrintable(output));
    const QJsonObject machines = status(model)[QStringLiteral("machines")].toObject();
    QCOMPARE(machines.size(), 8);
    const QList<QJsonObject> servers = serversOf(uuid);
    QCOMPARE(servers.size(), 8); // no stray, no duplicate
    QMap<QString, QString> serverOf;
    for (const QJsonObject &s : servers) {
        const QString machine =
            s[QStringLiteral("metadata")][QStringLiteral("berth-machine-id")].toString();
        QVERIFY2(!serverOf.contains(machine), qPrintable(machine));
        serverOf.insert(machine, s[QStringLiteral("id")].toString());
        QCOMPARE(s[QStringLiteral("status")].toString(), QStringLiteral("ACTIVE"));
    }
    for (auto it = machines.begin(); it != machines.end(); ++it)
        QCOMPARE(it.value()[QStringLiteral("instance-id")].toString(), serverOf.value(it.key()));
}

void TestOpenStack::removingMachinesDeletesServers()
{
    const QString uuid = addModel(QStringLiteral("os-remove"));
    QVERIFY(!uuid.isEmpty());
    const QString model = QStringLiteral("os-remove");
    QCOMPARE(berthctl({QStringLiteral("-m"), model, QStringLiteral("deploy"), QStringLiteral("app"),
                       QStringLiteral("-n"), arg("3"), QStringLiteral("--constraints"),
                       QStringLiteral("mem=256M")})
                 .code,
             0);
    QVERIFY(provision(model));
    QCOMPARE(serversOf(uuid).size(), 3);
    const ProcessResult removed =
        berthctl({QStringLiteral("-m"), model, QStringLiteral("remove-unit"),
                  QStringLiteral("app/0"), QStringLiteral("app/1")});
    QVERIFY2(removed.code == 0, qPrintable(removed.err));
    QString output;
    QVERIFY2(provision(model, &output), qPrintable(output));
    // Nova takes the deletes at once and finishes them in its own time.
    QTRY_COMPARE_WITH_TIMEOUT(serversOf(uuid).size(), 1, 120'000);
    const QList<QJsonObject> left = serversOf(uuid);
    QCOMPARE(left.first()[QStringLiteral("metadata")][QStringLiteral("berth-units")].toString(),
             QStringLiteral("app/2"));
    QCOMPARE(status(model)[QStringLiteral("machines")].toObject().size(), 1);
}

void TestOpenStack::antiAffinityPutsUnitsOnDifferentHosts()
{
    const QString uuid = addModel(QStringLiteral("os-hosts"));
    QVERIFY(!uuid.isEmpty());
    const QString model = QStringLiteral("os-hosts");
    // Senlin's affinity policy on one application: its units on different
    // hosts, so RegionOne's two hosts take two of three.
    QFile policy(m_dir.filePath(QStringLiteral("anti-affinity.yaml")));
    QVERIFY(policy.open(QIODevice::WriteOnly));
    policy.write("type: senlin.policy.affinity\nversion: 1.0\nproperties:\n  servergroup:\n"
                 "    policies: anti-affinity\n");
    policy.close();
    QCOMPARE(berthctl({QStringLiteral("-m"), model, QStringLiteral("deploy"), QStringLiteral("db"),
                       QStringLiteral("-n"), arg("0"), QStringLiteral("--constraints"),
                       QStringLiteral("mem=256M")})
                 .code,
             0);
    QCOMPARE(berthctl({QStringLiteral("-m"), model, QStringLiteral("set-placement-policy"),
                       QStringLiteral("db"), policy.fileName()})
                 .code,
             0);
    QCOMPARE(berthctl({QStringLiteral("-m"), model, QStringLiteral("add-unit"),
                       QStringLiteral("db"), QStringLiteral("-n"), arg("3")})
                 .code,
             0);
    // The model's setting for the others: at most two of an application on one host.
    // (No retries: a host that is full now stays full in this test.)
    QCOMPARE(berthctl({QStringLiteral("-m"), model, QStringLiteral("model-config"),
                       QStringLiteral("server-group-policy=anti-affinity/2"),
                       QStringLiteral("retry-count=0")})
                 .code,
             0);
    QCOMPARE(berthctl({QStringLiteral("-m"), model, QStringLiteral("deploy"), QStringLiteral("web"),
                       QStringLiteral("-n"), arg("3"), QStringLiteral("--constraints"),
                       QStringLiteral("mem=256M zones=az-one-a")})
                 .code,
             0);
    QString output;
    QVERIFY(!provision(model, &output));

    QMap<QString, QStringList> hostsOf; // application -> hosts of its servers
    for (const QJsonObject &s : serversOf(uuid)) {
        QCOMPARE(s[QStringLiteral("status")].toString(), QStringLiteral("ACTIVE"));
        const QString units =
            s[QStringLiteral("metadata")][QStringLiteral("berth-units")].toString();
        hostsOf[units.section(u'/', 0, 0)] << s[QStringLiteral("host")].toString();
    }
    QStringList db = hostsOf.value(QStringLiteral("db"));
    QCOMPARE(db.size(), 2);
    QVERIFY2(db.at(0) != db.at(1), qPrintable(db.join(u' ')));
    const QStringList web = hostsOf.value(QStringLiteral("web"));
    QCOMPARE(web.size(), 2);
    QCOMPARE(web.at(0), web.at(1)); // az-one-a has one host
    // The unit no host could take says so, after every zone it may use.
    int inError = 0;
    const QJsonObject machines = status(model)[QStringLiteral("machines")].toObject();
    for (const QJsonValue &m : machines) {
        if (m[QStringLiteral("machine-status")][QStringLiteral("current")].toString() != u"error")
            continue;
        ++inError;
        const QString message =
            m[QStringLiteral("machine-status")][QStringLiteral("message")].toString();
        QVERIFY2(message.contains(QStringLiteral("No valid host was found")),
                 qPrintable(message + u'\n' + output));
    }
    QCOMPARE(inError, 2);
    // Nova holds one group per application, with its policy and rule.
    const QMap<QString, QJsonObject> groups = serverGroupsOf(uuid);
    QCOMPARE(groups.keys(), (QStringList{QStringLiteral("db"), QStringLiteral("web")}));
    QCOMPARE(groups[QStringLiteral("db")][QStringLiteral("policy")].toString(),
             QStringLiteral("anti-affinity"));
    QCOMPARE(groups[QStringLiteral("db")][QStringLiteral("members")].toArray().size(), 2);
    QCOMPARE(groups[QStringLiteral("web")][QStringLiteral("rules")]
                   [QStringLiteral("max_server_per_host")]
                       .toInt(),
             2);
    // An application removed takes its group with it; the others keep theirs.
    QCOMPARE(berthctl({QStringLiteral("-m"), model, QStringLiteral("remove-application"),
                       QStringLiteral("web")})
                 .code,
             0);
    provision(model); // db's unit no host could take stays in error
    QCOMPARE(serverGroupsOf(uuid).keys(), QStringList{QStringLiteral("db")});
    // Destroying the model deletes its servers and the groups Berth made for it.
    QCOMPARE(berthctl({QStringLiteral("destroy-model"), model, QStringLiteral("--force")}).code, 0);
    m_models.removeAll(model);
    QCOMPARE(serversOf(uuid).size(), 0);
    QVERIFY2(serverGroupsOf(uuid).isEmpty(), qPrintable(serverGroupsOf(uuid).keys().join(u' ')));
}

QTEST_GUILESS_MAIN(TestOpenStack)
#include "tst_openstack.moc"
