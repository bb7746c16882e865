#include "core/store/modelrows.h"

#include "core/bertherror.h"
#include "core/store/rowmapping.h"
#include "core/store/sqlsession.h"

#include <QUuid>

namespace berth {

std::optional<ModelRecord> ModelRows::find(const QString &name)
{
    // The model and its settings in one statement: every command reads them
    // first, on PostgreSQL under the writers' lock.
    QSqlQuery &q =
        m_sql.run(QStringLiteral("SELECT m.id, m.uuid, m.name, m.cloud, m.region, m.credential, "
                                 "m.constraints, m.life, c.key, c.value FROM models m LEFT JOIN "
                                 "model_config c ON c.model_id = m.id WHERE m.name = ?"),
                  {name});
    if (!q.next()) {
        q.finish();
        return std::nullopt;
    }
    ModelRecord m;
    m.id = q.value(0).toLongLong();
    m.uuid = q.value(1).toString();
    m.name = q.value(2).toString();
    m.cloud = q.value(3).toString();
    m.region = q.value(4).toString();
    m.credential = q.value(5).toString();
    m.constraints = RowMapping::parsedOrEmpty(q.value(6).toString());
    m.dying = q.value(7).toString() == u"dying";
    QMap<QString, QString> config;
    do {
        if (!q.value(8).isNull())
            config.insert(q.value(8).toString(), q.value(9).toString());
    } while (q.next());
    q.finish();
    m.config = ModelConfig(config);
    return m;
}

ModelRecord ModelRows::load(const QString &name)
{
    auto model = find(name);
    if (!model)
        throw BerthError(tr("model \"%1\" not found").arg(name));
    return *model;
}

bool ModelRows::any()
{
    // A destroyed last model leaves the current-model setting, emptied.
    return m_sql.scalar(QStringLiteral("SELECT count(*) FROM models")).toInt() > 0 ||
           m_sql.scalar(QStringLiteral("SELECT count(*) FROM meta WHERE key = 'current-model'"))
                   .toInt() > 0;
}

qint64 ModelRows::create(const QString &name, const QString &cloud, const QString &region,
                         const QMap<QString, QString> &config)
{
    const qint64 id = m_sql.insert(
        QStringLiteral("INSERT INTO models (uuid, name, cloud, region) VALUES (?, ?, ?, ?) "
                       "RETURNING id"),
        {QUuid::createUuid().toString(QUuid::WithoutBraces), name, cloud, region});
    for (auto it = config.cbegin(); it != config.cend(); ++it) {
        m_sql.run(
            QStringLiteral("INSERT INTO model_config (model_id, key, value) VALUES (?, ?, ?)"),
            {id, it.key(), it.value()});
    }
    m_sql.run(QStringLiteral("INSERT INTO changes (model_id, kind, name, op) VALUES (?, 'model', "
                             "?, 'added')"),
              {id, name});
    return id;
}

QList<ModelRows::Summary> ModelRows::summaries()
{
    QList<Summary> list;
    QSqlQuery &q = m_sql.run(QStringLiteral(
        "SELECT name, cloud, region, (SELECT count(*) FROM machines m WHERE m.model_id = "
        "models.id), (SELECT count(*) FROM units u WHERE u.model_id = models.id), life, uuid "
        "FROM models ORDER BY name"));
    while (q.next()) {
        Summary s;
        s.name = q.value(0).toString();
        s.cloud = q.value(1).toString();
        s.region = q.value(2).toString();
        s.machines = q.value(3).toInt();
        s.units = q.value(4).toInt();
        s.dying = q.value(5).toString() == u"dying";
        s.uuid = q.value(6).toString();
        list << s;
    }
    q.finish();
    return list;
}

} // namespace berth
