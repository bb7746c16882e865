#include "core/bertherror.h"
#include "core/commands/applicationcommands.h"
#include "core/commands/machinecommands.h"
#include "core/commands/spreadcommands.h"
#include "core/store/changelistener.h"
#include "core/store/machinerows.h"
#include "core/store/snapshotreader.h"
#include "core/store/unitrows.h"
#include "tests/testsupport.h"

#include <QMutex>
#include <QSignalSpy>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>
#include <QThread>

using namespace berth;
using namespace Qt::StringLiterals;

class TestStore : public QObject
{
    Q_OBJECT

private slots:
    void migratesNewStoreOnce();
    void refusesNewerSchema();
    void createsDefaultModel();
    void failedTransactionChangesNothing();
    void changeLogIsFollowedByAnotherConnection();
    void changeLogIsFollowedAPageAtATimeToItsEnd();
    void unitsWrittenInBatchesAreOneCommitWithEveryChange();
    void changeLogKeepsTheRecentPastAndStaysBounded();
    void concurrentWritersFromThreadsNeitherDeadlockNorLose();
    void reportsUnopenableLocation();
    void clientsStartingAtOnceMigrateOnce();
    void postgresPasswordsNeverShow();
    void upgradeCountsTheUnitsAlreadyThere();
    void partialReadsGiveTheWholeModelsRecords();
    void aSnapshotUpdatedFromTheLogIsTheWholeModel();
    void referencesHoldOnBothStores();
    void referencesAreLookedUpByIndex();
};

namespace {

// An application "web" with no units yet, in the default model.
void deployWithoutUnits(ApplicationCommands &apps)
{
    ApplicationCommands::Deploy web;
    web.charm = QStringLiteral("web");
    web.count = 0;
    apps.deploy(QStringLiteral("default"), web);
}

} // namespace

void TestStore::migratesNewStoreOnce()
{
    QTemporaryDir dir;
    const TestLocation location(dir);
    const QString path = location.location();
    {
        Store store(path);
        QCOMPARE(store.schemaVersion(), Store::latestSchemaVersion());
    }
    Store again(path); // reopening runs no migration twice (it would fail on CREATE TABLE)
    QCOMPARE(again.schemaVersion(), Store::latestSchemaVersion());
    if (TestLocation::postgres()) {
        QCOMPARE(again.backend(), Store::Backend::Postgres);
        return;
    }
    const QString journal = again.sql().scalar(QStringLiteral("PRAGMA journal_mode")).toString();
    QCOMPARE(journal, QStringLiteral("wal"));
    QCOMPARE(again.sql().scalar(QStringLiteral("PRAGMA foreign_keys")).toInt(), 1);
}

void TestStore::refusesNewerSchema()
{
    QTemporaryDir dir;
    const TestLocation location(dir);
    const QString path = location.location();
    {
        Store store(path);
        store.write([](SqlSession &sql) {
            sql.run(QStringLiteral("UPDATE meta SET value = '999' WHERE key = 'schema-version'"));
        });
    }
    try {
        Store newer(path);
        QFAIL("opening a newer store must fail");
    } catch (const BerthError &error) {
        QVERIFY2(error.message().contains(QStringLiteral("schema version 999, newer than this "
                                                         "Berth understands")),
                 qPrintable(error.message()));
    }
}

void TestStore::createsDefaultModel()
{
    TestWorkspace t;
    const auto models = ModelCommands(t.ws()).models();
    QCOMPARE(models.size(), 1);
    QCOMPARE(models.first().name, QStringLiteral("default"));
    QCOMPARE(models.first().cloud, QStringLiteral("sim"));
    QCOMPARE(models.first().region, QStringLiteral("sim-east"));
    QVERIFY(models.first().current);
    ModelCommands(t.ws()).ensureDefaultModel(); // idempotent
    QCOMPARE(ModelCommands(t.ws()).models().size(), 1);
}

void TestStore::failedTransactionChangesNothing()
{
    TestWorkspace t;
    const qint64 before = t.store->lastChangeSeq();
    QVERIFY_THROWS_EXCEPTION(BerthError, t.ws().inModel(QStringLiteral("default"), [](ModelTx &tx) {
        tx.machines().create({QStringLiteral("ubuntu@22.04"), {}, {}, {}, false, nullptr, {}});
        throw BerthError(QStringLiteral("stop half-way"));
    }));
    QCOMPARE(t.store->lastChangeSeq(), before);
    QCOMPARE(t.ws().snapshot(QStringLiteral("default")).machines.size(), 0);
    // The store is still usable afterwards.
    t.ws().inModel(QStringLiteral("default"), [](ModelTx &tx) {
        tx.machines().create({QStringLiteral("ubuntu@22.04"), {}, {}, {}, false, nullptr, {}});
    });
    QCOMPARE(t.ws().snapshot(QStringLiteral("default")).machines.size(), 1);
}

void TestStore::changeLogIsFollowedByAnotherConnection()
{
    TestWorkspace t;
    Store follower(t.path());
    const qint64 start = follower.lastChangeSeq();
    const qint64 version = follower.dataVersion();
    t.ws().inModel(QStringLiteral("default"), [](ModelTx &tx) {
        tx.machines().create({QStringLiteral("ubuntu@22.04"), {}, {}, {}, false, nullptr, {}});
    });
    QVERIFY(follower.dataVersion() != version);
    const ChangeList changes = follower.changesSince(start);
    QCOMPARE(changes.size(), 1);
    QCOMPARE(changes.first().kind, QStringLiteral("machine"));
    QCOMPARE(changes.first().name, QStringLiteral("0"));
    QCOMPARE(changes.first().op, Change::Op::Added);
}

void TestStore::changeLogIsFollowedAPageAtATimeToItsEnd()
{
    TestWorkspace t;
    ApplicationCommands apps(t.ws());
    deployWithoutUnits(apps);
    Store follower(t.path());
    const qint64 start = follower.lastChangeSeq();
    apps.addUnits(QStringLiteral("default"), QStringLiteral("web"), 12, {}, {});
    const ChangeList all = follower.changesSince(start);
    QCOMPARE(all.size(), 24); // each unit and its machine

    // Every change once, in order, in pages of at most the size asked for;
    // the position ends at the last change.
    qint64 seq = start;
    QList<qsizetype> pages;
    ChangeList followed;
    follower.followChanges(
        seq,
        [&](const ChangeList &page) {
            pages << page.size();
            followed += page;
            return true;
        },
        10);
    QCOMPARE(pages, (QList<qsizetype>{10, 10, 4}));
    QCOMPARE(seq, all.constLast().seq);
    QCOMPARE(followed.size(), all.size());
    for (qsizetype i = 0; i < all.size(); ++i) {
        QCOMPARE(followed.at(i).seq, all.at(i).seq);
        QCOMPARE(followed.at(i).name, all.at(i).name);
    }

    // A follower that stops after a page resumes after it, not after the log's end.
    seq = start;
    pages.clear();
    follower.followChanges(
        seq,
        [&](const ChangeList &page) {
            pages << page.size();
            return false;
        },
        10);
    QCOMPARE(pages, (QList<qsizetype>{10}));
    QCOMPARE(seq, all.at(9).seq);

    // At the log's end: nothing to hear, the position kept.
    seq = all.constLast().seq;
    bool heard = false;
    follower.followChanges(seq, [&](const ChangeList &) { return heard = true; });
    QVERIFY(!heard);
    QCOMPARE(seq, all.constLast().seq);
}

void TestStore::unitsWrittenInBatchesAreOneCommitWithEveryChange()
{
    // More units than one statement writes, on each store.
    constexpr int count = 1'234;
    TestWorkspace t;
    ApplicationCommands apps(t.ws());
    deployWithoutUnits(apps);
    Store follower(t.path());
    std::unique_ptr<ChangeListener> listener;
    std::unique_ptr<QSignalSpy> notified;
    if (follower.backend() == Store::Backend::Postgres) {
        listener = std::make_unique<ChangeListener>(t.path());
        notified = std::make_unique<QSignalSpy>(listener.get(), &ChangeListener::committed);
    }
    const qint64 start = follower.lastChangeSeq();

    // A refused command (a unit constraint the cloud cannot meet) leaves nothing.
    QVERIFY(!errorOf([&] {
                 apps.addUnits(QStringLiteral("default"), QStringLiteral("web"), count, {},
                               QStringLiteral("arch=sparc"));
             }).isEmpty());
    QCOMPARE(follower.lastChangeSeq(), start);

    apps.addUnits(QStringLiteral("default"), QStringLiteral("web"), count, {}, {});
    const ChangeList changes = follower.changesSince(start);
    QSet<QString> machines;
    QSet<QString> units;
    for (const Change &c : changes) {
        QCOMPARE(c.op, Change::Op::Added);
        (c.kind == u"machine" ? machines : units).insert(c.name);
    }
    QCOMPARE(machines.size(), count);
    QCOMPARE(units.size(), count);
    // Each unit on its own new machine, each row with its id, numbered in order.
    const ModelSnapshot s = t.ws().snapshot(QStringLiteral("default"));
    QCOMPARE(s.units.size(), count);
    QCOMPARE(s.machines.size(), count);
    QSet<qint64> hosts;
    for (const UnitRecord &u : s.units) {
        QVERIFY(u.id > 0);
        QVERIFY(units.contains(u.name()));
        hosts.insert(u.machineId);
    }
    QCOMPARE(hosts.size(), count);
    for (const MachineRecord &m : s.machines) {
        QVERIFY(machines.contains(m.name));
        QVERIFY(m.forUnit);
        QCOMPARE(m.region, s.model.region);
    }
    QVERIFY(units.contains(QStringLiteral("web/%1").arg(count - 1)));
    QVERIFY(machines.contains(QString::number(count - 1)));
    if (notified) {
        // The one commit is announced once (the refused command, never).
        QVERIFY(notified->wait(5'000));
        QTest::qWait(300);
        QCOMPARE(notified->size(), 1);
    }
}

// The log holds at least the last changeLogKept changes, whatever came
// before, and never much more: it is trimmed once it holds the slack more.
void TestStore::changeLogKeepsTheRecentPastAndStaysBounded()
{
    TestWorkspace t;
    ApplicationCommands apps(t.ws());
    deployWithoutUnits(apps);
    Store follower(t.path());
    const qint64 first = follower.lastChangeSeq();
    const auto logged = [&] {
        return follower.read([](SqlSession &sql) {
            return sql.scalar(QStringLiteral("SELECT count(*) FROM changes")).toLongLong();
        });
    };
    qint64 most = 0;
    // Each command logs 20,000 changes (a unit and a machine each).
    while (follower.lastChangeSeq() - first < Store::changeLogKept + 2 * Store::changeLogSlack) {
        apps.addUnits(QStringLiteral("default"), QStringLiteral("web"), 10'000, {});
        most = std::max(most, logged());
        QVERIFY2(most < Store::changeLogKept + Store::changeLogSlack + 20'000,
                 qPrintable(QString::number(most)));
    }
    QVERIFY(logged() >= Store::changeLogKept);
    // The recent past is whole: the last command's every unit is there.
    const qint64 last = follower.lastChangeSeq();
    const ChangeList recent = follower.changesSince(last - Store::changeLogKept, 1'000'000);
    QCOMPARE(qint64(recent.size()), Store::changeLogKept);
    QCOMPARE(recent.constLast().seq, last);
}

void TestStore::concurrentWritersFromThreadsNeitherDeadlockNorLose()
{
    TestWorkspace t;
    const QString path = t.path();
    constexpr int perThread = 50;
    QList<QThread *> threads;
    std::atomic<int> failures = 0;
    for (int i = 0; i < 4; ++i) {
        threads << QThread::create([&, path] {
            try {
                Store store(path); // each thread its own connection
                Workspace ws(store, t.clouds);
                for (int n = 0; n < perThread; ++n) {
                    ws.inModel(QStringLiteral("default"), [](ModelTx &tx) {
                        // A read, then a write: the pattern that deadlocks with deferred locks.
                        tx.snapshots().whole();
                        tx.machines().create(
                            {QStringLiteral("ubuntu@22.04"), {}, {}, {}, false, nullptr, {}});
                    });
                }
            } catch (const BerthError &) {
                ++failures;
            }
        });
    }
    for (QThread *thread : threads)
        thread->start();
    for (QThread *thread : threads) {
        QVERIFY(thread->wait(120'000));
        delete thread;
    }
    QCOMPARE(failures.load(), 0);
    const ModelSnapshot snap = t.ws().snapshot(QStringLiteral("default"));
    QCOMPARE(snap.machines.size(), 4 * perThread);
    QSet<QString> names;
    for (const MachineRecord &m : snap.machines)
        names.insert(m.name);
    QCOMPARE(names.size(), 4 * perThread); // ids unique
}

void TestStore::reportsUnopenableLocation()
{
    try {
        Store store(QStringLiteral("/proc/berth-cannot-be-here/x.sqlite"));
        QFAIL("expected an error");
    } catch (const BerthError &error) {
        QVERIFY(error.message().startsWith(QStringLiteral("cannot open store")));
    }
}

void TestStore::clientsStartingAtOnceMigrateOnce()
{
    QTemporaryDir dir;
    const TestLocation location(dir);
    const QString path = location.location();
    std::atomic<int> opened = 0;
    QStringList errors;
    QMutex mutex;
    QList<QThread *> threads;
    for (int i = 0; i < 4; ++i) {
        threads << QThread::create([&] {
            try {
                Store store(path); // all four find an empty store and migrate it
                if (store.schemaVersion() == Store::latestSchemaVersion())
                    ++opened;
            } catch (const BerthError &error) {
                QMutexLocker lock(&mutex);
                errors << error.message();
            }
        });
    }
    for (QThread *thread : threads)
        thread->start();
    for (QThread *thread : threads) {
        QVERIFY(thread->wait(120'000));
        delete thread;
    }
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
    QCOMPARE(opened.load(), 4);
    Store store(path);
    QCOMPARE(store.sql()
                 .scalar(QStringLiteral("SELECT count(*) FROM clouds WHERE name = 'sim'"))
                 .toInt(),
             1); // the seed row of migration 2, once
}

void TestStore::postgresPasswordsNeverShow()
{
    try {
        Store store(QStringLiteral("postgresql://berth:hunter2secret@127.0.0.1:1/berth"));
        QFAIL("nothing listens on port 1");
    } catch (const BerthError &error) {
        QVERIFY2(error.message().startsWith(
                     QStringLiteral("cannot open store \"postgresql://berth@127.0.0.1:1/berth\"")),
                 qPrintable(error.message()));
        QVERIFY(!error.message().contains(QStringLiteral("hunter2secret")));
    }
    QVERIFY_THROWS_EXCEPTION(BerthError, Store(QStringLiteral("postgresql://host-only")));
}

// A store made before the spread counts (schema 8) gets them counted from
// the units it already has when it is upgraded, and kept from then on.
void TestStore::upgradeCountsTheUnitsAlreadyThere()
{
    TestWorkspace f;
    ApplicationCommands::Deploy web;
    web.charm = QStringLiteral("web");
    web.count = 3;
    ApplicationCommands(f.ws()).deploy(QStringLiteral("default"), web);
    ApplicationCommands(f.ws()).addUnits(QStringLiteral("default"), QStringLiteral("web"), 2,
                                         QStringLiteral("lxd:0"));
    ApplicationCommands::Deploy db = web;
    db.charm = QStringLiteral("db"); // no spread: no counts kept
    ApplicationCommands(f.ws()).deploy(QStringLiteral("default"), db);
    SpreadCommands(f.ws()).set(QStringLiteral("default"), QStringLiteral("web"),
                               SpreadConstraint::of(SpreadConstraint::Level::Zone, 1));
    const SpreadCounts before = spreadCounts(*f.store);
    QCOMPARE(before.kept, before.counted);
    QCOMPARE(before.kept.size(), 2); // three machines alike, and containers on machine 0
    // The store as migration 8 left it.
    const QStringList movesIndexes{QStringLiteral("rebalance_moves_remove"),
                                   QStringLiteral("rebalance_moves_new")};
    const auto indexesOfMoves = [&](SqlSession &sql) {
        const QString catalog = sql.isPostgres()
                                    ? QStringLiteral("SELECT count(*) FROM pg_indexes WHERE "
                                                     "indexname IN (?, ?)")
                                    : QStringLiteral("SELECT count(*) FROM sqlite_master WHERE "
                                                     "type = 'index' AND name IN (?, ?)");
        return sql.scalar(catalog, {movesIndexes.at(0), movesIndexes.at(1)}).toInt();
    };
    f.store->write([&](SqlSession &sql) {
        sql.execute(QStringLiteral("DROP TABLE unit_tallies"));
        sql.execute(QStringLiteral("DROP TABLE audit_log")); // and what migration 11 made
        sql.execute(QStringLiteral("ALTER TABLE staged_changes DROP COLUMN program"));
        sql.execute(QStringLiteral("ALTER TABLE staged_changes DROP COLUMN host"));
        for (const QString &index : movesIndexes)
            sql.execute(QStringLiteral("DROP INDEX ") + index);
        QCOMPARE(indexesOfMoves(sql), 0);
        sql.run(QStringLiteral("UPDATE meta SET value = '8' WHERE key = 'schema-version'"));
    });
    f.workspace.reset();
    f.store = std::make_unique<Store>(f.path());
    QCOMPARE(f.store->schemaVersion(), Store::latestSchemaVersion());
    QCOMPARE(spreadCounts(*f.store).kept, before.kept);
    // Migration 10 indexed the moves' units.
    QCOMPARE(f.store->read(indexesOfMoves), 2);
    f.workspace = std::make_unique<Workspace>(*f.store, f.clouds);
    ApplicationCommands(f.ws()).addUnits(QStringLiteral("default"), QStringLiteral("web"), 1,
                                         QStringLiteral("lxd:0"));
    const SpreadCounts after = spreadCounts(*f.store);
    QCOMPARE(after.kept, after.counted);
    QVERIFY(after.kept != before.kept);
}

// show-machine, show-unit, show-application and show-model read only the
// rows around what they show: the records they print are the whole model's,
// on a model with containers, subordinates, a spread, unplaced units and a
// machine in error.
void TestStore::partialReadsGiveTheWholeModelsRecords()
{
    TestWorkspace t({QStringLiteral("latency-ms=0")});
    const QString model = QStringLiteral("default");
    Workspace &ws = t.ws();
    ApplicationCommands apps(ws);
    deployCharm(ws, model, QStringLiteral("mysql"), 3);
    deploySubordinate(ws, model, QStringLiteral("ntp"), QStringLiteral("mysql"));
    MachineCommands::AddMachine container;
    container.directive = QStringLiteral("lxd:0");
    MachineCommands(ws).addMachines(model, container);
    apps.addUnits(model, QStringLiteral("mysql"), 1, QStringLiteral("lxd:1"));
    deployCharm(ws, model, QStringLiteral("web"), 3, {}, QStringLiteral("zone=sim-east-b"));
    SpreadCommands(ws).set(model, QStringLiteral("web"),
                           SpreadConstraint::of(SpreadConstraint::Level::Zone, 2, 1,
                                                SpreadConstraint::Unsatisfiable::Anyway));
    deployCharm(ws, model, QStringLiteral("lonely"), 0);
    apps.addUnplacedUnits(model, QStringLiteral("lonely"), 2);
    AsTheProvisioner::failed(ws, model, QStringLiteral("2"), QStringLiteral("no capacity"));

    const ModelSnapshot whole = ws.snapshot(model);
    const CloudInfo &cloud = t.clouds.get(whole.model.cloud);
    QVERIFY(whole.units.size() >= 12);
    const auto read = [&](const std::function<ModelSnapshot(ModelTx &)> &part) {
        return ws.readModel(model, part);
    };
    const auto family = [](const QList<MachineRecord> &machines, const QString &name) {
        QList<MachineRecord> out;
        for (const MachineRecord &m : machines) {
            if (m.name == name || m.name.startsWith(name + u'/'))
                out << m;
        }
        return out;
    };
    const auto unitsWhere = [](const QList<UnitRecord> &units, const auto &keep) {
        QList<UnitRecord> out;
        for (const UnitRecord &u : units) {
            if (keep(u))
                out << u;
        }
        return out;
    };
    for (const MachineRecord &m : whole.machines) {
        const ModelSnapshot part =
            read([&](ModelTx &tx) { return tx.snapshots().around({}, {}, {m.name}); });
        QCOMPARE(family(part.machines, m.name), family(whole.machines, m.name));
        const auto on = [&](const UnitRecord &u) { return u.machineId == m.id; };
        QCOMPARE(unitsWhere(part.units, on), unitsWhere(whole.units, on));
    }
    for (const UnitRecord &u : whole.units) {
        const ModelSnapshot part =
            read([&](ModelTx &tx) { return tx.snapshots().around({}, {u.name()}, {}); });
        const auto same = [&](const UnitRecord &x) {
            return x.id == u.id || (x.subordinate && x.principalId == u.id);
        };
        QCOMPARE(unitsWhere(part.units, same), unitsWhere(whole.units, same));
        const auto host = [&](const ModelSnapshot &s) {
            return std::find_if(s.machines.cbegin(), s.machines.cend(),
                                [&](const MachineRecord &m) { return m.id == u.machineId; });
        };
        QCOMPARE(host(part) == part.machines.cend(), u.machineId == 0);
        if (u.machineId != 0)
            QCOMPARE(*host(part), *host(whole));
    }
    for (const ApplicationRecord &a : whole.applications) {
        const ModelSnapshot part =
            read([&](ModelTx &tx) { return tx.snapshots().ofApplications({a.name}); });
        QCOMPARE(part.applications, whole.applications);
        const auto of = [&](const UnitRecord &u) { return u.applicationId == a.id; };
        QCOMPARE(unitsWhere(part.units, of), unitsWhere(whole.units, of));
        const auto partSpread = SpreadState(part, cloud).status(a.name);
        const auto wholeSpread = SpreadState(whole, cloud).status(a.name);
        QCOMPARE(partSpread.size(), wholeSpread.size());
        for (qsizetype i = 0; i < partSpread.size(); ++i) {
            QCOMPARE(partSpread.at(i).constraint, wholeSpread.at(i).constraint);
            QCOMPARE(partSpread.at(i).skew, wholeSpread.at(i).skew);
            QCOMPARE(partSpread.at(i).most, wholeSpread.at(i).most);
        }
        QCOMPARE(a.name == u"web", !wholeSpread.isEmpty());
    }
    const auto [sizes, machines] = ws.readModel(
        model, [](ModelTx &tx) { return std::pair(tx.snapshots().sizes(), tx.machines().all()); });
    QCOMPARE(sizes.applications, whole.applications.size());
    QCOMPARE(sizes.units, whole.units.size());
    QCOMPARE(sizes.machines, whole.machines.size());
    QCOMPARE(machines, whole.machines);
}

void TestStore::aSnapshotUpdatedFromTheLogIsTheWholeModel()
{
    // The provisioner keeps its snapshot and reads only what the change log
    // names: after any mix of changes it must be the model a whole read gives.
    TestWorkspace t;
    const QString model = QStringLiteral("default");
    Workspace &ws = t.ws();
    ApplicationCommands apps(ws);
    deployCharm(ws, model, QStringLiteral("web"), 4);
    deploySubordinate(ws, model, QStringLiteral("ntp"), QStringLiteral("web"));
    ModelSnapshot kept = ws.snapshot(model);
    const qint64 seen = t.store->lastChangeSeq();

    apps.addUnits(model, QStringLiteral("web"), 2, {}, {});
    apps.removeUnits(model, {QStringLiteral("web/1")});
    AsTheProvisioner::started(ws, model, QStringLiteral("0"), QStringLiteral("i-0"));
    AsTheProvisioner::failed(ws, model, QStringLiteral("2"), QStringLiteral("no capacity"));
    MachineCommands::AddMachine container;
    container.directive = QStringLiteral("lxd:0");
    MachineCommands(ws).addMachines(model, container);
    deployCharm(ws, model, QStringLiteral("db"), 1);

    const ChangeList changes = t.store->changesSince(seen);
    QVERIFY(!changes.isEmpty());
    const ModelSnapshot updated = ws.readModel(model, [&](ModelTx &tx) {
        return tx.snapshots().after(std::move(kept), changes); // moved in, as the provisioner does
    });
    const ModelSnapshot whole = ws.snapshot(model);
    // The same rows (those added since come last, not in whole()'s order).
    const auto byId = [](auto rows) {
        std::sort(rows.begin(), rows.end(),
                  [](const auto &a, const auto &b) { return a.id < b.id; });
        return rows;
    };
    QCOMPARE(byId(updated.applications), byId(whole.applications));
    QCOMPARE(byId(updated.machines), byId(whole.machines));
    QCOMPARE(byId(updated.units), byId(whole.units));
    QCOMPARE(updated.units.size(), 11); // web/0, 2, 3, 4, 5, an ntp on each, db/0
}

// The indexes of references hold only the rows that have one (a principal
// unit has no principal, a top-level machine no host): the lookups that
// removing a unit or a machine makes (its subordinates, its containers,
// the units on it) still find them by index, not by reading every row.
void TestStore::referencesAreLookedUpByIndex()
{
    QTemporaryDir dir;
    const TestLocation location(dir);
    Store store(location.location());
    const bool postgres = store.backend() == Store::Backend::Postgres;
    const auto plan = [&](const QString &query) {
        QString explain = postgres ? u"EXPLAIN "_s : u"EXPLAIN QUERY PLAN "_s;
        explain += query;
        return store.read([&](SqlSession &sql) {
            // Not a prepared statement: PostgreSQL prepares no EXPLAIN.
            QSqlQuery q(sql.database());
            QStringList lines;
            if (!q.exec(explain))
                lines << q.lastError().text();
            while (q.next())
                lines << q.value(postgres ? 0 : 3).toString();
            return lines.join(u'\n');
        });
    };
    const QString any = postgres ? u" = ANY('{1,2,3}'::bigint[])"_s : u" IN (1, 2, 3)"_s;
    const QList<std::pair<QString, QString>> lookups{
        {u"SELECT id FROM units WHERE principal_id"_s, u"units_principal"_s},
        {u"SELECT id FROM units WHERE machine_id"_s, u"units_machine"_s},
        {u"SELECT id FROM machines WHERE parent_id"_s, u"machines_parent"_s}};
    for (const auto &[query, index] : lookups) {
        const QString found = plan(query + any);
        QVERIFY2(found.contains(index), qPrintable(query + any + u'\n' + found));
    }
    if (!postgres) {
        // SQLite's own foreign-key check when a unit goes: its subordinates.
        const QString found = plan(u"DELETE FROM units WHERE id = 1"_s);
        QVERIFY2(found.contains(u"units_principal"_s), qPrintable(found));
        QVERIFY2(!found.contains(u"SCAN units"_s), qPrintable(found));
    }
}

QTEST_GUILESS_MAIN(TestStore)
// Every reference between rows holds on both stores (PostgreSQL checks
// units' and machines' once a statement, SQLite row by row): a row that
// names one that does not exist is refused, a row still named cannot go, and
// what names a removed row goes with it or is unset; a refused statement
// changes nothing.
void TestStore::referencesHoldOnBothStores()
{
    TestWorkspace t;
    ApplicationCommands::Deploy web;
    web.charm = QStringLiteral("web");
    web.count = 2;
    ApplicationCommands(t.ws()).deploy(QStringLiteral("default"), web);
    const auto number = [&](const QString &sql) {
        return t.store->read([&](SqlSession &s) { return s.scalar(sql).toLongLong(); });
    };
    const auto rows = [&] {
        QList<qint64> counts;
        for (const char *table : {"models", "applications", "units", "machines",
                                  "machine_status_log", "bundle_machines", "rebalance_moves"}) {
            counts << number(QStringLiteral("SELECT count(*) FROM ") + QLatin1String(table));
        }
        return counts;
    };
    const auto write = [&](const QString &sql) {
        t.store->write([&](SqlSession &s) { s.execute(sql); });
    };
    // A status line and a bundle machine about `machine`.
    const auto statusLine = [](qint64 machine) {
        return QStringLiteral("INSERT INTO machine_status_log (machine_id, at, life,"
                              " machine_status, instance_status, message) VALUES (%1, 0,"
                              " 'alive', 'pending', 'pending', '')")
            .arg(machine);
    };
    const auto bundleMachine = [](qint64 machine) {
        return QStringLiteral("INSERT INTO bundle_machines (machine_id, bundle, bundle_machine)"
                              " VALUES (%1, 'b', '0')")
            .arg(machine);
    };
    const qint64 first = number(QStringLiteral("SELECT min(id) FROM units"));
    const qint64 second = number(QStringLiteral("SELECT max(id) FROM units"));
    const qint64 firstMachine =
        number(QStringLiteral("SELECT machine_id FROM units WHERE id = %1").arg(first));
    QVERIFY(first != second);

    const QList<qint64> before = rows();
    const QStringList refused{
        // A unit on a machine, of an application, under a principal that do not exist.
        QStringLiteral("INSERT INTO units (model_id, application_id, number, machine_id,"
                       " constraints, created_at) SELECT model_id, application_id, 99, 999999,"
                       " '', created_at FROM units WHERE id = %1")
            .arg(first),
        QStringLiteral("UPDATE units SET application_id = 999999 WHERE id = %1").arg(second),
        QStringLiteral("UPDATE units SET principal_id = 999999 WHERE id = %1").arg(second),
        QStringLiteral("UPDATE units SET model_id = 999999"),
        // A container on a machine that does not exist, a machine of no model.
        QStringLiteral("UPDATE machines SET parent_id = 999999 WHERE id = %1").arg(firstMachine),
        QStringLiteral("UPDATE machines SET model_id = 999999"),
        // Rows about a machine or a unit that do not exist.
        statusLine(999999),
        bundleMachine(999999),
        QStringLiteral("INSERT INTO rebalance_moves (model_id, application_id, remove_unit_id,"
                       " new_unit_id) SELECT model_id, application_id, id, 999999 FROM units"
                       " WHERE id = %1")
            .arg(first),
        // Machines that host units, applications that have units.
        QStringLiteral("DELETE FROM machines"),
        QStringLiteral("DELETE FROM applications"),
    };
    for (const QString &sql : refused) {
        try {
            write(sql);
            QFAIL(qPrintable(QStringLiteral("not refused: ") + sql));
        } catch (const BerthError &e) {
            QVERIFY2(e.detail().contains(QLatin1String("foreign key"), Qt::CaseInsensitive),
                     qPrintable(sql + u'\n' + e.detail()));
        }
        QCOMPARE(rows(), before);
    }

    // The second unit under the first; a move, a status line and a bundle
    // machine naming the first unit and its machine.
    write(
        QStringLiteral("UPDATE units SET principal_id = %1 WHERE id = %2").arg(first).arg(second));
    write(QStringLiteral("INSERT INTO rebalance_moves (model_id, application_id, remove_unit_id)"
                         " SELECT model_id, application_id, id FROM units WHERE id = %1")
              .arg(first));
    write(statusLine(firstMachine));
    write(bundleMachine(firstMachine));
    QCOMPARE(number(QStringLiteral("SELECT count(*) FROM rebalance_moves")), 1);

    // The first unit goes: its subordinate stays, unset; its move goes.
    write(QStringLiteral("DELETE FROM units WHERE id = %1").arg(first));
    QCOMPARE(number(QStringLiteral("SELECT count(*) FROM units WHERE id = %1 AND principal_id"
                                   " IS NULL")
                        .arg(second)),
             1);
    QCOMPARE(number(QStringLiteral("SELECT count(*) FROM rebalance_moves")), 0);
    // Its machine, now empty, goes with its status lines and bundle machine.
    write(QStringLiteral("DELETE FROM machines WHERE id = %1").arg(firstMachine));
    QCOMPARE(number(QStringLiteral("SELECT count(*) FROM machine_status_log WHERE machine_id"
                                   " = %1")
                        .arg(firstMachine)),
             0);
    QCOMPARE(number(QStringLiteral("SELECT count(*) FROM bundle_machines")), 0);

    // The model goes with all its rows.
    write(QStringLiteral("DELETE FROM models"));
    QCOMPARE(rows(), QList<qint64>(before.size(), 0));
}

#include "tst_store.moc"
