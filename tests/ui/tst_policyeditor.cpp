#include "core/commands/applicationcommands.h"
#include "core/commands/spreadcommands.h"
#include "core/provisioning/provisioner.h"
#include "tests/testsupport.h"
#include "ui/applicationcolours.h"
#include "ui/applicationsmodel.h"
#include "ui/mainwindow.h"
#include "ui/policyeditordialog.h"
#include "ui/regionchart.h"
#include "ui/zonechart.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QJsonArray>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>

#include <qcustomplot.h>

using namespace berth;

namespace {

const QString model = QStringLiteral("default");

struct Fixture : TestWorkspace
{
    Fixture()
    {
        ApplicationCommands::Deploy d;
        d.charm = QStringLiteral("web");
        d.count = 6;
        ApplicationCommands(ws()).deploy(model, d);
    }
    ScalingCommands::Report report()
    {
        return ScalingCommands(ws()).report(model, QStringLiteral("web"));
    }
};

int rowOf(const QTableWidget *table, const QString &name)
{
    for (int row = 0; row < table->rowCount(); ++row) {
        if (table->item(row, PolicyEditorDialog::NameColumn)->text() == name)
            return row;
    }
    return -1;
}

QSpinBox *spin(const QTableWidget *table, const QString &name, int column)
{
    return qobject_cast<QSpinBox *>(table->cellWidget(rowOf(table, name), column));
}

void check(QTableWidget *table, const QString &name, bool on = true)
{
    table->item(rowOf(table, name), PolicyEditorDialog::NameColumn)
        ->setCheckState(on ? Qt::Checked : Qt::Unchecked);
}

QList<double> barValues(const QCPBars *bars)
{
    QList<double> values;
    for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it)
        values << it->value;
    return values;
}

} // namespace

class TestPolicyEditor : public QObject
{
    Q_OBJECT

private slots:
    // A wait spread at zone level and unequal zone weights cannot both hold:
    // the dialog says so as the weights change, in the store's words.
    void refusesWeightsThatBreakASpread()
    {
        Fixture f;
        SpreadCommands(f.ws()).set(model, QStringLiteral("web"),
                                   SpreadConstraint::of(SpreadConstraint::Level::Zone, 1));
        PolicyEditorDialog dialog(f.ws(), model, QStringLiteral("web"));
        QTableWidget *zones = dialog.zoneTable();
        check(zones, QStringLiteral("sim-east-a"));
        check(zones, QStringLiteral("sim-east-b"));
        QVERIFY(dialog.problem().isEmpty()); // equal weights keep the bound
        spin(zones, QStringLiteral("sim-east-a"), PolicyEditorDialog::WeightColumn)->setValue(300);
        QVERIFY2(dialog.problem().contains(QStringLiteral("cannot both hold")),
                 qPrintable(dialog.problem()));
        QVERIFY(!dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->isEnabled());
        spin(zones, QStringLiteral("sim-east-a"), PolicyEditorDialog::WeightColumn)->setValue(100);
        QVERIFY(dialog.problem().isEmpty());
    }

    // The zone chart marks, on each bar of an application with a zone bound,
    // the most units that zone may hold; the Applications view shows the bound
    // and its skew.
    void chartAndViewShowTheSpread()
    {
        TestWorkspace f({QStringLiteral("latency-ms=0")});
        ApplicationCommands::Deploy d;
        d.charm = QStringLiteral("web");
        d.count = 4;
        d.to = QStringLiteral("zone=sim-east-a,zone=sim-east-a,zone=sim-east-a,zone=sim-east-b");
        ApplicationCommands(f.ws()).deploy(model, d);
        std::atomic<bool> cancel = false;
        QVERIFY(Provisioner(f.path(), f.clouds, model).runUntilIdle(cancel, 30'000));
        SpreadCommands(f.ws()).set(model, QStringLiteral("web"),
                                   SpreadConstraint::of(SpreadConstraint::Level::Zone, 1));
        const ModelSnapshot snapshot = f.ws().snapshot(model);
        const CloudInfo &cloud = f.clouds.get(QStringLiteral("sim"));
        ZoneChart chart;
        chart.setSnapshot(snapshot, cloud);
        QCOMPARE(chart.bounds().value(QStringLiteral("web")), 1); // globalMin 0 (sim-east-c) + 1
        QCOMPARE(chart.plot()->itemCount(), 3);                   // a mark on each zone's bar
        QVERIFY2(chart.caption().contains(QStringLiteral("web (skew 3)")),
                 qPrintable(chart.caption()));

        ApplicationsModel apps;
        apps.setSnapshot(snapshot, &cloud);
        const QModelIndex web = apps.index(0, ApplicationsModel::SpreadColumn);
        QCOMPARE(web.data().toString(), QStringLiteral("zone max-skew 1 (skew 3)"));
        QVERIFY(web.data(Qt::ForegroundRole).isValid()); // past its bound: in the error colour
    }

    void editsValidatesAndStores()
    {
        Fixture f;
        PolicyEditorDialog dialog(f.ws(), model, QStringLiteral("web"));
        QTableWidget *regions = dialog.regionTable();
        QCOMPARE(regions->rowCount(), 4); // sim-east, sim-west, sim-north, sim-metal
        QCOMPARE(
            regions
                ->item(rowOf(regions, QStringLiteral("sim-east")), PolicyEditorDialog::UnitsColumn)
                ->text(),
            QStringLiteral("6"));
        QVERIFY(dialog.problem().isEmpty());

        // A checked region with no weight is refused, and OK is off.
        check(regions, QStringLiteral("sim-west"));
        spin(regions, QStringLiteral("sim-west"), PolicyEditorDialog::WeightColumn)->setValue(0);
        QCOMPARE(dialog.problem(), QStringLiteral("Give at least one checked region a weight "
                                                  "above 0."));
        const auto *buttons = dialog.findChild<QDialogButtonBox *>();
        QVERIFY(!buttons->button(QDialogButtonBox::Ok)->isEnabled());

        // 3:1 over sim-east (capped below its units: a note, not a problem) and sim-west.
        check(regions, QStringLiteral("sim-east"));
        spin(regions, QStringLiteral("sim-east"), PolicyEditorDialog::WeightColumn)->setValue(300);
        spin(regions, QStringLiteral("sim-east"), PolicyEditorDialog::CapColumn)->setValue(4);
        spin(regions, QStringLiteral("sim-west"), PolicyEditorDialog::WeightColumn)->setValue(100);
        QVERIFY(dialog.problem().isEmpty());
        QVERIFY(buttons->button(QDialogButtonBox::Ok)->isEnabled());
        QCOMPARE(dialog.notes(), QStringLiteral("sim-east holds 6 units, more than its cap 4: it "
                                                "gets no new ones."));
        QCOMPARE(
            regions
                ->item(rowOf(regions, QStringLiteral("sim-east")), PolicyEditorDialog::TargetColumn)
                ->text(),
            QStringLiteral("4.5"));
        dialog.criteriaBox()->setCurrentIndex(
            dialog.criteriaBox()->findText(QStringLiteral("YOUNGEST_FIRST")));
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));

        const ScalingCommands::Report stored = f.report();
        QVERIFY(stored.policies.region);
        QCOMPARE(stored.policies.region->names(),
                 (QStringList{QStringLiteral("sim-east"), QStringLiteral("sim-west")}));
        QCOMPARE(stored.policies.region->targets().first().cap, 4);
        QVERIFY(!stored.policies.zone);
        QCOMPARE(stored.policies.deletion, DeletionPolicy::Criteria::YoungestFirst);

        // Reopened, the dialog shows what is stored; unchecking all removes the policy.
        PolicyEditorDialog again(f.ws(), model, QStringLiteral("web"));
        QCOMPARE(again.regionTable()
                     ->item(rowOf(again.regionTable(), QStringLiteral("sim-west")),
                            PolicyEditorDialog::NameColumn)
                     ->checkState(),
                 Qt::Checked);
        QCOMPARE(
            spin(again.regionTable(), QStringLiteral("sim-east"), PolicyEditorDialog::WeightColumn)
                ->value(),
            300);
        QCOMPARE(again.criteriaBox()->currentText(), QStringLiteral("YOUNGEST_FIRST"));
        check(again.regionTable(), QStringLiteral("sim-east"), false);
        check(again.regionTable(), QStringLiteral("sim-west"), false);
        again.accept();
        QVERIFY(!f.report().policies.region);
    }

    void chartShowsTargetsAgainstUnits()
    {
        Fixture f;
        ScalingCommands(f.ws()).replacePolicies(
            model, QStringLiteral("web"),
            {QJsonObject{
                {QStringLiteral("type"), QStringLiteral("senlin.policy.region_placement")},
                {QStringLiteral("properties"),
                 QJsonObject{
                     {QStringLiteral("regions"),
                      QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("sim-east")},
                                             {QStringLiteral("weight"), 100},
                                             {QStringLiteral("cap"), 10}},
                                 QJsonObject{{QStringLiteral("name"), QStringLiteral("sim-west")},
                                             {QStringLiteral("weight"), 200}}}}}}}});
        RegionChart chart;
        chart.setReport(f.report());
        QCOMPARE(chart.categories(),
                 (QStringList{QStringLiteral("sim-east"), QStringLiteral("sim-west")}));
        QCOMPARE(chart.targets(), (QList<double>{2.0, 4.0}));
        QCOMPARE(chart.actuals(), (QList<double>{6.0, 0.0}));
        // The plot holds the same bars: target first, then units.
        QCOMPARE(chart.plot()->plottableCount(), 2);
        const auto *target = qobject_cast<QCPBars *>(chart.plot()->plottable(0));
        const auto *units = qobject_cast<QCPBars *>(chart.plot()->plottable(1));
        QCOMPARE(barValues(target), (QList<double>{2.0, 4.0}));
        QCOMPARE(barValues(units), (QList<double>{6.0, 0.0}));
        // In the application's own colour (the zone chart's too), the target hatched.
        const QColor web = ApplicationColours::of(f.report().application.id);
        QCOMPARE(chart.colour(), web);
        QCOMPARE(units->brush().color(), web);
        QCOMPARE(target->brush().color(), web);
        QCOMPARE(target->brush().style(), Qt::BDiagPattern);
        // The cap drawn where one is set, and nowhere else.
        QCOMPARE(chart.caps(), (QList<double>{10.0, -1.0}));
        QCOMPARE(chart.plot()->itemCount(), 2); // a line and its figure
        const auto *cap = qobject_cast<QCPItemLine *>(chart.plot()->item(0));
        QVERIFY(cap);
        QCOMPARE(cap->start->coords().y(), 10.0);
        QVERIFY(cap->start->coords().x() < 1.0 && cap->end->coords().x() > 1.0);
        QCOMPARE(qobject_cast<QCPItemText *>(chart.plot()->item(1))->text(),
                 QStringLiteral("cap 10"));
        // Hovering a region gives its exact figures.
        chart.resize(640, 400);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.plot()->replot();
        const QPointF east(chart.plot()->xAxis->coordToPixel(1),
                           chart.plot()->yAxis->coordToPixel(1));
        QCOMPARE(chart.toolTipAt(east), QStringLiteral("sim-east\nunits: 6\ntarget: 2.0\ncap: 10"));
        const QPointF west(chart.plot()->xAxis->coordToPixel(2),
                           chart.plot()->yAxis->coordToPixel(1));
        QCOMPARE(chart.toolTipAt(west), QStringLiteral("sim-west\nunits: 0\ntarget: 4.0"));
        QVERIFY(chart.toolTipAt(QPointF(chart.plot()->xAxis->coordToPixel(1.5), 10)).isEmpty());

        const QString png = f.dir.filePath(QStringLiteral("chart.png"));
        const QString pdf = f.dir.filePath(QStringLiteral("chart.pdf"));
        QVERIFY(chart.exportTo(png));
        QVERIFY(chart.exportTo(pdf));
        QVERIFY(QImage(png).width() > 0);
        QFile file(pdf);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.read(5).startsWith("%PDF"));
    }

    void windowFollowsTheSelectionAndTheStore()
    {
        Fixture f;
        MainWindow::Options options;
        options.storeLocation = f.path();
        options.provision = false;
        MainWindow window(f.ws(), model, options);
        QTRY_VERIFY(window.snapshotsApplied() > 0);
        window.selectApplication(QStringLiteral("web"));
        QCOMPARE(window.selectedApplication(), QStringLiteral("web"));
        QCOMPARE(window.regionChart()->actuals(), QList<double>{6.0});
        // Another client adds units in another region; the window picks it up.
        Store other(f.path());
        Workspace otherWs(other, f.clouds);
        ApplicationCommands(otherWs).addUnits(model, QStringLiteral("web"), 2,
                                              QStringLiteral("region=sim-north,region=sim-north"));
        QTRY_COMPARE_WITH_TIMEOUT(
            window.regionChart()->categories(),
            (QStringList{QStringLiteral("sim-east"), QStringLiteral("sim-north")}), 5000);
        QCOMPARE(window.regionChart()->actuals(), (QList<double>{6.0, 2.0}));
        QCOMPARE(window.selectedApplication(), QStringLiteral("web"));
    }
};

QTEST_MAIN(TestPolicyEditor)
#include "tst_policyeditor.moc"
