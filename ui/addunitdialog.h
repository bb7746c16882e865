#pragma once

#include "ui/commanddialog.h"

class QCheckBox;
class QLineEdit;
class QSpinBox;

namespace berth {

// Adds units to an application: how many, where (placement directives, or
// later in the machine view), and unit-level constraints.
class AddUnitDialog final : public CommandDialog
{
    Q_OBJECT

public:
    AddUnitDialog(Workspace &workspace, const QString &model, QString application,
                  QWidget *parent = nullptr);

    QSpinBox *units;
    QLineEdit *placement;
    QLineEdit *constraints;
    QCheckBox *unplaced;

protected:
    void check() const override;
    CommandResult apply() override;

private:
    QString m_application;
};

} // namespace berth
