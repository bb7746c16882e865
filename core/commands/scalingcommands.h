#pragma once

#include "core/commands/applicationscaling.h"
#include "core/commands/unitplacer.h"
#include "core/model/snapshotindex.h"
#include "core/placement/resizeparameters.h"
#include "core/store/workspace.h"

#include <QCoreApplication>

class QRandomGenerator;

namespace berth {

// An application's policies and scaling by them: set, show and remove
// Senlin region/zone placement and deletion policies; scale by Senlin's
// resize parameters; remove a number of units chosen by the policies.
class ScalingCommands
{
    Q_DECLARE_TR_FUNCTIONS(ScalingCommands)

public:
    explicit ScalingCommands(Workspace &workspace);

    // Attaches a policy spec (region_placement, zone_placement or deletion),
    // replacing the application's policy of the same kind.
    CommandResult setPolicy(const QString &model, const QString &application,
                            const QJsonObject &spec);
    // Makes `specs` (at most one per kind) the application's only policies.
    CommandResult replacePolicies(const QString &model, const QString &application,
                                  const QList<QJsonObject> &specs);
    // `kind`: region, zone or deletion; empty removes all of them.
    CommandResult removePolicy(const QString &model, const QString &application,
                               const QString &kind = {});

    struct Report
    {
        ApplicationRecord application;
        ApplicationPolicies policies;
        qint64 units = 0;
        QMap<QString, qint64> perRegion;
        QMap<QString, qint64> perZone;
        QStringList regions; // all of the cloud's, in its order
        QStringList zones;
        QStringList usableRegions;
        QStringList usableZones;
    };
    // The policies and where the units are now, against the weighted targets.
    Report report(const QString &model, const QString &application);
    // The same from a snapshot already read (the window's), without the store.
    static Report report(const SnapshotIndex &model, const ModelSnapshot &snapshot,
                         const CloudInfo &cloud, const QString &application);

    struct Scale
    {
        ResizeParameters::Request resize;
        std::optional<DeletionPolicy::Criteria> criteria;
    };
    CommandResult scale(const QString &model, const QString &application, const Scale &request);
    // "region", "zone", "deletion" or "affinity" from a Senlin spec's type;
    // throws BerthError for another type.
    static QString policyKind(const QJsonObject &spec);
    CommandResult removeUnits(const QString &model, const QString &application, qint64 count,
                              std::optional<DeletionPolicy::Criteria> criteria);
    // The units removeUnits() would take now, by name; nothing changes.
    QStringList unitsToRemove(const QString &model, const QString &application, qint64 count,
                              std::optional<DeletionPolicy::Criteria> criteria);

    // Where victims are drawn from for RANDOM (default: the global generator).
    void setRandom(QRandomGenerator *random) { m_random = random; }

private:
    static Report reportOf(const ApplicationRecord &app, ApplicationPolicies policies,
                           const QList<UnitPlacement> &units, const CloudInfo &cloud);
    static void checkPrincipal(const ApplicationRecord &app);
    CommandResult storePolicies(const QString &model, const QString &application,
                                const QList<QJsonObject> &specs, bool replaceAll);
    ApplicationRecord principal(ModelTx &tx, const QString &application) const;
    Workspace &m_ws;
    QRandomGenerator *m_random;
};

// The weighted target of each policy entry for `total` units over the usable
// ones: total·w/Σw (0 for entries not usable). Shown against the actual counts.
QMap<QString, double> weightedTargets(const PlacementPolicy &policy, qint64 total,
                                      const QStringList &usable);

} // namespace berth
