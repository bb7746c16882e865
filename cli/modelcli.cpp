// berthctl commands about models: add-model, models, switch, destroy-model,
// model-config, set-model-constraints, model-constraints.
#include "cli/clicontext.h"
#include "core/bertherror.h"
#include "core/commands/modelcommands.h"
#include "core/provisioning/provisioner.h"
#include "core/store/modelrows.h"

#include <QJsonObject>

namespace berth {

namespace {

void addModel(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("add-model"),
                       QStringLiteral("NAME [CLOUD[/REGION]] [--config k=v ...]"));
    parser.addOption({QStringLiteral("config"),
                      QStringLiteral("a model setting (see model-config); repeat for more"),
                      QStringLiteral("k=v")});
    parser.parse(args, 1, 2);
    const QStringList positional = parser.positional();
    ctx.print(ModelCommands(ctx.workspace)
                  .addModel(positional.at(0), positional.value(1),
                            parser.values(QStringLiteral("config"))));
}

void models(CliContext &ctx, const QStringList &args)
{
    CommandArgs(QStringLiteral("models"), {}).parse(args, 0, 0);
    const auto list = ModelCommands(ctx.workspace).models();
    QJsonObject json;
    for (const auto &m : list) {
        json.insert(m.name,
                    QJsonObject{{QStringLiteral("cloud"), m.cloud},
                                {QStringLiteral("region"), m.region},
                                {QStringLiteral("machines"), m.machines},
                                {QStringLiteral("units"), m.units},
                                {QStringLiteral("current"), m.current},
                                {QStringLiteral("life"),
                                 m.dying ? QStringLiteral("dying") : QStringLiteral("alive")}});
    }
    ctx.show(json, [&] {
        Output::Table table({QStringLiteral("Model"), QStringLiteral("Cloud/Region"),
                             QStringLiteral("Machines"), QStringLiteral("Units")});
        for (const auto &m : list) {
            table.addRow({m.name + (m.current ? QStringLiteral("*") : QString()) +
                              (m.dying ? QStringLiteral(" (destroying)") : QString()),
                          m.cloud + u'/' + m.region, QString::number(m.machines),
                          QString::number(m.units)});
        }
        return table.render();
    });
}

void switchModel(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("switch"), QStringLiteral("MODEL"));
    parser.parse(args, 1, 1);
    const QString name = parser.positional().first();
    ModelCommands(ctx.workspace).switchModel(name);
    ctx.out << "switched to model " << name << Qt::endl;
}

void destroyModel(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("destroy-model"),
                       QStringLiteral("NAME [--force] [--no-wait]"));
    parser.addOption({QStringLiteral("force"), QStringLiteral("stop the instances that run")});
    parser.addOption({QStringLiteral("no-wait"),
                      QStringLiteral("return at once; a running provisioner (the window's or "
                                     "\"berthctl provision\") stops the instances")});
    parser.addOption(noPromptOption());
    parser.parse(args, 1, 1);
    const QString name = parser.positional().first();
    ctx.confirm(parser, name, QStringLiteral("destroy the model and stop its instances"));
    ModelCommands commands(ctx.workspace);
    const ModelCommands::DestroyPlan plan = commands.destroyPlan(name);
    const bool force = parser.isSet(QStringLiteral("force"));
    const CommandResult result = commands.destroyModel(name, force);
    if (!plan.dying)
        ctx.out << plan.describe(name) << Qt::endl;
    ctx.print(result);
    const bool gone = !ctx.workspace.store().read(
        [&](SqlSession &sql) { return ModelRows(sql).find(name).has_value(); });
    if (gone || parser.isSet(QStringLiteral("no-wait")))
        return;
    // As juju destroy-model: wait until the instances are stopped and the model is gone.
    Provisioner provisioner(ctx.workspace.store().location(), ctx.workspace.clouds(), name);
    QTextStream &out = ctx.out;
    provisioner.setLog([&out](const QString &line) { out << line << Qt::endl; });
    const std::atomic<bool> never = false;
    provisioner.runUntilIdle(never);
}

void modelConfig(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("model-config"), QStringLiteral("[KEY | k=v ...]"));
    parser.parse(args, 0, -1);
    const QStringList positional = parser.positional();
    ModelCommands commands(ctx.workspace);
    const QString model = ctx.model();
    if (!positional.isEmpty() && positional.first().contains(u'=')) {
        ctx.print(commands.setConfig(model, positional));
        return;
    }
    const auto rows = commands.config(model);
    if (positional.size() == 1) {
        for (const auto &[info, value] : rows) {
            if (info.name == ModelConfig::canonicalKey(positional.first())) {
                ctx.out << value << Qt::endl;
                return;
            }
        }
        ModelConfig::check(positional.first(), {}); // throws the unknown-key message
    }
    if (positional.size() > 1)
        throw BerthError(QStringLiteral("model-config: give one KEY to read, or k=v pairs to set"));
    QJsonObject json;
    for (const auto &[info, value] : rows) {
        const bool isDefault = value == info.defaultValue;
        json.insert(info.name,
                    QJsonObject{{QStringLiteral("value"), value},
                                {QStringLiteral("source"),
                                 isDefault ? QStringLiteral("default") : QStringLiteral("model")}});
    }
    ctx.show(json, [&] {
        Output::Table table({QStringLiteral("Attribute"), QStringLiteral("From"),
                             QStringLiteral("Value"), QStringLiteral("Description")});
        for (const auto &[info, value] : rows) {
            table.addRow(
                {info.name,
                 value == info.defaultValue ? QStringLiteral("default") : QStringLiteral("model"),
                 value, info.description});
        }
        return table.render();
    });
}

void setModelConstraints(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("set-model-constraints"), QStringLiteral("k=v ..."));
    parser.parse(args, 0, -1);
    ctx.apply(ModelChange::setConstraints({}, parser.positional().join(u' ')));
}

void modelConstraints(CliContext &ctx, const QStringList &args)
{
    CommandArgs(QStringLiteral("model-constraints"), {}).parse(args, 0, 0);
    const QString model = ctx.model();
    const QString constraints = ModelCommands(ctx.workspace).constraints(model);
    ctx.show(
        QJsonObject{{QStringLiteral("model"), model}, {QStringLiteral("constraints"), constraints}},
        [&]() -> QString { return constraints + u'\n'; });
}

} // namespace

void registerModelCommands(QList<CommandSpec> &table)
{
    table.append(
        {QStringLiteral("add-model"), QStringLiteral("add a model and switch to it"), addModel});
    table.append({QStringLiteral("models"), QStringLiteral("list the models"), models});
    table.append(
        {QStringLiteral("switch"), QStringLiteral("make a model the current one"), switchModel});
    table.append({QStringLiteral("destroy-model"),
                  QStringLiteral("destroy a model, stopping its instances"), destroyModel});
    table.append({QStringLiteral("model-config"), QStringLiteral("show or set model settings"),
                  modelConfig});
    table.append({QStringLiteral("set-model-constraints"),
                  QStringLiteral("set the model's constraints"), setModelConstraints, true});
    table.append({QStringLiteral("model-constraints"),
                  QStringLiteral("show the model's constraints"), modelConstraints});
}

} // namespace berth
