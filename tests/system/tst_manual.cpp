// The manual provider against a real sshd on loopback (scripts/test-sshd, with
// generated host and user keys), through berthctl: host keys checked as ssh
// does, the host's hardware and base recorded, and a removed machine
// forgotten without touching the host.
#include "providers/manual/sshhostprobe.h"
#include "tests/testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace berth;

class TestManual : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void factsAreReadFromTheProbe();
    void unknownHostKeyNeedsAcceptance();
    void acceptedHostIsRecordedWithItsHardware();
    void removedHostIsNotTouched();
    void changedHostKeyIsRefused();
    void unreachableOrUnauthorisedHostsChangeNothing();

private:
    ProcessResult berthctl(const QStringList &args, const QString &home = {});
    static QString shell(const QString &command);
    QJsonObject machines();
    QString target() const { return QStringLiteral("ssh:root@127.0.0.1:%1").arg(m_port); }
    QString startSshd(const QString &port = {});

    QTemporaryDir m_dir;
    QString m_sshd; // the sshd's directory
    QString m_port;
    QString m_fingerprint;
};

ProcessResult TestManual::berthctl(const QStringList &args, const QString &home)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("BERTH_DB"), m_dir.filePath(QStringLiteral("berth.sqlite")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("data")));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("HOME"), home.isEmpty() ? m_sshd + QStringLiteral("/home") : home);
    env.remove(QStringLiteral("SSH_AUTH_SOCK")); // only the generated key
    return runProgram(QStringLiteral(BERTHCTL_PATH), args, env, 120'000);
}

QString TestManual::shell(const QString &command)
{
    QProcess process;
    process.start(QStringLiteral("sh"), {QStringLiteral("-c"), command});
    process.waitForFinished(60'000);
    return QString::fromUtf8(process.readAllStandardOutput()).trimmed();
}

QJsonObject TestManual::machines()
{
    const ProcessResult r =
        berthctl({QStringLiteral("status"), QStringLiteral("--format"), QStringLiteral("json")});
    return QJsonDocument::fromJson(r.out.toUtf8()).object()[QStringLiteral("machines")].toObject();
}

QString TestManual::startSshd(const QString &port)
{
    QProcess setup;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (!port.isEmpty())
        env.insert(QStringLiteral("BERTH_SSHD_PORT"), port);
    setup.setProcessEnvironment(env);
    setup.start(QStringLiteral(SOURCE_DIR "/scripts/test-sshd"), {m_sshd});
    if (!setup.waitForFinished(300'000))
        return {};
    if (setup.exitCode() == 77)
        return QStringLiteral("skip: ") + QString::fromUtf8(setup.readAllStandardError()).trimmed();
    if (setup.exitCode() != 0)
        return {};
    return QString::fromUtf8(setup.readAllStandardOutput()).trimmed();
}

void TestManual::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_sshd = m_dir.filePath(QStringLiteral("sshd"));
    m_port = startSshd();
    if (m_port.startsWith(QStringLiteral("skip: ")))
        QSKIP(qPrintable(QStringLiteral("sshd cannot run here: ") + m_port.mid(6)));
    QVERIFY2(!m_port.isEmpty(), "scripts/test-sshd failed");
    // What the host's administrator would read off the host itself.
    m_fingerprint =
        shell(QStringLiteral("ssh-keygen -lf '%1/host_key.pub' | cut -d' ' -f2").arg(m_sshd));
    QVERIFY(m_fingerprint.startsWith(QStringLiteral("SHA256:")));
}

void TestManual::cleanupTestCase()
{
    if (!m_sshd.isEmpty())
        QProcess::execute(QStringLiteral(SOURCE_DIR "/scripts/test-sshd"),
                          {m_sshd, QStringLiteral("stop")});
}

void TestManual::factsAreReadFromTheProbe()
{
    HostFacts facts;
    const QString output = QStringLiteral("arch=aarch64\ncores=4\nmem-kib=8038400\n"
                                          "disk-kib=30832548\nhostname=pi\nos-NAME=\"Ubuntu\"\n"
                                          "os-ID=ubuntu\nos-VERSION_ID=\"22.04\"\n");
    QCOMPARE(SshHostProbe::parseFacts(output, &facts), QString());
    QCOMPARE(facts.arch, QStringLiteral("arm64"));
    QCOMPARE(facts.base, QStringLiteral("ubuntu@22.04"));
    QCOMPARE(facts.hardware(), QStringLiteral("arch=arm64 cores=4 mem=7850M root-disk=30109M"));
    HostFacts partial;
    const QString problem = SshHostProbe::parseFacts(QStringLiteral("arch=x86_64\n"), &partial);
    QVERIFY2(problem.contains(QStringLiteral("os-release")), qPrintable(problem));
}

void TestManual::unknownHostKeyNeedsAcceptance()
{
    const ProcessResult first = berthctl({QStringLiteral("add-machine"), target()});
    QCOMPARE(first.code, 1);
    QVERIFY2(first.err.contains(m_fingerprint), qPrintable(first.err));
    QVERIFY(first.err.contains(QStringLiteral("--accept-host-key")));
    const ProcessResult wrong =
        berthctl({QStringLiteral("add-machine"), target(), QStringLiteral("--accept-host-key"),
                  QStringLiteral("SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")});
    QCOMPARE(wrong.code, 1);
    QVERIFY2(wrong.err.contains(QStringLiteral("not the")), qPrintable(wrong.err));
    QVERIFY(machines().isEmpty()); // nothing written
    QVERIFY(!QFile::exists(m_sshd + QStringLiteral("/home/.ssh/known_hosts")));
}

void TestManual::acceptedHostIsRecordedWithItsHardware()
{
    const ProcessResult added = berthctl({QStringLiteral("add-machine"), target(),
                                          QStringLiteral("--accept-host-key"), m_fingerprint});
    QVERIFY2(added.code == 0, qPrintable(added.err));
    // Known from now on, as with ssh.
    QVERIFY(shell(QStringLiteral("cat '%1/home/.ssh/known_hosts'").arg(m_sshd))
                .contains(QStringLiteral("[127.0.0.1]:") + m_port));

    const QJsonObject m = machines()[QStringLiteral("0")].toObject();
    QCOMPARE(m[QStringLiteral("machine-status")][QStringLiteral("current")].toString(),
             QStringLiteral("started"));
    QCOMPARE(m[QStringLiteral("instance-id")].toString(),
             QStringLiteral("manual:127.0.0.1:") + m_port);
    // The host is this machine: its facts, read here independently.
    const QString hardware = m[QStringLiteral("hardware")].toString();
    QVERIFY2(hardware.contains(QStringLiteral("cores=") + shell(QStringLiteral("nproc"))),
             qPrintable(hardware));
    const QString arch = shell(QStringLiteral("uname -m")) == u"x86_64"
                             ? QStringLiteral("amd64")
                             : shell(QStringLiteral("uname -m"));
    QVERIFY2(hardware.startsWith(QStringLiteral("arch=") + arch), qPrintable(hardware));
    QVERIFY(hardware.contains(QStringLiteral("mem=")) &&
            hardware.contains(QStringLiteral("root-disk=")));
    const QString base = shell(QStringLiteral(". /etc/os-release && echo \"$ID@$VERSION_ID\""));
    QCOMPARE(m[QStringLiteral("base")].toString(), base);

    // Units go onto it like onto any machine; a second enlistment is refused.
    QCOMPARE(berthctl({QStringLiteral("deploy"), QStringLiteral("app"), QStringLiteral("--base"),
                       base, QStringLiteral("--to"), QStringLiteral("0")})
                 .code,
             0);
    const ProcessResult again = berthctl({QStringLiteral("add-machine"), target()});
    QCOMPARE(again.code, 1);
    QVERIFY2(again.err.contains(QStringLiteral("already machine 0")), qPrintable(again.err));
    const ProcessResult otherBase =
        berthctl({QStringLiteral("add-machine"), QStringLiteral("ssh:127.0.0.1:") + m_port,
                  QStringLiteral("--base"), QStringLiteral("centos@9")});
    QCOMPARE(otherBase.code, 1);
    // The enlisted host is in the audit trail (its probe ran outside any
    // transaction, its line after it); the refusals are not.
    const ProcessResult log =
        berthctl({QStringLiteral("log"), QStringLiteral("--grep"), QStringLiteral("machine"),
                  QStringLiteral("--format"), QStringLiteral("json")});
    const QJsonArray lines = QJsonDocument::fromJson(log.out.toUtf8()).array();
    QCOMPARE(lines.size(), 1);
    QCOMPARE(lines.first()[QStringLiteral("description")].toString(),
             QStringLiteral("add 1 machine(s), to ") + target());
}

void TestManual::removedHostIsNotTouched()
{
    const auto sessions = [&] {
        return shell(
            QStringLiteral("grep -c 'Accepted publickey' '%1/sshd.log' || true").arg(m_sshd));
    };
    const QString before = sessions();
    const ProcessResult removed = berthctl(
        {QStringLiteral("remove-machine"), QStringLiteral("0"), QStringLiteral("--force")});
    QCOMPARE(removed.code, 0);
    // Said as it is: the host is forgotten, not stopped.
    QVERIFY2(removed.out.contains(QStringLiteral("machine 0 marked dead; the provisioner forgets "
                                                 "host ")),
             qPrintable(removed.out));
    QVERIFY2(!removed.out.contains(QStringLiteral("stopped")), qPrintable(removed.out));
    const ProcessResult pass =
        berthctl({QStringLiteral("provision"), QStringLiteral("--until-idle")});
    QCOMPARE(pass.code, 0);
    QVERIFY2(pass.out.contains(QStringLiteral("machine 0: removed")), qPrintable(pass.out));
    QVERIFY2(!pass.out.contains(QStringLiteral("stopped")), qPrintable(pass.out));
    QVERIFY(machines().isEmpty());
    QCOMPARE(sessions(), before); // no login to the host to remove it
}

void TestManual::changedHostKeyIsRefused()
{
    QProcess::execute(QStringLiteral(SOURCE_DIR "/scripts/test-sshd"),
                      {m_sshd, QStringLiteral("stop")});
    QFile::remove(m_sshd + QStringLiteral("/host_key"));
    QFile::remove(m_sshd + QStringLiteral("/host_key.pub"));
    QCOMPARE(startSshd(m_port), m_port);
    const ProcessResult refused = berthctl({QStringLiteral("add-machine"), target(),
                                            QStringLiteral("--accept-host-key"), m_fingerprint});
    QCOMPARE(refused.code, 1);
    QVERIFY2(refused.err.contains(QStringLiteral("host key has changed")), qPrintable(refused.err));
    // On a port other than 22, known_hosts and so ssh-keygen -R name the host "[host]:port".
    QVERIFY2(refused.err.contains(QStringLiteral("ssh-keygen -R '[127.0.0.1]:%1'").arg(m_port)),
             qPrintable(refused.err));
    QVERIFY(machines().isEmpty());
}

void TestManual::unreachableOrUnauthorisedHostsChangeNothing()
{
    const ProcessResult closed =
        berthctl({QStringLiteral("add-machine"), QStringLiteral("ssh:127.0.0.1:1")});
    QCOMPARE(closed.code, 1);
    QVERIFY2(closed.err.contains(QStringLiteral("cannot connect")), qPrintable(closed.err));
    QCOMPARE(closed.err.trimmed().count(u'\n'), 0);

    // A user with no authorised key, but who knows the (new) host key.
    QTemporaryDir stranger;
    const QString fingerprint =
        shell(QStringLiteral("ssh-keygen -lf '%1/host_key.pub' | cut -d' ' -f2").arg(m_sshd));
    const ProcessResult refused = berthctl(
        {QStringLiteral("add-machine"), target(), QStringLiteral("--accept-host-key"), fingerprint},
        stranger.path());
    QCOMPARE(refused.code, 1);
    QVERIFY2(refused.err.contains(QStringLiteral("refused Berth's keys")), qPrintable(refused.err));
    QVERIFY(machines().isEmpty());
}

QTEST_GUILESS_MAIN(TestManual)
#include "tst_manual.moc"
