// Search across models (berthctl search, the window's Search pane) on a
// store of 100,000 units on 100,000 machines, beside one read of the largest
// model: what a search costs against what opening that model costs. Argument
// 1 runs the same on PostgreSQL (BERTH_BENCH_POSTGRES=1, on the server
// scripts/setup-postgres runs). Figures and the command are in
// docs/benchmarks.md.
#include "core/cloud/cloudregistry.h"
#include "core/commands/applicationcommands.h"
#include "core/commands/modelcommands.h"
#include "core/store/searchrows.h"
#include "core/store/store.h"
#include "core/store/workspace.h"
#include "providers/sim/simcloud.h"
#include "tests/testsupport.h"

#include <QCoreApplication>
#include <QTemporaryDir>

#include <benchmark/benchmark.h>

using namespace berth;

namespace {

// "default": web (90,000 units) and db (7,000); "staging", "prod-a" and
// "prod-b": web, 1,000 units each. Every unit on a machine of its own.
struct SearchedStore
{
    static constexpr int webUnits = 90'000;
    static constexpr int dbUnits = 7'000;
    static constexpr int smallModelUnits = 1'000;
    QTemporaryDir dir;
    TestLocation where;
    CloudRegistry clouds;
    std::unique_ptr<Store> store;
    std::unique_ptr<Workspace> ws;

    explicit SearchedStore(bool postgres)
        : where(dir, QStringLiteral("b.sqlite"),
                postgres ? TestLocation::Backend::Postgres : TestLocation::Backend::Sqlite)
    {
        clouds.add(SimCloud::describe());
        store = std::make_unique<Store>(where.location());
        ws = std::make_unique<Workspace>(*store, clouds);
        ModelCommands models(*ws);
        models.ensureDefaultModel();
        deploy(QStringLiteral("default"), QStringLiteral("web"), webUnits);
        deploy(QStringLiteral("default"), QStringLiteral("db"), dbUnits);
        for (const char *name : {"staging", "prod-a", "prod-b"}) {
            models.addModel(QString::fromLatin1(name), {}, {},
                            ModelCommands::NewModel::LeavesCurrent);
            deploy(QString::fromLatin1(name), QStringLiteral("web"), smallModelUnits);
        }
    }
    void deploy(const QString &model, const QString &charm, int units)
    {
        ApplicationCommands apps(*ws);
        ApplicationCommands::Deploy d;
        d.charm = charm;
        d.count = std::min(units, 10'000); // one command's most
        apps.deploy(model, d);
        for (int added = d.count; added < units; added += 10'000)
            apps.addUnits(model, charm, std::min(10'000, units - added), {});
    }
    SearchResult search(const QString &text)
    {
        const SearchQuery query = SearchQuery::parse(text);
        return store->read([&](SqlSession &sql) { return SearchRows(sql).find(query, 200); });
    }
};

// Made on first use, dropped before the application goes (a PostgreSQL
// database is dropped through Qt's driver, gone after main).
std::unique_ptr<SearchedStore> stores[2];

SearchedStore &searchedStore(bool postgres)
{
    if (!stores[postgres])
        stores[postgres] = std::make_unique<SearchedStore>(postgres);
    return *stores[postgres];
}

void runSearch(benchmark::State &state, const QString &text, int expected)
{
    SearchedStore &s = searchedStore(state.range(0) == 1);
    for (auto _ : state) {
        const SearchResult result = s.search(text);
        if (result.hits.size() != expected) {
            state.SkipWithError("the search did not find what it should");
            break;
        }
        benchmark::DoNotOptimize(result);
    }
}

// One unit by its name: every unit and machine of every model looked at.
void BM_SearchOneUnitByName(benchmark::State &state)
{
    runSearch(state, QStringLiteral("name:db/4242"), 1);
}

// A word nothing has: the worst case, every row of every kind read.
void BM_SearchNothingMatches(benchmark::State &state)
{
    runSearch(state, QStringLiteral("no-such-thing"), 0);
}

// A word half the store has: the first 200 of each kind.
void BM_SearchACommonWord(benchmark::State &state)
{
    runSearch(state, QStringLiteral("web"), 204); // web of each model, and 200 units
}

// A kind and a model: the units of one small model.
void BM_SearchAKindInAModel(benchmark::State &state)
{
    runSearch(state, QStringLiteral("is:unit model:prod-b web/99"), 11); // web/99, web/990…
}

// Baseline: one read of the largest model (97,000 units), as the window
// and berthctl status read it.
void BM_ReadTheLargestModelBaseline(benchmark::State &state)
{
    SearchedStore &s = searchedStore(state.range(0) == 1);
    for (auto _ : state)
        benchmark::DoNotOptimize(s.ws->snapshot(QStringLiteral("default")));
}

void registerAll(int backend)
{
    for (const auto &[name, fn] :
         std::initializer_list<std::pair<const char *, void (*)(benchmark::State &)>>{
             {"BM_SearchOneUnitByName", BM_SearchOneUnitByName},
             {"BM_SearchNothingMatches", BM_SearchNothingMatches},
             {"BM_SearchACommonWord", BM_SearchACommonWord},
             {"BM_SearchAKindInAModel", BM_SearchAKindInAModel},
             {"BM_ReadTheLargestModelBaseline", BM_ReadTheLargestModelBaseline}})
        benchmark::RegisterBenchmark(name, fn)
            ->Arg(backend)
            ->Unit(benchmark::kMillisecond)
            ->Iterations(10);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    registerAll(0);
    if (qEnvironmentVariableIsSet("BERTH_BENCH_POSTGRES"))
        registerAll(1);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    for (auto &store : stores)
        store.reset();
    return 0;
}
