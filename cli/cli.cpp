#include "cli/cli.h"

#include "cli/bundlecli.h"

#include "cli/clicontext.h"
#include "cli/completion.h"
#include "cli/help.h"
#include "core/bertherror.h"
#include "core/cloud/cloudregistry.h"
#include "core/commands/modelcommands.h"
#include "core/printable.h"
#include "core/store/cloudaccounts.h"
#include "core/store/store.h"

#include <QFile>

namespace berth {

namespace {

QList<CommandSpec> commandTable()
{
    QList<CommandSpec> table;
    registerCloudCommands(table);
    registerModelCommands(table);
    registerApplicationCommands(table);
    registerStatusCommands(table);
    registerBundleCommands(table);
    registerMachineCommands(table);
    registerShowCommands(table);
    registerWaitCommands(table);
    registerProvisionCommands(table);
    registerDebugLogCommands(table);
    registerPolicyCommands(table);
    registerScalingCommands(table);
    registerSpreadCommands(table);
    registerChangeSetCommands(table);
    registerAuditCommands(table);
    registerSearchCommands(table);
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
            // An unset shell variable ("--db $STORE") must not mean the default.
            if (matched && value.isEmpty())
                throw BerthError(
                    QStringLiteral("option %1 needs a value; it was given an empty one").arg(name));
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

// The --format option's value; tabular when not given. `own`: the formats
// the command takes beyond the three.
Output::Format formatOption(const QString &text, const QStringList &own)
{
    if (text.isEmpty() || own.contains(text))
        return Output::Format::Tabular;
    const auto parsed = Output::parseFormat(text);
    if (!parsed) {
        QStringList all{QStringLiteral("json"), QStringLiteral("yaml"), QStringLiteral("tabular")};
        for (const QString &format : own) {
            if (!all.contains(format))
                all << format;
        }
        throw BerthError(
            QStringLiteral("bad --format \"%1\": expected %2 or %3")
                .arg(text, all.mid(0, all.size() - 1).join(QStringLiteral(", ")), all.last()));
    }
    return *parsed;
}

} // namespace

QList<CommandSpec> Cli::commands()
{
    return commandTable();
}

void Cli::printHelp()
{
    m_out << CliHelp::general(commandTable());
    m_out.flush();
}

int Cli::complete(const QStringList &words)
{
    // The shell completion scripts' question: the candidates, one a line.
    const QString db = Store::resolveLocation(qEnvironmentVariable("BERTH_DB"));
    for (const QString &candidate : Completion::candidates(words, commandTable(), m_types, db))
        m_out << candidate << '\n';
    m_out.flush();
    return 0;
}

int Cli::writeDocs(const QStringList &args)
{
    // The man page and docs/cli.md, from the same help as the commands'.
    const QString kind = args.value(1);
    const auto docs = CliHelp::describeAll(commandTable(), m_types);
    QString text;
    if (kind == u"man")
        text = CliHelp::manPage(docs);
    else if (kind == u"markdown")
        text = CliHelp::markdown(docs);
    else
        throw BerthError(QStringLiteral("__doc: expected man or markdown [FILE]"));
    if (args.size() > 2) { // the build writes the man page so
        QFile file(args.at(2));
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(text.toUtf8()) < 0)
            throw BerthError(
                QStringLiteral("__doc: cannot write %1: %2").arg(args.at(2), file.errorString()));
        return 0;
    }
    m_out << text;
    m_out.flush();
    return 0;
}

int Cli::runCommand(QStringList &args, bool stage)
{
    const QString db = Store::resolveLocation(takeOption(args, {QStringLiteral("--db")}));
    const QString model = takeOption(args, {QStringLiteral("-m"), QStringLiteral("--model")});
    const QString formatText = takeOption(args, {QStringLiteral("--format")});
    if (args.isEmpty()) {
        printHelp();
        return 2;
    }
    const QList<CommandSpec> table = commandTable();
    const bool helpWord =
        args.first() == u"help" || args.first() == u"--help" || args.first() == u"-h";
    if (helpWord && args.size() == 1) {
        printHelp();
        return 0;
    }
    if (args.first() == u"__doc")
        return writeDocs(args);
    const QString command = helpWord ? args.at(1) : args.takeFirst();
    const auto spec = std::find_if(table.cbegin(), table.cend(),
                                   [&](const CommandSpec &s) { return s.name == command; });
    if (spec == table.cend()) {
        m_err << "ERROR unknown command \"" << printable(command)
              << "\"; run \"berthctl help\" for the list" << Qt::endl;
        return 2;
    }
    // After "--" a word is an argument, never an option: help only before it.
    const QStringList options = args.mid(0, args.indexOf(QStringLiteral("--")));
    if (helpWord || options.contains(u"--help") || options.contains(u"-h")) {
        m_out << CliHelp::text(CliHelp::describe(*spec, m_types));
        m_out.flush();
        return 0;
    }
    if (stage && !spec->stageable) {
        throw BerthError(QStringLiteral("%1 cannot be staged: --stage takes the commands that "
                                        "change a model's applications, units and machines")
                             .arg(command));
    }
    const Output::Format format = formatOption(formatText, spec->formats);
    Store store(db);
    const CloudRegistry clouds = CloudAccounts::registry(store, m_types, &m_secrets);
    Workspace workspace(store, clouds);
    workspace.setProgram(m_program);
    ModelCommands(workspace).ensureDefaultModel();
    CliContext context{workspace,
                       m_types,
                       m_secrets,
                       m_out,
                       m_err,
                       model,
                       format,
                       stage,
                       m_terminal,
                       0,
                       spec->formats.contains(formatText) ? formatText : QString(),
                       m_width,
                       m_inputTerminal};
    spec->handler(context, args);
    m_out.flush();
    return context.exitCode;
}

QStringList Cli::lineCommands()
{
    QStringList names{QStringLiteral("commit"), QStringLiteral("discard")};
    for (const CommandSpec &spec : commands()) {
        if (spec.stageable)
            names << spec.name;
    }
    return names;
}

Cli::LineRun Cli::runLine(const ProviderTypes &types, SecretStore &secrets, const QString &db,
                          const QString &model, const QStringList &args, bool stage,
                          const QString &program)
{
    LineRun result;
    if (!lineCommands().contains(args.value(0))) {
        result.code = 2;
        result.err = QStringLiteral("ERROR \"%1\" is not a command the window runs; it runs "
                                    "those that change the model (%2)\n")
                         .arg(args.value(0), lineCommands().join(QStringLiteral(", ")));
        return result;
    }
    QTextStream out(&result.out);
    QTextStream err(&result.err);
    Cli cli(out, err, types, secrets);
    cli.setProgram(program);
    QStringList line{QStringLiteral("--db"), db, QStringLiteral("-m"), model};
    const QList<CommandSpec> table = commands();
    const bool stageable = std::any_of(table.cbegin(), table.cend(), [&](const CommandSpec &s) {
        return s.stageable && s.name == args.value(0);
    });
    if (stage && stageable)
        line << QStringLiteral("--stage");
    result.code = cli.run(line + args);
    out.flush();
    err.flush();
    return result;
}

int Cli::run(const QStringList &arguments)
{
    QStringList args = arguments;
    if (!args.isEmpty() && args.first() == u"__complete")
        return complete(args.mid(1));
    if (takeFlag(args, QStringLiteral("--version"))) {
        m_out << "berthctl " << BERTH_VERSION << Qt::endl;
        return 0;
    }
    const bool debug = takeFlag(args, QStringLiteral("--debug"));
    const bool stage = takeFlag(args, QStringLiteral("--stage"));
    try {
        return runCommand(args, stage);
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
