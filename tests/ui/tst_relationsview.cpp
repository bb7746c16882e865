// The relations view's layout on a large bundle: openstack-base's 27
// applications and 59 relations, laid out by Graphviz's dot.
#include "core/commands/bundlecommands.h"
#include "core/model/bundle.h"
#include "ui/relationslayout.h"

#include <QApplication>
#include <QFontMetricsF>
#include <QTest>

using namespace berth;

class TestRelationsView : public QObject
{
    Q_OBJECT

private slots:
    void openstackBaseIsLaidOutWithoutOverlaps();
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

QTEST_MAIN(TestRelationsView)
#include "tst_relationsview.moc"
