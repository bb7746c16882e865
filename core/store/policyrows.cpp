#include "core/store/policyrows.h"

#include "core/store/modeltx.h"

#include <QJsonDocument>
#include <QSqlQuery>

PolicyRows::PolicyRows(ModelTx &tx)
    : m_tx(tx)
{}

QList<PolicyRows::Row> PolicyRows::of(qint64 applicationId)
{
    QSqlQuery &q = m_tx.m_sql.run(
        QStringLiteral("SELECT kind, spec FROM application_policies WHERE application_id = ? "
                       "ORDER BY kind"),
        {applicationId});
    QList<Row> rows;
    while (q.next())
        rows.append(
            {q.value(0).toString(), QJsonDocument::fromJson(q.value(1).toByteArray()).object()});
    q.finish();
    return rows;
}

void PolicyRows::put(const ApplicationRecord &app, const QString &kind, const QJsonObject &spec)
{
    m_tx.m_sql.run(
        QStringLiteral("INSERT INTO application_policies (application_id, kind, spec) "
                       "VALUES (?, ?, ?) ON CONFLICT (application_id, kind) DO UPDATE "
                       "SET spec = excluded.spec"),
        {app.id, kind, QString::fromUtf8(QJsonDocument(spec).toJson(QJsonDocument::Compact))});
    m_tx.logChange(QStringLiteral("application"), app.name, Change::Op::Changed);
}

qint64 PolicyRows::remove(const ApplicationRecord &app, const QString &kind)
{
    const qint64 removed =
        kind.isEmpty()
            ? m_tx.m_sql
                  .run(QStringLiteral("DELETE FROM application_policies WHERE application_id = ?"),
                       {app.id})
                  .numRowsAffected()
            : m_tx.m_sql
                  .run(QStringLiteral("DELETE FROM application_policies WHERE application_id = ? "
                                      "AND kind = ?"),
                       {app.id, kind})
                  .numRowsAffected();
    if (removed > 0)
        m_tx.logChange(QStringLiteral("application"), app.name, Change::Op::Changed);
    return removed;
}
