// Crash safety as a user would meet it: `berthctl provision` killed with
// SIGKILL at random moments, then run again to completion. The cloud must end
// with exactly one instance per machine: no duplicates, no strays.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

class TestProvisionKill : public QObject
{
    Q_OBJECT

private slots:
    void killedProvisionersLeaveNoDuplicatesOrStrays();

private:
    int run(const QStringList &args, QString *out = nullptr);
    QProcessEnvironment environment() const;
    QTemporaryDir m_dir;
};

QProcessEnvironment TestProvisionKill::environment() const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("BERTH_DB"), m_dir.filePath(QStringLiteral("berth.sqlite")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("data")));
    return env;
}

int TestProvisionKill::run(const QStringList &args, QString *out)
{
    QProcess process;
    process.setProcessEnvironment(environment());
    process.start(QStringLiteral(BERTHCTL_PATH), args);
    if (!process.waitForFinished(180'000))
        return -1;
    if (out)
        *out = QString::fromUtf8(process.readAllStandardOutput());
    if (process.exitCode() != 0)
        qWarning() << args << process.readAllStandardError();
    return process.exitCode();
}

void TestProvisionKill::killedProvisionersLeaveNoDuplicatesOrStrays()
{
    QCOMPARE(run({QStringLiteral("update-cloud"), QStringLiteral("sim"), QStringLiteral("--config"),
                  QStringLiteral("latency-ms=25")}),
             0);
    QCOMPARE(run({QStringLiteral("model-config"), QStringLiteral("provision-workers=6"),
                  QStringLiteral("retry-delay=10ms")}),
             0);
    QCOMPARE(run({QStringLiteral("deploy"), QStringLiteral("web"), QStringLiteral("-n"),
                  QStringLiteral("30")}),
             0);
    QCOMPARE(run({QStringLiteral("deploy"), QStringLiteral("db"), QStringLiteral("-n"),
                  QStringLiteral("4"), QStringLiteral("--to"), QStringLiteral("lxd,lxd,lxd,lxd")}),
             0);

    const quint32 seed = QRandomGenerator::global()->generate();
    qInfo("kill moments drawn with seed %u", seed);
    QRandomGenerator random(seed);
    for (int round = 0; round < 6; ++round) {
        QProcess provisioner;
        provisioner.setProcessEnvironment(environment());
        provisioner.start(QStringLiteral(BERTHCTL_PATH), {QStringLiteral("provision")});
        QVERIFY(provisioner.waitForStarted());
        QThread::msleep(random.bounded(40, 500));
        provisioner.kill(); // SIGKILL: no clean-up of any kind
        QVERIFY(provisioner.waitForFinished());
        // The model keeps changing between crashes.
        QCOMPARE(run({QStringLiteral("add-unit"), QStringLiteral("web"), QStringLiteral("-n"),
                      QStringLiteral("2")}),
                 0);
        QCOMPARE(run({QStringLiteral("remove-unit"), QStringLiteral("web/%1").arg(round * 3)}), 0);
    }
    QString log;
    QCOMPARE(run({QStringLiteral("provision"), QStringLiteral("--until-idle"),
                  QStringLiteral("--timeout"), QStringLiteral("120")},
                 &log),
             0);

    QString statusText;
    QCOMPARE(run({QStringLiteral("status"), QStringLiteral("--format"), QStringLiteral("json")},
                 &statusText),
             0);
    const QJsonObject status = QJsonDocument::fromJson(statusText.toUtf8()).object();
    const QString uuid = status[QStringLiteral("model")][QStringLiteral("uuid")].toString();
    QMap<QString, QString> machineInstance; // machine -> instance id
    std::function<void(const QJsonObject &)> collect = [&](const QJsonObject &machines) {
        for (auto it = machines.begin(); it != machines.end(); ++it) {
            const QJsonObject m = it.value().toObject();
            machineInstance.insert(it.key(), m[QStringLiteral("instance-id")].toString());
            QCOMPARE(m[QStringLiteral("life")].toString(), QStringLiteral("alive"));
            collect(m[QStringLiteral("containers")].toObject());
        }
    };
    collect(status[QStringLiteral("machines")].toObject());
    QCOMPARE(machineInstance.size(), 30 + 4 + 4 + 12 - 6); // web, db hosts and containers

    QString instancesText;
    QCOMPARE(run({QStringLiteral("instances"), QStringLiteral("sim"), QStringLiteral("--format"),
                  QStringLiteral("json")},
                 &instancesText),
             0);
    const QJsonArray instances = QJsonDocument::fromJson(instancesText.toUtf8()).array();
    QSet<QString> seenMachines;
    for (const QJsonValue &value : instances) {
        const QJsonObject tags = value[QStringLiteral("tags")].toObject();
        QCOMPARE(tags[QStringLiteral("berth-model-uuid")].toString(), uuid);
        const QString machine = tags[QStringLiteral("berth-machine-id")].toString();
        QVERIFY2(!seenMachines.contains(machine),
                 qPrintable(QStringLiteral("duplicate for ") + machine));
        seenMachines.insert(machine);
        QVERIFY2(machineInstance.contains(machine),
                 qPrintable(QStringLiteral("stray for ") + machine));
        QCOMPARE(machineInstance.value(machine), value[QStringLiteral("id")].toString());
    }
    QCOMPARE(instances.size(), machineInstance.size());
}

QTEST_GUILESS_MAIN(TestProvisionKill)
#include "tst_provisionkill.moc"
