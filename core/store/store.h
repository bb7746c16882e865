#pragma once

#include "core/bertherror.h"
#include "core/model/change.h"
#include "core/store/sqlsession.h"

#include <QElapsedTimer>
#include <QList>
#include <QPair>
#include <QScopeGuard>
#include <QString>

#include <functional>
#include <memory>
#include <type_traits>

namespace berth {

// The model store: one connection for the calling thread, a versioned schema
// migrated on open, and commands run as single transactions. Write
// transactions take the write lock up front (SQLite BEGIN IMMEDIATE), so two
// writers queue instead of deadlocking on a lock upgrade. Each thread, and each
// process, opens its own Store on the same location.
class Store
{
public:
    enum class Backend { Sqlite, Postgres };

    // Opens (creating if needed) and migrates the store; throws BerthError.
    // `location` is a SQLite file path or postgresql://user[:password]@host[:port]/db.
    explicit Store(const QString &location);
    ~Store();
    Store(const Store &) = delete;
    Store &operator=(const Store &) = delete;

    static QString defaultLocation();
    // The store to open: the explicit --db value, else $BERTH_DB, else the default.
    static QString resolveLocation(const QString &explicitLocation);
    static int latestSchemaVersion();

    QString location() const { return m_location; }
    // The location as it may be shown: never with a password.
    QString displayLocation() const;
    static QString displayLocation(const QString &location);
    // The PostgreSQL notification channel every write commit signals.
    static QString changeChannel() { return QStringLiteral("berth_changes"); }
    Backend backend() const { return m_backend; }
    // True for a SQLite store this process may not write (a read-only mount,
    // a file without write permission): reads work, write() refuses.
    bool isReadOnly() const { return m_readOnly; }
    SqlSession &sql() { return *m_sql; }
    int schemaVersion();

    // Runs fn(SqlSession&) in one write transaction: all of it, or (on any
    // exception) none of it. Nested calls join the outer transaction.
    template <typename F> decltype(auto) write(F &&fn)
    {
        return transact(true, std::forward<F>(fn));
    }
    // Runs fn in a read transaction: a consistent snapshot.
    template <typename F> decltype(auto) read(F &&fn)
    {
        return transact(false, std::forward<F>(fn));
    }
    // Runs fn(SqlSession&), which reads with one statement, as that statement
    // alone: a statement sees one snapshot by itself, and on PostgreSQL a
    // transaction around it costs two round trips more (BEGIN, COMMIT).
    // Inside a transaction it is part of it.
    template <typename F> decltype(auto) readStatement(F &&fn)
    {
        if (m_depth > 0)
            return fn(*m_sql);
        return retried([&]() -> decltype(auto) {
            checkAttached();
            return fn(*m_sql);
        });
    }
    // Runs fn(SqlSession&) as a write and then undoes it, whatever happens:
    // what changes would do, seen and never kept. Inside a transaction it is
    // a savepoint of it; outside, a write transaction rolled back.
    template <typename F> decltype(auto) trial(F &&fn)
    {
        refuseWriteIfReadOnly();
        if (m_depth > 0)
            return inSavepoint(fn, false);
        begin(true);
        m_depth = 1;
        const auto undo = qScopeGuard([this] {
            m_depth = 0;
            rollback();
        });
        return fn(*m_sql);
    }
    // Readies this connection for its first writes to `tables`: on
    // PostgreSQL its server process loads and plans what a write to each
    // runs (the trigger language, the table's check of its references) in a
    // write of no row, undone, so that the first write under the writers'
    // lock costs what the later ones do. Nothing on SQLite, which reads the
    // whole schema as it opens.
    void primeWrites(const QStringList &tables);
    // Inside a write transaction: runs fn(SqlSession&) so that, when it
    // throws, what it wrote is undone and the rest of the transaction kept.
    template <typename F> decltype(auto) attempt(F &&fn) { return inSavepoint(fn, true); }

    // The change log, for other threads and processes to follow.
    qint64 lastChangeSeq();
    ChangeList changesSince(qint64 seq, int limit = changePage);
    // Reads the change log past `seq` a page at a time, in order, moving
    // `seq` to the last change read, until the log ends or fn(page) returns
    // false. A page shorter than pageSize is the log's end: no read is made
    // to find it empty.
    void followChanges(qint64 &seq, const std::function<bool(const ChangeList &)> &fn,
                       int pageSize = changePage);
    static constexpr int changePage = 10'000;
    // The change log keeps at least the last changeLogKept changes, and is
    // trimmed back to them once it holds changeLogSlack more.
    static constexpr qint64 changeLogKept = 200'000;
    static constexpr qint64 changeLogSlack = 50'000;
    // Changes whenever another connection commits (cheap to poll).
    qint64 dataVersion();
    // True once this process found the SQLite store at `location` detached:
    // its write-ahead log removed or replaced while connections here had it
    // open (another program dropped this process's locks, and a client that
    // took itself for the last removed the log). Every connection of the
    // process then refuses to read or write it, and closes without
    // checkpointing: what it holds is out of date. Reopen it in a new process.
    static bool isDetached(const QString &location);

private:
    template <typename F> decltype(auto) transact(bool forWrite, F &&fn)
    {
        if (forWrite)
            refuseWriteIfReadOnly();
        if (m_depth > 0)
            return fn(*m_sql);
        return retried([&]() -> decltype(auto) { return transactOnce(forWrite, fn); });
    }
    // fn(), run again after a transient failure (a transaction the server
    // could not serialise with another, a busy store), up to maxAttempts.
    template <typename F> decltype(auto) retried(F &&fn)
    {
        for (int attempt = 1;; ++attempt) {
            try {
                return fn();
            } catch (const BerthError &error) {
                if (!error.transient() || attempt >= maxAttempts)
                    throw;
                backOff(attempt);
            }
        }
    }
    template <typename F> decltype(auto) transactOnce(bool forWrite, F &fn)
    {
        begin(forWrite);
        m_depth = 1;
        try {
            if constexpr (std::is_void_v<decltype(fn(*m_sql))>) {
                fn(*m_sql);
                m_depth = 0;
                commit(forWrite);
            } else {
                auto result = fn(*m_sql);
                m_depth = 0;
                commit(forWrite);
                return result;
            }
        } catch (...) {
            m_depth = 0;
            rollback();
            throw;
        }
    }
    // fn in a savepoint, released when fn returns and `keep`, else rolled back to.
    template <typename F> decltype(auto) inSavepoint(F &fn, bool keep)
    {
        const QString name = enterSavepoint();
        bool returned = false;
        const auto leave = qScopeGuard([&] { leaveSavepoint(name, keep && returned); });
        if constexpr (std::is_void_v<decltype(fn(*m_sql))>) {
            fn(*m_sql);
            returned = true;
        } else {
            auto result = fn(*m_sql);
            returned = true;
            return result;
        }
    }
    QString enterSavepoint();
    void leaveSavepoint(const QString &name, bool keep);
    static constexpr int maxAttempts = 5;
    bool m_changeLogExists = false; // once migrated
    int m_openedVersion = 0;        // the schema version found as it opened
    // How long a SQLite writer waits for the write lock before giving up.
    static constexpr int busyTimeoutMs = 30'000;
    // How long PostgreSQL keeps a session that sits idle inside a transaction.
    static constexpr int idleTransactionMs = 120'000;
    void waitForLocksFairly(const QSqlDatabase &db);
    static void backOff(int attempt);
    void refuseWriteIfReadOnly() const;
    bool tableExists(const QString &table);
    void openPostgres();
    void openSqlite();
    void enableWriteAheadLog();
    // Throws unless the database is empty or Berth's; its schema version
    // (0 when empty).
    int refuseForeignDatabase();
    void begin(bool forWrite);
    // Throws once the store is detached (isDetached); notes the log's files
    // the first time they are there.
    void checkAttached();
    void commit(bool forWrite);
    void rollback();
    void migrate();

    QString m_location;
    QString m_connectionName;
    Backend m_backend = Backend::Sqlite;
    std::unique_ptr<SqlSession> m_sql;
    int m_depth = 0;
    bool m_readOnly = false;
    QElapsedTimer m_lockWait; // since the busy handler's first try
    // The -wal and -shm files this connection uses, as (device, inode).
    QList<QPair<quint64, quint64>> m_logFiles;
};

} // namespace berth
