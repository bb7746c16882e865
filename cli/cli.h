#pragma once

#include "cli/clicontext.h"

#include <QStringList>
#include <QTextStream>

namespace berth {

class ProviderTypes;
class SecretStore;

// berthctl: parses the global options, opens the store, and runs one command
// with the provider types and the secret store the program chose (app/).
// Returns the process exit code: 0 success, 1 a failed command (one line on
// err, nothing changed), 2 an unknown command.
class Cli
{
public:
    Cli(QTextStream &out, QTextStream &err, const ProviderTypes &types, SecretStore &secrets)
        : m_out(out)
        , m_err(err)
        , m_types(types)
        , m_secrets(secrets)
    {}
    int run(const QStringList &args);
    // `out` is a terminal that takes colours: status colours its status
    // words unless --no-color (--color colours them anywhere).
    void setTerminal(bool terminal) { m_terminal = terminal; }
    // The terminal's columns (or COLUMNS): status leaves out what matters
    // least to fit them; 0 for no limit.
    void setWidth(int width) { m_width = width; }
    // stdin is a terminal: a model's mode=requires-prompts can ask on it.
    void setInputTerminal(bool terminal) { m_inputTerminal = terminal; }
    // The program the audit trail and the change set name ("berthctl").
    void setProgram(const QString &program) { m_program = program; }
    // Every command, in the order `berthctl help` lists them.
    static QList<CommandSpec> commands();
    // The commands a window's command bar runs: those that change a model
    // (the ones --stage takes), commit and discard. Not those that wait,
    // follow or read stdin (provision, debug-log, wait-for, set-secret...).
    static QStringList lineCommands();
    // One command line (its words) run here on the store at `db` and on
    // `model`, as `program`, staged when `stage` and the command can be:
    // what the window's command bar runs; one of lineCommands(), else refused.
    struct LineRun
    {
        int code = 0;
        QString out;
        QString err;
    };
    static LineRun runLine(const ProviderTypes &types, SecretStore &secrets, const QString &db,
                           const QString &model, const QStringList &args, bool stage,
                           const QString &program);

private:
    void printHelp();
    // berthctl __complete WORDS...: the shell's completion candidates.
    int complete(const QStringList &words);
    // berthctl __doc man|markdown [FILE].
    int writeDocs(const QStringList &args);
    // One command, its global options taken out of `args` first; throws
    // BerthError when refused.
    int runCommand(QStringList &args, bool stage);
    QTextStream &m_out;
    QTextStream &m_err;
    const ProviderTypes &m_types;
    SecretStore &m_secrets;
    bool m_terminal = false;
    int m_width = 0;
    bool m_inputTerminal = false;
    QString m_program = QStringLiteral("berthctl");
};

} // namespace berth
