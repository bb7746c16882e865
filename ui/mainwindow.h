#pragma once

#include <QMainWindow>

class QTreeWidget;
class QLabel;
class Workspace;

// Berth's main window: the open model's applications, units and machines.
class MainWindow final : public QMainWindow
{
    Q_OBJECT

public:
    MainWindow(Workspace &workspace, const QString &model, QWidget *parent = nullptr);
    void reload();

private:
    Workspace &m_workspace;
    QString m_model;
    qint64 m_dataVersion = 0;
    QLabel *m_header = nullptr;
    QTreeWidget *m_applications = nullptr;
    QTreeWidget *m_machines = nullptr;
};
