#include "core/store/sqlsession.h"

#include "core/store/storeerror.h"

#include <QScopeGuard>
#include <QSqlDriver>
#include <QSqlError>
#include <QStringList>
#include <QUrl>
#include <QVarLengthArray>

#include <sqlite3.h>

#include <algorithm>
#include <optional>

namespace berth {

using namespace Qt::StringLiterals;

namespace {
// A null QString means "no text" here, never SQL NULL.
QVariant bindable(const QVariant &value)
{
    if (value.typeId() == QMetaType::QString && value.toString().isNull())
        return QString(u""_s);
    if (value.typeId() == QMetaType::Bool) // flags are INTEGER columns on every backend
        return int(value.toBool());
    return value;
}

// The SQLite file behind `db`, for errors that depend on its disk; empty on
// PostgreSQL.
QString sqliteFile(const QSqlDatabase &db)
{
    if (db.driverName() != u"QSQLITE"_s)
        return {};
    const QString name = db.databaseName();
    return name.startsWith(u"file:"_s) ? QUrl(name).toLocalFile() : name;
}

[[noreturn]] void fail(const QString &sql, const QSqlDatabase &db, const QSqlError &error)
{
    throw StoreError::fromStatement(error, sql, sqliteFile(db));
}

// A PostgreSQL array literal of `values` of one column ({1,2} or {"a","b"}).
QString arrayLiteral(const QList<QVariantList> &rows, qsizetype first, qsizetype count,
                     qsizetype column, bool text)
{
    QStringList items;
    items.reserve(count);
    for (qsizetype i = first; i < first + count; ++i) {
        const QVariant &value = rows.at(i).at(column);
        if (value.isNull()) {
            items << u"NULL"_s;
        } else if (text) {
            QString quoted = value.toString();
            quoted.replace(u'\\', u"\\\\"_s).replace(u'"', u"\\\""_s);
            items << u'"' + quoted + u'"';
        } else {
            items << QString::number(value.toLongLong());
        }
    }
    return u'{' + items.join(u',') + u'}';
}

constexpr qsizetype rowsPerStatement = 5000;

QStringList columnNames(const QList<SqlSession::Column> &columns)
{
    QStringList names;
    for (const SqlSession::Column &c : columns)
        names << QString::fromLatin1(c.name);
    return names;
}

// rows[first, first + count) of `columns` as a query for PostgreSQL:
// "SELECT ?::bigint, v.name FROM unnest(?::text[]) AS v(name)". A column
// that varies travels as one array parameter, which the server reads far
// faster than thousands of parameters; a column with one value in every row
// (the model, the application, the time) as one parameter, not an array of
// copies that the server would read element by element.
struct RowsQuery
{
    QString select;
    QVariantList binds;
};

bool sameValue(const QVariant &a, const QVariant &b, bool text)
{
    if (a.isNull() || b.isNull())
        return a.isNull() && b.isNull();
    return text ? a.toString() == b.toString() : a.toLongLong() == b.toLongLong();
}

RowsQuery rowsQuery(const QList<SqlSession::Column> &columns, const QList<QVariantList> &rows,
                    qsizetype first, qsizetype count)
{
    QStringList selected;
    QStringList arrays;
    QStringList aliases;
    QVariantList scalars;
    QVariantList arrayBinds;
    for (qsizetype c = 0; c < columns.size(); ++c) {
        const QString name = QString::fromLatin1(columns.at(c).name);
        const QString type = QString::fromLatin1(columns.at(c).type);
        const bool text = type == u"text"_s;
        const QVariant &head = rows.at(first).at(c);
        bool constant = true;
        for (qsizetype i = first + 1; constant && i < first + count; ++i)
            constant = sameValue(head, rows.at(i).at(c), text);
        // unnest() needs one array: the last column goes as one when all are constant.
        if (constant && (!arrays.isEmpty() || c + 1 < columns.size())) {
            selected << u"?::"_s + type;
            scalars << (head.isNull() ? QVariant()
                        : text        ? QVariant(head.toString())
                                      : QVariant(head.toLongLong()));
            continue;
        }
        selected << u"v."_s + name;
        arrays << u"?::%1[]"_s.arg(type);
        aliases << name;
        arrayBinds << arrayLiteral(rows, first, count, c, text);
    }
    return {u"SELECT %1 FROM unnest(%2) AS v(%3)"_s.arg(
                selected.join(u", "_s), arrays.join(u", "_s), aliases.join(u", "_s)),
            scalars + arrayBinds};
}

} // namespace

void SqlSession::stepEachRow(const QString &sql, const QList<QVariantList> &rows,
                             const std::function<void(const QVariantList &)> &stepped)
{
    sqlite3_stmt *statement = preparedSqlite(sql);
    const auto reset = qScopeGuard([statement] {
        sqlite3_reset(statement);
        sqlite3_clear_bindings(statement);
    });
    for (const QVariantList &row : rows) {
        bindSqlite(statement, sql, row);
        stepSqlite(statement, sql);
        sqlite3_reset(statement);
        if (stepped)
            stepped(row);
    }
}

QHash<QString, qint64> SqlSession::insertRows(const QString &table, const QList<Column> &columns,
                                              const QList<QVariantList> &rows, const QString &key)
{
    const QStringList names = columnNames(columns);
    const QString head = u"INSERT INTO %1 (%2) "_s.arg(table, names.join(u','));
    QHash<QString, qint64> ids;
    if (sqlite()) {
        // In this process, one row a step of SQLite's own prepared statement
        // is quicker than any statement of many rows. Every table's key is
        // its rowid: the new row's id is the connection's last one.
        const qsizetype keyColumn = key.isEmpty() ? -1 : names.indexOf(key);
        Q_ASSERT(key.isEmpty() || keyColumn >= 0);
        ids.reserve(keyColumn < 0 ? 0 : rows.size());
        stepEachRow(head + u"VALUES ("_s + QStringList(columns.size(), u"?"_s).join(u',') + u')',
                    rows, [&](const QVariantList &row) {
                        if (keyColumn >= 0)
                            ids.insert(row.at(keyColumn).toString(),
                                       sqlite3_last_insert_rowid(m_sqlite));
                    });
        return ids;
    }
    // An insert has no join to plan badly: its plan is kept only for a
    // statement that runs more than once here.
    if (rows.size() > rowsPerStatement)
        reusePlansInTransaction();
    for (qsizetype first = 0; first < rows.size(); first += rowsPerStatement) {
        const auto [select, binds] =
            rowsQuery(columns, rows, first, std::min(rowsPerStatement, rows.size() - first));
        if (key.isEmpty()) {
            run(head + select, binds).finish();
            continue;
        }
        QSqlQuery &q = run(head + select + u" RETURNING id, "_s + key, binds);
        while (q.next())
            ids.insert(q.value(1).toString(), q.value(0).toLongLong());
        q.finish();
    }
    return ids;
}

void SqlSession::updateRows(const QString &table, const QList<Column> &columns,
                            const QList<QVariantList> &rows)
{
    Q_ASSERT(columns.size() > 1 && qstrcmp(columns.constFirst().name, "id") == 0);
    const QStringList names = columnNames(columns);
    if (sqlite()) {
        QStringList sets;
        for (qsizetype c = 1; c < names.size(); ++c)
            sets << names.at(c) + u" = ?"_s;
        QList<QVariantList> keyLast;
        keyLast.reserve(rows.size());
        for (const QVariantList &row : rows)
            keyLast << row.mid(1) + QVariantList{row.constFirst()};
        stepEachRow(u"UPDATE %1 SET %2 WHERE id = ?"_s.arg(table, sets.join(u", "_s)), keyLast);
        return;
    }
    QStringList sets;
    for (qsizetype c = 1; c < names.size(); ++c)
        sets << u"%1 = w.%1"_s.arg(names.at(c));
    if (rows.size() > 1)
        reusePlansInTransaction();
    for (qsizetype first = 0; first < rows.size(); first += rowsPerStatement) {
        const auto [select, binds] =
            rowsQuery(columns, rows, first, std::min(rowsPerStatement, rows.size() - first));
        run(u"UPDATE %1 SET %2 FROM (%3) AS w(%4) WHERE %1.id = w.id"_s.arg(
                table, sets.join(u", "_s), select, names.join(u", "_s)),
            binds)
            .finish();
    }
}

std::pair<QString, QVariantList> SqlSession::idCondition(const QList<qint64> &ids) const
{
    if (m_postgres) {
        QStringList items;
        items.reserve(ids.size());
        for (const qint64 id : ids)
            items << QString::number(id);
        return {u" = ANY(?::bigint[])"_s, QVariantList{QString(u'{' + items.join(u',') + u'}')}};
    }
    QVariantList binds;
    binds.reserve(ids.size());
    for (const qint64 id : ids)
        binds << id;
    return {u" IN ("_s + QStringList(ids.size(), u"?"_s).join(u',') + u')', binds};
}

QSqlQuery &SqlSession::prepared(const QString &sql)
{
    if (m_inTransaction && ++m_statements == manyStatements)
        reusePlansInTransaction();
    auto it = m_cache.find(sql);
    if (it == m_cache.end()) {
        QSqlQuery query(m_db);
        query.setForwardOnly(true);
        if (!query.prepare(sql))
            fail(sql, m_db, query.lastError());
        it = m_cache.insert(sql, query);
    }
    return *it;
}

QSqlQuery &SqlSession::run(const QString &sql, std::initializer_list<QVariant> binds)
{
    QSqlQuery &query = prepared(sql);
    int i = 0;
    for (const QVariant &value : binds)
        query.bindValue(i++, bindable(value));
    if (!query.exec())
        fail(sql, m_db, query.lastError());
    return query;
}

QSqlQuery &SqlSession::run(const QString &sql, const QVariantList &binds)
{
    QSqlQuery &query = prepared(sql);
    for (int i = 0; i < binds.size(); ++i)
        query.bindValue(i, bindable(binds.at(i)));
    if (!query.exec())
        fail(sql, m_db, query.lastError());
    return query;
}

QVariant SqlSession::scalar(const QString &sql, std::initializer_list<QVariant> binds)
{
    QSqlQuery &query = run(sql, binds);
    QVariant value;
    if (query.next())
        value = query.value(0);
    query.finish();
    return value;
}

qint64 SqlSession::insert(const QString &sql, std::initializer_list<QVariant> binds)
{
    if (sqlite()) {
        std::optional<qint64> id;
        forEachRow(sql, QVariantList(binds), [&](const SqlRow &row) {
            if (!id)
                id = row.integer(0);
        });
        if (!id) {
            fail(sql, m_db,
                 QSqlError(QStringLiteral("no row inserted"), {}, QSqlError::StatementError));
        }
        return *id;
    }
    QSqlQuery &query = run(sql, binds);
    if (!query.next())
        fail(sql, m_db, query.lastError());
    const qint64 id = query.value(0).toLongLong();
    query.finish();
    return id;
}

qint64 SqlRow::integer(int column) const
{
    if (m_statement)
        return sqlite3_column_int64(m_statement, column);
    return m_query->value(column).toLongLong();
}

// The last few distinct texts of each column of one read. A column whose
// values keep missing (a name, an id) stops being looked at.
class SqlRow::Texts
{
public:
    explicit Texts(int columns)
        : m_columns(columns)
    {}
    QString text(int column, const char *data, int bytes)
    {
        if (column >= m_columns.size())
            return QString::fromUtf8(data, bytes);
        Column &c = m_columns[column];
        if (c.misses >= giveUpAfter)
            return QString::fromUtf8(data, bytes);
        const QUtf8StringView value(data, bytes);
        for (const QString &recent : c.recent) {
            // Only texts of as many UTF-16 units as bytes (ASCII) are looked at.
            if (recent.size() == bytes && QAnyStringView::equal(recent, value)) {
                c.misses = 0;
                return recent;
            }
        }
        ++c.misses;
        QString &slot = c.recent[c.next];
        c.next = (c.next + 1) % kept;
        slot = QString::fromUtf8(data, bytes);
        return slot;
    }

private:
    static constexpr int kept = 4;
    static constexpr int giveUpAfter = 64;
    struct Column
    {
        QString recent[kept];
        int next = 0;
        int misses = 0;
    };
    QVarLengthArray<Column, 24> m_columns;
};

QString SqlRow::text(int column) const
{
    if (!m_statement)
        return m_query->value(column).toString();
    // The store is UTF-8: read the text as it is kept (the UTF-16 call has
    // SQLite convert it into a buffer of its own first).
    const auto *data = reinterpret_cast<const char *>(sqlite3_column_text(m_statement, column));
    const int bytes = sqlite3_column_bytes(m_statement, column);
    if (bytes <= 0)
        return QString();
    return m_texts ? m_texts->text(column, data, bytes) : QString::fromUtf8(data, bytes);
}

void SqlSession::clearCache()
{
    m_cache.clear();
    for (sqlite3_stmt *statement : std::as_const(m_sqliteCache))
        sqlite3_finalize(statement);
    m_sqliteCache.clear();
}

sqlite3 *SqlSession::sqlite()
{
    if (!m_sqliteLooked) {
        m_sqliteLooked = true;
        const QVariant handle = m_db.driver()->handle();
        if (handle.isValid() && qstrcmp(handle.typeName(), "sqlite3*") == 0)
            m_sqlite = *static_cast<sqlite3 *const *>(handle.data());
    }
    return m_sqlite;
}

sqlite3_stmt *SqlSession::preparedSqlite(const QString &sql)
{
    auto it = m_sqliteCache.find(sql);
    if (it != m_sqliteCache.end())
        return *it;
    sqlite3_stmt *statement = nullptr;
    const int code =
        sqlite3_prepare16_v2(m_sqlite, sql.utf16(), int(sql.size() * 2), &statement, nullptr);
    if (code != SQLITE_OK)
        failSqlite(sql, QStringLiteral("cannot prepare"), code);
    return *m_sqliteCache.insert(sql, statement);
}

void SqlSession::forEachRow(const QString &sql, const QVariantList &binds,
                            const std::function<void(const SqlRow &)> &row)
{
    if (!sqlite()) {
        QSqlQuery &query = run(sql, binds);
        const SqlRow current(query);
        while (query.next())
            row(current);
        query.finish();
        return;
    }
    sqlite3_stmt *statement = preparedSqlite(sql);
    const auto reset = qScopeGuard([statement] {
        sqlite3_reset(statement);
        sqlite3_clear_bindings(statement);
    });
    bindSqlite(statement, sql, binds);
    SqlRow::Texts texts(sqlite3_column_count(statement));
    const SqlRow current(statement, &texts);
    while (stepSqlite(statement, sql))
        row(current);
}

void SqlSession::bindSqlite(sqlite3_stmt *statement, const QString &sql, const QVariantList &binds)
{
    for (int i = 0; i < binds.size(); ++i) {
        const QVariant value = bindable(binds.at(i));
        int code = SQLITE_OK;
        if (value.typeId() == QMetaType::QString) {
            const QString text = value.toString();
            code = sqlite3_bind_text16(statement, i + 1, text.utf16(), int(text.size() * 2),
                                       SQLITE_TRANSIENT);
        } else if (value.isNull()) {
            code = sqlite3_bind_null(statement, i + 1);
        } else if (value.typeId() == QMetaType::Double) {
            code = sqlite3_bind_double(statement, i + 1, value.toDouble());
        } else {
            code = sqlite3_bind_int64(statement, i + 1, value.toLongLong());
        }
        if (code != SQLITE_OK)
            failSqlite(sql, QStringLiteral("cannot bind"), code);
    }
}

bool SqlSession::stepSqlite(sqlite3_stmt *statement, const QString &sql)
{
    const int code = sqlite3_step(statement);
    if (code != SQLITE_ROW && code != SQLITE_DONE)
        failSqlite(sql, QStringLiteral("cannot run"), code);
    return code == SQLITE_ROW;
}

void SqlSession::failSqlite(const QString &sql, const QString &what, int code)
{
    fail(sql, m_db,
         QSqlError(what, QString::fromUtf8(sqlite3_errmsg(m_sqlite)), QSqlError::StatementError,
                   QString::number(code)));
}

void SqlSession::execute(const QString &sql)
{
    QSqlQuery query(m_db);
    if (!query.exec(sql))
        fail(sql, m_db, query.lastError());
}

void SqlSession::reusePlansInTransaction()
{
    if (!m_postgres || !m_inTransaction || m_reusingPlans)
        return;
    m_reusingPlans = true; // first: execute() below is no statement of the count's
    execute(QStringLiteral("SET LOCAL plan_cache_mode = auto"));
}

void SqlSession::transactionBegan()
{
    m_inTransaction = true;
    m_reusingPlans = false;
    m_statements = 0;
}

void SqlSession::transactionEnded()
{
    m_inTransaction = false;
}

QString likeContaining(QString text)
{
    text.replace(u'\\', u"\\\\"_s).replace(u'%', u"\\%"_s).replace(u'_', u"\\_"_s);
    return u'%' + text + u'%';
}

} // namespace berth
