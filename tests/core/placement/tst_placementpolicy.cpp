#include "core/bertherror.h"
#include "core/placement/placementpolicy.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace berth;

namespace {

QJsonObject json(const char *text)
{
    return QJsonDocument::fromJson(QByteArray(text)).object();
}

PlacementPolicy twoRegions()
{
    return PlacementPolicy::fromSpec(json(R"({"type": "senlin.policy.region_placement",
        "version": 1.0, "properties": {"regions": [{"name": "A", "weight": 100},
        {"name": "B", "weight": 100}]}})"));
}

} // namespace

class TestPlacementPolicy : public QObject
{
    Q_OBJECT

private slots:
    void countRules_data();
    void countRules();
    void resizeErrorsBecomeData();
    void boundsAloneNeedNoUsableRegion();
    void zonePolicySpeaksOfZones();
    void rejectsBadSpecs_data();
    void rejectsBadSpecs();
    void namesUnknownRegionsAsSenlinDoes();
};

void TestPlacementPolicy::countRules_data()
{
    QTest::addColumn<QString>("action");
    QTest::addColumn<QString>("inputs");
    QTest::addColumn<QString>("data");
    QTest::addColumn<QString>("expected");
    QTest::newRow("scale-out: inputs.count")
        << "CLUSTER_SCALE_OUT"
        << R"({"count": 4})"
        << "{}"
        << R"({"creation":{"count":4,"regions":{"A":2,"B":2}},"status":"OK"})";
    QTest::newRow("scale-out: default 1")
        << "CLUSTER_SCALE_OUT"
        << "{}"
        << "{}"
        << R"({"creation":{"count":1,"regions":{"A":1}},"status":"OK"})";
    QTest::newRow("scale-out: data.creation.count wins")
        << "CLUSTER_SCALE_OUT"
        << R"({"count": 9})"
        << R"({"creation": {"count": 2}})"
        << R"({"creation":{"count":2,"regions":{"A":1,"B":1}},"status":"OK"})";
    QTest::newRow("scale-out: data.creation without count is 1")
        << "CLUSTER_SCALE_OUT"
        << R"({"count": 9})"
        << R"({"creation": {}})"
        << R"({"creation":{"count":1,"regions":{"A":1}},"status":"OK"})";
    QTest::newRow("scale-in: inputs.count")
        << "CLUSTER_SCALE_IN"
        << R"({"count": 2})"
        << "{}"
        << R"({"deletion":{"count":2,"regions":{"A":1,"B":1}},"status":"OK"})";
    QTest::newRow("scale-in: data.deletion.count")
        << "CLUSTER_SCALE_IN"
        << "{}"
        << R"({"deletion": {"count": 4}})"
        << R"({"deletion":{"count":4,"regions":{"A":2,"B":2}},"status":"OK"})";
    QTest::newRow("resize: parsed inputs")
        << "CLUSTER_RESIZE"
        << R"({"adjustment_type": "CHANGE_IN_PERCENTAGE", "number": 50})"
        << "{}"
        << R"({"creation":{"count":2,"regions":{"A":1,"B":1}},"status":"OK"})";
    QTest::newRow("resize: data.deletion from an earlier policy")
        << "CLUSTER_RESIZE"
        << "{}"
        << R"({"deletion": {"count": 1}})"
        << R"({"deletion":{"count":1,"regions":{"A":1}},"status":"OK"})";
    // Senlin's reading of data and inputs, found by running its own code.
    QTest::newRow("resize: an empty creation in data is no decision")
        << "CLUSTER_RESIZE"
        << R"({"adjustment_type": "CHANGE_IN_CAPACITY", "number": -2})"
        << R"({"creation": {}})"
        << R"({"creation":{},"deletion":{"count":2,"regions":{"A":1,"B":1}},"status":"OK"})";
    QTest::newRow("resize: an earlier decision keeps its other keys")
        << "CLUSTER_RESIZE"
        << "{}"
        << R"({"creation": {"count": 2, "by": "scaling"}})"
        << R"({"creation":{"by":"scaling","count":2,"regions":{"A":1,"B":1}},"status":"OK"})";
    QTest::newRow("resize: bounds alone plan nothing")
        << "CLUSTER_RESIZE"
        << R"({"min_size": 1, "max_size": 8})"
        << "{}"
        << R"({"creation":{"count":0},"status":"OK"})";
    QTest::newRow("resize: strict null neither clips nor holds")
        << "CLUSTER_RESIZE"
        << R"({"adjustment_type": "EXACT_CAPACITY", "number": 6, "max_size": 4, "strict": null})"
        << "{}"
        << R"({"reason":"The target capacity (6) is greater than the specified max_size (4).","status":"ERROR"})";
    QTest::newRow("node create: one node")
        << "NODE_CREATE"
        << "{}"
        << "{}"
        << R"({"creation":{"count":1,"regions":{"A":1}},"status":"OK"})";
    QTest::newRow("node create: the profile's region wins")
        << "NODE_CREATE"
        << R"({"profile": {"region_name": "B"}})"
        << R"({"keep": 1})"
        << R"({"keep":1})";
    QTest::newRow("too many to delete")
        << "CLUSTER_SCALE_IN"
        << R"({"count": 5})"
        << "{}"
        << R"({"reason":"There is no feasible plan to handle all nodes.","status":"ERROR"})";
}

void TestPlacementPolicy::countRules()
{
    QFETCH(QString, action);
    QFETCH(QString, inputs);
    QFETCH(QString, data);
    QFETCH(QString, expected);
    PlacementPolicy::Action a;
    a.name = action;
    a.inputs = json(inputs.toUtf8().constData());
    a.data = json(data.toUtf8().constData());
    a.cluster = {0, -1, 4};
    const QJsonObject result =
        twoRegions().decide(a, {{QStringLiteral("A"), 2}, {QStringLiteral("B"), 2}},
                            {QStringLiteral("A"), QStringLiteral("B")});
    QCOMPARE(QString::fromUtf8(QJsonDocument(result).toJson(QJsonDocument::Compact)), expected);
}

void TestPlacementPolicy::resizeErrorsBecomeData()
{
    PlacementPolicy::Action a;
    a.name = QStringLiteral("CLUSTER_RESIZE");
    a.inputs = json(
        R"({"adjustment_type": "EXACT_CAPACITY", "number": 11, "max_size": 10, "strict": true})");
    a.cluster = {0, -1, 4};
    QJsonObject result = twoRegions().decide(a, {}, {QStringLiteral("A")});
    QCOMPARE(result.value(QStringLiteral("status")).toString(), QStringLiteral("ERROR"));
    QCOMPARE(
        result.value(QStringLiteral("reason")).toString(),
        QStringLiteral("The target capacity (11) is greater than the specified max_size (10)."));
    a.inputs = json(R"({"adjustment_type": "SIDEWAYS", "number": 1})");
    result = twoRegions().decide(a, {}, {QStringLiteral("A")});
    QCOMPARE(result.value(QStringLiteral("reason")).toString(),
             QStringLiteral("Invalid adjustment_type: SIDEWAYS"));
    a.name = QStringLiteral("CLUSTER_DANCE");
    QVERIFY_THROWS_EXCEPTION(BerthError, twoRegions().decide(a, {}, {QStringLiteral("A")}));
}

void TestPlacementPolicy::boundsAloneNeedNoUsableRegion()
{
    // As Senlin: nothing to place, so no region need be usable, and the
    // cluster's own max_size (0) does not stop a resize that is not strict.
    PlacementPolicy::Action a;
    a.name = QStringLiteral("CLUSTER_RESIZE");
    a.inputs = json(R"({"min_size": 0, "max_size": 6})");
    a.cluster = {0, 0, 2};
    QJsonObject result = twoRegions().decide(a, {{QStringLiteral("A"), 2}}, {});
    QCOMPARE(result.value(QStringLiteral("status")).toString(), QStringLiteral("OK"));
    a.inputs = json(R"({"adjustment_type": "EXACT_CAPACITY", "number": 3})");
    result = twoRegions().decide(a, {{QStringLiteral("A"), 2}}, {QStringLiteral("B")});
    QCOMPARE(QString::fromUtf8(QJsonDocument(result).toJson(QJsonDocument::Compact)),
             QStringLiteral(R"({"creation":{"count":1,"regions":{"B":1}},"status":"OK"})"));
    a.inputs = json(R"({"adjustment_type": "EXACT_CAPACITY", "number": 3, "strict": true})");
    result = twoRegions().decide(a, {{QStringLiteral("A"), 2}}, {QStringLiteral("B")});
    QCOMPARE(result.value(QStringLiteral("reason")).toString(),
             QStringLiteral("The target capacity (3) is greater than the cluster's max_size (0)."));
    a.inputs = json(R"({"adjustment_type": "EXACT_CAPACITY", "number": 3, "strict": "yes"})");
    QCOMPARE(twoRegions().decide(a, {}, {}).value(QStringLiteral("reason")).toString(),
             QStringLiteral("strict must be true, false or null"));
}

void TestPlacementPolicy::zonePolicySpeaksOfZones()
{
    const PlacementPolicy zones =
        PlacementPolicy::fromSpec(json(R"({"type": "senlin.policy.zone_placement",
        "properties": {"zones": [{"name": "z1", "weight": 300}, {"name": "z2", "weight": 100, "cap": 1}]}})"));
    PlacementPolicy::Action a;
    a.name = QStringLiteral("CLUSTER_SCALE_OUT");
    a.inputs = json(R"({"count": 4})");
    QCOMPARE(QString::fromUtf8(
                 QJsonDocument(zones.decide(a, {}, {QStringLiteral("z1"), QStringLiteral("z2")}))
                     .toJson(QJsonDocument::Compact)),
             QStringLiteral(R"({"creation":{"count":4,"zones":{"z1":3,"z2":1}},"status":"OK"})"));
    QCOMPARE(zones.decide(a, {}, {}).value(QStringLiteral("reason")).toString(),
             QStringLiteral("No availability zone found available."));
}

void TestPlacementPolicy::rejectsBadSpecs_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("error");
    QTest::newRow("type") << R"({"type": "senlin.policy.deletion"})"
                          << "unknown policy type \"senlin.policy.deletion\"; expected "
                             "senlin.policy.region_placement or senlin.policy.zone_placement";
    QTest::newRow("no regions")
        << R"({"type": "senlin.policy.region_placement", "properties": {}})"
        << "the policy names no regions: expected properties.regions with name, weight and cap";
    QTest::newRow("no name")
        << R"({"type": "senlin.policy.region_placement", "properties": {"regions": [{"weight": 1}]}})"
        << "every entry of properties.regions needs a name";
    QTest::newRow("negative weight")
        << R"({"type": "senlin.policy.region_placement", "properties": {"regions": [{"name": "A", "weight": -1}]}})"
        << "weight of \"A\" must be 0 or more";
    QTest::newRow("twice")
        << R"({"type": "senlin.policy.region_placement", "properties": {"regions": [{"name": "A"}, {"name": "A"}]}})"
        << "\"A\" is listed twice";
}

void TestPlacementPolicy::rejectsBadSpecs()
{
    QFETCH(QString, spec);
    QFETCH(QString, error);
    try {
        PlacementPolicy::fromSpec(json(spec.toUtf8().constData()));
        QFAIL("expected an error");
    } catch (const BerthError &e) {
        QCOMPARE(e.message(), error);
    }
}

void TestPlacementPolicy::namesUnknownRegionsAsSenlinDoes()
{
    const PlacementPolicy policy =
        PlacementPolicy::fromSpec(json(R"({"type": "senlin.policy.region_placement",
        "properties": {"regions": [{"name": "R1"}, {"name": "R2"}, {"name": "R3"}]}})"));
    QCOMPARE(policy.unknownNames({QStringLiteral("R2")}),
             QStringLiteral("The specified regions '['R1', 'R3']' could not be found."));
    QVERIFY(policy.unknownNames({QStringLiteral("R1"), QStringLiteral("R2"), QStringLiteral("R3")})
                .isEmpty());
}

QTEST_GUILESS_MAIN(TestPlacementPolicy)
#include "tst_placementpolicy.moc"
