#include "core/commands/modelchange.h"
#include "core/commands/modelcommands.h"
#include "core/store/searchrows.h"
#include "tests/testsupport.h"

#include <QTest>

using namespace berth;

namespace {

const QString model = QStringLiteral("default");
const QString other = QStringLiteral("staging");

SearchResult search(Workspace &ws, const QString &text, int limit = 200)
{
    const SearchQuery query = SearchQuery::parse(text);
    return ws.store().read([&](SqlSession &sql) { return SearchRows(sql).find(query, limit); });
}

// "model kind name" of each hit.
QStringList found(Workspace &ws, const QString &text)
{
    QStringList lines;
    for (const SearchHit &hit : search(ws, text).hits)
        lines << hit.model + u' ' + SearchQuery::kindName(hit.kind) + u' ' + hit.name;
    return lines;
}

// Two models: web (2 units, machine 0 started in sim-east-a, machine 1 in
// error) and db in "default"; web (1 unit, unstarted) in "staging".
void twoModels(Workspace &ws)
{
    deployChange(QStringLiteral("web"), 2).apply(ws, model);
    AsTheProvisioner::started(ws, model, QStringLiteral("0"), QStringLiteral("i-0a1"));
    AsTheProvisioner::failed(ws, model, QStringLiteral("1"),
                             QStringLiteral("no capacity in sim-east-b"));
    ApplicationCommands::Deploy db;
    db.charm = QStringLiteral("postgresql");
    db.application = QStringLiteral("db");
    db.count = 0;
    ModelChange::deploy(db).apply(ws, model);
    ModelCommands(ws).addModel(other, {}, {}, ModelCommands::NewModel::LeavesCurrent);
    deployChange(QStringLiteral("web"), 1).apply(ws, other);
}

} // namespace

class TestSearch : public QObject
{
    Q_OBJECT

private slots:
    void oneQueryFindsEveryModelsThings();
    void fieldsNarrowAndWordsAllHold();
    void wordsAreTakenAsTheyAreNotAsPatterns();
    void manyMatchesStopAtTheLimit();
    void badQueriesSayWhatIsExpected();
};

void TestSearch::oneQueryFindsEveryModelsThings()
{
    TestWorkspace t;
    twoModels(t.ws());
    // A name: the application and its units, in both models.
    QCOMPARE(found(t.ws(), QStringLiteral("web")),
             (QStringList{
                 QStringLiteral("default application web"),
                 QStringLiteral("staging application web"), QStringLiteral("default unit web/0"),
                 QStringLiteral("default unit web/1"), QStringLiteral("staging unit web/0")}));
    // Any case; the charm finds its application.
    QCOMPARE(found(t.ws(), QStringLiteral("PostgreSQL")),
             QStringList{QStringLiteral("default application db")});
    // A unit carries its machine's state: what a user sees beside it.
    const SearchResult started = search(t.ws(), QStringLiteral("i-0a1"));
    QCOMPARE(started.hits.size(), 1);
    const SearchHit machine = started.hits.constFirst();
    QCOMPARE(machine.kind, SearchQuery::Kind::Machine);
    QCOMPARE(machine.name, QStringLiteral("0"));
    QCOMPARE(machine.status, QStringLiteral("started"));
    QCOMPARE(machine.zone, QStringLiteral("sim-east-a"));
    QCOMPARE(machine.instanceType, QStringLiteral("t3.medium"));
    const SearchResult unit = search(t.ws(), QStringLiteral("name:web/0 model:default"));
    QCOMPARE(unit.hits.size(), 1);
    QCOMPARE(unit.hits.constFirst().machine, QStringLiteral("0"));
    QCOMPARE(unit.hits.constFirst().zone, QStringLiteral("sim-east-a"));
    QVERIFY(!unit.more);
}

void TestSearch::fieldsNarrowAndWordsAllHold()
{
    TestWorkspace t;
    twoModels(t.ws());
    // A message's words, quoted, find the machine and the unit on it.
    QCOMPARE(
        found(t.ws(), QStringLiteral("\"no capacity\"")),
        (QStringList{QStringLiteral("default unit web/1"), QStringLiteral("default machine 1")}));
    QCOMPARE(found(t.ws(), QStringLiteral("status:error is:machine")),
             QStringList{QStringLiteral("default machine 1")});
    QCOMPARE(found(t.ws(), QStringLiteral("zone:sim-east-a is:unit")),
             QStringList{QStringLiteral("default unit web/0")});
    QCOMPARE(
        found(t.ws(), QStringLiteral("type:t3.medium")),
        (QStringList{QStringLiteral("default unit web/0"), QStringLiteral("default machine 0")}));
    // A model narrows what a unit's machine matches too.
    QCOMPARE(
        found(t.ws(), QStringLiteral("t3.medium model:default")),
        (QStringList{QStringLiteral("default unit web/0"), QStringLiteral("default machine 0")}));
    QCOMPARE(found(t.ws(), QStringLiteral("t3.medium model:staging")), QStringList{});
    // One word in the unit's name, one in its machine's zone: both hold.
    QCOMPARE(found(t.ws(), QStringLiteral("web sim-east-a is:unit")),
             QStringList{QStringLiteral("default unit web/0")});
    // Every word holds: web in the staging model only.
    QCOMPARE(found(t.ws(), QStringLiteral("web model:stag kind:units")),
             QStringList{QStringLiteral("staging unit web/0")});
    // A field applications have not (zone) leaves them out.
    QCOMPARE(found(t.ws(), QStringLiteral("zone:sim is:application")), QStringList{});
    QCOMPARE(found(t.ws(), QStringLiteral("web nothing-like-this")), QStringList{});
}

void TestSearch::wordsAreTakenAsTheyAreNotAsPatterns()
{
    TestWorkspace t;
    twoModels(t.ws());
    // %, _ and \ are letters to a search, not LIKE's wildcards.
    QCOMPARE(found(t.ws(), QStringLiteral("%")), QStringList{});
    QCOMPARE(found(t.ws(), QStringLiteral("w_b")), QStringList{});
    QCOMPARE(found(t.ws(), QStringLiteral("\\")), QStringList{});
    // A quote written in a word is still a quote, not SQL.
    QCOMPARE(found(t.ws(), QStringLiteral("name:it's")), QStringList{});
}

void TestSearch::manyMatchesStopAtTheLimit()
{
    TestWorkspace t;
    deployChange(QStringLiteral("web"), 5).apply(t.ws(), model);
    const SearchResult some = search(t.ws(), QStringLiteral("is:unit web"), 3);
    QCOMPARE(some.hits.size(), 3);
    QVERIFY(some.more);
    QCOMPARE(some.hits.constLast().name, QStringLiteral("web/2")); // the oldest first
    const SearchResult all = search(t.ws(), QStringLiteral("is:unit web"), 5);
    QCOMPARE(all.hits.size(), 5);
    QVERIFY(!all.more);
}

void TestSearch::badQueriesSayWhatIsExpected()
{
    QCOMPARE(errorOf([] { SearchQuery::parse(QStringLiteral("colour:red")); }),
             QStringLiteral("search: \"colour\" is not a field; expected one of is, model, name, "
                            "status, zone, type, message, as in zone:sim-east-a"));
    QCOMPARE(errorOf([] { SearchQuery::parse(QStringLiteral("is:cloud")); }),
             QStringLiteral("search: \"cloud\" is not a kind; expected is:application, is:unit "
                            "or is:machine"));
    QCOMPARE(errorOf([] { SearchQuery::parse(QStringLiteral("zone:")); }),
             QStringLiteral("search: zone: has no value; expected zone:TEXT"));
    QCOMPARE(errorOf([] { SearchQuery::parse(QStringLiteral("\"no capacity")); }),
             QStringLiteral("search: a quote is not closed; expected \"words\" in pairs of double "
                            "quotes"));
    QCOMPARE(errorOf([] { SearchQuery::parse(QStringLiteral("is:unit is:machine")); }),
             QStringLiteral("search: asks for two kinds at once; expected one is:"));
    QVERIFY(errorOf([] {
                SearchQuery::parse(QString(1001, u'x'));
            }).startsWith(QStringLiteral("search: the query is 1001 characters long")));
}

QTEST_GUILESS_MAIN(TestSearch)
#include "tst_search.moc"
