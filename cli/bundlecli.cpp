#include "cli/bundlecli.h"

#include "core/bertherror.h"
#include "core/commands/bundlecommands.h"
#include "core/inputlimits.h"
#include "core/placement/yamldocument.h"
#include "core/userfiles.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>

namespace berth {

namespace {

const QCommandLineOption overlayOption(QStringLiteral("overlay"),
                                       QStringLiteral("a bundle merged over the first (Juju's "
                                                      "overlay rules); repeat for more"),
                                       QStringLiteral("FILE"));
const QCommandLineOption mapMachinesOption(
    QStringLiteral("map-machines"),
    QStringLiteral("existing: a bundle machine id is the model machine of that id; B=M: bundle "
                   "machine B is model machine M (comma list)"),
    QStringLiteral("existing,B=M"));

QString sourceOf(const QString &path)
{
    return QStringLiteral("bundle \"%1\"").arg(path);
}

void diffBundle(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(
        QStringLiteral("diff-bundle"),
        QStringLiteral("BUNDLE [--overlay FILE]... [--map-machines existing,B=M] [--annotations]"));
    parser.addOption(overlayOption);
    parser.addOption(mapMachinesOption);
    parser.addOption({QStringLiteral("annotations"),
                      QStringLiteral("compare annotations too (Berth's policies always are)")});
    parser.parse(args, 1, 1);
    const QString path = parser.positional().at(0);
    const Bundle bundle = Bundle::fromDocuments(
        BundleCommands::readDocuments(path, parser.values(QStringLiteral("overlay"))),
        sourceOf(path));
    const QJsonObject diff =
        BundleCommands(ctx.workspace)
            .diff(ctx.model(), bundle,
                  BundleCommands::MachineMap::parse(parser.value(QStringLiteral("map-machines"))),
                  parser.isSet(QStringLiteral("annotations")));
    // YAML unless JSON is asked for, as Juju prints it.
    ctx.out << (ctx.format == Output::Format::Json
                    ? Output::toJson(diff, BundleCommands::keyOrder())
                    : Output::toYaml(diff, BundleCommands::keyOrder()));
    ctx.out.flush();
}

void exportBundle(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("export-bundle"), QStringLiteral("[--filename FILE]"));
    parser.addOption({QStringLiteral("filename"),
                      QStringLiteral("write the bundle to FILE (default: standard output)"),
                      QStringLiteral("FILE")});
    parser.parse(args, 0, 0);
    const Bundle exported = BundleCommands(ctx.workspace).exportBundle(ctx.model());
    const qint64 units = exported.units();
    const QJsonObject bundle = exported.toJson();
    const QString text = ctx.format == Output::Format::Json
                             ? Output::toJson(bundle, BundleCommands::keyOrder())
                             : BundleCommands::yaml(bundle);
    const QByteArray bytes = text.toUtf8();
    if (bytes.size() > Limits::maxBundleBytes || units > Limits::maxBundleUnits) {
        ctx.err << "note: the bundle has " << units << " units in " << bytes.size()
                << " bytes, more than deploy and diff-bundle read (" << Limits::maxBundleUnits
                << " units, " << Limits::maxBundleBytes << " bytes): it does not read back"
                << Qt::endl;
    }
    const QString filename = parser.value(QStringLiteral("filename"));
    if (filename.isEmpty()) {
        ctx.out << text;
        ctx.out.flush();
        return;
    }
    UserFiles::write(filename, bytes, filename);
    ctx.out << "Bundle successfully exported to " << filename << Qt::endl;
}

} // namespace

namespace BundleCli {

bool namesBundle(const QString &argument)
{
    return argument.contains(u'/') || argument.endsWith(QStringLiteral(".yaml")) ||
           argument.endsWith(QStringLiteral(".yml")) || QFileInfo(argument).isFile();
}

QList<QCommandLineOption> deployOptions()
{
    return {overlayOption, mapMachinesOption};
}

void deploy(CliContext &ctx, const CommandArgs &parser)
{
    const QString path = parser.positional().at(0);
    if (parser.positional().size() > 1)
        throw BerthError(QStringLiteral("deploy: a bundle takes no application name"));
    for (const char *charmOnly : {"base", "n", "to", "constraints", "subordinate", "unplaced"}) {
        if (parser.isSet(QString::fromLatin1(charmOnly)))
            throw BerthError(
                QStringLiteral("deploy: %1 goes with a charm; a bundle says it for "
                               "each application")
                    .arg((qstrlen(charmOnly) == 1 ? QStringLiteral("-") : QStringLiteral("--")) +
                         QString::fromLatin1(charmOnly)));
    }
    const QList<QJsonValue> documents =
        BundleCommands::readDocuments(path, parser.values(QStringLiteral("overlay")));
    BundleCommands::Deploy request;
    request.bundle = Bundle::fromDocuments(documents, sourceOf(path));
    const QString map = parser.value(QStringLiteral("map-machines"));
    request.map = BundleCommands::MachineMap::parse(map);
    if (ctx.stage) {
        if (parser.isSet(QStringLiteral("dry-run")))
            throw BerthError(QStringLiteral("--dry-run changes nothing: it cannot be staged"));
        ctx.apply(ModelChange::deployBundle(Bundle::merged(documents, sourceOf(path)), map));
        return;
    }
    request.dryRun = parser.isSet(QStringLiteral("dry-run"));
    QJsonArray records;
    const CommandResult result =
        BundleCommands(ctx.workspace)
            .deploy(ctx.model(), request,
                    ctx.format == Output::Format::Tabular ? nullptr : &records);
    for (const QString &warning : result.warnings)
        ctx.warn(warning);
    if (ctx.format != Output::Format::Tabular) {
        // The same steps as Juju's change records (id, method, args, requires).
        static const Output::KeyOrder order{QStringLiteral("id"), QStringLiteral("method"),
                                            QStringLiteral("args"), QStringLiteral("requires"),
                                            QStringLiteral("description")};
        ctx.out << (ctx.format == Output::Format::Json ? Output::toJson(records, order)
                                                       : Output::toYaml(records, order));
        ctx.out.flush();
        return;
    }
    if (result.messages.isEmpty()) {
        ctx.out << "No changes to apply." << Qt::endl;
        return;
    }
    ctx.out << (request.dryRun ? "Changes to deploy bundle:" : "Executing changes:") << Qt::endl;
    for (const QString &line : result.messages)
        ctx.out << "- " << line << Qt::endl;
    if (!request.dryRun)
        ctx.out << "Deploy of bundle completed." << Qt::endl;
}

} // namespace BundleCli

void registerBundleCommands(QList<CommandSpec> &table)
{
    table.append({QStringLiteral("diff-bundle"),
                  QStringLiteral("what a bundle and the model hold that the other does not"),
                  diffBundle});
    table.append(
        {QStringLiteral("export-bundle"), QStringLiteral("the model as a bundle"), exportBundle});
}

} // namespace berth
