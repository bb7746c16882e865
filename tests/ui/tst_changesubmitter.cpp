// ChangeSubmitter: the one place the window's changes are staged or applied,
// each an undo step; what it tells the window (logged, failed, submitted).
#include "core/commands/changeset.h"
#include "tests/testsupport.h"
#include "ui/changesubmitter.h"

#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

using namespace berth;

namespace {

const QString model = QStringLiteral("default");

// Given a model with `count` unplaced units of db, and a submitter on it.
struct Given : TestWorkspace
{
    explicit Given(int count)
    {
        ApplicationCommands::Deploy d;
        d.charm = QStringLiteral("db");
        d.count = count;
        d.unplaced = true;
        ApplicationCommands(ws()).deploy(model, d);
        submitter.setModel(model);
    }
    // Each unit with its machine, "db/0@-" while it has none.
    QStringList placements()
    {
        QStringList units;
        for (const UnitRecord &u : ws().snapshot(model).units)
            units << u.name() + u'@' + (u.machine.isEmpty() ? QStringLiteral("-") : u.machine);
        units.sort();
        return units;
    }
    QStringList staged()
    {
        QStringList lines;
        for (const ChangeSet::Item &item : ChangeSet(ws()).preview(model).items)
            lines << item.change.description();
        return lines;
    }
    ChangeSubmitter submitter{ws()};
};

const QStringList db01{QStringLiteral("db/0"), QStringLiteral("db/1")};

} // namespace

class TestChangeSubmitter : public QObject
{
    Q_OBJECT

private slots:
    void stagedPlacementsWaitOneChangeAUnit()
    {
        Given g(2);
        QSignalSpy submitted(&g.submitter, &ChangeSubmitter::submitted);
        QVERIFY(g.submitter.staging()); // the window's default
        g.submitter.place(db01, {});
        // The model is as it was; the change set holds one change a unit.
        QCOMPARE(g.placements(), (QStringList{QStringLiteral("db/0@-"), QStringLiteral("db/1@-")}));
        QCOMPARE(g.staged(), (QStringList{QStringLiteral("place db/0 on a new machine"),
                                          QStringLiteral("place db/1 on a new machine")}));
        QCOMPARE(submitted.size(), 1);
        // One undo step takes both out; redo stages them again.
        QCOMPARE(g.submitter.undoStack()->count(), 1);
        QCOMPARE(g.submitter.undoStack()->text(0),
                 QStringLiteral("place db/0, db/1 on new machines"));
        g.submitter.undoStack()->undo();
        QVERIFY(g.staged().isEmpty());
        g.submitter.undoStack()->redo();
        QCOMPARE(g.staged().size(), 2);
    }

    void immediatePlacementsApplyAndUndo()
    {
        Given g(2);
        g.submitter.setStaging(false);
        g.submitter.place(db01, {});
        QCOMPARE(g.placements(), (QStringList{QStringLiteral("db/0@0"), QStringLiteral("db/1@1")}));
        QVERIFY(g.staged().isEmpty());
        g.submitter.undoStack()->undo();
        QCOMPARE(g.placements(), (QStringList{QStringLiteral("db/0@-"), QStringLiteral("db/1@-")}));
        // Redone on new machines: a machine number is never given twice.
        g.submitter.undoStack()->redo();
        QCOMPARE(g.placements(), (QStringList{QStringLiteral("db/0@2"), QStringLiteral("db/1@3")}));
    }

    void constraintsUndoToWhatTheyWere()
    {
        Given g(0);
        g.submitter.setStaging(false);
        g.submitter.setConstraints(QStringLiteral("db"), {}, QStringLiteral("mem=4G"));
        QCOMPARE(ApplicationCommands(g.ws()).constraints(model, QStringLiteral("db")),
                 QStringLiteral("mem=4096M"));
        g.submitter.undoStack()->undo();
        QCOMPARE(ApplicationCommands(g.ws()).constraints(model, QStringLiteral("db")), QString());

        g.submitter.setStaging(true);
        g.submitter.setConstraints({}, {}, QStringLiteral("cores=2"));
        QCOMPARE(g.staged(),
                 QStringList{QStringLiteral("set the model's constraints to \"cores=2\"")});
        QCOMPARE(g.submitter.undoStack()->text(g.submitter.undoStack()->index() - 1),
                 QStringLiteral("model constraints"));
    }

    void aRefusalIsReportedAndTheRestIsNotApplied()
    {
        Given g(1);
        g.submitter.setStaging(false);
        QSignalSpy failed(&g.submitter, &ChangeSubmitter::failed);
        QSignalSpy logged(&g.submitter, &ChangeSubmitter::logged);
        g.submitter.submit({ModelChange::removeApplication(QStringLiteral("nope")),
                            ModelChange::removeUnits({QStringLiteral("db/0")})},
                           QStringLiteral("remove"));
        QCOMPARE(failed.size(), 1);
        QVERIFY2(failed.first().first().toString().contains(u"nope"),
                 qPrintable(failed.first().first().toString()));
        QCOMPARE(g.placements(), QStringList{QStringLiteral("db/0@-")}); // the second never ran
        QVERIFY(logged.isEmpty());

        // Staged, the command's own refusal is reported the same way, and nothing waits.
        g.submitter.setStaging(true);
        g.submitter.submit({ModelChange::removeApplication(QStringLiteral("nope"))},
                           QStringLiteral("remove nope"));
        QCOMPARE(failed.size(), 2);
        QVERIFY(g.staged().isEmpty());
    }

    void aDialogsChangeIsStagedUnlessItCannotWait()
    {
        Given g(0);
        const CommandResult staged =
            g.submitter.submitFromDialog(ModelChange::addUnits(QStringLiteral("db"), 2, {}));
        QCOMPARE(staged.messages, QStringList{QStringLiteral("staged: add 2 unit(s) of db")});
        QCOMPARE(g.staged(), QStringList{QStringLiteral("add 2 unit(s) of db")});
        // Undone like the window's own, though the dialog staged it.
        QCOMPARE(g.submitter.undoStack()->count(), 1);
        g.submitter.undoStack()->undo();
        QVERIFY(g.staged().isEmpty());
        // A refusal reaches the dialog, which stays open with the reason.
        QVERIFY_THROWS_EXCEPTION(BerthError, g.submitter.submitFromDialog(ModelChange::addUnits(
                                                 QStringLiteral("nope"), 1, {})));
    }

    void aCommitLeavesItsPlacementsUndoable()
    {
        Given g(2);
        g.submitter.place(db01, {});
        QList<ModelChange> applied;
        ChangeSet(g.ws()).commit(model, &applied);
        g.submitter.committed(applied);
        // The staged steps are gone; each placement the commit made is a step.
        QCOMPARE(g.submitter.undoStack()->count(), 2);
        QCOMPARE(g.placements(), (QStringList{QStringLiteral("db/0@0"), QStringLiteral("db/1@1")}));
        g.submitter.undoStack()->undo();
        QCOMPARE(g.placements(), (QStringList{QStringLiteral("db/0@0"), QStringLiteral("db/1@-")}));
    }

    void anotherModelStartsAFreshUndoStack()
    {
        Given g(1);
        g.submitter.place({QStringLiteral("db/0")}, {});
        QCOMPARE(g.submitter.undoStack()->count(), 1);
        ModelCommands(g.ws()).addModel(QStringLiteral("other"), QStringLiteral("sim"), {});
        g.submitter.setModel(QStringLiteral("other"));
        QCOMPARE(g.submitter.undoStack()->count(), 0);
    }
};

QTEST_MAIN(TestChangeSubmitter)
#include "tst_changesubmitter.moc"
