#include "modelcommands.h"

#include "bertherror.h"
#include "names.h"

#include <QUuid>

namespace {
ModelCommands::ModelSummary summaryFrom(const QSqlQuery &q, const QString &current)
{
    ModelCommands::ModelSummary s;
    s.name = q.value(0).toString();
    s.cloud = q.value(1).toString();
    s.region = q.value(2).toString();
    s.machines = q.value(3).toInt();
    s.units = q.value(4).toInt();
    s.current = s.name == current;
    return s;
}
} // namespace

QMap<QString, QString> ModelCommands::parseAssignments(const QStringList &assignments,
                                                       const CloudInfo &cloud) const
{
    QMap<QString, QString> values;
    for (const QString &assignment : assignments) {
        const auto [key, value] = Names::splitSetting(assignment);
        values.insert(key, ModelConfig::check(key, value, cloud.bases));
    }
    return values;
}

void ModelCommands::ensureDefaultModel()
{
    if (m_ws.clouds().clouds().isEmpty())
        return;
    // Every command starts here: a read, so that commands that only read take
    // no write lock (and work on a read-only store).
    const auto hasModels = [](SqlSession &sql) {
        return sql.scalar(QStringLiteral("SELECT count(*) FROM models")).toInt() > 0;
    };
    if (m_ws.store().read(hasModels) || m_ws.store().isReadOnly())
        return;
    m_ws.store().write([&](SqlSession &sql) {
        if (hasModels(sql))
            return;
        const CloudInfo &cloud = m_ws.clouds().clouds().first();
        sql.run(
            QStringLiteral("INSERT INTO models (uuid, name, cloud, region) VALUES (?, ?, ?, ?)"),
            {QUuid::createUuid().toString(QUuid::WithoutBraces), QStringLiteral("default"),
             cloud.name, cloud.defaultRegion()});
        m_ws.setCurrentModel(sql, QStringLiteral("default"));
    });
}

CommandResult ModelCommands::addModel(const QString &name, const QString &cloudRegion,
                                      const QStringList &config)
{
    Names::checkModelName(name);
    QString cloudName = cloudRegion.section(u'/', 0, 0);
    QString regionName = cloudRegion.section(u'/', 1);
    if (cloudName.isEmpty())
        cloudName =
            m_ws.clouds().clouds().isEmpty() ? QString() : m_ws.clouds().clouds().first().name;
    const CloudInfo &cloud = m_ws.clouds().get(cloudName);
    if (regionName.isEmpty())
        regionName = cloud.defaultRegion();
    if (!cloud.region(regionName)) {
        throw BerthError(
            QStringLiteral("region \"%1\" not found in cloud %2; expected one of %3")
                .arg(regionName, cloud.name, cloud.regionNames().join(QStringLiteral(", "))));
    }
    const auto values = parseAssignments(config, cloud);
    return m_ws.store().write([&](SqlSession &sql) {
        if (ModelTx::findModel(sql, name))
            throw BerthError(QStringLiteral("model \"%1\" already exists").arg(name));
        const qint64 id = sql.insert(
            QStringLiteral("INSERT INTO models (uuid, name, cloud, "
                           "region) VALUES (?, ?, ?, ?) RETURNING id"),
            {QUuid::createUuid().toString(QUuid::WithoutBraces), name, cloud.name, regionName});
        for (auto it = values.cbegin(); it != values.cend(); ++it) {
            sql.run(QStringLiteral("INSERT INTO model_config (model_id, key, value) VALUES "
                                   "(?, ?, ?)"),
                    {id, it.key(), it.value()});
        }
        sql.run(QStringLiteral("INSERT INTO changes (model_id, kind, name, op) VALUES (?, "
                               "'model', ?, 'added')"),
                {id, name});
        m_ws.setCurrentModel(sql, name);
        CommandResult result;
        result.messages
            << QStringLiteral("Added \"%1\" model on %2/%3").arg(name, cloud.name, regionName);
        return result;
    });
}

QList<ModelCommands::ModelSummary> ModelCommands::models()
{
    const QString current = m_ws.currentModel();
    return m_ws.store().read([&](SqlSession &sql) {
        QList<ModelSummary> list;
        QSqlQuery &q = sql.run(QStringLiteral(
            "SELECT name, cloud, region, (SELECT count(*) FROM machines m WHERE m.model_id = "
            "models.id), (SELECT count(*) FROM units u WHERE u.model_id = models.id) FROM models "
            "ORDER BY name"));
        while (q.next())
            list << summaryFrom(q, current);
        q.finish();
        return list;
    });
}

void ModelCommands::switchModel(const QString &name)
{
    m_ws.store().write([&](SqlSession &sql) {
        ModelTx::loadModel(sql, name);
        m_ws.setCurrentModel(sql, name);
    });
}

QList<QPair<ModelConfig::KeyInfo, QString>> ModelCommands::config(const QString &model)
{
    const ModelRecord record =
        m_ws.store().read([&](SqlSession &sql) { return ModelTx::loadModel(sql, model); });
    QList<QPair<ModelConfig::KeyInfo, QString>> rows;
    for (const ModelConfig::KeyInfo &info : ModelConfig::keys())
        rows.append({info, record.config.value(info.name)});
    return rows;
}

CommandResult ModelCommands::setConfig(const QString &model, const QStringList &assignments)
{
    m_ws.inModel(model, [&](ModelTx &tx) {
        const auto values = parseAssignments(assignments, tx.cloud());
        for (auto it = values.cbegin(); it != values.cend(); ++it) {
            tx.sql().run(QStringLiteral("INSERT INTO model_config (model_id, key, value) VALUES "
                                        "(?, ?, ?) ON CONFLICT (model_id, key) DO UPDATE SET "
                                        "value = excluded.value"),
                         {tx.model().id, it.key(), it.value()});
        }
        tx.logChange(QStringLiteral("model"), tx.model().name, Change::Op::Changed);
    });
    return {};
}

CommandResult ModelCommands::setConstraints(const QString &model, const QString &text)
{
    const Constraints constraints = Constraints::parseOrThrow(text);
    return m_ws.inModel(model, [&](ModelTx &tx) {
        const auto report = tx.validator().validate(constraints);
        if (!report.ok())
            throw BerthError(report.error);
        tx.sql().run(QStringLiteral("UPDATE models SET constraints = ? WHERE id = ?"),
                     {constraints.toString(), tx.model().id});
        tx.logChange(QStringLiteral("model"), tx.model().name, Change::Op::Changed);
        CommandResult result;
        result.warnings = report.warnings;
        return result;
    });
}

QString ModelCommands::constraints(const QString &model)
{
    return m_ws.store().read(
        [&](SqlSession &sql) { return ModelTx::loadModel(sql, model).constraints; });
}
