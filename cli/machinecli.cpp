// berthctl commands about machines: add-machine, remove-machine.
#include "cli/clicontext.h"
#include "core/commands/machinecommands.h"

namespace berth {

namespace {

void addMachine(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("add-machine"),
                       QStringLiteral("[DIRECTIVE] [-n N] [--base B] [--constraints \"...\"] "
                                      "[--accept-host-key SHA256:...]"));
    parser.addOption(
        {QStringLiteral("n"), QStringLiteral("number of machines"), QStringLiteral("N")});
    parser.addOption({QStringLiteral("base"), QStringLiteral("base"), QStringLiteral("B")});
    parser.addOption({QStringLiteral("constraints"), QStringLiteral("constraints"),
                      QStringLiteral("\"k=v ...\"")});
    parser.addOption({QStringLiteral("accept-host-key"),
                      QStringLiteral("ssh: hosts: trust this host key fingerprint on first use"),
                      QStringLiteral("FP")});
    parser.parse(args, 0, 1);
    MachineCommands::AddMachine request;
    request.directive = parser.positional().value(0);
    request.count = parser.intValue(QStringLiteral("n"), 1);
    request.base = parser.value(QStringLiteral("base"));
    request.constraints = parser.value(QStringLiteral("constraints"));
    ctx.print(
        MachineCommands(ctx.workspace, ctx.providerTypes.hostProbe())
            .addMachines(ctx.model(), request, parser.value(QStringLiteral("accept-host-key"))));
}

void removeMachine(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("remove-machine"), QStringLiteral("ID ... [--force]"));
    parser.addOption(
        {QStringLiteral("force"), QStringLiteral("also remove the units and containers it hosts")});
    parser.parse(args, 1, -1);
    ctx.print(MachineCommands(ctx.workspace)
                  .removeMachines(ctx.model(), parser.positional(),
                                  parser.isSet(QStringLiteral("force"))));
}

} // namespace

void registerMachineCommands(QList<CommandSpec> &table)
{
    table.append(
        {QStringLiteral("add-machine"), QStringLiteral("add machines or containers"), addMachine});
    table.append(
        {QStringLiteral("remove-machine"), QStringLiteral("remove machines"), removeMachine});
}

} // namespace berth
