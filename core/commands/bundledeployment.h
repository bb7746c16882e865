#pragma once

#include "core/commands/applicationcommands.h"
#include "core/commands/bundlecommands.h"
#include "core/commands/bundleplan.h"
#include "core/commands/unitplacer.h"
#include "core/store/bundlerows.h"

#include <QCoreApplication>
#include <QHash>

namespace berth {

// One bundle deployed into one model inside the caller's transaction
// (BundleCommands::deploy): what may not change is checked, the model is
// pictured for BundlePlan (the bundle machines it made before found again
// by their marks, then --map-machines), and the plan's changes are carried
// out in its order, each adding its line. The names the store gives must be
// the plan's: a difference is an error, never a model other than the one
// the dry run showed.
class BundleDeployment
{
    Q_DECLARE_TR_FUNCTIONS(BundleCommands)

public:
    BundleDeployment(Workspace &workspace, const QString &model,
                     const BundleCommands::Deploy &request, ModelTx &tx);
    CommandResult run();
    // The changes run() made (or, in a dry run, would make).
    const QList<BundlePlan::Change> &plan() const { return m_plan; }

private:
    // An application the model has already: what may not change, checked
    // (`where` names it in a refusal).
    void checkApplication(const Bundle::Application &app, const ApplicationRecord &existing,
                          const QString &where);
    BundlePlan::Model picture();
    // Bundle machine -> model machine: the marks of machines this bundle
    // made, then --map-machines, then (with existing) machines of the same id.
    QHash<QString, QString> machineMap();

    void apply(const BundlePlan::Change &change);
    void deploy(const Bundle::Application &app);
    void setAnnotations(const BundlePlan::Change &change);
    void makeMachine(const BundlePlan::Change &change);
    void addUnit(const BundlePlan::Change &change);
    void relate(const BundlePlan::Change &change);
    // The application's stored details changed by `edit`.
    template <typename Edit> void editDetails(const QString &app, Edit edit);
    // Where the next unit of `app` made with a new machine goes (its
    // placement policy's plan, worked out once for all of them).
    UnitPlacer::Slot nextSlot(const ApplicationRecord &app);
    // An application and its units' constraints, read once.
    struct Principal
    {
        ApplicationRecord app;
        FormattedConstraints constraints;
    };
    const Principal &principal(const QString &app);

    Workspace &m_ws;
    const QString &m_model;
    const BundleCommands::Deploy &m_request;
    const Bundle &m_bundle;
    ModelTx &m_tx;
    BundleRows m_rows;
    ApplicationCommands m_apps;
    const ModelSnapshot m_before;
    QHash<qint64, QJsonObject> m_details; // each application's, as kept
    QList<BundlePlan::Change> m_plan;
    QHash<QString, QList<UnitPlacer::Slot>> m_slots; // application -> slots left
    QHash<QString, qint64> m_newHosts; // application -> new machines the plan makes for it
    QHash<QString, Principal> m_principals;
    QHash<QString, MachineRecord> m_made; // machines made by addMachines changes, by name
};

} // namespace berth
