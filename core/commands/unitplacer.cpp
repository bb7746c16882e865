#include "core/commands/unitplacer.h"

#include "core/bertherror.h"
#include "core/commands/applicationscaling.h"
#include "core/placement/placementrules.h"
#include "core/store/applicationrows.h"
#include "core/store/machineretirement.h"
#include "core/store/modeltx.h"
#include "core/store/spreadrows.h"
#include "core/store/sqlsession.h"
#include "core/store/unitrows.h"

namespace berth {

FormattedConstraints UnitPlacer::unitConstraints(const ApplicationRecord &app,
                                                 const Constraints &unitLevel) const
{
    const ConstraintsValidator v = m_tx.validator();
    return FormattedConstraints(
        v.merge(v.merge(m_tx.model().constraints, app.constraints), unitLevel));
}

void UnitPlacer::checkProviderDirective(const PlacementDirective &d) const
{
    using Kind = PlacementDirective::Kind;
    const ModelRecord &model = m_tx.model();
    if (d.kind == Kind::Zone) {
        const QStringList zones = m_tx.region().zoneNames();
        if (!zones.contains(d.value)) {
            throw BerthError(
                tr("invalid placement directive \"%1\": zone \"%2\" not "
                   "found in %3; expected one of %4")
                    .arg(d.toString(), d.value, model.region, zones.join(QStringLiteral(", "))));
        }
    } else if (d.kind == Kind::Region) {
        if (!m_tx.cloud().region(d.value)) {
            throw BerthError(tr("invalid placement directive \"%1\": region \"%2\" not "
                                "found in cloud %3; expected one of %4")
                                 .arg(d.toString(), d.value, m_tx.cloud().name,
                                      m_tx.cloud().regionNames().join(QStringLiteral(", "))));
        }
    } else if (d.kind == Kind::Hostname || d.kind == Kind::SystemId) {
        // Only the provider knows its own directives (nodes, system ids).
        if (!m_tx.precheck()) {
            throw BerthError(tr("invalid placement directive \"%1\": cloud %2 "
                                "cannot check it in this process")
                                 .arg(d.toString(), model.cloud));
        }
        const QString problem = m_tx.precheck()(model.region, d.toString());
        if (!problem.isEmpty()) {
            throw BerthError(
                tr("invalid placement directive \"%1\": %2").arg(d.toString(), problem));
        }
    }
}

MachineRecord UnitPlacer::target(const ApplicationRecord &app, const QString &unitName,
                                 const FormattedConstraints &constraints,
                                 const std::optional<PlacementDirective> &directive,
                                 const Slot &slot, bool *fresh)
{
    const DirectivePlacement where = DirectivePlacement::forUnit(directive, slot.zone);
    *fresh = where.kind != DirectivePlacement::Kind::ExistingMachine;
    if (where.kind == DirectivePlacement::Kind::ExistingMachine) {
        MachineRecord machine = m_tx.machines().get(where.machine);
        checkAssignable(app, unitName, constraints, machine);
        keepSpread(app, unitName, constraints, machine);
        return machine;
    }
    MachineRecord machine = createMachineAt(where, unitMachine(app, constraints, slot), unitName);
    keepSpread(app, unitName, constraints, machine);
    return machine;
}

MachineRows::NewMachine UnitPlacer::unitMachine(const ApplicationRecord &app,
                                                const FormattedConstraints &constraints,
                                                const Slot &slot) const
{
    MachineRows::NewMachine spec;
    spec.base = app.base;
    spec.constraints = constraints;
    spec.forUnit = true;
    spec.region = regionOf(slot);
    spec.name = slot.machineName;
    return spec;
}

QString UnitPlacer::regionOf(const Slot &slot) const
{
    return slot.region.isEmpty() ? m_tx.model().region : slot.region;
}

MachineRecord UnitPlacer::createMachineAt(const DirectivePlacement &where,
                                          MachineRows::NewMachine spec, const QString &unitName,
                                          QString *newHost)
{
    MachineRows machines = m_tx.machines();
    MachineRecord host;
    if (where.kind == DirectivePlacement::Kind::NewContainer) {
        if (where.machine.isEmpty()) {
            MachineRows::NewMachine hostSpec = spec;
            hostSpec.constraints = FormattedConstraints(m_tx.model().constraints);
            hostSpec.name.clear(); // a given name is the container's
            host = machines.create(hostSpec);
            if (newHost)
                *newHost = host.name;
        } else {
            host = machines.get(where.machine);
            const QString what =
                unitName.isEmpty() ? tr("the container") : tr("unit %1").arg(unitName);
            const QString problem =
                PlacementRules::containerProblem(what, spec.constraints.value, host);
            if (!problem.isEmpty())
                throw BerthError(problem);
        }
        spec.parent = &host;
        spec.region = host.region;
    } else {
        if (where.cloudChecks)
            checkProviderDirective(*where.cloudChecks);
        spec.placement = where.placement;
        if (!where.region.isEmpty())
            spec.region = where.region;
    }
    return machines.create(spec);
}

void UnitPlacer::checkAssignable(const ApplicationRecord &app, const QString &unitName,
                                 const FormattedConstraints &constraints,
                                 const MachineRecord &machine) const
{
    if (const QString problem = PlacementRules::assignProblem(app, unitName, machine);
        !problem.isEmpty())
        throw BerthError(problem);
    if (const QString problem =
            PlacementRules::hardwareProblem(unitName, constraints.value, machine);
        !problem.isEmpty())
        throw BerthError(tr("cannot place unit %1: %2").arg(unitName, problem));
}

void UnitPlacer::keepSpread(const ApplicationRecord &app, const QString &unitName,
                            const FormattedConstraints &constraints, const MachineRecord &machine)
{
    SpreadCache &cache = m_tx.scope().memo<SpreadCache>();
    if (cache.reshapes != m_tx.scope().reshapes()) {
        cache.applications.clear();
        cache.reshapes = m_tx.scope().reshapes();
    }
    auto cached = cache.applications.find(app.id);
    if (cached == cache.applications.end())
        cached = cache.applications.insert(app.id, {SpreadRows(m_tx.scope()).of(app.id), {}});
    Spreads &spreads = *cached;
    if (spreads.constraints.isEmpty())
        return;
    std::optional<MachineRecord> host;
    if (machine.isContainer())
        host = m_tx.machines().get(machine.parentName());
    UnitRecord unit;
    unit.application = app.name;
    const SpreadMember member =
        SpreadMember::of(unit, machine, host ? &*host : nullptr, m_tx.model().region);
    const auto alive = [&] {
        QList<MachineRecord> hosts = m_tx.machines().all();
        hosts.removeIf(
            [](const MachineRecord &m) { return m.isContainer() || !m.state.isAlive(); });
        return hosts;
    };
    if (!spreads.filter) {
        // A new machine whose zone the provisioner is to choose is not
        // judged here: the counts are read only for a placement that has a
        // domain, and then include every unit this transaction added.
        const bool hasDomain = std::any_of(
            spreads.constraints.cbegin(), spreads.constraints.cend(),
            [&](const SpreadConstraint &c) { return !member.domain(c.level).isEmpty(); });
        if (!hasDomain)
            return;
        SpreadApplication in;
        in.name = app.name;
        in.constraints = spreads.constraints;
        const ApplicationPolicies policies = loadPolicies(m_tx, app.id);
        in.environment = SpreadEnvironment::of(
            m_tx.cloud(), m_tx.model(), policies.region ? policies.region->names() : QStringList());
        const bool byMachine = std::any_of(
            in.constraints.cbegin(), in.constraints.cend(),
            [](const SpreadConstraint &c) { return c.level == SpreadConstraint::Level::Machine; });
        // A fixed pool counts a unit only on a host it fits: by host, then.
        in.members = m_tx.units().spreadCounts(app, byMachine || !in.environment.startsMachines);
        spreads.filter.emplace(std::move(in));
    }
    SpreadFilter &filter = *spreads.filter;
    // A fixed pool's hosts as they are now: this transaction may have added one.
    if (!filter.application().environment.startsMachines)
        filter.setHosts(alive());
    if (const QString problem = filter.problem(member, constraints.value); !problem.isEmpty())
        throw BerthError(unitName.isEmpty()
                             ? tr("cannot place a unit of %1: %2").arg(app.name, problem)
                             : tr("cannot place unit %1: %2").arg(unitName, problem));
    filter.place(member);
}

UnitRecord UnitPlacer::addUnitOn(const ApplicationRecord &app,
                                 const FormattedConstraints &constraints,
                                 const MachineRecord &machine)
{
    UnitRows units = m_tx.units();
    const qint64 number = units.nextNumber(app);
    const QString unitName = app.name + u'/' + QString::number(number);
    checkAssignable(app, unitName, constraints, machine);
    keepSpread(app, unitName, constraints, machine);
    UnitRecord unit = units.insert(app, number, &machine, constraints);
    // A new principal unit can only bring subordinates of its own application's
    // relations; the subordinates already on the machine follow their principals.
    if (m_tx.applications().isPrincipalOfSubordinates(app.id))
        units.syncSubordinates(machine);
    return unit;
}

UnitRecord UnitPlacer::addUnit(const ApplicationRecord &app,
                               const FormattedConstraints &constraints,
                               const std::optional<PlacementDirective> &directive, const Slot &slot)
{
    UnitRows units = m_tx.units();
    const qint64 number = units.nextNumber(app);
    const QString unitName = app.name + u'/' + QString::number(number);
    bool freshMachine = true;
    const MachineRecord machine =
        target(app, unitName, constraints, directive, slot, &freshMachine);
    UnitRecord unit = units.insert(app, number, &machine, constraints);
    // A fresh machine can only need subordinates of this application's relations.
    if (!freshMachine || m_tx.applications().isPrincipalOfSubordinates(app.id))
        units.syncSubordinates(machine);
    return unit;
}

QList<MachineRecord> UnitPlacer::createUnitMachines(const ApplicationRecord &app,
                                                    const FormattedConstraints &constraints,
                                                    const QList<Slot> &places,
                                                    const QStringList &unitNames)
{
    // Where target() and createMachineAt() put a unit with no directive.
    QList<MachineRows::Place> where;
    where.reserve(places.size());
    for (const Slot &slot : places) {
        Q_ASSERT(slot.machineName.isEmpty());
        where << MachineRows::Place{regionOf(slot),
                                    DirectivePlacement::forUnit(std::nullopt, slot.zone).placement};
    }
    const QList<MachineRecord> machines =
        m_tx.machines().create(unitMachine(app, constraints, {}), where);
    for (qsizetype i = 0; i < machines.size(); ++i)
        keepSpread(app, unitNames.value(i), constraints, machines.at(i));
    return machines;
}

QList<UnitRecord> UnitPlacer::addUnitsOnNewMachines(const ApplicationRecord &app,
                                                    const FormattedConstraints &constraints,
                                                    const QList<Slot> &places)
{
    const QList<MachineRecord> machines = createUnitMachines(app, constraints, places, {});
    UnitRows unitRows = m_tx.units();
    const QList<UnitRecord> units = unitRows.insert(app, machines, constraints);
    // A fresh machine can only need subordinates of this application's relations.
    if (m_tx.applications().isPrincipalOfSubordinates(app.id)) {
        for (const MachineRecord &m : machines)
            unitRows.syncSubordinates(m);
    }
    return units;
}

QList<MachineRecord> UnitPlacer::placeOnNewMachines(const QStringList &names)
{
    UnitRows unitRows = m_tx.units();
    const QHash<QString, UnitRecord> found = unitRows.withNames(names);
    QHash<qint64, ApplicationRecord> applications;
    QList<MachineRecord> placed;
    placed.reserve(names.size());
    QSet<qint64> placedIds; // a unit named twice is refused the second time
    // Consecutive units of one application, with one set of constraints:
    // their machines and placements are written together.
    QList<UnitRecord> run;
    const auto flush = [&] {
        if (run.isEmpty())
            return;
        const UnitRecord &first = run.constFirst();
        const FormattedConstraints constraints(Constraints::parse(first.constraints).constraints,
                                               first.constraints);
        QStringList unitNames;
        for (const UnitRecord &unit : std::as_const(run))
            unitNames << unit.name();
        const QList<MachineRecord> machines =
            createUnitMachines(applications.value(first.applicationId), constraints,
                               QList<Slot>(run.size()), unitNames);
        unitRows.assign(run, machines);
        placed += machines;
        run.clear();
    };
    for (const QString &name : names) {
        const auto it = found.constFind(name);
        // A unit that cannot go in a batch, or whose application brings
        // subordinates, is placed alone (and refused as placeUnit says).
        bool batched = it != found.cend() && !it->subordinate && it->machineId == 0 &&
                       !placedIds.contains(it->id);
        if (batched) {
            auto app = applications.constFind(it->applicationId);
            if (app == applications.cend())
                app = applications.insert(it->applicationId,
                                          m_tx.applications().get(it->application));
            batched = !m_tx.applications().isPrincipalOfSubordinates(app->id);
        }
        const bool joins =
            batched && (run.isEmpty() || (it->applicationId == run.constFirst().applicationId &&
                                          it->constraints == run.constFirst().constraints));
        if (!joins)
            flush();
        if (batched) {
            run << *it;
            placedIds.insert(it->id);
            continue;
        }
        const UnitRecord unit = unitRows.get(name);
        placed << placeUnit(unit, std::nullopt);
        placedIds.insert(unit.id);
    }
    flush();
    return placed;
}

QString UnitPlacer::placementProblem(const UnitRecord &unit, const MachineRecord &machine)
{
    return PlacementRules::placementProblem(unit, m_tx.applications().get(unit.application),
                                            machine);
}

MachineRecord UnitPlacer::placeUnit(const UnitRecord &unit,
                                    const std::optional<PlacementDirective> &directive)
{
    if (unit.subordinate || unit.machineId != 0) {
        throw BerthError(unit.subordinate ? tr("cannot place unit %1: subordinate units follow "
                                               "their principals")
                                                .arg(unit.name())
                                          : tr("cannot place unit %1: it is already on machine %2")
                                                .arg(unit.name(), unit.machine));
    }
    const ApplicationRecord app = m_tx.applications().get(unit.application);
    bool fresh = true;
    const MachineRecord machine = target(
        app, unit.name(),
        FormattedConstraints(Constraints::parse(unit.constraints).constraints, unit.constraints),
        directive, {}, &fresh);
    UnitRows units = m_tx.units();
    units.assign(unit, &machine);
    // As addUnit: a fresh machine can only need subordinates of this
    // application's relations (asking costs a read of the machine's units,
    // which PostgreSQL plans anew for each of a thousand placements).
    if (!fresh || m_tx.applications().isPrincipalOfSubordinates(app.id))
        units.syncSubordinates(machine);
    return machine;
}

void UnitPlacer::unplaceUnit(const UnitRecord &unit)
{
    if (unit.machineId == 0)
        throw BerthError(tr("unit %1 is not placed").arg(unit.name()));
    if (unit.subordinate) {
        throw BerthError(tr("cannot unplace unit %1: subordinate units follow their "
                            "principals")
                             .arg(unit.name()));
    }
    const MachineRecord host = m_tx.machines().get(unit.machine);
    if (!host.neverProvisioned()) {
        throw BerthError(tr("cannot unplace unit %1: machine %2 has been started; "
                            "remove the unit instead")
                             .arg(unit.name(), host.name));
    }
    UnitRows units = m_tx.units();
    units.assign(unit, nullptr);
    units.syncSubordinates(host);
    MachineRetirement(m_tx).retireEmptied({host.id}, false);
}

} // namespace berth
