// The relations view's layout on a large bundle: openstack-base's 27
// applications and 59 relations, laid out by Graphviz's dot.
#include "core/commands/applicationcommands.h"
#include "core/commands/bundlecommands.h"
#include "core/commands/changeset.h"
#include "core/model/bundle.h"
#include "tests/testsupport.h"
#include "ui/mainwindow.h"
#include "ui/relatedialog.h"
#include "ui/relationslayout.h"
#include "ui/relationsview.h"

#include <QAccessible>
#include <QApplication>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QDialogButtonBox>
#include <QFontMetricsF>
#include <QMenu>
#include <QMouseEvent>
#include <QPushButton>
#include <QTabWidget>
#include <QTest>
#include <QTimer>

using namespace berth;

namespace {

// A window on `model` of `t` with its Relations tab in front, its first
// snapshot shown; it stages changes when `staging`.
std::unique_ptr<MainWindow> openOnRelations(TestWorkspace &t, const QString &model, bool staging)
{
    MainWindow::Options options;
    options.storeLocation = t.path();
    options.provision = false;
    options.watchIntervalMs = 50;
    auto window = std::make_unique<MainWindow>(t.ws(), model, options);
    window->setStaging(staging);
    window->resize(1000, 700);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()) ||
        !QTest::qWaitFor([&] { return window->snapshotsApplied() > 0; }, 10'000))
        return nullptr;
    qobject_cast<QTabWidget *>(window->centralWidget())->setCurrentWidget(window->relationsView());
    return window;
}

} // namespace

class TestRelationsView : public QObject
{
    Q_OBJECT

private slots:
    void openstackBaseIsLaidOutWithoutOverlaps();
    void relatesByDragAndRemovesFromAnEdge();
    void aScreenReaderReadsEachApplicationAndChoosesOne();
};

void TestRelationsView::openstackBaseIsLaidOutWithoutOverlaps()
{
    const QString path = QStringLiteral(SOURCE_DIR "/tests/bundles/openstack-base-like.yaml");
    const Bundle bundle =
        Bundle::fromDocuments(BundleCommands::readDocuments(path, {}), QStringLiteral("b"));
    QCOMPARE(bundle.applications.size(), 27);
    QCOMPARE(bundle.relations.size(), 59);
    const QFontMetricsF metrics(QApplication::font());
    QList<RelationsLayout::Node> nodes;
    for (const Bundle::Application &app : bundle.applications)
        nodes.append({app.name,
                      QSizeF(metrics.horizontalAdvance(app.name) + 24, metrics.height() + 12),
                      app.subordinate});
    QList<RelationsLayout::Edge> edges;
    for (const Bundle::Relation &r : bundle.relations) {
        const QString first = Bundle::applicationOf(r.first);
        const QString second = Bundle::applicationOf(r.second);
        edges.append(
            {first, second,
             RelationsLayout::labelOf(r.first.section(u':', 1), r.second.section(u':', 1)),
             bundle.application(first)->subordinate != bundle.application(second)->subordinate});
    }
    const RelationsLayout layout = RelationsLayout::compute(nodes, edges, 8.0);

    QCOMPARE(layout.boxes.size(), 27);
    for (qsizetype i = 0; i < layout.boxes.size(); ++i) {
        QVERIFY(layout.bounds.contains(layout.boxes.at(i)));
        // At least as large as asked: the name fits.
        QVERIFY(layout.boxes.at(i).width() >= nodes.at(i).size.width());
        QVERIFY(layout.boxes.at(i).height() >= nodes.at(i).size.height());
        for (qsizetype j = i + 1; j < layout.boxes.size(); ++j)
            QVERIFY2(!layout.boxes.at(i).intersects(layout.boxes.at(j)),
                     qPrintable(nodes.at(i).name + u" over " + nodes.at(j).name));
    }
    QCOMPARE(layout.edges.size(), 59);
    for (qsizetype i = 0; i < layout.edges.size(); ++i) {
        const RelationsLayout::PlacedEdge &e = layout.edges.at(i);
        const QString what = e.from + u" - " + e.to + u" (" + e.label + u')';
        QVERIFY2(!e.path.isEmpty(), qPrintable(what));
        // Every label placed, clear of every box and every other label.
        QVERIFY2(!e.label.isEmpty() && !e.labelBox.isEmpty(), qPrintable(what));
        QVERIFY2(layout.bounds.adjusted(-1, -1, 1, 1).contains(e.labelBox), qPrintable(what));
        for (qsizetype b = 0; b < layout.boxes.size(); ++b)
            QVERIFY2(!e.labelBox.intersects(layout.boxes.at(b)),
                     qPrintable(what + u" over " + nodes.at(b).name));
        for (qsizetype j = i + 1; j < layout.edges.size(); ++j)
            QVERIFY2(!e.labelBox.intersects(layout.edges.at(j).labelBox),
                     qPrintable(what + u" over " + layout.edges.at(j).label));
    }
}

// In the window: a click selects the application in the other views, a
// drag from one application to another stages their relation, an edge's
// context menu stages its removal; committed, the view redraws.
void TestRelationsView::relatesByDragAndRemovesFromAnEdge()
{
    const QString model = QStringLiteral("default");
    TestWorkspace t({QStringLiteral("latency-ms=0")});
    deployCharm(t.ws(), model, QStringLiteral("wordpress"), 1);
    deployCharm(t.ws(), model, QStringLiteral("mysql"), 1);
    deploySubordinate(t.ws(), model, QStringLiteral("ntp"), QStringLiteral("wordpress"));
    const auto opened = openOnRelations(t, model, true);
    QVERIFY(opened);
    MainWindow &window = *opened;
    RelationsView *view = window.relationsView();
    QTRY_COMPARE(view->nodes().size(), 3);
    QCOMPARE(view->layout().edges.size(), 1); // ntp beside wordpress
    QCOMPARE(view->accessibleName(), QStringLiteral("Relations between applications"));

    // A click: the application selected everywhere.
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                      view->centreOf(QStringLiteral("mysql")));
    QCOMPARE(view->selectedApplication(), QStringLiteral("mysql"));
    QCOMPARE(window.selectedApplication(), QStringLiteral("mysql"));

    // A drag from wordpress to mysql: their endpoints asked for, typed
    // (a wrong one refused as typed), the relation staged.
    const QPoint from = view->centreOf(QStringLiteral("wordpress"));
    const QPoint to = view->centreOf(QStringLiteral("mysql"));
    bool asked = false;
    QTimer poll;
    connect(&poll, &QTimer::timeout, &window, [&] {
        auto *dialog = qobject_cast<RelateDialog *>(QApplication::activeModalWidget());
        if (!dialog || asked)
            return;
        asked = true;
        QCOMPARE(dialog->windowTitle(), QStringLiteral("Relate wordpress and mysql"));
        QVERIFY(dialog->firstEndpoint()->hasFocus());
        QTest::keyClicks(dialog->firstEndpoint(), QStringLiteral("DB"));
        auto *ok = dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        QVERIFY(!ok->isEnabled()); // not an endpoint name
        dialog->firstEndpoint()->setEditText(QString());
        QTest::keyClicks(dialog->firstEndpoint(), QStringLiteral("db"));
        QVERIFY(ok->isEnabled());
        QTest::keyClick(dialog->firstEndpoint(), Qt::Key_Tab);
        QTest::keyClicks(dialog->secondEndpoint(), QStringLiteral("db"));
        QTest::keyClick(dialog->secondEndpoint(), Qt::Key_Return);
    });
    poll.start(20);
    QTest::mousePress(view->viewport(), Qt::LeftButton, {}, from);
    QMouseEvent move(QEvent::MouseMove, QPointF(to), view->viewport()->mapToGlobal(QPointF(to)),
                     Qt::NoButton, Qt::LeftButton, {});
    QApplication::sendEvent(view->viewport(), &move);
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, to);
    QTRY_VERIFY(asked);
    QTRY_COMPARE(ChangeSet(t.ws()).count(model), 1);
    ChangeSet(t.ws()).commit(model);
    QTRY_COMPARE(view->layout().edges.size(), 2);
    QCOMPARE(t.ws().snapshot(model).integrations.size(), 1);
    QCOMPARE(t.ws().snapshot(model).integrations.constFirst().firstEndpoint, QStringLiteral("db"));
    // Labelled with its endpoint, where the layout placed the label.
    const auto labelled = [&] {
        for (const RelationsLayout::PlacedEdge &e : view->layout().edges) {
            if (!e.subordinate)
                return e.label == u"db" && !e.labelBox.isEmpty();
        }
        return false;
    };
    QVERIFY(labelled());

    // Its edge's context menu removes it (staged, then committed).
    const RelationsLayout::PlacedEdge edge = [&] {
        for (const RelationsLayout::PlacedEdge &e : view->layout().edges) {
            if (!e.subordinate)
                return e;
        }
        return RelationsLayout::PlacedEdge{};
    }();
    QVERIFY(!edge.path.isEmpty());
    const QPoint onLabel = view->mapFromScene(edge.labelBox.center());
    QTimer::singleShot(100, &window, [] {
        if (auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget())) {
            QVERIFY(menu->actions().constFirst()->text().startsWith(
                QStringLiteral("Remove the relation between ")));
            menu->actions().constFirst()->trigger();
            menu->close();
        }
    });
    QContextMenuEvent menuEvent(QContextMenuEvent::Mouse, onLabel,
                                view->viewport()->mapToGlobal(onLabel));
    QApplication::sendEvent(view->viewport(), &menuEvent);
    QTRY_COMPARE(ChangeSet(t.ws()).count(model), 1);
    ChangeSet(t.ws()).commit(model);
    QTRY_COMPARE(view->layout().edges.size(), 1);
    QVERIFY(t.ws().snapshot(model).integrations.isEmpty());

    // The arrow keys move the selection from box to box, as a click does.
    view->setFocus();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                      view->centreOf(QStringLiteral("wordpress")));
    QCOMPARE(view->accessibleDescription(), QStringLiteral("wordpress selected, related to ntp"));
    bool moved = false;
    for (const Qt::Key arrow : {Qt::Key_Right, Qt::Key_Left, Qt::Key_Down, Qt::Key_Up}) {
        const QString next = view->neighbour(arrow);
        if (next.isEmpty())
            continue;
        QTest::keyClick(view, arrow);
        QCOMPARE(view->selectedApplication(), next);
        QCOMPARE(window.selectedApplications(), QStringList{next});
        moved = true;
        break;
    }
    QVERIFY(moved);

    // Zoom: keys in, out, and back to the whole.
    view->setFocus();
    const double fitted = view->zoom();
    QTest::keyClick(view, Qt::Key_Plus);
    QVERIFY(view->zoom() > fitted);
    QTest::keyClick(view, Qt::Key_0);
    QCOMPARE(view->zoom(), fitted);
}

void TestRelationsView::aScreenReaderReadsEachApplicationAndChoosesOne()
{
    const QString model = QStringLiteral("default");
    TestWorkspace t({QStringLiteral("latency-ms=0")});
    deployCharm(t.ws(), model, QStringLiteral("wordpress"), 1);
    deployCharm(t.ws(), model, QStringLiteral("mysql"), 1);
    deployCharm(t.ws(), model, QStringLiteral("haproxy"), 1);
    deploySubordinate(t.ws(), model, QStringLiteral("ntp"), QStringLiteral("wordpress"));
    ApplicationCommands(t.ws()).relate(model, QStringLiteral("wordpress"), QStringLiteral("mysql"));
    const auto opened = openOnRelations(t, model, false);
    QVERIFY(opened);
    MainWindow &window = *opened;
    RelationsView *view = window.relationsView();
    QTRY_COMPARE(view->nodes().size(), 4);

    // The view is a list of the applications, each read with its relations.
    QAccessibleInterface *list = QAccessible::queryAccessibleInterface(view);
    QVERIFY(list);
    QCOMPARE(list->role(), QAccessible::List);
    QCOMPARE(list->childCount(), 4);
    QMap<QString, QAccessibleInterface *> boxes;
    for (int i = 0; i < list->childCount(); ++i) {
        QAccessibleInterface *box = list->child(i);
        QVERIFY(box && box->isValid());
        QCOMPARE(box->role(), QAccessible::ListItem);
        QCOMPARE(box->parent(), list);
        QCOMPARE(list->indexOfChild(box), i);
        boxes.insert(box->text(QAccessible::Name), box);
    }
    QCOMPARE(boxes.keys(), (QStringList{QStringLiteral("haproxy"), QStringLiteral("mysql"),
                                        QStringLiteral("ntp"), QStringLiteral("wordpress")}));
    QCOMPARE(boxes[QStringLiteral("wordpress")]->text(QAccessible::Description),
             QStringLiteral("2 relation(s): ntp, mysql"));
    QCOMPARE(boxes[QStringLiteral("ntp")]->text(QAccessible::Description),
             QStringLiteral("subordinate, 1 relation(s): wordpress"));
    QCOMPARE(boxes[QStringLiteral("haproxy")]->text(QAccessible::Description),
             QStringLiteral("no relations"));
    // Where it is on the screen: a pointer there finds it.
    QAccessibleInterface *mysql = boxes[QStringLiteral("mysql")];
    QCOMPARE(list->childAt(mysql->rect().center().x(), mysql->rect().center().y()), mysql);
    QVERIFY(!mysql->state().selected);

    // Its press action selects it, in this view and in the window's others.
    QAccessibleActionInterface *action = mysql->actionInterface();
    QVERIFY(action);
    QVERIFY(action->actionNames().contains(QAccessibleActionInterface::pressAction()));
    action->doAction(QAccessibleActionInterface::pressAction());
    QCOMPARE(view->selectedApplication(), QStringLiteral("mysql"));
    QCOMPARE(window.selectedApplications(), QStringList{QStringLiteral("mysql")});
    QVERIFY(mysql->state().selected);
    QVERIFY(mysql->state().focused);
    QVERIFY(!boxes[QStringLiteral("wordpress")]->state().selected);

    // An application removed is no longer in the list.
    ApplicationCommands(t.ws()).removeApplication(model, QStringLiteral("haproxy"));
    QTRY_COMPARE(list->childCount(), 3);
    for (int i = 0; i < list->childCount(); ++i)
        QVERIFY(list->child(i)->text(QAccessible::Name) != QStringLiteral("haproxy"));
}

QTEST_MAIN(TestRelationsView)
#include "tst_relationsview.moc"
