// berthctl commands about applications and units: deploy, add-unit,
// remove-unit, remove-application, set-constraints, constraints, relate.
#include "cli/bundlecli.h"
#include "cli/clicontext.h"
#include "core/bertherror.h"
#include "core/commands/applicationcommands.h"
#include "core/commands/scalingcommands.h"

#include <QJsonObject>

namespace berth {

namespace {

const QCommandLineOption countOption(QStringList{QStringLiteral("n"), QStringLiteral("num-units")},
                                     QStringLiteral("how many units (-n or --num-units)"),
                                     QStringLiteral("N"), QStringLiteral("1"));
// Juju's removal flags, taken so that its scripts run: Berth's removals wait
// on no agent, and a unit's removal has no hook to force past.
const QCommandLineOption forceOption(QStringLiteral("force"),
                                     QStringLiteral("as Juju's scripts say it; Berth removes at "
                                                    "once, with no agent to force past"));
const QCommandLineOption toOption(QStringLiteral("to"),
                                  QStringLiteral("where each unit goes, one directive a unit: "
                                                 "3, 3/lxd/0, lxd, lxd:3, zone=Z, region=R"),
                                  QStringLiteral("D,..."));
const QCommandLineOption unplacedOption(QStringLiteral("unplaced"),
                                        QStringLiteral("add the units without machines; place "
                                                       "them later with place-unit"));
const QCommandLineOption dryRunOption(QStringLiteral("dry-run"),
                                      QStringLiteral("say what would be removed and stopped; "
                                                     "change nothing"));
const QCommandLineOption constraintsOption(QStringLiteral("constraints"),
                                           QStringLiteral("constraints, e.g. \"mem=4G cores=2\"; "
                                                          "repeat the option to add more"),
                                           QStringLiteral("\"k=v ...\""));

void deploy(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("deploy"),
                       QStringLiteral("CHARM [APP] [--base B] [-n N] [--to D,...] "
                                      "[--constraints \"...\"] [--subordinate] | BUNDLE "
                                      "[--overlay FILE]... [--dry-run] [--map-machines ...]"));
    parser.addOption({QStringLiteral("base"),
                      QStringLiteral("the base its units run, e.g. ubuntu@24.04 (default: the "
                                     "model's default-base)"),
                      QStringLiteral("B")});
    parser.addOption(countOption);
    parser.addOption(toOption);
    parser.addOption(constraintsOption);
    parser.addOption({QStringLiteral("subordinate"),
                      QStringLiteral("a subordinate: its units follow the principals it is "
                                     "related to")});
    parser.addOption(unplacedOption);
    for (const QCommandLineOption &option : BundleCli::deployOptions())
        parser.addOption(option);
    parser.addOption({QStringLiteral("dry-run"),
                      QStringLiteral("a bundle: list the changes it would make; make none")});
    parser.addOption({QStringLiteral("series"),
                      QStringLiteral("the base by its Ubuntu series name (jammy: ubuntu@22.04), "
                                     "as Juju 2 scripts give it"),
                      QStringLiteral("SERIES")});
    // What Juju hands to a charm; Berth places and starts machines and runs no
    // charm, so its scripts' flags are taken and said to change nothing.
    for (const auto &[name, value] : {std::pair{"channel", "CHANNEL"}, std::pair{"revision", "N"},
                                      std::pair{"config", "FILE"}, std::pair{"trust", ""}}) {
        const QString n = QString::fromLatin1(name);
        parser.addOption({n,
                          QStringLiteral("as Juju's scripts give it; Berth runs no charm, so it "
                                         "changes nothing (a note says so)"),
                          QString::fromLatin1(value)});
    }
    parser.parse(args, 1, 2);
    QStringList ignored;
    for (const char *name : {"channel", "revision", "config", "trust"}) {
        if (parser.isSet(QString::fromLatin1(name)))
            ignored << QStringLiteral("--") + QString::fromLatin1(name);
    }
    if (!ignored.isEmpty())
        ctx.err << "note: Berth runs no charm: " << ignored.join(QStringLiteral(", "))
                << " changed nothing" << Qt::endl;
    if (parser.isSet(QStringLiteral("series")) && parser.isSet(QStringLiteral("base")))
        throw BerthError(QStringLiteral("deploy: give --base or --series, not both"));
    if (BundleCli::namesBundle(parser.positional().at(0))) {
        BundleCli::deploy(ctx, parser);
        return;
    }
    for (const char *bundleOnly : {"overlay", "map-machines", "dry-run"}) {
        if (parser.isSet(QString::fromLatin1(bundleOnly)))
            throw BerthError(QStringLiteral("deploy: --%1 goes with a bundle (a path or a "
                                            ".yaml file), not a charm")
                                 .arg(QString::fromLatin1(bundleOnly)));
    }
    ApplicationCommands::Deploy request;
    request.charm = parser.positional().at(0);
    request.application = parser.positional().value(1);
    request.base = parser.isSet(QStringLiteral("series")) ? parser.value(QStringLiteral("series"))
                                                          : parser.value(QStringLiteral("base"));
    request.count = parser.intValue(QStringLiteral("n"), 1);
    request.to = parser.value(QStringLiteral("to"));
    request.constraints = parser.values(QStringLiteral("constraints")).join(u' ');
    request.subordinate = parser.isSet(QStringLiteral("subordinate"));
    if (!request.subordinate && ApplicationCommands::isKnownSubordinateCharm(request.charm)) {
        // As Juju, which reads it from the charm: unless the user placed units.
        const bool placed =
            parser.isSet(QStringLiteral("n")) || parser.isSet(QStringLiteral("to")) ||
            parser.isSet(QStringLiteral("constraints")) || parser.isSet(QStringLiteral("unplaced"));
        if (placed) {
            ctx.err << "note: " << request.charm
                    << " is a subordinate charm; deployed as a principal because units were "
                       "placed (deploy it with --subordinate to follow its principals)"
                    << Qt::endl;
        } else {
            request.subordinate = true;
            ctx.err << "note: " << request.charm
                    << " is a subordinate charm: deployed as a subordinate, its units follow "
                       "the principals it is related to"
                    << Qt::endl;
        }
    }
    request.unplaced = parser.isSet(QStringLiteral("unplaced"));
    ctx.apply(ModelChange::deploy(request));
}

void addUnit(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(
        QStringLiteral("add-unit"),
        QStringLiteral("APP [-n N] [--to D,... | --unplaced] [--constraints \"...\"]"));
    parser.addOption(countOption);
    parser.addOption(toOption);
    parser.addOption(constraintsOption);
    parser.addOption(unplacedOption);
    parser.parse(args, 1, 1);
    const QString app = parser.positional().first();
    const int count = parser.intValue(QStringLiteral("n"), 1);
    const QString constraints = parser.values(QStringLiteral("constraints")).join(u' ');
    if (parser.isSet(QStringLiteral("unplaced"))) {
        if (parser.isSet(QStringLiteral("to")))
            throw BerthError(QStringLiteral("add-unit: --to and --unplaced exclude each other"));
        ctx.apply(ModelChange::addUnplacedUnits(app, count, constraints));
        return;
    }
    ctx.apply(ModelChange::addUnits(app, count, parser.value(QStringLiteral("to")), constraints));
}

void placeUnit(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("place-unit"), QStringLiteral("APP/N ... [--to D]"));
    parser.addOption(toOption);
    parser.parse(args, 1, -1);
    ctx.apply(ModelChange::placeUnits(parser.positional(), parser.value(QStringLiteral("to"))));
}

void unplaceUnit(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("unplace-unit"), QStringLiteral("APP/N ..."));
    parser.parse(args, 1, -1);
    ctx.apply(ModelChange::unplaceUnits(parser.positional()));
}

void removeUnit(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("remove-unit"),
                       QStringLiteral("APP/N ... [--dry-run] | APP -n N [--criteria C]"));
    parser.addOption(countOption);
    parser.addOption(criteriaOption());
    parser.addOption(dryRunOption);
    parser.addOption(forceOption);
    parser.addOption(noWaitOption());
    parser.addOption(noPromptOption());
    parser.parse(args, 1, -1);
    if (!parser.isSet(QStringLiteral("n"))) {
        if (parser.isSet(QStringLiteral("criteria")))
            throw BerthError(QStringLiteral("remove-unit: --criteria needs -n N"));
        const ModelChange change = ModelChange::removeUnits(parser.positional());
        if (parser.isSet(QStringLiteral("dry-run"))) {
            ctx.dryRun({change});
            return;
        }
        ctx.confirm(parser, ctx.model(),
                    QStringLiteral("remove unit %1").arg(parser.positional().join(u' ')));
        ctx.apply(change);
        return;
    }
    if (ctx.stage) {
        throw BerthError(QStringLiteral("remove-unit: -n N cannot be staged (the policies choose "
                                        "the units when it runs); name the units instead"));
    }
    // By count: the application's policies choose where from and which units.
    if (parser.positional().size() != 1 || parser.positional().first().contains(u'/')) {
        throw BerthError(QStringLiteral("remove-unit: with -n give one application, not units "
                                        "(usage: berthctl remove-unit APP -n N)"));
    }
    const auto criteria = criteriaFromArgs(parser);
    if (parser.isSet(QStringLiteral("dry-run"))) {
        // The units the application's policies would take now, and what goes with them.
        const QStringList victims =
            ScalingCommands(ctx.workspace)
                .unitsToRemove(ctx.model(), parser.positional().first(),
                               parser.intValue(QStringLiteral("n"), 1), criteria);
        ctx.dryRun({ModelChange::removeUnits(victims)});
        if (!criteria || *criteria == DeletionPolicy::Criteria::Random)
            ctx.err << "note: where RANDOM chooses (Senlin's default when no deletion policy "
                       "says otherwise), the units are drawn again when it runs"
                    << Qt::endl;
        return;
    }
    ctx.confirm(parser, ctx.model(),
                QStringLiteral("remove %1 unit(s) of %2")
                    .arg(parser.value(QStringLiteral("n")), parser.positional().first()));
    ctx.print(ScalingCommands(ctx.workspace)
                  .removeUnits(ctx.model(), parser.positional().first(),
                               parser.intValue(QStringLiteral("n"), 1), criteria));
}

void removeApplication(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("remove-application"),
                       QStringLiteral("APP ... [--dry-run] [--force] [--no-wait]"));
    parser.addOption(dryRunOption);
    parser.addOption(forceOption);
    parser.addOption(noWaitOption());
    parser.addOption({QStringLiteral("destroy-storage"),
                      QStringLiteral("as Juju's scripts say it; Berth keeps no storage")});
    parser.addOption(noPromptOption());
    parser.parse(args, 1, -1);
    // Several at once, all or none, as Juju takes them.
    QList<ModelChange> changes;
    for (const QString &app : parser.positional())
        changes << ModelChange::removeApplication(app);
    if (parser.isSet(QStringLiteral("dry-run"))) {
        ctx.dryRun(changes);
        return;
    }
    ctx.confirm(parser, ctx.model(),
                QStringLiteral("remove application %1").arg(parser.positional().join(u' ')));
    ctx.applyAll(changes);
}

void setConstraints(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("set-constraints"),
                       QStringLiteral("APP k=v ... | --application APP k=v ..."));
    parser.addOption({QStringLiteral("application"),
                      QStringLiteral("the application (instead of the first "
                                     "argument)"),
                      QStringLiteral("APP")});
    parser.parse(args, 0, -1);
    QStringList positional = parser.positional();
    QString app = parser.value(QStringLiteral("application"));
    if (app.isEmpty()) {
        if (positional.isEmpty() || positional.first().contains(u'=')) {
            throw BerthError(QStringLiteral("set-constraints: no application given (usage: "
                                            "berthctl set-constraints APP k=v ...)"));
        }
        app = positional.takeFirst();
    }
    ctx.apply(ModelChange::setConstraints(app, positional.join(u' ')));
}

void constraints(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("constraints"), QStringLiteral("APP"));
    parser.parse(args, 1, 1);
    const QString app = parser.positional().first();
    const QString value = ApplicationCommands(ctx.workspace).constraints(ctx.model(), app);
    ctx.show(
        QJsonObject{{QStringLiteral("application"), app}, {QStringLiteral("constraints"), value}},
        [&]() -> QString { return value + u'\n'; });
}

// relate, and integrate (its Juju 3 name).
void relate(CliContext &ctx, const QStringList &args, const QString &name)
{
    CommandArgs parser(name, QStringLiteral("APP1[:ENDPOINT] APP2[:ENDPOINT]"));
    parser.parse(args, 2, 2);
    ctx.apply(ModelChange::relate(parser.positional().at(0), parser.positional().at(1)));
}

void removeRelation(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("remove-relation"),
                       QStringLiteral("APP1[:ENDPOINT] APP2[:ENDPOINT]"));
    parser.parse(args, 2, 2);
    ctx.apply(ModelChange::removeRelation(parser.positional().at(0), parser.positional().at(1)));
}

} // namespace

void registerApplicationCommands(QList<CommandSpec> &table)
{
    table.append({QStringLiteral("deploy"), QStringLiteral("add an application and its units"),
                  deploy, true});
    table.append(
        {QStringLiteral("add-unit"), QStringLiteral("add units to an application"), addUnit, true});
    table.append({QStringLiteral("remove-unit"), QStringLiteral("remove units"), removeUnit, true});
    table.append({QStringLiteral("place-unit"),
                  QStringLiteral("put unplaced units on a machine (default: a new one each)"),
                  placeUnit, true});
    table.append({QStringLiteral("unplace-unit"),
                  QStringLiteral("take units off machines not started yet"), unplaceUnit, true});
    table.append({QStringLiteral("remove-application"),
                  QStringLiteral("remove an application and its units"), removeApplication, true});
    table.append({QStringLiteral("set-constraints"),
                  QStringLiteral("set an application's constraints"), setConstraints, true});
    table.append({QStringLiteral("constraints"),
                  QStringLiteral("show an application's constraints"), constraints});
    table.append({QStringLiteral("relate"),
                  QStringLiteral("relate two applications (a subordinate follows its principal; "
                                 "two principals are related, nothing placed)"),
                  [](CliContext &ctx, const QStringList &args) {
                      relate(ctx, args, QStringLiteral("relate"));
                  },
                  true});
    table.append({QStringLiteral("integrate"),
                  QStringLiteral("relate two applications (Juju 3's name for relate)"),
                  [](CliContext &ctx, const QStringList &args) {
                      relate(ctx, args, QStringLiteral("integrate"));
                  },
                  true});
    table.append({QStringLiteral("remove-relation"),
                  QStringLiteral("remove a relation (a subordinate's units go with it)"),
                  removeRelation, true});
}

} // namespace berth
