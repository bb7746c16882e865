// berthctl commands about an application's policies and scaling:
// set-placement-policy, placement-policy, remove-placement-policy,
// scale-application.
#include "cli/clicontext.h"
#include "cli/policyfile.h"
#include "core/bertherror.h"
#include "core/commands/modelchange.h"
#include "core/commands/scalingcommands.h"

#include <QJsonArray>
#include <array>

namespace berth {

namespace {

QString bound(qint64 n)
{
    return n < 0 ? QStringLiteral("-") : QString::number(n);
}

// One row per policy entry: weight, cap, units now, weighted target.
QJsonArray entries(const PlacementPolicy &policy, const QMap<QString, qint64> &counts, qint64 total,
                   const QStringList &usable)
{
    const QMap<QString, double> targets = weightedTargets(policy, total, usable);
    QJsonArray rows;
    for (const PlacementPlanner::Target &t : policy.targets()) {
        rows.append(QJsonObject{{QStringLiteral("name"), t.name},
                                {QStringLiteral("weight"), t.weight},
                                {QStringLiteral("cap"), t.cap},
                                {QStringLiteral("usable"), usable.contains(t.name)},
                                {QStringLiteral("units"), counts.value(t.name)},
                                {QStringLiteral("target"), targets.value(t.name)}});
    }
    return rows;
}

QJsonObject reportJson(const ScalingCommands::Report &r)
{
    const DeletionPolicy::Criteria criteria =
        r.policies.deletion.value_or(DeletionPolicy::defaultCriteria);
    QJsonObject o{{QStringLiteral("application"), r.application.name},
                  {QStringLiteral("units"), r.units},
                  {QStringLiteral("min_size"), r.application.minSize},
                  {QStringLiteral("max_size"), r.application.maxSize},
                  {QStringLiteral("deletion_criteria"), DeletionPolicy::criteriaName(criteria)}};
    QJsonObject policies;
    if (r.policies.region) {
        policies.insert(QStringLiteral("region"), r.policies.region->toSpec());
        o.insert(QStringLiteral("regions"),
                 entries(*r.policies.region, r.perRegion, r.units, r.usableRegions));
    }
    if (r.policies.zone) {
        policies.insert(QStringLiteral("zone"), r.policies.zone->toSpec());
        o.insert(QStringLiteral("zones"),
                 entries(*r.policies.zone, r.perZone, r.units, r.usableZones));
    }
    if (r.policies.deletion)
        policies.insert(QStringLiteral("deletion"), DeletionPolicy::toSpec(*r.policies.deletion));
    if (r.policies.affinity)
        policies.insert(QStringLiteral("affinity"), AffinityPolicy::toSpec(*r.policies.affinity));
    o.insert(QStringLiteral("policies"), policies);
    return o;
}

QString reportTable(const QJsonObject &o)
{
    Output::Table head({QStringLiteral("APP"), QStringLiteral("UNITS"), QStringLiteral("MIN"),
                        QStringLiteral("MAX"), QStringLiteral("DELETION")});
    head.addRow({o.value(QStringLiteral("application")).toString(),
                 QString::number(o.value(QStringLiteral("units")).toInteger()),
                 bound(o.value(QStringLiteral("min_size")).toInteger()),
                 bound(o.value(QStringLiteral("max_size")).toInteger()),
                 o.value(QStringLiteral("deletion_criteria")).toString()});
    QString text = head.render();
    for (const char *kind : {"regions", "zones"}) {
        const QJsonArray rows = o.value(QLatin1StringView(kind)).toArray();
        if (rows.isEmpty())
            continue;
        Output::Table table({QString::fromLatin1(kind).chopped(1).toUpper(),
                             QStringLiteral("WEIGHT"), QStringLiteral("CAP"),
                             QStringLiteral("UNITS"), QStringLiteral("TARGET")});
        for (const auto &value : rows) {
            const QJsonObject row = value.toObject();
            const bool usable = row.value(QStringLiteral("usable")).toBool();
            table.addRow(
                {row.value(QStringLiteral("name")).toString(),
                 QString::number(row.value(QStringLiteral("weight")).toInteger()),
                 bound(row.value(QStringLiteral("cap")).toInteger()),
                 QString::number(row.value(QStringLiteral("units")).toInteger()),
                 usable ? QString::number(row.value(QStringLiteral("target")).toDouble(), 'f', 1)
                        : QStringLiteral("unusable")});
        }
        text += u'\n' + table.render();
    }
    if (!o.contains(QStringLiteral("regions")) && !o.contains(QStringLiteral("zones")))
        text += QStringLiteral("\nno placement policy: new units go to the model's region\n");
    return text;
}

} // namespace

QCommandLineOption criteriaOption()
{
    return {QStringLiteral("criteria"), QStringLiteral("which units go first (deletion criteria)"),
            QStringLiteral("C")};
}

std::optional<DeletionPolicy::Criteria> criteriaFromArgs(const CommandArgs &parser)
{
    if (!parser.isSet(QStringLiteral("criteria")))
        return std::nullopt;
    const auto criteria =
        DeletionPolicy::criteriaFromName(parser.value(QStringLiteral("criteria")));
    if (!criteria) {
        throw BerthError(parser.badValue(QStringLiteral("criteria"),
                                         QStringLiteral("OLDEST_FIRST, YOUNGEST_FIRST, "
                                                        "OLDEST_PROFILE_FIRST or RANDOM")));
    }
    return criteria;
}

namespace {

void setPlacementPolicy(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("set-placement-policy"), QStringLiteral("APP FILE"));
    parser.parse(args, 2, 2);
    const QJsonObject spec = PolicyFile::read(parser.positional().at(1));
    ctx.apply(ModelChange::setPlacementPolicies(parser.positional().first(), {spec}, false));
}

void placementPolicy(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("placement-policy"), QStringLiteral("APP"));
    parser.parse(args, 1, 1);
    const QJsonObject report =
        reportJson(ScalingCommands(ctx.workspace).report(ctx.model(), parser.positional().first()));
    ctx.show(report, [&] { return reportTable(report); });
}

void removePlacementPolicy(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("remove-placement-policy"),
                       QStringLiteral("APP [--kind region|zone|deletion|affinity]"));
    parser.addOption({QStringLiteral("kind"), QStringLiteral("which policy (default: all)"),
                      QStringLiteral("KIND")});
    parser.parse(args, 1, 1);
    ctx.print(ScalingCommands(ctx.workspace)
                  .removePolicy(ctx.model(), parser.positional().first(),
                                parser.value(QStringLiteral("kind"))));
}

void scaleApplication(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("scale-application"),
                       QStringLiteral("APP SCALE | APP --adjustment-type TYPE --number N "
                                      "[--min-step N] [--min-size N] [--max-size N] [--strict] "
                                      "[--criteria C]"));
    const QList<std::array<const char *, 3>> options{
        {"adjustment-type", "TYPE",
         "EXACT_CAPACITY, CHANGE_IN_CAPACITY or "
         "CHANGE_IN_PERCENTAGE (Senlin's)"},
        {"number", "N", "the new size, or the change (a percentage for CHANGE_IN_PERCENTAGE)"},
        {"min-step", "N", "at least this many units for a percentage change"},
        {"min-size", "N", "the application's new lower bound"},
        {"max-size", "N", "the application's new upper bound (-1: none)"}};
    for (const auto &[name, value, meaning] : options)
        parser.addOption(
            {QString::fromLatin1(name), QString::fromUtf8(meaning), QString::fromLatin1(value)});
    parser.addOption({QStringLiteral("strict"),
                      QStringLiteral("refuse a size outside the bounds instead of clipping it")});
    parser.addOption(criteriaOption());
    parser.parse(args, 1, 2);
    ScalingCommands::Scale request;
    QString type = parser.value(QStringLiteral("adjustment-type"));
    QString numberText = parser.value(QStringLiteral("number"));
    if (parser.positional().size() == 2) {
        // Juju's form: the application's new number of units.
        if (parser.isSet(QStringLiteral("adjustment-type")) ||
            parser.isSet(QStringLiteral("number")))
            throw BerthError(QStringLiteral("scale-application: give the scale (APP SCALE) or "
                                            "--adjustment-type and --number, not both"));
        type = QStringLiteral("EXACT_CAPACITY");
        numberText = parser.positional().at(1);
    }
    request.resize.adjustment = ResizeParameters::adjustmentFromName(type);
    if (!type.isEmpty() && !request.resize.adjustment) {
        throw BerthError(parser.badValue(QStringLiteral("adjustment-type"),
                                         QStringLiteral("EXACT_CAPACITY, CHANGE_IN_CAPACITY or "
                                                        "CHANGE_IN_PERCENTAGE")));
    }
    if (numberText.isEmpty())
        throw BerthError(QStringLiteral("scale-application: --number is required (or give the "
                                        "scale: berthctl scale-application APP SCALE)"));
    if (!request.resize.adjustment) {
        throw BerthError(QStringLiteral("--adjustment-type is required: EXACT_CAPACITY, "
                                        "CHANGE_IN_CAPACITY or CHANGE_IN_PERCENTAGE"));
    }
    QString expected;
    const auto number =
        ResizeParameters::readNumber(*request.resize.adjustment, numberText, &expected);
    if (!number) {
        throw BerthError(parser.positional().size() == 2
                             ? QStringLiteral("scale-application: bad scale \"%1\": expected %2")
                                   .arg(numberText, expected)
                             : parser.badValue(QStringLiteral("number"), expected));
    }
    request.resize.number = *number;
    request.resize.minStep = parser.optionalInt(QStringLiteral("min-step"));
    request.resize.minSize = parser.optionalInt(QStringLiteral("min-size"));
    request.resize.maxSize = parser.optionalInt(QStringLiteral("max-size"));
    request.resize.strict = parser.isSet(QStringLiteral("strict"));
    const auto criteria = criteriaFromArgs(parser);
    ctx.apply(ModelChange::scaleApplication(parser.positional().first(), type, request.resize,
                                            criteria ? DeletionPolicy::criteriaName(*criteria)
                                                     : QString()));
}

} // namespace

void registerScalingCommands(QList<CommandSpec> &table)
{
    table.append(
        {QStringLiteral("set-placement-policy"),
         QStringLiteral("attach a Senlin placement, deletion or affinity policy to an application"),
         setPlacementPolicy, true});
    table.append({QStringLiteral("placement-policy"),
                  QStringLiteral("an application's policies, units against targets"),
                  placementPolicy});
    table.append({QStringLiteral("remove-placement-policy"),
                  QStringLiteral("detach an application's policies"), removePlacementPolicy});
    table.append({QStringLiteral("scale-application"),
                  QStringLiteral("resize an application by Senlin's adjustment rules"),
                  scaleApplication, true});
}

} // namespace berth
