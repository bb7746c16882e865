#include "core/commands/modelchange.h"
#include "core/model/statusselection.h"
#include "core/model/unitstatus.h"
#include "core/provisioning/provisioner.h"
#include "tests/testsupport.h"

#include <QTest>

using namespace berth;

namespace {

const QString model = QStringLiteral("default");

ModelChange deploy(const QString &app, int count, const QString &constraints = {},
                   const QString &to = {}, bool subordinate = false)
{
    ApplicationCommands::Deploy d;
    d.charm = app;
    d.count = count;
    d.constraints = constraints;
    d.subordinate = subordinate;
    if (!to.isEmpty())
        d.to = to;
    return ModelChange::deploy(d);
}

QStringList names(const ModelSnapshot &s)
{
    QStringList out;
    for (const ApplicationRecord &a : s.applications)
        out << a.name;
    out << QStringLiteral("|");
    for (const UnitRecord &u : s.units)
        out << u.name();
    out << QStringLiteral("|");
    for (const MachineRecord &m : s.machines)
        out << m.name;
    return out;
}

} // namespace

// `berthctl status PATTERN...`: what Juju's status filter shows, the same
// whether the store reads the whole model or only around the names.
class TestStatusSelection : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void selects_data();
    void selects();
    void badPatternsAreRefused();
    void unitStatusFollowsItsMachine();

private:
    std::unique_ptr<TestWorkspace> m_t;
    ModelSnapshot m_whole;
};

void TestStatusSelection::initTestCase()
{
    // mysql/0 on 0; wordpress/0,1 on 1,2 with ntp/0,1; haproxy/0 in 1/lxd/0;
    // container 0/lxd/0 empty; big/0 on 3, which no instance type fits.
    m_t = std::make_unique<TestWorkspace>();
    Workspace &ws = m_t->ws();
    MachineCommands::AddMachine container;
    container.directive = QStringLiteral("lxd:0");
    const QString refusal = errorOf([&] {
        ModelChange::applyAll(
            ws, model,
            {deploy(QStringLiteral("mysql"), 1), deploy(QStringLiteral("wordpress"), 2),
             deploy(QStringLiteral("ntp"), 1, {}, {}, true),
             ModelChange::relate(QStringLiteral("ntp"), QStringLiteral("wordpress")),
             ModelChange::addMachines(container),
             deploy(QStringLiteral("haproxy"), 1, {}, QStringLiteral("lxd:1")),
             deploy(QStringLiteral("big"), 1, QStringLiteral("mem=512G"))});
    });
    QVERIFY2(refusal.isEmpty(), qPrintable(refusal));
    Provisioner(m_t->path(), m_t->clouds, model).runUntilIdle(std::atomic<bool>(false), 60'000);
    m_whole = ws.snapshot(model);
    QCOMPARE(m_whole.units.size(), 7);
}

void TestStatusSelection::selects_data()
{
    QTest::addColumn<QStringList>("patterns");
    QTest::addColumn<QStringList>("expected"); // applications | units | machines
    const auto row = [](const char *name, const QStringList &patterns, const QString &expected) {
        QTest::newRow(name) << patterns << expected.split(u' ');
    };
    row("application", {QStringLiteral("mysql")}, QStringLiteral("mysql | mysql/0 | 0"));
    row("application with subordinates", {QStringLiteral("wordpress")},
        QStringLiteral("ntp wordpress | ntp/0 ntp/1 wordpress/0 wordpress/1 | 1 2"));
    row("subordinate application brings its principals", {QStringLiteral("ntp")},
        QStringLiteral("ntp wordpress | ntp/0 ntp/1 wordpress/0 wordpress/1 | 1 2"));
    row("unit", {QStringLiteral("wordpress/1")},
        QStringLiteral("ntp wordpress | ntp/1 wordpress/1 | 2"));
    row("subordinate unit brings its principal", {QStringLiteral("ntp/0")},
        QStringLiteral("ntp wordpress | ntp/0 wordpress/0 | 1"));
    row("machine brings its containers and their units", {QStringLiteral("1")},
        QStringLiteral("haproxy ntp wordpress | haproxy/0 ntp/0 wordpress/0 | 1 1/lxd/0"));
    row("empty container", {QStringLiteral("0/lxd/0")}, QStringLiteral("| | 0/lxd/0"));
    row("unit in a container brings the host", {QStringLiteral("haproxy/0")},
        QStringLiteral("haproxy | haproxy/0 | 1 1/lxd/0"));
    row("several", {QStringLiteral("mysql"), QStringLiteral("big/0")},
        QStringLiteral("big mysql | big/0 mysql/0 | 0 3"));
    row("wildcard", {QStringLiteral("word*")},
        QStringLiteral("ntp wordpress | ntp/0 ntp/1 wordpress/0 wordpress/1 | 1 2"));
    row("wildcard over units", {QStringLiteral("*/1")},
        QStringLiteral("ntp wordpress | ntp/1 wordpress/1 | 2"));
    row("status word", {QStringLiteral("error")}, QStringLiteral("big | big/0 | 3"));
    row("agent status", {QStringLiteral("failed")}, QStringLiteral("big | big/0 | 3"));
    row("nothing", {QStringLiteral("nosuch")}, QStringLiteral("| |"));
    row("no unit of that number", {QStringLiteral("mysql/7")}, QStringLiteral("| |"));
}

void TestStatusSelection::selects()
{
    QFETCH(QStringList, patterns);
    QFETCH(QStringList, expected);
    const StatusSelection selection(patterns);
    const ModelSnapshot fromWhole = selection.apply(m_whole);
    QCOMPARE(names(fromWhole), expected);
    // Read only around the names where they are plain: the same answer.
    if (const auto plain = selection.plainNames()) {
        const ModelSnapshot around = m_t->ws().readModel(model, [&](ModelTx &tx) {
            return tx.snapshots().around(plain->applications, plain->units, plain->machines);
        });
        QVERIFY(around.units.size() <= m_whole.units.size());
        const ModelSnapshot fromPart = selection.apply(around);
        QCOMPARE(names(fromPart), expected);
        QCOMPARE(fromPart.units, fromWhole.units);
        QCOMPARE(fromPart.relations.size(), fromWhole.relations.size());
    }
}

void TestStatusSelection::badPatternsAreRefused()
{
    QCOMPARE(errorOf([] { StatusSelection({QStringLiteral("my$ql")}); }),
             QStringLiteral("invalid status pattern \"my$ql\": expected an application, unit or "
                            "machine name or a status, with * and ? as wildcards"));
    QVERIFY(!errorOf([] { StatusSelection({QString()}); }).isEmpty());
    QVERIFY(!StatusSelection({QStringLiteral("a*")}).plainNames());
    QVERIFY(!StatusSelection({QStringLiteral("pending")}).plainNames());
    QVERIFY(StatusSelection({QStringLiteral("mysql"), QStringLiteral("0")}).plainNames());
}

void TestStatusSelection::unitStatusFollowsItsMachine()
{
    const UnitStatus waiting = UnitStatus::of(nullptr);
    QCOMPARE(waiting.workload, QStringLiteral("waiting"));
    QCOMPARE(waiting.agent, QStringLiteral("allocating"));
    QCOMPARE(waiting.message, QStringLiteral("waiting for machine"));
    for (const MachineRecord &m : m_whole.machines) {
        const UnitStatus s = UnitStatus::of(&m);
        if (m.name == u"3") {
            QCOMPARE(s.workload, QStringLiteral("error"));
            QCOMPARE(s.agent, QStringLiteral("failed"));
            QVERIFY2(s.message.contains(QStringLiteral("no instance types")),
                     qPrintable(s.message));
        } else {
            QCOMPARE(s.workload, QStringLiteral("unknown"));
            QCOMPARE(s.agent, QStringLiteral("idle"));
        }
    }
    // An application is as its most severe unit.
    QCOMPARE(UnitStatus::worst({UnitStatus::of(&m_whole.machines.first()), waiting}).workload,
             QStringLiteral("waiting"));
    QCOMPARE(UnitStatus::worst({}).workload, QStringLiteral("unknown"));
}

QTEST_GUILESS_MAIN(TestStatusSelection)
#include "tst_statusselection.moc"
