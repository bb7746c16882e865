#include "core/commands/applicationscaling.h"
#include "core/commands/unitplacer.h"
#include "core/store/machineretirement.h"

#include "core/bertherror.h"

#include "core/store/policyrows.h"

namespace berth {

ApplicationPolicies loadPolicies(ModelTx &tx, qint64 applicationId)
{
    return ApplicationPolicies::of(applicationId, PolicyRows(tx.scope()).of(applicationId));
}

ApplicationScaling::ApplicationScaling(ModelTx &tx, const ApplicationRecord &app)
    : ApplicationScaling(tx, app, loadPolicies(tx, app.id))
{}

ApplicationScaling::ApplicationScaling(ModelTx &tx, const ApplicationRecord &app,
                                       ApplicationPolicies policies)
    : m_tx(tx)
    , m_app(app)
    , m_policies(std::move(policies))
{}

const ApplicationScaling::Placed &ApplicationScaling::units() const
{
    if (m_units)
        return *m_units;
    m_units.emplace();
    QList<UnitPlacement> placements = m_tx.units().placements(m_app);
    m_units->candidates.reserve(placements.size());
    m_units->regions.reserve(placements.size());
    for (UnitPlacement &u : placements) {
        DeletionPolicy::Candidate c;
        c.id = u.unitId;
        c.createdAt = u.createdAt;
        c.profile = std::move(u.constraints);
        c.zone = std::move(u.zone);
        c.inError = u.inError;
        m_units->candidates.append(std::move(c));
        m_units->regions.append(std::move(u.region));
    }
    DeletionPolicy::assignProfileAges(m_units->candidates);
    return *m_units;
}

QMap<QString, qint64> ApplicationScaling::unitsPerRegion() const
{
    QMap<QString, qint64> counts;
    for (const QString &region : units().regions)
        ++counts[region];
    return counts;
}

QMap<QString, qint64> ApplicationScaling::unitsPerZone() const
{
    QMap<QString, qint64> counts;
    for (const DeletionPolicy::Candidate &c : units().candidates)
        ++counts[c.zone];
    return counts;
}

QList<ApplicationScaling::Group> ApplicationScaling::regionGroups(qint64 delta) const
{
    const qint64 count = delta < 0 ? -delta : delta;
    if (!m_policies.region)
        return {{QString(), count}};
    const CloudInfo &cloud = m_tx.cloud();
    // New units go only where a zone is healthy; units leave from anywhere.
    const QStringList usable = delta > 0 ? cloud.usableRegions() : cloud.regionNames();
    const auto plan =
        PlacementPlanner::plan(m_policies.region->targets(), unitsPerRegion(), delta, usable);
    if (!plan.ok())
        throw BerthError(plan.error);
    QList<Group> groups;
    for (const PlacementPlanner::Target &t : m_policies.region->targets()) {
        if (plan.counts.value(t.name) > 0)
            groups.append({t.name, plan.counts.value(t.name)});
    }
    return groups;
}

QList<ApplicationScaling::Group> ApplicationScaling::zoneGroups(const QString &region,
                                                                qint64 delta) const
{
    const qint64 count = delta < 0 ? -delta : delta;
    if (!m_policies.zone)
        return {{QString(), count}};
    const CloudInfo &cloud = m_tx.cloud();
    QList<PlacementPlanner::Target> targets;
    for (const PlacementPlanner::Target &t : m_policies.zone->targets()) {
        if (region.isEmpty() || cloud.regionOfZone(t.name) == region)
            targets << t;
    }
    // The zone policy names no zone of this region: the provisioner spreads them.
    if (targets.isEmpty())
        return {{QString(), count}};
    QMap<QString, qint64> current;
    const Placed &placed = units();
    for (qsizetype i = 0; i < placed.candidates.size(); ++i) {
        if (region.isEmpty() || placed.regions.at(i) == region)
            ++current[placed.candidates.at(i).zone];
    }
    const QStringList usable = delta > 0 ? cloud.usableZones() : m_policies.zone->names();
    const auto plan = PlacementPlanner::plan(targets, current, delta, usable, true);
    if (!plan.ok())
        throw BerthError(plan.error);
    QList<Group> groups;
    for (const PlacementPlanner::Target &t : std::as_const(targets)) {
        if (plan.counts.value(t.name) > 0)
            groups.append({t.name, plan.counts.value(t.name)});
    }
    return groups;
}

QList<UnitPlacer::Slot> ApplicationScaling::creationSlots(qint64 count) const
{
    QList<UnitPlacer::Slot> places;
    for (const auto &[region, inRegion] : regionGroups(count)) {
        for (const auto &[zone, inZone] : zoneGroups(region, inRegion)) {
            const UnitPlacer::Slot slot{
                zone.isEmpty() ? region : m_tx.cloud().regionOfZone(zone), zone, {}};
            for (qint64 i = 0; i < inZone; ++i)
                places << slot;
        }
    }
    return places;
}

QList<UnitRecord> ApplicationScaling::addUnits(qint64 count,
                                               const FormattedConstraints &constraints)
{
    return UnitPlacer(m_tx).addUnitsOnNewMachines(m_app, constraints, creationSlots(count));
}

QList<QString> ApplicationScaling::removeUnits(qint64 count,
                                               std::optional<DeletionPolicy::Criteria> criteria,
                                               QRandomGenerator &random)
{
    const Placed &placed = units();
    if (count > placed.candidates.size()) {
        throw BerthError(ApplicationScaling::tr("cannot remove %1 units of \"%2\": it has %3")
                             .arg(count)
                             .arg(m_app.name)
                             .arg(placed.candidates.size()));
    }
    const DeletionPolicy::Criteria how =
        criteria.value_or(m_policies.deletion.value_or(DeletionPolicy::defaultCriteria));
    QList<qint64> victims;
    for (const auto &[region, inRegion] : regionGroups(-count)) {
        for (const auto &[zone, inZone] : zoneGroups(region, -inRegion)) {
            if (region.isEmpty() && zone.isEmpty()) {
                victims += DeletionPolicy::choose(placed.candidates, inZone, how, random);
                continue;
            }
            QList<DeletionPolicy::Candidate> candidates;
            for (qsizetype i = 0; i < placed.candidates.size(); ++i) {
                const DeletionPolicy::Candidate &c = placed.candidates.at(i);
                if ((region.isEmpty() || placed.regions.at(i) == region) &&
                    (zone.isEmpty() || c.zone == zone))
                    candidates << c;
            }
            victims += DeletionPolicy::choose(candidates, inZone, how, random);
        }
    }
    // The victims read in batches of ids, in the order they were chosen.
    const QList<UnitRecord> leaving = m_tx.units().withIds(victims);
    QList<QString> removed;
    removed.reserve(leaving.size());
    for (const UnitRecord &u : leaving)
        removed << u.name();
    MachineRetirement(m_tx).removeUnits(leaving);
    return removed;
}

} // namespace berth
