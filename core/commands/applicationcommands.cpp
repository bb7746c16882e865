#include "core/commands/applicationcommands.h"

#include "core/commands/unitplacer.h"
#include "core/store/bundlerows.h"
#include "core/store/machineretirement.h"

#include "core/bertherror.h"
#include "core/commands/applicationscaling.h"
#include "core/inputlimits.h"
#include "core/model/base.h"
#include "core/model/names.h"

#include <QRegularExpression>
#include <QSet>

namespace berth {

namespace {

void checkCount(qint64 count)
{
    Limits::checkCommandCount(count, QStringLiteral("units"));
}

QString subordinateUnitsError(const QString &app)
{
    return QStringLiteral("cannot add units to subordinate application \"%1\": subordinate units "
                          "are created on the machines of the principals it is related to")
        .arg(app);
}

} // namespace

void ApplicationCommands::reportAdded(const ApplicationRecord &app, const QList<UnitRecord> &units,
                                      CommandResult &result)
{
    if (units.size() > 20) {
        result.messages
            << ApplicationCommands::tr("added %1 units of %2").arg(units.size()).arg(app.name);
        return;
    }
    for (const UnitRecord &unit : units)
        result.messages << ApplicationCommands::tr("added unit %1 to machine %2")
                               .arg(unit.name(), unit.machine);
}

void ApplicationCommands::addPrincipalUnits(ModelTx &tx, const ApplicationRecord &app, int count,
                                            const QString &to, const Constraints &unitLevel,
                                            CommandResult &result, QList<UnitRecord> *made)
{
    QList<PlacementDirective> directives;
    if (!to.isEmpty()) {
        auto parsed = PlacementDirective::parseList(to);
        if (!parsed.ok())
            throw BerthError(parsed.error);
        directives = parsed.directives;
    }
    if (directives.size() > count) {
        result.warnings << ApplicationCommands::tr(
                               "%1 placement directive(s) ignored: only %2 unit(s) "
                               "added")
                               .arg(directives.size() - count)
                               .arg(count);
    }
    const FormattedConstraints constraints = UnitPlacer(tx).unitConstraints(app, unitLevel);
    QList<UnitRecord> added;
    // Directives place their units themselves (`region=R` bypasses a policy,
    // as Senlin's NODE_CREATE with a profile region does).
    for (qsizetype i = 0; i < count && i < directives.size(); ++i)
        added << UnitPlacer(tx).addUnit(app, constraints, directives.at(i));
    const qint64 rest = count - added.size();
    if (rest > 0) {
        ApplicationPolicies policies = loadPolicies(tx, app.id);
        if (policies.region || policies.zone) {
            added += ApplicationScaling(tx, app, std::move(policies)).addUnits(rest, constraints);
        } else {
            added += UnitPlacer(tx).addUnitsOnNewMachines(app, constraints,
                                                          QList<UnitPlacer::Slot>(rest));
        }
    }
    reportAdded(app, added, result);
    if (made)
        *made += added;
}

bool ApplicationCommands::isKnownSubordinateCharm(const QString &charm)
{
    static const QSet<QString> subordinates{QStringLiteral("canonical-livepatch"),
                                            QStringLiteral("filebeat"),
                                            QStringLiteral("grafana-agent"),
                                            QStringLiteral("hacluster"),
                                            QStringLiteral("landscape-client"),
                                            QStringLiteral("logrotated"),
                                            QStringLiteral("nrpe"),
                                            QStringLiteral("ntp"),
                                            QStringLiteral("openstack-loadbalancer"),
                                            QStringLiteral("prometheus-node-exporter"),
                                            QStringLiteral("telegraf"),
                                            QStringLiteral("ubuntu-advantage"),
                                            QStringLiteral("ubuntu-pro")};
    // "ch:ntp", "cs:ntp-12", "ntp": the charm's own name.
    QString name = charm.section(u':', -1).section(u'/', -1);
    static const QRegularExpression revision(QStringLiteral("-[0-9]+$"));
    name.remove(revision);
    return subordinates.contains(name);
}

CommandResult ApplicationCommands::deploy(const QString &model, const Deploy &request)
{
    Names::checkCharmName(request.charm);
    const QString name = request.application.isEmpty() ? request.charm : request.application;
    Names::checkApplicationName(name);
    const Constraints constraints = Constraints::parseOrThrow(request.constraints);
    if (request.subordinate) {
        if (!constraints.isEmpty()) {
            throw BerthError(
                ApplicationCommands::tr("cannot deploy subordinate application \"%1\" with "
                                        "constraints: subordinates run on their principals' "
                                        "machines")
                    .arg(name));
        }
        if (request.count != 1 || !request.to.isEmpty())
            throw BerthError(subordinateUnitsError(name));
    }
    if (request.count != 0) // none: an application whose units come later (a bundle's)
        checkCount(request.count);

    return m_ws.inModel(model, [&](ModelTx &tx) {
        CommandResult result;
        QString base = request.base.isEmpty() ? tx.model().config.defaultBase() : request.base;
        const auto parsedBase = Base::parse(base);
        if (!parsedBase.ok())
            throw BerthError(parsedBase.error);
        if (const QString refusal = Base::unsupported(parsedBase.base, tx.cloud().bases);
            !refusal.isEmpty())
            throw BerthError(refusal);
        const auto report = tx.validator().validate(constraints);
        if (!report.ok())
            throw BerthError(report.error);
        result.warnings += report.warnings;
        if (tx.applications().find(name))
            throw BerthError(
                ApplicationCommands::tr("application \"%1\" already exists").arg(name));

        ApplicationRecord app;
        app.name = name;
        app.charm = request.charm;
        app.base = parsedBase.base.toString();
        app.subordinate = request.subordinate;
        app.constraints = constraints;
        app = tx.applications().create(app);
        result.messages << ApplicationCommands::tr("Deployed \"%1\" from charm \"%2\" (%3)")
                               .arg(app.name, app.charm, app.base);
        if (app.subordinate)
            return result;
        if (request.unplaced) {
            if (!request.to.isEmpty())
                throw BerthError(ApplicationCommands::tr("--to and --unplaced exclude each other"));
            addUnplaced(tx, app, request.count, Constraints(), result);
        } else {
            addPrincipalUnits(tx, app, request.count, request.to, Constraints(), result);
        }
        return result;
    });
}

ApplicationRecord ApplicationCommands::principalForUnits(ModelTx &tx, const QString &application,
                                                         const Constraints &unitLevel,
                                                         CommandResult &result)
{
    ApplicationRecord app = tx.applications().get(application);
    if (app.subordinate)
        throw BerthError(subordinateUnitsError(app.name));
    const auto report = tx.validator().validate(unitLevel);
    if (!report.ok())
        throw BerthError(report.error);
    result.warnings += report.warnings;
    return app;
}

void ApplicationCommands::addUnplaced(ModelTx &tx, const ApplicationRecord &app, int count,
                                      const Constraints &unitLevel, CommandResult &result)
{
    const FormattedConstraints constraints = UnitPlacer(tx).unitConstraints(app, unitLevel);
    reportAdded(app, tx.units().insertUnplaced(app, count, constraints), result);
}

CommandResult ApplicationCommands::addUnits(const QString &model, const QString &application,
                                            int count, const QString &to,
                                            const QString &unitConstraints,
                                            QList<UnitRecord> *added)
{
    checkCount(count);
    const Constraints unitLevel = Constraints::parseOrThrow(unitConstraints);
    return m_ws.inModel(model, [&](ModelTx &tx) {
        CommandResult result;
        const ApplicationRecord app = principalForUnits(tx, application, unitLevel, result);
        addPrincipalUnits(tx, app, count, to, unitLevel, result, added);
        return result;
    });
}

CommandResult ApplicationCommands::addUnplacedUnits(const QString &model,
                                                    const QString &application, int count,
                                                    const QString &unitConstraints)
{
    checkCount(count);
    const Constraints unitLevel = Constraints::parseOrThrow(unitConstraints);
    return m_ws.inModel(model, [&](ModelTx &tx) {
        CommandResult result;
        const ApplicationRecord app = principalForUnits(tx, application, unitLevel, result);
        addUnplaced(tx, app, count, unitLevel, result);
        return result;
    });
}

CommandResult ApplicationCommands::placeUnits(const QString &model, const QStringList &units,
                                              const QString &to)
{
    if (units.isEmpty())
        throw BerthError(ApplicationCommands::tr("no units specified; expected APP/N ..."));
    std::optional<PlacementDirective> directive;
    if (!to.isEmpty()) {
        const auto parsed = PlacementDirective::parse(to);
        if (!parsed.ok())
            throw BerthError(parsed.error);
        directive = parsed.directive;
    }
    return m_ws.inModel(model, [&](ModelTx &tx) {
        CommandResult result;
        QList<MachineRecord> targets;
        if (directive) {
            for (const QString &name : units)
                targets << UnitPlacer(tx).placeUnit(tx.units().get(name), directive);
        } else {
            targets = UnitPlacer(tx).placeOnNewMachines(units);
        }
        for (qsizetype i = 0; i < units.size(); ++i) {
            result.messages << ApplicationCommands::tr("placed unit %1 on machine %2")
                                   .arg(units.at(i), targets.at(i).name);
        }
        return result;
    });
}

CommandResult ApplicationCommands::unplaceUnits(const QString &model, const QStringList &units)
{
    return m_ws.inModel(model, [&](ModelTx &tx) {
        CommandResult result;
        for (const QString &name : units) {
            UnitPlacer(tx).unplaceUnit(tx.units().get(name));
            result.messages << ApplicationCommands::tr("unit %1 is unplaced").arg(name);
        }
        return result;
    });
}

QString ApplicationCommands::placementProblem(const QString &model, const QStringList &units,
                                              const QString &machine)
{
    return m_ws.readModel(model, [&](ModelTx &tx) {
        const MachineRecord target = tx.machines().get(machine);
        for (const QString &name : units) {
            QString problem = UnitPlacer(tx).placementProblem(tx.units().get(name), target);
            if (!problem.isEmpty())
                return problem;
        }
        return QString();
    });
}

CommandResult ApplicationCommands::removeUnits(const QString &model, const QStringList &units)
{
    if (units.isEmpty())
        throw BerthError(ApplicationCommands::tr("no units specified; expected APP/N ..."));
    return m_ws.inModel(model, [&](ModelTx &tx) {
        CommandResult result;
        // The named units read in batches, whatever the size of their
        // applications (a name not among them is looked up alone, and says
        // why it fails).
        const QHash<QString, UnitRecord> known = tx.units().withNames(units);
        QList<UnitRecord> removed;
        QSet<QString> named;
        for (const QString &name : units) {
            if (named.contains(name))
                continue; // named twice: removed once
            named.insert(name);
            const UnitRecord unit = known.contains(name) ? known.value(name) : tx.units().get(name);
            if (unit.subordinate) {
                throw BerthError(
                    ApplicationCommands::tr("cannot remove subordinate unit \"%1\" directly: "
                                            "remove its principal %2 or the relation")
                        .arg(name, unit.principal));
            }
            removed << unit;
            result.messages << ApplicationCommands::tr("removed unit %1").arg(name);
        }
        MachineRetirement(tx).removeUnits(removed);
        return result;
    });
}

CommandResult ApplicationCommands::removeApplication(const QString &model,
                                                     const QString &application)
{
    return m_ws.inModel(model, [&](ModelTx &tx) {
        const ApplicationRecord app = tx.applications().get(application);
        CommandResult result;
        // Relations go first, so removing units also drops the subordinates they carried.
        tx.applications().removeRelationsOf(app);
        if (app.subordinate) {
            tx.units().forget(tx.units().ofApplication(app.id));
        } else {
            MachineRetirement(tx).removeUnits(
                tx.units().ofApplication(app.id)); // placed and unplaced
        }
        tx.applications().remove(app);
        result.messages << ApplicationCommands::tr("removed application %1").arg(app.name);
        return result;
    });
}

CommandResult ApplicationCommands::setConstraints(const QString &model, const QString &application,
                                                  const QString &text)
{
    const Constraints constraints = Constraints::parseOrThrow(text);
    return m_ws.inModel(model, [&](ModelTx &tx) {
        const ApplicationRecord app = tx.applications().get(application);
        if (app.subordinate) {
            throw BerthError(
                ApplicationCommands::tr("cannot set constraints on subordinate application "
                                        "\"%1\": subordinates follow their principals")
                    .arg(app.name));
        }
        const auto report = tx.validator().validate(constraints);
        if (!report.ok())
            throw BerthError(report.error);
        tx.applications().setConstraints(app, constraints);
        CommandResult result;
        result.warnings = report.warnings;
        return result;
    });
}

QString ApplicationCommands::constraints(const QString &model, const QString &application)
{
    return m_ws.readModel(model, [&](ModelTx &tx) {
        return tx.applications().get(application).constraints.toString();
    });
}

CommandResult ApplicationCommands::relate(const QString &model, const QString &first,
                                          const QString &second)
{
    // Juju's APP:ENDPOINT is taken; the endpoints are kept beside the relation.
    const QString firstApp = first.section(u':', 0, 0);
    const QString secondApp = second.section(u':', 0, 0);
    for (const QString &side : {first, second}) {
        if (side.contains(u':'))
            Names::checkEndpointName(side.section(u':', 1));
    }
    return m_ws.inModel(model, [&](ModelTx &tx) {
        const ApplicationRecord a = tx.applications().get(firstApp);
        const ApplicationRecord b = tx.applications().get(secondApp);
        if (a.id == b.id)
            throw BerthError(
                ApplicationCommands::tr("cannot relate application \"%1\" to itself").arg(a.name));
        if (a.subordinate && b.subordinate) {
            throw BerthError(ApplicationCommands::tr("cannot relate \"%1\" and \"%2\": both are "
                                                     "subordinates; a subordinate relation needs "
                                                     "one principal application")
                                 .arg(a.name, b.name));
        }
        if (!a.subordinate && !b.subordinate) {
            // Two principals: the relation is kept with its endpoints; it
            // places nothing (Berth runs no charm).
            BundleRows rows(tx.scope());
            if (rows.hasEndpointRelation(a, b)) {
                throw BerthError(
                    ApplicationCommands::tr("relation between \"%1\" and \"%2\" already exists")
                        .arg(a.name, b.name));
            }
            rows.addEndpointRelation(a, first.section(u':', 1), b, second.section(u':', 1));
            CommandResult result;
            result.messages << ApplicationCommands::tr("related %1 and %2: two principals, so "
                                                       "neither follows the other (a subordinate "
                                                       "charm is deployed with --subordinate)")
                                   .arg(a.name, b.name);
            return result;
        }
        const ApplicationRecord &sub = a.subordinate ? a : b;
        const ApplicationRecord &principal = a.subordinate ? b : a;
        if (sub.base != principal.base) {
            throw BerthError(ApplicationCommands::tr("cannot relate \"%1\" (%2) and \"%3\" (%4): a "
                                                     "subordinate relation needs matching bases")
                                 .arg(sub.name, sub.base, principal.name, principal.base));
        }
        if (tx.applications().hasRelation(sub, principal)) {
            throw BerthError(
                ApplicationCommands::tr("relation between \"%1\" and \"%2\" already exists")
                    .arg(sub.name, principal.name));
        }
        tx.applications().addRelation(sub, principal);
        if (first.contains(u':') || second.contains(u':'))
            BundleRows(tx.scope())
                .addEndpointRelation(a, first.section(u':', 1), b, second.section(u':', 1));
        syncPrincipalMachines(tx, principal);
        CommandResult result;
        result.messages
            << ApplicationCommands::tr("related %1 to %2").arg(sub.name, principal.name);
        return result;
    });
}

void ApplicationCommands::syncPrincipalMachines(ModelTx &tx, const ApplicationRecord &principal)
{
    // In principal-unit order, so subordinate unit numbers are reproducible.
    QStringList machines;
    QSet<qint64> seen;
    for (const UnitRecord &unit : tx.units().ofApplication(principal.id)) {
        if (unit.machineId != 0 && !seen.contains(unit.machineId)) {
            seen.insert(unit.machineId);
            machines << unit.machine;
        }
    }
    for (const QString &machine : machines)
        tx.units().syncSubordinates(tx.machines().get(machine));
}

CommandResult ApplicationCommands::unrelate(const QString &model, const QString &first,
                                            const QString &second)
{
    return m_ws.inModel(model, [&](ModelTx &tx) {
        const ApplicationRecord a = tx.applications().get(first.section(u':', 0, 0));
        const ApplicationRecord b = tx.applications().get(second.section(u':', 0, 0));
        const ApplicationRecord &sub = a.subordinate ? a : b;
        const ApplicationRecord &principal = a.subordinate ? b : a;
        BundleRows endpoints(tx.scope());
        if (a.id != b.id && !a.subordinate && !b.subordinate &&
            endpoints.hasEndpointRelation(a, b)) {
            endpoints.removeEndpointRelations(a, b);
            CommandResult result;
            result.messages << ApplicationCommands::tr("removed the relation between %1 and %2")
                                   .arg(a.name, b.name);
            return result;
        }
        if (a.id == b.id || a.subordinate == b.subordinate ||
            !tx.applications().hasRelation(sub, principal)) {
            throw BerthError(ApplicationCommands::tr("there is no relation between \"%1\" and "
                                                     "\"%2\"; \"berthctl status\" lists them")
                                 .arg(a.name, b.name));
        }
        tx.applications().removeRelation(sub, principal);
        endpoints.removeEndpointRelations(sub, principal);
        // The subordinate units on the principal's machines go with it.
        syncPrincipalMachines(tx, principal);
        CommandResult result;
        result.messages << ApplicationCommands::tr("removed the relation between %1 and %2")
                               .arg(sub.name, principal.name);
        return result;
    });
}

} // namespace berth
