#include "core/commands/applicationcommands.h"
#include "core/commands/changeset.h"
#include "core/commands/cloudcommands.h"
#include "core/commands/machinecommands.h"
#include "core/commands/modelcommands.h"
#include "core/model/bundle.h"
#include "core/placement/yamldocument.h"
#include "core/provisioning/provisioner.h"
#include "core/store/cloudaccounts.h"
#include "tests/testsupport.h"
#include "tests/ui/viewtesting.h"
#include "ui/applicationsmodel.h"
#include "ui/changesetpanel.h"
#include "ui/deploydialog.h"
#include "ui/itemroles.h"
#include "ui/machinesmodel.h"
#include "ui/machineview.h"
#include "ui/mainwindow.h"
#include "ui/modelactions.h"
#include "ui/modeldialogs.h"
#include "ui/provisioningscope.h"
#include "ui/treefiltermodel.h"
#include "ui/unitmimedata.h"
#include "ui/zonechart.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDropEvent>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>
#include <QTranslator>
#include <QTreeView>
#include <QTreeWidget>
#include <QUndoStack>

#include <qcustomplot.h>

using namespace berth;

namespace {

const QString model = QStringLiteral("default");

struct Fixture : TestWorkspace
{
    explicit Fixture(const QStringList &sim = {QStringLiteral("latency-ms=0")})
        : TestWorkspace(sim)
    {}
    void deploy(const QString &charm, int count, bool unplaced = false, const QString &base = {})
    {
        ApplicationCommands::Deploy d;
        d.charm = charm;
        d.count = count;
        d.unplaced = unplaced;
        d.base = base;
        ApplicationCommands(ws()).deploy(model, d);
    }
    // Immediate mode unless `staging`: changes apply at once.
    std::unique_ptr<MainWindow> window(bool provision = false, bool staging = false)
    {
        MainWindow::Options options;
        options.storeLocation = path();
        options.provision = provision;
        if (provision) // as if the user had asked this window to provision the model last time
            options.provisionedModels = {model};
        options.reloadClouds = [this] { reloadClouds(); };
        options.watchIntervalMs = 50;
        auto w = std::make_unique<MainWindow>(ws(), model, options);
        w->setStaging(staging);
        w->show();
        return w;
    }
    QList<InstanceInfo> instances()
    {
        ProviderError error;
        return clouds.provider(QStringLiteral("sim")).listInstances({}, {}, &error);
    }
    QString machineOf(const QString &unit)
    {
        for (const UnitRecord &u : ws().snapshot(model).units) {
            if (u.name() == unit)
                return u.machine;
        }
        return QStringLiteral("(no such unit)");
    }
};

// Drags `units` (as the applications model packs them) onto `pos` of `view`.
bool dropOn(QAbstractItemView *view, const QStringList &units, const QPoint &pos)
{
    std::unique_ptr<QMimeData> data(UnitMimeData::create(units));
    QWidget *target = view->viewport();
    QDragEnterEvent enter(pos, Qt::MoveAction, data.get(), Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(target, &enter);
    if (!enter.isAccepted())
        return false;
    QDragMoveEvent move(pos, Qt::MoveAction, data.get(), Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(target, &move);
    if (!move.isAccepted())
        return false;
    QDropEvent drop(QPointF(pos), Qt::MoveAction, data.get(), Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(target, &drop);
    return drop.isAccepted();
}

// Selects the rows called `names` in `view`, and nothing else.
bool selectRows(QAbstractItemView *view, const QStringList &names)
{
    view->selectionModel()->clearSelection();
    for (const QString &name : names) {
        const QModelIndex index = findRow(view, name);
        if (!index.isValid())
            return false;
        view->selectionModel()->select(index,
                                       QItemSelectionModel::Select | QItemSelectionModel::Rows);
    }
    return true;
}

QPoint rowCenter(QAbstractItemView *view, const QString &name)
{
    const QAbstractItemModel *m = view->model();
    for (int row = 0; row < m->rowCount(view->rootIndex()); ++row) {
        const QModelIndex index = m->index(row, 0, view->rootIndex());
        if (index.data(ItemRoles::NameRole).toString() == name)
            return view->visualRect(index).center();
    }
    return {-1, -1};
}

// Model ▸ New model…, answered once it shows: bad names refused as typed,
// then "staging" in sim-west.
void answerAddModel()
{
    QTimer::singleShot(0, [] {
        auto *dialog = qobject_cast<AddModelDialog *>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        dialog->name->setText(QStringLiteral("default"));
        QCOMPARE(dialog->problem(), QStringLiteral("model \"default\" already exists"));
        dialog->name->setText(QStringLiteral("Bad_Name"));
        QVERIFY(dialog->problem().startsWith(QStringLiteral("invalid model name")));
        dialog->name->setText(QStringLiteral("staging"));
        dialog->cloudRegion->setCurrentText(QStringLiteral("sim/sim-west"));
        QVERIFY(dialog->problem().isEmpty());
        dialog->accept();
    });
}

// Model ▸ Model settings…, answered once it shows: "many" refused as typed,
// then retry-count=7.
void answerModelSettings()
{
    QTimer::singleShot(0, [] {
        auto *dialog = qobject_cast<ModelSettingsDialog *>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        const auto rows = dialog->table->findItems(QStringLiteral("retry-count"), Qt::MatchExactly);
        QCOMPARE(rows.size(), 1);
        QTableWidgetItem *value =
            dialog->table->item(rows.first()->row(), ModelSettingsDialog::ValueColumn);
        value->setText(QStringLiteral("many"));
        QVERIFY(!dialog->problem().isEmpty());
        value->setText(QStringLiteral("7"));
        QVERIFY(dialog->problem().isEmpty());
        QCOMPARE(dialog->assignments(), QStringList{QStringLiteral("retry-count=7")});
        dialog->accept();
    });
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        useOwnSettings(); // settings of their own, not the user's
    }

    void bundlesComeInAndGoOut()
    {
        Fixture f;
        auto window = f.window(false, true);
        const QString bundle = QStringLiteral(SOURCE_DIR "/tests/bundles/placements.yaml");
        // Staged: one change in the change set, the plan in the log.
        QVERIFY(window->importBundle(bundle));
        QCOMPARE(ChangeSet(f.ws()).count(model), 1);
        QVERIFY(f.ws().snapshot(model).applications.isEmpty());
        QVERIFY(window->logPane()->toPlainText().contains(
            QStringLiteral("placements.yaml: add unit db/0 to new machine 0")));
        ChangeSetPanel *panel = window->changeSetPanel();
        QTRY_COMPARE(panel->list()->topLevelItemCount(), 1);
        QCOMPARE(panel->list()->topLevelItem(0)->text(0),
                 QStringLiteral("deploy bundle placements (applications: 4)"));
        QTRY_COMPARE(window->machinesModel()->rowCount(), 6); // planned, in the views
        QTRY_COMPARE(window->applicationsModel()->rowCount(), 4);
        window->undoStack()->undo();
        QCOMPARE(ChangeSet(f.ws()).count(model), 0);
        window->undoStack()->redo();
        QCOMPARE(ChangeSet(f.ws()).count(model), 1);
        ChangeSet(f.ws()).commit(model);
        QCOMPARE(f.ws().snapshot(model).units.size(), 11);
        // Again: nothing to do, nothing staged.
        QVERIFY(!window->importBundle(bundle));
        QCOMPARE(ChangeSet(f.ws()).count(model), 0);

        // Exported, the file reads as the bundle the model is.
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("out.yaml"));
        QVERIFY(window->exportBundle(out));
        const Bundle exported = Bundle::fromDocuments(
            YamlDocument::readDocuments(out, QStringLiteral("out")), QStringLiteral("out"));
        QCOMPARE(exported.applications.size(), 4);
        QCOMPARE(exported.application(QStringLiteral("web"))->units, 4);

        // Immediate mode asks first, naming the changes; a bundle file dropped
        // on the window is imported.
        Fixture g;
        auto other = g.window(false, false);
        QStringList questions;
        other->setConfirm([&](const QString &, const QString &question) {
            questions << question;
            return true;
        });
        QMimeData data;
        data.setUrls({QUrl::fromLocalFile(out)});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &data, Qt::LeftButton,
                              Qt::NoModifier);
        QCoreApplication::sendEvent(other.get(), &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(other.get(), &drop);
        QCOMPARE(questions.size(), 1);
        QVERIFY2(questions.first().startsWith(QStringLiteral("Deploy out.yaml now? It makes ")),
                 qPrintable(questions.first()));
        QCOMPARE(g.ws().snapshot(model).units.size(), 11);
        // A file that is not a bundle says why and changes nothing.
        QFile bad(dir.filePath(QStringLiteral("bad.yaml")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("bundle: kubernetes\napplications: {a: {charm: a}}\n");
        bad.close();
        QVERIFY(!other->importBundle(bad.fileName()));
        QCOMPARE(questions.size(), 1);
        QCOMPARE(g.ws().snapshot(model).units.size(), 11);
    }

    void stagedPlacementsWaitForCommit()
    {
        Fixture f;
        f.deploy(QStringLiteral("db"), 3, true);
        auto window = f.window(true, true); // the provisioner runs: it must start nothing
        QSignalSpy passes(window->findChild<ProvisioningScope *>(),
                          &ProvisioningScope::passFinished);
        QVERIFY(window->staging());
        QTRY_COMPARE(window->machineView()->unplacedUnits().size(), 3);
        window->machineView()->autoPlaceButton()->click();

        // Staged: the model itself is unchanged, the views show the plan.
        QCOMPARE(f.ws().snapshot(model).machines.size(), 0);
        QCOMPARE(ChangeSet(f.ws()).count(model), 3); // one change a unit
        QTRY_COMPARE(window->machinesModel()->rowCount(), 3);
        const QModelIndex first = window->machinesModel()->index(0, MachinesModel::StatusColumn);
        QCOMPARE(first.data().toString(), QStringLiteral("planned"));
        QVERIFY(first.data(Qt::FontRole).value<QFont>().italic());
        QTRY_VERIFY(window->machineView()->unplacedUnits().isEmpty());

        // The panel lists the changes with the preview.
        ChangeSetPanel *panel = window->changeSetPanel();
        QTRY_COMPARE(panel->list()->topLevelItemCount(), 3);
        QCOMPARE(panel->list()->topLevelItem(0)->text(0),
                 QStringLiteral("place db/0 on a new machine"));
        QTRY_VERIFY(panel->summary().contains(QStringLiteral("Commit starts 3 instance(s)")));
        QCOMPARE(panel->preview().forecast.instances(), 3);
        // The provisioner had its chance (its first pass, and the one the staged
        // changes' commits bring; the period brings one at the latest): nothing started.
        QTRY_VERIFY_WITH_TIMEOUT(passes.size() >= 2, 15'000);
        ProviderError error;
        QCOMPARE(f.clouds.provider(QStringLiteral("sim")).listInstances({}, {}, &error).size(), 0);

        // Undo takes the last step out of the change set; remove drops one by hand.
        window->undoStack()->undo();
        QCOMPARE(ChangeSet(f.ws()).count(model), 0);
        window->undoStack()->redo();
        QCOMPARE(ChangeSet(f.ws()).count(model), 3);
        const qint64 lastId = ChangeSet(f.ws()).preview(model).items.constLast().record.id;
        QTRY_COMPARE(panel->preview().items.constLast().record.id, lastId); // staged anew
        panel->list()->topLevelItem(2)->setSelected(true);
        panel->removeSelected();
        QCOMPARE(ChangeSet(f.ws()).count(model), 2);

        // A change refused now: commit applies nothing and says why.
        ApplicationCommands(f.ws()).placeUnits(model, {QStringLiteral("db/0")}, {});
        QTRY_COMPARE(panel->preview().refusals(), 1);
        QSignalSpy failed(panel, &ChangeSetPanel::failed);
        panel->commit();
        QCOMPARE(failed.size(), 1);
        QVERIFY(failed.first().at(0).toString().contains(QStringLiteral("is refused")));
        QCOMPARE(ChangeSet(f.ws()).count(model), 2);
        QCOMPARE(f.ws().snapshot(model).machines.size(), 1);

        // Without it, commit applies the rest, and the provisioner starts it.
        ChangeSet(f.ws()).discard(model, {panel->preview().items.at(0).record.id});
        panel->commit();
        QCOMPARE(ChangeSet(f.ws()).count(model), 0);
        QCOMPARE(f.ws().snapshot(model).machines.size(), 2);
        QTRY_COMPARE_WITH_TIMEOUT(
            f.clouds.provider(QStringLiteral("sim")).listInstances({}, {}, &error).size(), 2,
            20'000);
        QTRY_COMPARE(panel->list()->topLevelItemCount(), 0);
    }

    void clickingAChartSegmentSelectsItsUnits()
    {
        Fixture f;
        auto window = f.window(true);
        f.deploy(QStringLiteral("web"), 1);
        QTRY_COMPARE_WITH_TIMEOUT(f.instances().size(), 1, 20'000);
        QTRY_VERIFY(!window->zoneChart()->applications().isEmpty());
        const QString zone = f.instances().constFirst().zone;
        emit window->zoneChart()->segmentClicked(QStringLiteral("web"), zone);
        QStringList selected;
        for (const QModelIndex &index : window->applicationView()->selectionModel()->selectedRows())
            selected << index.data(ItemRoles::NameRole).toString();
        QCOMPARE(selected, QStringList{QStringLiteral("web/0")});
    }

    void committedPlacementsStayUndoableUntilStarted()
    {
        Fixture f;
        f.deploy(QStringLiteral("db"), 2, true);
        auto window = f.window(false, true);
        QTRY_COMPARE(window->machineView()->unplacedUnits().size(), 2);
        window->machineView()->autoPlaceButton()->click();
        window->changeSetPanel()->commit();
        QCOMPARE(f.machineOf(QStringLiteral("db/0")), QStringLiteral("0"));
        QCOMPARE(f.machineOf(QStringLiteral("db/1")), QStringLiteral("1"));

        // Each committed placement is a step of its own on the undo stack.
        QUndoStack *undo = window->undoStack();
        QCOMPARE(undo->count(), 2);
        undo->undo();
        QCOMPARE(f.machineOf(QStringLiteral("db/1")), QString());
        undo->redo();
        QCOMPARE(f.machineOf(QStringLiteral("db/1")), QStringLiteral("2"));

        // Once a machine has started, its placement cannot be undone: Undo is
        // no longer offered, and the log says why.
        AsTheProvisioner::started(f.ws(), model, QStringLiteral("2"), QStringLiteral("i-7"));
        QTRY_VERIFY_WITH_TIMEOUT(!undo->canUndo(), 10'000);
        QVERIFY2(window->logPane()->toPlainText().contains(
                     QStringLiteral("can no longer be undone: machine 2 of db/1 has started")),
                 qPrintable(window->logPane()->toPlainText()));
        for (const QAction *action : window->menuBar()->actions().at(1)->menu()->actions()) {
            if (action->text().startsWith(QStringLiteral("&Undo")))
                QVERIFY(!action->isEnabled()); // Edit ▸ Undo greyed
        }
        undo->undo(); // as the greyed action would: nothing
        QCOMPARE(f.machineOf(QStringLiteral("db/1")), QStringLiteral("2"));
    }

    void relationsAreMadeAndRemovedFromTheWindow()
    {
        Fixture f;
        f.deploy(QStringLiteral("wordpress"), 2);
        ApplicationCommands::Deploy ntp;
        ntp.charm = QStringLiteral("ntp");
        ntp.subordinate = true;
        ApplicationCommands(f.ws()).deploy(model, ntp);
        auto window = f.window(false, true);
        QTRY_COMPARE(window->applicationsModel()->rowCount(), 2);
        QStringList offered;
        QString pick = QStringLiteral("wordpress");
        window->setChooseItem([&](const QString &, const QString &, const QStringList &items) {
            offered = items;
            return std::optional<QString>(pick);
        });
        QStringList questions;
        window->setConfirm([&](const QString &, const QString &question) {
            questions << question;
            return true;
        });

        QVERIFY(selectRows(window->applicationView(), {QStringLiteral("ntp")}));
        QVERIFY(window->modelActions()->relate()->isEnabled());
        QVERIFY(!window->modelActions()->removeRelation()->isEnabled());
        window->modelActions()->relate()->trigger();
        QCOMPARE(offered, QStringList{QStringLiteral("wordpress")});
        QCOMPARE(ChangeSet(f.ws()).count(model), 1);
        window->changeSetPanel()->commit();
        QCOMPARE(f.ws().snapshot(model).units.size(), 4); // an ntp unit beside each wordpress

        QTRY_COMPARE(window->applicationsModel()->rowCount(), 2);
        QVERIFY(selectRows(window->applicationView(), {QStringLiteral("wordpress")}));
        QTRY_VERIFY(window->modelActions()->removeRelation()->isEnabled());
        pick = QStringLiteral("ntp");
        window->modelActions()->removeRelation()->trigger();
        QCOMPARE(offered, QStringList{QStringLiteral("ntp")});
        QCOMPARE(questions.constLast(),
                 QStringLiteral("Remove the relation between ntp and wordpress? Its units go: "
                                "ntp/0, ntp/1."));
        window->changeSetPanel()->commit();
        QCOMPARE(f.ws().snapshot(model).units.size(), 2);
        QVERIFY(f.ws().snapshot(model).relations.isEmpty());
    }

    void filtersOpenTheRowsOfTheirMatches()
    {
        Fixture f;
        MachineCommands(f.ws()).addMachines(model, {{}, 1, {}, {}, {}}); // 0
        MachineCommands(f.ws()).addMachines(model,
                                            {QStringLiteral("lxd:0"), 1, {}, {}, {}}); // 0/lxd/0
        MachineCommands(f.ws()).addMachines(model, {{}, 1, {}, {}, {}});               // 1
        MachineCommands(f.ws()).addMachines(model,
                                            {QStringLiteral("lxd:1"), 1, {}, {}, {}}); // 1/lxd/0
        auto window = f.window();
        QTRY_COMPARE(window->machinesModel()->rowCount(), 2);
        QVERIFY(window->machinesModel()
                    ->index(0, MachinesModel::UnitsColumn)
                    .data()
                    .toString()
                    .startsWith(QStringLiteral("1 container"))); // a host says how many it carries
        QTreeView *tree = window->machineTree();
        tree->collapseAll();
        tree->expand(findRow(tree, QStringLiteral("1")));

        // A container fails: "Problems only" shows it, its host opened to show it.
        f.ws().inModel(model, [](ModelTx &tx) {
            tx.machineLife().recordError(tx.machines().get(QStringLiteral("0/lxd/0")), 1,
                                         QStringLiteral("no instance type fits"));
        });
        QTRY_COMPARE(
            window->machinesModel()
                ->index(0, MachinesModel::StatusColumn, window->machinesModel()->index(0, 0))
                .data()
                .toString(),
            QStringLiteral("error"));
        auto *problems = window->findChild<QCheckBox *>();
        QVERIFY(problems);
        problems->setChecked(true);
        const QModelIndex failed = findRow(tree, QStringLiteral("0/lxd/0"));
        QVERIFY(failed.isValid());
        QVERIFY(tree->isExpanded(failed.parent()));
        QVERIFY(!tree->visualRect(failed).isEmpty());
        QVERIFY(!findRow(tree, QStringLiteral("1/lxd/0")).isValid());

        // Cleared, the rows are open as the user left them.
        problems->setChecked(false);
        QVERIFY(!tree->isExpanded(findRow(tree, QStringLiteral("0"))));
        QVERIFY(tree->isExpanded(findRow(tree, QStringLiteral("1"))));

        // The text filter does the same.
        auto *filter = window->findChild<QLineEdit *>();
        QVERIFY(filter);
        filter->setText(QStringLiteral("0/lxd"));
        QVERIFY(tree->isExpanded(findRow(tree, QStringLiteral("0"))));
        filter->clear();
        QVERIFY(!tree->isExpanded(findRow(tree, QStringLiteral("0"))));
    }

    void anEmptyModelSaysWhatToDoFirst()
    {
        Fixture f;
        auto window = f.window();
        QTRY_VERIFY(window->snapshotsApplied() > 0);
        QTRY_VERIFY(
            window->detailsPane()->toPlainText().contains(QStringLiteral("This model is empty")));
        QVERIFY(window->detailsPane()->toPlainText().contains(QStringLiteral("Ctrl+D")));
        // Once something is deployed, the hint gives way.
        f.deploy(QStringLiteral("web"), 1);
        QTRY_VERIFY(
            !window->detailsPane()->toPlainText().contains(QStringLiteral("This model is empty")));
    }

    void modelsAreAddedConfiguredAndDestroyed()
    {
        Fixture f;
        auto window = f.window(true);
        QTRY_VERIFY(window->snapshotsApplied() > 0);
        QAction *destroy = nullptr;
        for (QAction *action : window->findChildren<QAction *>()) {
            if (action->text() == u"Des&troy model…")
                destroy = action;
        }
        QVERIFY(destroy);
        QVERIFY(!destroy->isEnabled()); // the only model stays

        // Model ▸ New model…: the dialog checks the name as typed; the model opens.
        answerAddModel();
        window->addModel();
        QCOMPARE(window->model(), QStringLiteral("staging"));
        QTRY_COMPARE(window->applicationsModel()->rowCount(), 0);
        // berthctl's current model stays: the window opened it for itself.
        QCOMPARE(f.ws().currentModel(), QStringLiteral("default"));
        QCOMPARE(f.ws().snapshot(QStringLiteral("staging")).model.region,
                 QStringLiteral("sim-west"));
        QVERIFY(destroy->isEnabled());

        // Model ▸ Model settings…: a bad value is refused as typed, a good one applied.
        answerModelSettings();
        window->editModelSettings();
        QCOMPARE(f.ws().snapshot(QStringLiteral("staging")).model.config.retryCount(), 7);

        // Instances start; destroying asks first, naming them, and a no changes nothing.
        QSignalSpy defaultPasses(window->findChild<ProvisioningScope *>(),
                                 &ProvisioningScope::passFinished);
        ApplicationCommands::Deploy d;
        d.charm = QStringLiteral("web");
        d.count = 2;
        ApplicationCommands(f.ws()).deploy(QStringLiteral("staging"), d);
        const auto recorded = [&] { // instances the store knows of
            int n = 0;
            for (const MachineRecord &m : f.ws().snapshot(QStringLiteral("staging")).machines)
                n += m.instanceId.isEmpty() ? 0 : 1;
            return n;
        };
        // Showing a model starts nothing: its machines wait until the user asks. The
        // window's provisioner (of the default model) takes up the deploy's commit
        // in a pass of its own, and starts none of them.
        QVERIFY(!window->provisionedModels().contains(QStringLiteral("staging")));
        QTRY_VERIFY(!defaultPasses.isEmpty());
        QCOMPARE(recorded(), 0);
        QString asked;
        window->setConfirm([&](const QString &, const QString &text) {
            asked = text;
            return true;
        });
        QVERIFY(window->setProvisioning(QStringLiteral("staging"), true));
        QVERIFY2(asked.startsWith(QStringLiteral("2 machine(s) of model staging wait to start:")),
                 qPrintable(asked));
        QTRY_COMPARE_WITH_TIMEOUT(recorded(), 2, 20'000);
        QString question;
        window->setConfirm([&](const QString &, const QString &text) {
            question = text;
            return false;
        });
        window->destroyModel();
        QVERIFY2(question.startsWith(QStringLiteral(
                     "Destroying model \"staging\" removes its applications (1), units (2) and "
                     "machines (2). It stops the instances of machines 0, 1.")),
                 qPrintable(question));
        QCOMPARE(f.ws().snapshot(QStringLiteral("staging")).units.size(), 2);

        // Yes: the provisioner stops both, the model goes, "default" opens.
        window->setConfirm([](const QString &, const QString &) { return true; });
        window->destroyModel();
        QTRY_COMPARE_WITH_TIMEOUT(window->model(), model, 20'000);
        QCOMPARE(f.instances().size(), 0);
        const auto models = ModelCommands(f.ws()).models();
        QCOMPARE(models.size(), 1);
        QCOMPARE(models.first().name, model);
        const QString log = window->logPane()->toPlainText();
        QVERIFY(log.contains(QStringLiteral("model staging is destroyed")));
        QVERIFY2(!log.contains(QStringLiteral("not found")), qPrintable(log)); // no read failed
        QVERIFY(!destroy->isEnabled());
        auto *box = window->findChild<QComboBox *>();
        QCOMPARE(box->count(), 1);
        QCOMPARE(box->currentText(), model);
    }

    void changesStagedFromDialogsAreUndoable()
    {
        Fixture f;
        auto window = f.window(false, true);
        QTRY_VERIFY(window->snapshotsApplied() > 0);
        QAction *deploy = nullptr;
        for (QAction *action : window->findChildren<QAction *>()) {
            if (action->text() == u"&Deploy…")
                deploy = action;
        }
        QVERIFY(deploy);
        QTimer::singleShot(0, this, [] {
            auto *dialog = qobject_cast<DeployDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            dialog->charm->setText(QStringLiteral("web"));
            dialog->units->setValue(2);
            dialog->accept();
        });
        deploy->trigger();
        const auto staged = [&] { return ChangeSet(f.ws()).count(model); };
        QCOMPARE(staged(), 1);
        QCOMPARE(window->undoStack()->count(), 1);
        QCOMPARE(window->undoStack()->undoText(), QStringLiteral("deploy web, 2 unit(s)"));
        QTRY_COMPARE(window->applicationsModel()->rowCount(), 1); // shown as planned
        window->undoStack()->undo();
        QCOMPARE(staged(), 0);
        QTRY_COMPARE(window->applicationsModel()->rowCount(), 0);
        window->undoStack()->redo();
        QCOMPARE(staged(), 1);
        QVERIFY(f.ws().snapshot(model).applications.isEmpty()); // still only staged
    }

    void progressShowsWhileMachinesStart()
    {
        Fixture f({QStringLiteral("latency-ms=400")}); // each start takes a while
        auto window = f.window(true);
        QTRY_VERIFY(window->snapshotsApplied() > 0);
        QProgressBar *bar = window->progressBar();
        QVERIFY(!bar->isVisible());
        f.deploy(QStringLiteral("web"), 3);
        // Under way: the bar shows how many of the three are done, the log
        // says a start began before it says it ended.
        QTRY_VERIFY_WITH_TIMEOUT(bar->isVisible(), 10'000);
        QCOMPARE(bar->maximum(), 3);
        QVERIFY(bar->value() < 3);
        QTRY_VERIFY_WITH_TIMEOUT(
            window->logPane()->toPlainText().contains(QStringLiteral("machine 0: starting")),
            10'000);
        QTRY_VERIFY_WITH_TIMEOUT(!bar->isVisible(), 30'000);
        QCOMPARE(f.instances().size(), 3);
        const QString log = window->logPane()->toPlainText();
        QVERIFY(log.indexOf(QStringLiteral("machine 0: starting")) <
                log.indexOf(QStringLiteral("machine 0: started")));
    }

    void shortcutsDoNotClashWithCommonOnes()
    {
        Fixture f;
        auto window = f.window();
        // Every key Qt binds on this platform (copy, print, underline, delete
        // the line in a text field, deselect, …) and what desktops keep for
        // themselves.
        QMap<QKeySequence, QString> common;
        for (int key = QKeySequence::HelpContents; key <= QKeySequence::Cancel; ++key) {
            for (const QKeySequence &sequence :
                 QKeySequence::keyBindings(QKeySequence::StandardKey(key)))
                common.insert(sequence, QStringLiteral("standard key %1").arg(key));
        }
        for (const char *desktop : {"Ctrl+M", "Ctrl+Shift+U", "Ctrl+Alt+L", "Ctrl+Alt+T",
                                    "Ctrl+Alt+Del", "Alt+F4", "Alt+Tab", "Ctrl+Shift+A"})
            common.insert(QKeySequence(QString::fromLatin1(desktop)), QString::fromLatin1(desktop));
        // The actions that mean what the common key means.
        const QMap<QString, QKeySequence::StandardKey> meant{
            {QStringLiteral("&Undo"), QKeySequence::Undo},
            {QStringLiteral("&Redo"), QKeySequence::Redo},
            {QStringLiteral("&Find…"), QKeySequence::Find},
            {QStringLiteral("&Quit"), QKeySequence::Quit},
            {QStringLiteral("&Open store…"), QKeySequence::Open},
            {QStringLiteral("&Reload"), QKeySequence::Refresh},
            {QStringLiteral("Remove &unit…"), QKeySequence::Delete},
            {QStringLiteral("Remove &machine…"), QKeySequence::Delete}};
        QMap<QString, QString> taken; // a key in a context → the action that has it
        int withShortcut = 0;
        for (const QAction *action : window->findChildren<QAction *>()) {
            for (const QKeySequence &sequence : action->shortcuts()) {
                ++withShortcut;
                const QString what = action->text() + u' ' + sequence.toString();
                if (meant.contains(action->text()))
                    QVERIFY2(
                        QKeySequence::keyBindings(meant.value(action->text())).contains(sequence),
                        qPrintable(what));
                else
                    QVERIFY2(!common.contains(sequence),
                             qPrintable(what + u' ' + common.value(sequence)));
                // Widget-bound shortcuts may share a key across widgets.
                QString where = QStringLiteral("window");
                if (action->shortcutContext() == Qt::WidgetWithChildrenShortcut) {
                    for (const QObject *object : action->associatedObjects()) {
                        if (qobject_cast<const QTreeView *>(object))
                            where = object->objectName() + QString::number(quintptr(object));
                    }
                }
                const QString key = sequence.toString() + u'@' + where;
                QVERIFY2(!taken.contains(key), qPrintable(what + u' ' + taken.value(key)));
                taken.insert(key, action->text());
                // Its keys in its tooltip, where a toolbar shows it.
                if (!meant.contains(action->text()) && action->text() != u"&Redo")
                    QVERIFY2(
                        action->toolTip().contains(sequence.toString(QKeySequence::NativeText)),
                        qPrintable(what + u' ' + action->toolTip()));
            }
        }
        QVERIFY(withShortcut >= 15);
        // Help ▸ About: the version, Qt's and the licence.
        const QString about = MainWindow::aboutText();
        QVERIFY(about.contains(QStringLiteral(BERTH_VERSION)));
        QVERIFY(about.contains(QString::fromLatin1(qVersion())));
        QVERIFY(about.contains(QStringLiteral("GNU General Public License, version 3 or later")));
        QStringList help;
        for (const QAction *action : window->menuBar()->actions().constLast()->menu()->actions())
            help << action->text();
        QCOMPARE(help, (QStringList{QStringLiteral("&Find Action…"), QString(),
                                    QStringLiteral("&About Berth"), QStringLiteral("About &Qt")}));
    }

    void cloudSettingsChangedElsewhereAreTakenUp()
    {
        Fixture f;
        auto window = f.window(true);
        f.deploy(QStringLiteral("web"), 1);
        QTRY_COMPARE_WITH_TIMEOUT(f.instances().size(), 1, 20'000);

        // Another client makes every start fail for good, as berthctl
        // update-cloud would: no restart, the window's provisioner follows.
        Store other(f.path());
        const ProviderTypes types = builtinProviderTypes();
        CloudCommands(other, types)
            .updateCloud(QStringLiteral("sim"),
                         {QStringLiteral("fault-rate=1"), QStringLiteral("fault-kind=permanent")});
        QTRY_VERIFY(window->logPane()->toPlainText().contains(
            QStringLiteral("provider accounts reloaded")));
        ModelCommands(f.ws()).setConfig(model, {QStringLiteral("retry-count=1")});
        f.deploy(QStringLiteral("api"), 1);
        QTRY_COMPARE_WITH_TIMEOUT(
            window->machinesModel()->index(1, MachinesModel::StatusColumn).data().toString(),
            QStringLiteral("error"), 20'000);
        QCOMPARE(f.instances().size(), 1);
    }

    void everyRowOperationAsksFirstAndStages()
    {
        Fixture f;
        f.deploy(QStringLiteral("web"), 2);      // machines 0 and 1
        f.deploy(QStringLiteral("db"), 1, true); // db/0, unplaced
        auto window = f.window(false, true);
        QTRY_COMPARE(window->machinesModel()->rowCount(), 2);
        QStringList questions;
        bool answer = false;
        window->setConfirm([&](const QString &, const QString &question) {
            questions << question;
            return answer;
        });
        QTreeView *apps = window->applicationView();
        apps->expandAll();

        // A unit's context menu: what can be done to it, from where it is.
        QVERIFY(selectRows(apps, {QStringLiteral("web/1")}));
        QStringList shown;
        connect(window.get(), &MainWindow::contextMenuShown, this, [&](QMenu *menu) {
            for (const QAction *action : menu->actions()) {
                if (!action->isSeparator())
                    shown << action->text() +
                                 (action->isEnabled() ? QString() : QStringLiteral(" (off)"));
            }
            QTimer::singleShot(0, menu, &QMenu::close);
        });
        const QRect rect = apps->visualRect(findRow(apps, QStringLiteral("web/1")));
        emit apps->customContextMenuRequested(rect.center());
        QCOMPARE(shown,
                 (QStringList{QStringLiteral("Place &on… (off)"), QStringLiteral("Remove &unit…"),
                              QStringLiteral("Show &details")}));

        // Removing asks first, naming what is stopped; "no" changes nothing.
        window->modelActions()->removeUnits()->trigger();
        QCOMPARE(questions.constLast(), QStringLiteral("Remove web/1? This stops machine 1."));
        QCOMPARE(ChangeSet(f.ws()).count(model), 0);
        answer = true;
        window->modelActions()->removeUnits()->trigger();
        QCOMPARE(ChangeSet(f.ws()).count(model), 1);
        QTRY_COMPARE(
            window->machinesModel()->index(1, MachinesModel::StatusColumn).data().toString(),
            QStringLiteral("to be removed"));

        // A machine that holds units goes with them (--force), and says so.
        QVERIFY(selectRows(window->machineTree(), {QStringLiteral("0")}));
        window->modelActions()->removeMachines()->trigger();
        QCOMPARE(questions.constLast(),
                 QStringLiteral("Remove machine 0? Its units go with it: web/0. This stops "
                                "machine 0."));

        // Placing from the keyboard: the unplaced unit, on the machine chosen.
        window->setChooseTarget(
            [](const QStringList &) { return std::optional<QString>(QString()); });
        QVERIFY(selectRows(apps, {QStringLiteral("db/0")}));
        QVERIFY(window->modelActions()->placeOn()->isEnabled());
        window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(window.get()));
        apps->setFocus();
        QTest::keyClick(apps, Qt::Key_L, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(ChangeSet(f.ws()).count(model), 3);

        // An application, with all its units.
        QVERIFY(selectRows(apps, {QStringLiteral("db")}));
        window->modelActions()->removeApplications()->trigger();
        QCOMPARE(questions.constLast(),
                 QStringLiteral("Remove db and its 1 unit(s)? No machine is stopped."));
        const ChangeSet::Preview preview = ChangeSet(f.ws()).preview(model);
        QStringList described;
        for (const ChangeSet::Item &item : preview.items)
            described << item.change.description();
        QCOMPARE(described, (QStringList{QStringLiteral("remove web/1"),
                                         QStringLiteral("remove machine 0 and its units"),
                                         QStringLiteral("place db/0 on a new machine"),
                                         QStringLiteral("remove application db")}));
        QCOMPARE(preview.refusals(), 0);

        // Committed, all of it happens; nothing was started, so nothing is left.
        window->changeSetPanel()->commit();
        const ModelSnapshot after = f.ws().snapshot(model);
        QVERIFY(after.machines.isEmpty());
        QCOMPARE(after.applications.size(), 1);
        QVERIFY(after.units.isEmpty());

        // Immediate mode: the same operation applies at once.
        window->setStaging(false);
        f.deploy(QStringLiteral("cache"), 1);
        QTRY_VERIFY(findRow(apps, QStringLiteral("cache/0")).isValid());
        QVERIFY(selectRows(apps, {QStringLiteral("cache/0")}));
        window->modelActions()->removeUnits()->trigger();
        QVERIFY(f.ws().snapshot(model).units.isEmpty());
        QCOMPARE(ChangeSet(f.ws()).count(model), 0);
    }

    void modelsUpdateInPlace()
    {
        Fixture f;
        f.deploy(QStringLiteral("web"), 2);
        ApplicationsModel apps;
        MachinesModel machines;
        TreeFilterModel appFilter;
        appFilter.setSourceModel(&apps);
        TreeFilterModel machineFilter;
        machineFilter.setSourceModel(&machines);
        QAbstractItemModelTester t1(&apps, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(&machines,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t3(&appFilter,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t4(&machineFilter,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy resets(&apps, &QAbstractItemModel::modelReset);
        QSignalSpy inserted(&apps, &QAbstractItemModel::rowsInserted);
        QSignalSpy changed(&machines, &QAbstractItemModel::dataChanged);

        apps.setSnapshot(f.ws().snapshot(model));
        machines.setSnapshot(f.ws().snapshot(model));
        // The first fill is one reset (views and proxies build their rows
        // once); every later snapshot updates in place.
        QCOMPARE(resets.size(), 1);
        resets.clear();
        QCOMPARE(apps.rowCount(), 1);
        QCOMPARE(apps.rowCount(apps.index(0, 0)), 2);
        QVERIFY(apps.index(0, ApplicationsModel::MachineColumn)
                    .data()
                    .toString()
                    .startsWith(QStringLiteral("2 unit"))); // plural forms come from translations
        QCOMPARE(machines.rowCount(), 2);

        // More units, a container, a subordinate: inserted rows, no reset.
        f.deploy(QStringLiteral("ntp"), 1);
        ApplicationCommands(f.ws()).addUnits(model, QStringLiteral("web"), 1,
                                             QStringLiteral("lxd:0"));
        inserted.clear();
        apps.setSnapshot(f.ws().snapshot(model));
        machines.setSnapshot(f.ws().snapshot(model));
        QVERIFY(!inserted.isEmpty());
        QCOMPARE(apps.rowCount(apps.index(0, 0)), 3);
        QCOMPARE(machines.rowCount(machines.index(0, 0)), 1); // 0/lxd/0
        QCOMPARE(machines.index(0, 0, machines.index(0, 0)).data().toString(),
                 QStringLiteral("0/lxd/0"));

        // A status change is a dataChanged on that row only.
        changed.clear();
        AsTheProvisioner::failed(f.ws(), model, QStringLiteral("1"), QStringLiteral("no capacity"));
        machines.setSnapshot(f.ws().snapshot(model));
        QCOMPARE(changed.size(), 1);
        const QModelIndex one = machines.indexOfMachine(QStringLiteral("1"));
        QCOMPARE(changed.first().at(0).value<QModelIndex>().row(), one.row());
        QCOMPARE(one.siblingAtColumn(MachinesModel::MessageColumn).data().toString(),
                 QStringLiteral("no capacity"));

        // Filters: text in any column, problems only, numbers sorted as numbers.
        machineFilter.setProblemsOnly(true);
        QCOMPARE(machineFilter.rowCount(), 1);
        machineFilter.setProblemsOnly(false);
        appFilter.setText(QStringLiteral("ntp"));
        QCOMPARE(appFilter.rowCount(), 1);
        QCOMPARE(appFilter.index(0, 0).data(ItemRoles::NameRole).toString(), QStringLiteral("ntp"));
        appFilter.setText({});
        ApplicationCommands(f.ws()).addUnits(model, QStringLiteral("web"), 9, {});
        apps.setSnapshot(f.ws().snapshot(model));
        appFilter.sort(ApplicationsModel::NameColumn, Qt::DescendingOrder);
        const QModelIndex webInFilter = appFilter.index(0, 0); // "web" after "ntp", reversed
        QCOMPARE(webInFilter.data(ItemRoles::NameRole).toString(), QStringLiteral("web"));
        QCOMPARE(appFilter.index(0, 0, webInFilter).data().toString(), QStringLiteral("web/11"));

        // Removal: rows go, nothing resets.
        ApplicationCommands(f.ws()).removeApplication(model, QStringLiteral("ntp"));
        apps.setSnapshot(f.ws().snapshot(model));
        QCOMPARE(apps.rowCount(), 1);
        QCOMPARE(resets.size(), 0);
    }

    void dragToPlaceWithUndo()
    {
        Fixture f;
        f.deploy(QStringLiteral("db"), 2, true);
        MachineCommands(f.ws()).addMachines(model, {{}, 1, {}, {}, {}}); // 0
        MachineCommands(f.ws()).addMachines(model,
                                            {{}, 1, QStringLiteral("ubuntu@24.04"), {}, {}}); // 1
        auto window = f.window();
        QTRY_VERIFY(window->snapshotsApplied() > 0);
        MachineView *view = window->machineView();
        QCOMPARE(view->unplacedUnits(),
                 (QStringList{QStringLiteral("db/0"), QStringLiteral("db/1")}));

        // The applications model packs the drag the same way.
        const QModelIndex db = window->applicationsModel()->index(0, 0);
        std::unique_ptr<QMimeData> packed(
            window->applicationsModel()->mimeData({window->applicationsModel()->index(0, 0, db)}));
        QCOMPARE(UnitMimeData::units(packed.get()), QStringList{QStringLiteral("db/0")});

        PlacementView *machines = view->machineView();
        QSignalSpy refused(view, &MachineView::refused);
        QVERIFY(
            !dropOn(machines, {QStringLiteral("db/0")}, rowCenter(machines, QStringLiteral("1"))));
        QVERIFY(!refused.isEmpty());
        QCOMPARE(
            refused.last().at(0).toString(),
            QStringLiteral("unable to place a ubuntu@22.04 unit on the ubuntu@24.04 machine 1"));
        QCOMPARE(f.machineOf(QStringLiteral("db/0")), QString());

        QVERIFY(
            dropOn(machines, {QStringLiteral("db/0")}, rowCenter(machines, QStringLiteral("0"))));
        QCOMPARE(f.machineOf(QStringLiteral("db/0")), QStringLiteral("0"));
        // Empty space: a new machine for it.
        QTRY_COMPARE(view->unplacedUnits(), QStringList{QStringLiteral("db/1")});
        const QPoint below(10, machines->viewport()->height() - 5);
        QVERIFY(dropOn(machines, {QStringLiteral("db/1")}, below));
        QCOMPARE(f.machineOf(QStringLiteral("db/1")), QStringLiteral("2"));

        QUndoStack *undo = window->undoStack();
        QCOMPARE(undo->count(), 2);
        undo->undo();
        QCOMPARE(f.machineOf(QStringLiteral("db/1")), QString());
        QTRY_COMPARE(window->machinesModel()->rowCount(), 2); // machine 2 went with the undo
        undo->undo();
        QCOMPARE(f.machineOf(QStringLiteral("db/0")), QString());
        undo->redo();
        QCOMPARE(f.machineOf(QStringLiteral("db/0")), QStringLiteral("0"));

        // Once its machine has started, a placement cannot be undone: it says so
        // and leaves the stack.
        AsTheProvisioner::started(f.ws(), model, QStringLiteral("0"), QStringLiteral("i-9"));
        QCOMPARE(undo->index(), 1);
        const int steps = undo->count();
        undo->undo();
        QCOMPARE(f.machineOf(QStringLiteral("db/0")), QStringLiteral("0"));
        QCOMPARE(undo->count(), steps - 1);
        QCOMPARE(undo->index(), 0);
        QVERIFY(window->logPane()->toPlainText().contains(
            QStringLiteral("cannot unplace unit db/0: machine 0 has been started")));

        // A container on the selected machine through the third column.
        QTRY_COMPARE(view->unplacedUnits(), QStringList{QStringLiteral("db/1")});
        view->selectMachine(QStringLiteral("0"));
        PlacementView *containers = view->containerView();
        QVERIFY(dropOn(containers, {QStringLiteral("db/1")}, QPoint(10, 10)));
        QCOMPARE(f.machineOf(QStringLiteral("db/1")), QStringLiteral("0/lxd/0"));
    }

    void containersAreNeverLargerThanTheirHosts()
    {
        Fixture f;
        MachineCommands(f.ws()).addMachines(model, {{}, 1, {}, QStringLiteral("mem=2G"), {}}); // 0
        ApplicationCommands::Deploy queue;
        queue.charm = QStringLiteral("queue");
        queue.constraints = QStringLiteral("mem=4G");
        queue.unplaced = true;
        ApplicationCommands(f.ws()).deploy(model, queue);
        auto window = f.window();
        QTRY_COMPARE(window->machineView()->unplacedUnits(),
                     QStringList{QStringLiteral("queue/0")});
        MachineView *view = window->machineView();
        view->selectMachine(QStringLiteral("0"));
        QSignalSpy refused(view, &MachineView::refused);

        // A new container on the 2 GB machine for a 4 GB unit: refused, nothing made.
        QVERIFY(!dropOn(view->containerView(), {QStringLiteral("queue/0")}, QPoint(10, 10)));
        QVERIFY(!refused.isEmpty());
        QCOMPARE(refused.last().at(0).toString(),
                 QStringLiteral("machine 0 has mem=2048M, unit queue/0 needs mem=4096M"));
        QCOMPARE(f.machineOf(QStringLiteral("queue/0")), QString());
        QCOMPARE(f.ws().snapshot(model).machines.size(), 1);

        // Nor through "Place on…" with a container directive.
        window->setChooseTarget([](const QStringList &) { return QStringLiteral("lxd:0"); });
        QVERIFY(selectRows(window->applicationView(), {QStringLiteral("queue/0")}));
        window->modelActions()->placeOn()->trigger();
        QCOMPARE(f.machineOf(QStringLiteral("queue/0")), QString());
        QCOMPARE(f.ws().snapshot(model).machines.size(), 1);
        QTRY_VERIFY(window->logPane()->toPlainText().contains(
            QStringLiteral("machine 0 has mem=2048M, unit queue/0 needs mem=4096M")));
    }

    void autoPlaceGivesEachUnitAMachine()
    {
        Fixture f;
        f.deploy(QStringLiteral("db"), 3, true);
        auto window = f.window();
        QTRY_COMPARE(window->machineView()->unplacedUnits().size(), 3);
        window->machineView()->autoPlaceButton()->click();
        QCOMPARE(f.ws().snapshot(model).machines.size(), 3);
        QTRY_VERIFY(window->machineView()->unplacedUnits().isEmpty());
        window->undoStack()->undo();
        QCOMPARE(f.ws().snapshot(model).machines.size(), 0);
    }

    void zoneChartShowsTheSpreadAndSkew()
    {
        Fixture f;
        f.deploy(QStringLiteral("web"), 3);
        f.deploy(QStringLiteral("db"), 1);
        ApplicationCommands(f.ws()).addUnits(model, QStringLiteral("db"), 2,
                                             QStringLiteral("zone=sim-east-a,zone=sim-east-a"));
        Provisioner provisioner(f.path(), f.clouds, model);
        QVERIFY(provisioner.runUntilIdle(std::atomic<bool>(false), 60'000));

        ZoneChart chart;
        chart.setSnapshot(f.ws().snapshot(model), f.clouds.get(QStringLiteral("sim")));
        QCOMPARE(chart.zones(),
                 (QStringList{QStringLiteral("sim-east-a"), QStringLiteral("sim-east-b"),
                              QStringLiteral("sim-east-c")}));
        QCOMPARE(chart.applications(), (QStringList{QStringLiteral("db"), QStringLiteral("web")}));
        QCOMPARE(chart.counts(QStringLiteral("web")), (QList<double>{1, 1, 1}));
        // Each application keeps its colour in every chart: without db, web's stays.
        const QColor web = chart.barColour(QStringLiteral("web"));
        QVERIFY(web.isValid());
        QVERIFY(chart.barColour(QStringLiteral("db")) != web);
        {
            ModelSnapshot withoutDb = f.ws().snapshot(model);
            withoutDb.applications.removeIf(
                [](const ApplicationRecord &a) { return a.name == u"db"; });
            withoutDb.units.removeIf([](const UnitRecord &u) { return u.application == u"db"; });
            ZoneChart other;
            other.setSnapshot(withoutDb, f.clouds.get(QStringLiteral("sim")));
            QCOMPARE(other.barColour(QStringLiteral("web")), web);
        }
        QCOMPARE(chart.skews().value(QStringLiteral("web")), 0);
        // db: two pinned to zone a, the third spread to an empty zone: 3, 0, 0 at worst.
        const QList<double> db = chart.counts(QStringLiteral("db"));
        QCOMPARE(db.at(0) + db.at(1) + db.at(2), 3.0);
        QCOMPARE(chart.skews().value(QStringLiteral("db")),
                 int(*std::max_element(db.cbegin(), db.cend()) -
                     *std::min_element(db.cbegin(), db.cend())));
        QVERIFY(chart.skews().value(QStringLiteral("db")) >= 2);
        // The plot stacks one bar set per application over the zones.
        QCOMPARE(chart.plot()->plottableCount(), 2);
        const auto *webBars = qobject_cast<QCPBars *>(chart.plot()->plottable(1));
        QCOMPARE(webBars->barBelow(), qobject_cast<QCPBars *>(chart.plot()->plottable(0)));
        QVERIFY(qobject_cast<QCPBars *>(chart.plot()->plottable(0))
                    ->name()
                    .contains(QStringLiteral("skew")));

        // Pointing at a segment tells its exact count; clicking it asks for its units.
        chart.resize(800, 400);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.plot()->replot();
        const double firstZone = chart.plot()->xAxis->coordToPixel(1);
        const QPointF bottom(firstZone, chart.plot()->yAxis->coordToPixel(db.at(0) - 0.5));
        QCOMPARE(chart.barAt(bottom),
                 std::make_pair(QStringLiteral("db"), QStringLiteral("sim-east-a")));
        QVERIFY(chart.toolTipAt(bottom).startsWith(
            QStringLiteral("db in sim-east-a: %1 unit").arg(int(db.at(0)))));
        // The same counts, in words, for a screen reader.
        QCOMPARE(chart.plot()->accessibleName(), QStringLiteral("Units per zone"));
        QVERIFY2(chart.plot()->accessibleDescription().contains(
                     QStringLiteral("db in sim-east-a: %1 unit").arg(int(db.at(0)))),
                 qPrintable(chart.plot()->accessibleDescription()));
        QSignalSpy clicked(&chart, &ZoneChart::segmentClicked);
        QTest::mouseClick(chart.plot(), Qt::LeftButton, {}, bottom.toPoint());
        QCOMPARE(clicked.size(), 1);
        QCOMPARE(clicked.first().at(0).toString(), QStringLiteral("db"));
        QCOMPARE(clicked.first().at(1).toString(), QStringLiteral("sim-east-a"));
        QVERIFY(
            chart.barAt(QPointF(firstZone, chart.plot()->yAxis->coordToPixel(50))).first.isEmpty());

        // A dark palette chosen while it runs: axes and legend follow it.
        QPalette dark = chart.palette();
        dark.setColor(QPalette::Base, QColor(30, 30, 32));
        dark.setColor(QPalette::Text, QColor(230, 230, 230));
        chart.setPalette(dark);
        QCOMPARE(chart.plot()->xAxis->tickLabelColor(), QColor(230, 230, 230));
        QCOMPARE(chart.plot()->legend->textColor(), QColor(230, 230, 230));

        // Another region: its zones, and no units there, which the caption says.
        chart.setRegion(QStringLiteral("sim-west"));
        QCOMPARE(chart.zones().first(), QStringLiteral("sim-west-a"));
        QVERIFY(chart.applications().isEmpty());
        QVERIFY(chart.caption().startsWith(QStringLiteral("No unit runs in a zone here yet")));
    }

    void onlyTheOpenModelsChangesAreRead()
    {
        Fixture f;
        f.deploy(QStringLiteral("web"), 1);
        ModelCommands(f.ws()).addModel(QStringLiteral("other"), QStringLiteral("sim"), {});
        auto window = f.window();
        QTRY_VERIFY(window->snapshotsApplied() > 0);
        const int before = window->snapshotsApplied();
        ApplicationCommands::Deploy d;
        d.charm = QStringLiteral("db");
        ApplicationCommands(f.ws()).deploy(QStringLiteral("other"), d);
        ApplicationCommands(f.ws()).addUnits(model, QStringLiteral("web"), 1, {});
        // The watcher takes commits in order: once the open model's unit is shown,
        // the other model's deploy before it has been seen, and read nothing.
        QTRY_COMPARE(
            window->applicationsModel()->rowCount(window->applicationsModel()->index(0, 0)), 2);
        QCOMPARE(window->snapshotsApplied(), before + 1);
    }

    void readOnlyStoreOpensForViewing()
    {
        // A SQLite store of its own, on whichever backend the suite runs.
        QTemporaryDir dir;
        ReadOnlyMount mount(dir.filePath(QStringLiteral("read-only")));
        if (!mount.isMounted())
            QSKIP(qPrintable(mount.reason()));
        const QString path = dir.filePath(QStringLiteral("read-only/berth.sqlite"));
        const ProviderTypes types = builtinProviderTypes();
        {
            Store store(path);
            CloudCommands(store, types)
                .updateCloud(QStringLiteral("sim"), {QStringLiteral("state-file=") +
                                                         dir.filePath(QStringLiteral("sim.sqlite")),
                                                     QStringLiteral("latency-ms=0")});
            const CloudRegistry clouds = CloudAccounts::registry(store, types);
            Workspace ws(store, clouds);
            ModelCommands(ws).ensureDefaultModel();
            ApplicationCommands::Deploy d;
            d.charm = QStringLiteral("db");
            d.count = 2;
            d.unplaced = true;
            ApplicationCommands(ws).deploy(model, d);
            MachineCommands(ws).addMachines(model, {{}, 1, {}, {}, {}});
        }
        QVERIFY(mount.setReadOnly(true));

        Store store(path);
        QVERIFY(store.isReadOnly());
        const CloudRegistry clouds = CloudAccounts::registry(store, types);
        Workspace ws(store, clouds);
        MainWindow::Options options;
        options.storeLocation = path;
        options.provision = true; // asked for, but a read-only store has no provisioner
        options.watchIntervalMs = 50;
        MainWindow window(ws, model, options);
        window.show();
        QTRY_VERIFY(window.snapshotsApplied() > 0);
        QVERIFY2(window.windowTitle().contains(u"read-only"), qPrintable(window.windowTitle()));
        MachineView *view = window.machineView();
        QCOMPARE(view->unplacedUnits(),
                 (QStringList{QStringLiteral("db/0"), QStringLiteral("db/1")}));

        // A drop is refused while dragging, with the reason.
        PlacementView *machines = view->machineView();
        QSignalSpy refused(view, &MachineView::refused);
        QVERIFY(
            !dropOn(machines, {QStringLiteral("db/0")}, rowCenter(machines, QStringLiteral("0"))));
        QVERIFY(!refused.isEmpty());
        QVERIFY2(refused.last().at(0).toString().startsWith(
                     QStringLiteral("the store \"%1\" is read-only").arg(path)),
                 qPrintable(refused.last().at(0).toString()));
        // Nothing tried to provision: no provisioner runs, and the log has no complaint.
        QVERIFY(window.provisionedModels().isEmpty());
        QVERIFY2(!window.logPane()->toPlainText().contains(u"provisioner"),
                 qPrintable(window.logPane()->toPlainText()));
        QCOMPARE(view->unplacedUnits(),
                 (QStringList{QStringLiteral("db/0"), QStringLiteral("db/1")}));
    }

    void viewsFollowOtherProcessesAndTheProvisioner()
    {
        Fixture f;
        f.deploy(QStringLiteral("web"), 1);
        auto window = f.window(true);
        QTRY_VERIFY(window->snapshotsApplied() > 0);
        // berthctl in another process: a second connection to the same store.
        Store other(f.path());
        Workspace otherWs(other, f.clouds);
        ApplicationCommands(otherWs).addUnits(model, QStringLiteral("web"), 2, {});
        QTRY_COMPARE_WITH_TIMEOUT(window->machinesModel()->rowCount(), 3, 5000);
        // The window's provisioner starts them, and the views show it.
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                for (int row = 0; row < window->machinesModel()->rowCount(); ++row) {
                    if (window->machinesModel()
                            ->index(row, MachinesModel::StatusColumn)
                            .data()
                            .toString() != u"started")
                        return false;
                }
                return true;
            }(),
            20000);
        QVERIFY(!window->logPane()->toPlainText().isEmpty());
    }

    void detailsShowAMachinesStatusHistory()
    {
        // Given a machine whose start failed (as the provisioner records it)
        Fixture f;
        MachineCommands(f.ws()).addMachines(model, {{}, 1, {}, {}, {}});
        f.ws().inModel(model, [](ModelTx &tx) {
            tx.machineLife().recordStart(tx.machines().get(QStringLiteral("0")),
                                         QStringLiteral("nonce-1"),
                                         QStringLiteral("starting in sim-east-a"));
            tx.machineLife().recordError(tx.machines().get(QStringLiteral("0")), 1,
                                         QStringLiteral("no capacity left in sim-east"));
        });
        auto window = f.window();
        QTRY_VERIFY(window->snapshotsApplied() > 0);

        // When it is selected
        QSignalSpy shown(window.get(), &MainWindow::statusLogShown);
        QTreeView *tree = window->machineTree();
        tree->setCurrentIndex(tree->model()->index(0, 0));

        // Then the details pane shows its history, read off the window's thread
        QVERIFY(shown.wait(10'000));
        QCOMPARE(shown.last().at(0).toString(), QStringLiteral("0"));
        const QString pane = window->detailsPane()->toPlainText();
        const qsizetype at = pane.indexOf(QStringLiteral("Status history"));
        QVERIFY2(at >= 0, qPrintable(pane));
        const QString history = pane.mid(at);
        QVERIFY(history.contains(QStringLiteral("starting in sim-east-a")));
        QVERIFY(history.contains(QStringLiteral("no capacity left in sim-east")));
        QVERIFY(history.indexOf(QStringLiteral("starting in sim-east-a")) <
                history.indexOf(QStringLiteral("no capacity left in sim-east")));
        QVERIFY(history.contains(QStringLiteral("provisioning error")));

        // And it follows the machine: a retry shows at once
        MachineCommands(f.ws()).retryProvisioning(model, {QStringLiteral("0")}, std::nullopt);
        QTRY_VERIFY_WITH_TIMEOUT(
            window->detailsPane()->toPlainText().contains(QStringLiteral("retry requested")),
            10'000);
    }

    void theGermanWindowShowsTheCoresWordsInGerman()
    {
        // Given the window's German translation, as berth installs it
        QTranslator german;
        QVERIFY(german.load(QStringLiteral(":/i18n/berth_de.qm")));
        QCoreApplication::installTranslator(&german);
        const auto restore = qScopeGuard([&] { QCoreApplication::removeTranslator(&german); });
        Fixture f;
        f.deploy(QStringLiteral("db"), 1, true);
        MachineCommands(f.ws()).addMachines(model,
                                            {{}, 1, QStringLiteral("ubuntu@24.04"), {}, {}}); // 0
        auto window = f.window();
        QTRY_VERIFY(window->snapshotsApplied() > 0);

        // Then a refusal the core gives while dragging is in German
        MachineView *view = window->machineView();
        PlacementView *machines = view->machineView();
        QSignalSpy refused(view, &MachineView::refused);
        QVERIFY(
            !dropOn(machines, {QStringLiteral("db/0")}, rowCenter(machines, QStringLiteral("0"))));
        QVERIFY(!refused.isEmpty());
        QCOMPARE(refused.last().at(0).toString(),
                 QStringLiteral("Eine Einheit mit ubuntu@22.04 kann nicht auf Maschine 0 mit "
                                "ubuntu@24.04 platziert werden"));
        // And so are the machine's status words
        QCOMPARE(window->machinesModel()->index(0, MachinesModel::StatusColumn).data().toString(),
                 QStringLiteral("wartend"));
        QCOMPARE(window->machinesModel()->index(0, MachinesModel::LifeColumn).data().toString(),
                 QStringLiteral("aktiv"));
        // As are the window's own (its classes' translation context names Berth's namespace)
        auto *tabs = qobject_cast<QTabWidget *>(window->centralWidget());
        QVERIFY(tabs);
        QCOMPARE(tabs->tabText(tabs->indexOf(view)), QStringLiteral("Masch&inenansicht"));
        // And a parser's refusal in a dialog
        QCOMPARE(Constraints::parse(QStringLiteral("mem=lots")).error,
                 QStringLiteral("Fehlerhafte Vorgabe „mem“: muss eine nicht negative Zahl sein, "
                                "wahlweise mit M/G/T/P dahinter"));
        // While the store keeps Juju's words, as berthctl prints them
        QCOMPARE(MachineState::text(f.ws().snapshot(model).machines.first().state.status),
                 QStringLiteral("pending"));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
