#pragma once

#include "workspace.h"

// Machines added and removed by hand (`add-machine`, `remove-machine`).
class MachineCommands
{
public:
    struct AddMachine
    {
        QString directive;
        int count = 1;
        QString base;
        QString constraints;
    };

    explicit MachineCommands(Workspace &workspace)
        : m_ws(workspace)
    {}

    CommandResult addMachines(const QString &model, const AddMachine &request);
    CommandResult removeMachines(const QString &model, const QStringList &ids, bool force);
    // Machines in error become pending again (all of them when `ids` is empty),
    // with their constraints replaced first when `constraints` is given.
    CommandResult retryProvisioning(const QString &model, const QStringList &ids,
                                    const std::optional<QString> &constraints);

private:
    void removeMachine(ModelTx &tx, const MachineRecord &machine, bool force,
                       CommandResult &result);
    Workspace &m_ws;
};
