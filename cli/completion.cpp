#include "cli/completion.h"

#include "cli/help.h"
#include "core/bertherror.h"
#include "core/commands/modelcommands.h"
#include "core/store/cloudaccounts.h"
#include "core/store/store.h"

#include <QFileInfo>
#include <QMap>

namespace berth {

namespace Completion {

namespace {

// What the positional arguments of each command name.
Completes positionalsOf(const QString &command)
{
    static const QMap<QString, Completes> table{
        {QStringLiteral("add-unit"), Completes::Applications},
        {QStringLiteral("remove-application"), Completes::Applications},
        {QStringLiteral("set-constraints"), Completes::Applications},
        {QStringLiteral("constraints"), Completes::Applications},
        {QStringLiteral("relate"), Completes::Applications},
        {QStringLiteral("integrate"), Completes::Applications},
        {QStringLiteral("show-application"), Completes::Applications},
        {QStringLiteral("show-unit"), Completes::Units},
        {QStringLiteral("show-machine"), Completes::Machines},
        {QStringLiteral("show-model"), Completes::Models},
        {QStringLiteral("remove-relation"), Completes::Applications},
        {QStringLiteral("set-placement-policy"), Completes::Applications},
        {QStringLiteral("placement-policy"), Completes::Applications},
        {QStringLiteral("remove-placement-policy"), Completes::Applications},
        {QStringLiteral("scale-application"), Completes::Applications},
        {QStringLiteral("set-spread"), Completes::Applications},
        {QStringLiteral("unset-spread"), Completes::Applications},
        {QStringLiteral("rebalance"), Completes::Applications},
        {QStringLiteral("remove-unit"), Completes::Units},
        {QStringLiteral("place-unit"), Completes::Units},
        {QStringLiteral("unplace-unit"), Completes::Units},
        {QStringLiteral("remove-machine"), Completes::Machines},
        {QStringLiteral("show-status-log"), Completes::Machines},
        {QStringLiteral("retry-provisioning"), Completes::Machines},
        {QStringLiteral("resolved"), Completes::Units},
        {QStringLiteral("resolve"), Completes::Units},
        {QStringLiteral("wait-for"), Completes::Anything},
        {QStringLiteral("switch"), Completes::Models},
        {QStringLiteral("destroy-model"), Completes::Models},
        {QStringLiteral("show-cloud"), Completes::Clouds},
        {QStringLiteral("update-cloud"), Completes::Clouds},
        {QStringLiteral("remove-cloud"), Completes::Clouds},
        {QStringLiteral("instances"), Completes::Clouds},
        {QStringLiteral("set-secret"), Completes::Clouds},
        {QStringLiteral("status"), Completes::Anything},
        {QStringLiteral("deploy"), Completes::Anything},
        {QStringLiteral("diff-bundle"), Completes::Anything},
    };
    return table.value(command, Completes::Nothing);
}

QStringList optionWords(const QList<QCommandLineOption> &options)
{
    QStringList words;
    for (const QCommandLineOption &option : options) {
        for (const QString &name : option.names())
            words << (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
    }
    return words;
}

bool takesValue(const QList<QCommandLineOption> &options, const QString &word)
{
    for (const QCommandLineOption &option : options) {
        if (option.valueName().isEmpty())
            continue;
        for (const QString &name : option.names()) {
            if (word == (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name)
                return true;
        }
    }
    return false;
}

// Names from the store; none when it cannot be read (a store not made yet
// is not made by completing).
QStringList names(Completes kind, const ProviderTypes &types, const QString &location,
                  const QString &model)
{
    if (kind == Completes::Nothing)
        return {};
    try {
        if (!location.contains(QStringLiteral("://")) && !QFileInfo::exists(location))
            return {};
        Store store(location);
        if (kind == Completes::Clouds) {
            return store.read([](SqlSession &sql) {
                QStringList list;
                for (const CloudAccount &account : CloudAccounts(sql).all())
                    list << account.name;
                return list;
            });
        }
        const CloudRegistry clouds = CloudAccounts::registry(store, types);
        Workspace workspace(store, clouds);
        if (kind == Completes::Models) {
            QStringList list;
            for (const ModelCommands::ModelSummary &m : ModelCommands(workspace).models())
                list << m.name;
            return list;
        }
        const ModelSnapshot snapshot = workspace.snapshot(workspace.resolveModel(model));
        QStringList list;
        if (kind == Completes::Applications || kind == Completes::Anything) {
            for (const ApplicationRecord &app : snapshot.applications)
                list << app.name;
        }
        if (kind == Completes::Units || kind == Completes::Anything) {
            for (const UnitRecord &unit : snapshot.units)
                list << unit.name();
        }
        if (kind == Completes::Machines || kind == Completes::Anything) {
            for (const MachineRecord &machine : snapshot.machines)
                list << machine.name;
        }
        return list;
    } catch (const BerthError &) {
        return {};
    }
}

} // namespace

QStringList candidates(const QStringList &words, const QList<CommandSpec> &table,
                       const ProviderTypes &types, const QString &storeLocation)
{
    if (words.isEmpty())
        return {};
    const QString current = words.constLast();
    const QString previous = words.size() > 1 ? words.at(words.size() - 2) : QString();
    const QList<QCommandLineOption> globals = CliHelp::globalOptions();
    // The command is the first word that is neither a global option nor its value.
    const CommandSpec *command = nullptr;
    QString model;
    QString location = storeLocation;
    for (qsizetype i = 0; i + 1 < words.size(); ++i) {
        const QString &word = words.at(i);
        if (takesValue(globals, word)) {
            if (i + 2 < words.size()) {
                if (word == u"-m" || word == u"--model")
                    model = words.at(i + 1);
                else if (word == u"--db")
                    location = Store::resolveLocation(words.at(i + 1));
            }
            ++i;
            continue;
        }
        if (word.startsWith(u'-'))
            continue;
        for (const CommandSpec &spec : table) {
            if (spec.name == word)
                command = &spec;
        }
        break;
    }

    QStringList list;
    if (previous == u"-m" || previous == u"--model") {
        list = names(Completes::Models, types, location, model);
    } else if (previous == u"--format") {
        list = {QStringLiteral("json"), QStringLiteral("yaml"), QStringLiteral("tabular")};
    } else if (takesValue(globals, previous)) {
        return {}; // a path: the shell's own file completion
    } else if (!command) {
        if (current.startsWith(u'-')) {
            list = optionWords(globals);
        } else {
            for (const CommandSpec &spec : table)
                list << spec.name;
        }
    } else {
        const CliHelp::CommandDoc doc = CliHelp::describe(*command, types);
        if (current.startsWith(u'-')) {
            list = optionWords(doc.options) + optionWords(globals);
        } else if (previous == u"--to") {
            list = names(Completes::Machines, types, location, model);
        } else if (takesValue(doc.options, previous)) {
            return {};
        } else {
            list = names(positionalsOf(command->name), types, location, model);
        }
    }
    QStringList matching;
    for (const QString &candidate : std::as_const(list)) {
        if (candidate.startsWith(current) && !matching.contains(candidate))
            matching << candidate;
    }
    return matching;
}

} // namespace Completion

} // namespace berth
