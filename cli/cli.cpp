#include "cli/cli.h"

#include "cli/clicontext.h"
#include "core/bertherror.h"
#include "core/cloud/cloudregistry.h"
#include "core/commands/modelcommands.h"
#include "core/store/cloudaccounts.h"
#include "core/store/store.h"

namespace berth {

namespace {

QList<CommandSpec> commandTable()
{
    QList<CommandSpec> table;
    registerCloudCommands(table);
    registerModelCommands(table);
    registerApplicationCommands(table);
    registerMachineCommands(table);
    registerProvisionCommands(table);
    registerPolicyCommands(table);
    registerScalingCommands(table);
    registerChangeSetCommands(table);
    return table;
}

// Takes a global option ("--db PATH", "--db=PATH") out of args wherever it stands.
QString takeOption(QStringList &args, const QStringList &names)
{
    QString value;
    for (qsizetype i = 0; i < args.size();) {
        const QString &arg = args.at(i);
        bool matched = false;
        for (const QString &name : names) {
            if (arg == name) {
                if (i + 1 >= args.size())
                    throw BerthError(QStringLiteral("option %1 needs a value").arg(name));
                value = args.at(i + 1);
                args.remove(i, 2);
                matched = true;
            } else if (arg.startsWith(name + u'=')) {
                value = arg.mid(name.size() + 1);
                args.remove(i);
                matched = true;
            }
            if (matched)
                break;
        }
        if (!matched)
            ++i;
    }
    return value;
}

// Takes a global flag ("--debug") out of args wherever it stands.
bool takeFlag(QStringList &args, const QString &name)
{
    return args.removeAll(name) > 0;
}

} // namespace

void Cli::printHelp()
{
    m_out << "Usage: berthctl [--db PATH|postgresql://URL] [-m MODEL] [--format json|yaml|tabular] "
             "[--stage] [--debug] COMMAND [ARGS]\n\nCommands:\n";
    const QList<CommandSpec> table = commandTable();
    qsizetype width = 0;
    for (const CommandSpec &spec : table)
        width = std::max(width, spec.name.size());
    // Two spaces after the longest name: a name never runs into its summary.
    for (const CommandSpec &spec : table)
        m_out << "  " << spec.name.leftJustified(width + 2) << spec.summary << "\n";
    m_out << "\nThe store defaults to " << Store::defaultLocation() << " (or $BERTH_DB).\n"
          << "--stage adds a model change (deploy, add-unit, place-unit, remove-*, relate,\n"
             "set-constraints, add-machine, ...) to the model's change set instead of applying\n"
             "it; \"berthctl changes\" shows the set with a preview, \"berthctl commit\" applies\n"
             "it in one transaction, \"berthctl discard\" drops it.\n"
          << "--debug adds, below an error, what lies under it (the store driver's own text).\n";
    m_out.flush();
}

int Cli::run(const QStringList &arguments)
{
    QStringList args = arguments;
    const bool debug = takeFlag(args, QStringLiteral("--debug"));
    const bool stage = takeFlag(args, QStringLiteral("--stage"));
    try {
        const QString db = Store::resolveLocation(takeOption(args, {QStringLiteral("--db")}));
        const QString model = takeOption(args, {QStringLiteral("-m"), QStringLiteral("--model")});
        const QString formatText = takeOption(args, {QStringLiteral("--format")});
        if (args.isEmpty() || args.first() == u"help" || args.first() == u"--help" ||
            args.first() == u"-h") {
            printHelp();
            return args.isEmpty() ? 2 : 0;
        }
        const QString command = args.takeFirst();
        const QList<CommandSpec> table = commandTable();
        const auto spec = std::find_if(table.cbegin(), table.cend(),
                                       [&](const CommandSpec &s) { return s.name == command; });
        if (spec == table.cend()) {
            m_err << "ERROR unknown command \"" << command
                  << "\"; run \"berthctl help\" for the list" << Qt::endl;
            return 2;
        }
        if (stage && !spec->stageable) {
            throw BerthError(QStringLiteral("%1 cannot be staged: --stage takes the commands that "
                                            "change a model's applications, units and machines")
                                 .arg(command));
        }
        auto format = Output::Format::Tabular;
        if (!formatText.isEmpty()) {
            const auto parsed = Output::parseFormat(formatText);
            if (!parsed) {
                throw BerthError(QStringLiteral("bad --format \"%1\": expected json, yaml or "
                                                "tabular")
                                     .arg(formatText));
            }
            format = *parsed;
        }
        Store store(db);
        const CloudRegistry clouds = CloudAccounts::registry(store, m_types, &m_secrets);
        Workspace workspace(store, clouds);
        ModelCommands(workspace).ensureDefaultModel();
        CliContext context{workspace, m_types, m_secrets, m_out, m_err, model, format, stage};
        spec->handler(context, args);
        m_out.flush();
        return 0;
    } catch (const BerthError &error) {
        m_out.flush();
        m_err << "ERROR " << error.message() << Qt::endl;
        if (debug && !error.detail().isEmpty())
            m_err << "DEBUG " << error.detail() << Qt::endl;
        return 1;
    } catch (const std::bad_alloc &) {
        // A transaction under way has been rolled back on the way here.
        m_out.flush();
        m_err << "ERROR not enough memory for this command; nothing was changed" << Qt::endl;
        return 1;
    } catch (const std::exception &error) {
        m_out.flush();
        m_err << "ERROR " << printable(QString::fromLocal8Bit(error.what()))
              << "; nothing was changed" << Qt::endl;
        return 1;
    } catch (...) {
        m_out.flush();
        m_err << "ERROR unexpected failure; nothing was changed" << Qt::endl;
        return 1;
    }
}

} // namespace berth
