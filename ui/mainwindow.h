#pragma once

#include <QMainWindow>

class QTreeWidget;
class QLabel;
class RegionChart;
class Workspace;

// Berth's main window: the open model's applications, units and machines.
class MainWindow final : public QMainWindow
{
    Q_OBJECT

public:
    MainWindow(Workspace &workspace, const QString &model, QWidget *parent = nullptr);
    void reload();
    // The selected principal application; empty when none is.
    QString selectedApplication() const;
    void selectApplication(const QString &name);
    void editPlacementPolicy();
    void exportChart();
    RegionChart *regionChart() const { return m_chart; }

private:
    void showSelectedApplication();

    Workspace &m_workspace;
    QString m_model;
    qint64 m_dataVersion = 0;
    QLabel *m_header = nullptr;
    QTreeWidget *m_applications = nullptr;
    QTreeWidget *m_machines = nullptr;
    RegionChart *m_chart = nullptr;
    QAction *m_policyAction = nullptr;
};
