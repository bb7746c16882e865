// The window's side of an LXD account, on the live LXD of scripts/setup-lxd:
// the server certificate's fingerprint is shown on first use and pinned only
// when accepted; certificates and keys come from files into the secrets.
#include "accountsdialog.h"
#include "filesecretstore.h"
#include "testsupport.h"

#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QListWidget>
#include <QProcess>
#include <QTest>

class TestLxdAccounts : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void firstUseShowsTheFingerprintAndPinsItWhenAccepted();

private:
    QString m_endpoint;
    QString m_cert;
    QString m_key;
    QString m_fingerprint; // as setup-lxd read it off the server's certificate
};

void TestLxdAccounts::initTestCase()
{
    QProcess setup;
    setup.start(QStringLiteral(SOURCE_DIR "/scripts/setup-lxd"), {});
    QVERIFY(setup.waitForFinished(600'000));
    if (setup.exitCode() == 77)
        QSKIP("LXD cannot run on this machine (scripts/setup-lxd said why)");
    QCOMPARE(setup.exitCode(), 0);
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

void TestLxdAccounts::firstUseShowsTheFingerprintAndPinsItWhenAccepted()
{
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
    QVERIFY(!dialog.save());
    QCOMPARE(shown, QStringList{m_fingerprint});
    QVERIFY(dialog.message().contains(QStringLiteral("not accepted")));
    QCOMPARE(dialog.accounts()->count(), 1);
    QCOMPARE(secrets.read(QStringLiteral("lab-lxd"), QStringLiteral("server-fingerprint")),
             std::nullopt);

    // Accepted: saved, with the fingerprint pinned among the secrets.
    dialog.setFingerprintCheck([&](const QString &endpoint, const QString &fingerprint) {
        shown << fingerprint;
        return endpoint == m_endpoint;
    });
    fillIn();
    QVERIFY2(dialog.save(), qPrintable(dialog.message()));
    QCOMPARE(dialog.accounts()->count(), 2);
    QCOMPARE(secrets.read(QStringLiteral("lab-lxd"), QStringLiteral("server-fingerprint")),
             m_fingerprint);
    QCOMPARE(secrets.read(QStringLiteral("lab-lxd"), QStringLiteral("client-key")), read(m_key));

    // From now on the pin is known: editing the account asks nothing.
    shown.clear();
    dialog.selectAccount(QStringLiteral("lab-lxd"));
    QVERIFY(dialog.save());
    QVERIFY(shown.isEmpty());
}

QTEST_MAIN(TestLxdAccounts)
#include "tst_lxdaccounts.moc"
