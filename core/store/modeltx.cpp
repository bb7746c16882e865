#include "core/store/modeltx.h"

#include "core/bertherror.h"
#include "core/store/sqlsession.h"

namespace berth {

ModelTx::ModelTx(SqlSession &sql, ModelRecord model, const CloudRegistry &clouds,
                 PlacementPrecheck precheck)
    : m_scope(sql, std::move(model))
    , m_clouds(clouds)
    , m_precheck(std::move(precheck))
{}

const CloudInfo &ModelTx::cloud() const
{
    if (!m_cloud)
        m_cloud = &m_clouds.get(model().cloud);
    return *m_cloud;
}

const RegionInfo &ModelTx::region() const
{
    const RegionInfo *r = cloud().region(model().region);
    if (!r) {
        throw BerthError(tr("region \"%1\" of model \"%2\" is not in cloud \"%3\"")
                             .arg(model().region, model().name, cloud().name));
    }
    return *r;
}

void ModelTx::setModelConstraints(const Constraints &constraints)
{
    m_scope.model().constraints = constraints;
    m_scope.sql().run(QStringLiteral("UPDATE models SET constraints = ? WHERE id = ?"),
                      {constraints.toString(), model().id});
    logChange(QStringLiteral("model"), model().name, Change::Op::Changed);
}

void ModelTx::setModelConfig(const QString &key, const QString &value)
{
    m_scope.sql().run(
        QStringLiteral("INSERT INTO model_config (model_id, key, value) VALUES (?, ?, ?) "
                       "ON CONFLICT (model_id, key) DO UPDATE SET value = excluded.value"),
        {model().id, key, value});
    logChange(QStringLiteral("model"), model().name, Change::Op::Changed);
}

void ModelTx::emptyAndMarkDying()
{
    SqlSession &sql = m_scope.sql();
    for (const char *table : {"staged_changes", "relations", "units", "applications"}) {
        sql.run(QStringLiteral("DELETE FROM %1 WHERE model_id = ?").arg(QLatin1String(table)),
                {model().id});
    }
    m_scope.subordinateRelations().clear();
    sql.run(QStringLiteral("UPDATE models SET life = 'dying' WHERE id = ?"), {model().id});
    m_scope.model().dying = true;
    logChange(QStringLiteral("model"), model().name, Change::Op::Changed);
}

bool ModelTx::removeIfDestroyed()
{
    SqlSession &sql = m_scope.sql();
    if (!model().dying ||
        sql.scalar(QStringLiteral("SELECT count(*) FROM machines WHERE model_id = ?"), {model().id})
                .toInt() > 0)
        return false;
    sql.run(QStringLiteral("DELETE FROM models WHERE id = ?"), {model().id});
    m_scope.dropSequences(); // they went with it
    logChange(QStringLiteral("model"), model().name, Change::Op::Removed);
    return true;
}

} // namespace berth
