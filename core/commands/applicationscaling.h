#pragma once

#include "core/commands/unitplacer.h"
#include "core/placement/applicationpolicies.h"
#include "core/store/modeltx.h"

#include <QCoreApplication>
#include <optional>

class QRandomGenerator;

namespace berth {

// The application's policies as the store holds them now.
ApplicationPolicies loadPolicies(ModelTx &tx, qint64 applicationId);

// Scaling one application inside a model transaction: where new units go
// and which units leave, by its policies. With a region policy the plan
// spreads units over regions; with a zone policy, over zones (inside each
// planned region when both are set); otherwise units go to the model's
// region, the provisioner spreading them over its zones. Victims follow the
// same plans, then the deletion criteria (units in error first).
class ApplicationScaling
{
    Q_DECLARE_TR_FUNCTIONS(ApplicationScaling)

public:
    ApplicationScaling(ModelTx &tx, const ApplicationRecord &app);
    // With the application's policies already read.
    ApplicationScaling(ModelTx &tx, const ApplicationRecord &app, ApplicationPolicies policies);

    const ApplicationPolicies &policies() const { return m_policies; }
    // Principal units the application has now.
    qint64 unitCount() const { return units().candidates.size(); }
    // Units per region (or per zone), for reports and charts.
    QMap<QString, qint64> unitsPerRegion() const;
    QMap<QString, qint64> unitsPerZone() const;

    // Adds `count` units where the plan puts them; throws BerthError with
    // Senlin's reason when there is no plan (nothing is added then).
    QList<UnitRecord> addUnits(qint64 count, const FormattedConstraints &constraints);
    // Where `count` new units would go by the plan: a new machine in each slot.
    QList<UnitPlacer::Slot> creationSlots(qint64 count) const;
    // Removes `count` units chosen by the plan and `criteria` (the
    // application's deletion policy when not given); throws as addUnits.
    QList<QString> removeUnits(qint64 count, std::optional<DeletionPolicy::Criteria> criteria,
                               QRandomGenerator &random);

private:
    // The principal units as the deletion policy weighs them, and the
    // region of each (at the same index).
    struct Placed
    {
        QList<DeletionPolicy::Candidate> candidates;
        QList<QString> regions;
    };
    using Group = QPair<QString, qint64>; // region or zone, and how many units

    QList<Group> regionGroups(qint64 delta) const;
    // The zone policy's plan for `delta` units inside `region` (all regions when empty).
    QList<Group> zoneGroups(const QString &region, qint64 delta) const;
    // The principal units and where they are, read when first needed.
    const Placed &units() const;

    ModelTx &m_tx;
    ApplicationRecord m_app;
    ApplicationPolicies m_policies;
    mutable std::optional<Placed> m_units;
};

} // namespace berth
