// berth-screenshots: opens the window on a store and saves its main views
// and dialogs as PNG files, for docs/screenshots (scripts/screenshots runs it
// under Xvfb on a demo model).
#include "core/cloud/cloudregistry.h"
#include "core/placement/placementrules.h"
#include "core/store/cloudaccounts.h"
#include "core/store/store.h"
#include "keychain/keychainsecretstore.h"
#include "providers/builtinproviders.h"
#include "ui/accountsdialog.h"
#include "ui/auditpanel.h"
#include "ui/changesetpanel.h"
#include "ui/colourscheme.h"
#include "ui/constrainteditordialog.h"
#include "ui/deploydialog.h"
#include "ui/machineview.h"
#include "ui/mainwindow.h"
#include "ui/modeldialogs.h"
#include "ui/placeondialog.h"
#include "ui/policyeditordialog.h"
#include "ui/relationsview.h"
#include "ui/retrydialog.h"
#include "ui/searchpanel.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QLibraryInfo>
#include <QLineEdit>
#include <QMenu>
#include <QPalette>
#include <QScreen>
#include <QTabWidget>
#include <QTextStream>
#include <QTimer>
#include <QTranslator>
#include <QTreeView>
#include <QTreeWidget>

using namespace berth;

namespace {

void settle(int ms)
{
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < ms)
        QApplication::processEvents(QEventLoop::AllEvents, 20);
}

bool save(QWidget *widget, const QDir &out, const QString &name)
{
    settle(300);
    const QString path = out.filePath(name + QStringLiteral(".png"));
    const bool ok = widget->grab().save(path);
    QTextStream(stdout) << (ok ? "wrote " : "could not write ") << path << Qt::endl;
    return ok;
}

// A row's context menu over the window: the screen, as the menu is a window of its own.
bool saveContextMenu(MainWindow &window, const QString &machine, const QDir &out)
{
    QTreeView *tree = window.machineTree();
    const QAbstractItemModel *rows = tree->model();
    QModelIndex row;
    for (int r = 0; r < rows->rowCount() && !row.isValid(); ++r) {
        if (rows->index(r, 0).data().toString() == machine)
            row = rows->index(r, 0);
    }
    if (!row.isValid())
        return false;
    tree->setCurrentIndex(row);
    settle(300);
    bool ok = false;
    const QString path = out.filePath(QStringLiteral("context-menu.png"));
    QObject::connect(
        &window, &MainWindow::contextMenuShown, &window,
        [&](QMenu *menu) {
            QTimer::singleShot(400, menu, [&, menu] {
                const QRect frame = window.frameGeometry();
                ok = window.screen()
                         ->grabWindow(0, frame.x(), frame.y(), frame.width(), frame.height())
                         .save(path);
                menu->close();
            });
        },
        Qt::SingleShotConnection);
    emit tree->customContextMenuRequested(tree->visualRect(row).center() + QPoint(40, 0));
    QTextStream(stdout) << (ok ? "wrote " : "could not write ") << path << Qt::endl;
    return ok;
}

// Every dialog the README shows, filled in as a user would, saved to `out`.
bool saveDialogs(MainWindow &window, Workspace &workspace, Store &store, const ProviderTypes &types,
                 const QString &model, const QDir &out)
{
    bool ok = true;
    ModelSettingsDialog settings(workspace, model, &window);
    settings.show();
    ok = save(&settings, out, QStringLiteral("model-settings")) && ok;
    settings.close();

    PolicyEditorDialog policy(workspace, model, QStringLiteral("web"), &window);
    policy.show();
    ok = save(&policy, out, QStringLiteral("policy-editor")) && ok;
    policy.close();

    ConstraintEditorDialog constraints(workspace, model, QStringLiteral("db"), &window);
    constraints.field(ConstraintKey::Mem)->setText(QStringLiteral("900G"));
    constraints.show();
    ok = save(&constraints, out, QStringLiteral("constraint-editor")) && ok;
    constraints.close();

    KeychainSecretStore secrets;
    AccountsDialog accounts(store, types, secrets, &window);
    accounts.show();
    ok = save(&accounts, out, QStringLiteral("accounts")) && ok;
    accounts.close();

    RetryDialog retry(workspace, model, {}, &window);
    retry.show();
    ok = save(&retry, out, QStringLiteral("retry-dialog")) && ok;
    retry.close();

    const ModelSnapshot snapshot = workspace.snapshot(model);
    const SnapshotIndex index(snapshot);
    PlaceOnDialog placeOn(
        snapshot, {QStringLiteral("cache/2")},
        [&](const QStringList &units, const QString &machine) {
            return PlacementRules::placementProblem(index, units, machine);
        },
        &window);
    placeOn.show();
    ok = save(&placeOn, out, QStringLiteral("place-on-dialog")) && ok;
    placeOn.close();

    DeployDialog deploy(workspace, model, &window);
    deploy.charm->setText(QStringLiteral("mysql"));
    deploy.placement->setText(QStringLiteral("lxd:0"));
    deploy.constraints->setText(QStringLiteral("mem=lots"));
    deploy.show();
    ok = save(&deploy, out, QStringLiteral("deploy-dialog")) && ok;
    deploy.close();

    return ok;
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("berth-screenshots"));
    // English (with its plural forms, "3 units") unless BERTH_SCREENSHOT_LANG
    // names another of the window's languages (de).
    QTranslator translator;
    const QLocale locale(qEnvironmentVariable("BERTH_SCREENSHOT_LANG", QStringLiteral("en")));
    if (translator.load(locale, QStringLiteral("berth"), QStringLiteral("_"),
                        QStringLiteral(":/i18n")))
        QApplication::installTranslator(&translator);
    QTranslator qtTranslator; // Qt's own words (OK, Cancel), as the window loads them
    if (qtTranslator.load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                          QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(&qtTranslator);
    const QStringList args = QApplication::arguments();
    if (args.size() != 5 || args.at(1) != u"--db" || args.at(3) != u"--out") {
        QTextStream(stderr) << "usage: berth-screenshots --db STORE --out DIR\n";
        return 2;
    }
    const QString &db = args.at(2);
    const QDir out(args.at(4));
    Store store(db);
    const ProviderTypes types = builtinProviderTypes();
    const CloudRegistry clouds = CloudAccounts::registry(store, types);
    Workspace workspace(store, clouds);
    const QString model = workspace.resolveModel({});

    MainWindow::Options options;
    options.storeLocation = db;
    options.provision = false;
    MainWindow window(workspace, model, options);
    window.resize(1280, 800);
    window.show();
    while (window.snapshotsApplied() == 0)
        QApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    window.selectApplication(QStringLiteral("web"));

    bool ok = true;
    auto *tabs = window.findChild<QTabWidget *>();
    const QStringList names{QStringLiteral("overview"), QStringLiteral("machine-view"),
                            QStringLiteral("charts")};
    for (int i = 0; i < tabs->count() && i < names.size(); ++i) {
        tabs->setCurrentIndex(i);
        if (i == 1)
            window.machineView()->selectMachine(QStringLiteral("12"));
        ok = save(&window, out, names.at(i)) && ok;
    }

    tabs->setCurrentIndex(0);
    ChangeSetPanel *changes = window.changeSetPanel();
    while (changes->preview().items.isEmpty())
        QApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    ok = save(changes->parentWidget(), out, QStringLiteral("change-set")) && ok;
    // The History dock: the demo model's changes, made by berthctl.
    AuditPanel *history = window.historyPanel();
    history->parentWidget()->raise();
    history->refresh();
    while (history->list()->topLevelItemCount() == 0)
        QApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    ok = save(history->parentWidget(), out, QStringLiteral("history")) && ok;
    // The Search dock: a word found in both models of the demo store.
    SearchPanel *search = window.searchPanel();
    search->parentWidget()->raise();
    search->queryEdit()->setText(QStringLiteral("web"));
    search->refresh();
    while (search->results()->topLevelItemCount() == 0)
        QApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    ok = save(search->parentWidget(), out, QStringLiteral("search")) && ok;
    changes->parentWidget()->raise();

    ok = saveContextMenu(window, QStringLiteral("15"), out) && ok;

    ok = saveDialogs(window, workspace, store, types, model, out) && ok;

    // The relations of openstack-base (27 applications), in a model of their own.
    const int before = window.snapshotsApplied();
    window.openModel(QStringLiteral("openstack"));
    while (window.snapshotsApplied() == before || window.relationsView()->nodes().size() < 27)
        QApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    tabs->setCurrentWidget(window.relationsView());
    // At its own size, around keystone: what a user reads after zooming in.
    RelationsView *relations = window.relationsView();
    relations->setSelectedApplication(QStringLiteral("keystone"));
    relations->zoomBy(1.0 / relations->zoom());
    relations->centerOn(relations->mapToScene(relations->centreOf(QStringLiteral("keystone"))));
    ok = save(&window, out, QStringLiteral("relations")) && ok;
    const int back = window.snapshotsApplied();
    window.openModel(model);
    while (window.snapshotsApplied() == back)
        QApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);

    // The same window on a dark palette: every colour comes from it.
    QApplication::setStyle(QStringLiteral("Fusion"));
    QApplication::setPalette(ColourScheme::darkPalette());
    for (int i = 0; i < tabs->count() && i < names.size(); ++i) {
        tabs->setCurrentIndex(i);
        ok = save(&window, out, names.at(i) + QStringLiteral("-dark")) && ok;
    }
    // And on the desktop's high contrast (white on black), as ColourScheme applies it.
    QApplication::setPalette(ColourScheme::highContrastPalette(true));
    for (int i = 0; i < tabs->count() && i < names.size(); ++i) {
        tabs->setCurrentIndex(i);
        ok = save(&window, out, names.at(i) + QStringLiteral("-high-contrast")) && ok;
    }
    return ok ? 0 : 1;
}
