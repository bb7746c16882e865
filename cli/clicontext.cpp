#include "cli/clicontext.h"

#include "core/bertherror.h"
#include "core/commands/changeset.h"
#include "core/inputlimits.h"
#include "core/store/modelrows.h"

#include <climits>

namespace berth {

void CliContext::print(const CommandResult &result)
{
    for (const QString &warning : result.warnings)
        warn(warning);
    for (const QString &message : result.messages)
        out << message << Qt::endl;
}

void CliContext::apply(const ModelChange &change, HostProbe *probe)
{
    if (!stage) {
        print(change.apply(workspace, model(), probe));
        return;
    }
    const StagedChangeRecord staged = ChangeSet(workspace, probe).stage(model(), change);
    out << "staged change " << staged.id << ": " << change.description()
        << " (berthctl changes shows the change set, berthctl commit applies it)" << Qt::endl;
}

void CliContext::applyAll(const QList<ModelChange> &changes)
{
    if (changes.size() == 1) {
        apply(changes.first());
        return;
    }
    if (!stage) {
        print(ModelChange::applyAll(workspace, model(), changes));
        return;
    }
    const QList<StagedChangeRecord> staged = ChangeSet(workspace).stage(model(), changes);
    for (qsizetype i = 0; i < staged.size() && i < changes.size(); ++i)
        out << "staged change " << staged.at(i).id << ": " << changes.at(i).description()
            << Qt::endl;
    out << "(berthctl changes shows the change set, berthctl commit applies it)" << Qt::endl;
}

void CliContext::confirm(const CommandArgs &parser, const QString &modelName, const QString &what)
{
    if (parser.isSet(QStringLiteral("no-prompt")) || stage)
        return;
    const bool prompts = workspace.store().read(
        [&](SqlSession &sql) { return ModelRows(sql).load(modelName).config.requiresPrompts(); });
    if (!prompts)
        return;
    if (!inputTerminal)
        throw BerthError(QStringLiteral("model %1 has mode=requires-prompts and there is no "
                                        "terminal to ask on: give --no-prompt to %2")
                             .arg(modelName, what));
    out << "This will " << what << " in model " << modelName << ".\nContinue [y/N]? ";
    out.flush();
    QTextStream in(stdin);
    const QString answer = in.readLine().trimmed().toLower();
    if (answer != u"y" && answer != u"yes")
        throw BerthError(QStringLiteral("not confirmed; nothing was changed"));
}

void CliContext::dryRun(const QList<ModelChange> &changes)
{
    if (stage)
        throw BerthError(QStringLiteral("--dry-run changes nothing: it cannot be staged"));
    for (const QString &line : ModelChange::dryRun(workspace, model(), changes))
        out << line << Qt::endl;
}

void CliContext::show(const QJsonValue &value, const std::function<QString()> &tabular,
                      const Output::KeyOrder &order)
{
    switch (format) {
    case Output::Format::Json:
        out << Output::toJson(value, order);
        break;
    case Output::Format::Yaml:
        out << Output::toYaml(value, order);
        break;
    case Output::Format::Tabular:
        out << tabular();
        break;
    }
    out.flush();
}

CommandArgs::CommandArgs(const QString &command, const QString &usage)
    : m_command(command)
    , m_usage(usage)
{
    m_parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
}

void CommandArgs::parse(const QStringList &args, int minPositional, int maxPositional)
{
    if (args.contains(u"--help") || args.contains(u"-h")) {
        throw HelpRequested{QStringLiteral("berthctl ") + m_command +
                                (m_usage.isEmpty() ? QString() : u' ' + m_usage),
                            m_options};
    }
    const QString usage = QStringLiteral("(usage: berthctl ") + m_command +
                          (m_usage.isEmpty() ? QString() : u' ' + m_usage) + u')';
    if (!m_parser.parse(QStringList{m_command} + args))
        throw BerthError(m_command + QStringLiteral(": ") + m_parser.errorText() + u' ' + usage);
    const qsizetype n = m_parser.positionalArguments().size();
    if (n < minPositional || (maxPositional >= 0 && n > maxPositional))
        throw BerthError(m_command + QStringLiteral(": wrong number of arguments ") + usage);
}

int CommandArgs::intValue(const QString &name, int fallback) const
{
    return int(optionalInt(name).value_or(fallback));
}

QString CommandArgs::badValue(const QString &name, const QString &expected) const
{
    return QStringLiteral("%1: bad value \"%2\" for %3%4: expected %5")
        .arg(m_command, m_parser.value(name),
             name.size() > 1 ? QStringLiteral("--") : QStringLiteral("-"), name, expected);
}

std::optional<qint64> CommandArgs::optionalInt(const QString &name) const
{
    if (!m_parser.isSet(name))
        return std::nullopt;
    const auto n = Limits::parseInteger(m_parser.value(name));
    if (!n || *n < INT_MIN || *n > INT_MAX)
        throw BerthError(badValue(name, QStringLiteral("a whole number")));
    return n;
}

} // namespace berth
