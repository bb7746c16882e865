#pragma once

#include "core/bertherror.h"
#include "core/cloud/cloudregistry.h"
#include "core/commands/applicationcommands.h"
#include "core/commands/cloudcommands.h"
#include "core/commands/modelchange.h"
#include "core/commands/modelcommands.h"
#include "core/store/cloudaccounts.h"
#include "core/store/store.h"
#include "core/store/workspace.h"
#include "providers/builtinproviders.h"

#include <QDir>
#include <QElapsedTimer>
#include <QMap>
#include <QProcess>
#include <QSettings>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
#include <QUrl>
#include <QUuid>

#include <functional>
#include <memory>
#include <utility>

using namespace berth;

// A connection of the test's own to the store at `location` (a SQLite file
// or a postgresql:// URL), opened as another client's would be; `name` names
// it for QSqlDatabase::removeDatabase.
inline QSqlDatabase openDirect(const QString &name, const QString &location)
{
    if (!location.startsWith(QStringLiteral("postgresql://"))) {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(location);
        db.open();
        return db;
    }
    const QUrl url(location);
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), name);
    db.setHostName(url.host());
    db.setPort(url.port(5432));
    db.setUserName(url.userName());
    db.setPassword(url.password());
    db.setDatabaseName(url.path().mid(1));
    db.open();
    return db;
}

// Where a test's store lives: a SQLite file in `dir`, or, when the tests run
// with BERTH_TEST_BACKEND=postgres, a database of its own on the server that
// scripts/setup-postgres runs (created here, dropped afterwards).
class TestLocation
{
public:
    // Which store: as BERTH_TEST_BACKEND says, or the one named (benchmarks
    // run both side by side).
    enum class Backend { FromEnvironment, Sqlite, Postgres };

    explicit TestLocation(const QTemporaryDir &dir,
                          const QString &file = QStringLiteral("berth.sqlite"),
                          Backend backend = Backend::FromEnvironment)
    {
        if (backend == Backend::Sqlite || (backend == Backend::FromEnvironment && !postgres())) {
            m_location = dir.filePath(file);
            return;
        }
        QUrl url(serverUrl());
        m_database =
            QStringLiteral("berth_test_") + QUuid::createUuid().toString(QUuid::Id128).left(16);
        admin(QStringLiteral("CREATE DATABASE ") + m_database);
        url.setPath(u'/' + m_database);
        m_location = url.toString();
    }
    ~TestLocation()
    {
        if (!m_database.isEmpty())
            admin(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(m_database));
    }
    TestLocation(const TestLocation &) = delete;
    TestLocation &operator=(const TestLocation &) = delete;

    QString location() const { return m_location; }
    static bool postgres() { return qEnvironmentVariable("BERTH_TEST_BACKEND") == u"postgres"; }

private:
    // The server's URL: BERTH_TEST_POSTGRES_URL, or what scripts/setup-postgres prints.
    static QString serverUrl()
    {
        static const QString url = [] {
            QString given = qEnvironmentVariable("BERTH_TEST_POSTGRES_URL");
            if (!given.isEmpty())
                return given;
            QProcess setup;
            setup.start(QStringLiteral(SOURCE_DIR "/scripts/setup-postgres"), {});
            setup.waitForFinished(600'000);
            const QStringList lines =
                QString::fromUtf8(setup.readAllStandardOutput()).split(u'\n', Qt::SkipEmptyParts);
            if (setup.exitCode() != 0 || lines.isEmpty())
                qFatal("scripts/setup-postgres failed: %s",
                       setup.readAllStandardError().constData());
            return lines.last();
        }();
        return url;
    }
    static void admin(const QString &statement)
    {
        const QString name = QStringLiteral("berth-test-admin");
        {
            QSqlDatabase db = openDirect(name, serverUrl());
            if (!db.isOpen())
                qFatal("%s: %s", qPrintable(statement), qPrintable(db.lastError().text()));
            // The server can refuse one for a moment: DROP ... WITH (FORCE)
            // fails while an autovacuum worker is in the database ("must be a
            // member of the role whose process is being terminated"), and
            // CREATE while another session is in template1. Tried again.
            QSqlQuery query(db);
            for (int attempt = 1; !query.exec(statement); ++attempt) {
                if (attempt == 20)
                    qFatal("%s: %s", qPrintable(statement), qPrintable(query.lastError().text()));
                qWarning("%s: %s; trying again", qPrintable(statement),
                         qPrintable(query.lastError().text()));
                QThread::msleep(250);
            }
            query = QSqlQuery();
            db.close();
        }
        QSqlDatabase::removeDatabase(name);
    }

    QString m_location;
    QString m_database;
};

// `berthctl deploy CHARM -n COUNT [--constraints ...] [--to ...]` in `model`.
inline void deployCharm(Workspace &ws, const QString &model, const QString &charm, int count,
                        const QString &constraints = {}, const QString &to = {})
{
    ApplicationCommands::Deploy d;
    d.charm = charm;
    d.count = count;
    d.constraints = constraints;
    d.to = to;
    ApplicationCommands(ws).deploy(model, d);
}

// Window settings of this test process alone, as a user's are their own:
// ctest runs a window test on both stores at once, and one's clearing of
// shared test settings took the other's saved geometry away.
inline void useOwnSettings()
{
    static QTemporaryDir dir;
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.path());
}

// The account this process runs as, as the system names it (`id -un`):
// what the audit trail and the change set say of the person on SQLite.
inline QString systemUser()
{
    QProcess id;
    id.start(QStringLiteral("id"), {QStringLiteral("-un")});
    id.waitForFinished();
    return QString::fromLocal8Bit(id.readAllStandardOutput()).trimmed();
}

// `berthctl deploy CHARM -n COUNT` as a model change, to apply or stage.
inline ModelChange deployChange(const QString &charm, int count)
{
    ApplicationCommands::Deploy d;
    d.charm = charm;
    d.count = count;
    return ModelChange::deploy(d);
}

// `berthctl deploy CHARM --subordinate` and `integrate CHARM PRINCIPAL` in `model`.
inline void deploySubordinate(Workspace &ws, const QString &model, const QString &charm,
                              const QString &principal)
{
    ApplicationCommands::Deploy d;
    d.charm = charm;
    d.subordinate = true;
    ApplicationCommands apps(ws);
    apps.deploy(model, d);
    apps.relate(model, charm, principal);
}

// A machine's provisioning as the provisioner records it, through ModelTx's
// own named writes (so the life-cycle table that production obeys holds):
// a start in flight, an instance, or a provisioning error.
namespace AsTheProvisioner {

inline void startBegun(Workspace &ws, const QString &model, const QString &machine,
                       const QString &nonce = QStringLiteral("n-1"))
{
    ws.inModel(model, [&](ModelTx &tx) {
        tx.machineLife().recordStart(tx.machines().get(machine), nonce, QStringLiteral("starting"));
    });
}

inline void
started(Workspace &ws, const QString &model, const QString &machine, const QString &instanceId,
        const QString &hardware = QStringLiteral("arch=amd64 cores=2 mem=4096M root-disk=16384M"),
        const QString &instanceType = QStringLiteral("t3.medium"))
{
    ws.inModel(model, [&](ModelTx &tx) {
        tx.machineLife().recordStart(tx.machines().get(machine), QStringLiteral("n-") + instanceId,
                                     QStringLiteral("starting"));
        InstanceInfo instance;
        instance.id = instanceId;
        instance.state = QStringLiteral("running");
        instance.region = QStringLiteral("sim-east");
        instance.zone = QStringLiteral("sim-east-a");
        instance.instanceType = instanceType;
        instance.hardware = hardware;
        tx.machineLife().recordInstance(tx.machines().get(machine), instance);
    });
}

inline void failed(Workspace &ws, const QString &model, const QString &machine,
                   const QString &message)
{
    ws.inModel(model, [&](ModelTx &tx) {
        tx.machineLife().recordStart(tx.machines().get(machine), QStringLiteral("n-failed"),
                                     QStringLiteral("starting"));
        tx.machineLife().recordError(tx.machines().get(machine), 1, message);
    });
}

} // namespace AsTheProvisioner

// A fresh store (see TestLocation), with a default model on the built-in sim
// cloud, whose state file is in the same directory. `simConfig` are extra
// sim settings (latency-ms=..., fault-rate=...).
struct TestWorkspace
{
    QTemporaryDir dir;
    TestLocation storeLocation{dir};
    ProviderTypes types = builtinProviderTypes();
    CloudRegistry clouds;
    std::unique_ptr<Store> store;
    std::unique_ptr<Workspace> workspace;

    explicit TestWorkspace(const QStringList &simConfig = {})
    {
        store = std::make_unique<Store>(path());
        CloudCommands(*store, types)
            .updateCloud(QStringLiteral("sim"),
                         QStringList{QStringLiteral("state-file=") +
                                     dir.filePath(QStringLiteral("sim.sqlite"))} +
                             simConfig);
        reloadClouds();
        workspace = std::make_unique<Workspace>(*store, clouds);
        ModelCommands(*workspace).ensureDefaultModel();
    }
    ~TestWorkspace()
    {
        workspace.reset();
        store.reset(); // before the database goes
    }
    // Picks up changed cloud settings (as a new process would).
    void reloadClouds() { clouds = CloudAccounts::registry(*store, types); }
    void configureSim(const QStringList &config)
    {
        CloudCommands(*store, types).updateCloud(QStringLiteral("sim"), config);
        reloadClouds();
    }
    QString path() const { return storeLocation.location(); }
    Workspace &ws() { return *workspace; }
};

// The counts of units the store keeps for spread checks (unit_tallies),
// and the same counted from the units of the applications with a spread
// constraint, a sorted line per application and machines alike: the two
// must always be equal.
struct SpreadCounts
{
    QStringList kept;
    QStringList counted;
};
inline SpreadCounts spreadCounts(Store &store)
{
    const auto rows = [&](SqlSession &session, const QString &sql) {
        QStringList out;
        session.forEachRow(sql, {}, [&](const SqlRow &row) {
            QStringList fields;
            for (int i = 0; i < 7; ++i)
                fields << row.text(i);
            out << fields.join(u'|');
        });
        out.sort();
        return out;
    };
    return store.read([&](SqlSession &session) {
        return SpreadCounts{
            rows(session, QStringLiteral("SELECT application_id, zone, placement, region, life,"
                                         " parent_id, unit_count FROM unit_tallies"
                                         " WHERE unit_count > 0")),
            rows(session, QStringLiteral("SELECT u.application_id, m.zone, m.placement, m.region,"
                                         " m.life, coalesce(m.parent_id, 0), count(*) FROM units u"
                                         " JOIN machines m ON m.id = u.machine_id WHERE"
                                         " u.application_id IN (SELECT application_id FROM"
                                         " application_spreads) GROUP BY"
                                         " u.application_id, m.zone, m.placement, m.region, m.life,"
                                         " coalesce(m.parent_id, 0)"))};
    });
}

// The message of the BerthError `fn` throws; empty when it throws none.
// Each unit of `model` and the machine it is on ("" when unplaced).
inline QMap<QString, QString> unitMachines(Workspace &ws, const QString &model)
{
    QMap<QString, QString> out;
    for (const UnitRecord &u : ws.snapshot(model).units)
        out.insert(u.name(), u.machine);
    return out;
}

inline QString errorOf(const std::function<void()> &fn)
{
    try {
        fn();
    } catch (const BerthError &error) {
        return error.message();
    }
    return {};
}

// What a program run to its end said.
struct ProcessResult
{
    int code = -1; // -1: it did not finish in time
    QString out;
    QString err;
};

// berthctl's environment for a test: its store, data and settings in `dir`,
// no display and no session bus (secrets go to the 0600 file).
inline QProcessEnvironment isolatedEnvironment(const QTemporaryDir &dir)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("BERTH_DB"), dir.filePath(QStringLiteral("berth.sqlite")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), dir.filePath(QStringLiteral("data")));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"));
    return env;
}

// Runs `program` with `args` in `env` (stdin closed) and waits for it.
inline ProcessResult runProgram(const QString &program, const QStringList &args,
                                const QProcessEnvironment &env, int timeoutMs = 300'000)
{
    QProcess process;
    process.setProcessEnvironment(env);
    process.setStandardInputFile(QProcess::nullDevice());
    process.start(program, args);
    ProcessResult r;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return r;
    }
    r.code = process.exitCode();
    r.out = QString::fromUtf8(process.readAllStandardOutput());
    r.err = QString::fromUtf8(process.readAllStandardError());
    return r;
}

// Runs `program` in `folder` with `input` on its standard input and waits for
// it; a process killed by a signal (an abort, a crash) has code -2, one killed
// after `timeoutMs` code -1 (with what it printed until then).
inline ProcessResult runFed(const QString &program, const QStringList &args,
                            const QProcessEnvironment &env, const QString &folder,
                            const QByteArray &input, int timeoutMs = 60'000)
{
    QProcess process;
    process.setProcessEnvironment(env);
    process.setWorkingDirectory(folder);
    process.start(program, args);
    process.write(input);
    process.closeWriteChannel();
    ProcessResult r;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
    } else {
        r.code = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    }
    // What it printed, also when it was killed for taking too long.
    r.out = QString::fromUtf8(process.readAllStandardOutput());
    r.err = QString::fromUtf8(process.readAllStandardError());
    return r;
}

// Holds the store's write lock from a connection of the test's own, as a
// stuck client would (a suspended laptop, psql left in a transaction), and
// runs `write` meanwhile: what it printed, and the seconds it took.
inline std::pair<ProcessResult, qint64>
writeBehindAStuckClient(const QString &location, const std::function<ProcessResult()> &write)
{
    const QString name = QStringLiteral("stuck-client");
    std::pair<ProcessResult, qint64> result;
    {
        QSqlDatabase db = openDirect(name, location);
        QSqlQuery query(db);
        query.exec(QStringLiteral("BEGIN"));
        // Berth's writers queue on SQLite's write lock, or PostgreSQL's advisory lock "bert".
        query.exec(location.startsWith(QStringLiteral("postgresql://"))
                       ? QStringLiteral("SELECT pg_advisory_xact_lock(1650815604)")
                       : QStringLiteral("INSERT INTO meta (key, value) VALUES ('stuck', '1')"));
        QElapsedTimer waited;
        waited.start();
        result.first = write();
        result.second = waited.elapsed() / 1000;
        query.exec(QStringLiteral("ROLLBACK"));
        query = QSqlQuery();
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return result;
}

// A small tmpfs mounted at `folder` that a test can turn read-only, as a store
// on a read-only file system is for a user. Mounting needs CAP_SYS_ADMIN (root
// here and in CI); where it is refused, reason() says so and the test skips.
class ReadOnlyMount
{
public:
    explicit ReadOnlyMount(const QString &folder)
        : m_folder(folder)
    {
        QDir().mkpath(folder);
        const ProcessResult r =
            mount({QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                   QStringLiteral("size=64m"), QStringLiteral("berth-test"), folder});
        if (r.code == 0)
            m_mounted = true;
        else
            m_reason = QStringLiteral("cannot mount a file system here (needs CAP_SYS_ADMIN): ") +
                       r.err.trimmed();
    }
    ~ReadOnlyMount()
    {
        if (m_mounted)
            mount({QStringLiteral("-l"), m_folder}, QStringLiteral("umount"));
    }
    ReadOnlyMount(const ReadOnlyMount &) = delete;
    ReadOnlyMount &operator=(const ReadOnlyMount &) = delete;

    bool isMounted() const { return m_mounted; }
    QString reason() const { return m_reason; }
    bool setReadOnly(bool readOnly)
    {
        return mount({QStringLiteral("-o"),
                      readOnly ? QStringLiteral("remount,ro") : QStringLiteral("remount,rw"),
                      m_folder})
                   .code == 0;
    }

private:
    static ProcessResult mount(const QStringList &args,
                               const QString &program = QStringLiteral("mount"))
    {
        return runProgram(program, args, QProcessEnvironment::systemEnvironment(), 30'000);
    }
    QString m_folder;
    QString m_reason;
    bool m_mounted = false;
};
