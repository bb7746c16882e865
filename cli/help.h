#pragma once

#include "cli/clicontext.h"

#include <QCommandLineOption>
#include <QList>
#include <QString>
#include <QStringList>

namespace berth {

class ProviderTypes;

// berthctl's help, one source for `berthctl help CMD`, `CMD --help`, the man
// page and docs/cli.md: each command's usage and options come from its own
// parser (the handler run with --help on a throwaway in-memory store), its
// examples from the table in help.cpp.
namespace CliHelp {

struct CommandDoc
{
    QString name;
    QString summary;
    QString usage; // "berthctl deploy CHARM [APP] ..."
    QList<QCommandLineOption> options;
    QStringList examples;
    bool fromParser = false; // the usage and options came from the command's parser
};

// The options every command takes.
QList<QCommandLineOption> globalOptions();
QStringList examples(const QString &command);
CommandDoc describe(const CommandSpec &spec, const ProviderTypes &types);
QList<CommandDoc> describeAll(const QList<CommandSpec> &table, const ProviderTypes &types);

// `berthctl help`: the commands in aligned columns, the global options.
QString general(const QList<CommandSpec> &table);
// `berthctl help CMD`.
QString text(const CommandDoc &doc);
// Every command, for docs/cli.md and the man page.
// docs/cli.md: every command, then where berthctl differs from Juju on purpose.
QString markdown(const QList<CommandDoc> &docs);
QString differences();
QString manPage(const QList<CommandDoc> &docs);

} // namespace CliHelp

} // namespace berth
