#pragma once

#include "core/cloud/hostprobe.h"
#include "core/model/placementdirective.h"
#include "core/placement/startforecast.h"
#include "core/store/workspace.h"

#include <QCoreApplication>

namespace berth {

// Machines added and removed by hand (`add-machine`, `remove-machine`).
class MachineCommands
{
    Q_DECLARE_TR_FUNCTIONS(MachineCommands)

public:
    struct AddMachine
    {
        QString directive;
        int count = 1;
        QString base;
        QString constraints;
        QString name; // one machine's name, when a plan gives one ("4")
    };

    // `probe` looks at ssh: hosts; without one, add-machine ssh: is refused.
    explicit MachineCommands(Workspace &workspace, HostProbe *probe = nullptr)
        : m_ws(workspace)
        , m_probe(probe)
    {}

    // `acceptHostKey`: for an ssh: host, the host key fingerprint ("SHA256:...")
    // the user accepts on first use.
    // `made` (may be null) gets the machines made (new hosts included).
    CommandResult addMachines(const QString &model, const AddMachine &request,
                              const QString &acceptHostKey = {},
                              QList<MachineRecord> *made = nullptr);
    // `keepInstance`: each machine (and its containers) leaves the model at
    // once, its instance left running on the cloud, as Juju's --keep-instance.
    CommandResult removeMachines(const QString &model, const QStringList &ids, bool force,
                                 bool keepInstance = false);
    // The machine's status history, oldest first (Juju's show-status-log).
    QList<StatusLogEntry> statusLog(const QString &model, const QString &machine);
    // Machines in error become pending again (all of them when `ids` is empty),
    // with their constraints replaced first when `constraints` is given.
    CommandResult retryProvisioning(const QString &model, const QStringList &ids,
                                    const std::optional<QString> &constraints);

    // What provisioning `model` would start now: its machines that wait for
    // an instance, by region, zone and instance type, with their hourly cost
    // (the change-set preview's rules). Nothing starts a model's machines
    // unasked: berthctl provision and the window say this first.
    StartForecast waitingStarts(const QString &model);
    // The same of a model already read.
    static StartForecast waitingStarts(const ModelSnapshot &now, const CloudRegistry &clouds);
    // That in one sentence ("3 machines of model prod wait to start: ...").
    static QString describeWaiting(const QString &model, const StartForecast &forecast);

private:
    void forgetKeepingInstances(ModelTx &tx, const QString &name, CommandResult &result);
    void removeMachine(ModelTx &tx, const MachineRecord &machine, bool force, CommandResult &result,
                       bool keepInstance = false);
    // add-machine ssh:[user@]host[:port]: probes the host, then records it as a
    // started machine with the hardware and base found.
    CommandResult addExistingHost(const QString &model, const PlacementDirective &directive,
                                  const AddMachine &request, const QString &acceptHostKey);
    Workspace &m_ws;
    HostProbe *m_probe;
};

} // namespace berth
