#include "core/store/workspace.h"

#include "core/bertherror.h"

namespace berth {

QString Workspace::currentModel()
{
    return m_store.read([](SqlSession &sql) {
        return sql.scalar(QStringLiteral("SELECT value FROM meta WHERE key = 'current-model'"))
            .toString();
    });
}

void Workspace::setCurrentModel(SqlSession &sql, const QString &name)
{
    sql.run(QStringLiteral("INSERT INTO meta (key, value) VALUES ('current-model', ?) "
                           "ON CONFLICT (key) DO UPDATE SET value = excluded.value"),
            {name});
}

QString Workspace::resolveModel(const QString &explicitName)
{
    if (!explicitName.isEmpty())
        return explicitName;
    QString current = currentModel();
    if (current.isEmpty()) {
        throw BerthError(QStringLiteral("no current model; use -m MODEL or \"berthctl switch "
                                        "MODEL\""));
    }
    return current;
}

ModelSnapshot Workspace::snapshot(const QString &modelName)
{
    return readModel(modelName, [](ModelTx &tx) { return tx.snapshot(); });
}

ModelTx::PlacementPrecheck Workspace::precheckOf(const QString &cloud) const
{
    Provider *provider = m_clouds.findProvider(cloud);
    if (!provider)
        return {};
    return [provider](const QString &region, const QString &directive) {
        return provider->precheckPlacement(region, directive);
    };
}

} // namespace berth
