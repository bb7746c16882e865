// berthctl debug-log: Juju's command over what Berth's provisioner did to a
// model's machines (their status history), the last lines and then, as
// Juju's, each new one as it is committed.
#include "cli/clicontext.h"
#include "cli/commitwait.h"
#include "core/bertherror.h"

#include <QDateTime>

namespace berth {

namespace {

// "machine-3: 2026-11-26 14:03:22 INFO pending/provisioning starting", as
// Juju's lines read (an entity, a time, a level, what happened).
QString line(const MachineLife::ModelLogEntry &e, bool utc)
{
    const QDateTime at = QDateTime::fromMSecsSinceEpoch(e.entry.at);
    const QString time =
        (utc ? at.toUTC() : at.toLocalTime()).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    const QString level = e.entry.state.inError()  ? QStringLiteral("ERROR")
                          : e.entry.state.isDead() ? QStringLiteral("WARNING")
                                                   : QStringLiteral("INFO");
    QString machine = e.machine;
    machine.replace(u'/', u'-');
    QString text = QStringLiteral("machine-%1: %2 %3 %4/%5 %6")
                       .arg(machine, time, level, MachineState::text(e.entry.state.life),
                            MachineState::text(e.entry.state.status),
                            MachineState::text(e.entry.state.instance));
    if (!e.entry.message.isEmpty())
        text += QStringLiteral(": ") + e.entry.message;
    return text;
}

void debugLog(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("debug-log"),
                       QStringLiteral("[--replay | -n N] [--tail | --no-tail] [--utc]"));
    parser.addOption(
        {QStringLiteral("replay"), QStringLiteral("start from the model's first line")});
    parser.addOption({{QStringLiteral("n"), QStringLiteral("lines")},
                      QStringLiteral("how many of the last lines to show first (default 10)"),
                      QStringLiteral("N")});
    parser.addOption({QStringLiteral("tail"),
                      QStringLiteral("go on showing new lines as they come, until Ctrl+C (the "
                                     "default, as Juju's)")});
    parser.addOption({QStringLiteral("no-tail"), QStringLiteral("stop after the lines there are")});
    parser.addOption({QStringLiteral("utc"), QStringLiteral("times in UTC, not the local time")});
    parser.parse(args, 0, 0);
    if (parser.isSet(QStringLiteral("tail")) && parser.isSet(QStringLiteral("no-tail")))
        throw BerthError(QStringLiteral("debug-log: give --tail or --no-tail, not both"));
    if (parser.isSet(QStringLiteral("replay")) && parser.isSet(QStringLiteral("n")))
        throw BerthError(QStringLiteral("debug-log: give --replay or -n, not both"));
    const auto lines = parser.optionalInt(QStringLiteral("n"));
    if (lines && (*lines < 0 || *lines > 1'000'000))
        throw BerthError(parser.badValue(QStringLiteral("n"), QStringLiteral("0 to 1000000")));
    const bool utc = parser.isSet(QStringLiteral("utc"));
    const QString model = ctx.model();
    qint64 seen = 0;
    int last = parser.isSet(QStringLiteral("replay")) ? 0 : int(lines.value_or(10));
    const auto print = [&] {
        const auto entries = ctx.workspace.readModel(
            model, [&](ModelTx &tx) { return tx.machineLife().modelLog(seen, last); });
        for (const MachineLife::ModelLogEntry &e : entries) {
            ctx.out << line(e, utc) << '\n';
            seen = e.id;
        }
        ctx.out.flush();
        last = 0;     // from now on, every new line
        return false; // until Ctrl+C
    };
    if (last == 0 && !parser.isSet(QStringLiteral("replay")) &&
        !parser.isSet(QStringLiteral("no-tail"))) {
        // -n 0: only what comes from now on.
        seen = ctx.workspace.readModel(model, [&](ModelTx &tx) {
            const auto newest = tx.machineLife().modelLog(0, 1);
            return newest.isEmpty() ? qint64(0) : newest.last().id;
        });
    }
    if (parser.isSet(QStringLiteral("no-tail"))) {
        print();
        return;
    }
    CommitWait::run(ctx.workspace.store(), {}, print);
}

} // namespace

void registerDebugLogCommands(QList<CommandSpec> &table)
{
    table.append({QStringLiteral("debug-log"),
                  QStringLiteral("what the provisioner did to the model's machines, as it happens"),
                  debugLog});
}

} // namespace berth
