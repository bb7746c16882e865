#pragma once

#include "core/cloud/hostprobe.h"
#include "core/commands/machinecommands.h"
#include "ui/commanddialog.h"

#include <functional>

class QComboBox;
class QLineEdit;
class QSpinBox;

namespace berth {

// Adds empty machines: where (a new machine, a container on one, a zone or
// region, an existing host over ssh:), how many, base and constraints. An
// existing host is probed off the window's thread; a host key seen for the
// first time is shown for the user to accept.
class AddMachineDialog final : public CommandDialog
{
    Q_OBJECT

public:
    // `probe` (may be null) looks at ssh: hosts.
    AddMachineDialog(Workspace &workspace, const QString &model, HostProbe *probe = nullptr,
                     QWidget *parent = nullptr);

    // Asked whether to trust a host key seen for the first time (the default
    // asks the user).
    using HostKeyCheck = std::function<bool(const QString &host, const QString &fingerprint)>;
    void setHostKeyCheck(HostKeyCheck check) { m_hostKeyCheck = std::move(check); }

    QLineEdit *placement;
    QSpinBox *count;
    QComboBox *base;
    QLineEdit *constraints;

protected:
    void check() const override;
    CommandResult apply() override;
    // ssh: hosts are probed off the window's thread first.
    bool applyLater() override;

private:
    // Probes the host, asks about a host key seen for the first time, probes
    // again with it accepted, then adds the machine.
    void probeThenAdd(HostProbe::Target target, const MachineCommands::AddMachine &request);
    MachineCommands::AddMachine request() const;

    HostProbe *m_probe;
    HostKeyCheck m_hostKeyCheck;
};

} // namespace berth
