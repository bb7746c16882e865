#include "ui/mainwindow.h"

#include "core/bertherror.h"
#include "core/commands/applicationcommands.h"
#include "core/commands/changeset.h"
#include "core/commands/machinecommands.h"
#include "core/commands/modelcommands.h"
#include "core/commands/scalingcommands.h"
#include "core/placement/placementrules.h"
#include "core/placement/spread/spreadstate.h"
#include "core/provisioning/provisionerworker.h"
#include "core/store/modelrows.h"
#include "core/store/storeerror.h"
#include "core/store/workspace.h"
#include "ui/accountsdialog.h"
#include "ui/applicationsmodel.h"
#include "ui/auditpanel.h"
#include "ui/changesetpanel.h"
#include "ui/changesubmitter.h"
#include "ui/chartexport.h"
#include "ui/constrainteditordialog.h"
#include "ui/detailspane.h"
#include "ui/dialogfields.h"
#include "ui/machinesmodel.h"
#include "ui/machineview.h"
#include "ui/modelactions.h"
#include "ui/modeldialogs.h"
#include "ui/modelsession.h"
#include "ui/overviewpage.h"
#include "ui/policyeditordialog.h"
#include "ui/provisioningscope.h"
#include "ui/regionchart.h"
#include "ui/relationsview.h"
#include "ui/searchpanel.h"
#include "ui/zonechart.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QSettings>
#include <QStatusBar>
#include <QTextBrowser>
#include <QTimer>
#include <QToolBar>
#include <QTreeView>
#include <QUndoStack>

namespace berth {

MainWindow::MainWindow(Workspace &workspace, const QString &model, const Options &options,
                       QWidget *parent)
    : QMainWindow(parent)
    , m_workspace(workspace)
    , m_model(model)
    , m_options(options)
    , m_applications(new ApplicationsModel(this))
    , m_machines(new MachinesModel(this))
    , m_submitter(new ChangeSubmitter(workspace, this))
{
    setAcceptDrops(true); // a bundle file dropped on the window is imported
    setWindowIcon(QIcon(QStringLiteral(":/berth/icons/berth.svg")));
    QCheckBox *problems = nullptr;
    QToolBar *bar = buildModelBar(problems);
    buildViews();
    const auto [logDock, changeDock] = buildDocks();
    buildStatusBar();
    buildActions();
    buildMenus();
    buildViewMenu(bar, logDock, changeDock);
    connectViews(problems);
    startWatcher();

    QSettings settings;
    setStaging(settings.value(QStringLiteral("changes/stage"), true).toBool());
    DialogFields::resizeWithinScreen(this, {1200, 760});
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    m_saveState = new QTimer(this);
    m_saveState->setSingleShot(true);
    m_saveState->setInterval(500);
    connect(m_saveState, &QTimer::timeout, this, &MainWindow::saveWindowState);
    reloadModelList();
    openModel(model);
    if (provisions()) {
        for (const QString &name : std::as_const(m_options.provisionedModels)) {
            if (m_modelBox->findData(name) >= 0)
                m_provisioning->start(name);
        }
    }
    // Not the model box: an arrow key there would switch models.
    m_overview->applicationView()->setFocus();
}

MainWindow::~MainWindow()
{
    m_provisioning->pause();
    m_session.reset();
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
    m_submitter->setModel(name);
    m_overview->details()->setModel(name);
    m_changeSet->setModel(name);
    m_history->setModel(name);
    m_modelBox->setCurrentIndex(m_modelBox->findData(name));
    setWindowTitle(m_workspace.store().isReadOnly() ? tr("%1 (read-only store) — Berth").arg(name)
                                                    : tr("%1 — Berth").arg(name));
    QSettings().setValue(QStringLiteral("window/lastModel"), name);
    // A large model takes a moment to read: say so until its rows are in.
    m_overview->header()->setText(tr("Reading model <b>%1</b>…").arg(name.toHtmlEscaped()));
    statusBar()->showMessage(tr("Reading model %1…").arg(name));
    m_session->watch(name);
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
            [&](SqlSession &sql) { return ModelRows(sql).find(name).has_value(); });
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
    m_session->pause(true);
    try {
        m_options.reloadClouds();
        m_spreadState.reset(); // zones may have failed or recovered
        log(tr("provider accounts reloaded"));
    } catch (const BerthError &error) {
        reportError(error.message());
    }
    m_session->resume();
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
    // The model changed (a commit here or by another client): its history grew.
    if (m_snapshot.model.name == snapshot.model.name)
        m_history->refresh();
    m_snapshotIndex.reset();
    m_spreadState.reset();
    m_snapshot = snapshot;
    showProvisioningState();
    m_overview->header()->setText(
        snapshot.model.dying
            ? tr("Model <b>%1</b> is being destroyed: its machines go as their instances stop")
                  .arg(snapshot.model.name)
            : tr("Model <b>%1</b> on %2/%3 · constraints: %4")
                  .arg(snapshot.model.name, snapshot.model.cloud, snapshot.model.region,
                       snapshot.model.constraints.isEmpty()
                           ? tr("none")
                           : snapshot.model.constraints.toString()));
    const bool first = m_applications->rowCount() == 0 && m_machines->rowCount() == 0;
    const CloudInfo *cloud = m_workspace.clouds().find(snapshot.model.cloud);
    m_applications->setSnapshot(snapshot, cloud);
    m_machines->setSnapshot(snapshot);
    m_relations->setSnapshot(snapshot);
    if (cloud)
        m_zoneChart->setSnapshot(snapshot, *cloud);
    if (first) {
        m_overview->firstSnapshotShown();
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
    m_overview->snapshotShown();
    showSelectedApplication();
    m_actions->updateEnabled(); // what the selection allows may have changed
    if (!m_overview->hasCurrentRow())
        showEmptyState();
    statusBar()->showMessage(tr("%n machine(s)", nullptr, int(snapshot.machines.size())));
    m_overview->details()->snapshotApplied(snapshotIndex());
    m_submitter->snapshotApplied(snapshotIndex());
    ++m_snapshots;
    if (m_found && m_found->model == snapshot.model.name)
        selectFound();
    emit snapshotApplied();
}

const SnapshotIndex &MainWindow::snapshotIndex() const
{
    if (!m_snapshotIndex)
        m_snapshotIndex.emplace(m_snapshot);
    return *m_snapshotIndex;
}

const SpreadState &MainWindow::spreadState() const
{
    if (!m_spreadState) {
        const CloudInfo *cloud = m_workspace.clouds().find(m_snapshot.model.cloud);
        m_spreadState.emplace(cloud ? SpreadState(m_snapshot, snapshotIndex(), *cloud)
                                    : SpreadState());
    }
    return *m_spreadState;
}

bool MainWindow::inMachineView() const
{
    return m_tabs->currentWidget() == m_machineView;
}

QString MainWindow::selectedApplication() const
{
    if (!inMachineView())
        return m_overview->selectedApplication();
    const QString app = m_machineView->currentApplication();
    const ApplicationRecord *record = app.isEmpty() ? nullptr : snapshotIndex().application(app);
    return record && !record->subordinate ? app : QString();
}

QStringList MainWindow::selectedUnits() const
{
    return inMachineView() ? m_machineView->selectedUnits() : m_overview->selectedUnits();
}

QStringList MainWindow::selectedApplications() const
{
    return inMachineView() ? m_machineView->selectedApplications()
                           : m_overview->selectedApplications();
}

QStringList MainWindow::selectedMachines() const
{
    return inMachineView() ? m_machineView->selectedMachines() : m_overview->selectedMachines();
}

void MainWindow::selectionChanged()
{
    showSelectedApplication();
    m_actions->updateEnabled();
}

void MainWindow::selectApplication(const QString &name)
{
    m_overview->selectApplication(name);
}

void MainWindow::showSelectedApplication()
{
    m_relations->setSelectedApplication(selectedApplications().value(0));
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
    const auto keys = [](const QAction *action) {
        return action->shortcut().toString(QKeySequence::NativeText);
    };
    m_overview->details()->showNothing(m_snapshot.applications.isEmpty() &&
                                           m_snapshot.machines.isEmpty(),
                                       keys(m_deployAction), keys(m_addMachineAction));
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
        dialog.setSubmitter(m_submitter);
        if (dialog.exec() == QDialog::Accepted) {
            statusBar()->showMessage(staging() ? tr("Policies of %1 staged.").arg(app)
                                               : tr("Policies of %1 saved.").arg(app),
                                     8000);
            showSelectedApplication();
        }
    } catch (const BerthError &error) {
        QMessageBox::warning(this, tr("Placement policy"), error.message());
    }
}

void MainWindow::autoPlace(const QStringList &units)
{
    if (units.isEmpty())
        return;
    const QStringList idle = PlacementRules::idleMachinesFor(m_snapshot, snapshotIndex(), units);
    // Every unit judged after the ones placed before it, as the store will.
    SpreadState::Judge judge(spreadState(), m_snapshot, snapshotIndex());
    QStringList fresh;
    QStringList kept; // why an idle machine was passed over
    for (qsizetype i = 0; i < units.size(); ++i) {
        // An idle machine whose zone would break a spread bound is passed
        // over: a new machine goes where the provisioner keeps the bound.
        const QString problem =
            idle.at(i).isEmpty() ? QString() : judge.place(units.at(i), idle.at(i));
        if (!problem.isEmpty())
            kept << tr("%1 not on machine %2 (%3): on a new machine instead")
                        .arg(units.at(i), idle.at(i), problem);
        if (idle.at(i).isEmpty() || !problem.isEmpty())
            fresh << units.at(i);
        else
            m_submitter->place({units.at(i)}, idle.at(i));
    }
    for (const QString &line : std::as_const(kept))
        log(line);
    if (!kept.isEmpty())
        statusBar()->showMessage(kept.first(), 8000);
    if (!fresh.isEmpty())
        m_submitter->place(fresh, QString());
}

void MainWindow::selectUnits(const QStringList &units)
{
    m_overview->selectUnits(units);
}

void MainWindow::showFound(const SearchHit &hit)
{
    m_found = hit;
    if (hit.model != m_model)
        openModel(hit.model); // selected once its snapshot is shown
    else if (m_snapshot.model.name == hit.model)
        selectFound();
}

void MainWindow::selectFound()
{
    const SearchHit hit = *std::exchange(m_found, std::nullopt);
    m_filter->clear(); // a filter could hide the row
    switch (hit.kind) {
    case SearchQuery::Kind::Machine:
        m_tabs->setCurrentWidget(m_machineView);
        m_machineView->selectMachine(hit.name);
        m_machineView->machineView()->setFocus();
        break;
    case SearchQuery::Kind::Application:
    case SearchQuery::Kind::Unit:
    case SearchQuery::Kind::Any:
        m_tabs->setCurrentWidget(m_overview);
        if (hit.kind == SearchQuery::Kind::Unit)
            selectUnits({hit.name});
        else
            selectApplication(hit.name);
        m_overview->applicationView()->setFocus();
        break;
    }
    statusBar()->showMessage(
        tr("%1 %2 of model %3").arg(SearchQuery::kindName(hit.kind), hit.name, hit.model), 5000);
}

void MainWindow::showContextMenu(QTreeView *tree, const QPoint &pos)
{
    const QModelIndex index = tree->indexAt(pos);
    m_actions->updateEnabled();
    QMenu menu(this);
    if (tree == m_overview->applicationView() || tree == m_machineView->unplacedView()) {
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
    menu.addAction(tr("Show &details"), this, [this] { m_overview->details()->setFocus(); });
    emit contextMenuShown(&menu);
    menu.exec(tree->viewport()->mapToGlobal(pos));
}

QTextBrowser *MainWindow::detailsPane() const
{
    return m_overview->details();
}

QTreeView *MainWindow::applicationView() const
{
    return m_overview->applicationView();
}

QTreeView *MainWindow::machineTree() const
{
    return m_overview->machineTree();
}

QUndoStack *MainWindow::undoStack() const
{
    return m_submitter->undoStack();
}

bool MainWindow::staging() const
{
    return m_submitter->staging();
}

void MainWindow::setStaging(bool staging)
{
    m_submitter->setStaging(staging);
    if (m_stagingAction)
        m_stagingAction->setChecked(staging);
    QSettings().setValue(QStringLiteral("changes/stage"), staging);
}

void MainWindow::runDialog(CommandDialog &dialog)
{
    dialog.setSubmitter(m_submitter);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const CommandResult &result = dialog.commandResult();
    for (const QString &line : result.warnings + result.messages)
        log(line);
    statusBar()->showMessage(result.messages.join(QStringLiteral("; ")), 8000);
    refreshModel(); // a dialog's command may change the model without the submitter (retry)
}

void MainWindow::refreshModel()
{
    m_session->refresh();
}

void MainWindow::editConstraints(const QString &application)
{
    try {
        // A staged application is edited as shown: the change waits behind its deploy.
        const ApplicationRecord *shown =
            application.isEmpty() ? nullptr : snapshotIndex().application(application);
        ConstraintEditorDialog dialog(m_workspace, m_model, application, this,
                                      shown ? std::optional(shown->constraints) : std::nullopt);
        if (dialog.exec() != QDialog::Accepted ||
            dialog.constraints() == dialog.initialConstraints())
            return;
        m_submitter->setConstraints(application, dialog.initialConstraints(), dialog.constraints());
    } catch (const BerthError &error) {
        QMessageBox::warning(this, tr("Constraints"), error.message());
    }
}

void MainWindow::exportChart()
{
    ChartExport::askAndWrite(this, m_zoneChart->plot());
}

void MainWindow::saveWindowState()
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
}

void MainWindow::resizeEvent(QResizeEvent *event)
{
    QMainWindow::resizeEvent(event);
    if (m_saveState && isVisible())
        m_saveState->start();
}

void MainWindow::moveEvent(QMoveEvent *event)
{
    QMainWindow::moveEvent(event);
    if (m_saveState && isVisible())
        m_saveState->start();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveWindowState();
    m_overview->saveColumns();
    QMainWindow::closeEvent(event);
}

} // namespace berth
