// The cost of spread constraints on a large model: every placement judged
// against a zone bound while add-unit places 10,000 units beside 100,000, and
// the rebalance plan (`rebalance --dry-run --format json`) for 100,000 units
// over 6 zones. Each figure has a run without the constraint, or a plain read
// of the same model, beside it. Figures and commands are in docs/benchmarks.md.
#include "core/cloud/cloudregistry.h"
#include "core/commands/applicationcommands.h"
#include "core/commands/modelcommands.h"
#include "core/commands/spreadcommands.h"
#include "core/model/snapshotindex.h"
#include "core/placement/spread/spreadstate.h"
#include "core/store/store.h"
#include "core/store/workspace.h"
#include "providers/sim/simcloud.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>

#include <benchmark/benchmark.h>

using namespace berth;

namespace {

const QString model = QStringLiteral("default");
const QString web = QStringLiteral("web");
constexpr int modelUnits = 100'000;

// The sim cloud with six zones in sim-east (the built-in one has three).
CloudRegistry sixZoneClouds()
{
    CloudInfo cloud = SimCloud::describe();
    for (RegionInfo &region : cloud.regions) {
        if (region.name != u"sim-east")
            continue;
        for (const char *suffix : {"-d", "-e", "-f"})
            region.zones.append({region.name + QLatin1StringView(suffix), true});
    }
    CloudRegistry clouds;
    clouds.add(cloud);
    return clouds;
}

QString zoneName(int i)
{
    return QStringLiteral("sim-east-") + QChar(u'a' + i % 6);
}

// `count` directives that put units in the six zones in turn, from the
// zone numbered `first`.
QString roundRobin(int count, int first = 0)
{
    QStringList to;
    to.reserve(count);
    for (int i = 0; i < count; ++i)
        to << QStringLiteral("zone=") + zoneName(first + i);
    return to.join(u',');
}

SpreadConstraint zoneBound()
{
    return SpreadConstraint::of(SpreadConstraint::Level::Zone, 1);
}

// Stores made once per run: web with 100,000 units on machines pinned to the
// six zones. `even`: 16,667 in sim-east-a to -d and 16,666 in -e and -f,
// without a spread constraint;
// `bound`: the same with a zone bound (max-skew 1, wait); `drifted`: a third
// of them in sim-east-a (skew 16,667 against the bound of 1).
struct Stores
{
    QTemporaryDir dir;
    CloudRegistry clouds = sixZoneClouds();
    QString even = dir.filePath(QStringLiteral("even.sqlite"));
    QString bound = dir.filePath(QStringLiteral("bound.sqlite"));
    QString drifted = dir.filePath(QStringLiteral("drifted.sqlite"));

    Stores()
    {
        build(even, roundRobin(modelUnits));
        QFile::copy(even, bound);
        {
            Store store(bound);
            Workspace ws(store, clouds);
            SpreadCommands(ws).set(model, web, zoneBound());
        }
        QStringList to;
        to.reserve(modelUnits);
        for (int i = 0; i < modelUnits; ++i)
            to << QStringLiteral("zone=") + (i % 3 == 0 ? zoneName(0) : zoneName(1 + i % 5));
        build(drifted, to.join(u','));
        Store store(drifted);
        Workspace ws(store, clouds);
        SpreadCommands(ws).set(model, web, zoneBound());
    }

    void build(const QString &path, const QString &to)
    {
        Store store(path);
        Workspace ws(store, clouds);
        ModelCommands(ws).ensureDefaultModel();
        ApplicationCommands apps(ws);
        ApplicationCommands::Deploy deploy;
        deploy.charm = web;
        deploy.constraints = QStringLiteral("mem=2G");
        deploy.to = to.section(u',', 0, 0);
        apps.deploy(model, deploy);
        // A command adds at most 10,000 units.
        const QStringList directives = to.split(u',').mid(1);
        for (qsizetype i = 0; i < directives.size(); i += 10'000) {
            const QStringList part = directives.mid(i, 10'000);
            apps.addUnits(model, web, int(part.size()), part.join(u','));
        }
    }

    static Stores &get()
    {
        static Stores stores;
        return stores;
    }
};

// Runs `timed(ws)` once an iteration on a fresh copy of `original`.
template <typename Timed> void onCopy(benchmark::State &state, const QString &original, Timed timed)
{
    Stores &stores = Stores::get();
    for (auto _ : state) {
        state.PauseTiming();
        {
            QTemporaryDir dir;
            const QString path = dir.filePath(QStringLiteral("copy.sqlite"));
            QFile::copy(original, path);
            Store store(path);
            Workspace ws(store, stores.clouds);
            state.ResumeTiming();
            timed(ws);
            state.PauseTiming();
        } // the copy removed, untimed
        state.ResumeTiming();
    }
}

// add-unit web -n 10000 --to zone=sim-east-a,zone=sim-east-b,...: every
// unit's zone judged against the bound (arg 1) or with no bound (arg 0).
void BM_AddUnitsToZones(benchmark::State &state)
{
    Stores &stores = Stores::get();
    const QString to = roundRobin(10'000, 4); // the emptiest zones first
    onCopy(state, state.range(0) ? stores.bound : stores.even,
           [&](Workspace &ws) { ApplicationCommands(ws).addUnits(model, web, 10'000, to); });
    state.SetItemsProcessed(state.iterations() * 10'000);
}
BENCHMARK(BM_AddUnitsToZones)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(5);

// add-unit web -n 10000: each unit on a new machine whose zone the
// provisioner chooses, with the bound (arg 1) or without (arg 0).
void BM_AddUnitsOnNewMachines(benchmark::State &state)
{
    Stores &stores = Stores::get();
    onCopy(state, state.range(0) ? stores.bound : stores.even,
           [&](Workspace &ws) { ApplicationCommands(ws).addUnits(model, web, 10'000, {}); });
    state.SetItemsProcessed(state.iterations() * 10'000);
}
BENCHMARK(BM_AddUnitsOnNewMachines)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(5);

// One add-unit web --to zone=Z command on the 100,000-unit model, the zones
// in turn, with the bound (arg 1) or without (arg 0): the whole command,
// with the one read of the application's units that the bound needs.
void BM_AddOneUnitToZone(benchmark::State &state)
{
    Stores &stores = Stores::get();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("copy.sqlite"));
    QFile::copy(state.range(0) ? stores.bound : stores.even, path);
    Store store(path);
    Workspace ws(store, stores.clouds);
    int i = 4; // the emptiest zones first
    for (auto _ : state)
        ApplicationCommands(ws).addUnits(model, web, 1, QStringLiteral("zone=") + zoneName(i++));
}
BENCHMARK(BM_AddOneUnitToZone)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(30);

// rebalance --dry-run --format json on the drifted model: the model read,
// the plan made and its JSON written, as berthctl prints it.
void BM_RebalanceDryRun(benchmark::State &state)
{
    Stores &stores = Stores::get();
    Store store(stores.drifted);
    Workspace ws(store, stores.clouds);
    for (auto _ : state) {
        const RebalancePlans plan = SpreadCommands(ws).plan(model, {});
        const QByteArray json = QJsonDocument(plan.toJson()).toJson();
        if (plan.applications.size() != 1 || plan.applications.first().moves.isEmpty())
            state.SkipWithError("the drifted model has nothing to move");
        benchmark::DoNotOptimize(json.size());
        state.counters["moves"] = double(plan.applications.first().moves.size());
    }
}
BENCHMARK(BM_RebalanceDryRun)->Unit(benchmark::kMillisecond)->Iterations(5);

// Baseline: the same model read whole, as every command that plans over the
// model does before it plans.
void BM_ReadDriftedModelBaseline(benchmark::State &state)
{
    Stores &stores = Stores::get();
    Store store(stores.drifted);
    Workspace ws(store, stores.clouds);
    for (auto _ : state)
        benchmark::DoNotOptimize(ws.snapshot(model).units.size());
}
BENCHMARK(BM_ReadDriftedModelBaseline)->Unit(benchmark::kMillisecond)->Iterations(5);

// The window's drag of one unplaced unit of web onto machine 0 (in the
// fullest zone) of a copy of the bound model, as the snapshot shows it.
struct Drag
{
    QTemporaryDir dir;
    Store store;
    Workspace ws;
    ModelSnapshot snapshot;
    SnapshotIndex index;
    const CloudInfo &cloud;
    QString unit;
    QString machine;

    explicit Drag(Stores &stores)
        : store(copied(stores.bound, dir))
        , ws(store, stores.clouds)
        , snapshot(withUnplacedUnit(ws))
        , index(snapshot)
        , cloud(stores.clouds.get(QStringLiteral("sim")))
        , unit(snapshot.units.constLast().name())
        , machine(snapshot.machines.constFirst().name)
    {}
    static QString copied(const QString &original, const QTemporaryDir &dir)
    {
        const QString path = dir.filePath(QStringLiteral("copy.sqlite"));
        QFile::copy(original, path);
        return path;
    }
    static ModelSnapshot withUnplacedUnit(Workspace &ws)
    {
        ApplicationCommands(ws).addUnplacedUnits(model, web, 1);
        return ws.snapshot(model);
    }
};

// The window's first check of a drop after a snapshot: the spread state
// built and the unit judged.
void BM_DropCheck(benchmark::State &state)
{
    Drag drag(Stores::get());
    for (auto _ : state) {
        const QString problem = SpreadState(drag.snapshot, drag.index, drag.cloud)
                                    .problem(drag.snapshot, drag.index, {drag.unit}, drag.machine);
        benchmark::DoNotOptimize(problem.size());
    }
}
BENCHMARK(BM_DropCheck)->Unit(benchmark::kMillisecond)->Iterations(20);

// The same check at each further move of the pointer: the window keeps the
// spread state of the snapshot shown, and judges the unit on it.
void BM_DropCheckAgain(benchmark::State &state)
{
    Drag drag(Stores::get());
    const SpreadState spread(drag.snapshot, drag.index, drag.cloud);
    for (auto _ : state) {
        const QString problem =
            spread.problem(drag.snapshot, drag.index, {drag.unit}, drag.machine);
        benchmark::DoNotOptimize(problem.size());
    }
}
BENCHMARK(BM_DropCheckAgain)->Unit(benchmark::kMillisecond)->Iterations(20);

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
