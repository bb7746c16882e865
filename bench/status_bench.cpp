// `berthctl status` with a selector on a large model, beside `status` of the
// whole model: the command as berthctl runs it (store opened, model read,
// tables rendered), in process so that start-up does not blur the figures.
// Figures and the command that reproduces them are in docs/benchmarks.md.
#include "cli/cli.h"
#include "core/cloud/cloudregistry.h"
#include "core/commands/applicationcommands.h"
#include "core/commands/modelcommands.h"
#include "core/store/store.h"
#include "keychain/filesecretstore.h"
#include "providers/builtinproviders.h"
#include "providers/sim/simcloud.h"

#include <QCoreApplication>
#include <QTemporaryDir>

#include <benchmark/benchmark.h>

using namespace berth;

namespace {

// 20,000 units on 20,000 machines: web (19,990 units) and db (10 units).
struct LargeModel
{
    QTemporaryDir dir;
    QString path = dir.filePath(QStringLiteral("b.sqlite"));
    ProviderTypes types = builtinProviderTypes();
    FileSecretStore secrets{dir.filePath(QStringLiteral("secrets.json"))};

    LargeModel()
    {
        CloudRegistry clouds;
        clouds.add(SimCloud::describe());
        Store store(path);
        Workspace ws(store, clouds);
        ModelCommands(ws).ensureDefaultModel();
        ApplicationCommands apps(ws);
        ApplicationCommands::Deploy deploy;
        deploy.charm = QStringLiteral("web");
        deploy.count = 10'000;
        apps.deploy(model(), deploy);
        apps.addUnits(model(), QStringLiteral("web"), 9'990, {});
        deploy.charm = QStringLiteral("db");
        deploy.count = 10;
        apps.deploy(model(), deploy);
    }
    static QString model() { return QStringLiteral("default"); }

    // berthctl status ARGS...: the length of what it printed.
    qsizetype status(const QStringList &args)
    {
        QString out;
        QString err;
        QTextStream outStream(&out);
        QTextStream errStream(&err);
        const int code =
            Cli(outStream, errStream, types, secrets)
                .run(QStringList{QStringLiteral("--db"), path, QStringLiteral("status")} + args);
        outStream.flush();
        return code == 0 ? out.size() : -1;
    }
};

LargeModel &largeModel()
{
    static LargeModel model;
    return model;
}

// `status db`: the 10 units of one application, their machines.
void BM_StatusOfTenUnits(benchmark::State &state)
{
    LargeModel &m = largeModel();
    for (auto _ : state) {
        const qsizetype printed = m.status({QStringLiteral("db")});
        if (printed <= 0 || printed > 10'000)
            state.SkipWithError("status db did not print the ten units alone");
        benchmark::DoNotOptimize(printed);
    }
}
BENCHMARK(BM_StatusOfTenUnits)->Unit(benchmark::kMillisecond)->Iterations(20);

// `status db/3 7`: a unit and a machine.
void BM_StatusOfAUnitAndAMachine(benchmark::State &state)
{
    LargeModel &m = largeModel();
    for (auto _ : state)
        benchmark::DoNotOptimize(m.status({QStringLiteral("db/3"), QStringLiteral("7")}));
}
BENCHMARK(BM_StatusOfAUnitAndAMachine)->Unit(benchmark::kMillisecond)->Iterations(20);

// `status 'db*'`: a wildcard reads the whole model, then selects.
void BM_StatusWildcard(benchmark::State &state)
{
    LargeModel &m = largeModel();
    for (auto _ : state)
        benchmark::DoNotOptimize(m.status({QStringLiteral("db*")}));
}
BENCHMARK(BM_StatusWildcard)->Unit(benchmark::kMillisecond)->Iterations(5);

// Baseline: `status` of the whole model.
void BM_StatusWholeModelBaseline(benchmark::State &state)
{
    LargeModel &m = largeModel();
    for (auto _ : state) {
        const qsizetype printed = m.status({});
        if (printed <= 0)
            state.SkipWithError("status failed");
        benchmark::DoNotOptimize(printed);
    }
}
BENCHMARK(BM_StatusWholeModelBaseline)->Unit(benchmark::kMillisecond)->Iterations(5);

// `status --format json` of the whole model.
void BM_StatusWholeModelJson(benchmark::State &state)
{
    LargeModel &m = largeModel();
    for (auto _ : state)
        benchmark::DoNotOptimize(m.status({QStringLiteral("--format"), QStringLiteral("json")}));
}
BENCHMARK(BM_StatusWholeModelJson)->Unit(benchmark::kMillisecond)->Iterations(3);

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
