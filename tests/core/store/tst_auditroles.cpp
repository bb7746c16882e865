// Two people on one PostgreSQL store, told apart by the roles the server
// knows them by (scripts/setup-postgres makes berth and berth_teammate).
// Only PostgreSQL has roles: ctest runs this as tst_auditroles_postgres.
#include "core/commands/changeset.h"
#include "core/store/modelrows.h"
#include "tests/core/store/audittesting.h"
#include "tests/testsupport.h"

#include <QTest>
#include <QUrl>

using namespace berth;
using namespace berth::AuditTesting;

class TestAuditRoles : public QObject
{
    Q_OBJECT

private slots:
    void twoPeopleAreToldApart();
};

void TestAuditRoles::twoPeopleAreToldApart()
{
    QVERIFY2(TestLocation::postgres(), "PostgreSQL's roles: run with BERTH_TEST_BACKEND=postgres");
    TestWorkspace t;
    // The second person of scripts/setup-postgres, on the same store.
    QUrl url(t.path());
    QCOMPARE(url.userName(), QStringLiteral("berth"));
    url.setUserName(QStringLiteral("berth_teammate"));
    Store theirs(url.toString());
    Workspace teammate(theirs, t.clouds);
    QCOMPARE(teammate.actor().user, QStringLiteral("berth_teammate"));
    QCOMPARE(t.ws().actor().user, QStringLiteral("berth"));

    deployChange(QStringLiteral("web"), 1).apply(t.ws(), model);
    ChangeSet(teammate).stage(model, ModelChange::addUnits(QStringLiteral("web"), 2, {}));
    // berth commits what the teammate staged.
    QCOMPARE(ChangeSet(t.ws()).preview(model).items.constFirst().record.author,
             QStringLiteral("berth_teammate"));
    ChangeSet(t.ws()).commit(model);
    ModelChange::removeUnits({QStringLiteral("web/1")}).apply(teammate, model);

    const QList<AuditRecord> entries = trail(t.ws(), query(model));
    QCOMPARE(entries.size(), 3);
    QCOMPARE(entries.at(0).by.user, QStringLiteral("berth"));
    QCOMPARE(entries.at(1).by.user, QStringLiteral("berth"));
    QCOMPARE(entries.at(1).stagedBy, QStringLiteral("berth_teammate"));
    QCOMPARE(entries.at(2).by.user, QStringLiteral("berth_teammate"));
    // The person is the server's word, not the program's.
    AuditRecord claimed;
    claimed.by.user = QStringLiteral("someone-else");
    claimed.description = QStringLiteral("claimed");
    theirs.write(
        [&](SqlSession &sql) { AuditRows(sql).append(ModelRows(sql).load(model), {claimed}); });
    QCOMPARE(trail(t.ws(), query(model)).constLast().by.user, QStringLiteral("berth_teammate"));
    // Either may look for the other's changes.
    QCOMPARE(descriptions(trail(teammate, query(model, QStringLiteral("berth_teammate")))),
             (QStringList{QStringLiteral("add 2 unit(s) of web"), QStringLiteral("remove web/1"),
                          QStringLiteral("claimed")}));
}

QTEST_GUILESS_MAIN(TestAuditRoles)
#include "tst_auditroles.moc"
