#include "mainwindow.h"

#include "bertherror.h"
#include "workspace.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QMenuBar>
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
    auto *splitter = new QSplitter(Qt::Horizontal, central);
    m_applications = new QTreeWidget(splitter);
    m_applications->setHeaderLabels(
        {tr("Application / unit"), tr("Base"), tr("Machine"), tr("Constraints")});
    m_machines = new QTreeWidget(splitter);
    m_machines->setHeaderLabels(
        {tr("Machine"), tr("Life"), tr("Status"), tr("Instance"), tr("Zone"), tr("Constraints")});
    layout->addWidget(splitter, 1);
    setCentralWidget(central);

    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *refresh = file->addAction(tr("&Reload"), this, &MainWindow::reload);
    refresh->setShortcut(QKeySequence::Refresh);
    QAction *quit = file->addAction(tr("&Quit"), qApp, &QApplication::quit);
    quit->setShortcut(QKeySequence::Quit);

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
    m_applications->clear();
    QHash<qint64, QTreeWidgetItem *> appItems;
    for (const ApplicationRecord &a : snapshot.applications) {
        auto *item = new QTreeWidgetItem(m_applications, {a.name, a.base, {}, a.constraints});
        appItems.insert(a.id, item);
    }
    for (const UnitRecord &u : snapshot.units) {
        if (QTreeWidgetItem *parent = appItems.value(u.applicationId))
            new QTreeWidgetItem(parent, {u.name(), {}, u.machine, u.constraints});
    }
    m_applications->expandAll();
    m_applications->resizeColumnToContents(0);

    m_machines->clear();
    QHash<qint64, QTreeWidgetItem *> machineItems;
    for (const MachineRecord &m : snapshot.machines) {
        const QStringList columns{m.name,       m.life, m.machineStatus,
                                  m.instanceId, m.zone, m.constraints};
        QTreeWidgetItem *parent = machineItems.value(m.parentId);
        auto *item = parent ? new QTreeWidgetItem(parent, columns)
                            : new QTreeWidgetItem(m_machines, columns);
        machineItems.insert(m.id, item);
    }
    m_machines->expandAll();
    m_machines->resizeColumnToContents(0);
    statusBar()->showMessage(tr("%n machine(s)", nullptr, int(snapshot.machines.size())));
}
