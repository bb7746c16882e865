#pragma once

#include "core/commands/applicationcommands.h"
#include "core/commands/bundlecommands.h"
#include "core/store/bundlerows.h"

#include <QCoreApplication>
#include <QHash>
#include <QSet>

namespace berth {

// One bundle deployed into one model inside the caller's transaction
// (BundleCommands::deploy), in phases: the applications made or brought up
// to date, the bundle's machines found again or mapped, the units the model
// lacks placed as the bundle says (making the machines they name), then the
// relations. Each phase adds Juju's line for every change it makes.
class BundleDeployment
{
    Q_DECLARE_TR_FUNCTIONS(BundleCommands)

public:
    BundleDeployment(Workspace &workspace, const QString &model,
                     const BundleCommands::Deploy &request, ModelTx &tx);
    CommandResult run();

private:
    void deployApplication(const Bundle::Application &app);
    // An application the model has already: what may not change, checked
    // (`where` names it in a refusal).
    void checkApplication(const Bundle::Application &app, const ApplicationRecord &existing,
                          const QString &where);
    void updateDetails(const Bundle::Application &app, const ApplicationRecord &record);
    // The policies its annotations carry (`specs`), set where they differ.
    void updatePolicies(const Bundle::Application &app, const ApplicationRecord &record,
                        const QList<QJsonObject> &specs);
    void mapMachines();
    // The model machine of a bundle machine, made (and marked) on first use.
    QString modelMachine(const QString &bundleMachine);
    void addUnits(const Bundle::Application &app);
    // Where the i-th unit of `app` goes by `entry`: a model machine, or
    // empty for a new one.
    QString hostOf(const Bundle::Application &app, const Bundle::Placement &placement,
                   const QString &entry, qint64 i);
    void addRelations();

    Workspace &m_ws;
    const QString &m_model;
    const BundleCommands::Deploy &m_request;
    const Bundle &m_bundle;
    ModelTx &m_tx;
    BundleRows m_rows;
    ApplicationCommands m_apps;
    const ModelSnapshot m_before;
    const QHash<qint64, QJsonObject> m_storedDetails; // each application's, as it was
    QHash<QString, qint64> m_unitsBefore;             // units of each application
    QStringList m_lines;
    QHash<QString, const MachineRecord *> m_machineNamed; // alive model machines
    QHash<QString, QString> m_machineOf;                  // bundle machine -> model machine
};

} // namespace berth
