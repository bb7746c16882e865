#pragma once

#include "ui/commanddialog.h"

class QComboBox;
class QLineEdit;
class QTableWidget;

namespace berth {

// add-model in the window: a name and the cloud and region the model lives
// on. The new model becomes the current one, as with berthctl.
class AddModelDialog final : public CommandDialog
{
    Q_OBJECT

public:
    explicit AddModelDialog(Workspace &workspace, QWidget *parent = nullptr);

    QLineEdit *name;
    QComboBox *cloudRegion; // "cloud/region", the clouds' default regions first

protected:
    void check() const override;
    CommandResult apply() override;
};

// model-config in the window: every setting with its value, what it means
// and whether it is the default; edited values are checked as typed and
// applied together (settings are not staged: they change no machine).
class ModelSettingsDialog final : public CommandDialog
{
    Q_OBJECT

public:
    enum Column { KeyColumn, ValueColumn, DescriptionColumn };

    ModelSettingsDialog(Workspace &workspace, const QString &model, QWidget *parent = nullptr);

    QTableWidget *table;
    // The edited settings as berthctl model-config takes them ("key=value").
    QStringList assignments() const;

protected:
    void check() const override;
    CommandResult apply() override;

private:
    QMap<QString, QString> m_values; // as read, by key
    QStringList m_cloudBases;
};

} // namespace berth
