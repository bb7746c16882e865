#pragma once

#include <QHash>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QVariant>

#include <initializer_list>

namespace berth {

// Runs bound-parameter SQL on one connection, keeping prepared statements.
// Every failure throws BerthError, so a command's transaction rolls back whole.
class SqlSession
{
public:
    explicit SqlSession(const QSqlDatabase &db)
        : m_db(db)
    {}

    // Executes and returns the (cached) query, positioned before the first row.
    // Read its rows before running the same statement again.
    QSqlQuery &run(const QString &sql, std::initializer_list<QVariant> binds = {});
    QSqlQuery &run(const QString &sql, const QVariantList &binds);
    // First column of the first row, or an invalid QVariant when there is none.
    QVariant scalar(const QString &sql, std::initializer_list<QVariant> binds = {});
    // Runs an INSERT ... RETURNING id and gives the id.
    qint64 insert(const QString &sql, std::initializer_list<QVariant> binds);
    // Statements with no parameters, not cached (schema, pragmas, BEGIN/COMMIT).
    void execute(const QString &sql);

    QSqlDatabase database() const { return m_db; }
    void clearCache() { m_cache.clear(); }

private:
    QSqlQuery &prepared(const QString &sql);
    QSqlDatabase m_db;
    QHash<QString, QSqlQuery> m_cache;
};

} // namespace berth
