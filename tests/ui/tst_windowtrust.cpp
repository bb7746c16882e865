// What a user of the window must be able to rely on all day: browsing files
// never costs the store its locks, a store lost anyway is said at once and
// nothing shows as done, and looking at a model never starts its machines.
#include "../testsupport.h"

#include "cli/cli.h"
#include "core/commands/applicationcommands.h"
#include "core/commands/changeset.h"
#include "core/commands/machinecommands.h"
#include "core/commands/modelchange.h"
#include "core/commands/modelcommands.h"
#include "core/store/auditrows.h"
#include "core/store/workspace.h"
#include "ui/accountsdialog.h"
#include "ui/auditpanel.h"
#include "ui/changesetpanel.h"
#include "ui/commandbar.h"
#include "ui/filedialogs.h"
#include "ui/mainwindow.h"
#include "ui/openstoredialog.h"
#include "ui/searchpanel.h"

#include "keychain/filesecretstore.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFileSystemModel>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTabWidget>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QTreeWidget>

#include <fcntl.h>
#include <unistd.h>

using namespace berth;

namespace {

struct Fixture : TestWorkspace
{
    Fixture()
        : TestWorkspace({QStringLiteral("latency-ms=0")})
    {}
    void deploy(const QString &model, const QString &charm, int count)
    {
        ApplicationCommands::Deploy d;
        d.charm = charm;
        d.count = count;
        ApplicationCommands(ws()).deploy(model, d);
    }
    std::unique_ptr<MainWindow> window(MainWindow::Options options = {})
    {
        options.storeLocation = path();
        options.watchIntervalMs = 50;
        options.reloadClouds = [this] { reloadClouds(); };
        auto w = std::make_unique<MainWindow>(ws(), QStringLiteral("default"), options);
        w->show();
        return w;
    }
    ProcessResult berthctl(const QStringList &args)
    {
        QProcessEnvironment env = isolatedEnvironment(dir);
        return runProgram(QStringLiteral(BERTHCTL_PATH),
                          QStringList{QStringLiteral("--db"), path()} + args, env, 60'000);
    }
    int instances()
    {
        ProviderError error;
        return int(clouds.provider(QStringLiteral("sim")).listInstances({}, {}, &error).size());
    }
    int started(const QString &model)
    {
        int n = 0;
        for (const MachineRecord &m : ws().snapshot(model).machines)
            n += m.instanceId.isEmpty() ? 0 : 1;
        return n;
    }
};

// In the file dialog now open: the store's folder listed in detail, until Qt
// has told the type of its -wal file (what once read it); then berthctl runs
// on the store beside the window, as a user's terminal would.
void browseStoreFolder(Fixture &f, bool *done)
{
    auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
    QVERIFY2(dialog, "no file dialog is open");
    QVERIFY(dialog->testOption(QFileDialog::DontUseNativeDialog));
    dialog->setViewMode(QFileDialog::Detail);
    dialog->setDirectory(f.dir.path());
    auto *files = dialog->findChild<QFileSystemModel *>();
    QVERIFY(files);
    const QString wal = f.path() + QStringLiteral("-wal");
    QVERIFY(QFileInfo::exists(wal));
    QTRY_VERIFY_WITH_TIMEOUT(!files->type(files->index(wal)).isEmpty(), 10'000);
    QTest::qWait(300); // whatever else Qt gathers about the files shown
    const ProcessResult r = f.berthctl({QStringLiteral("status")});
    QCOMPARE(r.code, 0);
    dialog->reject();
    *done = true;
}

} // namespace

class TestWindowTrust : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        useOwnSettings(); // settings of their own, not the user's
        if (TestLocation::postgres())
            QSKIP("a SQLite store's files: PostgreSQL has none in this process");
    }

    // File ▸ Open store ▸ Browse…, Import and Export bundle, Export chart and
    // the accounts' File… each list the store's folder while berthctl runs
    // beside the window; the window's commits still reach the store.
    void fileDialogsKeepTheStoresLocks()
    {
        Fixture f;
        f.deploy(QStringLiteral("default"), QStringLiteral("web"), 2);
        FileSecretStore secrets(f.dir.filePath(QStringLiteral("secrets.json")));
        MainWindow::Options options;
        options.types = &f.types;
        options.secrets = &secrets;
        auto window = f.window(options);
        QTRY_VERIFY(window->snapshotsApplied() > 0);
        const auto action = [&](const QString &text) -> QAction * {
            for (QAction *a : window->findChildren<QAction *>()) {
                if (a->text() == text)
                    return a;
            }
            return nullptr;
        };

        for (const QString &text :
             {QStringLiteral("&Import bundle…"), QStringLiteral("&Export bundle…")}) {
            bool done = false;
            QTimer::singleShot(0, this, [&] { browseStoreFolder(f, &done); });
            QAction *a = action(text);
            QVERIFY2(a, qPrintable(text));
            a->trigger();
            QVERIFY2(done, qPrintable(text));
        }
        {
            bool done = false;
            QTimer::singleShot(0, this, [&] { browseStoreFolder(f, &done); });
            window->exportChart();
            QVERIFY(done);
        }
        {
            bool done = false;
            QTimer::singleShot(0, this, [&] {
                auto *dialog = qobject_cast<OpenStoreDialog *>(QApplication::activeModalWidget());
                QVERIFY(dialog);
                QPushButton *browse = nullptr;
                for (QPushButton *b : dialog->findChildren<QPushButton *>()) {
                    if (b->text() == u"&Browse…")
                        browse = b;
                }
                QVERIFY(browse);
                QTimer::singleShot(0, this, [&] { browseStoreFolder(f, &done); });
                browse->click();
                dialog->reject();
            });
            action(QStringLiteral("&Open store…"))->trigger();
            QVERIFY(done);
        }
        {
            AccountsDialog accounts(f.ws().store(), f.types, secrets, window.get());
            accounts.show();
            QToolButton *fromFile = nullptr;
            QTRY_VERIFY((fromFile = [&]() -> QToolButton * {
                for (QToolButton *b : accounts.findChildren<QToolButton *>()) {
                    if (b->text() == u"File…" && b->isVisible())
                        return b;
                }
                return nullptr;
            }()));
            bool done = false;
            QTimer::singleShot(0, this, [&] { browseStoreFolder(f, &done); });
            fromFile->click();
            QVERIFY(done);
        }

        // The store is whole: its log is where it was, and what the window
        // commits now is what berthctl reads.
        QVERIFY(QFileInfo::exists(f.path() + QStringLiteral("-wal")));
        QVERIFY(!Store::isDetached(f.path()));
        f.deploy(QStringLiteral("default"), QStringLiteral("after"), 1);
        const ProcessResult r = f.berthctl({QStringLiteral("status"), QStringLiteral("after")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("after/0")), qPrintable(r.out + r.err));
    }

    // Bundle import, export and secret files refuse the open store's own
    // files: reading one would drop the store's locks as surely as a dialog.
    void theStoresFilesAreNeverOpenedAsUserFiles()
    {
        Fixture f;
        f.deploy(QStringLiteral("default"), QStringLiteral("web"), 1);
        auto window = f.window();
        QTRY_VERIFY(window->snapshotsApplied() > 0);
        for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")}) {
            const QString file = f.path() + suffix;
            QVERIFY2(!window->importBundle(file), qPrintable(file));
            QVERIFY2(window->logPane()->toPlainText().contains(
                         QStringLiteral("is a file of the store Berth has open")),
                     qPrintable(window->logPane()->toPlainText()));
            QVERIFY2(!window->exportBundle(file), qPrintable(file));
        }
        QVERIFY(!Store::isDetached(f.path()));
        QCOMPARE(f.berthctl({QStringLiteral("status")}).code, 0);
        f.deploy(QStringLiteral("default"), QStringLiteral("after"), 1);
        QVERIFY(f.berthctl({QStringLiteral("status")}).out.contains(QStringLiteral("after/0")));
    }

    // Should something in the process drop the locks anyway, and another
    // client remove the log: the window says so at once, stops provisioning,
    // shows nothing as done, and offers to reopen the store, where what was
    // staged before is kept.
    void aLostStoreIsSaidAndNothingShowsAsDone()
    {
        Fixture f;
        f.deploy(QStringLiteral("default"), QStringLiteral("web"), 1);
        ChangeSet(f.ws()).stage(QStringLiteral("default"),
                                ModelChange::addUnits(QStringLiteral("web"), 2, {}));
        QString title;
        QString reopened;
        MainWindow::Options options;
        options.reopen = [&](const QString &location, const QString &model) {
            reopened = location + u' ' + model;
        };
        auto window = f.window(options);
        window->setConfirm([&](const QString &t, const QString &) {
            title = t;
            return true;
        });
        QTRY_VERIFY(window->snapshotsApplied() > 0);

        // What the file dialogs did: open and close the store's files here.
        for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")}) {
            const int fd = ::open(QFile::encodeName(f.path() + suffix).constData(), O_RDONLY);
            QVERIFY(fd >= 0);
            ::close(fd);
        }
        QCOMPARE(f.berthctl({QStringLiteral("status")}).code, 0); // took itself for the last
        QVERIFY(!QFileInfo::exists(f.path() + QStringLiteral("-wal")));

        QTRY_COMPARE_WITH_TIMEOUT(title, QStringLiteral("Store lost"), 5'000);
        QCOMPARE(reopened, f.path() + QStringLiteral(" default"));
        QVERIFY(Store::isDetached(f.path()));
        QVERIFY(window->provisionedModels().isEmpty());
        // Nothing more is written as if it worked.
        const QString refused =
            errorOf([&] { f.deploy(QStringLiteral("default"), QStringLiteral("late"), 1); });
        QVERIFY2(refused.contains(QStringLiteral("was lost under this process")),
                 qPrintable(refused));
        window.reset();

        // A new process finds the store whole, with what was staged before.
        ProcessResult r = f.berthctl({QStringLiteral("changes")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("web")), qPrintable(r.out + r.err));
        r = f.berthctl({QStringLiteral("status")});
        QVERIFY2(r.out.contains(QStringLiteral("web/0")), qPrintable(r.out));
        QVERIFY2(!r.out.contains(QStringLiteral("late")), qPrintable(r.out));
    }

    // Which models this window provisions is the user's choice, shown in the
    // status bar: opening or switching to a model starts nothing; asking for
    // it says what waits and what it costs first; a provisioned model goes
    // on while another is shown; turning it off stops new starts.
    void showingAModelStartsNothing()
    {
        Fixture f;
        ModelCommands(f.ws()).addModel(QStringLiteral("other"), QStringLiteral("sim"), {});
        f.deploy(QStringLiteral("default"), QStringLiteral("web"), 2);
        f.deploy(QStringLiteral("other"), QStringLiteral("db"), 1);
        auto window = f.window();
        QTRY_VERIFY(window->snapshotsApplied() > 0);
        auto *box = window->findChild<QComboBox *>();
        QVERIFY(box);
        QVERIFY2(window->focusWidget() != box, "an arrow key would switch models");
        QVERIFY(window->provisionedModels().isEmpty());

        window->openModel(QStringLiteral("other"));
        window->openModel(QStringLiteral("default"));
        window->openModel(QStringLiteral("other"));
        QTest::qWait(500);
        QCOMPARE(f.instances(), 0);

        QString asked;
        bool answer = false;
        window->setConfirm([&](const QString &, const QString &question) {
            asked = question;
            return answer;
        });
        QVERIFY(!window->setProvisioning(QStringLiteral("other"), true)); // no
        QVERIFY2(
            asked.startsWith(QStringLiteral("1 machine(s) of model other wait to start: 1 × ")),
            qPrintable(asked));
        QVERIFY2(asked.contains(QStringLiteral(" an hour")), qPrintable(asked));
        QTest::qWait(300);
        QCOMPARE(f.instances(), 0);
        QVERIFY(window->provisionedModels().isEmpty());

        answer = true;
        QVERIFY(window->setProvisioning(QStringLiteral("other"), true));
        QTRY_COMPARE_WITH_TIMEOUT(f.started(QStringLiteral("other")), 1, 20'000);
        bool shown = false;
        for (QLabel *label : window->findChildren<QLabel *>())
            shown = shown || label->text() == u"Provisioning: other";
        QVERIFY(shown);

        // Shown or not, "other" goes on; "default" still waits.
        window->openModel(QStringLiteral("default"));
        f.deploy(QStringLiteral("other"), QStringLiteral("cache"), 1);
        QTRY_COMPARE_WITH_TIMEOUT(f.started(QStringLiteral("other")), 2, 20'000);
        QCOMPARE(f.started(QStringLiteral("default")), 0);
        QVERIFY2(window->logPane()->toPlainText().contains(QStringLiteral("[other] ")),
                 qPrintable(window->logPane()->toPlainText()));

        QVERIFY(window->setProvisioning(QStringLiteral("other"), false));
        f.deploy(QStringLiteral("other"), QStringLiteral("queue"), 1);
        QTest::qWait(500);
        QCOMPARE(f.started(QStringLiteral("other")), 2);

        // berthctl provision says the same before it starts anything.
        const ProcessResult r =
            f.berthctl({QStringLiteral("-m"), QStringLiteral("default"),
                        QStringLiteral("provision"), QStringLiteral("--until-idle")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("2 machine(s) of model default wait to start: ")),
                 qPrintable(r.out));
    }
    // The History dock lists the model's committed changes, newest first:
    // who, from which program and host, what; its filters narrow it.
    void theHistorySaysWhoChangedWhat()
    {
        Fixture f;
        f.ws().setProgram(QStringLiteral("berth"));
        const QString me = f.ws().actor().user;
        const QString host = QSysInfo::machineHostName();
        QCOMPARE(f.berthctl({QStringLiteral("deploy"), QStringLiteral("web"), QStringLiteral("-n"),
                             QStringLiteral("2")})
                     .code,
                 0);
        auto window = f.window();
        AuditPanel *history = window->historyPanel();
        QTreeWidget *list = history->list();
        history->parentWidget()->raise(); // its tab, beside the change set's
        QTRY_COMPARE(list->topLevelItemCount(), 1);
        QCOMPARE(list->topLevelItem(0)->text(4), QStringLiteral("deploy web, 2 unit(s)"));
        QCOMPARE(list->topLevelItem(0)->text(3), QStringLiteral("berthctl on ") + host);
        QCOMPARE(list->topLevelItem(0)->text(2), me);
        QVERIFY(list->isColumnHidden(1)); // one model: no model column

        // Committed from the window's change set: it says who staged it.
        ChangeSet(f.ws()).stage(QStringLiteral("default"),
                                ModelChange::addUnits(QStringLiteral("web"), 1, {}));
        QTRY_VERIFY(window->changeSetPanel()->commitButton()->isEnabled());
        window->changeSetPanel()->commit();
        QTRY_COMPARE(list->topLevelItemCount(), 2);
        QCOMPARE(list->topLevelItem(0)->text(4), QStringLiteral("add 1 unit(s) of web"));
        QCOMPARE(list->topLevelItem(0)->text(3), QStringLiteral("berth on ") + host);
        QCOMPARE(list->topLevelItem(0)->text(2), QStringLiteral("%1 (staged by %1)").arg(me));

        history->textFilter()->setText(QStringLiteral("DEPLOY"));
        QTRY_COMPARE(list->topLevelItemCount(), 1);
        QCOMPARE(list->topLevelItem(0)->text(4), QStringLiteral("deploy web, 2 unit(s)"));
        history->userFilter()->setText(QStringLiteral("nobody"));
        QTRY_COMPARE(list->topLevelItemCount(), 0);
        bool said = false;
        for (QLabel *label : history->findChildren<QLabel *>())
            said = said || label->text() == u"No committed change matches.";
        QVERIFY(said);
        history->userFilter()->clear();
        history->textFilter()->clear();
        QCOMPARE(f.berthctl({QStringLiteral("add-model"), QStringLiteral("other")}).code, 0);
        history->everyModel()->setChecked(true);
        QTRY_COMPARE(list->topLevelItemCount(), 3);
        QVERIFY(!list->isColumnHidden(1));
        QCOMPARE(list->topLevelItem(0)->text(1), QStringLiteral("other"));
        QCOMPARE(list->topLevelItem(0)->text(4), QStringLiteral("add model other on sim/sim-east"));
    }
    // Edit ▸ Search every model… (Ctrl+Alt+F): one query over the store;
    // Enter on a result opens its model and selects its row.
    void theSearchFindsAcrossModelsAndOpensTheRow()
    {
        Fixture f;
        f.deploy(QStringLiteral("default"), QStringLiteral("web"), 2);
        ModelCommands(f.ws()).addModel(QStringLiteral("other"), {}, {},
                                       ModelCommands::NewModel::LeavesCurrent);
        f.deploy(QStringLiteral("other"), QStringLiteral("db"), 1);
        auto window = f.window();
        QTRY_VERIFY(window->selectedApplication() == u"web");
        SearchPanel *search = window->searchPanel();
        QTest::keyClick(window.get(), Qt::Key_F, Qt::ControlModifier | Qt::AltModifier);
        QTRY_VERIFY(search->queryEdit()->hasFocus());
        QVERIFY(search->isVisible());

        QTest::keyClicks(search->queryEdit(), QStringLiteral("is:unit db"));
        QTRY_COMPARE(search->results()->topLevelItemCount(), 1);
        const QTreeWidgetItem *row = search->results()->topLevelItem(0);
        QCOMPARE(row->text(0), QStringLiteral("other"));
        QCOMPARE(row->text(2), QStringLiteral("db/0"));
        QCOMPARE(search->status()->text(), QStringLiteral("1 result(s)."));
        // The keyboard alone: Enter runs the query and goes to the results,
        // Enter there opens the model with the unit selected.
        QTest::keyClick(search->queryEdit(), Qt::Key_Return);
        QTRY_VERIFY(search->results()->hasFocus());
        QTest::keyClick(search->results(), Qt::Key_Return);
        QTRY_COMPARE(window->model(), QStringLiteral("other"));
        QTRY_COMPARE(window->selectedUnits(), QStringList{QStringLiteral("db/0")});
        QVERIFY(window->windowTitle().startsWith(QStringLiteral("other")));

        // A machine of the first model: the machine view, its row current.
        search->queryEdit()->setText(QStringLiteral("is:machine model:default"));
        QTRY_COMPARE(search->results()->topLevelItemCount(), 2);
        search->results()->setCurrentItem(search->results()->topLevelItem(1));
        QTest::keyClick(search->results(), Qt::Key_Return);
        QTRY_COMPARE(window->model(), QStringLiteral("default"));
        QTRY_COMPARE(window->selectedMachines(), QStringList{QStringLiteral("1")});
        QCOMPARE(qobject_cast<QTabWidget *>(window->centralWidget())->currentIndex(), 1);

        // A query it cannot run says why, and shows nothing.
        search->queryEdit()->setText(QStringLiteral("colour:red"));
        QTRY_VERIFY(search->status()->text().startsWith(
            QStringLiteral("search: \"colour\" is not a field")));
        QCOMPARE(search->results()->topLevelItemCount(), 0);
    }
    // Help ▸ Find Action… (Ctrl+Alt+I): the window's actions by loose name,
    // with their shortcuts, and berthctl lines run on the model shown.
    void theCommandBarRunsActionsAndLines()
    {
        // In order, any case; starts of words and runs count most.
        QVERIFY(CommandBar::score(QStringLiteral("cmt"), QStringLiteral("Commit changes")) > 0);
        QCOMPARE(CommandBar::score(QStringLiteral("xyz"), QStringLiteral("Commit changes")), -1);
        QVERIFY(CommandBar::score(QStringLiteral("am"), QStringLiteral("Add machine")) >
                CommandBar::score(QStringLiteral("am"), QStringLiteral("Rename machine")));

        Fixture f;
        f.deploy(QStringLiteral("default"), QStringLiteral("web"), 1);
        FileSecretStore secrets(f.dir.filePath(QStringLiteral("secrets.json")));
        MainWindow::Options options;
        options.commandNames = Cli::lineCommands();
        options.commandLine = [&](const QStringList &args, const QString &model, bool stage) {
            const Cli::LineRun run = Cli::runLine(f.types, secrets, f.path(), model, args, stage,
                                                  QStringLiteral("berth"));
            return CommandBar::LineResult{run.code, run.out, run.err};
        };
        auto window = f.window(options);
        QTRY_VERIFY(window->snapshotsApplied() > 0);
        window->setStaging(false);

        // Every action by name, its shortcut beside it; Ctrl+Alt+I opens it.
        QTest::keyClick(window.get(), Qt::Key_I, Qt::ControlModifier | Qt::AltModifier);
        auto *bar = window->findChild<CommandBar *>();
        QVERIFY(bar);
        QTRY_VERIFY(bar->isVisible());
        QVERIFY(bar->list()->count() >= window->everyAction().size() - 1);
        QTest::keyClicks(bar->input(), QStringLiteral("add mchn"));
        QVERIFY(bar->list()->currentItem());
        QVERIFY2(bar->list()->currentItem()->text().startsWith(QStringLiteral("Add machine\t")),
                 qPrintable(bar->list()->currentItem()->text()));
        QVERIFY(bar->list()->currentItem()->text().endsWith(
            QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M).toString(QKeySequence::NativeText)));
        // What cannot be done now is listed, and not run.
        bar->input()->setText(QStringLiteral("place on"));
        QVERIFY2(bar->list()->item(0)->text().startsWith(QStringLiteral("Place on")),
                 qPrintable(bar->list()->item(0)->text()));
        QVERIFY(!(bar->list()->item(0)->flags() & Qt::ItemIsEnabled)); // nothing selected
        // Return runs the action chosen.
        bar->input()->setText(QStringLiteral("stage chang"));
        QTest::keyClick(bar->input(), Qt::Key_Return);
        QVERIFY(!bar->isVisible());
        QVERIFY(window->staging());
        window->setStaging(false);

        // A line applies at once when the window does not stage...
        bar = window->openCommandBar();
        QTest::keyClicks(bar->input(), QStringLiteral("add-unit web -n 2"));
        QCOMPARE(bar->list()->currentItem()->text(), QStringLiteral("Run: add-unit web -n 2"));
        QTest::keyClick(bar->input(), Qt::Key_Return);
        QCOMPARE(f.ws().snapshot(QStringLiteral("default")).units.size(), 3);
        QTRY_VERIFY(window->logPane()->toPlainText().contains(QStringLiteral("> add-unit web")));
        // ...and is staged when it does, as berthctl --stage would.
        window->setStaging(true);
        bar = window->openCommandBar();
        QTest::keyClicks(bar->input(),
                         QStringLiteral("berthctl add-unit web --to zone=sim-east-a"));
        QTest::keyClick(bar->input(), Qt::Key_Return);
        QCOMPARE(ChangeSet(f.ws()).count(QStringLiteral("default")), 1);
        QCOMPARE(f.ws().snapshot(QStringLiteral("default")).units.size(), 3);
        // What waits or follows (debug-log, provision) is not run from here.
        bar = window->openCommandBar();
        QTest::keyClicks(bar->input(), QStringLiteral("debug-log"));
        QVERIFY(bar->list()->count() == 0 ||
                !bar->list()->item(0)->text().startsWith(QStringLiteral("Run:")));
        QCOMPARE(Cli::runLine(f.types, secrets, f.path(), QStringLiteral("default"),
                              {QStringLiteral("provision")}, false, QStringLiteral("berth"))
                     .code,
                 2);
        bar->close();
        // A refused line says why in the bar, which stays open; nothing changes.
        bar = window->openCommandBar();
        QTest::keyClicks(bar->input(), QStringLiteral("remove-unit nope/0"));
        QTest::keyClick(bar->input(), Qt::Key_Return);
        QVERIFY(bar->isVisible());
        QVERIFY2(bar->lastOutput().startsWith(QStringLiteral("ERROR ")),
                 qPrintable(bar->lastOutput()));
        QCOMPARE(ChangeSet(f.ws()).count(QStringLiteral("default")), 1);
        bar->close();
        // Who ran them is the window's user, from "berth".
        const QList<AuditRecord> trail = f.ws().store().read([](SqlSession &sql) {
            AuditQuery query;
            query.model = QStringLiteral("default");
            return AuditRows(sql).list(query);
        });
        QCOMPARE(trail.constLast().description, QStringLiteral("add 2 unit(s) of web"));
        QCOMPARE(trail.constLast().by.program, QStringLiteral("berth"));
    }
};

QTEST_MAIN(TestWindowTrust)
#include "tst_windowtrust.moc"
