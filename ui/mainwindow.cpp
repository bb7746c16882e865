#include "mainwindow.h"

#include "bertherror.h"
#include "policyeditordialog.h"
#include "regionchart.h"
#include "scalingcommands.h"
#include "workspace.h"

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QSplitter>
#include <QStatusBar>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

MainWindow::MainWindow(Workspace &workspace, const QString &model, QWidget *parent)
    : QMainWindow(parent)
    , m_workspace(workspace)
    , m_model(model)
{
    setWindowIcon(QIcon(QStringLiteral(":/berth/icons/berth.svg")));
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    m_header = new QLabel(central);
    layout->addWidget(m_header);
    auto *vertical = new QSplitter(Qt::Vertical, central);
    auto *splitter = new QSplitter(Qt::Horizontal, vertical);
    m_applications = new QTreeWidget(splitter);
    m_applications->setHeaderLabels(
        {tr("Application / unit"), tr("Base"), tr("Machine"), tr("Constraints")});
    m_machines = new QTreeWidget(splitter);
    m_machines->setHeaderLabels({tr("Machine"), tr("Life"), tr("Status"), tr("Instance"),
                                 tr("Region"), tr("Zone"), tr("Constraints")});
    m_chart = new RegionChart(vertical);
    vertical->setStretchFactor(0, 3);
    vertical->setStretchFactor(1, 2);
    layout->addWidget(vertical, 1);
    setCentralWidget(central);
    connect(m_applications, &QTreeWidget::itemSelectionChanged, this,
            &MainWindow::showSelectedApplication);

    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *refresh = file->addAction(tr("&Reload"), this, &MainWindow::reload);
    refresh->setShortcut(QKeySequence::Refresh);
    QAction *quit = file->addAction(tr("&Quit"), qApp, &QApplication::quit);
    quit->setShortcut(QKeySequence::Quit);
    QMenu *application = menuBar()->addMenu(tr("&Application"));
    m_policyAction =
        application->addAction(tr("&Placement policy…"), this, &MainWindow::editPlacementPolicy);
    m_policyAction->setShortcut(Qt::CTRL | Qt::Key_P);
    m_policyAction->setEnabled(false);
    QAction *exportAction =
        application->addAction(tr("&Export chart…"), this, &MainWindow::exportChart);
    exportAction->setShortcut(Qt::CTRL | Qt::SHIFT | Qt::Key_E);

    // Follow changes other processes (berthctl) commit to the store. A full
    // reload is enough for this minimal window; item models come later.
    auto *watch = new QTimer(this);
    watch->setInterval(500);
    connect(watch, &QTimer::timeout, this, [this] {
        const qint64 version = m_workspace.store().dataVersion();
        if (version != m_dataVersion) {
            m_dataVersion = version;
            reload();
        }
    });
    watch->start();

    resize(1100, 650);
    m_dataVersion = m_workspace.store().dataVersion();
    reload();
}

void MainWindow::reload()
{
    ModelSnapshot snapshot;
    try {
        snapshot = m_workspace.snapshot(m_model);
    } catch (const BerthError &error) {
        statusBar()->showMessage(error.message());
        return;
    }
    setWindowTitle(tr("%1 — Berth").arg(m_model));
    m_header->setText(
        tr("Model <b>%1</b> on %2/%3 · constraints: %4")
            .arg(snapshot.model.name, snapshot.model.cloud, snapshot.model.region,
                 snapshot.model.constraints.isEmpty() ? tr("none") : snapshot.model.constraints));
    QString selected = selectedApplication();
    if (selected.isEmpty() && m_applications->topLevelItemCount() == 0) {
        // First load: start on the first principal application.
        for (const ApplicationRecord &a : snapshot.applications) {
            if (!a.subordinate) {
                selected = a.name;
                break;
            }
        }
    }
    m_applications->clear();
    QHash<qint64, QTreeWidgetItem *> appItems;
    for (const ApplicationRecord &a : snapshot.applications) {
        auto *item = new QTreeWidgetItem(m_applications, {a.name, a.base, {}, a.constraints});
        item->setData(0, Qt::UserRole, a.subordinate);
        appItems.insert(a.id, item);
    }
    for (const UnitRecord &u : snapshot.units) {
        if (QTreeWidgetItem *parent = appItems.value(u.applicationId))
            new QTreeWidgetItem(parent, {u.name(), {}, u.machine, u.constraints});
    }
    m_applications->expandAll();
    m_applications->resizeColumnToContents(0);
    selectApplication(selected);

    m_machines->clear();
    QHash<qint64, QTreeWidgetItem *> machineItems;
    for (const MachineRecord &m : snapshot.machines) {
        const QStringList columns{m.name,   m.life, m.machineStatus, m.instanceId,
                                  m.region, m.zone, m.constraints};
        QTreeWidgetItem *parent = machineItems.value(m.parentId);
        auto *item = parent ? new QTreeWidgetItem(parent, columns)
                            : new QTreeWidgetItem(m_machines, columns);
        machineItems.insert(m.id, item);
    }
    m_machines->expandAll();
    m_machines->resizeColumnToContents(0);
    statusBar()->showMessage(tr("%n machine(s)", nullptr, int(snapshot.machines.size())));
}

QString MainWindow::selectedApplication() const
{
    const QList<QTreeWidgetItem *> items = m_applications->selectedItems();
    if (items.isEmpty())
        return {};
    const QTreeWidgetItem *item = items.first();
    if (item->parent())
        item = item->parent(); // a unit: its application
    return item->data(0, Qt::UserRole).toBool() ? QString() : item->text(0);
}

void MainWindow::selectApplication(const QString &name)
{
    for (int i = 0; i < m_applications->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_applications->topLevelItem(i);
        if (item->text(0) == name) {
            m_applications->setCurrentItem(item);
            return;
        }
    }
    showSelectedApplication();
}

void MainWindow::showSelectedApplication()
{
    const QString app = selectedApplication();
    m_policyAction->setEnabled(!app.isEmpty());
    if (app.isEmpty()) {
        m_chart->clear();
        return;
    }
    try {
        m_chart->setReport(ScalingCommands(m_workspace).report(m_model, app));
    } catch (const BerthError &error) {
        m_chart->clear();
        statusBar()->showMessage(error.message());
    }
}

void MainWindow::editPlacementPolicy()
{
    const QString app = selectedApplication();
    if (app.isEmpty())
        return;
    try {
        PolicyEditorDialog dialog(m_workspace, m_model, app, this);
        if (dialog.exec() == QDialog::Accepted) {
            statusBar()->showMessage(tr("Policies of %1 saved.").arg(app));
            reload();
        }
    } catch (const BerthError &error) {
        QMessageBox::warning(this, tr("Placement policy"), error.message());
    }
}

void MainWindow::exportChart()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export chart"), QString(),
                                                      tr("PNG image (*.png);;PDF (*.pdf)"));
    if (path.isEmpty())
        return;
    if (!m_chart->exportTo(path))
        QMessageBox::warning(this, tr("Export chart"), tr("Could not write %1.").arg(path));
}
