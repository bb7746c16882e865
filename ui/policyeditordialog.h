#pragma once

#include "core/commands/scalingcommands.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QTableWidget;

namespace berth {

// Edits an application's placement policies (weights and caps per region and
// per zone) and its deletion criteria, checked as they are typed; OK stores
// them all in one command, the same as berthctl's set-placement-policy.
class PolicyEditorDialog final : public QDialog
{
    Q_OBJECT

public:
    enum Column { NameColumn, WeightColumn, CapColumn, UnitsColumn, TargetColumn, ColumnCount };

    PolicyEditorDialog(Workspace &workspace, const QString &model, const QString &application,
                       QWidget *parent = nullptr);

    QTableWidget *regionTable() const { return m_regions; }
    QTableWidget *zoneTable() const { return m_zones; }
    QComboBox *criteriaBox() const { return m_criteria; }
    // Why the policies cannot be stored as they are; empty when they can.
    QString problem() const { return m_problem; }
    // Notes that do not block (caps below today's units).
    QString notes() const { return m_notes; }
    // The specs OK would store.
    QList<QJsonObject> specs() const;

public slots:
    void accept() override;

private:
    void fill(QTableWidget *table, const QStringList &names,
              const std::optional<PlacementPolicy> &policy, const QMap<QString, qint64> &units);
    void revalidate();

    Workspace &m_workspace;
    QString m_model;
    QString m_application;
    ScalingCommands::Report m_report;
    QTableWidget *m_regions = nullptr;
    QTableWidget *m_zones = nullptr;
    QComboBox *m_criteria = nullptr;
    QLabel *m_message = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    QString m_problem;
    QString m_notes;
};

} // namespace berth
