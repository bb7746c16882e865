#pragma once

#include <QHash>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QVariant>

#include <functional>
#include <initializer_list>
#include <type_traits>
#include <utility>

struct sqlite3;
struct sqlite3_stmt;

namespace berth {

// One row of a result, read by column: from a QSqlQuery, or straight from
// SQLite's statement (SqlSession::forEachRow).
class SqlRow
{
public:
    // The texts a read's rows share, column by column (see text()).
    class Texts;

    explicit SqlRow(const QSqlQuery &query)
        : m_query(&query)
    {}
    SqlRow(sqlite3_stmt *statement, Texts *texts)
        : m_statement(statement)
        , m_texts(texts)
    {}
    qint64 integer(int column) const;
    // Read from SQLite's statement, a value met in the same column of a
    // recent row is that row's string again, not a new one: the few values
    // of a column such as a zone, a region or a status take one string each
    // over a read of 100,000 rows, not one a row.
    QString text(int column) const;

private:
    const QSqlQuery *m_query = nullptr;
    sqlite3_stmt *m_statement = nullptr;
    Texts *m_texts = nullptr;
};

// Runs bound-parameter SQL on one connection, keeping prepared statements.
// Every failure throws BerthError, so a command's transaction rolls back whole.
class SqlSession
{
public:
    explicit SqlSession(const QSqlDatabase &db)
        : m_db(db)
        , m_postgres(db.driverName() == QLatin1String("QPSQL"))
    {}
    ~SqlSession() { clearCache(); }
    SqlSession(const SqlSession &) = delete;
    SqlSession &operator=(const SqlSession &) = delete;

    // Executes and returns the (cached) query, positioned before the first row.
    // Read its rows before running the same statement again.
    QSqlQuery &run(const QString &sql, std::initializer_list<QVariant> binds = {});
    QSqlQuery &run(const QString &sql, const QVariantList &binds);
    // First column of the first row, or an invalid QVariant when there is none.
    QVariant scalar(const QString &sql, std::initializer_list<QVariant> binds = {});
    // Runs an INSERT ... RETURNING id and gives the id (on SQLite through
    // its own statement, as forEachRow).
    qint64 insert(const QString &sql, std::initializer_list<QVariant> binds);
    // Statements with no parameters, not cached (schema, pragmas, BEGIN/COMMIT).
    void execute(const QString &sql);
    // Runs a SELECT and calls `row` for each row. On SQLite the values are
    // read from SQLite's statement itself, without a QVariant each: for the
    // reads of a whole model (tens of thousands of rows).
    void forEachRow(const QString &sql, const QVariantList &binds,
                    const std::function<void(const SqlRow &)> &row);

    // One column of insertRows(): its name and its PostgreSQL type.
    struct Column
    {
        const char *name;
        const char *type; // "bigint" or "text"
    };
    // Inserts `rows` (a value per column each) into `table`, many rows a
    // statement; gives each new row's id by the text of its `key` column
    // (unique among the rows; no `key`: no ids). On PostgreSQL each column
    // travels as one array parameter (unnest), which the server reads far
    // faster than thousands of parameters, in one round trip; SQLite steps
    // its own prepared statement once a row.
    QHash<QString, qint64> insertRows(const QString &table, const QList<Column> &columns,
                                      const QList<QVariantList> &rows, const QString &key = {});
    // Sets columns[1..] of the rows of `table` whose id is each row's first
    // value (columns[0] is "id") to the row's other values: on PostgreSQL as
    // insertRows, arrays of thousands of rows a statement; on SQLite a step
    // of one prepared UPDATE a row.
    void updateRows(const QString &table, const QList<Column> &columns,
                    const QList<QVariantList> &rows);
    // Calls `run` with a condition on a column (" IN (?, ...)", or on
    // PostgreSQL " = ANY(?::bigint[])") and its parameters, for every id of
    // `ids`: on SQLite a few hundred at a time (far below its limit on
    // parameters), on PostgreSQL all in one array, one statement (and one
    // check of its references) instead of one a few hundred. `run` may
    // take the batch's ids as a third argument.
    template <typename Run> void forIdBatches(const QList<qint64> &ids, Run run) const
    {
        const qsizetype size = m_postgres ? postgresIdBatch : sqliteIdBatch;
        for (qsizetype first = 0; first < ids.size(); first += size) {
            const QList<qint64> part = ids.mid(first, size);
            const auto [condition, binds] = idCondition(part);
            if constexpr (std::is_invocable_v<Run, const QString &, const QVariantList &,
                                              const QList<qint64> &>) {
                run(condition, binds, part);
            } else {
                run(condition, binds);
            }
        }
    }
    bool isPostgres() const { return m_postgres; }

    // PostgreSQL (nothing on SQLite): for the rest of the transaction, let
    // the server reuse the plans of statements run again and again, and of
    // the foreign-key checks it runs for each row a statement touches (on the
    // tables whose references are not checked once a statement). The
    // session otherwise plans every statement afresh (set when the store
    // opens: a plan kept from when a table was empty is a scan), which costs
    // bulk commands several times their work. A transaction takes this by
    // itself once it has run manyStatements statements; batched inserts ask
    // at once.
    void reusePlansInTransaction();
    static constexpr int manyStatements = 100;
    // Told by the store, so that the count starts at each transaction.
    void transactionBegan();
    void transactionEnded();

    QSqlDatabase database() const { return m_db; }
    void clearCache();
    // The cached statements, handed over: a store ending its PostgreSQL
    // session drops them only once the connection is gone, since Qt's driver
    // would send a DEALLOCATE (a round trip) for each that the server's end
    // of the session does anyway.
    QHash<QString, QSqlQuery> takeCache() { return std::exchange(m_cache, {}); }

private:
    QSqlQuery &prepared(const QString &sql);
    // The connection's own handle when it is SQLite, else null.
    sqlite3 *sqlite();
    sqlite3_stmt *preparedSqlite(const QString &sql);
    void bindSqlite(sqlite3_stmt *statement, const QString &sql, const QVariantList &binds);
    // Steps `statement`: true while it gives a row; throws on an error.
    bool stepSqlite(sqlite3_stmt *statement, const QString &sql);
    // Steps SQLite's prepared `sql` once a row of `rows`, calling `stepped`
    // after each.
    void stepEachRow(const QString &sql, const QList<QVariantList> &rows,
                     const std::function<void(const QVariantList &)> &stepped = {});
    [[noreturn]] void failSqlite(const QString &sql, const QString &what, int code);
    QSqlDatabase m_db;
    QHash<QString, QSqlQuery> m_cache;
    QHash<QString, sqlite3_stmt *> m_sqliteCache;
    sqlite3 *m_sqlite = nullptr; // the connection's own handle when it is SQLite
    bool m_sqliteLooked = false;
    static constexpr qsizetype sqliteIdBatch = 500;
    static constexpr qsizetype postgresIdBatch = 100'000;
    // The condition of forIdBatches() on `ids` and its parameters.
    std::pair<QString, QVariantList> idCondition(const QList<qint64> &ids) const;

    bool m_postgres = false;
    bool m_inTransaction = false;
    bool m_reusingPlans = false;
    int m_statements = 0; // run in this transaction
};

// `text` as a LIKE pattern (with ESCAPE '\') matching it anywhere in a
// value, its own %, _ and \ taken as they are.
QString likeContaining(QString text);

} // namespace berth
