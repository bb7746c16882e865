#pragma once

#include "cli/output.h"
#include "core/cloud/providertypes.h"
#include "core/cloud/secretstore.h"
#include "core/commands/modelchange.h"
#include "core/placement/deletionpolicy.h"
#include "core/store/workspace.h"

#include <QCommandLineParser>
#include <QJsonValue>
#include <QTextStream>

#include <functional>

namespace berth {

class CommandArgs;

// What a berthctl command handler gets: the workspace, the chosen model and
// format, and the streams to write to.
struct CliContext
{
    Workspace &workspace;
    const ProviderTypes &providerTypes;
    SecretStore &secrets;
    QTextStream &out;
    QTextStream &err;
    QString modelOption; // -m
    Output::Format format = Output::Format::Tabular;
    bool stage = false;         // --stage: model changes go to the change set
    bool terminal = false;      // out is a terminal that takes colours (status --color)
    int exitCode = 0;           // a command that ends otherwise than by success or a refusal
    QString formatName = {};    // a --format of the command's own (CommandSpec::formats)
    int width = 0;              // the terminal's columns; 0: no limit
    bool inputTerminal = false; // stdin is a terminal: a prompt can be answered

    QString model() { return workspace.resolveModel(modelOption); }
    void print(const CommandResult &result);
    // Applies `change` to the model now, or with --stage adds it to the
    // model's change set; prints what was done.
    void apply(const ModelChange &change, HostProbe *probe = nullptr);
    // Several changes as one command: one transaction (or one staged batch).
    void applyAll(const QList<ModelChange> &changes);
    // --dry-run: what `changes` would do, Juju's way ("will remove unit
    // mysql/1"); nothing changes.
    void dryRun(const QList<ModelChange> &changes);
    void warn(const QString &line) { err << "WARNING " << line << Qt::endl; }
    // Before a destructive command (`what`: "remove machine 3") on `model`:
    // with the model's mode=requires-prompts and no --no-prompt, asks on the
    // terminal and throws BerthError unless the answer is yes (or when there
    // is no terminal to ask on).
    void confirm(const CommandArgs &parser, const QString &modelName, const QString &what);
    // Prints `value` as JSON or YAML, or calls `tabular` for the table form.
    void show(const QJsonValue &value, const std::function<QString()> &tabular,
              const Output::KeyOrder &order = {});
};

// Thrown by CommandArgs::parse() when the arguments ask for help (--help,
// -h): the command's usage and every option it takes, from its own parser.
struct HelpRequested
{
    QString usage;                     // "berthctl deploy CHARM [APP] ..."
    QList<QCommandLineOption> options; // in the order the command added them
};

// Parses a command's own arguments; throws BerthError on unknown options or a
// wrong number of positional arguments, HelpRequested on --help or -h.
class CommandArgs
{
public:
    CommandArgs(const QString &command, const QString &usage);
    void addOption(const QCommandLineOption &option)
    {
        m_parser.addOption(option);
        m_options.append(option);
    }
    // minPositional..maxPositional (-1: any number) positional arguments.
    void parse(const QStringList &args, int minPositional, int maxPositional);

    bool isSet(const QString &name) const { return m_parser.isSet(name); }
    QString value(const QString &name) const { return m_parser.value(name); }
    QStringList values(const QString &name) const { return m_parser.values(name); }
    QStringList positional() const { return m_parser.positionalArguments(); }
    int intValue(const QString &name, int fallback) const;
    // The option's value as a plain whole number; nullopt when not given.
    std::optional<qint64> optionalInt(const QString &name) const;
    // "<command>: bad value "x" for --name: expected <expected>"
    QString badValue(const QString &name, const QString &expected) const;

private:
    QString m_command;
    QString m_usage;
    QCommandLineParser m_parser;
    QList<QCommandLineOption> m_options;
};

// --criteria, for the commands that remove units by count (scalingcli.cpp).
QCommandLineOption criteriaOption();
// --no-wait, as Juju's scripts give it to the removals (machinecli.cpp).
QCommandLineOption noWaitOption();
// --no-prompt, for the commands a model's mode=requires-prompts asks about.
QCommandLineOption noPromptOption();
std::optional<DeletionPolicy::Criteria> criteriaFromArgs(const CommandArgs &parser);

using CommandHandler = std::function<void(CliContext &, const QStringList &)>;
// What a name on the command line stands for, for completion.
enum class Completes { Nothing, Applications, Units, Machines, Models, Clouds, Anything };
struct CommandSpec
{
    QString name;
    QString summary;
    CommandHandler handler;
    bool stageable = false;   // takes --stage (goes through CliContext::apply)
    QStringList formats = {}; // --format values of its own, beyond json, yaml and tabular
};

void registerCloudCommands(QList<CommandSpec> &table);
void registerModelCommands(QList<CommandSpec> &table);
void registerApplicationCommands(QList<CommandSpec> &table);
void registerMachineCommands(QList<CommandSpec> &table);
void registerProvisionCommands(QList<CommandSpec> &table);
void registerPolicyCommands(QList<CommandSpec> &table);
void registerScalingCommands(QList<CommandSpec> &table);
void registerSpreadCommands(QList<CommandSpec> &table);
void registerChangeSetCommands(QList<CommandSpec> &table);
void registerAuditCommands(QList<CommandSpec> &table);
void registerSearchCommands(QList<CommandSpec> &table);
void registerShowCommands(QList<CommandSpec> &table);
void registerWaitCommands(QList<CommandSpec> &table);
void registerStatusCommands(QList<CommandSpec> &table);
void registerDebugLogCommands(QList<CommandSpec> &table);

} // namespace berth
