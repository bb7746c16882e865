#include "store.h"

#include "bertherror.h"
#include "schema.h"

#include <QAtomicInteger>
#include <QDir>
#include <QFileInfo>
#include <QSqlError>
#include <QStandardPaths>

namespace {
QAtomicInteger<quint64> connectionCounter;

QString dialect(QString sql)
{
    return sql.replace(QStringLiteral("{pk}"), QStringLiteral("INTEGER PRIMARY KEY AUTOINCREMENT"));
}
} // namespace

Store::Store(const QString &location)
    : m_location(location)
    , m_connectionName(
          QStringLiteral("berth-store-%1").arg(connectionCounter.fetchAndAddRelaxed(1)))
{
    if (location.startsWith(QStringLiteral("postgresql://"))) {
        throw BerthError(QStringLiteral("cannot open \"%1\": PostgreSQL stores are not supported "
                                        "by this build; expected a SQLite file path")
                             .arg(location));
    }
    const QFileInfo info(location);
    if (!QDir().mkpath(info.absolutePath())) {
        throw BerthError(QStringLiteral("cannot open store \"%1\": cannot create directory \"%2\"")
                             .arg(location, info.absolutePath()));
    }
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connectionName);
    db.setDatabaseName(location);
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=30000"));
    if (!db.open()) {
        const QString error = db.lastError().text();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(m_connectionName);
        throw BerthError(QStringLiteral("cannot open store \"%1\": %2").arg(location, error));
    }
    m_sql = std::make_unique<SqlSession>(db);
    try {
        m_sql->execute(QStringLiteral("PRAGMA busy_timeout = 30000"));
        m_sql->execute(QStringLiteral("PRAGMA journal_mode = WAL"));
        m_sql->execute(QStringLiteral("PRAGMA synchronous = NORMAL"));
        m_sql->execute(QStringLiteral("PRAGMA foreign_keys = ON"));
        migrate();
    } catch (const BerthError &error) {
        m_sql.reset();
        QSqlDatabase::removeDatabase(m_connectionName);
        throw BerthError(
            QStringLiteral("cannot open store \"%1\": %2").arg(location, error.message()));
    }
}

Store::~Store()
{
    if (m_sql) {
        m_sql->clearCache();
        m_sql->database().close();
        m_sql.reset();
    }
    QSqlDatabase::removeDatabase(m_connectionName);
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

void Store::begin(bool forWrite)
{
    m_sql->execute(forWrite ? QStringLiteral("BEGIN IMMEDIATE") : QStringLiteral("BEGIN"));
}

void Store::commit()
{
    m_sql->execute(QStringLiteral("COMMIT"));
}

void Store::rollback()
{
    try {
        m_sql->execute(QStringLiteral("ROLLBACK"));
    } catch (const BerthError &) {
        // The transaction may already be gone (SQLite rolls back on some errors).
    }
}

int Store::schemaVersion()
{
    return read([](SqlSession &sql) {
        const QVariant exists = sql.scalar(QStringLiteral(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'meta'"));
        if (exists.toInt() == 0)
            return 0;
        return sql.scalar(QStringLiteral("SELECT value FROM meta WHERE key = 'schema-version'"))
            .toInt();
    });
}

void Store::migrate()
{
    const auto all = Schema::migrations();
    if (schemaVersion() == all.size())
        return;
    // Under the write lock: two processes opening a new store at once migrate it once.
    write([&](SqlSession &sql) {
        int version = 0;
        if (sql.scalar(QStringLiteral("SELECT count(*) FROM sqlite_master WHERE type = 'table' "
                                      "AND name = 'meta'"))
                .toInt() > 0) {
            version = sql.scalar(QStringLiteral("SELECT value FROM meta WHERE key = "
                                                "'schema-version'"))
                          .toInt();
        }
        if (version > all.size()) {
            throw BerthError(QStringLiteral("the store has schema version %1, newer than this "
                                            "Berth understands (%2); upgrade Berth")
                                 .arg(version)
                                 .arg(all.size()));
        }
        for (int v = version; v < all.size(); ++v) {
            for (const QString &statement : all.at(v))
                sql.execute(dialect(statement));
        }
        sql.run(QStringLiteral("INSERT INTO meta (key, value) VALUES ('schema-version', ?) "
                               "ON CONFLICT (key) DO UPDATE SET value = excluded.value"),
                {QString::number(all.size())});
    });
    m_sql->clearCache();
}

qint64 Store::lastChangeSeq()
{
    return read([](SqlSession &sql) {
        return sql.scalar(QStringLiteral("SELECT coalesce(max(seq), 0) FROM changes")).toLongLong();
    });
}

ChangeList Store::changesSince(qint64 seq, int limit)
{
    return read([&](SqlSession &sql) {
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

qint64 Store::dataVersion()
{
    return m_sql->scalar(QStringLiteral("PRAGMA data_version")).toLongLong();
}
