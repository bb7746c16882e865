// Benchmarks for the foundation: constraint parsing and merging, instance-type
// choice, and add-unit into the store. Each Berth figure has a baseline run
// beside it so results are quoted as ratios (see docs/benchmarks.md).
#include "core/cloud/cloudregistry.h"
#include "core/cloud/instancetypechooser.h"
#include "core/commands/applicationcommands.h"
#include "core/commands/bundlecommands.h"
#include "core/commands/changeset.h"
#include "core/commands/modelcommands.h"
#include "core/placement/placementplanner.h"
#include "core/store/schema.h"
#include "core/store/store.h"
#include "providers/sim/simcloud.h"
#include "tests/testsupport.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QTemporaryDir>

#include <benchmark/benchmark.h>
#include <sqlite3.h>

using namespace berth;

namespace {

const QString modelText = QStringLiteral("zones=sim-east-a,sim-east-b mem=1G arch=amd64");
const QString appText = QStringLiteral("mem=4G cores=2 instance-type= tags=ssd,^gpu");
const QString unitText = QStringLiteral("root-disk=20G cpu-power=200");

void BM_ParseAndMergeConstraints(benchmark::State &state)
{
    const ConstraintsValidator v = SimCloud::describe().validator(QStringLiteral("sim-east"));
    for (auto _ : state) {
        const auto model = Constraints::parse(modelText);
        const auto app = Constraints::parse(appText);
        const auto unit = Constraints::parse(unitText);
        const Constraints merged =
            v.merge(v.merge(model.constraints, app.constraints), unit.constraints);
        benchmark::DoNotOptimize(merged.toString());
    }
}
BENCHMARK(BM_ParseAndMergeConstraints);

// Baseline: only splitting the same three strings into key/value pairs.
void BM_SplitBaseline(benchmark::State &state)
{
    for (auto _ : state) {
        qsizetype n = 0;
        for (const QString *text : {&modelText, &appText, &unitText}) {
            for (const QString &token : text->split(u' ', Qt::SkipEmptyParts))
                n += token.indexOf(u'=');
        }
        benchmark::DoNotOptimize(n);
    }
}
BENCHMARK(BM_SplitBaseline);

void BM_ChooseInstanceType(benchmark::State &state)
{
    const CloudInfo sim = SimCloud::describe();
    const RegionInfo &region = *sim.region(QStringLiteral("sim-east"));
    const QList<Constraints> inputs{
        Constraints::parse(QStringLiteral("mem=3G")).constraints,
        Constraints::parse(QStringLiteral("cores=4 arch=arm64")).constraints,
        Constraints::parse(QStringLiteral("mem=8G instance-type=t3.small")).constraints,
        Constraints::parse(QStringLiteral("mem=max")).constraints};
    const InstanceTypeChooser chooser;
    for (auto _ : state) {
        for (const Constraints &c : inputs)
            benchmark::DoNotOptimize(chooser.choose(region, c).type.name);
    }
    state.SetItemsProcessed(state.iterations() * inputs.size());
}
BENCHMARK(BM_ChooseInstanceType);

// A model of 20,000 units (19,000 placed, one machine each, and 1,000
// unplaced), and 1,000 placements of the unplaced ones staged in its change
// set, one change a unit (as the window's Auto place stages them). On
// PostgreSQL when `postgres`.
struct StagedModel
{
    static constexpr int placed = 19'000;
    static constexpr int staged = 1'000;
    QTemporaryDir dir;
    // A database of its own on PostgreSQL, created here and dropped afterwards.
    TestLocation where;
    CloudRegistry clouds;
    std::unique_ptr<Store> store;
    std::unique_ptr<Workspace> ws;
    QStringList units;

    explicit StagedModel(bool postgres = false)
        : where(dir, QStringLiteral("b.sqlite"),
                postgres ? TestLocation::Backend::Postgres : TestLocation::Backend::Sqlite)
    {
        clouds.add(SimCloud::describe());
        store = std::make_unique<Store>(where.location());
        ws = std::make_unique<Workspace>(*store, clouds);
        ModelCommands(*ws).ensureDefaultModel();
        ApplicationCommands apps(*ws);
        ApplicationCommands::Deploy deploy;
        deploy.charm = QStringLiteral("web");
        deploy.count = 10'000;
        apps.deploy(model(), deploy);
        apps.addUnits(model(), QStringLiteral("web"), placed - 10'000, {});
        deploy.charm = QStringLiteral("db");
        deploy.count = staged;
        deploy.unplaced = true;
        apps.deploy(model(), deploy);
        for (int i = 0; i < staged; ++i)
            units << QStringLiteral("db/%1").arg(i);
    }
    static QString model() { return QStringLiteral("default"); }
    void stage()
    {
        QList<ModelChange> changes;
        for (const QString &unit : std::as_const(units))
            changes << ModelChange::placeUnits({unit}, {});
        ChangeSet(*ws).stage(model(), changes);
    }
};

// What commit would do, computed for the change-set panel and berthctl changes.
void BM_PreviewThousandPlacements(benchmark::State &state)
{
    StagedModel m;
    m.stage();
    for (auto _ : state) {
        const ChangeSet::Preview preview = ChangeSet(*m.ws).preview(StagedModel::model());
        if (preview.forecast.instances() != StagedModel::staged)
            state.SkipWithError("the preview does not start the staged machines");
        benchmark::DoNotOptimize(preview);
    }
}
BENCHMARK(BM_PreviewThousandPlacements)->Unit(benchmark::kMillisecond)->Iterations(5);

// ...against the baseline of one read of the same model (what berthctl
// status and the window read after every commit).
void BM_ReadTheModelBaseline(benchmark::State &state)
{
    StagedModel m;
    m.stage();
    for (auto _ : state)
        benchmark::DoNotOptimize(m.ws->snapshot(StagedModel::model()));
}
BENCHMARK(BM_ReadTheModelBaseline)->Unit(benchmark::kMillisecond)->Iterations(5);

// Commit of the 1,000 staged placements (argument 1: on PostgreSQL)...
void BM_CommitThousandPlacements(benchmark::State &state)
{
    for (auto _ : state) {
        state.PauseTiming();
        {
            StagedModel m(state.range(0) == 1);
            m.stage();
            state.ResumeTiming();
            ChangeSet(*m.ws).commit(StagedModel::model());
            state.PauseTiming();
        } // the store closed and its database dropped, untimed
        state.ResumeTiming();
    }
}
BENCHMARK(BM_CommitThousandPlacements)->Arg(0)->Unit(benchmark::kMillisecond)->Iterations(3);

// ...against the baseline: the same placements made by berthctl's place-unit
// in one command (`berthctl place-unit db/0 ... db/999`).
void BM_PlaceThousandUnitsOneCommandBaseline(benchmark::State &state)
{
    for (auto _ : state) {
        state.PauseTiming();
        {
            StagedModel m(state.range(0) == 1);
            state.ResumeTiming();
            ApplicationCommands(*m.ws).placeUnits(StagedModel::model(), m.units, {});
            state.PauseTiming();
        } // the store closed and its database dropped, untimed
        state.ResumeTiming();
    }
}
BENCHMARK(BM_PlaceThousandUnitsOneCommandBaseline)
    ->Arg(0)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);

// add-unit -n N through core: units, machines and change-log entries persisted.
// Runs `timed(ws)` once an iteration on a fresh store with the default
// model (on PostgreSQL when `postgres`, a database of its own); `setup(ws)`
// before it, and removing the store after it, untimed.
template <typename Setup, typename Timed>
void onFreshModel(benchmark::State &state, Setup setup, Timed timed, bool postgres = false)
{
    CloudRegistry clouds;
    clouds.add(SimCloud::describe());
    for (auto _ : state) {
        state.PauseTiming();
        {
            QTemporaryDir dir;
            const TestLocation where(dir, QStringLiteral("b.sqlite"),
                                     postgres ? TestLocation::Backend::Postgres
                                              : TestLocation::Backend::Sqlite);
            Store store(where.location());
            Workspace ws(store, clouds);
            ModelCommands(ws).ensureDefaultModel();
            setup(ws);
            state.ResumeTiming();
            timed(ws);
            state.PauseTiming();
        } // the store closed, its file removed or its database dropped, untimed
        state.ResumeTiming();
    }
}

void BM_AddUnits(benchmark::State &state)
{
    const int count = int(state.range(0));
    onFreshModel(
        state,
        [](Workspace &ws) {
            ApplicationCommands::Deploy deploy;
            deploy.charm = QStringLiteral("wordpress");
            deploy.constraints = QStringLiteral("mem=2G");
            ApplicationCommands(ws).deploy(QStringLiteral("default"), deploy);
        },
        [&](Workspace &ws) {
            ApplicationCommands(ws).addUnits(QStringLiteral("default"), QStringLiteral("wordpress"),
                                             count, {});
        },
        state.range(1) == 1);
    state.SetItemsProcessed(state.iterations() * count);
}
BENCHMARK(BM_AddUnits)->Args({10000, 0})->Unit(benchmark::kMillisecond)->Iterations(5);

// A bundle of 50 applications and 5,000 units: each application 100 units,
// half of them on new machines, a quarter in containers on new machines and
// a quarter next to the previous application's units.
Bundle largeBundle()
{
    QJsonObject apps;
    for (int a = 0; a < 50; ++a) {
        QJsonArray to;
        for (int u = 0; u < 100; ++u) {
            if (u < 50)
                to.append(QStringLiteral("new"));
            else if (u < 75)
                to.append(QStringLiteral("lxd:new"));
            else if (a > 0)
                to.append(QStringLiteral("app%1/%2").arg(a - 1).arg(u));
        }
        apps.insert(QStringLiteral("app%1").arg(a),
                    QJsonObject{{QStringLiteral("charm"), QStringLiteral("app%1").arg(a)},
                                {QStringLiteral("num_units"), 100},
                                {QStringLiteral("constraints"), QStringLiteral("mem=1G")},
                                {QStringLiteral("to"), to}});
    }
    return Bundle::fromDocuments({QJsonObject{{QStringLiteral("applications"), apps}}},
                                 QStringLiteral("bench"));
}

// Plan and apply of the bundle in one transaction, into an empty model.
void BM_DeployBundle(benchmark::State &state)
{
    const Bundle bundle = largeBundle();
    onFreshModel(
        state, [](Workspace &) {},
        [&](Workspace &ws) {
            const CommandResult r =
                BundleCommands(ws).deploy(QStringLiteral("default"), {bundle, {}, false});
            if (r.messages.size() < 5'000)
                state.SkipWithError("the bundle did not add its units");
        });
    state.SetItemsProcessed(state.iterations() * 5'000);
}
BENCHMARK(BM_DeployBundle)->Unit(benchmark::kMillisecond)->Iterations(3);

// Baseline: the same applications and units by berthctl's commands in one
// transaction (deploy, then add-unit --to each placement as the bundle says).
void BM_DeployBundleByCommandsBaseline(benchmark::State &state)
{
    const QString model = QStringLiteral("default");
    onFreshModel(
        state, [](Workspace &) {},
        [&](Workspace &ws) {
            ws.inModelJoined(model, [&](ModelTx &tx) {
                ApplicationCommands apps(ws);
                for (int a = 0; a < 50; ++a) {
                    ApplicationCommands::Deploy d;
                    d.charm = QStringLiteral("app%1").arg(a);
                    d.count = 50; // 50 new machines
                    d.constraints = QStringLiteral("mem=1G");
                    apps.deploy(model, d);
                    apps.addUnits(model, d.charm, 25,
                                  QStringList(25, QStringLiteral("lxd")).join(u','));
                    for (int u = 75; u < 100; ++u) {
                        const QString next =
                            a > 0 ? tx.units()
                                        .get(QStringLiteral("app%1/%2").arg(a - 1).arg(u))
                                        .machine
                                  : QString();
                        apps.addUnits(model, d.charm, 1, next);
                    }
                }
            });
        });
    state.SetItemsProcessed(state.iterations() * 5'000);
}
BENCHMARK(BM_DeployBundleByCommandsBaseline)->Unit(benchmark::kMillisecond)->Iterations(3);

void check(int rc, sqlite3 *db)
{
    if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW)
        qFatal("sqlite: %s", sqlite3_errmsg(db));
}

// Baseline: the same rows (machine, unit, two change-log entries per unit) written
// with SQLite's C API and prepared statements in one transaction, on the same schema.
void BM_AddUnitsRawSqliteBaseline(benchmark::State &state)
{
    const int count = int(state.range(0));
    for (auto _ : state) {
        state.PauseTiming();
        QTemporaryDir dir;
        const QByteArray path = dir.filePath(QStringLiteral("raw.sqlite")).toUtf8();
        {
            Store store(QString::fromUtf8(path)); // creates the schema
            store.write([](SqlSession &sql) {
                sql.run(QStringLiteral("INSERT INTO models (id, uuid, name, cloud, region) VALUES "
                                       "(1, 'u', 'default', 'sim', 'sim-east')"));
                sql.run(QStringLiteral("INSERT INTO applications (id, model_id, name, charm, "
                                       "base) VALUES (1, 1, 'wordpress', 'wordpress', "
                                       "'ubuntu@22.04')"));
            });
        }
        sqlite3 *db = nullptr;
        check(sqlite3_open(path.constData(), &db), db);
        check(sqlite3_exec(db,
                           "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; "
                           "PRAGMA foreign_keys=ON",
                           nullptr, nullptr, nullptr),
              db);
        state.ResumeTiming();
        check(sqlite3_exec(db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), db);
        sqlite3_stmt *machine = nullptr;
        sqlite3_stmt *unit = nullptr;
        sqlite3_stmt *change = nullptr;
        check(sqlite3_prepare_v2(db,
                                 "INSERT INTO machines (model_id, name, base, constraints, "
                                 "for_unit, region, created_at) VALUES (1, ?, 'ubuntu@22.04', "
                                 "'mem=2048M', 1, 'sim-east', 0) RETURNING id",
                                 -1, &machine, nullptr),
              db);
        check(sqlite3_prepare_v2(db,
                                 "INSERT INTO units (model_id, application_id, number, "
                                 "machine_id, constraints, created_at) VALUES (1, 1, ?, ?, "
                                 "'mem=2048M', 0)",
                                 -1, &unit, nullptr),
              db);
        check(sqlite3_prepare_v2(db,
                                 "INSERT INTO changes (model_id, kind, name, op) VALUES (1, ?, ?, "
                                 "'added')",
                                 -1, &change, nullptr),
              db);
        for (int i = 0; i < count; ++i) {
            const std::string name = std::to_string(i);
            sqlite3_bind_text(machine, 1, name.c_str(), -1, SQLITE_TRANSIENT);
            check(sqlite3_step(machine), db);
            const sqlite3_int64 machineId = sqlite3_column_int64(machine, 0);
            sqlite3_reset(machine);
            sqlite3_bind_int(unit, 1, i);
            sqlite3_bind_int64(unit, 2, machineId);
            check(sqlite3_step(unit), db);
            sqlite3_reset(unit);
            for (const char *kind : {"machine", "unit"}) {
                sqlite3_bind_text(change, 1, kind, -1, SQLITE_STATIC);
                sqlite3_bind_text(change, 2, name.c_str(), -1, SQLITE_TRANSIENT);
                check(sqlite3_step(change), db);
                sqlite3_reset(change);
            }
        }
        sqlite3_finalize(machine);
        sqlite3_finalize(unit);
        sqlite3_finalize(change);
        check(sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr), db);
        state.PauseTiming();
        sqlite3_close(db);
        dir.remove(); // untimed, as Berth's store's is
        state.ResumeTiming();
    }
    state.SetItemsProcessed(state.iterations() * count);
}
BENCHMARK(BM_AddUnitsRawSqliteBaseline)->Arg(10000)->Unit(benchmark::kMillisecond)->Iterations(5);

// 100 regions with weights and some caps, 1,000,000 nodes placed from scratch
// (arg 0) or 1,000,000 nodes already running and 100,000 removed (arg 1).
struct PlanningCase
{
    QList<PlacementPlanner::Target> targets;
    QMap<QString, qint64> current;
    QStringList usable;
    qint64 delta = 0;
};

PlanningCase planningCase(bool scaleIn)
{
    PlanningCase c;
    for (int i = 0; i < 100; ++i) {
        const QString name = QStringLiteral("region-%1").arg(i);
        c.targets.append({name, 10 + (i * 37) % 290, i % 10 == 0 ? 5000 + i : -1});
        c.usable << name;
        if (scaleIn)
            c.current.insert(name, 10000);
    }
    c.delta = scaleIn ? -100000 : 1000000;
    return c;
}

void BM_PlanMillionNodes(benchmark::State &state)
{
    const PlanningCase c = planningCase(state.range(0) == 1);
    for (auto _ : state)
        benchmark::DoNotOptimize(PlacementPlanner::plan(c.targets, c.current, c.delta, c.usable));
}
BENCHMARK(BM_PlanMillionNodes)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

// Baseline: the one-node-at-a-time greedy that defines the plan.
void BM_PlanMillionNodesGreedyBaseline(benchmark::State &state)
{
    const PlanningCase c = planningCase(state.range(0) == 1);
    for (auto _ : state)
        benchmark::DoNotOptimize(
            PlacementPlanner::greedyPlan(c.targets, c.current, c.delta, c.usable));
}
BENCHMARK(BM_PlanMillionNodesGreedyBaseline)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (qEnvironmentVariableIsSet("BERTH_BENCH_POSTGRES")) {
        // The store benchmarks again on PostgreSQL (argument 1), beside
        // SQLite's: on the server scripts/setup-postgres runs (or
        // BERTH_TEST_POSTGRES_URL's).
        benchmark::RegisterBenchmark("BM_CommitThousandPlacements", BM_CommitThousandPlacements)
            ->Arg(1)
            ->Unit(benchmark::kMillisecond)
            ->Iterations(3);
        benchmark::RegisterBenchmark("BM_AddUnits", BM_AddUnits)
            ->Args({10000, 1})
            ->Unit(benchmark::kMillisecond)
            ->Iterations(5);
        benchmark::RegisterBenchmark("BM_PlaceThousandUnitsOneCommandBaseline",
                                     BM_PlaceThousandUnitsOneCommandBaseline)
            ->Arg(1)
            ->Unit(benchmark::kMillisecond)
            ->Iterations(3);
    }
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
