#pragma once

#include "commanddialog.h"

class QComboBox;
class QLineEdit;
class QSpinBox;

// Adds empty machines: where (a new machine, a container on one, a zone or
// region), how many, base and constraints.
class AddMachineDialog final : public CommandDialog
{
    Q_OBJECT

public:
    AddMachineDialog(Workspace &workspace, const QString &model, QWidget *parent = nullptr);

    QLineEdit *placement;
    QSpinBox *count;
    QComboBox *base;
    QLineEdit *constraints;

protected:
    void check() const override;
    CommandResult apply() override;
};
