// The window as a user drives it all day, by keyboard and mouse: the details
// follow their row through every change, actions work on what is selected
// in the tab shown, dialogs take typing in their first field and Return as
// OK, and the window's own work leaves berthctl's choices alone.
#include "tests/testsupport.h"
#include "tests/ui/viewtesting.h"

#include "core/commands/applicationcommands.h"
#include "core/commands/changeset.h"
#include "core/commands/machinecommands.h"
#include "core/commands/modelcommands.h"
#include "core/commands/scalingcommands.h"
#include "core/store/workspace.h"
#include "ui/applicationsmodel.h"
#include "ui/changesetpanel.h"
#include "ui/commanddialog.h"
#include "ui/constrainteditordialog.h"
#include "ui/deploydialog.h"
#include "ui/itemroles.h"
#include "ui/machinesmodel.h"
#include "ui/machineview.h"
#include "ui/mainwindow.h"
#include "ui/modeldialogs.h"
#include "ui/placementview.h"
#include "ui/placeondialog.h"
#include "ui/policyeditordialog.h"
#include "ui/retrydialog.h"
#include "ui/searchpanel.h"
#include "ui/unitdragview.h"
#include "ui/unitmimedata.h"
#include "ui/zonechart.h"

#include <QAction>
#include <QApplication>
#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QFile>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProcess>
#include <QPushButton>
#include <QScopeGuard>
#include <QScreen>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>
#include <QToolTip>
#include <QTranslator>
#include <QTreeView>
#include <QTreeWidget>

#include <qcustomplot.h>

using namespace berth;

namespace {

const QString model = QStringLiteral("default");

struct Fixture : TestWorkspace
{
    Fixture()
        : TestWorkspace({QStringLiteral("latency-ms=0")})
    {}
    void deploy(const QString &charm, int count, bool unplaced = false,
                const QString &constraints = {})
    {
        ApplicationCommands::Deploy d;
        d.charm = charm;
        d.count = count;
        d.unplaced = unplaced;
        d.constraints = constraints;
        ApplicationCommands(ws()).deploy(model, d);
    }
    // A window on `model` that provisions nothing and stages its changes,
    // active, with its first snapshot in.
    std::unique_ptr<MainWindow> window()
    {
        MainWindow::Options options;
        options.storeLocation = path();
        options.provision = false;
        options.watchIntervalMs = 50;
        options.reloadClouds = [this] { reloadClouds(); };
        auto w = std::make_unique<MainWindow>(ws(), model, options);
        w->setStaging(true);
        w->show();
        w->activateWindow();
        if (!QTest::qWaitForWindowActive(w.get()) ||
            !QTest::qWaitFor([&] { return w->snapshotsApplied() > 0; }, 10'000))
            return nullptr;
        return w;
    }
};

// Where the keyboard focus is: in the dialog or menu open, else in the window.
QWidget *focused()
{
    if (QWidget *popup = QApplication::activePopupWidget())
        return popup;
    if (QWidget *dialog = QApplication::activeModalWidget())
        return dialog->focusWidget() ? dialog->focusWidget() : dialog;
    if (QApplication::focusWidget() && QApplication::activeWindow())
        return QApplication::focusWidget();
    // A dialog just closed: the window gets the keys again, where its focus was.
    for (QWidget *top : QApplication::topLevelWidgets()) {
        if (qobject_cast<MainWindow *>(top) && top->isVisible()) {
            top->activateWindow();
            if (!QTest::qWaitForWindowActive(top))
                return nullptr;
            return top->focusWidget() ? top->focusWidget() : top;
        }
    }
    return nullptr;
}

// Presses `key` where the keyboard focus is, as a user's key press goes.
void press(Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QTest::keyClick(focused(), key, modifiers);
}

// Types `text` where the keyboard focus is.
void type(const QString &text)
{
    QTest::keyClicks(focused(), text);
}

// Runs `answer` on the modal dialog of type T once it shows (the call that
// opens it blocks until it closes): the next call must be the one that opens it.
template <typename T> void whenShown(std::function<void(T *)> answer)
{
    // Polled, not waited for: the code that opens the dialog may spin the
    // event loop before it shows.
    auto *poll = new QTimer(qApp);
    auto *waited = new QElapsedTimer;
    waited->start();
    QObject::connect(poll, &QTimer::timeout, qApp, [poll, waited, answer = std::move(answer)] {
        QWidget *modal = QApplication::activeModalWidget();
        if (!modal && waited->elapsed() < 10'000)
            return;
        poll->stop();
        poll->deleteLater();
        delete waited;
        [&] {
            QVERIFY2(modal, "no dialog showed");
            auto *dialog = qobject_cast<T *>(modal);
            if (!dialog) {
                // Another dialog (a message box saying why): closed, and the test fails.
                const QString what = QString::fromLatin1(modal->metaObject()->className()) + u' ' +
                                     modal->windowTitle();
                modal->close();
                QFAIL(qPrintable(QStringLiteral("another dialog showed: ") + what));
            }
            QVERIFY(QTest::qWaitForWindowActive(dialog));
            answer(dialog);
        }();
        if (modal && modal->isVisible())
            modal->close(); // a failed check must not leave it open
    });
    poll->start(20);
}

// Clicks the row called `name` in `view`, as the mouse does.
bool clickRow(QAbstractItemView *view, const QString &name,
              Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    const QModelIndex index = findRow(view, name);
    if (!index.isValid())
        return false;
    view->scrollTo(index);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, modifiers,
                      view->visualRect(index).center());
    return view->currentIndex().siblingAtColumn(0) == index;
}

// The details pane's fields, without the status history below them.
QString detailFields(const MainWindow &window)
{
    const QString text = window.detailsPane()->toPlainText();
    return text.left(text.indexOf(QStringLiteral("Status history")));
}

QTabWidget *tabsOf(const MainWindow &window)
{
    return qobject_cast<QTabWidget *>(window.centralWidget());
}

} // namespace

class TestWindowCurrent : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        useOwnSettings(); // settings of their own, not the user's
    }

    void init()
    {
        QSettings().clear(); // every test starts from a window never used
    }

    // A failed machine, clicked: its reason in the details. Retry from the
    // Model menu (Alt+M, R, Return), then its start recorded by the
    // provisioner elsewhere: the details say what the tree says each time.
    void detailsFollowTheirMachineThroughARetry()
    {
        Fixture f;
        MachineCommands(f.ws()).addMachines(model, {{}, 1, {}, {}, {}});
        AsTheProvisioner::failed(f.ws(), model, QStringLiteral("0"),
                                 QStringLiteral("image for ubuntu@22.04 not found"));
        auto window = f.window();
        QVERIFY(window);
        QVERIFY(clickRow(window->machineTree(), QStringLiteral("0")));
        QTRY_VERIFY(detailFields(*window).contains(QStringLiteral("image for ubuntu@22.04")));

        press(Qt::Key_M, Qt::AltModifier);
        auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        QVERIFY2(menu, "Alt+M opened no menu");
        QCOMPARE(menu->title(), tr("&Model"));
        bool answered = false;
        whenShown<RetryDialog>([&](RetryDialog *dialog) {
            QCOMPARE(dialog->machines->count(), 1);
            QCOMPARE(dialog->machines->item(0)->checkState(), Qt::Checked);
            // The reason whole, wrapped at the list's width.
            QVERIFY(dialog->machines->wordWrap());
            QVERIFY(dialog->machines->item(0)->text().contains(
                QStringLiteral("image for ubuntu@22.04 not found")));
            press(Qt::Key_Return); // OK, whatever order the style puts the buttons in
            QTRY_VERIFY(!dialog->isVisible());
            QCOMPARE(dialog->result(), int(QDialog::Accepted));
            answered = true;
        });
        QTest::keyClick(menu, Qt::Key_R);
        QTRY_VERIFY(answered);

        // The tree and the details both say the machine waits again.
        QTRY_VERIFY_WITH_TIMEOUT(!detailFields(*window).contains(QStringLiteral("image for")),
                                 10'000);
        QVERIFY2(detailFields(*window).contains(QStringLiteral("pending")),
                 qPrintable(detailFields(*window)));
        AsTheProvisioner::started(f.ws(), model, QStringLiteral("0"), QStringLiteral("i-000037"));
        QTRY_VERIFY_WITH_TIMEOUT(detailFields(*window).contains(QStringLiteral("i-000037")),
                                 10'000);
        QVERIFY(detailFields(*window).contains(QStringLiteral("started")));
        // The history below has the whole story, the error included.
        QTRY_VERIFY(window->detailsPane()->toPlainText().contains(QStringLiteral("retry")));
    }

    // A chart's bar clicked: its units selected in the Overview, and the
    // details show one of them, not the row that was current before.
    void aChartClickShowsItsUnitsDetails()
    {
        Fixture f;
        f.deploy(QStringLiteral("web"), 1);
        f.deploy(QStringLiteral("db"), 1);
        AsTheProvisioner::started(f.ws(), model, QStringLiteral("0"), QStringLiteral("i-1"));
        AsTheProvisioner::started(f.ws(), model, QStringLiteral("1"), QStringLiteral("i-2"));
        auto window = f.window();
        QVERIFY(window);
        QVERIFY(clickRow(window->applicationView(), QStringLiteral("db")));
        QTRY_VERIFY(detailFields(*window).contains(QStringLiteral("db")));

        press(Qt::Key_C, Qt::AltModifier); // the Charts tab
        ZoneChart *chart = window->zoneChart();
        QTRY_VERIFY(chart->isVisible());
        QTRY_VERIFY(chart->applications().contains(QStringLiteral("web")));
        const int zone = int(chart->zones().indexOf(QStringLiteral("sim-east-a")));
        QVERIFY(zone >= 0);
        // web's segment sits on db's (applications stack in name order) or
        // under it: find the pixel that is web's.
        QPoint at;
        for (double y = 0.1; y < 2.0 && at.isNull(); y += 0.1) {
            const QPointF p(chart->plot()->xAxis->coordToPixel(zone + 1),
                            chart->plot()->yAxis->coordToPixel(y));
            if (chart->barAt(p).first == u"web")
                at = p.toPoint();
        }
        QVERIFY(!at.isNull());
        QTest::mouseClick(chart->plot(), Qt::LeftButton, {}, at);

        QTRY_COMPARE(tabsOf(*window)->currentIndex(), 0);
        QTRY_VERIFY(detailFields(*window).contains(QStringLiteral("web/0")));
        QVERIFY(!detailFields(*window).contains(QStringLiteral("db")));
    }

    // Ctrl+D: typing goes into Charm at once, nothing is red before it, and
    // Return deploys. Model ▸ New model the same; the new model opens in the
    // window and berthctl's current model stays where it was.
    void dialogsTakeTypingAndReturn()
    {
        Fixture f;
        ModelCommands(f.ws()).addModel(QStringLiteral("prod"), QStringLiteral("sim/sim-east"), {});
        QCOMPARE(f.ws().currentModel(), QStringLiteral("prod"));
        auto window = f.window();
        QVERIFY(window);

        bool deployed = false;
        whenShown<DeployDialog>([&](DeployDialog *dialog) {
            QCOMPARE(focused(), dialog->charm);
            QVERIFY(!dialog->problem().isEmpty()); // OK is off until there is a charm
            QVERIFY(dialog->shownMessage().isEmpty());
            type(QStringLiteral("Bad Charm"));
            QVERIFY(dialog->shownMessage().contains(QStringLiteral("invalid")));
            press(Qt::Key_Return); // refused: the dialog stays
            QVERIFY(dialog->isVisible());
            dialog->charm->clear();
            type(QStringLiteral("mysql"));
            QVERIFY(dialog->shownMessage().isEmpty());
            press(Qt::Key_Return);
            QTRY_VERIFY(!dialog->isVisible());
            deployed = dialog->result() == QDialog::Accepted;
        });
        press(Qt::Key_D, Qt::ControlModifier);
        QTRY_VERIFY(deployed);
        QTRY_VERIFY(findRow(window->applicationView(), QStringLiteral("mysql")).isValid());

        press(Qt::Key_M, Qt::AltModifier);
        auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        QVERIFY(menu);
        bool added = false;
        whenShown<AddModelDialog>([&](AddModelDialog *dialog) {
            QCOMPARE(focused(), dialog->name);
            QVERIFY(dialog->shownMessage().isEmpty());
            type(QStringLiteral("staging"));
            press(Qt::Key_Return);
            QTRY_VERIFY(!dialog->isVisible());
            added = dialog->result() == QDialog::Accepted;
        });
        QTest::keyClick(menu, Qt::Key_N);
        QTRY_VERIFY(added);
        QCOMPARE(window->model(), QStringLiteral("staging"));
        QCOMPARE(f.ws().currentModel(), QStringLiteral("prod"));
    }

    // In the Machine view the actions take its own selection: queue chosen
    // there, Ctrl+Shift+K edits queue's constraints (big is current in the
    // Overview), and Ctrl+Shift+L places the unit chosen there, from a list
    // that says what each machine is and which would refuse.
    void theMachineViewsSelectionIsWhatActionsTake()
    {
        Fixture f;
        f.deploy(QStringLiteral("big"), 1, false, QStringLiteral("mem=1G"));
        f.deploy(QStringLiteral("queue"), 1, true, QStringLiteral("mem=2G"));
        AsTheProvisioner::started(f.ws(), model, QStringLiteral("0"), QStringLiteral("i-7"),
                                  QStringLiteral("arch=amd64 cores=1 mem=1024M"));
        auto window = f.window();
        QVERIFY(window);
        QVERIFY(clickRow(window->applicationView(), QStringLiteral("big")));
        QCOMPARE(window->selectedApplication(), QStringLiteral("big"));

        press(Qt::Key_I, Qt::AltModifier); // Mach&ine view (Alt+M is the Model menu's)
        QTRY_COMPARE(tabsOf(*window)->currentWidget(), window->machineView());
        QTreeView *unplaced = window->machineView()->unplacedView();
        QVERIFY(clickRow(unplaced, QStringLiteral("queue")));
        QCOMPARE(window->selectedApplication(), QStringLiteral("queue"));

        bool edited = false;
        whenShown<ConstraintEditorDialog>([&](ConstraintEditorDialog *dialog) {
            QCOMPARE(dialog->windowTitle(), QStringLiteral("Constraints of queue"));
            QCOMPARE(dialog->field(ConstraintKey::Mem)->text(), QStringLiteral("2048M"));
            edited = true;
        });
        press(Qt::Key_K, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_VERIFY(edited);

        QVERIFY(clickRow(unplaced, QStringLiteral("queue/0")));
        bool placed = false;
        whenShown<PlaceOnDialog>([&](PlaceOnDialog *dialog) {
            QListWidget *list = dialog->list();
            QCOMPARE(list->count(), 2); // a new machine, machine 0
            QListWidgetItem *zero = list->item(1);
            // What tells the machine apart, and why it would refuse queue/0.
            for (const char *word : {"machine 0", "sim-east-a", "t3.medium", "ubuntu@22.04",
                                     "1 unit", "would refuse", "mem=1024M", "mem=2048M"})
                QVERIFY2(zero->text().contains(QString::fromLatin1(word)),
                         qPrintable(zero->text()));
            QVERIFY(!(zero->flags() & Qt::ItemIsEnabled));
            press(Qt::Key_Down); // the refusing machine is passed over
            QCOMPARE(list->currentRow(), 0);
            press(Qt::Key_Return);
            QTRY_VERIFY(!dialog->isVisible());
            placed = dialog->target() == QString();
        });
        press(Qt::Key_L, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_VERIFY(placed);
        // Staged: queue/0 on a new machine once committed.
        QTRY_VERIFY_WITH_TIMEOUT(window->machineView()->unplacedUnits().isEmpty(), 10'000);
    }

    // An application deployed but only staged: its constraints are edited
    // as the window shows them, and the change waits behind its deploy.
    void aStagedApplicationIsEditedAsShown()
    {
        Fixture f;
        auto window = f.window();
        QVERIFY(window);
        whenShown<DeployDialog>([&](DeployDialog *dialog) {
            type(QStringLiteral("queue"));
            dialog->constraints->setText(QStringLiteral("mem=2G"));
            press(Qt::Key_Return);
        });
        press(Qt::Key_D, Qt::ControlModifier);
        QTRY_VERIFY(findRow(window->applicationView(), QStringLiteral("queue")).isValid());
        QVERIFY(clickRow(window->applicationView(), QStringLiteral("queue")));

        whenShown<ConstraintEditorDialog>([&](ConstraintEditorDialog *dialog) {
            QCOMPARE(dialog->field(ConstraintKey::Mem)->text(), QStringLiteral("2048M"));
            dialog->field(ConstraintKey::Mem)->setText(QStringLiteral("4G"));
            dialog->accept();
        });
        press(Qt::Key_K, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_COMPARE_WITH_TIMEOUT(ChangeSet(f.ws()).count(model), qint64(2), 10'000);
        const CommandResult committed = ChangeSet(f.ws()).commit(model);
        QVERIFY(!committed.messages.isEmpty());
        QCOMPARE(f.ws().snapshot(model).applications.constFirst().constraints.toString(),
                 QStringLiteral("mem=4096M"));
    }

    // Alt and a letter opens one thing: the menus' and the tabs' underlined
    // letters differ, in English and in German.
    void everyAltKeyOpensOneThing()
    {
        for (const bool german : {false, true}) {
            QTranslator translation;
            if (german) {
                QVERIFY(translation.load(QStringLiteral(":/i18n/berth_de.qm")));
                QCoreApplication::installTranslator(&translation);
            }
            const auto removeTranslation = qScopeGuard([&] {
                if (german)
                    QCoreApplication::removeTranslator(&translation);
            });
            Fixture f;
            auto window = f.window();
            QVERIFY(window);
            QStringList texts;
            for (const QAction *menu : window->menuBar()->actions())
                texts << menu->text();
            QTabWidget *tabs = tabsOf(*window);
            for (int i = 0; i < tabs->count(); ++i)
                texts << tabs->tabText(i);
            QMap<QChar, QString> taken;
            for (const QString &text : std::as_const(texts)) {
                const qsizetype at = text.indexOf(u'&');
                QVERIFY2(at >= 0 && at + 1 < text.size(), qPrintable(text));
                const QChar letter = text.at(at + 1).toLower();
                QVERIFY2(!taken.contains(letter),
                         qPrintable(text + QStringLiteral(" and ") + taken.value(letter)));
                taken.insert(letter, text);
            }
            QCOMPARE(taken.size(), 10); // six menus, four tabs
        }
    }

    // Removing a unit whose machine was made for it: the change set and the
    // commit's question say what stops and what that saves, not only what
    // starts. A unit staged onto a started machine is not counted started.
    void theChangeSetSaysWhatStopsAsWellAsWhatStarts()
    {
        Fixture f;
        f.deploy(QStringLiteral("big"), 1);
        f.deploy(QStringLiteral("web"), 1);
        AsTheProvisioner::started(f.ws(), model, QStringLiteral("0"), QStringLiteral("i-000016"),
                                  QStringLiteral("arch=amd64 cores=16 mem=65536M"),
                                  QStringLiteral("m5.4xlarge"));
        AsTheProvisioner::started(f.ws(), model, QStringLiteral("1"), QStringLiteral("i-000017"));
        auto window = f.window();
        QVERIFY(window);
        QVERIFY(clickRow(window->applicationView(), QStringLiteral("big/0")));
        bool asked = false;
        whenShown<QMessageBox>([&](QMessageBox *box) {
            QVERIFY2(box->text().contains(QStringLiteral("This stops machine 0 (instance "
                                                         "i-000016)")),
                     qPrintable(box->text()));
            press(Qt::Key_Return); // Yes
            asked = true;
        });
        press(Qt::Key_Delete);
        QTRY_VERIFY(asked);

        ChangeSetPanel *changes = window->changeSetPanel();
        QTRY_VERIFY_WITH_TIMEOUT(changes->summary().contains(QStringLiteral("stops 1 instance")),
                                 10'000);
        const QString summary = changes->summary();
        QVERIFY2(summary.contains(QStringLiteral("saving 0.768 per hour")), qPrintable(summary));
        for (const char *word : {"i-000016", "m5.4xlarge", "sim-east-a"})
            QVERIFY2(summary.contains(QString::fromLatin1(word)), qPrintable(summary));
        QVERIFY(summary.contains(QStringLiteral("Commit starts 0 instance(s)")));

        // A unit of web staged onto its started machine: 1 of 2 started.
        ChangeSet(f.ws()).stage(
            model, ModelChange::addUnits(QStringLiteral("web"), 1, QStringLiteral("1")));
        QTRY_VERIFY_WITH_TIMEOUT(
            findRow(window->applicationView(), QStringLiteral("web/1")).isValid(), 10'000);
        const QModelIndex web = findRow(window->applicationView(), QStringLiteral("web"));
        const QString status =
            web.siblingAtColumn(ApplicationsModel::StatusColumn).data().toString();
        QVERIFY2(status.startsWith(QStringLiteral("1 of 2 started")), qPrintable(status));
    }

    // The window's size is kept as it changes, and the window closes as the
    // user would close it when its process is told to end (SIGTERM).
    void theWindowKeepsItsSize()
    {
        Fixture f;
        {
            auto window = f.window();
            QVERIFY(window);
            window->resize(1400, 880);
            QTRY_VERIFY(!QSettings().value(QStringLiteral("window/geometry")).isNull());
        } // gone without a close event, as a killed window is
        auto again = f.window();
        QVERIFY(again);
        QCOMPARE(again->size(), QSize(1400, 880));

        // The program itself, ended by a signal: it closes and saves.
        QProcessEnvironment env = isolatedEnvironment(f.dir);
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        QProcess berth;
        berth.setProcessEnvironment(env);
        berth.start(QStringLiteral(BERTH_PATH), {QStringLiteral("--db"), f.path()});
        QVERIFY(berth.waitForStarted());
        const QString config = f.dir.filePath(QStringLiteral("config/berth/berth.conf"));
        // Up once it has said which model it shows (it remembers it at once).
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(config), 20'000);
        berth.terminate();
        QVERIFY(berth.waitForFinished(20'000));
        QCOMPARE(berth.exitStatus(), QProcess::NormalExit);
        QCOMPARE(berth.exitCode(), 0);
        const QSettings saved(config, QSettings::IniFormat);
        QVERIFY(!saved.value(QStringLiteral("window/geometry")).isNull());
    }

    // berth --help answers with no display at all, and berth alone says in
    // one line that it has none to open on.
    void helpNeedsNoDisplay()
    {
        QTemporaryDir dir;
        QProcessEnvironment env = isolatedEnvironment(dir);
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        ProcessResult r = runProgram(QStringLiteral(BERTH_PATH), {QStringLiteral("--help")}, env);
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("--db <PATH|URL>")), qPrintable(r.out + r.err));
        r = runProgram(QStringLiteral(BERTH_PATH), {}, env);
        QCOMPARE(r.code, 1);
        QCOMPARE(r.err, QStringLiteral("berth: no display to open the window on (DISPLAY and "
                                       "WAYLAND_DISPLAY are unset); run it in a desktop session, "
                                       "or use berthctl\n"));
    }

    // On the screen they open on (and on 1600×1000 at 2×, 800×500 to the
    // window) the dialogs fit, their OK buttons within reach, and the
    // constraint editor's problems stand one to a line.
    void dialogsFitTheScreen()
    {
        Fixture f;
        f.deploy(QStringLiteral("web"), 1);
        auto window = f.window();
        QVERIFY(window);
        const QRect screen = window->screen()->availableGeometry();
        // tst_windowcurrent_2x runs this at 2× on a 1600×1000 screen.
        if (qEnvironmentVariable("QT_SCALE_FACTOR") == u"2")
            QCOMPARE(screen.size(), QSize(800, 500));
        QVERIFY(clickRow(window->applicationView(), QStringLiteral("web")));
        const auto reachable = [&](QDialog *dialog) {
            const QRect frame = dialog->frameGeometry();
            QVERIFY2(frame.height() <= screen.height(),
                     qPrintable(QString::number(frame.height())));
            auto *buttons = dialog->findChild<QDialogButtonBox *>();
            QVERIFY(buttons);
            QPushButton *ok = buttons->button(QDialogButtonBox::Ok);
            const QRect okRect(ok->mapToGlobal(QPoint(0, 0)), ok->size());
            QVERIFY2(screen.contains(okRect.center()),
                     qPrintable(QStringLiteral("OK at %1,%2").arg(okRect.x()).arg(okRect.y())));
        };
        bool seen = false;
        whenShown<ConstraintEditorDialog>([&](ConstraintEditorDialog *dialog) {
            reachable(dialog);
            dialog->field(ConstraintKey::Arch)->setText(QStringLiteral("sparc"));
            dialog->field(ConstraintKey::Mem)->setText(QStringLiteral("lots"));
            const QList<QLabel *> summary = dialog->findChildren<QLabel *>();
            QString text;
            for (const QLabel *label : summary) {
                if (label->text().contains(QStringLiteral("<br>")))
                    text = label->text();
            }
            // One problem a line: arch's, then mem's.
            const qsizetype arch = text.indexOf(QStringLiteral("&quot;arch&quot;"));
            const qsizetype mem = text.indexOf(QStringLiteral("&quot;mem&quot;"));
            QVERIFY2(arch >= 0 && mem > arch && text.mid(arch, mem - arch).contains(u"<br>"),
                     qPrintable(text));
            seen = true;
        });
        press(Qt::Key_K, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_VERIFY(seen);
        seen = false;
        whenShown<QDialog>([&](QDialog *dialog) {
            QCOMPARE(dialog->windowTitle().contains(QStringLiteral("web")), true);
            reachable(dialog);
            seen = true;
        });
        press(Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_VERIFY(seen);
    }

    // At 1600 px the machines' reason and their zone show without
    // scrolling, the reason whole in its tooltip, and an application's
    // status is never cut as machines fail.
    void reasonsAreInSight()
    {
        Fixture f;
        f.deploy(QStringLiteral("web"), 6);
        for (const char *machine : {"0", "1", "2"})
            AsTheProvisioner::started(f.ws(), model, QString::fromLatin1(machine),
                                      QStringLiteral("i-") + QString::fromLatin1(machine));
        const QString reason = QStringLiteral("image for ubuntu@22.04 not found in sim-east-b; "
                                              "the cloud has no such image in this zone");
        for (const char *machine : {"4", "5"})
            AsTheProvisioner::failed(f.ws(), model, QString::fromLatin1(machine), reason);
        auto window = f.window();
        QVERIFY(window);
        window->resize(1600, 1000);
        QTRY_COMPARE(window->width(), 1600);
        QTreeView *machines = window->machineTree();
        QTRY_VERIFY_WITH_TIMEOUT(findRow(machines, QStringLiteral("5"))
                                         .siblingAtColumn(MachinesModel::MessageColumn)
                                         .data()
                                         .toString() == reason,
                                 10'000);
        for (const int column :
             {int(MachinesModel::StatusColumn), int(MachinesModel::MessageColumn),
              int(MachinesModel::ZoneColumn), int(MachinesModel::TypeColumn)}) {
            const int right = machines->header()->sectionViewportPosition(column) +
                              machines->header()->sectionSize(column);
            QVERIFY2(right <= machines->viewport()->width(),
                     qPrintable(QStringLiteral("column %1 ends at %2 of %3")
                                    .arg(column)
                                    .arg(right)
                                    .arg(machines->viewport()->width())));
        }
        QCOMPARE(findRow(machines, QStringLiteral("5"))
                     .siblingAtColumn(MachinesModel::MessageColumn)
                     .data(Qt::ToolTipRole)
                     .toString(),
                 reason);
        // One more fails while the window is open: the status grows, its column too.
        AsTheProvisioner::failed(f.ws(), model, QStringLiteral("3"), reason);
        QTreeView *apps = window->applicationView();
        const QModelIndex web = findRow(apps, QStringLiteral("web"));
        QTRY_VERIFY(web.siblingAtColumn(ApplicationsModel::StatusColumn)
                        .data()
                        .toString()
                        .contains(QStringLiteral("3 failed")));
        const QString status =
            web.siblingAtColumn(ApplicationsModel::StatusColumn).data().toString();
        QTRY_VERIFY2(apps->columnWidth(ApplicationsModel::StatusColumn) >=
                         apps->fontMetrics().horizontalAdvance(status),
                     qPrintable(status));
    }

    // The Machine view by keyboard shows where the keys act, and a drag
    // over a machine that refuses says why beside the pointer, on that row,
    // while the drag's picture sits clear of the row under the pointer.
    void theMachineViewShowsFocusAndRefusals()
    {
        Fixture f;
        f.deploy(QStringLiteral("queue"), 1, true, QStringLiteral("mem=2G"));
        MachineCommands(f.ws()).addMachines(model, {{}, 1, {}, {}, {}});
        AsTheProvisioner::started(f.ws(), model, QStringLiteral("0"), QStringLiteral("i-1"),
                                  QStringLiteral("arch=amd64 cores=1 mem=1024M"));
        auto window = f.window();
        QVERIFY(window);
        press(Qt::Key_I, Qt::AltModifier);
        MachineView *view = window->machineView();
        QTRY_COMPARE(tabsOf(*window)->currentWidget(), view);
        QVERIFY(clickRow(view->unplacedView(), QStringLiteral("queue/0")));
        PlacementView *machines = view->machineView();
        for (int i = 0; i < 4 && focused() != machines; ++i)
            press(Qt::Key_Tab);
        QCOMPARE(focused(), machines);
        // The focus shows on a row, so Up and Down act where it is seen.
        QVERIFY(machines->currentIndex().isValid());
        press(Qt::Key_Down);
        QVERIFY(machines->currentIndex().isValid());

        // A drag of queue/0 (2 GB) over machine 0 (1 GB).
        const QModelIndex zero = findRow(machines, QStringLiteral("0"));
        const QPoint over = machines->visualRect(zero).center();
        std::unique_ptr<QMimeData> data(UnitMimeData::create({QStringLiteral("queue/0")}));
        QDragEnterEvent enter(over, Qt::MoveAction, data.get(), Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(machines->viewport(), &enter);
        QDragMoveEvent move(over, Qt::MoveAction, data.get(), Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(machines->viewport(), &move);
        QVERIFY(!move.isAccepted());
        QTRY_VERIFY(QToolTip::isVisible());
        QVERIFY2(QToolTip::text().contains(QStringLiteral("machine 0 has mem=1024M")),
                 qPrintable(QToolTip::text()));
        // Off the refusing row (empty space: a new machine) the tip goes.
        const QPoint empty(over.x(), machines->viewport()->height() - 5);
        QDragMoveEvent away(empty, Qt::MoveAction, data.get(), Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(machines->viewport(), &away);
        QVERIFY(away.isAccepted());
        QTRY_VERIFY(!QToolTip::isVisible());
        QDragLeaveEvent leave;
        QCoreApplication::sendEvent(machines->viewport(), &leave);

        // The picture hangs below and right of the pointer, and names the units.
        QVERIFY(UnitDragView::dragHotSpot().x() < 0 && UnitDragView::dragHotSpot().y() < 0);
        QCOMPARE(UnitDragView::dragLabel({QStringLiteral("queue/0"), QStringLiteral("queue/1"),
                                          QStringLiteral("queue/2")}),
                 QStringLiteral("queue/0 and 2 more"));
    }

    // A placement policy edited in the window waits in the change set like
    // any other change (and Ctrl+Z takes it out); committed, it holds.
    void policyEditsAreStaged()
    {
        Fixture f;
        f.deploy(QStringLiteral("web"), 1);
        auto window = f.window();
        QVERIFY(window);
        QVERIFY(clickRow(window->applicationView(), QStringLiteral("web")));
        whenShown<PolicyEditorDialog>([&](PolicyEditorDialog *dialog) {
            QTableWidget *regions = dialog->regionTable();
            QVERIFY(regions->rowCount() >= 2);
            // sim-east 300, sim-west 100, as a user ticks them and turns their weights up.
            for (const auto &[row, weight] : {std::pair{0, 300}, std::pair{1, 100}}) {
                regions->item(row, PolicyEditorDialog::NameColumn)->setCheckState(Qt::Checked);
                auto *spin = qobject_cast<QSpinBox *>(
                    regions->cellWidget(row, PolicyEditorDialog::WeightColumn));
                QVERIFY(spin);
                spin->setValue(weight);
            }
            QVERIFY2(dialog->problem().isEmpty(), qPrintable(dialog->problem()));
            auto *buttons = dialog->findChild<QDialogButtonBox *>();
            QTest::mouseClick(buttons->button(QDialogButtonBox::Ok), Qt::LeftButton);
        });
        press(Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_COMPARE_WITH_TIMEOUT(ChangeSet(f.ws()).count(model), qint64(1), 10'000);
        // Not in the model yet.
        QVERIFY(!ScalingCommands(f.ws()).report(model, QStringLiteral("web")).policies.region);
        QCOMPARE(ChangeSet(f.ws()).preview(model).items.constFirst().change.description(),
                 QStringLiteral("set the placement policies of web (region)"));
        // Undo's keys take it out of the change set again, Redo's put it back.
        QTest::keySequence(focused(), QKeySequence::Undo);
        QTRY_COMPARE(ChangeSet(f.ws()).count(model), qint64(0));
        QTest::keySequence(focused(), QKeySequence::Redo);
        QTRY_COMPARE(ChangeSet(f.ws()).count(model), qint64(1));
        ChangeSet(f.ws()).commit(model);
        const auto report = ScalingCommands(f.ws()).report(model, QStringLiteral("web"));
        QVERIFY(report.policies.region);
    }

    // Until a model's rows are in, the window says it is reading it; then
    // the trees hold every row, the machines in number order (10 after 9),
    // sortable by any column and back.
    void aModelIsSaidToBeReadingUntilItsRowsAreIn()
    {
        Fixture f;
        f.deploy(QStringLiteral("web"), 12);
        MainWindow::Options options;
        options.storeLocation = f.path();
        options.provision = false;
        options.watchIntervalMs = 50;
        MainWindow window(f.ws(), model, options);
        window.show();
        const auto reading = [&] {
            for (const QLabel *label : window.findChildren<QLabel *>()) {
                if (label->isVisible() && label->text().contains(QStringLiteral("Reading model")))
                    return true;
            }
            return false;
        };
        if (window.snapshotsApplied() == 0) // the first read still under way
            QVERIFY(reading());
        QTRY_VERIFY(window.snapshotsApplied() > 0);
        QVERIFY(!reading());
        QTreeView *machines = window.machineTree();
        QCOMPARE(machines->model()->rowCount(), 12);
        QStringList order;
        for (int row = 0; row < machines->model()->rowCount(); ++row)
            order << machines->model()->index(row, 0).data(ItemRoles::NameRole).toString();
        QCOMPARE(order.mid(8, 4), (QStringList{QStringLiteral("8"), QStringLiteral("9"),
                                               QStringLiteral("10"), QStringLiteral("11")}));
        // Newest first by a click on the header, then back.
        const QPoint header(machines->header()->sectionViewportPosition(MachinesModel::NameColumn) +
                                4,
                            machines->header()->height() / 2);
        QTest::mouseClick(machines->header()->viewport(), Qt::LeftButton, {}, header);
        QTRY_COMPARE(machines->model()->index(0, 0).data(ItemRoles::NameRole).toString(),
                     QStringLiteral("11"));
        QTest::mouseClick(machines->header()->viewport(), Qt::LeftButton, {}, header);
        QTRY_COMPARE(machines->model()->index(0, 0).data(ItemRoles::NameRole).toString(),
                     QStringLiteral("0"));
        QCOMPARE(machines->model()->index(10, 0).data(ItemRoles::NameRole).toString(),
                 QStringLiteral("10"));
        // A unit tree's units in number order too, under their application.
        const QModelIndex web = findRow(window.applicationView(), QStringLiteral("web"));
        QCOMPARE(web.model()->index(10, 0, web).data(ItemRoles::NameRole).toString(),
                 QStringLiteral("web/10"));
    }

    // Keys alone: find a unit (Search, Ctrl+Alt+F), place it (Place on…,
    // Ctrl+Shift+L), find its application and relate it to a subordinate
    // (Application ▸ Relate to…), then commit (Ctrl+Return): no pointer.
    void placesRelatesAndCommitsWithTheKeyboardAlone()
    {
        Fixture f;
        f.deploy(QStringLiteral("web"), 1);
        f.deploy(QStringLiteral("cache"), 1, true);
        ApplicationCommands::Deploy ntp;
        ntp.charm = QStringLiteral("ntp");
        ntp.subordinate = true;
        ApplicationCommands(f.ws()).deploy(model, ntp);
        auto window = f.window();
        QVERIFY(window);
        // Searches, and goes to the one row found (named `name`).
        const auto find = [&](const QString &query, const QString &name) {
            press(Qt::Key_F, Qt::ControlModifier | Qt::AltModifier);
            QTRY_COMPARE(focused(), window->searchPanel()->queryEdit());
            press(Qt::Key_A, Qt::ControlModifier);
            type(query);
            press(Qt::Key_Return); // the results, at once
            QTreeWidget *results = window->searchPanel()->results();
            QTRY_VERIFY(results->topLevelItemCount() == 1 &&
                        results->topLevelItem(0)->text(2) == name);
            QTRY_COMPARE(focused(), window->searchPanel()->results());
            press(Qt::Key_Return); // its row, in the view that shows it
            QTRY_COMPARE(focused(), window->applicationView());
        };
        find(QStringLiteral("name:cache/0"), QStringLiteral("cache/0"));
        QCOMPARE(window->selectedUnits(), QStringList{QStringLiteral("cache/0")});
        bool placed = false;
        whenShown<PlaceOnDialog>([&](PlaceOnDialog *dialog) {
            QCOMPARE(dialog->list()->currentRow(), 0); // a new machine
            press(Qt::Key_Return);
            QTRY_VERIFY(!dialog->isVisible());
            placed = dialog->result() == QDialog::Accepted;
        });
        press(Qt::Key_L, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_VERIFY(placed);

        find(QStringLiteral("is:application cache"), QStringLiteral("cache"));
        QCOMPARE(window->selectedApplication(), QStringLiteral("cache"));
        press(Qt::Key_A, Qt::AltModifier); // the Application menu
        auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        QVERIFY(menu);
        bool related = false;
        auto *poll = new QTimer(window.get());
        connect(poll, &QTimer::timeout, window.get(), [&, poll] {
            auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            poll->deleteLater();
            // What cache can be related to: the subordinate ntp, the principal web.
            QCOMPARE(dialog->comboBoxItems(),
                     (QStringList{QStringLiteral("ntp"), QStringLiteral("web")}));
            QCOMPARE(dialog->textValue(), QStringLiteral("ntp"));
            press(Qt::Key_Return);
            related = true;
        });
        poll->start(20);
        QTest::keyClick(menu, Qt::Key_R); // &Relate to…
        QTRY_VERIFY(related);
        QTRY_COMPARE(ChangeSet(f.ws()).count(model), 2);

        QTRY_COMPARE(window->changeSetPanel()->preview().items.size(), 2);
        QVERIFY(window->changeSetPanel()->commitButton()->isEnabled());
        bool asked = false;
        whenShown<QMessageBox>([&](QMessageBox *box) {
            QVERIFY2(box->text().startsWith(QStringLiteral("Apply 2 staged change(s)?")),
                     qPrintable(box->text()));
            press(Qt::Key_Return);
            asked = true;
        });
        press(Qt::Key_Return, Qt::ControlModifier); // Edit ▸ Commit changes…
        QTRY_VERIFY(asked);
        QTRY_COMPARE(ChangeSet(f.ws()).count(model), 0);
        const ModelSnapshot after = f.ws().snapshot(model);
        const auto unit = std::find_if(after.units.cbegin(), after.units.cend(),
                                       [](const UnitRecord &u) { return u.name() == u"cache/0"; });
        QVERIFY(unit != after.units.cend() && !unit->machine.isEmpty());
        QVERIFY(std::any_of(after.relations.cbegin(), after.relations.cend(),
                            [](const RelationRecord &r) {
                                return r.subordinate == u"ntp" && r.principal == u"cache";
                            }));
    }

    // Auto place (Ctrl+Shift+R) puts a unit on the idle started machine
    // that takes it, the cheapest first, before it starts anything new; a
    // machine too small is passed over.
    void autoPlaceUsesIdleMachinesFirst()
    {
        Fixture f;
        MachineCommands(f.ws()).addMachines(model, {{}, 3, {}, {}, {}});
        AsTheProvisioner::started(f.ws(), model, QStringLiteral("0"), QStringLiteral("i-0"),
                                  QStringLiteral("arch=amd64 cores=2 mem=16384M"),
                                  QStringLiteral("r5.large"));
        AsTheProvisioner::started(f.ws(), model, QStringLiteral("1"), QStringLiteral("i-1"),
                                  QStringLiteral("arch=amd64 cores=1 mem=1024M"),
                                  QStringLiteral("t3.micro"));
        AsTheProvisioner::started(f.ws(), model, QStringLiteral("2"), QStringLiteral("i-2"),
                                  QStringLiteral("arch=amd64 cores=1 mem=4096M"),
                                  QStringLiteral("m5.medium"));
        f.deploy(QStringLiteral("queue"), 3, true, QStringLiteral("mem=2G"));
        auto window = f.window();
        QVERIFY(window);
        QTRY_COMPARE(window->machineView()->unplacedUnits().size(), 3);
        press(Qt::Key_R, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_COMPARE_WITH_TIMEOUT(ChangeSet(f.ws()).count(model), qint64(3), 10'000);
        ChangeSet(f.ws()).commit(model);
        const ModelSnapshot after = f.ws().snapshot(model);
        QMap<QString, QString> on;
        for (const UnitRecord &u : after.units)
            on.insert(u.name(), u.machine);
        // m5.medium (1 core, 4 GB) before r5.large; t3.micro is too small;
        // the third unit gets a new machine.
        QCOMPARE(on.value(QStringLiteral("queue/0")), QStringLiteral("2"));
        QCOMPARE(on.value(QStringLiteral("queue/1")), QStringLiteral("0"));
        QCOMPARE(on.value(QStringLiteral("queue/2")), QStringLiteral("3"));
        QCOMPARE(after.machines.size(), 4);
    }

    // The constraint editor offers the cloud's values where it has them:
    // architectures, instance types and zones (several), from a menu on the
    // field, completed as typed.
    void constraintsArePickedFromTheCloudsValues()
    {
        Fixture f;
        f.deploy(QStringLiteral("web"), 1);
        auto window = f.window();
        QVERIFY(window);
        QVERIFY(clickRow(window->applicationView(), QStringLiteral("web")));
        bool seen = false;
        whenShown<ConstraintEditorDialog>([&](ConstraintEditorDialog *dialog) {
            QVERIFY(dialog->choices(ConstraintKey::Arch).contains(QStringLiteral("arm64")));
            QVERIFY(
                dialog->choices(ConstraintKey::InstanceType).contains(QStringLiteral("m5.large")));
            QVERIFY(dialog->choices(ConstraintKey::Zones).contains(QStringLiteral("sim-east-b")));
            QVERIFY(dialog->choices(ConstraintKey::Mem).isEmpty()); // typed only

            // arch: the menu on the field, one value.
            QLineEdit *arch = dialog->field(ConstraintKey::Arch);
            QCOMPARE(arch->actions().size(), 1);
            arch->actions().first()->trigger();
            QMenu *menu = dialog->choiceMenu(ConstraintKey::Arch);
            QTRY_VERIFY(menu->isVisible());
            for (QAction *choice : menu->actions()) {
                if (choice->text() == u"arm64")
                    choice->trigger();
            }
            menu->hide();
            QCOMPARE(arch->text(), QStringLiteral("arm64"));
            QVERIFY(arch->completer());

            // zones: several, ticked and unticked.
            QLineEdit *zones = dialog->field(ConstraintKey::Zones);
            QMenu *zoneMenu = dialog->choiceMenu(ConstraintKey::Zones);
            const auto tick = [&](const QString &zone) {
                for (QAction *choice : zoneMenu->actions()) {
                    if (choice->text() == zone)
                        choice->trigger();
                }
            };
            tick(QStringLiteral("sim-east-a"));
            tick(QStringLiteral("sim-east-b"));
            QCOMPARE(zones->text(), QStringLiteral("sim-east-a,sim-east-b"));
            tick(QStringLiteral("sim-east-a")); // checked: unticked now
            QCOMPARE(zones->text(), QStringLiteral("sim-east-b"));
            QVERIFY2(dialog->problem().isEmpty(), qPrintable(dialog->problem()));
            QCOMPARE(dialog->constraints(), QStringLiteral("arch=arm64 zones=sim-east-b"));
            seen = true;
        });
        press(Qt::Key_K, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_VERIFY(seen);
    }
};

QTEST_MAIN(TestWindowCurrent)
#include "tst_windowcurrent.moc"
