// berthctl commands about machines: add-machine, remove-machine, show-status-log.
#include "cli/clicontext.h"
#include "cli/output.h"
#include "core/commands/machinecommands.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>

namespace berth {

namespace {

void addMachine(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("add-machine"),
                       QStringLiteral("[DIRECTIVE] [-n N] [--base B] [--constraints \"...\"] "
                                      "[--accept-host-key SHA256:...]"));
    parser.addOption({QStringLiteral("n"), QStringLiteral("how many machines"), QStringLiteral("N"),
                      QStringLiteral("1")});
    parser.addOption({QStringLiteral("base"),
                      QStringLiteral("the base the machines run, e.g. ubuntu@24.04 (default: "
                                     "the model's default-base)"),
                      QStringLiteral("B")});
    parser.addOption({QStringLiteral("constraints"),
                      QStringLiteral("constraints over the model's, e.g. \"mem=4G cores=2\""),
                      QStringLiteral("\"k=v ...\"")});
    parser.addOption({QStringLiteral("accept-host-key"),
                      QStringLiteral("ssh: hosts: trust this host key fingerprint on first use"),
                      QStringLiteral("FP")});
    parser.parse(args, 0, 1);
    MachineCommands::AddMachine request;
    request.directive = parser.positional().value(0);
    request.count = parser.intValue(QStringLiteral("n"), 1);
    request.base = parser.value(QStringLiteral("base"));
    request.constraints = parser.values(QStringLiteral("constraints")).join(u' ');
    if (parser.isSet(QStringLiteral("accept-host-key")) && !ctx.stage) {
        ctx.print(MachineCommands(ctx.workspace, ctx.providerTypes.hostProbe())
                      .addMachines(ctx.model(), request,
                                   parser.value(QStringLiteral("accept-host-key"))));
        return;
    }
    ctx.apply(ModelChange::addMachines(request), ctx.providerTypes.hostProbe());
}

void removeMachine(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("remove-machine"), QStringLiteral("ID ... [--force]"));
    parser.addOption(
        {QStringLiteral("force"), QStringLiteral("also remove the units and containers it hosts")});
    parser.parse(args, 1, -1);
    ctx.apply(
        ModelChange::removeMachines(parser.positional(), parser.isSet(QStringLiteral("force"))));
}

void showStatusLog(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("show-status-log"), QStringLiteral("ID"));
    parser.parse(args, 1, 1);
    const QString machine = parser.positional().first();
    const QList<StatusLogEntry> log =
        MachineCommands(ctx.workspace).statusLog(ctx.model(), machine);
    const auto time = [](qint64 at) {
        return QDateTime::fromMSecsSinceEpoch(at).toUTC().toString(Qt::ISODateWithMs);
    };
    QJsonArray json;
    for (const StatusLogEntry &e : log) {
        json.append(
            QJsonObject{{QStringLiteral("time"), time(e.at)},
                        {QStringLiteral("life"), MachineState::text(e.state.life)},
                        {QStringLiteral("status"), MachineState::text(e.state.status)},
                        {QStringLiteral("instance-status"), MachineState::text(e.state.instance)},
                        {QStringLiteral("message"), e.message}});
    }
    ctx.show(json, [&] {
        Output::Table table({QStringLiteral("Time"), QStringLiteral("Life"),
                             QStringLiteral("Status"), QStringLiteral("Instance"),
                             QStringLiteral("Message")});
        for (const StatusLogEntry &e : log) {
            table.addRow({time(e.at), MachineState::text(e.state.life),
                          MachineState::text(e.state.status), MachineState::text(e.state.instance),
                          e.message});
        }
        return table.render();
    });
}

} // namespace

void registerMachineCommands(QList<CommandSpec> &table)
{
    table.append({QStringLiteral("add-machine"), QStringLiteral("add machines or containers"),
                  addMachine, true});
    table.append(
        {QStringLiteral("remove-machine"), QStringLiteral("remove machines"), removeMachine, true});
    table.append({QStringLiteral("show-status-log"),
                  QStringLiteral("a machine's status history, oldest first"), showStatusLog});
}

} // namespace berth
