// The window's model watcher: another connection's commit to the open model
// brings a snapshot that shows it; a burst of commits (a provisioner's
// rounds, a script of commands) is covered by a few reads, not one a commit,
// and the last snapshot shows them all. Run on SQLite (the store's files
// watched) and on PostgreSQL (NOTIFY).
#include "core/commands/machinecommands.h"
#include "core/store/modelwatcher.h"
#include "tests/testsupport.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

using namespace berth;

namespace {

const QString model = QStringLiteral("default");

void addMachineElsewhere(TestWorkspace &t)
{
    MachineCommands(t.ws()).addMachines(model, {{}, 1, {}, {}, {}});
}

// Runs the event loop for `ms` (QTest::qWait handles what is pending, then
// sleeps: a timer started meanwhile would wait for the next call).
void spin(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

qsizetype machinesIn(const QSignalSpy &snapshots)
{
    return snapshots.constLast().constFirst().value<ModelSnapshot>().machines.size();
}

} // namespace

class TestModelWatcher : public QObject
{
    Q_OBJECT

private slots:
    void aCommitToTheOpenModelIsShown();
    void aBurstOfCommitsIsCoveredByAFewReads();
};

void TestModelWatcher::aCommitToTheOpenModelIsShown()
{
    // Given a watcher on the open model, its first snapshot read
    TestWorkspace t;
    ModelWatcher watcher(t.path(), t.clouds, 100);
    QSignalSpy snapshots(&watcher, &ModelWatcher::snapshotReady);
    QSignalSpy failed(&watcher, &ModelWatcher::failed);
    watcher.start();
    watcher.watch(model);
    QCOMPARE(snapshots.size(), 1);
    QCOMPARE(machinesIn(snapshots), 0);

    // When another connection adds a machine
    addMachineElsewhere(t);

    // Then a snapshot with it follows
    QTRY_VERIFY_WITH_TIMEOUT(snapshots.size() >= 2 && machinesIn(snapshots) == 1, 10'000);
    QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(0).toString()));
}

void TestModelWatcher::aBurstOfCommitsIsCoveredByAFewReads()
{
    // Given a watcher that reads at most once a second while commits come
    TestWorkspace t;
    ModelWatcher watcher(t.path(), t.clouds, 1'000);
    QSignalSpy snapshots(&watcher, &ModelWatcher::snapshotReady);
    watcher.start();
    watcher.watch(model);
    QCOMPARE(snapshots.size(), 1);

    // When another connection commits twenty machines one by one, the
    // watcher's events handled between them
    QElapsedTimer burst;
    burst.start();
    for (int i = 0; i < 20; ++i) {
        addMachineElsewhere(t);
        spin(10);
    }
    const qint64 took = burst.elapsed();

    // Then the last snapshot shows all twenty, and far fewer snapshots came
    // than commits: one at most each second of the burst, and the one after
    QTRY_VERIFY_WITH_TIMEOUT(machinesIn(snapshots) == 20, 10'000);
    QTest::qWait(1'200); // nothing is left to read
    QCOMPARE(machinesIn(snapshots), 20);
    const qsizetype reads = snapshots.size() - 1;
    QVERIFY2(reads <= took / 1'000 + 2,
             qPrintable(QStringLiteral("%1 reads for 20 commits in %2 ms").arg(reads).arg(took)));
}

QTEST_GUILESS_MAIN(TestModelWatcher)
#include "tst_modelwatcher.moc"
