// wait-for's query language (Juju's) over a model: what holds, which part
// is false and why, and where a bad query is wrong.
#include "core/model/modelquery.h"

#include <QTest>

using namespace berth;

namespace {

// web/0 on started machine 0 (zone-a), web/1 on pending machine 1 (zone-b),
// db/0 on container 0/lxd/0, telegraf/0 a subordinate of web/0.
ModelSnapshot sampleModel()
{
    ModelSnapshot s;
    s.model.name = QStringLiteral("prod");
    s.model.cloud = QStringLiteral("sim");
    s.model.region = QStringLiteral("sim-west");
    const auto app = [&](qint64 id, const char *name, bool subordinate) {
        ApplicationRecord a;
        a.id = id;
        a.name = QString::fromUtf8(name);
        a.charm = a.name;
        a.base = QStringLiteral("ubuntu@22.04");
        a.subordinate = subordinate;
        s.applications << a;
    };
    app(1, "web", false);
    app(2, "db", false);
    app(3, "telegraf", true);
    const auto machine = [&](qint64 id, const char *name, qint64 parent,
                             MachineState::Status status, MachineState::InstanceStatus instance,
                             const char *zone) {
        MachineRecord m;
        m.id = id;
        m.name = QString::fromUtf8(name);
        m.parentId = parent;
        m.state.status = status;
        m.state.instance = instance;
        m.zone = QString::fromUtf8(zone);
        s.machines << m;
    };
    using S = MachineState::Status;
    using I = MachineState::InstanceStatus;
    machine(10, "0", 0, S::Started, I::Running, "zone-a");
    machine(11, "1", 0, S::Pending, I::Provisioning, "zone-b");
    machine(12, "0/lxd/0", 10, S::Started, I::Running, "");
    const auto unit = [&](qint64 id, qint64 appId, const char *appName, qint64 number,
                          qint64 machineId, const char *machineName) {
        UnitRecord u;
        u.id = id;
        u.applicationId = appId;
        u.application = QString::fromUtf8(appName);
        u.number = number;
        u.machineId = machineId;
        u.machine = QString::fromUtf8(machineName);
        s.units << u;
    };
    unit(20, 1, "web", 0, 10, "0");
    unit(21, 1, "web", 1, 11, "1");
    unit(22, 2, "db", 0, 12, "0/lxd/0");
    unit(23, 3, "telegraf", 0, 10, "0");
    s.units.last().subordinate = true;
    s.units.last().principal = QStringLiteral("web/0");
    return s;
}

} // namespace

class TestWaitQuery : public QObject
{
    Q_OBJECT

private slots:
    void holdsAsJujuReadsIt_data();
    void holdsAsJujuReadsIt();
    void namesThePartThatIsFalse_data();
    void namesThePartThatIsFalse();
    void refusesABadQueryWithItsPosition_data();
    void refusesABadQueryWithItsPosition();
    void reportsTheFieldsItRead();
};

void TestWaitQuery::holdsAsJujuReadsIt_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("query");
    QTest::addColumn<bool>("holds");
    const auto row = [](const char *tag, const char *kind, const char *name, const char *query,
                        bool holds) {
        QTest::newRow(tag) << QString::fromUtf8(kind) << QString::fromUtf8(name)
                           << QString::fromUtf8(query) << holds;
    };
    row("Juju's model default", "model", "prod", R"(life=="alive" && status=="available")", true);
    row("unit started", "unit", "web/0",
        R"(workload-status == "unknown" && agent-status == "idle")", true);
    row("unit waiting", "unit", "web/1", R"(workload-status=="waiting")", true);
    row("application worst", "application", "web", R"(status == "waiting")", true);
    row("forEach false", "model", "prod", R"(forEach(machines, m => m.status == "started"))",
        false);
    row("forEach true", "application", "db", R"(forEach(units, u => u.agent-status == "idle"))",
        true);
    row("forEach empty is false", "machine", "1",
        R"(forEach(containers, c => c.status == "started"))", false);
    row("len", "model", "prod", "len(units) == 4 && len(applications) >= 3", true);
    row("count", "model", "prod", R"(count(machines, m => m.status == "started") == 2)", true);
    row("any", "model", "prod", R"(any(units, u => u.subordinate))", true);
    row("not", "unit", "web/1", R"(!(workload-status == "unknown"))", true);
    row("or", "unit", "web/1", R"(zone == "zone-x" || zone == "zone-b")", true);
    row("precedence: && before ||", "unit", "web/0", R"(true || false && false)", true);
    row("startsWith", "machine", "0/lxd/0", R"(startsWith(name, "0/") && container-type == "lxd")",
        true);
    row("endsWith", "unit", "telegraf/0", R"(endsWith(principal, "/0"))", true);
    row("contains", "model", "prod", R"(contains(region, "west"))", true);
    row("container's zone is its host's", "unit", "db/0", R"(zone == 'zone-a')", true);
    row("numbers compare as numbers", "model", "prod", "len(units) > 10", false);
    row("strings order", "unit", "web/0", R"(name < "web/1")", true);
    row("zone skew", "application", "web", "zones == 2 && zone-skew == 0", true);
    row("nested lambda", "model", "prod",
        R"(forEach(applications, a => a.subordinate || len(a.units) >= 1))", true);
    row("member of a lambda's other", "model", "prod",
        R"(any(units, u => any(u.machines, m => m.zone == "zone-b")))", true);
    row("Berth's change set", "model", "prod", "changes == 0", true);
    row("series from the base", "unit", "db/0", R"(series == "jammy" && base == "ubuntu@22.04")",
        true);
}

void TestWaitQuery::holdsAsJujuReadsIt()
{
    QFETCH(QString, kind);
    QFETCH(QString, name);
    QFETCH(QString, query);
    QFETCH(bool, holds);
    const ModelSnapshot snapshot = sampleModel();
    const ModelQuery source(snapshot, {QStringLiteral("zone-a"), QStringLiteral("zone-b")}, 0);
    const auto entity = source.find(kind, name);
    QVERIFY(entity);
    const WaitQuery q = WaitQuery::parse(query, ModelQuery::schema(), kind);
    QCOMPARE(q.evaluate(source, *entity).holds, holds);
}

void TestWaitQuery::namesThePartThatIsFalse_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("query");
    QTest::addColumn<QString>("falsePart");
    QTest::newRow("the false side of &&")
        << "unit"
        << "web/1"
        << R"(life == "alive" && workload-status == "active")"
        << R"(workload-status == "active" (workload-status is "waiting"))";
    QTest::newRow("the element forEach fails on")
        << "model"
        << "prod"
        << R"(forEach(machines, m => m.status == "started"))"
        << R"(forEach(machines, m => m.status == "started") (not for machine 1: )"
           R"(m.status == "started" (m.status is "pending")))";
    QTest::newRow("an empty collection")
        << "machine"
        << "1"
        << R"(forEach(containers, c => c.status == "started"))"
        << R"(forEach(containers, c => c.status == "started") (containers is empty))";
    QTest::newRow("both sides of ||")
        << "unit"
        << "web/0"
        << R"(zone == "x" || len(machines) > 1)"
        << R"(zone == "x" (zone is "zone-a"), and len(machines) > 1 (len(machines) is 1))";
    QTest::newRow("a negation") << "unit"
                                << "web/0"
                                << "!(subordinate == false)"
                                << "!(subordinate == false) ((subordinate == false) is true)";
    QTest::newRow("any") << "model"
                         << "prod"
                         << R"(any(machines, m => m.zone == "zone-z"))"
                         << R"(any(machines, m => m.zone == "zone-z") )"
                            R"((it holds for none of the 3 in machines))";
}

void TestWaitQuery::namesThePartThatIsFalse()
{
    QFETCH(QString, kind);
    QFETCH(QString, name);
    QFETCH(QString, query);
    QFETCH(QString, falsePart);
    const ModelSnapshot snapshot = sampleModel();
    const ModelQuery source(snapshot, {}, 0);
    const WaitQuery q = WaitQuery::parse(query, ModelQuery::schema(), kind);
    const WaitQuery::Outcome outcome = q.evaluate(source, *source.find(kind, name));
    QVERIFY(!outcome.holds);
    QCOMPARE(outcome.falsePart, falsePart);
}

void TestWaitQuery::refusesABadQueryWithItsPosition_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("query");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("message");
    QTest::newRow("empty") << "unit"
                           << "" << 1 << "the query is empty";
    QTest::newRow("misspelt field")
        << "unit"
        << R"(life == "alive" && stauts == "x")" << 20
        << R"(a unit has no field "stauts"; it has name, application, life, base, series)";
    QTest::newRow("misspelt in a lambda") << "model"
                                          << R"(forEach(machines, m => m.stauts == "started"))"
                                          << 26 << R"(a machine has no field "stauts")";
    QTest::newRow("single =") << "unit"
                              << R"(life = "alive")" << 6 << R"("=" alone)";
    QTest::newRow("open string") << "unit"
                                 << R"(life == "alive)" << 9 << "a string is left open";
    QTest::newRow("unclosed paren")
        << "unit"
        << R"((life == "alive")" << 17 << R"q(expected ")" but found the end)q";
    QTest::newRow("string against number") << "model"
                                           << R"(len(units) == "3")" << 15 << "cannot be compared";
    QTest::newRow("not a flag") << "unit"
                                << "name" << 1 << "the query must be true or false";
    QTest::newRow("a collection") << "model"
                                  << "units" << 1 << "compare len(units)";
    QTest::newRow("unknown function") << "model"
                                      << "all(units, u => true)" << 1 << R"(no function "all")";
    QTest::newRow("forEach over a string")
        << "model"
        << "forEach(name, n => true)" << 9 << "forEach takes a list first";
    QTest::newRow("trailing") << "unit"
                              << R"(life == "alive" life)" << 17
                              << R"(unexpected "life" after a whole query)";
    QTest::newRow("stray character") << "unit"
                                     << "life == #" << 9 << R"(unexpected "#")";
    QTest::newRow("too deep") << "unit"
                              << QString(200, u'(') + QStringLiteral("true") + QString(200, u')')
                              << 101 << "deeper than 100";
    QTest::newRow("lone &") << "unit"
                            << "true & false" << 6 << R"(expected "&&")";
    QTest::newRow("a newline quoted back")
        << "unit"
        << "!\"a\nb\"" << 2 << R"(what "!" negates must be true or false, and "a\nb")";
}

void TestWaitQuery::refusesABadQueryWithItsPosition()
{
    QFETCH(QString, kind);
    QFETCH(QString, query);
    QFETCH(int, column);
    QFETCH(QString, message);
    try {
        WaitQuery::parse(query, ModelQuery::schema(), kind);
        QFAIL("the query was taken");
    } catch (const QueryError &error) {
        QVERIFY2(error.message.contains(message), qPrintable(error.message));
        QVERIFY(!error.message.contains(u'\n')); // one line, whatever the query held
        QCOMPARE(error.column, column);
    }
}

void TestWaitQuery::reportsTheFieldsItRead()
{
    const ModelSnapshot snapshot = sampleModel();
    const ModelQuery source(snapshot, {}, 0);
    const WaitQuery q = WaitQuery::parse(
        QStringLiteral(R"(forEach(units, u => u.agent-status != "failed") && changes == 0)"),
        ModelQuery::schema(), QStringLiteral("model"));
    const WaitQuery::Outcome outcome =
        q.evaluate(source, *source.find(QStringLiteral("model"), QStringLiteral("prod")));
    QVERIFY(outcome.holds);
    QCOMPARE(outcome.seen, (QStringList{QStringLiteral(R"(unit web/0 agent-status: "idle")"),
                                        QStringLiteral(R"(unit web/1 agent-status: "allocating")"),
                                        QStringLiteral(R"(unit db/0 agent-status: "idle")"),
                                        QStringLiteral(R"(unit telegraf/0 agent-status: "idle")"),
                                        QStringLiteral("model prod changes: 0")}));
}

QTEST_GUILESS_MAIN(TestWaitQuery)
#include "tst_waitquery.moc"
