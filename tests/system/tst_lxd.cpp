// Berth on a live LXD, through berthctl, checked with LXD's own `lxc` client:
// containers with the constraints' limits and Berth's tags, removal, stray
// harvesting, a pinned certificate, errors shown per machine, and SIGKILL
// during provisioning leaving no duplicate. The LXD comes from
// scripts/setup-lxd; where LXD cannot run at all, the tests are skipped.
#include "tests/testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace berth;

class TestLxd : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void changedCertificateIsRefused();
    void deployStartsLimitedTaggedContainers();
    void removingMachinesDeletesContainers();
    void strayContainersFollowHarvestMode();
    void missingImageIsShownOnTheMachine();
    void zoneIsTheServer();
    void killedProvisionerLeavesNoDuplicate();

private:
    QProcessEnvironment environment() const;
    ProcessResult berthctl(const QStringList &args);
    static ProcessResult lxc(const QStringList &args);
    // The model's containers as LXD reports them, by name.
    static QMap<QString, QJsonObject> containersOf(const QString &modelUuid);
    QString addModel(const QString &name);
    QJsonObject status(const QString &model);

    QTemporaryDir m_dir;
    QStringList m_addCloud; // the add-cloud arguments setup-lxd printed
    QStringList m_models;   // uuids, for clean-up
};

QProcessEnvironment TestLxd::environment() const
{
    return isolatedEnvironment(m_dir);
}

ProcessResult TestLxd::berthctl(const QStringList &args)
{
    return runProgram(QStringLiteral(BERTHCTL_PATH), args, environment());
}

ProcessResult TestLxd::lxc(const QStringList &args)
{
    // stdin closed: lxc reads a YAML config from a piped one.
    return runProgram(QStringLiteral("lxc"), args, QProcessEnvironment::systemEnvironment());
}

QMap<QString, QJsonObject> TestLxd::containersOf(const QString &modelUuid)
{
    QMap<QString, QJsonObject> found;
    const ProcessResult list =
        lxc({QStringLiteral("list"), QStringLiteral("--format"), QStringLiteral("json")});
    for (const QJsonValue value : QJsonDocument::fromJson(list.out.toUtf8()).array()) {
        const QJsonObject o = value.toObject();
        if (o[QStringLiteral("config")][QStringLiteral("user.berth-model-uuid")].toString() ==
            modelUuid)
            found.insert(o[QStringLiteral("name")].toString(), o);
    }
    return found;
}

QJsonObject TestLxd::status(const QString &model)
{
    const ProcessResult r = berthctl({QStringLiteral("-m"), model, QStringLiteral("status"),
                                      QStringLiteral("--format"), QStringLiteral("json")});
    return QJsonDocument::fromJson(r.out.toUtf8()).object();
}

QString TestLxd::addModel(const QString &name)
{
    const ProcessResult r = berthctl({QStringLiteral("add-model"), name, QStringLiteral("lxd")});
    if (r.code != 0)
        return {};
    const QString uuid = status(name)[QStringLiteral("model")][QStringLiteral("uuid")].toString();
    m_models << uuid;
    return uuid;
}

void TestLxd::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QProcess setup;
    setup.start(QStringLiteral(SOURCE_DIR "/scripts/setup-lxd"), {});
    QVERIFY(setup.waitForFinished(600'000));
    const QString err = QString::fromUtf8(setup.readAllStandardError());
    if (setup.exitCode() == 77)
        QSKIP(qPrintable(QStringLiteral("LXD cannot run on this machine: ") + err.trimmed()));
    QVERIFY2(setup.exitCode() == 0, qPrintable(err));
    const QStringList lines =
        QString::fromUtf8(setup.readAllStandardOutput()).split(u'\n', Qt::SkipEmptyParts);
    QVERIFY(!lines.isEmpty());
    QStringList words = lines.last().split(u' ', Qt::SkipEmptyParts);
    QCOMPARE(words.value(0), QStringLiteral("berthctl"));
    words.removeFirst();
    m_addCloud = words;
    const ProcessResult added = berthctl(m_addCloud);
    QVERIFY2(added.code == 0, qPrintable(added.err));
    // The secrets are kept out of the model store.
    QFile store(m_dir.filePath(QStringLiteral("berth.sqlite")));
    QVERIFY(store.open(QIODevice::ReadOnly));
    QVERIFY(!store.readAll().contains("PRIVATE KEY"));
}

void TestLxd::cleanupTestCase()
{
    for (const QString &uuid : std::as_const(m_models)) {
        const QStringList names = containersOf(uuid).keys();
        if (!names.isEmpty())
            lxc(QStringList{QStringLiteral("delete"), QStringLiteral("--force")} + names);
    }
}

void TestLxd::changedCertificateIsRefused()
{
    QStringList args = m_addCloud;
    args[1] = QStringLiteral("lxd-other");
    const qsizetype fp = args.indexOf(QStringLiteral("--accept-fingerprint")) + 1;
    QVERIFY(fp > 0);
    args[fp] = QString(64, u'a');
    const ProcessResult refused = berthctl(args);
    QCOMPARE(refused.code, 1);
    QVERIFY2(refused.err.contains(QStringLiteral("presented a different certificate")),
             qPrintable(refused.err));
    QCOMPARE(refused.err.trimmed().count(u'\n'), 0); // one line
    // Without a pin, the fingerprint to check is shown and nothing is added.
    args.remove(fp - 1, 2);
    const ProcessResult unpinned = berthctl(args);
    QCOMPARE(unpinned.code, 1);
    QVERIFY2(unpinned.err.contains(m_addCloud.at(fp)), qPrintable(unpinned.err));
    const ProcessResult clouds = berthctl({QStringLiteral("clouds")});
    QVERIFY(!clouds.out.contains(QStringLiteral("lxd-other")));
}

void TestLxd::deployStartsLimitedTaggedContainers()
{
    const QString uuid = addModel(QStringLiteral("lxd-deploy"));
    QVERIFY(!uuid.isEmpty());
    QCOMPARE(berthctl({QStringLiteral("deploy"), QStringLiteral("web"), QStringLiteral("-n"),
                       QStringLiteral("3"), QStringLiteral("--constraints"),
                       QStringLiteral("mem=256M cores=1")})
                 .code,
             0);
    const ProcessResult provision =
        berthctl({QStringLiteral("provision"), QStringLiteral("--until-idle"),
                  QStringLiteral("--timeout"), QStringLiteral("240")});
    QVERIFY2(provision.code == 0, qPrintable(provision.out + provision.err));

    const QMap<QString, QJsonObject> containers = containersOf(uuid);
    QCOMPARE(containers.size(), 3);
    const QJsonObject machines =
        status(QStringLiteral("lxd-deploy"))[QStringLiteral("machines")].toObject();
    QSet<QString> machineIds;
    for (const QJsonObject &c : containers) {
        const QJsonObject config = c[QStringLiteral("config")].toObject();
        QCOMPARE(c[QStringLiteral("status")].toString(), QStringLiteral("Running"));
        QCOMPARE(config[QStringLiteral("limits.memory")].toString(), QStringLiteral("256MiB"));
        QCOMPARE(config[QStringLiteral("limits.cpu")].toString(), QStringLiteral("1"));
        const QString machine = config[QStringLiteral("user.berth-machine-id")].toString();
        machineIds.insert(machine);
        QVERIFY(!config[QStringLiteral("user.berth-nonce")].toString().isEmpty());
        QVERIFY(config[QStringLiteral("user.berth-units")].toString().startsWith(
            QStringLiteral("web/")));
        // The model records the container and the hardware LXD reports for it.
        const QJsonObject m = machines[machine].toObject();
        QCOMPARE(m[QStringLiteral("instance-id")].toString(), c[QStringLiteral("name")].toString());
        QVERIFY2(m[QStringLiteral("hardware")].toString().contains(QStringLiteral("cores=1")),
                 qPrintable(m[QStringLiteral("hardware")].toString()));
        QVERIFY(m[QStringLiteral("hardware")].toString().contains(QStringLiteral("mem=256M")));
    }
    QCOMPARE(machineIds,
             (QSet<QString>{QStringLiteral("0"), QStringLiteral("1"), QStringLiteral("2")}));
}

void TestLxd::removingMachinesDeletesContainers()
{
    const QString uuid = m_models.value(0);
    QVERIFY(!uuid.isEmpty());
    QCOMPARE(containersOf(uuid).size(), 3);
    // A removal in the deploy model, then the provisioner's pass over it.
    const auto removeThenProvision = [&](const QString &command, const QString &what) {
        const QString model = QStringLiteral("lxd-deploy");
        return berthctl({QStringLiteral("-m"), model, command, what}).code == 0 &&
               berthctl({QStringLiteral("-m"), model, QStringLiteral("provision"),
                         QStringLiteral("--until-idle")})
                       .code == 0;
    };
    QVERIFY(removeThenProvision(QStringLiteral("remove-unit"), QStringLiteral("web/1")));
    const QMap<QString, QJsonObject> left = containersOf(uuid);
    QCOMPARE(left.size(), 2);
    for (const QJsonObject &c : left)
        QVERIFY(c[QStringLiteral("config")][QStringLiteral("user.berth-machine-id")].toString() !=
                u"1");
    QVERIFY(removeThenProvision(QStringLiteral("remove-application"), QStringLiteral("web")));
    QVERIFY(containersOf(uuid).isEmpty());
}

void TestLxd::strayContainersFollowHarvestMode()
{
    const QString uuid = addModel(QStringLiteral("lxd-harvest"));
    QVERIFY(!uuid.isEmpty());
    const QString stray = QStringLiteral("stray-") + uuid.left(8);
    const ProcessResult launched =
        lxc({QStringLiteral("launch"), QStringLiteral("ubuntu/22.04"), stray, QStringLiteral("-c"),
             QStringLiteral("user.berth-model-uuid=") + uuid, QStringLiteral("-c"),
             QStringLiteral("user.berth-machine-id=77")});
    QVERIFY2(launched.code == 0, qPrintable(launched.err));

    // The default (destroyed) leaves an unknown instance alone.
    ProcessResult pass = berthctl({QStringLiteral("provision"), QStringLiteral("--until-idle")});
    QCOMPARE(pass.code, 0);
    QVERIFY2(pass.out.contains(QStringLiteral("leaving stray instance ") + stray),
             qPrintable(pass.out));
    QVERIFY(containersOf(uuid).contains(stray));

    QCOMPARE(
        berthctl({QStringLiteral("model-config"), QStringLiteral("harvest-mode=unknown")}).code, 0);
    pass = berthctl({QStringLiteral("provision"), QStringLiteral("--until-idle")});
    QCOMPARE(pass.code, 0);
    QVERIFY(containersOf(uuid).isEmpty());
    QCOMPARE(lxc({QStringLiteral("info"), stray}).code, 1); // gone from LXD
}

void TestLxd::missingImageIsShownOnTheMachine()
{
    QVERIFY(!addModel(QStringLiteral("lxd-image")).isEmpty());
    QCOMPARE(berthctl({QStringLiteral("add-machine"), QStringLiteral("--base"),
                       QStringLiteral("centos@7")})
                 .code,
             0);
    // Idle, with a machine in error: provision says so with its exit code.
    QCOMPARE(berthctl({QStringLiteral("provision"), QStringLiteral("--until-idle")}).code, 1);
    const QJsonObject m =
        status(QStringLiteral("lxd-image"))[QStringLiteral("machines")][QStringLiteral("0")]
            .toObject();
    // Not retried (it cannot work anywhere): in error at once, with LXD's reason.
    QCOMPARE(m[QStringLiteral("machine-status")][QStringLiteral("current")].toString(),
             QStringLiteral("error"));
    const QString message =
        m[QStringLiteral("instance-status")][QStringLiteral("message")].toString();
    QVERIFY2(message.contains(QStringLiteral("centos/7")) &&
                 message.contains(QStringLiteral("not found")),
             qPrintable(message));
}

void TestLxd::zoneIsTheServer()
{
    const ProcessResult cloud = berthctl({QStringLiteral("show-cloud"), QStringLiteral("lxd"),
                                          QStringLiteral("--format"), QStringLiteral("json")});
    const QJsonArray zones =
        QJsonDocument::fromJson(cloud.out.toUtf8())
            .object()[QStringLiteral("regions")][QStringLiteral("default")][QStringLiteral("zones")]
            .toArray();
    QCOMPARE(zones.size(), 1); // one daemon: one zone, named after it
    const QString zone = zones.first()[QStringLiteral("name")].toString();
    QVERIFY(!zone.isEmpty());
    QVERIFY(!addModel(QStringLiteral("lxd-zone")).isEmpty());
    const ProcessResult bad =
        berthctl({QStringLiteral("add-machine"), QStringLiteral("--constraints"),
                  QStringLiteral("zones=nowhere")});
    QCOMPARE(bad.code, 1);
    QVERIFY2(bad.err.contains(zone), qPrintable(bad.err)); // says which zones there are
    const ProcessResult unsupported =
        berthctl({QStringLiteral("add-machine"), QStringLiteral("--constraints"),
                  QStringLiteral("zones=") + zone + QStringLiteral(" cpu-power=100")});
    QCOMPARE(unsupported.code, 0);
    QVERIFY2(unsupported.err.contains(QStringLiteral("cpu-power")), qPrintable(unsupported.err));
    QCOMPARE(berthctl({QStringLiteral("provision"), QStringLiteral("--until-idle")}).code, 0);
    const QJsonObject m =
        status(QStringLiteral("lxd-zone"))[QStringLiteral("machines")][QStringLiteral("0")]
            .toObject();
    QCOMPARE(m[QStringLiteral("zone")].toString(), zone);
    QCOMPARE(containersOf(m_models.last()).size(), 1);
}

void TestLxd::killedProvisionerLeavesNoDuplicate()
{
    const QString uuid = addModel(QStringLiteral("lxd-kill"));
    QVERIFY(!uuid.isEmpty());
    QCOMPARE(berthctl({QStringLiteral("deploy"), QStringLiteral("app"), QStringLiteral("-n"),
                       QStringLiteral("6")})
                 .code,
             0);
    const quint32 seed = QRandomGenerator::global()->generate();
    qInfo("kill moments drawn with seed %u", seed);
    QRandomGenerator random(seed);
    for (int round = 0; round < 4; ++round) {
        QProcess provisioner;
        provisioner.setProcessEnvironment(environment());
        provisioner.start(QStringLiteral(BERTHCTL_PATH), {QStringLiteral("provision")});
        QVERIFY(provisioner.waitForStarted());
        QThread::msleep(random.bounded(30, 700));
        provisioner.kill(); // SIGKILL, mid-provisioning
        QVERIFY(provisioner.waitForFinished());
        QCOMPARE(berthctl({QStringLiteral("add-unit"), QStringLiteral("app")}).code, 0);
    }
    const ProcessResult last =
        berthctl({QStringLiteral("provision"), QStringLiteral("--until-idle"),
                  QStringLiteral("--timeout"), QStringLiteral("240")});
    QVERIFY2(last.code == 0, qPrintable(last.out + last.err));

    const QJsonObject machines =
        status(QStringLiteral("lxd-kill"))[QStringLiteral("machines")].toObject();
    QCOMPARE(machines.size(), 10);
    const QMap<QString, QJsonObject> containers = containersOf(uuid);
    QMap<QString, int> perMachine;
    for (const QJsonObject &c : containers) {
        ++perMachine[c[QStringLiteral("config")][QStringLiteral("user.berth-machine-id")]
                         .toString()];
        QCOMPARE(c[QStringLiteral("status")].toString(), QStringLiteral("Running"));
    }
    QCOMPARE(containers.size(), machines.size()); // instances == machines
    for (auto it = machines.begin(); it != machines.end(); ++it) {
        QCOMPARE(perMachine.value(it.key()), 1);
        QVERIFY(containers.contains(it.value()[QStringLiteral("instance-id")].toString()));
    }
}

QTEST_GUILESS_MAIN(TestLxd)
#include "tst_lxd.moc"
