// berthctl commands about machines: add-machine, remove-machine, show-status-log.
#include "cli/clicontext.h"
#include "cli/output.h"
#include "core/commands/machinecommands.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>

namespace berth {

QCommandLineOption noWaitOption()
{
    return {QStringLiteral("no-wait"), QStringLiteral("as Juju's scripts say it; Berth never "
                                                      "waits: instances stop in the background")};
}

QCommandLineOption noPromptOption()
{
    return {QStringLiteral("no-prompt"),
            QStringLiteral("do not ask, even when the model's mode is requires-prompts")};
}

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
    CommandArgs parser(
        QStringLiteral("remove-machine"),
        QStringLiteral("ID ... [--force] [--keep-instance] [--dry-run] [--no-wait]"));
    parser.addOption(
        {QStringLiteral("force"), QStringLiteral("also remove the units and containers it hosts")});
    parser.addOption({QStringLiteral("keep-instance"),
                      QStringLiteral("take the machine out of the model now and leave its "
                                     "instance running on the cloud")});
    parser.addOption({QStringLiteral("dry-run"),
                      QStringLiteral("say what would be removed and stopped; change nothing")});
    parser.addOption(noWaitOption());
    parser.addOption(noPromptOption());
    parser.parse(args, 1, -1);
    const ModelChange change =
        ModelChange::removeMachines(parser.positional(), parser.isSet(QStringLiteral("force")),
                                    parser.isSet(QStringLiteral("keep-instance")));
    if (parser.isSet(QStringLiteral("dry-run"))) {
        ctx.dryRun({change});
        return;
    }
    ctx.confirm(parser, ctx.model(),
                QStringLiteral("remove machine %1").arg(parser.positional().join(u' ')));
    ctx.apply(change);
}

void showStatusLog(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("show-status-log"), QStringLiteral("ID | APP/N"));
    parser.parse(args, 1, 1);
    QString machine = parser.positional().first();
    if (!machine.isEmpty() && machine.front().isLetter()) {
        // A unit: the history of the machine it is on.
        const QString unit = machine;
        const ModelSnapshot snapshot = ctx.workspace.snapshot(ctx.model());
        const auto found = std::find_if(snapshot.units.cbegin(), snapshot.units.cend(),
                                        [&](const UnitRecord &u) { return u.name() == unit; });
        if (found == snapshot.units.cend())
            throw BerthError(QStringLiteral("unit \"%1\" not found").arg(unit));
        if (found->machine.isEmpty())
            throw BerthError(QStringLiteral("unit %1 has no machine yet: it has no status "
                                            "history")
                                 .arg(unit));
        machine = found->machine;
    }
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
                  QStringLiteral("a machine's (or a unit's machine's) status history, oldest "
                                 "first"),
                  showStatusLog});
}

} // namespace berth
