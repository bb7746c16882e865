#include "core/store/sqlsession.h"

#include "core/store/storeerror.h"

#include <QSqlError>

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

[[noreturn]] void fail(const QString &sql, const QSqlError &error)
{
    throw StoreError::fromStatement(error, sql);
}
} // namespace

QSqlQuery &SqlSession::prepared(const QString &sql)
{
    auto it = m_cache.find(sql);
    if (it == m_cache.end()) {
        QSqlQuery query(m_db);
        query.setForwardOnly(true);
        if (!query.prepare(sql))
            fail(sql, query.lastError());
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
        fail(sql, query.lastError());
    return query;
}

QSqlQuery &SqlSession::run(const QString &sql, const QVariantList &binds)
{
    QSqlQuery &query = prepared(sql);
    for (int i = 0; i < binds.size(); ++i)
        query.bindValue(i, bindable(binds.at(i)));
    if (!query.exec())
        fail(sql, query.lastError());
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
    QSqlQuery &query = run(sql, binds);
    if (!query.next())
        fail(sql, query.lastError());
    const qint64 id = query.value(0).toLongLong();
    query.finish();
    return id;
}

void SqlSession::execute(const QString &sql)
{
    QSqlQuery query(m_db);
    if (!query.exec(sql))
        fail(sql, query.lastError());
}

} // namespace berth
