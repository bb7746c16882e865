#include "core/store/stagedrows.h"

#include "core/store/sqlsession.h"
#include "core/store/txscope.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QSqlQuery>

namespace berth {

namespace {

const QString changeSetKind = QStringLiteral("change-set");

} // namespace

StagedRows::StagedRows(TxScope &scope)
    : m_scope(scope)
{}

QList<StagedChangeRecord> StagedRows::list()
{
    QSqlQuery &q = m_scope.sql().run(
        QStringLiteral("SELECT id, key, command, args, author, program, host, created_at FROM "
                       "staged_changes WHERE model_id = ? ORDER BY id"),
        {m_scope.model().id});
    QList<StagedChangeRecord> rows;
    while (q.next()) {
        rows.append({q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(),
                     QJsonDocument::fromJson(q.value(3).toByteArray()).object(),
                     q.value(4).toString(), q.value(5).toString(), q.value(6).toString(),
                     q.value(7).toLongLong()});
    }
    q.finish();
    return rows;
}

qint64 StagedRows::count()
{
    return m_scope.sql()
        .scalar(QStringLiteral("SELECT count(*) FROM staged_changes WHERE model_id = ?"),
                {m_scope.model().id})
        .toLongLong();
}

StagedChangeRecord StagedRows::append(StagedChangeRecord row)
{
    row.createdAt = QDateTime::currentMSecsSinceEpoch();
    row.id = m_scope.sql().insert(
        QStringLiteral("INSERT INTO staged_changes (model_id, key, command, args, author, "
                       "program, host, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id"),
        {m_scope.model().id, row.key, row.command,
         QString::fromUtf8(QJsonDocument(row.args).toJson(QJsonDocument::Compact)), row.author,
         row.program, row.host, row.createdAt});
    m_scope.logChange(changeSetKind, QString::number(row.id), Change::Op::Added);
    return row;
}

qint64 StagedRows::remove(const QList<qint64> &ids)
{
    qint64 removed = 0;
    for (const qint64 id : ids) {
        removed += m_scope.sql()
                       .run(QStringLiteral("DELETE FROM staged_changes WHERE model_id = ? AND "
                                           "id = ?"),
                            {m_scope.model().id, id})
                       .numRowsAffected();
        m_scope.logChange(changeSetKind, QString::number(id), Change::Op::Removed);
    }
    return removed;
}

qint64 StagedRows::clear()
{
    const qint64 removed = m_scope.sql()
                               .run(QStringLiteral("DELETE FROM staged_changes WHERE model_id = ?"),
                                    {m_scope.model().id})
                               .numRowsAffected();
    if (removed > 0)
        m_scope.logChange(changeSetKind, m_scope.model().name, Change::Op::Removed);
    return removed;
}

} // namespace berth
