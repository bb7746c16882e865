#include "core/store/applicationrows.h"

#include "core/bertherror.h"
#include "core/store/rowmapping.h"
#include "core/store/txscope.h"

namespace berth {

std::optional<ApplicationRecord> ApplicationRows::find(const QString &name)
{
    QSqlQuery &q = m_scope.sql().run(RowMapping::selectApplications() +
                                         QStringLiteral(" WHERE model_id = ? AND name = ?"),
                                     {m_scope.model().id, name});
    auto rows = RowMapping::collect<ApplicationRecord>(q, RowMapping::applicationFrom);
    return rows.isEmpty() ? std::nullopt : std::optional(rows.first());
}

ApplicationRecord ApplicationRows::get(const QString &name)
{
    auto app = find(name);
    if (!app)
        throw BerthError(tr("application \"%1\" not found").arg(name));
    return *app;
}

QList<ApplicationRecord> ApplicationRows::all()
{
    QSqlQuery &q = m_scope.sql().run(RowMapping::selectApplications() +
                                         QStringLiteral(" WHERE model_id = ? ORDER BY name"),
                                     {m_scope.model().id});
    return RowMapping::collect<ApplicationRecord>(q, RowMapping::applicationFrom);
}

ApplicationRecord ApplicationRows::create(ApplicationRecord app)
{
    app.id = m_scope.sql().insert(
        QStringLiteral("INSERT INTO applications (model_id, name, charm, base, subordinate, "
                       "constraints, min_size, max_size) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                       "RETURNING id"),
        {m_scope.model().id, app.name, app.charm, app.base, int(app.subordinate),
         app.constraints.toString(), app.minSize, app.maxSize});
    m_scope.logChange(QStringLiteral("application"), app.name, Change::Op::Added);
    return app;
}

void ApplicationRows::setConstraints(const ApplicationRecord &app, const Constraints &constraints)
{
    m_scope.sql().run(QStringLiteral("UPDATE applications SET constraints = ? WHERE id = ?"),
                      {constraints.toString(), app.id});
    m_scope.logChange(QStringLiteral("application"), app.name, Change::Op::Changed);
}

void ApplicationRows::setBounds(const ApplicationRecord &app, qint64 minSize, qint64 maxSize)
{
    m_scope.sql().run(
        QStringLiteral("UPDATE applications SET min_size = ?, max_size = ? WHERE id = ?"),
        {minSize, maxSize, app.id});
    m_scope.logChange(QStringLiteral("application"), app.name, Change::Op::Changed);
}

void ApplicationRows::remove(const ApplicationRecord &app)
{
    m_scope.sql().run(QStringLiteral("DELETE FROM applications WHERE id = ?"), {app.id});
    m_scope.logChange(QStringLiteral("application"), app.name, Change::Op::Removed);
}

QList<RelationRecord> ApplicationRows::relations()
{
    QSqlQuery &q = m_scope.sql().run(
        QStringLiteral("SELECT s.name, p.name FROM relations r JOIN applications s ON s.id = "
                       "r.subordinate_id JOIN applications p ON p.id = r.principal_id WHERE "
                       "r.model_id = ? ORDER BY s.name, p.name"),
        {m_scope.model().id});
    QList<RelationRecord> relations;
    while (q.next())
        relations.append({q.value(0).toString(), q.value(1).toString()});
    q.finish();
    return relations;
}

bool ApplicationRows::hasRelation(const ApplicationRecord &subordinate,
                                  const ApplicationRecord &principal)
{
    return m_scope.sql()
               .scalar(QStringLiteral("SELECT count(*) FROM relations WHERE subordinate_id = ? "
                                      "AND principal_id = ?"),
                       {subordinate.id, principal.id})
               .toInt() > 0;
}

void ApplicationRows::addRelation(const ApplicationRecord &subordinate,
                                  const ApplicationRecord &principal)
{
    m_scope.sql().run(QStringLiteral("INSERT INTO relations (model_id, subordinate_id, "
                                     "principal_id) VALUES (?, ?, ?)"),
                      {m_scope.model().id, subordinate.id, principal.id});
    m_scope.subordinateRelations().remove(principal.id);
    m_scope.logChange(QStringLiteral("relation"), subordinate.name + u' ' + principal.name,
                      Change::Op::Added);
}

void ApplicationRows::removeRelation(const ApplicationRecord &subordinate,
                                     const ApplicationRecord &principal)
{
    m_scope.sql().run(
        QStringLiteral("DELETE FROM relations WHERE subordinate_id = ? AND principal_id = ?"),
        {subordinate.id, principal.id});
    m_scope.subordinateRelations().remove(principal.id);
    m_scope.logChange(QStringLiteral("relation"), subordinate.name + u' ' + principal.name,
                      Change::Op::Removed);
}

void ApplicationRows::removeRelationsOf(const ApplicationRecord &app)
{
    m_scope.sql().run(
        QStringLiteral("DELETE FROM relations WHERE subordinate_id = ? OR principal_id = ?"),
        {app.id, app.id});
    m_scope.subordinateRelations().clear();
}

bool ApplicationRows::isPrincipalOfSubordinates(qint64 applicationId)
{
    QHash<qint64, bool> &known = m_scope.subordinateRelations();
    auto it = known.find(applicationId);
    if (it == known.end()) {
        const bool related =
            m_scope.sql()
                .scalar(QStringLiteral("SELECT count(*) FROM relations WHERE principal_id = ?"),
                        {applicationId})
                .toInt() > 0;
        it = known.insert(applicationId, related);
    }
    return *it;
}

} // namespace berth
