#pragma once

#include "core/commands/scalingcommands.h"
#include "core/commands/spreadcommands.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QTableWidget;

namespace berth {

class ChangeSubmitter;

// Edits an application's placement policies (weights and caps per region and
// per zone) and its deletion criteria, checked as they are typed; OK makes
// them all one change, the same as berthctl's set-placement-policy: staged
// with the window's other changes (and undone like them), or applied at once.
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
    // The window's changes: OK's change is staged or applied as they are.
    // Without one it applies at once.
    void setSubmitter(ChangeSubmitter *submitter) { m_submitter = submitter; }

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
    QList<SpreadConstraint> m_spreads; // judged against the weights as they are edited
    QTableWidget *m_regions = nullptr;
    QTableWidget *m_zones = nullptr;
    QComboBox *m_criteria = nullptr;
    QLabel *m_message = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    QString m_problem;
    QString m_notes;
    ChangeSubmitter *m_submitter = nullptr;
};

} // namespace berth
