#pragma once

#include "ui/commanddialog.h"

class QCheckBox;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace berth {

// Retries provisioning of machines in error, optionally with new constraints
// (a bigger instance type, another zone) replacing theirs first.
class RetryDialog final : public CommandDialog
{
    Q_OBJECT

public:
    // `preselected`: machines checked at first (all in error when empty).
    RetryDialog(Workspace &workspace, const QString &model, const QStringList &preselected,
                QWidget *parent = nullptr);

    // Each machine in error with its whole reason, wrapped (never cut off).
    QListWidget *machines;
    QPushButton *checkAll;
    QCheckBox *replaceConstraints;
    QLineEdit *constraints;

protected:
    void check() const override;
    CommandResult apply() override;

private:
    QStringList checkedMachines() const;
};

} // namespace berth
