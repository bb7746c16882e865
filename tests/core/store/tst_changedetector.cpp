// The one change detector of the window and the provisioner: a commit made
// through another connection (another process, in effect) is reported, one
// seen already is not, and a paused detector says nothing until it resumes.
// Run on SQLite (the store's files watched, the data version polled) and on
// PostgreSQL (NOTIFY).
#include "core/commands/machinecommands.h"
#include "core/store/changedetector.h"
#include "tests/testsupport.h"

#include <QSignalSpy>
#include <QTest>

using namespace berth;

namespace {

const QString model = QStringLiteral("default");

// A machine added through the workspace's own store connection.
void commitElsewhere(TestWorkspace &t)
{
    MachineCommands(t.ws()).addMachines(model, {{}, 1, {}, {}, {}});
}

} // namespace

class TestChangeDetector : public QObject
{
    Q_OBJECT

private slots:
    void reportsACommitByAnotherConnection();
    void aCommitIsToldWithoutWaitingForThePoll();
    void aCommitAlreadySeenIsNotReported();
    void pausedSaysNothingUntilItResumes();
};

void TestChangeDetector::reportsACommitByAnotherConnection()
{
    // Given a detector on a connection of its own
    TestWorkspace t;
    Store watched(t.path());
    ChangeDetector detector(watched, 50);
    QSignalSpy committed(&detector, &ChangeDetector::committed);
    QSignalSpy failed(&detector, &ChangeDetector::failed);
    detector.start();
    QTest::qWait(200);
    QVERIFY(committed.isEmpty()); // nothing happened yet

    // When another connection commits
    commitElsewhere(t);

    // Then it is reported, once
    QTRY_COMPARE_WITH_TIMEOUT(committed.size(), 1, 10'000);
    QTest::qWait(200);
    QCOMPARE(committed.size(), 1);
    QVERIFY(failed.isEmpty());
}

void TestChangeDetector::aCommitIsToldWithoutWaitingForThePoll()
{
    // Given a detector that would poll once an hour (a provisioner waiting
    // for the next deploy, the window waiting for berthctl's next command)
    TestWorkspace t;
    Store watched(t.path());
    ChangeDetector detector(watched, 3'600'000);
    QSignalSpy committed(&detector, &ChangeDetector::committed);
    QSignalSpy failed(&detector, &ChangeDetector::failed);
    detector.start();

    // When another connection commits, then again
    commitElsewhere(t);

    // Then each is told as it happens: on SQLite by the store's log being
    // written, on PostgreSQL by its notification
    QTRY_COMPARE_WITH_TIMEOUT(committed.size(), 1, 10'000);
    commitElsewhere(t);
    QTRY_COMPARE_WITH_TIMEOUT(committed.size(), 2, 10'000);
    QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(0).toString()));
}

void TestChangeDetector::aCommitAlreadySeenIsNotReported()
{
    TestWorkspace t;
    Store watched(t.path());
    ChangeDetector detector(watched, 50);
    QSignalSpy committed(&detector, &ChangeDetector::committed);
    detector.start();

    // Given a commit the reader has read past (it read the model after it)
    commitElsewhere(t);
    detector.markSeen();

    // Then it is not reported again; a later one is
    QTest::qWait(300);
    QCOMPARE(committed.size(), 0);
    commitElsewhere(t);
    QTRY_COMPARE_WITH_TIMEOUT(committed.size(), 1, 10'000);
}

void TestChangeDetector::pausedSaysNothingUntilItResumes()
{
    TestWorkspace t;
    Store watched(t.path());
    ChangeDetector detector(watched, 50);
    QSignalSpy committed(&detector, &ChangeDetector::committed);
    detector.start();

    // Given a paused detector (the window while its clouds are replaced)
    detector.pause();
    commitElsewhere(t);
    QTest::qWait(300);
    QCOMPARE(committed.size(), 0);

    // When it resumes, it checks at once
    detector.resume();
    QCOMPARE(committed.size(), 1);
}

QTEST_GUILESS_MAIN(TestChangeDetector)
#include "tst_changedetector.moc"
