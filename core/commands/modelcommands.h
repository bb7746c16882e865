#pragma once

#include "core/store/modelrows.h"
#include "core/store/workspace.h"

#include <QCoreApplication>
#include <QMap>

namespace berth {

// Models: create, list, switch, configure, and their constraints.
class ModelCommands
{
    Q_DECLARE_TR_FUNCTIONS(ModelCommands)

public:
    using ModelSummary = ModelRows::Summary;

    explicit ModelCommands(Workspace &workspace)
        : m_ws(workspace)
    {}

    // What harvest-mode=all puts at risk, said when it is set.
    static QString harvestAllWarning();
    // A new store gets a model "default" on the first registered cloud.
    void ensureDefaultModel();
    // Whether a new model becomes the current one (berthctl's, as Juju's
    // add-model switches) or the current one stays (the window, which opens
    // it for itself and leaves berthctl where it was).
    enum class NewModel { BecomesCurrent, LeavesCurrent };
    CommandResult addModel(const QString &name, const QString &cloudRegion,
                           const QStringList &config, NewModel current = NewModel::BecomesCurrent);
    QList<ModelSummary> models();
    void switchModel(const QString &name);
    // The model a window opens: `wanted` if it is there and not being
    // destroyed, else the current one, else the first; a store left without
    // any gets a new "default" (or "default-2", … while that name is taken).
    QString modelToOpen(const QString &wanted);

    // What destroy-model takes away, read now.
    struct DestroyPlan
    {
        int applications = 0;
        int units = 0;
        int machines = 0;          // machines and containers, dead ones too
        QStringList instances;     // machines whose cloud instances will be stopped
        QStringList existingHosts; // ssh: hosts forgotten and left running
        bool dying = false;        // already being destroyed
        // One sentence: what goes and what is stopped.
        QString describe(const QString &model) const;
    };
    DestroyPlan destroyPlan(const QString &model);
    // Begins destroying the model: its contents go at once, its machines as
    // the provisioner stops their instances, then the model. Refused while
    // instances run unless `force`. Another model becomes current, if any.
    CommandResult destroyModel(const QString &name, bool force);

    // model-config: every key with its value and whether it is the default.
    QList<QPair<ModelConfig::KeyInfo, QString>> config(const QString &model);
    CommandResult setConfig(const QString &model, const QStringList &assignments);

    CommandResult setConstraints(const QString &model, const QString &constraints);
    QString constraints(const QString &model);

private:
    QMap<QString, QString> parseAssignments(const QStringList &assignments,
                                            const CloudInfo &cloud) const;
    Workspace &m_ws;
};

} // namespace berth
