#include "core/commands/scalingcommands.h"
#include "core/commands/spreadcommands.h"
#include "core/commands/unitplacer.h"
#include "core/store/spreadrows.h"

#include "core/bertherror.h"
#include "core/inputlimits.h"
#include "core/store/policyrows.h"

#include <QJsonDocument>
#include <QRandomGenerator>

namespace berth {

namespace {

// "sim-east 6 (+4), sim-west 4 (+2)": the counts after a change, with the change.
QString describeChange(const QMap<QString, qint64> &before, const QMap<QString, qint64> &after)
{
    QStringList parts;
    QStringList keys = before.keys() + after.keys();
    keys.removeDuplicates();
    keys.sort();
    for (const QString &key : std::as_const(keys)) {
        const qint64 delta = after.value(key) - before.value(key);
        if (delta == 0)
            continue;
        parts << QStringLiteral("%1 %2 (%3%4)")
                     .arg(key.isEmpty() ? QStringLiteral("(no zone yet)") : key)
                     .arg(after.value(key))
                     .arg(delta > 0 ? QStringLiteral("+") : QString())
                     .arg(delta);
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace

QMap<QString, double> weightedTargets(const PlacementPolicy &policy, qint64 total,
                                      const QStringList &usable)
{
    qint64 weights = 0;
    for (const PlacementPlanner::Target &t : policy.targets()) {
        if (usable.contains(t.name))
            weights += t.weight;
    }
    QMap<QString, double> targets;
    for (const PlacementPlanner::Target &t : policy.targets()) {
        const bool counts = weights > 0 && usable.contains(t.name);
        targets.insert(t.name, counts ? double(total) * double(t.weight) / double(weights) : 0.0);
    }
    return targets;
}

QString ScalingCommands::policyKind(const QJsonObject &spec)
{
    const QString type = spec.value(QStringLiteral("type")).toString();
    if (type == u"senlin.policy.region_placement")
        return QStringLiteral("region");
    if (type == u"senlin.policy.zone_placement")
        return QStringLiteral("zone");
    if (type == u"senlin.policy.deletion")
        return QStringLiteral("deletion");
    if (type == u"senlin.policy.affinity")
        return QStringLiteral("affinity");
    throw BerthError(tr("unknown policy type \"%1\"; expected "
                        "senlin.policy.region_placement, senlin.policy.zone_placement, "
                        "senlin.policy.deletion or senlin.policy.affinity")
                         .arg(type));
}

ScalingCommands::ScalingCommands(Workspace &workspace)
    : m_ws(workspace)
    , m_random(QRandomGenerator::global())
{}

ApplicationRecord ScalingCommands::principal(ModelTx &tx, const QString &application) const
{
    ApplicationRecord app = tx.applications().get(application);
    checkPrincipal(app);
    return app;
}

void ScalingCommands::checkPrincipal(const ApplicationRecord &app)
{
    if (app.subordinate) {
        throw BerthError(
            ScalingCommands::tr("application \"%1\" is a subordinate: its units follow "
                                "their principals and cannot be scaled or placed by a "
                                "policy")
                .arg(app.name));
    }
}

CommandResult ScalingCommands::setPolicy(const QString &model, const QString &application,
                                         const QJsonObject &spec)
{
    return storePolicies(model, application, {spec}, false);
}

CommandResult ScalingCommands::replacePolicies(const QString &model, const QString &application,
                                               const QList<QJsonObject> &specs)
{
    return storePolicies(model, application, specs, true);
}

CommandResult ScalingCommands::storePolicies(const QString &model, const QString &application,
                                             const QList<QJsonObject> &specs, bool replaceAll)
{
    CommandResult result;
    struct Parsed
    {
        QString kind;
        QJsonObject stored;
        std::optional<PlacementPolicy> placement;
    };
    QList<Parsed> parsed;
    for (const QJsonObject &spec : specs) {
        Parsed p;
        p.kind = policyKind(spec);
        for (const Parsed &earlier : std::as_const(parsed)) {
            if (earlier.kind == p.kind)
                throw BerthError(
                    ScalingCommands::tr("two %1 policies given; expected one").arg(p.kind));
        }
        if (p.kind == u"deletion") {
            QStringList ignored;
            p.stored = DeletionPolicy::toSpec(DeletionPolicy::fromSpec(spec, &ignored));
            if (!ignored.isEmpty()) {
                result.warnings << ScalingCommands::tr(
                                       "deletion policy properties ignored: %1 (units "
                                       "are removed at once and the size follows "
                                       "them)")
                                       .arg(ignored.join(QStringLiteral(", ")));
            }
        } else if (p.kind == u"affinity") {
            QStringList ignored;
            p.stored = AffinityPolicy::toSpec(AffinityPolicy::fromSpec(spec, &ignored));
            if (!ignored.isEmpty()) {
                result.warnings << ScalingCommands::tr(
                                       "affinity policy properties ignored: %1 (zones come "
                                       "from the zone policy and constraints)")
                                       .arg(ignored.join(QStringLiteral(", ")));
            }
        } else {
            p.placement = PlacementPolicy::fromSpec(spec);
            p.stored = p.placement->toSpec();
        }
        parsed << p;
    }
    return m_ws.inModel(model, [&](ModelTx &tx) {
        const ApplicationRecord app = principal(tx, application);
        for (const Parsed &p : std::as_const(parsed)) {
            if (!p.placement)
                continue;
            QStringList known;
            if (p.placement->kind() == PlacementPolicy::Kind::Region) {
                known = tx.cloud().regionNames();
            } else {
                for (const RegionInfo &region : tx.cloud().regions)
                    known += region.zoneNames();
            }
            const QString unknown = p.placement->unknownNames(known);
            if (!unknown.isEmpty())
                throw BerthError(unknown);
            for (const SpreadConstraint &spread : SpreadRows(tx.scope()).of(app.id)) {
                if (const QString why = SpreadConflict::of(app.name, *p.placement, spread);
                    !why.isEmpty())
                    throw BerthError(why);
            }
        }
        PolicyRows rows(tx.scope());
        if (replaceAll)
            rows.remove(app);
        for (const Parsed &p : std::as_const(parsed)) {
            rows.put(app, p.kind, p.stored);
            result.messages << ScalingCommands::tr("%1 policy set on %2").arg(p.kind, app.name);
        }
        return result;
    });
}

CommandResult ScalingCommands::removePolicy(const QString &model, const QString &application,
                                            const QString &kind)
{
    if (!kind.isEmpty() && kind != u"region" && kind != u"zone" && kind != u"deletion" &&
        kind != u"affinity") {
        throw BerthError(ScalingCommands::tr("invalid policy kind \"%1\"; expected region, zone, "
                                             "deletion or affinity")
                             .arg(kind));
    }
    return m_ws.inModel(model, [&](ModelTx &tx) {
        const ApplicationRecord app = principal(tx, application);
        const qint64 removed = PolicyRows(tx.scope()).remove(app, kind);
        if (removed == 0) {
            throw BerthError(
                kind.isEmpty()
                    ? ScalingCommands::tr("application \"%1\" has no policy").arg(app.name)
                    : ScalingCommands::tr("application \"%1\" has no %2 "
                                          "policy")
                          .arg(app.name, kind));
        }
        CommandResult result;
        result.messages << ScalingCommands::tr("removed %1 from %2")
                               .arg(kind.isEmpty() ? QStringLiteral("all policies")
                                                   : kind + QStringLiteral(" policy"),
                                    app.name);
        return result;
    });
}

ScalingCommands::Report ScalingCommands::report(const QString &model, const QString &application)
{
    return m_ws.readModel(model, [&](ModelTx &tx) {
        const ApplicationRecord app = principal(tx, application);
        return reportOf(app, loadPolicies(tx, app.id), tx.units().placements(app), tx.cloud());
    });
}

ScalingCommands::Report ScalingCommands::report(const SnapshotIndex &model,
                                                const ModelSnapshot &snapshot,
                                                const CloudInfo &cloud, const QString &application)
{
    const ApplicationRecord *app = model.application(application);
    if (!app) {
        throw BerthError(ScalingCommands::tr("application \"%1\" not found").arg(application));
    }
    checkPrincipal(*app);
    return reportOf(*app, ApplicationPolicies::of(app->id, snapshot.policies),
                    model.placementsOf(*app), cloud);
}

ScalingCommands::Report ScalingCommands::reportOf(const ApplicationRecord &app,
                                                  ApplicationPolicies policies,
                                                  const QList<UnitPlacement> &units,
                                                  const CloudInfo &cloud)
{
    Report r;
    r.application = app;
    r.policies = std::move(policies);
    r.units = units.size();
    for (const UnitPlacement &u : units) {
        ++r.perRegion[u.region];
        ++r.perZone[u.zone];
    }
    r.regions = cloud.regionNames();
    for (const RegionInfo &region : cloud.regions)
        r.zones += region.zoneNames();
    r.usableRegions = cloud.usableRegions();
    r.usableZones = cloud.usableZones();
    return r;
}

CommandResult ScalingCommands::scale(const QString &model, const QString &application,
                                     const Scale &request)
{
    if (!request.resize.adjustment) {
        throw BerthError(ScalingCommands::tr("--adjustment-type is required: EXACT_CAPACITY, "
                                             "CHANGE_IN_CAPACITY or CHANGE_IN_PERCENTAGE"));
    }
    return m_ws.inModel(model, [&](ModelTx &tx) {
        const ApplicationRecord app = principal(tx, application);
        ApplicationScaling scaling(tx, app);
        const qint64 before = scaling.unitCount();
        const QMap<QString, qint64> regionsBefore = scaling.unitsPerRegion();
        const ResizeParameters::Result resized =
            ResizeParameters::resize({app.minSize, app.maxSize, before}, request.resize);
        if (!resized.ok())
            throw BerthError(resized.error);
        const qint64 change = std::max(resized.creation, resized.deletion);
        if (change > Limits::maxUnitsPerCommand) {
            throw BerthError(
                ScalingCommands::tr("scaling %1 from %2 to %3 units would %4 %5 units; one "
                                    "command %4s at most %6 (it is one transaction, and "
                                    "a larger one would keep other clients of the store "
                                    "waiting): scale in steps")
                    .arg(app.name)
                    .arg(before)
                    .arg(before + resized.creation - resized.deletion)
                    .arg(resized.creation > 0 ? ScalingCommands::tr("add")
                                              : ScalingCommands::tr("remove"))
                    .arg(change)
                    .arg(Limits::maxUnitsPerCommand));
        }
        if (resized.creation > 0)
            scaling.addUnits(resized.creation, UnitPlacer(tx).unitConstraints(app, Constraints()));
        else if (resized.deletion > 0)
            scaling.removeUnits(resized.deletion, request.criteria, *m_random);
        // As Senlin's resize does, given bounds become the application's own.
        if (request.resize.minSize || request.resize.maxSize) {
            tx.applications().setBounds(app, request.resize.minSize.value_or(app.minSize),
                                        request.resize.maxSize.value_or(app.maxSize));
        }
        const qint64 after = before + resized.creation - resized.deletion;
        CommandResult result;
        if (after == before) {
            result.messages
                << ScalingCommands::tr("%1 stays at %2 units").arg(app.name).arg(before);
            return result;
        }
        const QMap<QString, qint64> regionsAfter = ApplicationScaling(tx, app).unitsPerRegion();
        result.messages << ScalingCommands::tr("scaled %1 from %2 to %3 units: %4")
                               .arg(app.name)
                               .arg(before)
                               .arg(after)
                               .arg(describeChange(regionsBefore, regionsAfter));
        return result;
    });
}

QStringList ScalingCommands::unitsToRemove(const QString &model, const QString &application,
                                           qint64 count,
                                           std::optional<DeletionPolicy::Criteria> criteria)
{
    Limits::checkCommandCount(count, QStringLiteral("units"));
    return m_ws.store().trial([&](SqlSession &) {
        return m_ws.inModel(model, [&](ModelTx &tx) {
            return ApplicationScaling(tx, principal(tx, application))
                .removeUnits(count, criteria, *m_random);
        });
    });
}

CommandResult ScalingCommands::removeUnits(const QString &model, const QString &application,
                                           qint64 count,
                                           std::optional<DeletionPolicy::Criteria> criteria)
{
    Limits::checkCommandCount(count, QStringLiteral("units"));
    return m_ws.inModel(model, [&](ModelTx &tx) {
        const ApplicationRecord app = principal(tx, application);
        CommandResult result;
        for (const QString &name :
             ApplicationScaling(tx, app).removeUnits(count, criteria, *m_random))
            result.messages << ScalingCommands::tr("removed unit %1").arg(name);
        return result;
    });
}

} // namespace berth
