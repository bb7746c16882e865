// Each kind of change from its descriptor: the arguments it keeps, the line
// it reads as in a change set, and that it applies as the command it names.
#include "core/commands/changekinds.h"
#include "core/commands/modelchange.h"
#include "tests/testsupport.h"

#include <QJsonArray>
#include <QTest>

using namespace berth;

namespace {

const QString model = QStringLiteral("default");

ModelChange deployOf(const QString &charm, int count, bool subordinate = false)
{
    ApplicationCommands::Deploy d;
    d.charm = charm;
    d.count = count;
    d.subordinate = subordinate;
    return ModelChange::deploy(d);
}

} // namespace

class TestChangeKinds : public QObject
{
    Q_OBJECT

private slots:
    void everyChangeReadsAsOneLine_data()
    {
        QTest::addColumn<ModelChange>("change");
        QTest::addColumn<QString>("line");
        QTest::addRow("deploy") << deployOf(QStringLiteral("web"), 3)
                                << QStringLiteral("deploy web, 3 unit(s)");
        QTest::addRow("deploy a subordinate") << deployOf(QStringLiteral("ntp"), 1, true)
                                              << QStringLiteral("deploy ntp (subordinate)");
        QTest::addRow("add units to a machine")
            << ModelChange::addUnits(QStringLiteral("web"), 2, QStringLiteral("3"))
            << QStringLiteral("add 2 unit(s) of web, to 3");
        QTest::addRow("add unplaced units")
            << ModelChange::addUnplacedUnits(QStringLiteral("web"), 1)
            << QStringLiteral("add 1 unit(s) of web, unplaced");
        QTest::addRow("place on a new machine")
            << ModelChange::placeUnits({QStringLiteral("web/0")}, {})
            << QStringLiteral("place web/0 on a new machine");
        QTest::addRow("place in a container")
            << ModelChange::placeUnits({QStringLiteral("web/0"), QStringLiteral("web/1")},
                                       QStringLiteral("0/lxd/2"))
            << QStringLiteral("place web/0, web/1 on machine 0/lxd/2");
        QTest::addRow("place by a directive")
            << ModelChange::placeUnits({QStringLiteral("web/0")}, QStringLiteral("zone=b"))
            << QStringLiteral("place web/0 on zone=b");
        QTest::addRow("unplace") << ModelChange::unplaceUnits({QStringLiteral("web/0")})
                                 << QStringLiteral("take web/0 off its machine");
        QTest::addRow("remove units") << ModelChange::removeUnits({QStringLiteral("web/0")})
                                      << QStringLiteral("remove web/0");
        QTest::addRow("remove an application")
            << ModelChange::removeApplication(QStringLiteral("web"))
            << QStringLiteral("remove application web");
        QTest::addRow("model constraints")
            << ModelChange::setConstraints({}, QStringLiteral("mem=4G"))
            << QStringLiteral("set the model's constraints to \"mem=4G\"");
        QTest::addRow("application constraints")
            << ModelChange::setConstraints(QStringLiteral("web"), QStringLiteral("cores=2"))
            << QStringLiteral("set the constraints of web to \"cores=2\"");
        QTest::addRow("relate") << ModelChange::relate(QStringLiteral("ntp"), QStringLiteral("web"))
                                << QStringLiteral("relate ntp and web");
        QTest::addRow("remove a relation")
            << ModelChange::removeRelation(QStringLiteral("ntp"), QStringLiteral("web"))
            << QStringLiteral("remove the relation between ntp and web");
        QTest::addRow("add machines")
            << ModelChange::addMachines(
                   {QStringLiteral("lxd:0"), 2, {}, QStringLiteral("mem=1G"), {}})
            << QStringLiteral("add 2 machine(s), to lxd:0, with \"mem=1G\"");
        QTest::addRow("remove machines with their units")
            << ModelChange::removeMachines({QStringLiteral("1"), QStringLiteral("2")}, true)
            << QStringLiteral("remove machine 1, 2 and its units");
        QTest::addRow("remove a machine, its instance kept")
            << ModelChange::removeMachines({QStringLiteral("1")}, false, true)
            << QStringLiteral("remove machine 1, keeping its instance");
        QTest::addRow("deploy a bundle")
            << ModelChange::deployBundle(
                   QJsonObject{{QStringLiteral("name"), QStringLiteral("lamp")},
                               {QStringLiteral("applications"),
                                QJsonObject{{QStringLiteral("web"), QJsonObject{}},
                                            {QStringLiteral("db"), QJsonObject{}}}}})
            << QStringLiteral("deploy bundle lamp (applications: 2)");
        ResizeParameters::Request resize;
        resize.number = 14;
        resize.maxSize = 20;
        QTest::addRow("scale an application")
            << ModelChange::scaleApplication(QStringLiteral("web"),
                                             QStringLiteral("EXACT_CAPACITY"), resize,
                                             QStringLiteral("OLDEST_FIRST"))
            << QStringLiteral("scale web (EXACT_CAPACITY 14)");
        QTest::addRow("set placement policies")
            << ModelChange::setPlacementPolicies(
                   QStringLiteral("web"),
                   {QJsonObject{
                       {QStringLiteral("type"), QStringLiteral("senlin.policy.region_placement")},
                       {QStringLiteral("version"), QStringLiteral("1.0")},
                       {QStringLiteral("properties"), QJsonObject{}}}},
                   true)
            << QStringLiteral("set the placement policies of web (region)");
    }

    void everyChangeReadsAsOneLine()
    {
        QFETCH(ModelChange, change);
        QFETCH(QString, line);
        QCOMPARE(change.description(), line);
        // What is kept (the change set's rows) reads back as the same change.
        QCOMPARE(ModelChange::fromJson(change.command, change.args), std::optional(change));
        QVERIFY(ChangeKind::find(change.command));
    }

    void aKeptChangeOfAnotherShapeIsRefused_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QJsonObject>("args");
        QTest::addRow("no such kind") << QStringLiteral("resize-cluster") << QJsonObject{};
        QTest::addRow("a count as text")
            << QStringLiteral("add-unit")
            << QJsonObject{{QStringLiteral("application"), QStringLiteral("web")},
                           {QStringLiteral("count"), QStringLiteral("2")}};
        QTest::addRow("units as one name")
            << QStringLiteral("remove-unit")
            << QJsonObject{{QStringLiteral("units"), QStringLiteral("web/0")}};
        QTest::addRow("an argument the kind does not take")
            << QStringLiteral("relate")
            << QJsonObject{{QStringLiteral("first"), QStringLiteral("a")},
                           {QStringLiteral("third"), QStringLiteral("c")}};
    }

    void aKeptChangeOfAnotherShapeIsRefused()
    {
        QFETCH(QString, command);
        QFETCH(QJsonObject, args);
        QCOMPARE(ModelChange::fromJson(command, args), std::nullopt);
    }

    void onlyAnExistingHostCannotWait()
    {
        const ModelChange ssh =
            ModelChange::addMachines({QStringLiteral("ssh:ubuntu@10.0.0.5"), 1, {}, {}, {}});
        QVERIFY(ssh.whyNotStageable().contains(QStringLiteral("add it without --stage")));
        QVERIFY(ModelChange::addMachines({QStringLiteral("lxd:0"), 1, {}, {}, {}})
                    .whyNotStageable()
                    .isEmpty());
        QVERIFY(deployOf(QStringLiteral("web"), 1).whyNotStageable().isEmpty());
    }

    void aPlacementSaysWhatGoesWhere()
    {
        const auto placement =
            ModelChange::placeUnits({QStringLiteral("web/0"), QStringLiteral("web/1")},
                                    QStringLiteral("lxd:3"))
                .placement();
        QVERIFY(placement);
        QCOMPARE(placement->units, (QStringList{QStringLiteral("web/0"), QStringLiteral("web/1")}));
        QCOMPARE(placement->to, QStringLiteral("lxd:3"));
        QVERIFY(!ModelChange::unplaceUnits({QStringLiteral("web/0")}).placement());
    }

    void eachKindAppliesAsItsCommand()
    {
        TestWorkspace t;
        Workspace &ws = t.ws();
        // Given a model, when each kind applies in turn, then it does what berthctl's does.
        deployOf(QStringLiteral("web"), 1).apply(ws, model);
        ModelChange::addUnplacedUnits(QStringLiteral("web"), 1).apply(ws, model);
        ModelChange::placeUnits({QStringLiteral("web/1")}, QStringLiteral("lxd:0"))
            .apply(ws, model);
        deployOf(QStringLiteral("ntp"), 1, true).apply(ws, model);
        ModelChange::relate(QStringLiteral("ntp"), QStringLiteral("web")).apply(ws, model);
        ModelChange::setConstraints(QStringLiteral("web"), QStringLiteral("mem=2G"))
            .apply(ws, model);
        ModelChange::addMachines({{}, 2, {}, {}, {}}).apply(ws, model);
        ModelSnapshot s = ws.snapshot(model);
        QStringList units;
        for (const UnitRecord &u : s.units)
            units << u.name() + u'@' + u.machine;
        units.sort();
        // The subordinate follows every principal unit, the one in a container too.
        QCOMPARE(units, (QStringList{QStringLiteral("ntp/0@0"), QStringLiteral("ntp/1@0/lxd/0"),
                                     QStringLiteral("web/0@0"), QStringLiteral("web/1@0/lxd/0")}));
        QCOMPARE(ApplicationCommands(ws).constraints(model, QStringLiteral("web")),
                 QStringLiteral("mem=2048M"));
        QCOMPARE(s.machines.size(), 4); // 0, its container, and the two added

        ModelChange::removeRelation(QStringLiteral("ntp"), QStringLiteral("web")).apply(ws, model);
        ModelChange::removeUnits({QStringLiteral("web/1")}).apply(ws, model);
        ModelChange::removeMachines({QStringLiteral("1")}, false).apply(ws, model);
        ModelChange::removeApplication(QStringLiteral("ntp")).apply(ws, model);
        s = ws.snapshot(model);
        units.clear();
        for (const UnitRecord &u : s.units)
            units << u.name();
        QCOMPARE(units, QStringList{QStringLiteral("web/0")});
        QVERIFY(s.relations.isEmpty());

        // A kind that is not there is refused with its name, and changes nothing.
        try {
            ModelChange{QStringLiteral("resize-cluster"), {}}.apply(ws, model);
            QFAIL("applied a change of no kind");
        } catch (const BerthError &error) {
            QCOMPARE(error.message(), QStringLiteral("unknown change \"resize-cluster\""));
        }
    }
};

QTEST_GUILESS_MAIN(TestChangeKinds)
#include "tst_changekinds.moc"
