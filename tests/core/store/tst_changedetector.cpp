// The one change detector of the window and the provisioner: a commit made
// through another connection (another process, in effect) is reported, one
// seen already is not, and a paused detector says nothing until it resumes.
// Run on SQLite (data version polling) and on PostgreSQL (NOTIFY).
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
