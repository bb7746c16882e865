#include "core/berthmodule.h"
#include "core/store/cloudaccounts.h"
#include "keychain/filesecretstore.h"
#include "keychain/keychainsecretstore.h"
#include "tests/testsupport.h"

#include <QCryptographicHash>
#include <QFile>
#include <QTest>

using namespace berth;

namespace {

QString sha256(const QByteArray &text)
{
    return QString::fromLatin1(QCryptographicHash::hash(text, QCryptographicHash::Sha256).toHex());
}

// A file store that counts what it is asked.
class CountingSecretStore final : public SecretStore
{
public:
    explicit CountingSecretStore(const QString &path)
        : m_file(path)
    {}
    QString backend() const override { return m_file.backend(); }
    std::optional<QByteArray> read(const QString &account, const QString &key) override
    {
        ++reads;
        return m_file.read(account, key);
    }
    void write(const QString &account, const QString &key, const QByteArray &value) override
    {
        m_file.write(account, key, value);
    }
    void remove(const QString &account, const QString &key) override
    {
        m_file.remove(account, key);
    }
    int reads = 0;

private:
    FileSecretStore m_file;
};

} // namespace

class TestSecrets : public QObject
{
    Q_OBJECT

private slots:
    // First: the test below loads the module into this process.
    void withoutASessionBusTheKeychainIsNotLoaded()
    {
        // A server's session (ssh, CI, a service): no bus, no graphical session.
        qunsetenv("DBUS_SESSION_BUS_ADDRESS");
        qunsetenv("DISPLAY");
        qunsetenv("WAYLAND_DISPLAY");
        QTemporaryDir runtime; // no user bus in it
        qputenv("XDG_RUNTIME_DIR", runtime.path().toLocal8Bit());
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("secrets.json"));
        KeychainSecretStore store(path);
        QCOMPARE(store.read(QStringLiteral("sim"), QStringLiteral("access-key")),
                 std::optional<QByteArray>());
        QVERIFY(!store.usesKeychain());
        QCOMPARE(store.backend(),
                 QStringLiteral("file %1 (mode 0600), as this session has no D-Bus session bus "
                                "to reach a keychain (Secret Service or KWallet) on")
                     .arg(path));
        QFile maps(QStringLiteral("/proc/self/maps"));
        QVERIFY(maps.open(QIODevice::ReadOnly));
        const QByteArray mapped = maps.readAll();
        QVERIFY(!mapped.isEmpty());
        QVERIFY2(!mapped.contains("berth-keychain") && !mapped.contains("libqt6keychain"),
                 "the keychain module was loaded");
    }

    void fileStoreIsOwnerOnly()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("conf/secrets.json"));
        FileSecretStore store(path);
        QCOMPARE(store.read(QStringLiteral("lxd"), QStringLiteral("client-key")),
                 std::optional<QByteArray>());
        store.write(QStringLiteral("lxd"), QStringLiteral("client-key"), QByteArrayLiteral("k1"));
        store.write(QStringLiteral("sim"), QStringLiteral("access-key"), QByteArrayLiteral("k2"));
        QCOMPARE(QFile::permissions(path), QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                               QFileDevice::ReadUser | QFileDevice::WriteUser);
        QVERIFY(!QFile::exists(path + QStringLiteral(".new")));
        QCOMPARE(FileSecretStore(path).read(QStringLiteral("lxd"), QStringLiteral("client-key")),
                 std::optional<QByteArray>(QByteArrayLiteral("k1")));
        store.remove(QStringLiteral("lxd"), QStringLiteral("client-key"));
        QCOMPARE(store.read(QStringLiteral("lxd"), QStringLiteral("client-key")),
                 std::optional<QByteArray>());
        QCOMPARE(store.read(QStringLiteral("sim"), QStringLiteral("access-key")),
                 std::optional<QByteArray>(QByteArrayLiteral("k2")));

        // Readable by others: refused, not used.
        QFile::setPermissions(path, QFile::permissions(path) | QFileDevice::ReadOther);
        QCOMPARE(errorOf([&] { store.read(QStringLiteral("sim"), QStringLiteral("access-key")); }),
                 QStringLiteral("secrets file %1 can be read or written by other users; expected "
                                "mode 0600 (chmod 600 %1)")
                     .arg(path));
    }

    // The keychain is a module beside the executables, found where Berth
    // built or installed it; one that is not there is named in one line.
    void modulesAreFoundBesideTheProgramsAndAMissingOneIsNamed()
    {
        QString error;
        QVERIFY(BerthModule::resolve(QStringLiteral("berth-keychain"), KeychainAccess::runSymbol,
                                     &error));
        QVERIFY(error.isEmpty());
        QVERIFY(
            !BerthModule::resolve(QStringLiteral("berth-nowhere"), "berth_nowhere_run", &error));
        QVERIFY2(error.contains(QLatin1String("berth-nowhere")), qPrintable(error));
        QVERIFY(!error.contains(u'\n'));
    }

    void keychainFallsBackWithoutAService()
    {
        // No session bus here (as on these machines): the file takes the secrets.
        qunsetenv("DBUS_SESSION_BUS_ADDRESS");
        qunsetenv("DISPLAY");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("secrets.json"));
        KeychainSecretStore store(path);
        store.write(QStringLiteral("sim"), QStringLiteral("access-key"), QByteArrayLiteral("v"));
        QCOMPARE(store.read(QStringLiteral("sim"), QStringLiteral("access-key")),
                 std::optional<QByteArray>(QByteArrayLiteral("v")));
        if (store.usesKeychain()) {
            store.remove(QStringLiteral("sim"), QStringLiteral("access-key"));
            QSKIP("a keychain service answered; the fallback was not needed");
        }
        // Where the secrets go and why, in words (not the D-Bus library's).
        QCOMPARE(store.backend(),
                 QStringLiteral("file %1 (mode 0600), as this session has no D-Bus session bus "
                                "to reach a keychain (Secret Service or KWallet) on")
                     .arg(path));
        QCOMPARE(FileSecretStore(path).read(QStringLiteral("sim"), QStringLiteral("access-key")),
                 std::optional<QByteArray>(QByteArrayLiteral("v")));
    }

    void simAccessKeyFromTheSecretStore()
    {
        TestWorkspace t;
        FileSecretStore secrets(t.dir.filePath(QStringLiteral("secrets.json")));
        CloudCommands commands(*t.store, t.types);
        QCOMPARE(errorOf([&] {
                     commands.setSecret(QStringLiteral("sim"), QStringLiteral("password"),
                                        QByteArrayLiteral("x"), secrets);
                 }),
                 QStringLiteral("unknown secret \"password\" for sim clouds; expected access-key"));
        commands.updateCloud(QStringLiteral("sim"),
                             {QStringLiteral("access-key-sha256=") + sha256("open sesame")});

        const auto listError = [&] {
            const CloudRegistry clouds = CloudAccounts::registry(*t.store, t.types, &secrets);
            ProviderError error;
            clouds.provider(QStringLiteral("sim")).listInstances({}, {}, &error);
            return error;
        };
        QCOMPARE(listError().kind, ProviderError::Kind::Auth);
        QCOMPARE(listError().message, QStringLiteral("sim cloud sim needs an access key; none is "
                                                     "set"));
        commands.setSecret(QStringLiteral("sim"), QStringLiteral("access-key"),
                           QByteArrayLiteral("wrong"), secrets);
        QCOMPARE(listError().message, QStringLiteral("sim cloud sim refused the access key"));
        const CommandResult r =
            commands.setSecret(QStringLiteral("sim"), QStringLiteral("access-key"),
                               QByteArrayLiteral("open sesame"), secrets);
        QVERIFY(listError().ok());
        QVERIFY(!r.messages.join(u' ').contains(QStringLiteral("sesame")));

        // The store holds the check value, never the key.
        t.store.reset();
        for (const QString &name : QDir(t.dir.path()).entryList(QDir::Files)) {
            if (!name.startsWith(QStringLiteral("berth.sqlite")))
                continue;
            QFile file(t.dir.filePath(name));
            QVERIFY(file.open(QIODevice::ReadOnly));
            QVERIFY2(!file.readAll().contains("open sesame"), qPrintable(name));
        }
    }

    // A command that only reads the model never asks the keychain (some
    // milliseconds each time); the secrets are read when a cloud is opened,
    // as they are then.
    void theKeychainIsAskedWhenACloudOpens()
    {
        TestWorkspace t;
        CountingSecretStore secrets(t.dir.filePath(QStringLiteral("secrets.json")));
        CloudCommands commands(*t.store, t.types);
        commands.updateCloud(QStringLiteral("sim"),
                             {QStringLiteral("access-key-sha256=") + sha256("open sesame")});

        const CloudRegistry clouds = CloudAccounts::registry(*t.store, t.types, &secrets);
        QCOMPARE(clouds.names(), QStringList{QStringLiteral("sim")});
        QCOMPARE(secrets.reads, 0);
        // Set after the clouds were listed, before the cloud is opened: read.
        commands.setSecret(QStringLiteral("sim"), QStringLiteral("access-key"),
                           QByteArrayLiteral("open sesame"), secrets);
        ProviderError error;
        clouds.provider(QStringLiteral("sim")).listInstances({}, {}, &error);
        QVERIFY2(error.ok(), qPrintable(error.message));
        QCOMPARE(secrets.reads, 1);
        clouds.provider(QStringLiteral("sim")).listInstances({}, {}, &error);
        QCOMPARE(secrets.reads, 1); // once a cloud
    }
};

QTEST_GUILESS_MAIN(TestSecrets)
#include "tst_secrets.moc"
