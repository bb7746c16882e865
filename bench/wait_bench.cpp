// What a script waits for: how soon `berthctl wait-for` returns after the
// commit that makes its query true, beside the loop Juju 4 tells its users to
// write instead (`status --format json` once a second until it shows what
// they wait for); and what `berthctl status --watch` costs on a large model
// while nothing changes, beside that loop. Figures and the command that
// reproduces them are in docs/benchmarks.md.
//
// Usage: berth-wait-bench latency [ROUNDS] [postgresql://...]
//        berth-wait-bench watch UNITS SECONDS [postgresql://...]
#include "core/cloud/cloudregistry.h"
#include "core/commands/applicationcommands.h"
#include "core/commands/modelcommands.h"
#include "core/store/store.h"
#include "providers/sim/simcloud.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QThread>

#include <algorithm>
#include <cstdio>
#include <unistd.h>

using namespace berth;

namespace {

const QString model = QStringLiteral("default");

QString berthctl()
{
    return QCoreApplication::applicationDirPath() + QStringLiteral("/../app/berthctl");
}

// user + system CPU seconds of a process and its waited-for children.
double cpuSeconds(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return -1;
    const QString text = QString::fromLatin1(stat.readAll());
    const QStringList fields = text.mid(text.lastIndexOf(u')') + 2).split(u' ');
    // Fields 14-17 of proc(5) (utime stime cutime cstime), here from field 3.
    double ticks = 0;
    for (int i = 11; i <= 14; ++i)
        ticks += fields.value(i).toDouble();
    return ticks / double(sysconf(_SC_CLK_TCK));
}

double percentile(QList<double> values, double p)
{
    std::sort(values.begin(), values.end());
    return values.at(
        std::min<qsizetype>(values.size() - 1, qsizetype(p * (values.size() - 1) + 0.5)));
}

struct Bench
{
    QTemporaryDir dir;
    QString location;
    CloudRegistry clouds;
    std::unique_ptr<Store> store;
    std::unique_ptr<Workspace> ws;

    explicit Bench(const QString &postgres)
    {
        location = postgres.isEmpty() ? dir.filePath(QStringLiteral("b.sqlite")) : postgres;
        clouds.add(SimCloud::describe());
        store = std::make_unique<Store>(location);
        ws = std::make_unique<Workspace>(*store, clouds);
        ModelCommands(*ws).ensureDefaultModel();
    }
    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("BERTH_DB"), location);
        env.insert(QStringLiteral("XDG_DATA_HOME"), dir.filePath(QStringLiteral("data")));
        env.remove(QStringLiteral("DISPLAY"));
        return env;
    }
    // A unit more for `web`, committed here (another connection than the waiter's).
    void addUnit() { ApplicationCommands(*ws).addUnits(model, QStringLiteral("web"), 1, {}); }
};

// Milliseconds from the commit to the waiter's first line, for `rounds`
// rounds; the waiter is `program args` with UNITS in its arguments replaced
// by the count it waits for.
QList<double> wakeTimes(Bench &b, int rounds, const QString &program, const QStringList &args)
{
    QList<double> times;
    for (int round = 0; round < rounds; ++round) {
        const int units = int(b.ws->snapshot(model).units.size()) + 1; // with the one added
        QStringList withCount = args;
        for (QString &arg : withCount)
            arg.replace(QStringLiteral("UNITS"), QString::number(units));
        QProcess waiter;
        waiter.setProcessEnvironment(b.environment());
        waiter.start(program, withCount);
        waiter.waitForStarted();
        // It has read the model and waits; the commit comes at any point of
        // the loop's second.
        QThread::msleep(700 + QRandomGenerator::global()->bounded(1000));
        b.addUnit();
        QElapsedTimer sinceCommit;
        sinceCommit.start();
        while (waiter.bytesAvailable() == 0 && waiter.state() == QProcess::Running)
            waiter.waitForReadyRead(5);
        times << sinceCommit.nsecsElapsed() / 1e6;
        waiter.kill();
        waiter.waitForFinished();
    }
    return times;
}

int latency(int rounds, const QString &postgres)
{
    Bench b(postgres);
    ApplicationCommands::Deploy deploy;
    deploy.charm = QStringLiteral("web");
    ApplicationCommands(*b.ws).deploy(model, deploy);
    const QList<double> waitFor =
        wakeTimes(b, rounds, berthctl(),
                  {QStringLiteral("wait-for"), QStringLiteral("application"), QStringLiteral("web"),
                   QStringLiteral("--query"), QStringLiteral("len(units) == UNITS")});
    // Juju 4's advice, as its users write it.
    const QString loop = QStringLiteral("until [ \"$(%1 status --format json | grep -c '\"web/')\" "
                                        "-ge UNITS ]; do sleep 1; done; "
                                        "echo done")
                             .arg(berthctl());
    const QList<double> polling =
        wakeTimes(b, rounds, QStringLiteral("bash"), {QStringLiteral("-c"), loop});
    std::printf("%s, %d rounds: wait-for median %.1f ms, p90 %.1f ms, max %.1f ms; "
                "status loop median %.1f ms, p90 %.1f ms, max %.1f ms\n",
                postgres.isEmpty() ? "SQLite" : "PostgreSQL", rounds, percentile(waitFor, 0.5),
                percentile(waitFor, 0.9), percentile(waitFor, 1), percentile(polling, 0.5),
                percentile(polling, 0.9), percentile(polling, 1));
    return 0;
}

// CPU share of one core over `seconds` while nothing changes.
double idleCpu(Bench &b, const QString &program, const QStringList &args, int seconds)
{
    QProcess process;
    process.setProcessEnvironment(b.environment());
    process.setStandardOutputFile(QProcess::nullDevice());
    process.start(program, args);
    process.waitForStarted();
    QThread::sleep(15); // its first read of the model is over
    const double before = cpuSeconds(process.processId());
    QElapsedTimer wall;
    wall.start();
    QThread::sleep(static_cast<unsigned long>(seconds));
    const double used = cpuSeconds(process.processId()) - before;
    const double share = used / (wall.nsecsElapsed() / 1e9);
    process.kill();
    process.waitForFinished();
    return share * 100;
}

int watch(int units, int seconds, const QString &postgres)
{
    Bench b(postgres);
    ApplicationCommands apps(*b.ws);
    ApplicationCommands::Deploy deploy;
    deploy.charm = QStringLiteral("web");
    deploy.count = std::min(units, 10'000);
    apps.deploy(model, deploy);
    for (int made = deploy.count; made < units; made += 10'000)
        apps.addUnits(model, QStringLiteral("web"), std::min(10'000, units - made), {});
    const double watchCpu =
        idleCpu(b, berthctl(),
                {QStringLiteral("status"), QStringLiteral("--watch"), QStringLiteral("1s"),
                 QStringLiteral("--format"), QStringLiteral("summary")},
                seconds);
    const QString loop =
        QStringLiteral("while true; do %1 status --format summary > /dev/null; sleep 1; done")
            .arg(berthctl());
    const double loopCpu =
        idleCpu(b, QStringLiteral("bash"), {QStringLiteral("-c"), loop}, seconds);
    std::printf("%s, %d units, %d s with nothing changing: status --watch %.2f %% of a core; "
                "status loop %.1f %%\n",
                postgres.isEmpty() ? "SQLite" : "PostgreSQL", units, seconds, watchCpu, loopCpu);
    return 0;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments().mid(1);
    const auto postgresArg = [&](int at) {
        return args.value(at).startsWith(QStringLiteral("postgresql://")) ? args.value(at)
                                                                          : QString();
    };
    if (args.value(0) == u"latency")
        return latency(args.value(1, QStringLiteral("20")).toInt(), postgresArg(2));
    if (args.value(0) == u"watch")
        return watch(args.value(1, QStringLiteral("100000")).toInt(),
                     args.value(2, QStringLiteral("30")).toInt(), postgresArg(3));
    std::fprintf(stderr, "usage: berth-wait-bench latency [ROUNDS] [postgresql://...]\n"
                         "       berth-wait-bench watch UNITS SECONDS [postgresql://...]\n");
    return 2;
}
