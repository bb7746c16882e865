#pragma once

#include "core/model/bundle.h"
#include "core/store/workspace.h"

#include <QCoreApplication>
#include <QHash>

namespace berth {

// Juju bundles in and out of a model: deploy (the changes a bundle asks for,
// in one transaction), diff and export.
//
// Deploying is idempotent: what the model already holds is left as it is
// (units never move), so the same bundle deployed again changes nothing, and
// a changed bundle changes only the difference. A bundle machine is found
// again through the mark its model machine got when the bundle made it;
// --map-machines=existing takes the model machine of the same id, B=M a
// given one. Berth's placement policies travel in annotations:
// `berth.regions` and `berth.zones` ("name=weight[/cap],..."), and
// `berth.deletion` (OLDEST_FIRST, ...).
class BundleCommands
{
    Q_DECLARE_TR_FUNCTIONS(BundleCommands)

public:
    explicit BundleCommands(Workspace &workspace)
        : m_ws(workspace)
    {}

    struct MachineMap
    {
        bool existing = false;            // --map-machines=existing
        QHash<QString, QString> machines; // bundle machine -> model machine
        // Reads "existing,1=4,2=5"; throws BerthError naming a bad entry.
        static MachineMap parse(const QString &text);
    };
    struct Deploy
    {
        Bundle bundle;
        MachineMap map;
        bool dryRun = false;
    };
    // The changes of BundlePlan, one line each in Juju's words ("add unit
    // ceph-mon/0 to 0/lxd/0"), made in one transaction, or with dryRun in one
    // rolled back; no lines when the model already is as the bundle asks.
    // `records` (may be null) gets them as Juju's change records. Throws
    // BerthError (nothing changed) when a change is refused.
    CommandResult deploy(const QString &model, const Deploy &request,
                         QJsonArray *records = nullptr);

    // The model as a bundle: machines by their model ids (a started
    // machine's zone as a zones= constraint), units placed as they are.
    Bundle exportBundle(const QString &model);

    // `juju diff-bundle`: what the bundle and the model hold that the other
    // does not, and the values they differ in ({"bundle": ..., "model": ...}).
    // A bundle that deploy would refuse (a base outside the documented list,
    // placements in a circle, bad policy annotations) is refused the same
    // way: the diff tries the deploy and undoes it (on a store this client
    // may write; a read-only one gets the diff without the try).
    // Annotations other than Berth's policies are compared with
    // `annotations` (diff-bundle --annotations), as in Juju.
    QJsonObject diff(const QString &model, const Bundle &bundle, const MachineMap &map,
                     bool annotations = false);

    // The documents of a bundle file, then of each overlay file, as Juju
    // reads them: top-level keys only holding YAML anchors passed over, and
    // each application option and annotation and machine annotation that
    // says include-file://PATH (or include-base64://PATH) replaced by that
    // file's text (or its base64). PATH is relative to the file naming it
    // and must lie in or below the directory of a file the user gave.
    static QList<QJsonValue> readDocuments(const QString &bundle, const QStringList &overlays);

    // Juju's key order for a bundle, written out.
    static const QStringList &keyOrder();
    // A bundle (or a diff) as YAML in that order.
    static QString yaml(const QJsonObject &bundle);

    // The annotations that carry an application's Berth policies, from its
    // specs; and back.
    static QJsonObject policyAnnotations(const QList<PolicyRecord> &policies);
    static QList<QJsonObject> policySpecs(const QJsonObject &annotations, const QString &where);
    // The spread constraints an application's annotations carry
    // ("berth.spread.zone": "max-skew=1,..."); BerthError naming `where`.
    static QList<SpreadConstraint> spreadsFrom(const QJsonObject &annotations,
                                               const QString &where);
    // Where an application's charm comes from, kept beside the model:
    // charm-url, channel and revision as the bundle gives them.
    static QJsonObject originOf(const Bundle::Application &app);
    // An application's annotations as a bundle has them: those kept in its
    // `details`, and those its policies (among `policies`) travel in.
    static QJsonObject annotationsOf(qint64 applicationId, const QJsonObject &details,
                                     const QList<PolicyRecord> &policies,
                                     const QList<SpreadRecord> &spreads = {});
    // Annotations without those that carry Berth's policies.
    static QJsonObject withoutPolicies(QJsonObject annotations);

private:
    Workspace &m_ws;
};

} // namespace berth
