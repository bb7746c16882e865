#pragma once

#include "ui/commanddialog.h"

class QCheckBox;
class QLineEdit;
class QListWidget;

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

    QListWidget *machines;
    QCheckBox *replaceConstraints;
    QLineEdit *constraints;

protected:
    void check() const override;
    CommandResult apply() override;

private:
    QStringList checkedMachines() const;
};

} // namespace berth
