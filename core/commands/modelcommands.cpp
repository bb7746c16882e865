#include "core/commands/modelcommands.h"

#include "core/bertherror.h"
#include "core/model/names.h"
#include "core/store/machineretirement.h"
#include "core/store/modelrows.h"

#include <QJsonArray>

#include <algorithm>

namespace berth {

QMap<QString, QString> ModelCommands::parseAssignments(const QStringList &assignments,
                                                       const CloudInfo &cloud) const
{
    QMap<QString, QString> values;
    for (const QString &assignment : assignments) {
        const auto [given, value] = Names::splitSetting(assignment);
        const QString key = ModelConfig::canonicalKey(given);
        values.insert(key, ModelConfig::check(key, value, cloud.bases));
    }
    return values;
}

QString ModelCommands::harvestAllWarning()
{
    return ModelCommands::tr("harvest-mode=all also stops every instance of the cloud account "
                             "that no machine of this model claims, those started by hand or by "
                             "other tools included");
}

void ModelCommands::ensureDefaultModel()
{
    if (m_ws.clouds().names().isEmpty())
        return;
    // Every command starts here: a read, so that commands that only read take
    // no write lock (and work on a read-only store).
    const auto hasModels = [](SqlSession &sql) { return ModelRows(sql).any(); };
    if (m_ws.store().read(hasModels) || m_ws.store().isReadOnly())
        return;
    m_ws.store().write([&](SqlSession &sql) {
        if (hasModels(sql))
            return;
        const CloudInfo &cloud = m_ws.clouds().get(m_ws.clouds().names().first());
        ModelRows(sql).create(QStringLiteral("default"), cloud.name, cloud.defaultRegion());
        m_ws.setCurrentModel(sql, QStringLiteral("default"));
    });
}

CommandResult ModelCommands::addModel(const QString &name, const QString &cloudRegion,
                                      const QStringList &config, NewModel current)
{
    Names::checkModelName(name);
    QString cloudName = cloudRegion.section(u'/', 0, 0);
    QString regionName = cloudRegion.section(u'/', 1);
    if (cloudName.isEmpty())
        cloudName = m_ws.clouds().names().value(0);
    const CloudInfo &cloud = m_ws.clouds().get(cloudName);
    if (regionName.isEmpty())
        regionName = cloud.defaultRegion();
    if (!cloud.region(regionName)) {
        throw BerthError(
            ModelCommands::tr("region \"%1\" not found in cloud %2; expected one of %3")
                .arg(regionName, cloud.name, cloud.regionNames().join(QStringLiteral(", "))));
    }
    const auto values = parseAssignments(config, cloud);
    const bool harvestAll = values.value(QStringLiteral("harvest-mode")) == u"all";
    return m_ws.store().write([&](SqlSession &sql) {
        if (ModelRows(sql).find(name))
            throw BerthError(ModelCommands::tr("model \"%1\" already exists").arg(name));
        ModelRecord made;
        made.id = ModelRows(sql).create(name, cloud.name, regionName, values);
        made.name = name;
        m_ws.audit(made, QStringLiteral("add-model"),
                   {{QStringLiteral("cloud"), cloud.name},
                    {QStringLiteral("region"), regionName},
                    {QStringLiteral("config"), QJsonArray::fromStringList(config)}},
                   ModelCommands::tr("add model %1 on %2/%3").arg(name, cloud.name, regionName));
        if (current == NewModel::BecomesCurrent)
            m_ws.setCurrentModel(sql, name);
        CommandResult result;
        result.messages
            << ModelCommands::tr("Added \"%1\" model on %2/%3").arg(name, cloud.name, regionName);
        if (harvestAll)
            result.warnings << harvestAllWarning();
        return result;
    });
}

QList<ModelCommands::ModelSummary> ModelCommands::models()
{
    const QString current = m_ws.currentModel();
    return m_ws.store().read([&](SqlSession &sql) {
        QList<ModelSummary> list = ModelRows(sql).summaries();
        for (ModelSummary &s : list)
            s.current = s.name == current;
        return list;
    });
}

void ModelCommands::switchModel(const QString &name)
{
    m_ws.store().write([&](SqlSession &sql) {
        ModelRows(sql).load(name);
        m_ws.setCurrentModel(sql, name);
    });
}

QString ModelCommands::modelToOpen(const QString &wanted)
{
    const QList<ModelSummary> list = models();
    const auto alive = [&](const QString &name) {
        return std::any_of(list.cbegin(), list.cend(), [&](const ModelSummary &m) {
            return !m.dying && m.name == name && !name.isEmpty();
        });
    };
    if (alive(wanted))
        return wanted;
    for (const ModelSummary &m : list) {
        if (m.current && alive(m.name))
            return m.name;
    }
    for (const ModelSummary &m : list) {
        if (!m.dying)
            return m.name;
    }
    QString name = QStringLiteral("default");
    for (int n = 2; std::any_of(list.cbegin(), list.cend(),
                                [&](const ModelSummary &m) { return m.name == name; });
         ++n)
        name = QStringLiteral("default-%1").arg(n);
    addModel(name, {}, {});
    return name;
}

ModelCommands::DestroyPlan ModelCommands::destroyPlan(const QString &model)
{
    const ModelSnapshot snapshot = m_ws.snapshot(model);
    DestroyPlan plan;
    plan.dying = snapshot.model.dying;
    plan.applications = int(snapshot.applications.size());
    plan.units = int(snapshot.units.size());
    plan.machines = int(snapshot.machines.size());
    for (const MachineRecord &m : snapshot.machines) {
        if (m.instanceId.isEmpty() || !m.state.isAlive())
            continue;
        if (m.isExistingHost())
            plan.existingHosts << m.name;
        else
            plan.instances << m.name;
    }
    return plan;
}

QString ModelCommands::DestroyPlan::describe(const QString &model) const
{
    QString text = ModelCommands::tr("Destroying model \"%1\" removes its applications (%2), "
                                     "units (%3) and machines (%4).")
                       .arg(model)
                       .arg(applications)
                       .arg(units)
                       .arg(machines);
    if (!instances.isEmpty()) {
        text += u' ' + ModelCommands::tr("It stops the instances of machines %1.")
                           .arg(instances.join(QStringLiteral(", ")));
    }
    if (!existingHosts.isEmpty()) {
        text += u' ' + ModelCommands::tr("It forgets the existing hosts of machines %1 and "
                                         "leaves them running.")
                           .arg(existingHosts.join(QStringLiteral(", ")));
    }
    return text;
}

CommandResult ModelCommands::destroyModel(const QString &name, bool force)
{
    CommandResult result;
    m_ws.store().write([&](SqlSession &sql) {
        const ModelRecord model = ModelRows(sql).load(name);
        ModelTx tx(sql, model, m_ws.clouds());
        if (model.dying) {
            result.messages
                << ModelCommands::tr("model \"%1\" is already being destroyed").arg(name);
            return;
        }
        QStringList running;
        for (const MachineRecord &m : tx.snapshots().whole().machines) {
            if (!m.instanceId.isEmpty() && m.state.isAlive() && !m.isExistingHost())
                running << m.name;
        }
        if (!running.isEmpty() && !force) {
            throw BerthError(ModelCommands::tr("model \"%1\" has running instances (machines %2); "
                                               "destroying it stops them: give --force to go ahead")
                                 .arg(name, running.join(QStringLiteral(", "))));
        }
        m_ws.audit(model, QStringLiteral("destroy-model"), {{QStringLiteral("force"), force}},
                   ModelCommands::tr("destroy model %1").arg(name));
        MachineRetirement(tx).destroyModel();
        if (tx.removeIfDestroyed())
            result.messages << ModelCommands::tr("Destroyed model \"%1\"").arg(name);
        else
            result.messages << ModelCommands::tr("Destroying model \"%1\": the provisioner "
                                                 "stops its instances, then removes it")
                                   .arg(name);
        tx.finish();
        if (Workspace::currentModel(sql) == name) {
            QString next;
            for (const ModelSummary &s : ModelRows(sql).summaries()) {
                if (!s.dying && s.name != name) {
                    next = s.name;
                    break;
                }
            }
            m_ws.setCurrentModel(sql, next);
            if (!next.isEmpty())
                result.messages << ModelCommands::tr("Current model is now \"%1\"").arg(next);
        }
    });
    return result;
}

QList<QPair<ModelConfig::KeyInfo, QString>> ModelCommands::config(const QString &model)
{
    const ModelRecord record =
        m_ws.store().read([&](SqlSession &sql) { return ModelRows(sql).load(model); });
    QList<QPair<ModelConfig::KeyInfo, QString>> rows;
    for (const ModelConfig::KeyInfo &info : ModelConfig::keys())
        rows.append({info, record.config.value(info.name)});
    return rows;
}

CommandResult ModelCommands::setConfig(const QString &model, const QStringList &assignments)
{
    CommandResult result;
    m_ws.inModel(model, [&](ModelTx &tx) {
        const auto values = parseAssignments(assignments, tx.cloud());
        for (auto it = values.cbegin(); it != values.cend(); ++it)
            tx.setModelConfig(it.key(), it.value());
        if (values.value(QStringLiteral("harvest-mode")) == u"all")
            result.warnings << harvestAllWarning();
        m_ws.audit(tx.model(), QStringLiteral("model-config"),
                   {{QStringLiteral("set"), QJsonArray::fromStringList(assignments)}},
                   ModelCommands::tr("set model config %1").arg(assignments.join(u' ')));
    });
    return result;
}

CommandResult ModelCommands::setConstraints(const QString &model, const QString &text)
{
    const Constraints constraints = Constraints::parseOrThrow(text);
    return m_ws.inModel(model, [&](ModelTx &tx) {
        const auto report = tx.validator().validate(constraints);
        if (!report.ok())
            throw BerthError(report.error);
        tx.setModelConstraints(constraints);
        m_ws.audit(tx.model(), QStringLiteral("set-model-constraints"),
                   {{QStringLiteral("constraints"), text}},
                   ModelCommands::tr("set model constraints %1").arg(text));
        CommandResult result;
        result.warnings = report.warnings;
        return result;
    });
}

QString ModelCommands::constraints(const QString &model)
{
    return m_ws.store().read(
        [&](SqlSession &sql) { return ModelRows(sql).load(model).constraints.toString(); });
}

} // namespace berth
