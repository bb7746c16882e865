#include "core/store/store.h"

#include "core/bertherror.h"
#include "core/store/schema.h"
#include "core/store/storeerror.h"
#include "core/userfiles.h"

#include <QAtomicInteger>
#include <QDeadlineTimer>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QMutex>
#include <QRandomGenerator>
#include <QSet>
#include <QSqlDriver>
#include <QSqlError>
#include <QStandardPaths>
#include <QThread>
#include <QUrl>
#include <QUrlQuery>

#include <QCoreApplication>
#include <sqlite3.h>

#include <algorithm>
#include <optional>

namespace berth {

namespace {

// This file's words, through Qt's translation system: the window shows them
// in the user's language, berthctl (no translator) as written here.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(Store)
};

} // namespace

namespace {
QAtomicInteger<quint64> connectionCounter;

// Qt SQL loads a driver plugin the first time a connection of its type is
// added, which is not safe from two threads at once (the test of clients
// opening a store together once hung at exit in Qt SQL's clean-up).
// Connections are added and removed one at a time.
Q_CONSTINIT QBasicMutex connectionRegistry;

QSqlDatabase addConnection(const QString &driver, const QString &name)
{
    const QMutexLocker lock(&connectionRegistry);
    return QSqlDatabase::addDatabase(driver, name);
}

void removeConnection(const QString &name)
{
    const QMutexLocker lock(&connectionRegistry);
    QSqlDatabase::removeDatabase(name);
}

// One key for every write transaction: writers queue as with SQLite's
// BEGIN IMMEDIATE (the key spells "bert").
constexpr qint64 writeLockKey = 0x62657274;

// A migration's statement for this backend; empty for a statement of the
// other's alone (`{postgres}` before it: PostgreSQL's alone).
QString dialect(QString sql, Store::Backend backend)
{
    const bool postgres = backend == Store::Backend::Postgres;
    if (sql.startsWith(QLatin1String("{postgres}"))) {
        if (!postgres)
            return {};
        sql.remove(0, int(qstrlen("{postgres}")));
    }
    sql.replace(QStringLiteral("{write-lock-key}"), QString::number(writeLockKey));
    // {session-user}: the role the server knows the writing session by.
    sql.replace(QStringLiteral("{session-user}"),
                postgres ? QStringLiteral("session_user") : QStringLiteral("''"));
    return sql.replace(QStringLiteral("{pk}"), postgres ? QStringLiteral("BIGSERIAL PRIMARY KEY")
                                                        : QStringLiteral("INTEGER PRIMARY KEY "
                                                                         "AUTOINCREMENT"));
}

// The SQLite stores this process found detached (Store::isDetached), by
// absolute path. Process-wide, as the locks whose loss it records are.
Q_CONSTINIT QBasicMutex detachedMutex;
QSet<QString> &detachedStores()
{
    static QSet<QString> stores;
    return stores;
}

sqlite3 *sqliteHandle(const QSqlDatabase &db)
{
    const QVariant handle = db.driver()->handle();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0)
        return nullptr;
    return *static_cast<sqlite3 *const *>(handle.data());
}

bool isPostgres(const QString &location)
{
    return location.startsWith(QStringLiteral("postgresql://")) ||
           location.startsWith(QStringLiteral("postgres://"));
}
} // namespace

Store::Store(const QString &location)
    : m_location(location)
    , m_connectionName(
          QStringLiteral("berth-store-%1").arg(connectionCounter.fetchAndAddRelaxed(1)))
{
    try {
        if (isPostgres(location)) {
            m_backend = Backend::Postgres;
            openPostgres();
        } else {
            openSqlite();
        }
        migrate();
        m_changeLogExists = true;
    } catch (const BerthError &error) {
        if (m_sql && m_backend == Backend::Sqlite)
            UserFiles::release(m_location);
        if (m_sql) {
            m_sql->clearCache();
            m_sql->database().close();
            m_sql.reset();
        }
        removeConnection(m_connectionName);
        throw BerthError(
            Text::tr("cannot open store \"%1\": %2").arg(displayLocation(), error.message()),
            error.detail());
    }
}

void Store::openSqlite()
{
    const QFileInfo info(m_location);
    if (!info.exists() && !QDir().mkpath(info.absolutePath()))
        throw BerthError(Text::tr("cannot create directory \"%1\"").arg(info.absolutePath()));
    // A store this process may not write (a read-only mount, a file shared
    // read-only) still opens for reading; writes are refused with one line.
    const QFileInfo folder(info.absolutePath());
    m_readOnly = info.exists() && (!info.isWritable() || !folder.isWritable());
    QSqlDatabase db = addConnection(QStringLiteral("QSQLITE"), m_connectionName);
    QStringList options{QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(busyTimeoutMs)};
    if (m_readOnly) {
        options << QStringLiteral("QSQLITE_OPEN_READONLY") << QStringLiteral("QSQLITE_OPEN_URI");
        QUrl uri = QUrl::fromLocalFile(info.absoluteFilePath());
        // Reading a WAL store needs its -shm file. Where the folder cannot hold
        // one and no writer has a -wal file open, nothing can change the
        // store under us: SQLite reads it as immutable, without locks.
        if (!folder.isWritable() && !QFileInfo::exists(m_location + QStringLiteral("-wal")))
            uri.setQuery(QStringLiteral("immutable=1"));
        db.setDatabaseName(uri.toString(QUrl::FullyEncoded));
    } else {
        db.setDatabaseName(m_location);
    }
    db.setConnectOptions(options.join(u';'));
    if (!db.open())
        throw StoreError::fromStatement(db.lastError(), {}, m_location);
    m_sql = std::make_unique<SqlSession>(db);
    UserFiles::protect(m_location);
    waitForLocksFairly(db);
    m_openedVersion = refuseForeignDatabase();
    if (!m_readOnly) {
        enableWriteAheadLog();
        m_sql->execute(QStringLiteral("PRAGMA synchronous = NORMAL"));
    }
    m_sql->execute(QStringLiteral("PRAGMA foreign_keys = ON"));
}

// A database of another program's is left as it is, journal mode included:
// Berth opens an empty one or its own (its meta table names a schema version).
// On PostgreSQL, the schema Berth would write into (the connection's current
// one) is looked at, in the server's catalog (information_schema's views
// cost some 3 ms a connection, and the provisioner opens one a worker).
int Store::refuseForeignDatabase()
{
    // How many tables there are, and whether one is Berth's meta table: one
    // statement (every command opens the store).
    QSqlQuery &q = m_sql->run(
        m_backend == Backend::Postgres
            ? QStringLiteral("SELECT count(*), count(*) FILTER (WHERE c.relname = 'meta' AND "
                             "c.relkind IN ('r', 'p')) FROM pg_catalog.pg_class c JOIN "
                             "pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE "
                             "n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', "
                             "'f')")
            : QStringLiteral("SELECT count(*), count(CASE WHEN type = 'table' AND name = 'meta' "
                             "THEN 1 END) FROM sqlite_master"));
    const bool hasTables = q.next() && q.value(0).toInt() > 0;
    const bool hasMeta = hasTables && q.value(1).toInt() > 0;
    q.finish();
    if (!hasTables)
        return 0;
    std::optional<int> version;
    if (hasMeta) {
        try {
            QSqlQuery &v =
                m_sql->run(QStringLiteral("SELECT value FROM meta WHERE key = 'schema-version'"));
            if (v.next())
                version = v.value(0).toInt();
            v.finish();
        } catch (const BerthError &) {
            // a meta table of another shape: another program's
        }
    }
    if (!version && m_backend == Backend::Postgres)
        throw BerthError(Text::tr("it is not a Berth store: the database holds another "
                                  "program's tables, which Berth leaves untouched; name an "
                                  "empty database or a Berth store"));
    if (!version)
        throw BerthError(Text::tr("it is not a Berth store: the file holds another program's "
                                  "database, which Berth leaves untouched; name a new file or "
                                  "a Berth store"));
    return *version;
}

// SQLite's own busy timeout sleeps longer and longer between tries (up to
// 100 ms), so a writer waiting behind clients that write back to back, with a
// few milliseconds between their transactions, can miss every gap and wait far
// longer than any one of them holds the lock. Trying again every millisecond
// takes the first gap; the wait still ends after the same 30 s.
void Store::waitForLocksFairly(const QSqlDatabase &db)
{
    sqlite3 *connection = sqliteHandle(db);
    if (!connection)
        return; // Qt's default of a 30 s busy timeout stays
    sqlite3_busy_handler(
        connection,
        [](void *waited, int tries) -> int {
            auto *since = static_cast<QElapsedTimer *>(waited);
            if (tries == 0)
                since->start();
            if (since->elapsed() >= busyTimeoutMs)
                return 0; // SQLite answers "busy": the user is told to try again
            QThread::usleep(1000);
            return 1;
        },
        &m_lockWait);
}

// Switching a new file to WAL needs it to itself for a moment, and SQLite
// answers "database is locked" at once there instead of waiting on the busy
// timeout; clients opening a new store together take turns here.
void Store::enableWriteAheadLog()
{
    QDeadlineTimer deadline(30'000);
    for (int attempt = 1;; ++attempt) {
        try {
            m_sql->execute(QStringLiteral("PRAGMA journal_mode = WAL"));
            return;
        } catch (const BerthError &error) {
            if (!error.detail().contains(u"locked") || deadline.hasExpired())
                throw;
        }
        backOff(attempt);
    }
}

void Store::openPostgres()
{
    const QUrl url(m_location);
    const QString database = url.path().mid(1);
    if (!url.isValid() || url.host().isEmpty() || database.isEmpty() || database.contains(u'/')) {
        throw BerthError(Text::tr("expected postgresql://user[:password]@host[:port]/dbname"));
    }
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")))
        throw BerthError(Text::tr("Qt SQL's PostgreSQL driver is missing; install "
                                  "libqt6sql6-psql"));
    QSqlDatabase db = addConnection(QStringLiteral("QPSQL"), m_connectionName);
    db.setHostName(url.host());
    db.setPort(url.port(5432));
    db.setDatabaseName(database);
    if (!url.userName().isEmpty())
        db.setUserName(url.userName());
    // Without one here, libpq reads the password from ~/.pgpass.
    if (!url.password().isEmpty())
        db.setPassword(url.password());
    // Berth's session settings travel in the connection's first message, not
    // as a round trip each once it is open:
    // - a writer waits for another as long as on SQLite, then says the store
    //   is busy; a client that stops half way through a transaction (a
    //   suspended laptop, a hung process) gives the store back after a while;
    // - plans fit the tables as they are now, not as they were when a
    //   statement was first prepared (an empty table's plan is a scan);
    // - no JIT compilation: Berth's statements are short, and compiling one
    //   costs more than it saves (PostgreSQL's own advice for such queries):
    //   a 1-row table misestimated (never analyzed) made `models` compile for
    //   80 ms a statement that runs in 27;
    // - the model is small beside the server's memory and read from cache,
    //   where an index lookup costs about what a sequential page does (the
    //   documentation's advice for data in RAM or on SSD): at 4, the default
    //   for spinning disks, 1,000 units updated by id scanned all 20,000.
    // The URL's own `options` (a DBA's choice) come after, so they win.
    QStringList settings{
        QStringLiteral("-c client_min_messages=warning"),
        QStringLiteral("-c lock_timeout=%1").arg(busyTimeoutMs),
        QStringLiteral("-c idle_in_transaction_session_timeout=%1").arg(idleTransactionMs),
        QStringLiteral("-c plan_cache_mode=force_custom_plan"),
        QStringLiteral("-c jit=off"),
        QStringLiteral("-c random_page_cost=1.1"),
    };
    QStringList options{QStringLiteral("connect_timeout=10")};
    const QUrlQuery query(url);
    for (const auto &[key, value] : query.queryItems()) {
        if (key == u"sslmode" || key == u"sslrootcert" || key == u"application_name")
            options << key + u'=' + value;
        else if (key == u"options")
            settings << value;
    }
    QString quoted = settings.join(u' ');
    if (quoted.contains(u';')) // Qt reads it as the separator between options
        throw BerthError(Text::tr("expected the URL's options without \";\" (PostgreSQL "
                                  "settings as -c name=value, separated by spaces)"));
    quoted.replace(u'\\', QStringLiteral("\\\\")).replace(u'\'', QStringLiteral("\\'"));
    options << QStringLiteral("options='%1'").arg(quoted);
    db.setConnectOptions(options.join(u';'));
    if (!db.open()) {
        throw StoreError::fromPostgresConnect(db.lastError(), url.host(), url.port(5432),
                                              url.userName(), database);
    }
    m_sql = std::make_unique<SqlSession>(db);
    m_openedVersion = refuseForeignDatabase();
}

QString Store::displayLocation(const QString &location)
{
    if (!isPostgres(location))
        return location;
    QUrl url(location);
    url.setPassword({});
    return url.toString();
}

QString Store::displayLocation() const
{
    return displayLocation(m_location);
}

Store::~Store()
{
    if (m_backend == Backend::Sqlite && m_sql) {
        // A detached store's log is not ours to fold into the database: a
        // client that reopened it writes another one now.
        if (sqlite3 *connection = sqliteHandle(m_sql->database());
            connection && isDetached(m_location))
            sqlite3_db_config(connection, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
        UserFiles::release(m_location);
    }
    // Dropped after the connection is removed (its driver deleted): a
    // statement outliving its driver frees nothing on the server.
    QHash<QString, QSqlQuery> statements;
    if (m_sql) {
        if (m_backend == Backend::Postgres)
            statements = m_sql->takeCache();
        m_sql->clearCache();
        m_sql->database().close();
        m_sql.reset();
    }
    removeConnection(m_connectionName);
}

QString Store::defaultLocation()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    return dir + QStringLiteral("/berth/berth.sqlite");
}

QString Store::resolveLocation(const QString &explicitLocation)
{
    if (!explicitLocation.isEmpty())
        return explicitLocation;
    const QString fromEnvironment = qEnvironmentVariable("BERTH_DB");
    return fromEnvironment.isEmpty() ? defaultLocation() : fromEnvironment;
}

int Store::latestSchemaVersion()
{
    return int(Schema::migrations().size());
}

void Store::refuseWriteIfReadOnly() const
{
    if (m_readOnly)
        throw StoreError::readOnly(displayLocation());
}

bool Store::isDetached(const QString &location)
{
    if (isPostgres(location))
        return false;
    const QMutexLocker lock(&detachedMutex);
    return detachedStores().contains(UserFiles::absolutePath(location));
}

void Store::checkAttached()
{
    if (m_backend != Backend::Sqlite || m_readOnly)
        return;
    bool detached = isDetached(m_location);
    if (!detached) {
        const auto wal = UserFiles::identity(m_location + QStringLiteral("-wal"));
        const auto shm = UserFiles::identity(m_location + QStringLiteral("-shm"));
        if (m_logFiles.isEmpty()) {
            if (wal && shm) // there once a transaction has read the store
                m_logFiles = {*wal, *shm};
            return;
        }
        detached = !wal || !shm || *wal != m_logFiles.at(0) || *shm != m_logFiles.at(1);
        if (detached) {
            const QMutexLocker lock(&detachedMutex);
            detachedStores().insert(UserFiles::absolutePath(m_location));
        }
    }
    if (detached)
        throw StoreError::detached(displayLocation());
}

void Store::primeWrites(const QStringList &tables)
{
    if (m_backend != Backend::Postgres || tables.isEmpty())
        return;
    trial([&](SqlSession &sql) {
        for (const QString &table : tables) {
            // The store's own table names, never the user's words.
            Q_ASSERT(std::all_of(table.cbegin(), table.cend(),
                                 [](QChar c) { return c.isLower() || c == u'_'; }));
            sql.execute(QStringLiteral("INSERT INTO %1 SELECT * FROM %1 WHERE false").arg(table));
        }
    });
}

void Store::begin(bool forWrite)
{
    checkAttached();
    if (m_backend == Backend::Sqlite) {
        m_sql->execute(forWrite ? QStringLiteral("BEGIN IMMEDIATE") : QStringLiteral("BEGIN"));
        m_sql->transactionBegan();
        return;
    }
    if (forWrite) {
        // Writers queue on one lock, as with SQLite; what each reads after it is current.
        m_sql->execute(QStringLiteral("BEGIN"));
        try {
            m_sql->execute(QStringLiteral("SELECT pg_advisory_xact_lock(%1)").arg(writeLockKey));
        } catch (...) {
            rollback();
            throw;
        }
    } else {
        m_sql->execute(QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ")); // one snapshot
    }
    m_sql->transactionBegan();
}

void Store::commit(bool forWrite)
{
    // Other clients listening on the channel learn of the commit as it
    // happens (PostgreSQL delivers the notification at the commit): asked
    // for by the statement that reads the change log's ends where there is
    // one, since every round trip of a writer's is one under the writers' lock.
    const bool notify = forWrite && m_backend == Backend::Postgres;
    if (notify && !m_changeLogExists)
        m_sql->execute(QStringLiteral("NOTIFY ") + changeChannel());
    // The change log stays bounded (followers need only the recent past):
    // looked at once a write transaction, however many commands it ran, and
    // trimmed once it holds changeLogSlack more than it keeps. Its ends are
    // read from the index; trimming at every commit cost a scan of the
    // whole log each time on PostgreSQL (the bound was not known when the
    // statement was planned).
    if (forWrite && m_changeLogExists) {
        // Two subqueries: SQLite reads one end of the index for each alone.
        QString ends =
            QStringLiteral("SELECT (SELECT min(seq) FROM changes), (SELECT max(seq) FROM changes)");
        if (notify)
            ends += QStringLiteral(", pg_notify('%1', '')").arg(changeChannel());
        QSqlQuery &q = m_sql->run(ends);
        const qint64 lowest = q.next() ? q.value(0).toLongLong() : 0;
        const qint64 highest = q.value(1).toLongLong();
        q.finish();
        if (highest - lowest >= changeLogKept + changeLogSlack)
            m_sql->run(QStringLiteral("DELETE FROM changes WHERE seq < ?"),
                       {highest - changeLogKept});
    }
    m_sql->execute(QStringLiteral("COMMIT"));
    m_sql->transactionEnded();
    // A log removed while this transaction ran took the commit with it.
    checkAttached();
}

void Store::backOff(int attempt)
{
    const int jitter = QRandomGenerator::global()->bounded(20);
    QThread::msleep(ulong(10) * ulong(attempt) + ulong(jitter));
}

bool Store::tableExists(const QString &table)
{
    const QString sql =
        m_backend == Backend::Postgres
            ? QStringLiteral("SELECT count(*) FROM pg_catalog.pg_class c JOIN "
                             "pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE "
                             "n.nspname = current_schema() AND c.relname = ? AND "
                             "c.relkind IN ('r', 'p')")
            : QStringLiteral(
                  "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?");
    return m_sql->scalar(sql, {table}).toInt() > 0;
}

void Store::rollback()
{
    m_sql->transactionEnded();
    if (!m_sql->database().isOpen())
        return; // the connection went (a server that dropped it), and the transaction with it
    try {
        m_sql->execute(QStringLiteral("ROLLBACK"));
    } catch (const BerthError &) {
        // The transaction may already be gone (SQLite rolls back on some errors).
    }
}

QString Store::enterSavepoint()
{
    if (m_depth == 0)
        throw BerthError(QStringLiteral("internal error: a savepoint outside a transaction"));
    const QString name = QStringLiteral("berth_savepoint_%1").arg(m_depth);
    m_sql->execute(QStringLiteral("SAVEPOINT ") + name);
    ++m_depth;
    return name;
}

void Store::leaveSavepoint(const QString &name, bool keep)
{
    --m_depth;
    try {
        if (!keep)
            m_sql->execute(QStringLiteral("ROLLBACK TO SAVEPOINT ") + name);
        m_sql->execute(QStringLiteral("RELEASE SAVEPOINT ") + name);
    } catch (const BerthError &) {
        // Called while unwinding: the enclosing transaction, rolled back as
        // the error travels on, undoes what the savepoint could not.
    }
}

int Store::schemaVersion()
{
    return read([this](SqlSession &sql) {
        if (!tableExists(QStringLiteral("meta")))
            return 0;
        return sql.scalar(QStringLiteral("SELECT value FROM meta WHERE key = 'schema-version'"))
            .toInt();
    });
}

void Store::migrate()
{
    const auto all = Schema::migrations();
    // As the store was opened: a store another process migrates meanwhile
    // is read again under the write lock below.
    const int found = m_openedVersion;
    if (found == all.size())
        return;
    if (found > all.size()) {
        throw BerthError(Text::tr("the store has schema version %1, newer than this Berth "
                                  "understands (%2); upgrade Berth")
                             .arg(found)
                             .arg(all.size()));
    }
    if (m_readOnly) {
        throw BerthError(Text::tr("the store is read-only and has schema version %1, older "
                                  "than this Berth reads (%2); open it once where it can be "
                                  "written to upgrade it")
                             .arg(found)
                             .arg(all.size()));
    }
    // Under the write lock: two processes opening a new store at once migrate it once.
    write([&](SqlSession &sql) {
        int version = 0;
        if (tableExists(QStringLiteral("meta"))) {
            version = sql.scalar(QStringLiteral("SELECT value FROM meta WHERE key = "
                                                "'schema-version'"))
                          .toInt();
        }
        if (version > all.size()) {
            throw BerthError(Text::tr("the store has schema version %1, newer than this "
                                      "Berth understands (%2); upgrade Berth")
                                 .arg(version)
                                 .arg(all.size()));
        }
        for (int v = version; v < all.size(); ++v) {
            for (const QString &statement : all.at(v)) {
                const QString here = dialect(statement, m_backend);
                if (!here.isEmpty())
                    sql.execute(here);
            }
        }
        sql.run(QStringLiteral("INSERT INTO meta (key, value) VALUES ('schema-version', ?) "
                               "ON CONFLICT (key) DO UPDATE SET value = excluded.value"),
                {QString::number(all.size())});
    });
    m_sql->clearCache();
}

qint64 Store::lastChangeSeq()
{
    return readStatement([](SqlSession &sql) {
        return sql.scalar(QStringLiteral("SELECT coalesce(max(seq), 0) FROM changes")).toLongLong();
    });
}

ChangeList Store::changesSince(qint64 seq, int limit)
{
    return readStatement([&](SqlSession &sql) {
        ChangeList changes;
        QSqlQuery &q = sql.run(QStringLiteral("SELECT seq, model_id, kind, name, op FROM changes "
                                              "WHERE seq > ? ORDER BY seq LIMIT ?"),
                               {seq, limit});
        while (q.next()) {
            changes.append({q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toString(),
                            q.value(3).toString(), Change::opFromName(q.value(4).toString())});
        }
        q.finish();
        return changes;
    });
}

void Store::followChanges(qint64 &seq, const std::function<bool(const ChangeList &)> &fn,
                          int pageSize)
{
    for (;;) {
        const ChangeList page = changesSince(seq, pageSize);
        if (page.isEmpty())
            return;
        seq = page.constLast().seq;
        if (!fn(page) || page.size() < pageSize)
            return;
    }
}

qint64 Store::dataVersion()
{
    checkAttached();                    // the watcher polls this: a lost store is seen at once
    if (m_backend == Backend::Postgres) // commands log their changes: the log's end moves
        return m_sql->scalar(QStringLiteral("SELECT coalesce(max(seq), 0) FROM changes"))
            .toLongLong();
    return m_sql->scalar(QStringLiteral("PRAGMA data_version")).toLongLong();
}

} // namespace berth
