// The main window's menus and its actions toolbar: every command with its
// shortcut and tooltip, in one place.
#include "ui/mainwindow.h"

#include "ui/addmachinedialog.h"
#include "ui/addunitdialog.h"
#include "ui/changesetpanel.h"
#include "ui/changesubmitter.h"
#include "ui/commandbar.h"
#include "ui/deploydialog.h"
#include "ui/itemroles.h"
#include "ui/machineview.h"
#include "ui/modelactions.h"
#include "ui/openstoredialog.h"
#include "ui/overviewpage.h"
#include "ui/retrydialog.h"
#include "ui/searchpanel.h"

#include "core/cloud/providertypes.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>
#include <QToolButton>
#include <QTreeView>
#include <QUndoStack>

namespace berth {

namespace {

// The tooltip a toolbar shows: what the action does, and its keys.
void describe(QAction *action, const QString &what)
{
    const QString keys = action->shortcut().toString(QKeySequence::NativeText);
    action->setToolTip(keys.isEmpty() ? what : MainWindow::tr("%1 (%2)").arg(what, keys));
}

} // namespace

QString MainWindow::aboutText()
{
    return tr("<h3>Berth %1</h3><p>Keeps deployment models, places their units and provisions "
              "their machines.</p><p>Built with Qt %2, running on Qt %3.</p><p>Licensed under "
              "the GNU General Public License, version 3 or later; it comes with no "
              "warranty.</p>")
        .arg(QStringLiteral(BERTH_VERSION), QStringLiteral(QT_VERSION_STR),
             QString::fromLatin1(qVersion()));
}

void MainWindow::buildMenus()
{
    buildFileMenu();
    QAction *commit = buildEditMenu();
    buildModelMenu();
    QAction *autoPlace = buildApplicationMenu();
    buildHelpMenu();

    // The day's commands a click away, their keys in their tooltips.
    addToolBarBreak(); // below the model and the filter, which keep their width
    QToolBar *tools = addToolBar(tr("Actions"));
    tools->setObjectName(QStringLiteral("actionsToolBar"));
    tools->setToolButtonStyle(Qt::ToolButtonTextOnly);
    for (QAction *action :
         {m_deployAction, m_addMachineAction, m_addUnitAction, m_actions->placeOn(), autoPlace,
          m_actions->relate(), m_constraintsAction, m_retryAction, commit})
        tools->addAction(action);
    // Qt's button for the actions that do not fit: named as they are.
    if (auto *more = tools->findChild<QToolButton *>(QStringLiteral("qt_toolbar_ext_button")))
        more->setAccessibleName(tr("More actions"));
}

void MainWindow::buildFileMenu()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *refresh = file->addAction(tr("&Reload"), this, [this] {
        reloadModelList();
        refreshModel();
    });
    refresh->setShortcut(QKeySequence::Refresh);
    describe(refresh, tr("Read the models and the open model again"));
    QAction *openStore = file->addAction(tr("&Open store…"), this, [this] {
        OpenStoreDialog dialog(m_options.storeLocation, this);
        if (dialog.exec() != QDialog::Accepted)
            return;
        // The window belongs to its store: a new window on the other one
        // (remembered for next time), and this one closes.
        QSettings().setValue(QStringLiteral("store/location"), dialog.location());
        reopen(dialog.location(), {});
    });
    openStore->setShortcut(QKeySequence::Open);
    describe(openStore, tr("Open another store: a SQLite file or a PostgreSQL server"));
    file->addSeparator();
    QAction *importBundleAction =
        file->addAction(tr("&Import bundle…"), this, &MainWindow::chooseBundleToImport);
    describe(importBundleAction,
             tr("Deploy a Juju bundle: what the model lacks of it is staged (or a "
                "bundle file dropped on the window)"));
    QAction *exportBundleAction =
        file->addAction(tr("&Export bundle…"), this, &MainWindow::chooseBundleToExport);
    describe(exportBundleAction, tr("Write the model as a Juju bundle"));
    file->addSeparator();
    QAction *accounts = file->addAction(tr("Provider &accounts…"), this, &MainWindow::editAccounts);
    accounts->setEnabled(m_options.types && m_options.secrets);
    describe(accounts, tr("Add, change or remove the clouds Berth provisions on"));
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    describe(quit, tr("Close Berth; staged changes stay in the store"));
}

QAction *MainWindow::buildEditMenu()
{
    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    QAction *commit =
        edit->addAction(tr("&Commit changes…"), m_changeSet->commitButton(), &QPushButton::click);
    commit->setShortcut(Qt::CTRL | Qt::Key_Return);
    describe(commit, tr("Apply every staged change in one transaction, after a last look"));
    QAction *discard =
        edit->addAction(tr("&Discard changes…"), m_changeSet->discardButton(), &QPushButton::click);
    describe(discard, tr("Drop every staged change"));
    const auto syncChangeActions = [this, commit, discard] {
        commit->setEnabled(m_changeSet->commitButton()->isEnabled());
        discard->setEnabled(m_changeSet->discardButton()->isEnabled());
    };
    connect(m_changeSet, &ChangeSetPanel::previewShown, this, syncChangeActions);
    syncChangeActions();
    m_stagingAction = edit->addAction(tr("&Stage changes"), this, &MainWindow::setStaging);
    m_stagingAction->setCheckable(true);
    m_stagingAction->setToolTip(tr("Hold changes in the change set until you commit them; "
                                   "off, every change applies at once"));
    edit->addSeparator();
    QAction *find = edit->addAction(tr("&Find…"), this, [this] {
        m_filter->setFocus();
        m_filter->selectAll();
    });
    find->setShortcut(QKeySequence::Find);
    describe(find, tr("Filter the rows by name, zone, status or message"));
    QAction *search = edit->addAction(tr("Search &every model…"), this, [this] {
        auto *dock = static_cast<QDockWidget *>(m_search->parentWidget());
        dock->show();
        dock->raise();
        m_search->queryEdit()->setFocus();
        m_search->queryEdit()->selectAll();
    });
    // Not Ctrl+Shift+F: KDE's full screen.
    search->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_F));
    describe(search, tr("Find applications, units and machines in every model of the store"));
    return commit;
}

void MainWindow::buildModelMenu()
{
    QMenu *modelMenu = menuBar()->addMenu(tr("&Model"));
    QAction *addModelAction = modelMenu->addAction(tr("&New model…"), this, &MainWindow::addModel);
    describe(addModelAction, tr("Add a model on a cloud and region, and open it"));
    QAction *settingsAction =
        modelMenu->addAction(tr("Model &settings…"), this, &MainWindow::editModelSettings);
    describe(settingsAction, tr("Harvest mode, retries, default base and the other settings "
                                "of this model"));
    m_destroyModelAction =
        modelMenu->addAction(tr("Des&troy model…"), this, &MainWindow::destroyModel);
    modelMenu->addSeparator();
    QAction *deploy = m_deployAction = modelMenu->addAction(tr("&Deploy…"), this, [this] {
        DeployDialog dialog(m_workspace, m_model, this);
        runDialog(dialog);
    });
    deploy->setShortcut(Qt::CTRL | Qt::Key_D);
    describe(deploy, tr("Deploy an application with its units"));
    QAction *addMachine = m_addMachineAction =
        modelMenu->addAction(tr("Add &machine…"), this, [this] {
            AddMachineDialog dialog(m_workspace, m_model,
                                    m_options.types ? m_options.types->hostProbe() : nullptr, this);
            runDialog(dialog);
        });
    addMachine->setShortcut(Qt::CTRL | Qt::SHIFT | Qt::Key_M);
    describe(addMachine, tr("Add empty machines or containers, or enlist an existing host"));
    QAction *modelConstraints =
        modelMenu->addAction(tr("Model &constraints…"), this, [this] { editConstraints({}); });
    describe(modelConstraints, tr("Constraints every new machine of the model starts from"));
    m_retryAction = modelMenu->addAction(tr("&Retry provisioning…"), this, [this] {
        RetryDialog dialog(m_workspace, m_model, selectedMachines(), this);
        runDialog(dialog);
    });
    describe(m_retryAction, tr("Start machines in error again"));
    m_provisionAction = modelMenu->addAction(tr("&Provision this model"));
    m_provisionAction->setCheckable(true);
    connect(m_provisionAction, &QAction::toggled, this, [this](bool on) {
        if (!setProvisioning(m_model, on))
            showProvisioningState(); // the user said no: unchecked again
    });
    describe(m_provisionAction,
             tr("Let this window start and stop this model's machines; it says first what "
                "waiting machines cost"));
    modelMenu->addSeparator();
    modelMenu->addAction(m_actions->removeMachines());
}

QAction *MainWindow::buildApplicationMenu()
{
    QMenu *application = menuBar()->addMenu(tr("&Application"));
    m_addUnitAction = application->addAction(tr("Add &units…"), this, [this] {
        AddUnitDialog dialog(m_workspace, m_model, selectedApplication(), this);
        runDialog(dialog);
    });
    m_addUnitAction->setShortcut(Qt::CTRL | Qt::SHIFT | Qt::Key_N);
    m_addUnitAction->setEnabled(false);
    describe(m_addUnitAction, tr("Add units to the selected application"));
    m_constraintsAction = application->addAction(
        tr("&Constraints…"), this, [this] { editConstraints(selectedApplication()); });
    m_constraintsAction->setShortcut(Qt::CTRL | Qt::SHIFT | Qt::Key_K);
    m_constraintsAction->setEnabled(false);
    describe(m_constraintsAction, tr("Set the selected application's constraints"));
    m_policyAction =
        application->addAction(tr("&Placement policy…"), this, &MainWindow::editPlacementPolicy);
    m_policyAction->setShortcut(Qt::CTRL | Qt::SHIFT | Qt::Key_P);
    m_policyAction->setEnabled(false);
    describe(m_policyAction,
             tr("Weigh and cap the regions or zones the application's units go to"));
    QAction *exportAction =
        application->addAction(tr("&Export chart…"), this, &MainWindow::exportChart);
    exportAction->setShortcut(Qt::CTRL | Qt::SHIFT | Qt::Key_E);
    describe(exportAction, tr("Save the chart shown as PNG or PDF"));
    QAction *autoPlaceAction = application->addAction(
        tr("&Auto place units"), this, [this] { autoPlace(m_machineView->unplacedUnits()); });
    autoPlaceAction->setShortcut(Qt::CTRL | Qt::SHIFT | Qt::Key_R);
    describe(autoPlaceAction,
             tr("Give every unplaced unit a machine: an idle started one that fits, "
                "else a new one, spread over zones"));
    application->addAction(m_actions->placeOn());
    describe(m_actions->placeOn(), tr("Place the selected units on a machine you choose"));
    application->addSeparator();
    application->addAction(m_actions->relate());
    application->addSeparator();
    application->addAction(m_actions->removeUnits());
    application->addAction(m_actions->removeRelation());
    application->addAction(m_actions->removeApplications());
    return autoPlaceAction;
}

void MainWindow::buildHelpMenu()
{
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    // Where KDE applications have their command bar, with its shortcut.
    QAction *find = help->addAction(tr("&Find Action…"), this, [this] { openCommandBar(); });
    find->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_I));
    describe(find, tr("Run any action by name, or a berthctl command line on this model"));
    help->addSeparator();
    QAction *about = help->addAction(tr("&About Berth"), this, [this] {
        QMessageBox::about(this, tr("About Berth"), aboutText());
    });
    describe(about, tr("Version and licence"));
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

QList<QAction *> MainWindow::everyAction() const
{
    QList<QAction *> actions;
    std::function<void(const QMenu *)> collect = [&](const QMenu *menu) {
        for (QAction *action : menu->actions()) {
            if (action->menu())
                collect(action->menu());
            else if (!action->isSeparator() && !action->text().isEmpty() &&
                     !actions.contains(action))
                actions << action;
        }
    };
    for (QAction *top : menuBar()->actions()) {
        if (top->menu())
            collect(top->menu());
    }
    return actions;
}

CommandBar *MainWindow::openCommandBar()
{
    CommandBar::LineRunner run;
    if (m_options.commandLine) {
        run = [this](const QStringList &args) {
            return m_options.commandLine(args, m_model, staging());
        };
    }
    QList<QAction *> actions = everyAction();
    actions.removeIf([](const QAction *a) {
        return a->shortcut().matches(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_I)) ==
               QKeySequence::ExactMatch;
    });
    auto *bar = new CommandBar(actions, m_options.commandNames, run, this);
    bar->setAttribute(Qt::WA_DeleteOnClose);
    connect(bar, &CommandBar::lineRan, this,
            [this](const QString &line, bool ok, const QString &output) {
                log(QStringLiteral("> ") + line);
                for (const QString &said : output.split(u'\n', Qt::SkipEmptyParts))
                    log(said);
                if (!ok)
                    return;
                statusBar()->showMessage(output.section(u'\n', -1), 8000);
                refreshModel();
                m_changeSet->refresh();
            });
    bar->show();
    bar->input()->setFocus();
    return bar;
}

} // namespace berth
