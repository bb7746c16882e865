#include "core/store/auditrows.h"

#include "core/store/sqlsession.h"

#include <QDateTime>
#include <QJsonDocument>

namespace berth {

using namespace Qt::StringLiterals;

void AuditRows::append(const ModelRecord &model, const QList<AuditRecord> &entries)
{
    const bool serverSays = m_sql.isPostgres(); // the column's default: session_user
    QList<SqlSession::Column> columns{{"model_id", "bigint"}, {"model", "text"}, {"at", "bigint"}};
    if (!serverSays)
        columns.append(SqlSession::Column{"actor", "text"});
    columns += {{"program", "text"}, {"host", "text"}, {"staged_by", "text"},
                {"command", "text"}, {"args", "text"}, {"description", "text"}};
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    QList<QVariantList> rows;
    rows.reserve(entries.size());
    for (const AuditRecord &e : entries) {
        QVariantList row{model.id, model.name, now};
        if (!serverSays)
            row << e.by.user;
        row << e.by.program << e.by.host << e.stagedBy << e.command
            << QString::fromUtf8(QJsonDocument(e.args).toJson(QJsonDocument::Compact))
            << e.description;
        rows << row;
    }
    m_sql.insertRows(u"audit_log"_s, columns, rows);
}

QList<AuditRecord> AuditRows::list(const AuditQuery &query)
{
    QStringList where;
    QVariantList binds;
    if (!query.model.isEmpty()) {
        where << u"model = ?"_s;
        binds << query.model;
    }
    if (!query.user.isEmpty()) {
        where << u"(actor = ? OR staged_by = ?)"_s;
        binds << query.user << query.user;
    }
    if (!query.program.isEmpty()) {
        where << u"program = ?"_s;
        binds << query.program;
    }
    if (!query.text.isEmpty()) {
        where << u"(lower(description) LIKE ? ESCAPE '\\' OR lower(command) LIKE ? ESCAPE '\\')"_s;
        binds << likeContaining(query.text.toLower()) << likeContaining(query.text.toLower());
    }
    if (query.since > 0) {
        where << u"at >= ?"_s;
        binds << query.since;
    }
    QString sql = u"SELECT id, model_id, model, at, actor, program, host, staged_by, command,"
                  " args, description FROM audit_log"_s;
    if (!where.isEmpty())
        sql += u" WHERE "_s + where.join(u" AND "_s);
    sql += u" ORDER BY id DESC"_s;
    if (query.limit > 0) {
        sql += u" LIMIT ?"_s;
        binds << query.limit;
    }
    QList<AuditRecord> entries;
    m_sql.forEachRow(sql, binds, [&](const SqlRow &row) {
        AuditRecord e;
        e.id = row.integer(0);
        e.modelId = row.integer(1);
        e.model = row.text(2);
        e.at = row.integer(3);
        e.by = {row.text(4), row.text(5), row.text(6)};
        e.stagedBy = row.text(7);
        e.command = row.text(8);
        e.args = QJsonDocument::fromJson(row.text(9).toUtf8()).object();
        e.description = row.text(10);
        entries << e;
    });
    std::reverse(entries.begin(), entries.end());
    return entries;
}

QString AuditRows::sessionUser()
{
    return m_sql.isPostgres() ? m_sql.scalar(u"SELECT session_user"_s).toString() : QString();
}

} // namespace berth
