#include "core/store/policyrows.h"

#include "core/store/sqlsession.h"
#include "core/store/txscope.h"

#include <QJsonDocument>
#include <QSqlQuery>

namespace berth {

PolicyRows::PolicyRows(TxScope &scope)
    : m_scope(scope)
{}

namespace {

QList<PolicyRecord> recordsFrom(QSqlQuery &q)
{
    QList<PolicyRecord> rows;
    while (q.next()) {
        rows.append({q.value(0).toLongLong(), q.value(1).toString(),
                     QJsonDocument::fromJson(q.value(2).toByteArray()).object()});
    }
    q.finish();
    return rows;
}

} // namespace

QList<PolicyRecord> PolicyRows::of(qint64 applicationId)
{
    return recordsFrom(m_scope.sql().run(
        QStringLiteral("SELECT application_id, kind, spec FROM application_policies WHERE "
                       "application_id = ? ORDER BY kind"),
        {applicationId}));
}

QList<PolicyRecord> PolicyRows::ofModel()
{
    return recordsFrom(m_scope.sql().run(
        QStringLiteral("SELECT p.application_id, p.kind, p.spec FROM application_policies p JOIN "
                       "applications a ON a.id = p.application_id WHERE a.model_id = ? ORDER BY "
                       "p.application_id, p.kind"),
        {m_scope.model().id}));
}

void PolicyRows::put(const ApplicationRecord &app, const QString &kind, const QJsonObject &spec)
{
    m_scope.sql().run(
        QStringLiteral("INSERT INTO application_policies (application_id, kind, spec) "
                       "VALUES (?, ?, ?) ON CONFLICT (application_id, kind) DO UPDATE "
                       "SET spec = excluded.spec"),
        {app.id, kind, QString::fromUtf8(QJsonDocument(spec).toJson(QJsonDocument::Compact))});
    m_scope.logChange(QStringLiteral("application"), app.name, Change::Op::Changed);
}

qint64 PolicyRows::remove(const ApplicationRecord &app, const QString &kind)
{
    const qint64 removed =
        kind.isEmpty()
            ? m_scope.sql()
                  .run(QStringLiteral("DELETE FROM application_policies WHERE application_id = ?"),
                       {app.id})
                  .numRowsAffected()
            : m_scope.sql()
                  .run(QStringLiteral("DELETE FROM application_policies WHERE application_id = ? "
                                      "AND kind = ?"),
                       {app.id, kind})
                  .numRowsAffected();
    if (removed > 0)
        m_scope.logChange(QStringLiteral("application"), app.name, Change::Op::Changed);
    return removed;
}

} // namespace berth
