// The window's side of real providers. An LXD account, on the live LXD of
// scripts/setup-lxd: the server certificate's fingerprint is shown on first
// use and pinned only when accepted. An existing host, on the sshd of
// scripts/test-sshd: its unknown host key is shown and accepted in the
// add-machine dialog, and the host recorded with its hardware. An OpenStack
// account with an application credential, on the two-region OpenStack of
// scripts/setup-openstack: saved only when Keystone accepts it, then tested.
#include "keychain/filesecretstore.h"
#include "tests/testsupport.h"
#include "tests/ui/dialogtesting.h"
#include "ui/accountsdialog.h"
#include "ui/addmachinedialog.h"

#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QListWidget>
#include <QProcess>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>

using namespace berth;

class TestProviderDialogs : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void firstUseShowsTheFingerprintAndPinsItWhenAccepted();
    void existingHostKeyIsShownAndAccepted();
    void openStackAccountIsCheckedByKeystone();

private:
    bool m_lxd = false;
    QString m_endpoint;
    QString m_cert;
    QString m_key;
    QString m_fingerprint; // as setup-lxd read it off the server's certificate
    QString m_whyNoLxd;
};

void TestProviderDialogs::initTestCase()
{
    QProcess setup;
    setup.start(QStringLiteral(SOURCE_DIR "/scripts/setup-lxd"), {});
    QVERIFY(setup.waitForFinished(600'000));
    if (setup.exitCode() == 77) {
        m_whyNoLxd = QString::fromUtf8(setup.readAllStandardError()).trimmed();
        return; // the LXD case skips itself, saying why
    }
    QCOMPARE(setup.exitCode(), 0);
    m_lxd = true;
    const QStringList words =
        QString::fromUtf8(setup.readAllStandardOutput()).trimmed().split(u'\n').last().split(u' ');
    const auto after = [&](const QString &option) {
        return words.value(words.indexOf(option) + 1);
    };
    m_endpoint = after(QStringLiteral("--endpoint"));
    m_cert = after(QStringLiteral("--client-cert"));
    m_key = after(QStringLiteral("--client-key"));
    m_fingerprint = after(QStringLiteral("--accept-fingerprint"));
    QVERIFY(m_endpoint.startsWith(QStringLiteral("https://")));
}

void TestProviderDialogs::firstUseShowsTheFingerprintAndPinsItWhenAccepted()
{
    if (!m_lxd)
        QSKIP(qPrintable(QStringLiteral("LXD cannot run on this machine: ") + m_whyNoLxd));
    TestWorkspace t;
    FileSecretStore secrets(t.dir.filePath(QStringLiteral("secrets.json")));
    AccountsDialog dialog(*t.store, t.types, secrets);
    const auto read = [](const QString &path) {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
    };
    const auto fillIn = [&] {
        dialog.newAccount();
        dialog.nameEdit()->setText(QStringLiteral("lab-lxd"));
        dialog.typeBox()->setCurrentText(QStringLiteral("lxd"));
        dialog.typeBox()->activated(dialog.typeBox()->currentIndex());
        dialog.endpointEdit()->setText(m_endpoint);
        dialog.secretEdit(QStringLiteral("client-cert"))->setText(read(m_cert));
        dialog.secretEdit(QStringLiteral("client-key"))->setText(read(m_key));
    };
    QStringList shown;

    // Declined: nothing saved, nothing pinned.
    dialog.setFingerprintCheck([&](const QString &, const QString &fingerprint) {
        shown << fingerprint;
        return false;
    });
    fillIn();
    QVERIFY(!saved(dialog));
    QCOMPARE(shown, QStringList{m_fingerprint});
    QVERIFY(dialog.message().contains(QStringLiteral("not accepted")));
    QCOMPARE(dialog.accounts()->count(), 1);
    QCOMPARE(secrets.read(QStringLiteral("lab-lxd"), QStringLiteral("server-fingerprint")),
             std::optional<QByteArray>());

    // Accepted: saved, with the fingerprint pinned among the secrets.
    dialog.setFingerprintCheck([&](const QString &endpoint, const QString &fingerprint) {
        shown << fingerprint;
        return endpoint == m_endpoint;
    });
    fillIn();
    QVERIFY2(saved(dialog), qPrintable(dialog.message()));
    QCOMPARE(dialog.accounts()->count(), 2);
    QCOMPARE(secrets.read(QStringLiteral("lab-lxd"), QStringLiteral("server-fingerprint")),
             std::optional(m_fingerprint.toUtf8()));
    QCOMPARE(secrets.read(QStringLiteral("lab-lxd"), QStringLiteral("client-key")),
             std::optional(read(m_key).toUtf8()));

    // From now on the pin is known: editing the account asks nothing.
    shown.clear();
    dialog.selectAccount(QStringLiteral("lab-lxd"));
    QVERIFY(saved(dialog));
    QVERIFY(shown.isEmpty());
}

void TestProviderDialogs::existingHostKeyIsShownAndAccepted()
{
    TestWorkspace t;
    const QString sshd = t.dir.filePath(QStringLiteral("sshd"));
    QProcess start;
    start.start(QStringLiteral(SOURCE_DIR "/scripts/test-sshd"), {sshd});
    QVERIFY(start.waitForFinished(300'000));
    if (start.exitCode() == 77)
        QSKIP(qPrintable(QStringLiteral("sshd cannot run on this machine: ") +
                         QString::fromUtf8(start.readAllStandardError()).trimmed()));
    QCOMPARE(start.exitCode(), 0);
    const QString port = QString::fromUtf8(start.readAllStandardOutput()).trimmed();
    const auto stop = qScopeGuard([&] {
        QProcess::execute(QStringLiteral(SOURCE_DIR "/scripts/test-sshd"),
                          {sshd, QStringLiteral("stop")});
    });
    qputenv("HOME", QFile::encodeName(sshd + QStringLiteral("/home")));
    qunsetenv("SSH_AUTH_SOCK");
    QProcess keygen;
    keygen.start(QStringLiteral("ssh-keygen"),
                 {QStringLiteral("-lf"), sshd + QStringLiteral("/host_key.pub")});
    QVERIFY(keygen.waitForFinished());
    const QString fingerprint =
        QString::fromUtf8(keygen.readAllStandardOutput()).section(u' ', 1, 1);
    QVERIFY(fingerprint.startsWith(QStringLiteral("SHA256:")));

    const QString model = QStringLiteral("default");
    QStringList shown;
    const auto tryAdd = [&](bool accept) {
        AddMachineDialog dialog(t.ws(), model, t.types.hostProbe());
        dialog.setHostKeyCheck([&](const QString &host, const QString &fp) {
            shown << host + u' ' + fp;
            return accept;
        });
        dialog.placement->setText(QStringLiteral("ssh:root@127.0.0.1:") + port);
        dialog.base->setCurrentText(QString());
        QSignalSpy applied(&dialog, &AddMachineDialog::applied);
        dialog.accept();
        if (applied.isEmpty())
            applied.wait(120'000); // the host is probed off the window's thread
        return dialog.result() == QDialog::Accepted ? QString() : dialog.shownMessage();
    };
    QVERIFY(tryAdd(false).contains(QStringLiteral("not accepted")));
    QCOMPARE(shown, QStringList{QStringLiteral("127.0.0.1 ") + fingerprint});
    QVERIFY(t.ws().snapshot(model).machines.isEmpty());

    QCOMPARE(tryAdd(true), QString());
    const ModelSnapshot s = t.ws().snapshot(model);
    QCOMPARE(s.machines.size(), 1);
    QCOMPARE(MachineState::text(s.machines.first().state.status), QStringLiteral("started"));
    QVERIFY(s.machines.first().hardware.contains(QStringLiteral("cores=")));
}

void TestProviderDialogs::openStackAccountIsCheckedByKeystone()
{
    QProcess setup;
    setup.start(QStringLiteral(SOURCE_DIR "/scripts/setup-openstack"), {});
    QVERIFY(setup.waitForFinished(1'800'000));
    if (setup.exitCode() == 77)
        QSKIP(qPrintable(QStringLiteral("OpenStack cannot run on this machine: ") +
                         QString::fromUtf8(setup.readAllStandardError()).trimmed()));
    QCOMPARE(setup.exitCode(), 0);
    const QStringList words =
        QString::fromUtf8(setup.readAllStandardOutput()).trimmed().split(u'\n').last().split(u' ');
    const auto after = [&](const QString &option) {
        return words.value(words.indexOf(option) + 1);
    };
    const QString credential = after(QStringLiteral("--config")).section(u'=', 1);
    QFile secretFile(after(QStringLiteral("--secret-file")).section(u'=', 1));
    QVERIFY(secretFile.open(QIODevice::ReadOnly));
    const QString secret = QString::fromUtf8(secretFile.readAll());

    TestWorkspace t;
    FileSecretStore secrets(t.dir.filePath(QStringLiteral("secrets.json")));
    AccountsDialog dialog(*t.store, t.types, secrets);
    QTableWidget *config = dialog.configTable();
    const auto fillIn = [&](const QString &typedSecret) {
        dialog.newAccount();
        dialog.nameEdit()->setText(QStringLiteral("lab-os"));
        dialog.typeBox()->setCurrentText(QStringLiteral("openstack"));
        dialog.typeBox()->activated(dialog.typeBox()->currentIndex());
        dialog.endpointEdit()->setText(after(QStringLiteral("--endpoint")));
        for (int row = 0; row < config->rowCount(); ++row) {
            if (config->item(row, 0)->text() == u"application-credential-id")
                config->item(row, 1)->setText(credential);
        }
        dialog.secretEdit(QStringLiteral("application-credential-secret"))->setText(typedSecret);
    };
    // The type's settings and secrets are offered.
    fillIn(QStringLiteral("not-the-secret"));
    QVERIFY(dialog.secretEdit(QStringLiteral("password")));
    QVERIFY(dialog.secretEdit(QStringLiteral("server-fingerprint")));
    // A secret Keystone refuses: Keystone's words, nothing saved.
    QVERIFY(!saved(dialog));
    QVERIFY2(dialog.message().contains(QStringLiteral("refused the application credential")),
             qPrintable(dialog.message()));
    QCOMPARE(dialog.accounts()->count(), 1);

    fillIn(secret);
    QVERIFY2(saved(dialog), qPrintable(dialog.message()));
    QCOMPARE(dialog.accounts()->count(), 2);
    QCOMPARE(
        secrets.read(QStringLiteral("lab-os"), QStringLiteral("application-credential-secret")),
        std::optional(secret.toUtf8()));
    QSignalSpy tested(&dialog, &AccountsDialog::testFinished);
    dialog.test();
    QVERIFY(tested.wait(60'000));
    QVERIFY2(tested.last().at(0).toBool(), qPrintable(tested.last().at(1).toString()));
    QVERIFY(tested.last().at(1).toString().startsWith(QStringLiteral("lab-os answered")));
}

QTEST_MAIN(TestProviderDialogs)
#include "tst_providerdialogs.moc"
