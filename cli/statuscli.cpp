// berthctl status: the model (or what matches patterns) in Juju's formats,
// once, or again after each change with --watch.
#include "cli/clicontext.h"
#include "cli/commitwait.h"
#include "cli/statusreport.h"
#include "core/bertherror.h"
#include "core/model/bundle.h"
#include "core/model/modelconfig.h"
#include "core/model/statusselection.h"
#include "core/placement/spread/spreadstate.h"
#include "core/printable.h"
#include "core/store/bundlerows.h"

#include <QDateTime>
#include <QSaveFile>
#include <QSet>

namespace berth {

namespace {

const QStringList ownFormats{QStringLiteral("summary"), QStringLiteral("short"),
                             QStringLiteral("line"), QStringLiteral("oneline")};

// --watch [INTERVAL]: Juju's takes a duration after it; a word that is not
// one is a pattern. Taken out of `args`; nullopt without --watch.
std::optional<qint64> takeWatch(QStringList &args)
{
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &arg = args.at(i);
        if (arg == u"--")
            break;
        if (arg.startsWith(QStringLiteral("--watch="))) {
            const auto interval = ModelConfig::parseDurationMs(arg.mid(8));
            if (!interval || *interval <= 0)
                throw BerthError(QStringLiteral("status: bad value \"%1\" for --watch: expected "
                                                "a duration such as 1s, 500ms or 2m")
                                     .arg(printable(arg.mid(8))));
            args.remove(i);
            return interval;
        }
        if (arg != u"--watch")
            continue;
        args.remove(i);
        if (i < args.size()) {
            const auto interval = ModelConfig::parseDurationMs(args.at(i));
            if (interval && *interval > 0) {
                args.remove(i);
                return interval;
            }
        }
        return 1000;
    }
    return std::nullopt;
}

// The time in the model table's header, as Juju's: local, or UTC with --utc.
QString timestamp(bool utc)
{
    const QDateTime now = utc ? QDateTime::currentDateTimeUtc()
                              : QDateTime::currentDateTime().toOffsetFromUtc(
                                    QDateTime::currentDateTime().offsetFromUtc());
    return now.toString(Qt::ISODate).section(u'T', 1);
}

struct StatusRequest
{
    StatusSelection selection;
    bool relations = false;
    bool colour = false;
    bool utc = false;
};

// The status document as it stands now.
// A line for each application past a spread bound: why, and how to repair it.
QString spreadNotes(CliContext &ctx, const ModelSnapshot &snapshot)
{
    if (snapshot.spreads.isEmpty())
        return {};
    QString notes;
    const SpreadState spread(snapshot, ctx.workspace.clouds().get(snapshot.model.cloud));
    for (const ApplicationRecord &app : snapshot.applications) {
        for (const SpreadStatus &s : spread.status(app.name)) {
            if (!s.broken())
                continue;
            notes += QStringLiteral("%1 is past its %2 spread: skew %3, max-skew %4 (berthctl "
                                    "rebalance %1 --dry-run shows the repair)\n")
                         .arg(app.name, SpreadConstraint::levelName(s.constraint.level))
                         .arg(s.skew)
                         .arg(s.constraint.maxSkew);
        }
    }
    return notes.isEmpty() ? notes : QStringLiteral("\nSpread\n") + notes;
}

// Writes the status document to `stream` (JSON and YAML as they are made:
// a model of 100,000 units is never held whole as text).
void render(CliContext &ctx, const StatusRequest &request, bool *emptyModel, QTextStream &stream)
{
    const auto names = request.selection.plainNames();
    QList<BundleRows::EndpointRelation> endpoints;
    // Plain names read only the rows around them; wildcards and status
    // words read the whole model.
    const ModelSnapshot snapshot =
        request.selection.apply(ctx.workspace.readModel(ctx.model(), [&](ModelTx &tx) {
            if (request.relations)
                endpoints = BundleRows(tx.scope()).endpointRelations();
            return names ? tx.snapshots().around(names->applications, names->units, names->machines)
                         : tx.snapshots().whole();
        }));
    if (!request.selection.isEmpty() && snapshot.units.isEmpty() && snapshot.machines.isEmpty() &&
        snapshot.applications.isEmpty())
        ctx.warn(QStringLiteral("nothing matched %1").arg(request.selection.patterns().join(u' ')));
    *emptyModel = request.selection.isEmpty() && snapshot.applications.isEmpty() &&
                  snapshot.machines.isEmpty();
    if (ctx.formatName == u"summary") {
        stream << StatusReport::toSummary(snapshot);
        return;
    }
    if (!ctx.formatName.isEmpty()) {
        stream << StatusReport::toOneline(snapshot);
        return;
    }
    switch (ctx.format) {
    case Output::Format::Tabular: {
        StatusReport::TableOptions options{
            request.relations, request.colour, {}, ctx.width, timestamp(request.utc)};
        // The shown applications' relations only.
        QSet<QString> shownApps;
        for (const ApplicationRecord &a : snapshot.applications)
            shownApps.insert(a.name);
        for (const BundleRows::EndpointRelation &r : endpoints) {
            if (shownApps.contains(Bundle::applicationOf(r.first)) ||
                shownApps.contains(Bundle::applicationOf(r.second)))
                options.endpointRelations.append({r.first, r.second});
        }
        // Skews are the whole application's: shown when the model was read whole.
        stream << StatusReport::toTable(snapshot, options)
               << (names ? QString() : spreadNotes(ctx, snapshot));
        break;
    }
    case Output::Format::Json:
        StatusReport::writeJson(snapshot, stream);
        break;
    case Output::Format::Yaml:
        StatusReport::writeYaml(snapshot, stream);
        break;
    }
    stream.flush();
}

// The status document in a string, for --watch to draw at once.
QString rendered(CliContext &ctx, const StatusRequest &request, bool *emptyModel)
{
    QString text;
    QTextStream stream(&text);
    render(ctx, request, emptyModel, stream);
    return text;
}

// The status document written to `path` as it is made, in place of the
// file only once whole.
void writeFile(CliContext &ctx, const StatusRequest &request, const QString &path)
{
    QSaveFile file(path);
    bool empty = false;
    if (file.open(QIODevice::WriteOnly)) {
        QTextStream stream(&file);
        render(ctx, request, &empty, stream);
        if (stream.status() == QTextStream::Ok && file.commit())
            return;
    }
    throw BerthError(QStringLiteral("status: cannot write %1: %2").arg(path, file.errorString()));
}

void status(CliContext &ctx, const QStringList &arguments)
{
    QStringList args = arguments;
    const std::optional<qint64> watch = takeWatch(args);
    CommandArgs parser(QStringLiteral("status"), QStringLiteral("[PATTERN ...]"));
    parser.addOption({QStringLiteral("relations"), QStringLiteral("list the relations too")});
    parser.addOption({QStringLiteral("integrations"),
                      QStringLiteral("list the relations too (Juju 3's word for --relations)")});
    parser.addOption({QStringLiteral("color"),
                      QStringLiteral("colour the status words even when not on a terminal")});
    parser.addOption(
        {QStringLiteral("no-color"),
         QStringLiteral("never colour the status words (default: colour on a terminal)")});
    parser.addOption({QStringLiteral("watch"),
                      QStringLiteral("draw the status again after each change, at most once per "
                                     "INTERVAL (default 1s), until Ctrl+C")});
    parser.addOption(
        {QStringLiteral("utc"), QStringLiteral("give the time in UTC rather than the local time")});
    parser.addOption({{QStringLiteral("o"), QStringLiteral("output")},
                      QStringLiteral("write the status to FILE rather than to the terminal"),
                      QStringLiteral("FILE")});
    parser.parse(args, 0, -1);
    if (parser.isSet(QStringLiteral("color")) && parser.isSet(QStringLiteral("no-color")))
        throw BerthError(QStringLiteral("status: give --color or --no-color, not both"));
    const QString file = parser.value(QStringLiteral("output"));
    if (watch && !file.isEmpty())
        throw BerthError(QStringLiteral("status: --watch draws again after each change and -o "
                                        "writes the status once: give one of them"));
    const StatusRequest request{StatusSelection(parser.positional()),
                                parser.isSet(QStringLiteral("relations")) ||
                                    parser.isSet(QStringLiteral("integrations")),
                                file.isEmpty() && !parser.isSet(QStringLiteral("no-color")) &&
                                    (ctx.terminal || parser.isSet(QStringLiteral("color"))),
                                parser.isSet(QStringLiteral("utc"))};
    bool empty = false;
    if (!watch) {
        if (!file.isEmpty()) {
            writeFile(ctx, request, file);
            return;
        }
        render(ctx, request, &empty, ctx.out);
        ctx.out.flush();
        if (empty && ctx.format == Output::Format::Tabular && ctx.formatName.isEmpty())
            ctx.err << "\nModel \"" << ctx.model() << "\" is empty." << Qt::endl; // as Juju says it
        return;
    }
    // On a terminal the screen is drawn again in place; a pipe gets one
    // document per change (YAML's "---" between them).
    bool first = true;
    const auto draw = [&] {
        const QString text = rendered(ctx, request, &empty);
        if (ctx.terminal)
            ctx.out << "\x1b[H\x1b[2J";
        else if (!first)
            ctx.out << (ctx.format == Output::Format::Yaml ? "---\n" : "\n");
        first = false;
        ctx.out << text;
        ctx.out.flush();
        return false; // until Ctrl+C
    };
    CommitWait::run(ctx.workspace.store(), {int(*watch), 0}, draw);
}

} // namespace

void registerStatusCommands(QList<CommandSpec> &table)
{
    table.append({QStringLiteral("status"),
                  QStringLiteral("the model, or the parts that match patterns"), status, false,
                  ownFormats});
}

} // namespace berth
