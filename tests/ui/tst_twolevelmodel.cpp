// The two-level item model's incremental merge: moving from one snapshot to
// the next signals the fewest inserts, removals and changes, in runs, so
// views keep selection, expansion and scroll position. Each case gives the
// tree before and after as text ("1a(10x 11y) 2b": group 1 named a with
// children 10 and 11, group 2 named b) and the signals seen, in order.
#include "ui/applicationsmodel.h"
#include "ui/machinesmodel.h"
#include "ui/twolevelmodel.h"

#include <QAbstractItemModelTester>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

using namespace berth;

namespace {

struct Row
{
    qint64 id = 0;
    QString name;
    bool operator==(const Row &) const = default;
};

class TreeModel final : public TwoLevelModel<Row, Row>
{
public:
    TreeModel()
        : TwoLevelModel(2)
    {}
    QVariant data(const QModelIndex &index, int role) const override
    {
        if (role != Qt::DisplayRole)
            return {};
        const Row *row = parentRecord(index) ? parentRecord(index) : childRecord(index);
        if (!row)
            return {};
        return index.column() == 0 ? QVariant(row->id) : QVariant(row->name);
    }
    void load(const QString &text) { sync(parse(text)); }

    // "1a(10x 11y) 2b" → groups in id order.
    static QList<Group> parse(const QString &text)
    {
        static const QRegularExpression group(QStringLiteral(R"((\d+)(\w*)(?:\(([^)]*)\))?)"));
        static const QRegularExpression child(QStringLiteral(R"((\d+)(\w*))"));
        QList<Group> groups;
        for (auto it = group.globalMatch(text); it.hasNext();) {
            const auto g = it.next();
            Group next{{g.captured(1).toLongLong(), g.captured(2)}, {}};
            for (auto c = child.globalMatch(g.captured(3)); c.hasNext();) {
                const auto m = c.next();
                next.children.append({m.captured(1).toLongLong(), m.captured(2)});
            }
            groups.append(next);
        }
        return groups;
    }
    // The tree as the same text.
    QString text() const
    {
        QStringList parts;
        for (const Group &g : groups()) {
            QString part = QString::number(g.record.id) + g.record.name;
            QStringList children;
            for (const Row &c : g.children)
                children << QString::number(c.id) + c.name;
            if (!children.isEmpty())
                part += u'(' + children.join(u' ') + u')';
            parts << part;
        }
        return parts.join(u' ');
    }
};

// The model's row signals as text: "+top 1-2", "-g0 0-0", "~top 1", "~top 0-2", "reset".
class SignalLog : public QObject
{
public:
    explicit SignalLog(TreeModel *model)
    {
        const auto where = [model](const QModelIndex &parent) {
            return parent.isValid() ? QStringLiteral("g%1").arg(parent.row())
                                    : QStringLiteral("top");
        };
        connect(model, &QAbstractItemModel::rowsInserted, this,
                [this, where](const QModelIndex &parent, int first, int last) {
                    lines << QStringLiteral("+%1 %2-%3").arg(where(parent)).arg(first).arg(last);
                });
        connect(model, &QAbstractItemModel::rowsRemoved, this,
                [this, where](const QModelIndex &parent, int first, int last) {
                    lines << QStringLiteral("-%1 %2-%3").arg(where(parent)).arg(first).arg(last);
                });
        connect(model, &QAbstractItemModel::dataChanged, this,
                [this, model, where](const QModelIndex &first, const QModelIndex &last) {
                    QString line =
                        QStringLiteral("~%1 %2").arg(where(model->parent(first))).arg(first.row());
                    if (last.row() != first.row())
                        line += QStringLiteral("-%1").arg(last.row());
                    lines << line;
                    QCOMPARE(model->parent(last), model->parent(first));
                    QCOMPARE(last.column(), model->columnCount() - 1);
                });
        connect(model, &QAbstractItemModel::modelReset, this,
                [this] { lines << QStringLiteral("reset"); });
    }
    QStringList lines;
};

} // namespace

class TestTwoLevelModel : public QObject
{
    Q_OBJECT

private slots:
    void merge_data();
    void merge();
    void indexesFindTheirRecords();
    void rowsOutliveTheSnapshotsTheyCameFrom();
    void unitsAndContainersNeverHaveChildren();
};

void TestTwoLevelModel::merge_data()
{
    QTest::addColumn<QString>("before");
    QTest::addColumn<QString>("after");
    QTest::addColumn<QString>("seen");

    const auto row = [](const char *tag, const char *before, const char *after, const char *seen) {
        QTest::addRow("%s", tag) << QString::fromUtf8(before) << QString::fromUtf8(after)
                                 << QString::fromUtf8(seen);
    };
    // Views and proxies build (and sort) the rows once.
    row("first fill is one reset", "", "1a 2b 3c", "reset");
    row("the same snapshot signals nothing", "1a(10x) 2b", "1a(10x) 2b", "");
    row("a group in the middle", "1a 3c", "1a 2b 3c", "+top 1-1");
    row("a run of groups removed at once", "1a 2b 3c 4d 5e", "1a 5e", "-top 1-3");
    row("removal and insert at one place", "1a 2b 4d", "1a 3c 4d 5e",
        "-top 1-1; +top 1-1; +top 3-3");
    row("a renamed group is changed in place", "1a 2b", "1a 2z", "~top 1");
    row("children come and go under their group", "1a(10x 11y) 2b", "1a(11y 12z) 2b",
        "-g0 0-0; +g0 1-1");
    row("a changed child", "1a(10x) 2b(20y)", "1a(10x) 2b(20q)", "~g1 0");
    // A provisioner's pass changes many neighbours at once: one signal a run.
    row("neighbours changed together are one range", "1a 2b 3c 4d 5e", "1x 2y 3c 4z 5w",
        "~top 0-1; ~top 3-4");
    row("neighbour children too", "1a(10x 11y 12z)", "1a(10p 11q 12z)", "~g0 0-1");
    row("a group and its children change together", "1a(10x)", "1b(10y 11z)",
        "~g0 0; +g0 1-1; ~top 0");
    row("everything goes", "1a(10x) 2b", "", "-top 0-1");
}

void TestTwoLevelModel::merge()
{
    QFETCH(QString, before);
    QFETCH(QString, after);
    QFETCH(QString, seen);

    // Given a model showing `before`, checked by Qt's own model tester
    TreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.load(before);
    QCOMPARE(model.text(), before);

    // When the next snapshot arrives
    SignalLog log(&model);
    model.load(after);

    // Then the tree is the new one, reached with exactly these signals
    QCOMPARE(model.text(), after);
    QCOMPARE(log.lines.join(QStringLiteral("; ")), seen);
}

void TestTwoLevelModel::indexesFindTheirRecords()
{
    TreeModel model;
    model.load(QStringLiteral("1a(10x 11y) 2b(20z)"));
    const QModelIndex second = model.index(1, 0);
    QCOMPARE(model.parentRecord(second)->name, QStringLiteral("b"));
    const QModelIndex child = model.index(1, 1, model.index(0, 0));
    QCOMPARE(model.childRecord(child)->name, QStringLiteral("y"));
    QCOMPARE(model.parent(child), model.index(0, 0));
    QVERIFY(!model.childRecord(second));
    QVERIFY(!model.parentRecord(child));
    QVERIFY(!model.index(2, 0).isValid());
    QVERIFY(!model.index(0, 2).isValid());
    // A child keeps its place when a group before it goes
    model.load(QStringLiteral("2b(20z)"));
    QCOMPARE(model.data(model.index(0, 1, model.index(0, 0)), Qt::DisplayRole).toString(),
             QStringLiteral("z"));
}

namespace {

// Machines 0..count-1, each with unit web/N, as a new read of the store
// gives them: records of their own, not shared with any earlier snapshot.
ModelSnapshot snapshotOf(int count, const QString &zone)
{
    ModelSnapshot s;
    ApplicationRecord web;
    web.id = 1;
    web.name = QStringLiteral("web");
    s.applications << web;
    for (int i = 0; i < count; ++i) {
        MachineRecord m;
        m.id = i + 1;
        m.name = QString::number(i);
        m.zone = zone;
        s.machines << m;
        UnitRecord u;
        u.id = i + 1;
        u.applicationId = web.id;
        u.application = web.name;
        u.number = i;
        u.machineId = m.id;
        u.machine = m.name;
        s.units << u;
    }
    return s;
}

} // namespace

// The window's models keep no copy of each record: their rows point into the
// snapshot they were made from, which they keep. A new snapshot, changed in
// one row only, leaves no row pointing into the one before, which is gone.
void TestTwoLevelModel::rowsOutliveTheSnapshotsTheyCameFrom()
{
    MachinesModel machines;
    ApplicationsModel applications;
    QAbstractItemModelTester machinesTester(&machines);
    QAbstractItemModelTester applicationsTester(&applications);
    {
        const ModelSnapshot first = snapshotOf(50, QStringLiteral("zone-a"));
        machines.setSnapshot(first);
        applications.setSnapshot(first);
    }
    {
        ModelSnapshot second = snapshotOf(50, QStringLiteral("zone-a"));
        second.machines[7].zone = QStringLiteral("zone-b");
        // web/3 moves to machine 9: both machines' units change.
        second.units[3].machineId = second.machines[9].id;
        second.units[3].machine = second.machines[9].name;
        const QSignalSpy changed(&machines, &QAbstractItemModel::dataChanged);
        machines.setSnapshot(second);
        applications.setSnapshot(second);
        QList<int> changedRows;
        for (const QList<QVariant> &signal : changed) {
            for (int row = signal.at(0).toModelIndex().row();
                 row <= signal.at(1).toModelIndex().row(); ++row)
                changedRows << row;
        }
        QCOMPARE(changedRows, (QList<int>{3, 7, 9}));
    }
    // Both snapshots are gone from here: every row reads what the last said.
    QCOMPARE(machines.rowCount(), 50);
    const QModelIndex webGroup = applications.index(0, 0);
    QCOMPARE(applications.rowCount(webGroup), 50);
    for (int i = 0; i < 50; ++i) {
        const MachineRecord *m = machines.machineAt(machines.index(i, 0));
        QVERIFY(m);
        QCOMPARE(m->name, QString::number(i));
        QCOMPARE(m->zone, i == 7 ? QStringLiteral("zone-b") : QStringLiteral("zone-a"));
        QCOMPARE(machines.data(machines.index(i, MachinesModel::ZoneColumn)).toString(), m->zone);
        const QString hosted = i == 3   ? QString()
                               : i == 9 ? QStringLiteral("web/3, web/9")
                                        : QStringLiteral("web/%1").arg(i);
        QCOMPARE(machines.data(machines.index(i, MachinesModel::UnitsColumn)).toString(), hosted);
        const UnitRecord *u = applications.unitAt(applications.index(i, 0, webGroup));
        QVERIFY(u);
        QCOMPARE(u->name(), QStringLiteral("web/%1").arg(i));
        QCOMPARE(applications.data(applications.index(i, ApplicationsModel::ZoneColumn, webGroup))
                     .toString(),
                 m->zone);
    }
}

// A unit or a container has no rows under it: views are told so, and a tree
// of 100,000 units opened with expandAll() keeps no state for each of them.
void TestTwoLevelModel::unitsAndContainersNeverHaveChildren()
{
    ModelSnapshot snapshot = snapshotOf(3, QStringLiteral("zone-a"));
    MachineRecord container;
    container.id = 10;
    container.name = QStringLiteral("0/lxd/0");
    container.parentId = 1;
    snapshot.machines << container;
    MachinesModel machines;
    ApplicationsModel applications;
    QAbstractItemModelTester machinesTester(&machines);
    QAbstractItemModelTester applicationsTester(&applications);
    machines.setSnapshot(snapshot);
    applications.setSnapshot(snapshot);

    const QModelIndex host = machines.index(0, 0);
    QCOMPARE(machines.rowCount(host), 1);
    QVERIFY(!(machines.flags(host) & Qt::ItemNeverHasChildren));
    QVERIFY(machines.flags(machines.index(0, 0, host)) & Qt::ItemNeverHasChildren);
    QCOMPARE(machines.data(machines.index(0, MachinesModel::UnitsColumn)).toString(),
             QStringLiteral("web/0 · ") + MachinesModel::tr("%n container(s)", nullptr, 1));
    const QModelIndex web = applications.index(0, 0);
    QVERIFY(!(applications.flags(web) & Qt::ItemNeverHasChildren));
    for (int row = 0; row < 3; ++row) {
        const QModelIndex unit = applications.index(row, 0, web);
        QVERIFY(applications.flags(unit) & Qt::ItemNeverHasChildren);
        QVERIFY(applications.flags(unit) & Qt::ItemIsDragEnabled);
    }
}

QTEST_GUILESS_MAIN(TestTwoLevelModel)
#include "tst_twolevelmodel.moc"
