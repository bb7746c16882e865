#include "ui/mainwindow.h"

#include "core/bertherror.h"
#include "core/commands/applicationcommands.h"
#include "core/commands/changeset.h"
#include "core/commands/machinecommands.h"
#include "core/commands/modelcommands.h"
#include "core/commands/scalingcommands.h"
#include "core/placement/placementrules.h"
#include "core/provisioning/provisionerworker.h"
#include "core/store/modelwatcher.h"
#include "core/store/storeerror.h"
#include "core/store/workspace.h"
#include "ui/accountsdialog.h"
#include "ui/applicationsmodel.h"
#include "ui/changesetpanel.h"
#include "ui/chartexport.h"
#include "ui/constrainteditordialog.h"
#include "ui/itemroles.h"
#include "ui/machinesmodel.h"
#include "ui/machineview.h"
#include "ui/modelactions.h"
#include "ui/modeldialogs.h"
#include "ui/offthread.h"
#include "ui/placementcommands.h"
#include "ui/policyeditordialog.h"
#include "ui/provisioningscope.h"
#include "ui/regionchart.h"
#include "ui/treefiltermodel.h"
#include "ui/zonechart.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDockWidget>
#include <QHeaderView>
#include <QInputDialog>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTextBrowser>
#include <QToolBar>
#include <QTreeView>
#include <QUndoStack>
#include <QVBoxLayout>

namespace berth {

MainWindow::MainWindow(Workspace &workspace, const QString &model, const Options &options,
                       QWidget *parent)
    : QMainWindow(parent)
    , m_workspace(workspace)
    , m_model(model)
    , m_options(options)
    , m_applications(new ApplicationsModel(this))
    , m_machines(new MachinesModel(this))
    , m_applicationFilter(new TreeFilterModel(this))
    , m_machineFilter(new TreeFilterModel(this))
    , m_undo(new QUndoStack(this))
{
    setAcceptDrops(true); // a bundle file dropped on the window is imported
    setWindowIcon(QIcon(QStringLiteral(":/berth/icons/berth.svg")));

    // Toolbar: which model, and what to show of it.
    QToolBar *bar = addToolBar(tr("Model"));
    bar->setObjectName(QStringLiteral("modelToolBar"));
    bar->addWidget(new QLabel(tr("Model: "), bar));
    m_modelBox = new QComboBox(bar);
    m_modelBox->setMinimumContentsLength(12);
    bar->addWidget(m_modelBox);
    bar->addSeparator();
    m_filter = new QLineEdit(bar);
    m_filter->setPlaceholderText(tr("Filter (name, zone, status, …)"));
    m_filter->setClearButtonEnabled(true);
    bar->addWidget(m_filter);
    auto *problems = new QCheckBox(tr("Problems only"), bar);
    bar->addWidget(problems);

    // Overview: applications and machines side by side, details below.
    auto *tabs = new QTabWidget(this);
    auto *overview = new QWidget(tabs);
    auto *overviewLayout = new QVBoxLayout(overview);
    m_header = new QLabel(overview);
    overviewLayout->addWidget(m_header);
    auto *vertical = new QSplitter(Qt::Vertical, overview);
    auto *horizontal = new QSplitter(Qt::Horizontal, vertical);
    m_applicationFilter->setSourceModel(m_applications);
    m_applicationView = new QTreeView(horizontal);
    m_applicationView->setModel(m_applicationFilter);
    m_applicationView->setSortingEnabled(true);
    m_applicationView->sortByColumn(ApplicationsModel::NameColumn, Qt::AscendingOrder);
    m_applicationView->setDragEnabled(true);
    m_applicationView->setDragDropMode(QAbstractItemView::DragOnly);
    m_applicationView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_machineFilter->setSourceModel(m_machines);
    m_machineTree = new QTreeView(horizontal);
    m_machineTree->setModel(m_machineFilter);
    m_machineTree->setSortingEnabled(true);
    m_machineTree->sortByColumn(MachinesModel::NameColumn, Qt::AscendingOrder);
    m_machineTree->setUniformRowHeights(true);
    // What is looked at most comes first, so at 1280 px zone, instance,
    // type and hardware show without scrolling; the user's own order and
    // widths, once changed, are kept between runs.
    const QList<int> machineOrder{
        MachinesModel::NameColumn,           MachinesModel::StatusColumn,
        MachinesModel::ZoneColumn,           MachinesModel::InstanceColumn,
        MachinesModel::TypeColumn,           MachinesModel::HardwareColumn,
        MachinesModel::MessageColumn,        MachinesModel::UnitsColumn,
        MachinesModel::BaseColumn,           MachinesModel::RegionColumn,
        MachinesModel::InstanceStatusColumn, MachinesModel::LifeColumn,
        MachinesModel::ConstraintsColumn};
    for (int i = 0; i < machineOrder.size(); ++i) {
        QHeaderView *header = m_machineTree->header();
        header->moveSection(header->visualIndex(machineOrder.at(i)), i);
    }
    {
        QSettings columns;
        m_columnsRestored =
            m_applicationView->header()->restoreState(
                columns.value(QStringLiteral("window/applicationColumns")).toByteArray()) &&
            m_machineTree->header()->restoreState(
                columns.value(QStringLiteral("window/machineColumns")).toByteArray());
    }
    m_applicationView->setUniformRowHeights(true);
    m_details = new QTextBrowser(vertical);
    vertical->setStretchFactor(0, 4);
    vertical->setStretchFactor(1, 1);
    overviewLayout->addWidget(vertical, 1);
    tabs->addTab(overview, tr("&Overview"));

    m_machineView = new MachineView(m_applications, m_machines, tabs);
    m_machineView->setChecker([this](const QStringList &units, const QString &machine) {
        try {
            if (m_workspace.store().isReadOnly()) // nothing may be placed: say so while dragging
                throw StoreError::readOnly(m_workspace.store().displayLocation());
            // On the snapshot shown: no store read while dragging.
            if (machine.startsWith(QStringLiteral("lxd:"))) // a new container on a host
                return PlacementRules::containerProblem(snapshotIndex(), units, machine.mid(4));
            return PlacementRules::placementProblem(snapshotIndex(), units, machine);
        } catch (const BerthError &error) {
            return error.message();
        }
    });
    connect(m_machineView, &MachineView::placeRequested, this, &MainWindow::place);
    connect(m_machineView, &MachineView::refused, this,
            [this](const QString &reason) { statusBar()->showMessage(reason, 5000); });
    tabs->addTab(m_machineView, tr("&Machine view"));

    auto *charts = new QSplitter(Qt::Vertical, tabs);
    m_zoneChart = new ZoneChart(charts);
    m_chart = new RegionChart(charts);
    tabs->addTab(charts, tr("&Charts"));
    // A bar segment clicked: its units, selected in the overview.
    connect(m_zoneChart, &ZoneChart::segmentClicked, this,
            [this, tabs](const QString &application, const QString &zone) {
                QStringList units;
                for (const UnitRecord &u : m_snapshot.units) {
                    const MachineRecord *m = snapshotIndex().machine(u.machineId);
                    if (u.application == application && !u.subordinate && m && m->zone == zone)
                        units << u.name();
                }
                tabs->setCurrentIndex(0);
                selectUnits(units);
                statusBar()->showMessage(
                    tr("%n unit(s) of %1 in %2 selected", nullptr, int(units.size()))
                        .arg(application, zone),
                    5000);
            });
    setCentralWidget(tabs);

    // Provisioning log, dockable.
    auto *dock = new QDockWidget(tr("Provisioning log"), this);
    dock->setObjectName(QStringLiteral("provisioningLog"));
    m_log = new QPlainTextEdit(dock);
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(5000);
    dock->setWidget(m_log);
    addDockWidget(Qt::BottomDockWidgetArea, dock);
    // The change set, dockable beside the views.
    auto *changeDock = new QDockWidget(tr("Change set"), this);
    changeDock->setObjectName(QStringLiteral("changeSet"));
    m_changeSet = new ChangeSetPanel(m_workspace, m_options.storeLocation, changeDock);
    changeDock->setWidget(m_changeSet);
    addDockWidget(Qt::BottomDockWidgetArea, changeDock);
    tabifyDockWidget(dock, changeDock); // along the bottom, beside the log
    connect(
        m_changeSet, &ChangeSetPanel::committed, this,
        [this](const CommandResult &result, const QList<ModelChange> &applied) {
            for (const QString &line : result.warnings + result.messages)
                log(line);
            statusBar()->showMessage(result.messages.constLast(), 8000);
            // The staged steps are the model's now; its placements stay undoable
            // as long as their machines have not started.
            m_undo->clear();
            const auto report = [this](const QString &message) { reportError(message); };
            for (const ModelChange &change : applied) {
                if (change.command != u"place-unit")
                    continue;
                QStringList units;
                for (const QJsonValue &unit : change.args.value(QStringLiteral("units")).toArray())
                    units << unit.toString();
                m_undo->push(new PlaceUnitsCommand(
                    m_workspace, m_model, units, change.args.value(QStringLiteral("to")).toString(),
                    report, PlaceUnitsCommand::AlreadyPlaced));
            }
            QMetaObject::invokeMethod(m_watcher, &ModelWatcher::refresh, Qt::QueuedConnection);
        });
    connect(m_changeSet, &ChangeSetPanel::failed, this, &MainWindow::reportError);
    m_progress = new QProgressBar(this);
    m_progress->setMaximumWidth(220);
    m_progress->setVisible(false);
    statusBar()->addPermanentWidget(m_progress);
    // Which models this window provisions: the user's choice, always in sight.
    m_provisionState = new QLabel(this);
    statusBar()->addPermanentWidget(m_provisionState);
    m_provisioning = new ProvisioningScope(
        m_options.storeLocation, [this]() -> const CloudRegistry & { return m_workspace.clouds(); },
        this);
    connect(m_provisioning, &ProvisioningScope::logLine, this, &MainWindow::logFor);
    connect(m_provisioning, &ProvisioningScope::progress, this,
            [this](const QString &provisioned, int done, int total) {
                if (provisioned != m_model)
                    return;
                m_progress->setVisible(done < total);
                m_progress->setRange(0, total);
                m_progress->setValue(done);
                m_progress->setFormat(tr("provisioning %v of %m"));
            });
    connect(m_provisioning, &ProvisioningScope::passFinished, this,
            [this](const QString &provisioned) {
                if (provisioned == m_model)
                    m_progress->setVisible(false);
            });
    connect(m_provisioning, &ProvisioningScope::modelDestroyed, this, &MainWindow::modelGone);
    connect(m_provisioning, &ProvisioningScope::changed, this, &MainWindow::provisioningChanged);

    // Operations on the selected rows, from the menus and the rows' context menus.
    m_confirm = [this](const QString &title, const QString &question) {
        return QMessageBox::question(this, title, question) == QMessageBox::Yes;
    };
    m_chooseTarget = [this](const QStringList &units) -> std::optional<QString> {
        const QString fresh = tr("A new machine");
        QStringList items{fresh};
        for (const MachineRecord &m : m_snapshot.machines) {
            if (m.state.isAlive() && !m_snapshot.planned.removedMachines.contains(m.id))
                items << m.name;
        }
        bool ok = false;
        const QString item = QInputDialog::getItem(
            this, tr("Place on"), tr("Put %1 on:").arg(units.join(QStringLiteral(", "))), items, 0,
            false, &ok);
        if (!ok)
            return std::nullopt;
        return item == fresh ? QString() : item;
    };
    m_chooseItem = [this](const QString &title, const QString &label,
                          const QStringList &items) -> std::optional<QString> {
        bool ok = false;
        const QString item = QInputDialog::getItem(this, title, label, items, 0, false, &ok);
        return ok ? std::optional<QString>(item) : std::nullopt;
    };
    ModelActions::Host host;
    host.snapshot = [this]() -> const ModelSnapshot & { return m_snapshot; };
    host.index = [this]() -> const SnapshotIndex & { return snapshotIndex(); };
    host.selectedUnits = [this] { return selectedNames(m_applicationView, true); };
    host.selectedApplications = [this] { return selectedNames(m_applicationView, false); };
    host.selectedMachines = [this] {
        return selectedNames(m_machineTree, false) + selectedNames(m_machineTree, true);
    };
    host.submit = [this](const QList<ModelChange> &changes, const QString &text) {
        submit(changes, text);
    };
    host.confirm = [this](const QString &title, const QString &question) {
        return m_confirm(title, question);
    };
    host.chooseTarget = [this](const QStringList &units) { return m_chooseTarget(units); };
    host.chooseItem = [this](const QString &title, const QString &label, const QStringList &items) {
        return m_chooseItem(title, label, items);
    };
    m_actions = new ModelActions(std::move(host), this);
    for (QAction *action : {m_actions->removeUnits(), m_actions->placeOn()}) {
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        m_applicationView->addAction(action);
    }
    m_actions->removeMachines()->setShortcut(QKeySequence::Delete);
    m_actions->removeMachines()->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_machineTree->addAction(m_actions->removeMachines());
    for (QTreeView *tree : {m_applicationView, m_machineTree}) {
        tree->setContextMenuPolicy(Qt::CustomContextMenu);
        connect(tree, &QWidget::customContextMenuRequested, this,
                [this, tree](const QPoint &pos) { showContextMenu(tree, pos); });
    }
    buildMenus();
    // View goes before Help, as desktop conventions have it.
    auto *view = new QMenu(tr("&View"), this);
    view->addAction(dock->toggleViewAction());
    view->addAction(changeDock->toggleViewAction());
    view->addAction(bar->toggleViewAction());
    menuBar()->insertMenu(menuBar()->actions().constLast(), view);
    resizeDocks({dock}, {190}, Qt::Vertical);

    connect(m_filter, &QLineEdit::textChanged, this, [this, problems](const QString &text) {
        filterRows(
            [&] {
                m_applicationFilter->setText(text);
                m_machineFilter->setText(text);
            },
            !text.isEmpty() || problems->isChecked());
    });
    connect(problems, &QCheckBox::toggled, this, [this](bool on) {
        filterRows(
            [&] {
                m_applicationFilter->setProblemsOnly(on);
                m_machineFilter->setProblemsOnly(on);
            },
            on || !m_filter->text().isEmpty());
    });
    connect(m_applicationView->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            [this] {
                showSelectedApplication();
                showDetails();
                m_actions->updateEnabled();
            });
    connect(m_machineTree->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        showDetails();
        m_actions->updateEnabled();
    });
    connect(m_modelBox, &QComboBox::activated, this,
            [this](int index) { openModel(m_modelBox->itemData(index).toString()); });

    // The watcher reads the model on its own thread and connection.
    m_watcher =
        new ModelWatcher(m_options.storeLocation, m_workspace.clouds(), m_options.watchIntervalMs);
    // The model as its change set would leave it, planned rows marked.
    m_watcher->setSnapshotReader(
        [](Workspace &ws, const QString &name) { return ChangeSet(ws).plannedSnapshot(name); });
    connect(m_watcher, &ModelWatcher::snapshotReady, this, &MainWindow::applySnapshot);
    connect(m_watcher, &ModelWatcher::failed, this, &MainWindow::reportError);
    connect(m_watcher, &ModelWatcher::modelGone, this, &MainWindow::modelGone);
    // Settings changed by any client (berthctl update-cloud, another window)
    // are taken up at once: the provisioner starts again on them.
    connect(m_watcher, &ModelWatcher::cloudsChanged, this, &MainWindow::reloadClouds,
            Qt::QueuedConnection);
    m_watchThread = std::make_unique<WorkerThread>(QStringLiteral("berth-model-watcher"), m_watcher,
                                                   &ModelWatcher::start);

    QSettings settings;
    setStaging(settings.value(QStringLiteral("changes/stage"), true).toBool());
    resize(1200, 760);
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    reloadModelList();
    openModel(model);
    if (provisions()) {
        for (const QString &name : std::as_const(m_options.provisionedModels)) {
            if (m_modelBox->findData(name) >= 0)
                m_provisioning->start(name);
        }
    }
    // Not the model box: an arrow key there would switch models.
    m_applicationView->setFocus();
}

MainWindow::~MainWindow()
{
    m_provisioning->pause();
    m_watchThread.reset();
}

void MainWindow::reloadModelList()
{
    try {
        const QSignalBlocker blocker(m_modelBox);
        m_modelBox->clear();
        int alive = 0;
        bool openDying = false;
        for (const ModelCommands::ModelSummary &m : ModelCommands(m_workspace).models()) {
            m_modelBox->addItem(m.dying ? tr("%1 (destroying)").arg(m.name) : m.name, m.name);
            alive += m.dying ? 0 : 1;
            openDying = openDying || (m.dying && m.name == m_model);
        }
        m_modelBox->setCurrentIndex(m_modelBox->findData(m_model));
        // The window always shows a model: the last one is not offered.
        m_destroyModelAction->setEnabled(alive > 1 && !openDying);
        m_destroyModelAction->setToolTip(
            alive > 1 ? tr("Remove this model and stop its instances")
                      : tr("The only model cannot be destroyed here: add another one first"));
    } catch (const BerthError &error) {
        reportError(error.message());
    }
}

void MainWindow::openModel(const QString &name)
{
    m_model = name;
    m_undo->clear();
    m_changeSet->setModel(name);
    m_modelBox->setCurrentIndex(m_modelBox->findData(name));
    setWindowTitle(m_workspace.store().isReadOnly() ? tr("%1 (read-only store) — Berth").arg(name)
                                                    : tr("%1 — Berth").arg(name));
    QSettings().setValue(QStringLiteral("window/lastModel"), name);
    QMetaObject::invokeMethod(
        m_watcher, [watcher = m_watcher, name] { watcher->watch(name); }, Qt::QueuedConnection);
    showProvisioningState();
}

void MainWindow::addModel()
{
    AddModelDialog dialog(m_workspace, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    for (const QString &line : dialog.commandResult().messages)
        log(line);
    reloadModelList();
    openModel(dialog.name->text().trimmed());
}

void MainWindow::editModelSettings()
{
    try {
        ModelSettingsDialog dialog(m_workspace, m_model, this);
        if (dialog.exec() == QDialog::Accepted) {
            for (const QString &line : dialog.commandResult().messages)
                log(line);
        }
    } catch (const BerthError &error) {
        reportError(error.message());
    }
}

void MainWindow::destroyModel()
{
    const QString name = m_model;
    try {
        ModelCommands commands(m_workspace);
        const ModelCommands::DestroyPlan plan = commands.destroyPlan(name);
        if (!m_confirm(tr("Destroy model %1").arg(name),
                       plan.describe(name) + QStringLiteral("\n\n") +
                           tr("This cannot be undone. Destroy it?")))
            return;
        const CommandResult result = commands.destroyModel(name, true);
        for (const QString &line : result.messages)
            log(line);
        reloadModelList();
        const bool gone = !m_workspace.store().read(
            [&](SqlSession &sql) { return ModelTx::findModel(sql, name).has_value(); });
        if (gone)
            modelGone(name);
        else if (provisions()) // a dying model's provisioner only stops instances
            m_provisioning->start(name);
        else
            log(tr("model %1 waits for a provisioner to stop its instances (berthctl provision)")
                    .arg(name));
    } catch (const BerthError &error) {
        reportError(error.message());
    }
}

void MainWindow::modelGone(const QString &name)
{
    if (name != m_model)
        return; // already left
    log(tr("model %1 is destroyed").arg(name));
    try {
        const QString next = ModelCommands(m_workspace).modelToOpen({});
        reloadModelList();
        openModel(next);
    } catch (const BerthError &error) {
        reportError(error.message());
    }
}

void MainWindow::editAccounts()
{
    if (!m_options.types || !m_options.secrets)
        return;
    AccountsDialog dialog(m_workspace.store(), *m_options.types, *m_options.secrets, this);
    bool changed = false;
    connect(&dialog, &AccountsDialog::accountsChanged, this, [&changed] { changed = true; });
    dialog.exec();
    if (changed)
        reloadClouds();
}

void MainWindow::reloadClouds()
{
    if (!m_options.reloadClouds)
        return;
    m_provisioning->pause();
    QMetaObject::invokeMethod(m_watcher, &ModelWatcher::pause, Qt::BlockingQueuedConnection);
    try {
        m_options.reloadClouds();
        log(tr("provider accounts reloaded"));
    } catch (const BerthError &error) {
        reportError(error.message());
    }
    QMetaObject::invokeMethod(m_watcher, &ModelWatcher::resume, Qt::QueuedConnection);
    m_provisioning->resume();
}

void MainWindow::applySnapshot(const ModelSnapshot &snapshot)
{
    if (snapshot.model.name != m_model)
        return; // an answer for the model shown before
    if (snapshot.planned.changes > 0 && m_snapshot.planned.changes == 0)
        m_changeSet->parentWidget()->raise(); // changes were staged: show them
    if (snapshot.planned.changes > 0 || !m_changeSet->preview().items.isEmpty())
        m_changeSet->refresh();
    m_snapshotIndex.reset();
    m_snapshot = snapshot;
    showProvisioningState();
    m_header->setText(
        snapshot.model.dying
            ? tr("Model <b>%1</b> is being destroyed: its machines go as their instances stop")
                  .arg(snapshot.model.name)
            : tr("Model <b>%1</b> on %2/%3 · constraints: %4")
                  .arg(snapshot.model.name, snapshot.model.cloud, snapshot.model.region,
                       snapshot.model.constraints.isEmpty()
                           ? tr("none")
                           : snapshot.model.constraints.toString()));
    const bool first = m_applications->rowCount() == 0 && m_machines->rowCount() == 0;
    m_applications->setSnapshot(snapshot);
    m_machines->setSnapshot(snapshot);
    if (const CloudInfo *cloud = m_workspace.clouds().find(snapshot.model.cloud))
        m_zoneChart->setSnapshot(snapshot, *cloud);
    if (first) {
        m_applicationView->expandAll();
        if (!m_columnsRestored) {
            for (int c = 0; c < ApplicationsModel::ColumnCount; ++c)
                m_applicationView->resizeColumnToContents(c);
            m_machineTree->header()->resizeSections(QHeaderView::ResizeToContents);
        }
        m_machineView->fitColumns();
        if (selectedApplication().isEmpty()) {
            for (const ApplicationRecord &a : snapshot.applications) {
                if (!a.subordinate) {
                    selectApplication(a.name);
                    break;
                }
            }
        }
    }
    showSelectedApplication();
    m_actions->updateEnabled(); // what the selection allows may have changed
    if (!m_applicationView->currentIndex().isValid() && !m_machineTree->currentIndex().isValid())
        showEmptyState();
    statusBar()->showMessage(tr("%n machine(s)", nullptr, int(snapshot.machines.size())));
    if (!m_detailsMachine.isEmpty()) {
        // Read its history again only when the machine moved on (every move
        // changes its record), not on every snapshot.
        const MachineRecord *now = snapshotIndex().machine(m_detailsMachine);
        if (!now || !m_detailsRecord || !(*now == *m_detailsRecord)) {
            m_detailsRecord = now ? std::optional(*now) : std::nullopt;
            showStatusLog();
        }
    }
    ++m_snapshots;
    emit snapshotApplied();
}

const SnapshotIndex &MainWindow::snapshotIndex()
{
    if (!m_snapshotIndex)
        m_snapshotIndex.emplace(m_snapshot);
    return *m_snapshotIndex;
}

QString MainWindow::selectedApplication() const
{
    QModelIndex index = m_applicationView->currentIndex();
    if (!index.isValid())
        return {};
    if (index.parent().isValid())
        index = index.parent(); // a unit: its application
    const QModelIndex source = m_applicationFilter->mapToSource(index);
    const ApplicationRecord *app = m_applications->applicationAt(source.siblingAtColumn(0));
    return app && !app->subordinate ? app->name : QString();
}

void MainWindow::selectApplication(const QString &name)
{
    for (int row = 0; row < m_applicationFilter->rowCount(); ++row) {
        const QModelIndex index = m_applicationFilter->index(row, 0);
        if (index.data(ItemRoles::NameRole).toString() == name) {
            m_applicationView->setCurrentIndex(index);
            return;
        }
    }
}

void MainWindow::showSelectedApplication()
{
    const QString app = selectedApplication();
    m_policyAction->setEnabled(!app.isEmpty());
    m_constraintsAction->setEnabled(!app.isEmpty());
    m_addUnitAction->setEnabled(!app.isEmpty());
    if (app.isEmpty()) {
        m_chart->clear();
        return;
    }
    const CloudInfo *cloud = m_workspace.clouds().find(m_snapshot.model.cloud);
    if (!cloud || m_snapshot.model.name != m_model) {
        m_chart->clear(); // the model's first snapshot is on its way
        return;
    }
    try {
        // From the snapshot shown: no store read on the window's thread.
        m_chart->setReport(ScalingCommands::report(snapshotIndex(), m_snapshot, *cloud, app));
    } catch (const BerthError &error) {
        m_chart->clear();
        reportError(error.message());
    }
}

void MainWindow::showEmptyState()
{
    m_details->clear();
    if (!m_snapshot.applications.isEmpty() || !m_snapshot.machines.isEmpty())
        return;
    const auto keys = [](const QAction *action) {
        return action->shortcut().toString(QKeySequence::NativeText).toHtmlEscaped();
    };
    m_details->setHtml(
        tr("<h3>This model is empty</h3><p>Deploy an application with <b>Model &#9656; "
           "Deploy…</b> (%1), or add machines with <b>Model &#9656; Add machine…</b> (%2). "
           "From a terminal: <code>berthctl deploy mysql</code>.</p><p>What you change waits "
           "in the <b>Change set</b> below until you commit it (<b>Edit &#9656; Stage "
           "changes</b>).</p>")
            .arg(keys(m_deployAction), keys(m_addMachineAction)));
}

void MainWindow::showDetails()
{
    const QTreeView *view = qobject_cast<QTreeView *>(
        sender() == m_machineTree->selectionModel() ? m_machineTree : m_applicationView);
    const QModelIndex index = view->currentIndex();
    m_detailsMachine.clear();
    if (!index.isValid()) {
        showEmptyState();
        return;
    }
    QString html = QStringLiteral("<table>");
    const QAbstractItemModel *model = view->model();
    for (int c = 0; c < model->columnCount(index.parent()); ++c) {
        const QString value = index.siblingAtColumn(c).data().toString();
        if (value.isEmpty())
            continue;
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                    .arg(model->headerData(c, Qt::Horizontal).toString().toHtmlEscaped(),
                         value.toHtmlEscaped());
    }
    m_detailsHtml = html + QStringLiteral("</table>");
    m_details->setHtml(m_detailsHtml);
    if (view == m_machineTree) {
        const QModelIndex source = m_machineFilter->mapToSource(index.siblingAtColumn(0));
        if (const MachineRecord *m = m_machines->machineAt(source)) {
            m_detailsMachine = m->name;
            m_detailsRecord = *m;
            showStatusLog();
        }
    }
}

void MainWindow::showStatusLog()
{
    // Read on a connection of its own, off the window's thread; an answer for
    // a machine no longer shown is dropped.
    const QString machine = m_detailsMachine;
    const QString location = m_options.storeLocation;
    const QString model = m_model;
    struct Read
    {
        QList<StatusLogEntry> log;
        QString error;
    };
    runInBackground(
        this,
        // A copy of the registry: the window may reload its own meanwhile.
        [location, model, machine, clouds = m_workspace.clouds()] {
            try {
                Store store(location);
                Workspace ws(store, clouds);
                return Read{MachineCommands(ws).statusLog(model, machine), {}};
            } catch (const BerthError &error) {
                return Read{{}, error.message()};
            }
        },
        [this, machine](const Read &read) {
            if (machine != m_detailsMachine)
                return;
            QString html =
                m_detailsHtml +
                QStringLiteral("<p><b>%1</b></p>").arg(tr("Status history").toHtmlEscaped());
            if (!read.error.isEmpty())
                html += QStringLiteral("<p>%1</p>").arg(read.error.toHtmlEscaped());
            else if (read.log.isEmpty())
                html += QStringLiteral("<p>%1</p>")
                            .arg(tr("Nothing has happened yet.").toHtmlEscaped());
            html += QStringLiteral("<table>");
            for (const StatusLogEntry &e : read.log) {
                const QString time =
                    QLocale().toString(QDateTime::fromMSecsSinceEpoch(e.at), QLocale::ShortFormat);
                html += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td></tr>")
                            .arg(time.toHtmlEscaped(),
                                 MachineState::label(e.state.status).toHtmlEscaped(),
                                 MachineState::label(e.state.instance).toHtmlEscaped(),
                                 e.message.toHtmlEscaped());
            }
            m_details->setHtml(html + QStringLiteral("</table>"));
            emit statusLogShown(machine);
        });
}

void MainWindow::place(const QStringList &units, const QString &directive)
{
    const auto report = [this](const QString &message) { reportError(message); };
    if (m_staging) {
        // One change a unit: each can be taken out of the change set alone.
        QList<ModelChange> changes;
        for (const QString &unit : units)
            changes << ModelChange::placeUnits({unit}, directive);
        const QString where = directive.isEmpty() ? tr("new machines") : directive;
        m_undo->push(new StageChangesCommand(
            m_workspace, m_model, changes,
            tr("place %1 on %2").arg(units.join(QStringLiteral(", ")), where), report));
    } else {
        m_undo->push(new PlaceUnitsCommand(m_workspace, m_model, units, directive, report));
    }
    QMetaObject::invokeMethod(m_watcher, &ModelWatcher::refresh, Qt::QueuedConnection);
}

void MainWindow::log(const QString &line)
{
    m_log->appendPlainText(QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss ")) +
                           line);
}

void MainWindow::reportError(const QString &message)
{
    statusBar()->showMessage(message, 8000);
    if (m_storeLost)
        return; // said once; every read and write fails the same way now
    log(message);
    if (Store::isDetached(m_options.storeLocation))
        storeLost();
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
            showSelectedApplication();
        }
    } catch (const BerthError &error) {
        QMessageBox::warning(this, tr("Placement policy"), error.message());
    }
}

void MainWindow::filterRows(const std::function<void()> &change, bool active)
{
    // The rows the user had open are remembered while a filter is on, and
    // opened again when it is cleared.
    const auto expandedOf = [](QTreeView *tree) {
        QSet<QString> names;
        const QAbstractItemModel *model = tree->model();
        for (int row = 0; row < model->rowCount(); ++row) {
            const QModelIndex index = model->index(row, 0);
            if (tree->isExpanded(index))
                names.insert(index.data(ItemRoles::NameRole).toString());
        }
        return names;
    };
    if (active && !m_filtering) {
        m_expandedApplications = expandedOf(m_applicationView);
        m_expandedMachines = expandedOf(m_machineTree);
    }
    change();
    if (active) {
        // A match inside a collapsed row would be hidden: every parent shown opens.
        m_applicationView->expandAll();
        m_machineTree->expandAll();
    } else if (m_filtering) {
        for (auto [tree, names] : {std::pair{m_applicationView, &m_expandedApplications},
                                   std::pair{m_machineTree, &m_expandedMachines}}) {
            const QAbstractItemModel *model = tree->model();
            for (int row = 0; row < model->rowCount(); ++row) {
                const QModelIndex index = model->index(row, 0);
                tree->setExpanded(index,
                                  names->contains(index.data(ItemRoles::NameRole).toString()));
            }
        }
    }
    m_filtering = active;
}

void MainWindow::selectUnits(const QStringList &units)
{
    QItemSelection selection;
    const QAbstractItemModel *model = m_applicationView->model();
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex app = model->index(row, 0);
        for (int child = 0; child < model->rowCount(app); ++child) {
            const QModelIndex unit = model->index(child, 0, app);
            if (units.contains(unit.data(ItemRoles::NameRole).toString())) {
                selection.select(unit, unit.siblingAtColumn(model->columnCount(app) - 1));
                m_applicationView->expand(app);
            }
        }
    }
    m_applicationView->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
}

QStringList MainWindow::selectedNames(QTreeView *tree, bool children) const
{
    QStringList names;
    for (const QModelIndex &index : tree->selectionModel()->selectedRows()) {
        if (index.parent().isValid() == children)
            names << index.data(ItemRoles::NameRole).toString();
    }
    return names;
}

void MainWindow::showContextMenu(QTreeView *tree, const QPoint &pos)
{
    const QModelIndex index = tree->indexAt(pos);
    if (!index.isValid())
        return;
    m_actions->updateEnabled();
    QMenu menu(this);
    if (tree == m_applicationView) {
        if (index.parent().isValid()) {
            menu.addAction(m_actions->placeOn());
            menu.addAction(m_actions->removeUnits());
        } else {
            menu.addAction(m_addUnitAction);
            menu.addAction(m_constraintsAction);
            menu.addAction(m_policyAction);
            menu.addAction(m_actions->relate());
            menu.addSeparator();
            menu.addAction(m_actions->removeRelation());
            menu.addAction(m_actions->removeApplications());
        }
    } else {
        menu.addAction(m_retryAction);
        menu.addSeparator();
        menu.addAction(m_actions->removeMachines());
    }
    menu.addSeparator();
    menu.addAction(tr("Show &details"), this, [this] { m_details->setFocus(); });
    emit contextMenuShown(&menu);
    menu.exec(tree->viewport()->mapToGlobal(pos));
}

void MainWindow::submit(const QList<ModelChange> &changes, const QString &text)
{
    const auto report = [this](const QString &message) { reportError(message); };
    if (m_staging) {
        m_undo->push(new StageChangesCommand(m_workspace, m_model, changes, text, report));
    } else {
        for (const ModelChange &change : changes) {
            try {
                const CommandResult result = change.apply(m_workspace, m_model);
                for (const QString &line : result.warnings + result.messages)
                    log(line);
            } catch (const BerthError &error) {
                report(error.message());
                break;
            }
        }
    }
    QMetaObject::invokeMethod(m_watcher, &ModelWatcher::refresh, Qt::QueuedConnection);
}

void MainWindow::setStaging(bool staging)
{
    m_staging = staging;
    if (m_stagingAction)
        m_stagingAction->setChecked(staging);
    QSettings().setValue(QStringLiteral("changes/stage"), staging);
}

void MainWindow::runDialog(CommandDialog &dialog)
{
    dialog.setStaging(m_staging);
    // What the dialog stages is undone like the window's own changes.
    dialog.setOnStaged([this](const ModelChange &change, const QList<qint64> &ids) {
        m_undo->push(new StageChangesCommand(
            m_workspace, m_model, {change}, change.description(),
            [this](const QString &message) { reportError(message); }, ids));
    });
    if (dialog.exec() != QDialog::Accepted)
        return;
    const CommandResult &result = dialog.commandResult();
    for (const QString &line : result.warnings + result.messages)
        log(line);
    statusBar()->showMessage(result.messages.join(QStringLiteral("; ")), 8000);
    QMetaObject::invokeMethod(m_watcher, &ModelWatcher::refresh, Qt::QueuedConnection);
}

void MainWindow::editConstraints(const QString &application)
{
    try {
        ConstraintEditorDialog dialog(m_workspace, m_model, application, this);
        if (dialog.exec() != QDialog::Accepted ||
            dialog.constraints() == dialog.initialConstraints())
            return;
        const auto report = [this](const QString &message) { reportError(message); };
        if (m_staging) {
            m_undo->push(new StageChangesCommand(
                m_workspace, m_model,
                {ModelChange::setConstraints(application, dialog.constraints())},
                application.isEmpty() ? tr("model constraints")
                                      : tr("constraints of %1").arg(application),
                report));
        } else {
            m_undo->push(new SetConstraintsCommand(m_workspace, m_model, application,
                                                   dialog.initialConstraints(),
                                                   dialog.constraints(), report));
        }
    } catch (const BerthError &error) {
        QMessageBox::warning(this, tr("Constraints"), error.message());
    }
}

void MainWindow::exportChart()
{
    ChartExport::askAndWrite(this, m_zoneChart->plot());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/applicationColumns"),
                      m_applicationView->header()->saveState());
    settings.setValue(QStringLiteral("window/machineColumns"),
                      m_machineTree->header()->saveState());
    QMainWindow::closeEvent(event);
}

} // namespace berth
