#pragma once

#include "core/commands/modelchange.h"
#include "core/model/modelrecords.h"
#include "core/model/search.h"
#include "core/model/snapshotindex.h"
#include "core/placement/spread/spreadstate.h"
#include "ui/commandbar.h"

#include <QMainWindow>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

class QAction;
class QCheckBox;
class QComboBox;
class QDockWidget;
class QDragEnterEvent;
class QDropEvent;
class QLabel;
class QMenu;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QTabWidget;
class QTextBrowser;
class QTimer;
class QToolBar;
class QTreeView;
class QUndoStack;

namespace berth {

class ApplicationsModel;
class CommandDialog;
class DetailsPane;
class OverviewPage;
class MachineView;
class MachinesModel;
class AuditPanel;
class SearchPanel;
class RelationsView;
class ChangeSetPanel;
class ChangeSubmitter;
class DesktopSignals;
class ModelActions;
class ModelSession;
class ProviderTypes;
class ProvisioningNews;
class ProvisioningScope;
class RegionChart;
class SecretStore;
class Workspace;
class ZoneChart;

// Berth's main window on one model at a time: the applications/units and
// machines/containers trees with filters and a details pane, the machine
// view for placing units by drag and drop, the charts, and the provisioning
// log. A watcher thread reads the model whenever any process commits, and the
// views update in place; the provisioner runs on its own thread.
class MainWindow final : public QMainWindow
{
    Q_OBJECT

public:
    struct Options
    {
        QString storeLocation; // for the watcher's and the provisioner's own connections
        // This window may run provisioners (not on a read-only store).
        bool provision = true;
        // The models the user asked this window to provision (last time):
        // only these start machines; showing a model starts nothing.
        QStringList provisionedModels;
        int watchIntervalMs = 250;
        // For the accounts dialog; without them it is not offered.
        const ProviderTypes *types = nullptr;
        SecretStore *secrets = nullptr;
        // Reloads the clouds the workspace uses after accounts changed.
        std::function<void()> reloadClouds;
        // Opens a store (with a model) afresh: by default a new window
        // process on it, and this one closes.
        std::function<void(const QString &location, const QString &model)> reopen;
        // Runs a berthctl command line (its words) on the store and `model`,
        // staged when `stage`: the command bar's lines. None: actions only.
        std::function<CommandBar::LineResult(const QStringList &args, const QString &model,
                                             bool stage)>
            commandLine;
        QStringList commandNames; // the berthctl commands a line may start with
        // A provisioning run at least this long is news for the desktop when
        // it ends while the window is in the background.
        std::chrono::milliseconds notifyAfter{10'000};
    };

    MainWindow(Workspace &workspace, const QString &model, const Options &options,
               QWidget *parent = nullptr);
    ~MainWindow() override;

    QString model() const { return m_model; }
    void openModel(const QString &name);
    // Model ▸ Add model…: the new model opens.
    void addModel();
    // Model ▸ Model settings… (model-config).
    void editModelSettings();
    // Model ▸ Destroy model…: asks, naming what goes and what is stopped;
    // the window stays on the model while its instances stop, then opens
    // another one.
    void destroyModel();
    void editAccounts();
    // Model ▸ Provision this model: starts or stops this window's provisioner
    // for `model`. Starting asks first when machines wait, saying what they
    // cost; false when the user said no (or this window may not provision).
    bool setProvisioning(const QString &model, bool on);
    // The models this window provisions.
    QStringList provisionedModels() const;
    // Where the window remembers them for a store (QSettings).
    static QString provisioningSetting(const QString &storeLocation);
    // Picks up changed accounts: the provisioner and the watcher pause meanwhile.
    void reloadClouds();
    // The principal application selected in the tab shown (the Overview's
    // or the Machine view's); empty when none is.
    QString selectedApplication() const;
    // The rows selected in the tab shown, as the actions take them.
    QStringList selectedUnits() const;
    QStringList selectedApplications() const;
    QStringList selectedMachines() const;
    // Look-ups into the snapshot shown, built on first use after each snapshot.
    const SnapshotIndex &snapshotIndex() const;
    // The spread constraints over the snapshot shown, built once a snapshot
    // (and again after the clouds change): a drag judges each move on it.
    const SpreadState &spreadState() const;
    void selectApplication(const QString &name);
    // Selects these units in the overview (and nothing else).
    void selectUnits(const QStringList &units);
    void editPlacementPolicy();
    // Application ▸ Auto place: each unit on an idle started machine that
    // takes it (the cheapest first), the rest on new machines made to fit.
    void autoPlace(const QStringList &units);
    // The model's constraints when `application` is empty.
    void editConstraints(const QString &application);
    void exportChart();
    // File ▸ Import bundle…, or a bundle file dropped on the window: the
    // changes it makes are logged, then staged (or, at once, after asking).
    // False when nothing was staged or applied.
    bool importBundle(const QString &path);
    // File ▸ Export bundle…: the model as a bundle Juju reads.
    bool exportBundle(const QString &path);

    ApplicationsModel *applicationsModel() const { return m_applications; }
    MachinesModel *machinesModel() const { return m_machines; }
    MachineView *machineView() const { return m_machineView; }
    RegionChart *regionChart() const { return m_chart; }
    ZoneChart *zoneChart() const { return m_zoneChart; }
    QUndoStack *undoStack() const;
    // Help ▸ Find Action… (Ctrl+Alt+I): the command bar, open until used.
    CommandBar *openCommandBar();
    // Every action of the window's menus, the command bar's list.
    QList<QAction *> everyAction() const;
    ChangeSetPanel *changeSetPanel() const { return m_changeSet; }
    AuditPanel *historyPanel() const { return m_history; }
    SearchPanel *searchPanel() const { return m_search; }
    RelationsView *relationsView() const { return m_relations; }
    // A search result: its model opened (when another), its row selected
    // in the view that shows it, once that model's rows are in.
    void showFound(const SearchHit &hit);
    // Staged mode (the default): the window's changes wait in the model's
    // change set until committed; off, they apply at once.
    bool staging() const;
    void setStaging(bool staging);
    ModelActions *modelActions() const { return m_actions; }
    // How the window asks before removing (a message box; tests answer it).
    using Confirm = std::function<bool(const QString &title, const QString &question)>;
    void setConfirm(Confirm confirm) { m_confirm = std::move(confirm); }
    // How "Place on…" asks where (a list of machines; tests answer it).
    using ChooseTarget = std::function<std::optional<QString>(const QStringList &units)>;
    void setChooseTarget(ChooseTarget choose) { m_chooseTarget = std::move(choose); }
    // How the window asks to pick one of several (a list; tests answer it).
    using ChooseItem = std::function<std::optional<QString>(
        const QString &title, const QString &label, const QStringList &items)>;
    void setChooseItem(ChooseItem choose) { m_chooseItem = std::move(choose); }
    // How relating two principals asks for their endpoints (a dialog; tests answer it).
    using ChooseEndpoints = std::function<std::optional<std::pair<QString, QString>>(
        const QString &first, const QStringList &firstKnown, const QString &second,
        const QStringList &secondKnown)>;
    void setChooseEndpoints(ChooseEndpoints choose) { m_chooseEndpoints = std::move(choose); }
    QPlainTextEdit *logPane() const { return m_log; }
    // Shown while the provisioner starts machines: how many of how many are done.
    QProgressBar *progressBar() const { return m_progress; }
    QTreeView *machineTree() const;
    QTreeView *applicationView() const;
    QTextBrowser *detailsPane() const;
    // Help ▸ About Berth: version, Qt's, licence.
    static QString aboutText();
    // How many snapshots the views have taken in (tests wait on it).
    int snapshotsApplied() const { return m_snapshots; }

signals:
    void snapshotApplied();
    // The details pane shows `machine`'s status history, as just read.
    void statusLogShown(const QString &machine);
    // A row's context menu, about to show (tests look at it).
    void contextMenuShown(QMenu *menu);

protected:
    void closeEvent(QCloseEvent *event) override;
    // The size and place are kept as they change, not only on a clean close
    // (a window ended by its session or a signal keeps them too).
    void resizeEvent(QResizeEvent *event) override;
    void moveEvent(QMoveEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    // mainwindowlayout.cpp: the constructor's parts, in the order it calls them.
    QToolBar *buildModelBar(QCheckBox *&problems);
    void buildViews();
    std::pair<QDockWidget *, QDockWidget *> buildDocks(); // the log's, the change set's
    void buildStatusBar();
    void buildActions();
    void buildViewMenu(QToolBar *bar, QDockWidget *log, QDockWidget *changes);
    void connectViews(QCheckBox *problems);
    void startWatcher();

    // Why `units` cannot go on `machine` ("lxd:H": a new container on H), on
    // the snapshot shown; empty when they can.
    QString placementProblem(const QStringList &units, const QString &machine) const;
    // Why `units` on `machine` would break a spread bound (SpreadCommands), on
    // the snapshot shown; empty when they would not.
    QString spreadProblem(const QStringList &units, const QString &machine) const;
    void chooseBundleToImport();
    void chooseBundleToExport();
    // mainwindowmenus.cpp: the menus, then the Actions toolbar from them.
    void buildMenus();
    void buildFileMenu();
    QAction *buildEditMenu(); // its Commit action
    void buildModelMenu();
    QAction *buildApplicationMenu(); // its Auto place action
    void buildHelpMenu();
    void showContextMenu(QTreeView *tree, const QPoint &pos);
    // What to do first, while the model is empty and nothing is selected.
    void showEmptyState();
    void applySnapshot(const ModelSnapshot &snapshot);
    void showSelectedApplication();
    // The selection the actions work on changed (a row, or the tab shown).
    void selectionChanged();
    bool inMachineView() const;
    // Whether this window may provision at all (the options, a writable store).
    bool provisions() const;
    void showProvisioningState();
    void provisioningChanged();
    void logFor(const QString &model, const QString &line);
    void connectProvisioningNews();
    void provisioningRunFinished(const QString &model, int started, int failed,
                                 std::chrono::milliseconds took);
    void reloadModelList();
    // The open model was destroyed (here or elsewhere): another one opens.
    void modelGone(const QString &name);
    void log(const QString &line);
    void reportError(const QString &message);
    // The store was lost under this window (Store::isDetached): it stops
    // provisioning and offers to reopen the store, whose staged changes are kept.
    void storeLost();
    void reopen(const QString &location, const QString &model);
    void saveWindowState();
    void runDialog(CommandDialog &dialog);
    // The watcher reads the model now, not at its next poll.
    void refreshModel();
    void selectFound();

    Workspace &m_workspace;
    QString m_model;
    Options m_options;
    int m_snapshots = 0;
    ModelSnapshot m_snapshot;
    mutable std::optional<SnapshotIndex> m_snapshotIndex; // over m_snapshot: see snapshotIndex()
    mutable std::optional<SpreadState> m_spreadState;     // over m_snapshot: see spreadState()

    ApplicationsModel *m_applications;
    MachinesModel *m_machines;
    QTabWidget *m_tabs = nullptr;
    QTimer *m_saveState = nullptr; // a moment after the last resize or move
    OverviewPage *m_overview = nullptr;
    MachineView *m_machineView = nullptr;
    RegionChart *m_chart = nullptr;
    ZoneChart *m_zoneChart = nullptr;
    QComboBox *m_modelBox = nullptr;
    QLineEdit *m_filter = nullptr;
    QPlainTextEdit *m_log = nullptr;
    QProgressBar *m_progress = nullptr;
    ChangeSubmitter *m_submitter;
    ChangeSetPanel *m_changeSet = nullptr;
    AuditPanel *m_history = nullptr;
    SearchPanel *m_search = nullptr;
    RelationsView *m_relations = nullptr;
    std::optional<SearchHit> m_found; // to select once its model's snapshot is shown
    QAction *m_stagingAction = nullptr;
    bool m_storeLost = false;
    ModelActions *m_actions = nullptr;
    Confirm m_confirm;
    ChooseTarget m_chooseTarget;
    ChooseItem m_chooseItem;
    ChooseEndpoints m_chooseEndpoints;
    QAction *m_destroyModelAction = nullptr;
    QAction *m_policyAction = nullptr;
    QAction *m_retryAction = nullptr;
    QAction *m_deployAction = nullptr;
    QAction *m_addMachineAction = nullptr;
    QAction *m_constraintsAction = nullptr;
    QAction *m_addUnitAction = nullptr;

    std::unique_ptr<ModelSession> m_session;
    ProvisioningScope *m_provisioning = nullptr;
    ProvisioningNews *m_news = nullptr;
    DesktopSignals *m_desktop = nullptr;
    QAction *m_provisionAction = nullptr;
    QLabel *m_provisionState = nullptr;
};

} // namespace berth
