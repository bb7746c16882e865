#include "core/store/workspace.h"

#include "core/bertherror.h"
#include "core/store/auditrows.h"

#include <QCoreApplication>

namespace berth {

namespace {

// This file's words, through Qt's translation system: the window shows them
// in the user's language, berthctl (no translator) as written here.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(Workspace)
};

} // namespace

Actor Workspace::actor()
{
    if (!m_actor) {
        Actor actor = Actor::ofThisProcess(QCoreApplication::applicationName());
        if (m_store.backend() == Store::Backend::Postgres)
            actor.user = m_store.read([](SqlSession &sql) { return AuditRows(sql).sessionUser(); });
        m_actor = actor;
    }
    Actor actor = *m_actor;
    if (!m_program.isEmpty())
        actor.program = m_program;
    return actor;
}

void Workspace::audit(const ModelRecord &model, QList<AuditRecord> entries)
{
    const Actor by = actor();
    for (AuditRecord &e : entries)
        e.by = by;
    m_store.write([&](SqlSession &sql) { AuditRows(sql).append(model, entries); });
}

void Workspace::audit(const ModelRecord &model, const QString &command, const QJsonObject &args,
                      const QString &description)
{
    AuditRecord entry;
    entry.command = command;
    entry.args = args;
    entry.description = description;
    audit(model, QList<AuditRecord>{entry});
}

QString Workspace::currentModel()
{
    return m_store.read([](SqlSession &sql) { return currentModel(sql); });
}

QString Workspace::currentModel(SqlSession &sql)
{
    return sql.scalar(QStringLiteral("SELECT value FROM meta WHERE key = 'current-model'"))
        .toString();
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
        throw BerthError(Text::tr("no current model; use -m MODEL or \"berthctl switch "
                                  "MODEL\""));
    }
    return current;
}

ModelSnapshot Workspace::snapshot(const QString &modelName)
{
    return readModel(modelName, [](ModelTx &tx) { return tx.snapshots().whole(); });
}

void Workspace::refuseDying(const ModelRecord &model)
{
    throw BerthError(
        Text::tr("model \"%1\" is being destroyed; it cannot be changed").arg(model.name));
}

ModelTx::PlacementPrecheck Workspace::precheckOf(const QString &cloud) const
{
    if (!m_clouds.hasProvider(cloud))
        return {};
    // The provider is looked up (and the cloud opened) only when a directive asks.
    return [&clouds = m_clouds, cloud](const QString &region, const QString &directive) {
        return clouds.provider(cloud).precheckPlacement(region, directive);
    };
}

} // namespace berth
