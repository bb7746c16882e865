// The window as a screen reader meets it: every interactive element of its
// accessibility tree (QAccessible) has a name, in each of its views.
#include "core/commands/applicationcommands.h"
#include "core/commands/machinecommands.h"
#include "tests/testsupport.h"
#include "ui/applicationsmodel.h"
#include "ui/itemroles.h"
#include "ui/machinesmodel.h"
#include "ui/mainwindow.h"

#include <QAccessible>
#include <QApplication>
#include <QDockWidget>
#include <QTabWidget>
#include <QTest>
#include <QTreeView>

using namespace berth;

namespace {

const QString model = QStringLiteral("default");

// Roles a user acts on (or reads as one whole, as a list or a tree): each
// needs a name to be found and told apart.
bool interactive(QAccessible::Role role)
{
    switch (role) {
    case QAccessible::PushButton:
    case QAccessible::CheckBox:
    case QAccessible::RadioButton:
    case QAccessible::ComboBox:
    case QAccessible::EditableText:
    case QAccessible::SpinBox:
    case QAccessible::Slider:
    case QAccessible::PageTab:
    case QAccessible::ButtonMenu:
    case QAccessible::ButtonDropDown:
    case QAccessible::MenuItem:
    case QAccessible::Link:
    case QAccessible::List:
    case QAccessible::Tree:
    case QAccessible::Table:
    case QAccessible::Chart:
    case QAccessible::Canvas:
        return true;
    default:
        return false;
    }
}

// "Role (class) at path" of each interactive element without a name, under
// `node`. Item views' rows are read as far as the first few: a view of a
// thousand rows names them all the same way.
void unnamed(QAccessibleInterface *node, const QString &path, QStringList &found, int depth = 0)
{
    if (!node || !node->isValid() || depth > 40 || node->state().invisible)
        return;
    const QAccessible::Role role = node->role();
    QString what = QString::number(int(role));
    if (QObject *object = node->object())
        what += u' ' + QString::fromLatin1(object->metaObject()->className()) + u' ' +
                object->objectName();
    if (interactive(role) && node->text(QAccessible::Name).trimmed().isEmpty())
        found << what + u" at " + path;
    const bool view =
        role == QAccessible::Tree || role == QAccessible::Table || role == QAccessible::List;
    const int children = view ? std::min(node->childCount(), 40) : node->childCount();
    for (int i = 0; i < children; ++i)
        unnamed(node->child(i), path + u'/' + QString::number(i), found, depth + 1);
}

// `model` with `count` units of `charm` (placed unless `unplaced`).
void deploy(Workspace &ws, const QString &charm, int count, bool unplaced = false)
{
    ApplicationCommands::Deploy d;
    d.charm = charm;
    d.count = count;
    d.unplaced = unplaced;
    ApplicationCommands(ws).deploy(model, d);
}

// A window on `model` of `t`, shown, with its first snapshot in.
std::unique_ptr<MainWindow> openWindow(TestWorkspace &t)
{
    MainWindow::Options options;
    options.storeLocation = t.path();
    options.provision = false;
    options.watchIntervalMs = 50;
    auto window = std::make_unique<MainWindow>(t.ws(), model, options);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()) ||
        !QTest::qWaitFor([&] { return window->snapshotsApplied() > 0; }, 10'000))
        return nullptr;
    return window;
}

} // namespace

class TestAccessibility : public QObject
{
    Q_OBJECT

private slots:
    void everyInteractiveElementHasAName();
    void rowsAreSpokenWholeAndNotByColourAlone();
};

void TestAccessibility::everyInteractiveElementHasAName()
{
    TestWorkspace t({QStringLiteral("latency-ms=0")});
    deploy(t.ws(), QStringLiteral("web"), 2);
    deploy(t.ws(), QStringLiteral("cache"), 1, true);
    const auto opened = openWindow(t);
    QVERIFY(opened);
    MainWindow &window = *opened;

    auto *tabs = qobject_cast<QTabWidget *>(window.centralWidget());
    QVERIFY(tabs);
    QStringList found;
    for (int tab = 0; tab < tabs->count(); ++tab) {
        tabs->setCurrentIndex(tab);
        QApplication::processEvents();
        unnamed(QAccessible::queryAccessibleInterface(&window), tabs->tabText(tab), found);
    }
    // The docks tabbed behind one another: each in front in turn.
    for (QDockWidget *dock : window.findChildren<QDockWidget *>()) {
        dock->raise();
        QApplication::processEvents();
        unnamed(QAccessible::queryAccessibleInterface(&window), dock->windowTitle(), found);
    }
    found.removeDuplicates();
    QVERIFY2(found.isEmpty(), qPrintable(found.join(u'\n')));
}

void TestAccessibility::rowsAreSpokenWholeAndNotByColourAlone()
{
    TestWorkspace t({QStringLiteral("latency-ms=0")});
    deploy(t.ws(), QStringLiteral("web"), 2);
    AsTheProvisioner::started(t.ws(), model, QStringLiteral("0"), QStringLiteral("i-1"));
    AsTheProvisioner::failed(t.ws(), model, QStringLiteral("1"),
                             QStringLiteral("no capacity in sim-east-b"));
    MachineCommands::AddMachine container;
    container.directive = QStringLiteral("lxd:0");
    MachineCommands(t.ws()).addMachines(model, container);
    const auto opened = openWindow(t);
    QVERIFY(opened);
    MainWindow &window = *opened;

    // What a screen reader says of a row: the row's own words, whole.
    const auto spoken = [](const QAbstractItemModel *rows, const QString &name) {
        for (int r = 0; r < rows->rowCount(); ++r) {
            const QModelIndex top = rows->index(r, 0);
            if (top.data(ItemRoles::NameRole) == name)
                return top.data(Qt::AccessibleTextRole).toString();
            for (int c = 0; c < rows->rowCount(top); ++c) {
                const QModelIndex child = rows->index(c, 0, top);
                if (child.data(ItemRoles::NameRole) == name)
                    return child.data(Qt::AccessibleTextRole).toString();
            }
        }
        return QString();
    };
    const QAbstractItemModel *machines = window.machinesModel();
    QCOMPARE(spoken(machines, QStringLiteral("0")),
             QStringLiteral("Machine 0, started, sim-east-a, web/0 · 1 container(s)"));
    // An error is said in words, not only drawn in red.
    QCOMPARE(spoken(machines, QStringLiteral("1")),
             QStringLiteral("Machine 1, error, web/1, no capacity in sim-east-b"));
    QCOMPARE(spoken(machines, QStringLiteral("0/lxd/0")), QStringLiteral("Container 0/lxd/0, "
                                                                         "pending"));
    const QAbstractItemModel *applications = window.applicationsModel();
    QCOMPARE(spoken(applications, QStringLiteral("web")),
             QStringLiteral("Application web, 2 unit(s), 1 of 2 started, 1 failed"));
    QCOMPARE(spoken(applications, QStringLiteral("web/1")),
             QStringLiteral("Unit web/1 on machine 1, error: no capacity in sim-east-b"));
    // The view hands it to the accessibility tree as the cell's name.
    QAccessibleInterface *tree = QAccessible::queryAccessibleInterface(window.applicationView());
    QVERIFY(tree && tree->tableInterface());
    bool heard = false;
    for (int r = 0; r < tree->tableInterface()->rowCount() && !heard; ++r) {
        QAccessibleInterface *cell = tree->tableInterface()->cellAt(r, 0);
        heard =
            cell && cell->text(QAccessible::Name).startsWith(QStringLiteral("Application web, "));
    }
    QVERIFY(heard);
}

QTEST_MAIN(TestAccessibility)
#include "tst_accessibility.moc"
