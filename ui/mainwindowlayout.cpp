// How the main window is put together: its toolbar, views, docks, status
// bar, actions and the model watcher, each built by a function of its own
// and called in order by the constructor (mainwindow.cpp).
#include "ui/mainwindow.h"

#include "core/bertherror.h"
#include "core/placement/placementrules.h"
#include "core/placement/spread/spreadstate.h"
#include "core/store/storeerror.h"
#include "core/store/workspace.h"
#include "ui/applicationsmodel.h"
#include "ui/auditpanel.h"
#include "ui/changesetpanel.h"
#include "ui/changesubmitter.h"
#include "ui/detailspane.h"
#include "ui/machinesmodel.h"
#include "ui/machineview.h"
#include "ui/modelactions.h"
#include "ui/modelsession.h"
#include "ui/overviewpage.h"
#include "ui/placeondialog.h"
#include "ui/provisioningscope.h"
#include "ui/regionchart.h"
#include "ui/relatedialog.h"
#include "ui/relationsview.h"
#include "ui/searchpanel.h"
#include "ui/zonechart.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>

namespace berth {

QToolBar *MainWindow::buildModelBar(QCheckBox *&problems)
{
    QToolBar *bar = addToolBar(tr("Model"));
    bar->setObjectName(QStringLiteral("modelToolBar"));
    bar->addWidget(new QLabel(tr("Model: "), bar));
    m_modelBox = new QComboBox(bar);
    m_modelBox->setMinimumContentsLength(12);
    m_modelBox->setAccessibleName(tr("Model shown"));
    bar->addWidget(m_modelBox);
    bar->addSeparator();
    m_filter = new QLineEdit(bar);
    m_filter->setPlaceholderText(tr("Filter (name, zone, status, …)"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setAccessibleName(tr("Filter the rows"));
    bar->addWidget(m_filter);
    problems = new QCheckBox(tr("Problems only"), bar);
    bar->addWidget(problems);
    return bar;
}

void MainWindow::buildViews()
{
    // Overview: applications and machines side by side, details below.
    auto *tabs = m_tabs = new QTabWidget(this);
    m_overview = new OverviewPage(
        m_applications, m_machines, m_options.storeLocation,
        [this]() -> const CloudRegistry & { return m_workspace.clouds(); }, tabs);
    connect(m_overview->details(), &DetailsPane::statusLogShown, this, &MainWindow::statusLogShown);
    tabs->addTab(m_overview, tr("&Overview"));

    m_machineView = new MachineView(m_applications, m_machines, tabs);
    m_machineView->setChecker([this](const QStringList &units, const QString &machine) {
        return placementProblem(units, machine);
    });
    connect(m_machineView, &MachineView::placeRequested, m_submitter, &ChangeSubmitter::place);
    connect(m_machineView, &MachineView::autoPlaceRequested, this, &MainWindow::autoPlace);
    connect(m_machineView, &MachineView::refused, this,
            [this](const QString &reason) { statusBar()->showMessage(reason, 5000); });
    // Not Alt+M: that is the Model menu's.
    tabs->addTab(m_machineView, tr("Mach&ine view"));

    auto *charts = new QSplitter(Qt::Vertical, tabs);
    m_zoneChart = new ZoneChart(charts);
    m_chart = new RegionChart(charts);
    tabs->addTab(charts, tr("&Charts"));
    // A bar segment clicked: its units, selected in the overview.
    connect(m_zoneChart, &ZoneChart::segmentClicked, this,
            [this, tabs](const QString &application, const QString &zone) {
                QStringList units;
                for (const UnitRecord &u : std::as_const(m_snapshot.units)) {
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
    // Applications and their relations, laid out; relate by dragging.
    m_relations = new RelationsView(tabs);
    tabs->addTab(m_relations, tr("&Relations"));
    connect(m_relations, &RelationsView::applicationSelected, this,
            [this](const QString &name) { m_overview->selectApplication(name); });
    connect(m_relations, &RelationsView::relateRequested, this,
            [this](const QString &first, const QString &second) {
                m_actions->relatePair(first, second);
            });
    connect(m_relations, &RelationsView::removeRelationRequested, this,
            [this](const QString &first, const QString &second) {
                m_submitter->submit({ModelChange::removeRelation(first, second)},
                                    tr("remove the relation between %1 and %2").arg(first, second));
            });
    setCentralWidget(tabs);
}

std::pair<QDockWidget *, QDockWidget *> MainWindow::buildDocks()
{
    // Provisioning log, dockable.
    auto *dock = new QDockWidget(tr("Provisioning log"), this);
    dock->setObjectName(QStringLiteral("provisioningLog"));
    m_log = new QPlainTextEdit(dock);
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(5000);
    m_log->setAccessibleName(tr("Provisioning log"));
    dock->setWidget(m_log);
    addDockWidget(Qt::BottomDockWidgetArea, dock);
    // The change set, dockable beside the views.
    auto *changeDock = new QDockWidget(tr("Change set"), this);
    changeDock->setObjectName(QStringLiteral("changeSet"));
    m_changeSet = new ChangeSetPanel(m_workspace, m_options.storeLocation, changeDock);
    changeDock->setWidget(m_changeSet);
    addDockWidget(Qt::BottomDockWidgetArea, changeDock);
    tabifyDockWidget(dock, changeDock); // along the bottom, beside the log
    connect(m_changeSet, &ChangeSetPanel::committed, this,
            [this](const CommandResult &result, const QList<ModelChange> &applied) {
                for (const QString &line : result.warnings + result.messages)
                    log(line);
                statusBar()->showMessage(result.messages.constLast(), 8000);
                m_submitter->committed(applied);
            });
    connect(m_changeSet, &ChangeSetPanel::failed, this, &MainWindow::reportError);
    // Who changed the model, when and from where: beside the change set.
    auto *historyDock = new QDockWidget(tr("History"), this);
    historyDock->setObjectName(QStringLiteral("history"));
    m_history = new AuditPanel(m_options.storeLocation, historyDock);
    historyDock->setWidget(m_history);
    addDockWidget(Qt::BottomDockWidgetArea, historyDock);
    tabifyDockWidget(changeDock, historyDock);
    // One search over every model in the store, beside the history.
    auto *searchDock = new QDockWidget(tr("Search"), this);
    searchDock->setObjectName(QStringLiteral("search"));
    m_search = new SearchPanel(m_options.storeLocation, searchDock);
    searchDock->setWidget(m_search);
    addDockWidget(Qt::BottomDockWidgetArea, searchDock);
    tabifyDockWidget(historyDock, searchDock);
    connect(m_search, &SearchPanel::activated, this, &MainWindow::showFound);
    dock->raise();
    return {dock, changeDock};
}

void MainWindow::buildStatusBar()
{
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
    connectProvisioningNews();
    connect(m_provisioning, &ProvisioningScope::modelDestroyed, this, &MainWindow::modelGone);
    connect(m_provisioning, &ProvisioningScope::changed, this, &MainWindow::provisioningChanged);
}

void MainWindow::buildActions()
{
    // Operations on the selected rows, from the menus and the rows' context menus.
    m_confirm = [this](const QString &title, const QString &question) {
        return QMessageBox::question(this, title, question) == QMessageBox::Yes;
    };
    m_chooseTarget = [this](const QStringList &units) -> std::optional<QString> {
        PlaceOnDialog dialog(
            m_snapshot, units,
            [this](const QStringList &u, const QString &machine) {
                return placementProblem(u, machine);
            },
            this);
        dialog.exec();
        return dialog.target();
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
    host.selectedUnits = [this] { return selectedUnits(); };
    host.selectedApplications = [this] { return selectedApplications(); };
    host.selectedMachines = [this] { return selectedMachines(); };
    host.submit = [this](const QList<ModelChange> &changes, const QString &text) {
        m_submitter->submit(changes, text);
    };
    host.confirm = [this](const QString &title, const QString &question) {
        return m_confirm(title, question);
    };
    host.chooseTarget = [this](const QStringList &units) { return m_chooseTarget(units); };
    host.chooseItem = [this](const QString &title, const QString &label, const QStringList &items) {
        return m_chooseItem(title, label, items);
    };
    m_chooseEndpoints =
        [this](const QString &first, const QStringList &firstKnown, const QString &second,
               const QStringList &secondKnown) -> std::optional<std::pair<QString, QString>> {
        RelateDialog dialog(first, firstKnown, second, secondKnown, this);
        if (dialog.exec() != QDialog::Accepted)
            return std::nullopt;
        return dialog.sides();
    };
    host.chooseEndpoints = [this](const QString &first, const QStringList &firstKnown,
                                  const QString &second, const QStringList &secondKnown) {
        return m_chooseEndpoints(first, firstKnown, second, secondKnown);
    };
    m_actions = new ModelActions(std::move(host), this);
    // The keys act on the view that has the focus: units where units are
    // listed (the Overview's and the Machine view's), machines where machines are.
    for (QAction *action : {m_actions->removeUnits(), m_actions->placeOn()}) {
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        m_overview->applicationView()->addAction(action);
        m_machineView->unplacedView()->addAction(action);
    }
    m_actions->removeMachines()->setShortcut(QKeySequence::Delete);
    m_actions->removeMachines()->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_overview->machineTree()->addAction(m_actions->removeMachines());
    m_machineView->machineView()->addAction(m_actions->removeMachines());
    m_machineView->containerView()->addAction(m_actions->removeMachines());
    connect(m_overview, &OverviewPage::contextMenuRequested, this, &MainWindow::showContextMenu);
    for (QTreeView *tree :
         {m_machineView->unplacedView(), static_cast<QTreeView *>(m_machineView->machineView()),
          static_cast<QTreeView *>(m_machineView->containerView())}) {
        tree->setContextMenuPolicy(Qt::CustomContextMenu);
        connect(tree, &QWidget::customContextMenuRequested, this, [this, tree](const QPoint &pos) {
            if (tree->indexAt(pos).isValid())
                showContextMenu(tree, pos);
        });
    }
}

QString MainWindow::placementProblem(const QStringList &units, const QString &machine) const
{
    try {
        if (m_workspace.store().isReadOnly()) // nothing may be placed: say so while dragging
            throw StoreError::readOnly(m_workspace.store().displayLocation());
        // On the snapshot shown: no store read while dragging.
        if (machine.startsWith(QStringLiteral("lxd:"))) { // a new container on a host
            if (QString problem =
                    PlacementRules::containerProblem(snapshotIndex(), units, machine.mid(4));
                !problem.isEmpty())
                return problem;
            return spreadProblem(units, machine.mid(4)); // in its host's domains
        }
        if (QString problem = PlacementRules::placementProblem(snapshotIndex(), units, machine);
            !problem.isEmpty())
            return problem;
        return spreadProblem(units, machine);
    } catch (const BerthError &error) {
        return error.message();
    }
}

QString MainWindow::spreadProblem(const QStringList &units, const QString &machine) const
{
    try {
        return spreadState().problem(m_snapshot, snapshotIndex(), units, machine);
    } catch (const BerthError &error) {
        return error.message();
    }
}

void MainWindow::buildViewMenu(QToolBar *bar, QDockWidget *log, QDockWidget *changes)
{
    // View goes before Help, as desktop conventions have it.
    auto *view = new QMenu(tr("&View"), this);
    view->addAction(log->toggleViewAction());
    view->addAction(changes->toggleViewAction());
    view->addAction(static_cast<QDockWidget *>(m_history->parentWidget())->toggleViewAction());
    view->addAction(static_cast<QDockWidget *>(m_search->parentWidget())->toggleViewAction());
    view->addAction(bar->toggleViewAction());
    menuBar()->insertMenu(menuBar()->actions().constLast(), view);
    resizeDocks({log}, {190}, Qt::Vertical);
}

void MainWindow::connectViews(QCheckBox *problems)
{
    const auto filter = [this, problems] {
        m_overview->setFilter(m_filter->text(), problems->isChecked());
    };
    connect(m_filter, &QLineEdit::textChanged, this, filter);
    connect(problems, &QCheckBox::toggled, this, filter);
    connect(m_overview, &OverviewPage::selectionChanged, this, &MainWindow::selectionChanged);
    connect(m_machineView, &MachineView::selectionChanged, this, &MainWindow::selectionChanged);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::selectionChanged);
    connect(m_overview, &OverviewPage::nothingSelected, this, &MainWindow::showEmptyState);
    connect(m_modelBox, &QComboBox::activated, this,
            [this](int index) { openModel(m_modelBox->itemData(index).toString()); });
    connect(m_submitter, &ChangeSubmitter::logged, this, &MainWindow::log);
    connect(m_submitter, &ChangeSubmitter::failed, this, &MainWindow::reportError);
    connect(m_submitter, &ChangeSubmitter::submitted, this, &MainWindow::refreshModel);
}

void MainWindow::startWatcher()
{
    // The watcher reads the model on its own thread and connection.
    m_session = std::make_unique<ModelSession>(m_options.storeLocation, m_workspace.clouds(),
                                               m_options.watchIntervalMs);
    connect(m_session.get(), &ModelSession::snapshotReady, this, &MainWindow::applySnapshot);
    connect(m_session.get(), &ModelSession::failed, this, &MainWindow::reportError);
    connect(m_session.get(), &ModelSession::modelGone, this, &MainWindow::modelGone);
    // Settings changed by any client (berthctl update-cloud, another window)
    // are taken up at once: the provisioner starts again on them.
    connect(m_session.get(), &ModelSession::cloudsChanged, this, &MainWindow::reloadClouds,
            Qt::QueuedConnection);
}

} // namespace berth
