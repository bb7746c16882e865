#include "core/commands/changeset.h"
#include "core/commands/modelcommands.h"
#include "core/store/auditrows.h"
#include "core/store/modelrows.h"
#include "tests/core/store/audittesting.h"
#include "tests/testsupport.h"

#include <QTest>
#include <QUrl>

using namespace berth;
using namespace berth::AuditTesting;

class TestAudit : public QObject
{
    Q_OBJECT

private slots:
    void everyCommittedChangeIsInTheTrailOnce();
    void whatIsTriedOrRefusedIsNot();
    void theTrailIsFilteredAndOutlivesItsModel();
};

void TestAudit::everyCommittedChangeIsInTheTrailOnce()
{
    TestWorkspace t;
    t.ws().setProgram(QStringLiteral("tst_audit"));
    const qint64 before = QDateTime::currentMSecsSinceEpoch();
    deployChange(QStringLiteral("web"), 2).apply(t.ws(), model);
    ModelChange::applyAll(
        t.ws(), model,
        {ModelChange::addUnits(QStringLiteral("web"), 1, {}),
         ModelChange::setConstraints(QStringLiteral("web"), QStringLiteral("mem=4G"))});
    ChangeSet set(t.ws());
    const StagedChangeRecord staged =
        set.stage(model, ModelChange::removeUnits({QStringLiteral("web/0")}));
    // The change set shows the person who staged it, and from where.
    const QString person = t.storeLocation.postgres() ? QUrl(t.path()).userName() : systemUser();
    QCOMPARE(staged.author, person);
    QCOMPARE(staged.program, QStringLiteral("tst_audit"));
    QCOMPARE(staged.host, QSysInfo::machineHostName());
    QCOMPARE(set.preview(model).items.constFirst().record.author, person);
    set.commit(model);

    const QList<AuditRecord> entries = trail(t.ws(), query(model));
    QCOMPARE(descriptions(entries),
             (QStringList{QStringLiteral("deploy web, 2 unit(s)"),
                          QStringLiteral("add 1 unit(s) of web"),
                          QStringLiteral("set the constraints of web to \"mem=4G\""),
                          QStringLiteral("remove web/0")}));
    for (const AuditRecord &e : entries) {
        QCOMPARE(e.model, model);
        QCOMPARE(e.by.user, person);
        QCOMPARE(e.by.host, QSysInfo::machineHostName());
        QVERIFY(e.at >= before - 60'000 && e.at <= QDateTime::currentMSecsSinceEpoch());
    }
    QCOMPARE(entries.at(0).by.program, QStringLiteral("tst_audit"));
    QCOMPARE(entries.at(0).command, QStringLiteral("deploy"));
    QCOMPARE(entries.at(0).args.value(QStringLiteral("count")).toInt(), 2);
    QVERIFY(entries.at(2).stagedBy.isEmpty());
    QCOMPARE(entries.at(3).stagedBy, person); // committed from the change set
    QCOMPARE(entries.at(3).command, QStringLiteral("remove-unit"));
}

void TestAudit::whatIsTriedOrRefusedIsNot()
{
    TestWorkspace t;
    deployChange(QStringLiteral("web"), 1).apply(t.ws(), model);
    const qsizetype before = trail(t.ws(), query(model)).size();
    // Refused: nothing changed, nothing told.
    QVERIFY(!errorOf([&] {
                 ModelChange::addUnits(QStringLiteral("nope"), 1, {}).apply(t.ws(), model);
             }).isEmpty());
    // Tried: a dry run, staging, and the preview apply nothing.
    ModelChange::dryRun(t.ws(), model, {ModelChange::removeUnits({QStringLiteral("web/0")})});
    ChangeSet set(t.ws());
    set.stage(model, ModelChange::addUnits(QStringLiteral("web"), 1, {}));
    set.preview(model);
    set.plannedSnapshot(model);
    QCOMPARE(trail(t.ws(), query(model)).size(), before);
    // A refused commit leaves no line either.
    set.stage(model, ModelChange::removeUnits({QStringLiteral("web/0")}));
    ModelChange::removeUnits({QStringLiteral("web/0")}).apply(t.ws(), model);
    QVERIFY(!errorOf([&] { set.commit(model); }).isEmpty());
    QCOMPARE(trail(t.ws(), query(model)).size(), before + 1); // the remove-unit applied directly
}

void TestAudit::theTrailIsFilteredAndOutlivesItsModel()
{
    TestWorkspace t;
    ModelCommands models(t.ws());
    models.addModel(QStringLiteral("staging"), {}, {}, ModelCommands::NewModel::LeavesCurrent);
    t.ws().setProgram(QStringLiteral("berthctl"));
    deployChange(QStringLiteral("web"), 1).apply(t.ws(), model);
    t.ws().setProgram(QStringLiteral("berth"));
    deployChange(QStringLiteral("db"), 1).apply(t.ws(), QStringLiteral("staging"));
    ModelChange::addUnits(QStringLiteral("web"), 2, {}).apply(t.ws(), model);
    models.setConfig(model, {QStringLiteral("harvest-mode=none")});

    QCOMPARE(descriptions(trail(t.ws(), query(model, {}, QStringLiteral("berth")))),
             (QStringList{QStringLiteral("add 2 unit(s) of web"),
                          QStringLiteral("set model config harvest-mode=none")}));
    QCOMPARE(descriptions(trail(t.ws(), query({}, {}, {}, QStringLiteral("DEPLOY")))),
             (QStringList{QStringLiteral("deploy web, 1 unit(s)"),
                          QStringLiteral("deploy db, 1 unit(s)")}));
    QCOMPARE(descriptions(trail(t.ws(), query({}, {}, {}, QStringLiteral("100%_")))),
             QStringList());
    QCOMPARE(descriptions(trail(t.ws(), query(model, {}, {}, {}, 0, 1))),
             QStringList{QStringLiteral("set model config harvest-mode=none")});
    QVERIFY(trail(t.ws(), query(model, QStringLiteral("nobody"))).isEmpty());
    QVERIFY(trail(t.ws(), query({}, {}, {}, {}, QDateTime::currentMSecsSinceEpoch() + 60'000))
                .isEmpty());

    // The model made by no one (the store's first) has no line; the others do.
    QCOMPARE(trail(t.ws(), query(model)).constFirst().description,
             QStringLiteral("deploy web, 1 unit(s)"));
    // The model goes; its trail stays, its end included.
    models.destroyModel(QStringLiteral("staging"), true);
    QVERIFY(!t.ws().store().read(
        [](SqlSession &sql) { return ModelRows(sql).find(QStringLiteral("staging")); }));
    QCOMPARE(descriptions(trail(t.ws(), query(QStringLiteral("staging")))),
             (QStringList{QStringLiteral("add model staging on sim/sim-east"),
                          QStringLiteral("deploy db, 1 unit(s)"),
                          QStringLiteral("destroy model staging")}));
}

QTEST_GUILESS_MAIN(TestAudit)
#include "tst_audit.moc"
