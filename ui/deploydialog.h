#pragma once

#include "core/commands/applicationcommands.h"
#include "ui/commanddialog.h"

class QCheckBox;
class QComboBox;
class QLineEdit;
class QSpinBox;

namespace berth {

// Deploys an application: charm, name, base, units, placement directives,
// constraints, subordinate, or units left to place in the machine view.
class DeployDialog final : public CommandDialog
{
    Q_OBJECT

public:
    DeployDialog(Workspace &workspace, const QString &model, QWidget *parent = nullptr);

    QLineEdit *charm;
    QLineEdit *name;
    QComboBox *base;
    QSpinBox *units;
    QLineEdit *placement;
    QLineEdit *constraints;
    QCheckBox *subordinate;
    QCheckBox *unplaced;

protected:
    void check() const override;
    CommandResult apply() override;

private:
    ApplicationCommands::Deploy request() const;
};

} // namespace berth
