#include "core/store/bundlerows.h"

#include "core/store/sqlsession.h"
#include "core/store/txscope.h"

#include <QJsonDocument>
#include <QSqlQuery>

namespace berth {

namespace {

QString compact(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

QString endpoint(const QString &application, const QString &name)
{
    return name.isEmpty() ? application : application + u':' + name;
}

} // namespace

BundleRows::BundleRows(TxScope &scope)
    : m_scope(scope)
{}

QHash<qint64, QJsonObject> BundleRows::details()
{
    QSqlQuery &q = m_scope.sql().run(
        QStringLiteral("SELECT d.application_id, d.details FROM application_details d JOIN "
                       "applications a ON a.id = d.application_id WHERE a.model_id = ?"),
        {m_scope.model().id});
    QHash<qint64, QJsonObject> rows;
    while (q.next())
        rows.insert(q.value(0).toLongLong(),
                    QJsonDocument::fromJson(q.value(1).toByteArray()).object());
    q.finish();
    return rows;
}

void BundleRows::setDetails(const ApplicationRecord &app, const QJsonObject &details)
{
    m_scope.sql().run(QStringLiteral("INSERT INTO application_details (application_id, details) "
                                     "VALUES (?, ?) ON CONFLICT (application_id) DO UPDATE SET "
                                     "details = excluded.details"),
                      {app.id, compact(details)});
    m_scope.logChange(QStringLiteral("application"), app.name, Change::Op::Changed);
}

QList<BundleRows::MachineMark> BundleRows::machineMarks()
{
    QSqlQuery &q = m_scope.sql().run(
        QStringLiteral(
            "SELECT b.machine_id, m.name, b.bundle, b.bundle_machine, b.annotations FROM "
            "bundle_machines b JOIN machines m ON m.id = b.machine_id WHERE "
            "m.model_id = ? ORDER BY b.machine_id"),
        {m_scope.model().id});
    QList<MachineMark> rows;
    while (q.next()) {
        rows.append({q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(),
                     q.value(3).toString(),
                     QJsonDocument::fromJson(q.value(4).toByteArray()).object()});
    }
    q.finish();
    return rows;
}

void BundleRows::markMachine(const MachineRecord &machine, const MachineMark &mark)
{
    m_scope.sql().run(QStringLiteral("INSERT INTO bundle_machines (machine_id, bundle, "
                                     "bundle_machine, annotations) VALUES (?, ?, ?, ?) ON CONFLICT "
                                     "(machine_id) DO UPDATE SET bundle = excluded.bundle, "
                                     "bundle_machine = excluded.bundle_machine, annotations = "
                                     "excluded.annotations"),
                      {machine.id, mark.bundle, mark.bundleMachine, compact(mark.annotations)});
    m_scope.logChange(QStringLiteral("machine"), machine.name, Change::Op::Changed);
}

QList<BundleRows::EndpointRelation> BundleRows::endpointRelations()
{
    QSqlQuery &q = m_scope.sql().run(
        QStringLiteral("SELECT f.name, r.first_endpoint, s.name, r.second_endpoint FROM "
                       "endpoint_relations r JOIN applications f ON f.id = r.first_id JOIN "
                       "applications s ON s.id = r.second_id WHERE r.model_id = ? ORDER BY r.id"),
        {m_scope.model().id});
    QList<EndpointRelation> rows;
    while (q.next()) {
        rows.append({endpoint(q.value(0).toString(), q.value(1).toString()),
                     endpoint(q.value(2).toString(), q.value(3).toString())});
    }
    q.finish();
    return rows;
}

void BundleRows::addEndpointRelation(const ApplicationRecord &first, const QString &firstEndpoint,
                                     const ApplicationRecord &second, const QString &secondEndpoint)
{
    m_scope.sql().run(QStringLiteral("INSERT INTO endpoint_relations (model_id, first_id, "
                                     "first_endpoint, second_id, second_endpoint) VALUES "
                                     "(?, ?, ?, ?, ?)"),
                      {m_scope.model().id, first.id, firstEndpoint, second.id, secondEndpoint});
    m_scope.logChange(QStringLiteral("relation"), first.name + u' ' + second.name,
                      Change::Op::Added);
}

bool BundleRows::hasEndpointRelation(const ApplicationRecord &first,
                                     const ApplicationRecord &second)
{
    return m_scope.sql()
               .scalar(
                   QStringLiteral("SELECT count(*) FROM endpoint_relations WHERE model_id = ? AND "
                                  "((first_id = ? AND second_id = ?) OR "
                                  "(first_id = ? AND second_id = ?))"),
                   {m_scope.model().id, first.id, second.id, second.id, first.id})
               .toLongLong() > 0;
}

void BundleRows::removeEndpointRelations(const ApplicationRecord &first,
                                         const ApplicationRecord &second)
{
    m_scope.sql().run(QStringLiteral("DELETE FROM endpoint_relations WHERE model_id = ? AND "
                                     "((first_id = ? AND second_id = ?) OR "
                                     "(first_id = ? AND second_id = ?))"),
                      {m_scope.model().id, first.id, second.id, second.id, first.id});
    m_scope.logChange(QStringLiteral("relation"), first.name + u' ' + second.name,
                      Change::Op::Removed);
}

} // namespace berth
