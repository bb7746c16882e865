// berth-provisioner-bench: the provisioner's own cost for one pass, with a
// provider that answers at once (every call a few map operations), so that
// what is measured is Berth's work: reading the model, planning the starts,
// recording each start and instance, removing what died. For each case the
// pass time, the time per machine the pass touched, and, as the baseline
// measured in the same run, one read of the same model's snapshot.
// Results and the command are in docs/benchmarks.md.
#include "core/cloud/cloudregistry.h"
#include "core/commands/applicationcommands.h"
#include "core/commands/modelcommands.h"
#include "core/provisioning/provisioner.h"
#include "core/store/store.h"
#include "core/store/workspace.h"
#include "providers/sim/simcloud.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QMutex>
#include <QTemporaryDir>
#include <QTextStream>

using namespace berth;

namespace {

const QString model = QStringLiteral("default");

// Instances in memory, started and stopped at once; counts the time spent
// in its calls, which the figures leave out.
class InstantProvider final : public Provider
{
public:
    // Nanoseconds spent in calls since the last take.
    qint64 takeNanoseconds() { return m_nanoseconds.exchange(0); }

    CloudInfo describe() const override { return SimCloud::describe(); }
    QString precheckPlacement(const QString &, const QString &) const override { return {}; }
    StartResult startInstance(const StartRequest &request) override
    {
        const Timed timed(m_nanoseconds);
        const QMutexLocker lock(&m_mutex);
        InstanceInfo instance;
        instance.id = QStringLiteral("i-%1").arg(++m_next);
        instance.state = QStringLiteral("running");
        instance.region = request.region;
        instance.zone = request.zone;
        instance.instanceType = request.type.name;
        instance.tags = request.tags;
        m_instances.insert(instance.id, instance);
        return {instance, {}};
    }
    ProviderError stopInstances(const QString &, const QStringList &ids) override
    {
        const Timed timed(m_nanoseconds);
        const QMutexLocker lock(&m_mutex);
        for (const QString &id : ids)
            m_instances.remove(id);
        return {};
    }
    QList<InstanceInfo> listInstances(const QString &, const QMap<QString, QString> &tags,
                                      ProviderError *) override
    {
        const Timed timed(m_nanoseconds);
        const QMutexLocker lock(&m_mutex);
        QList<InstanceInfo> found;
        for (const InstanceInfo &i : std::as_const(m_instances)) {
            bool match = true;
            for (auto it = tags.cbegin(); it != tags.cend() && match; ++it)
                match = i.tags.value(it.key()) == it.value();
            if (match)
                found << i;
        }
        return found;
    }

private:
    // Adds the time from its making to its end to `total`.
    struct Timed
    {
        explicit Timed(std::atomic<qint64> &into)
            : total(into)
        {
            timer.start();
        }
        ~Timed() { total += timer.nsecsElapsed(); }
        std::atomic<qint64> &total;
        QElapsedTimer timer;
    };

    std::atomic<qint64> m_nanoseconds = 0;
    QMutex m_mutex;
    qint64 m_next = 0;
    QHash<QString, InstanceInfo> m_instances;
};

struct Bench
{
    QTemporaryDir dir;
    QString path = dir.filePath(QStringLiteral("berth.sqlite"));
    std::shared_ptr<InstantProvider> provider = std::make_shared<InstantProvider>();
    CloudRegistry clouds;
    std::unique_ptr<Store> store;
    std::unique_ptr<Workspace> ws;

    Bench()
    {
        clouds.add(SimCloud::describe(), provider);
        store = std::make_unique<Store>(path);
        ws = std::make_unique<Workspace>(*store, clouds);
        ModelCommands(*ws).ensureDefaultModel();
    }
    std::unique_ptr<Provisioner> provisioner; // one for every pass, as berth's worker keeps

    // `count` units of `app` on new machines, 10,000 a command.
    void addUnits(const QString &app, int count)
    {
        ApplicationCommands apps(*ws);
        for (int done = 0; done < count; done += 10'000) {
            const int n = std::min(10'000, count - done);
            if (done > 0) {
                apps.addUnits(model, app, n, {});
                continue;
            }
            ApplicationCommands::Deploy d;
            d.charm = app;
            d.count = n;
            apps.deploy(model, d);
        }
    }
    void removeUnits(const QString &app, int count)
    {
        QStringList names;
        for (const UnitRecord &u : ws->snapshot(model).units) {
            if (u.application == app && names.size() < count)
                names << u.name();
        }
        for (qsizetype first = 0; first < names.size(); first += 10'000)
            ApplicationCommands(*ws).removeUnits(model, names.mid(first, 10'000));
    }
    // One pass; its milliseconds, without the provider's. `fresh`: by a new provisioner (its first
    // pass reads the model whole), as when berth or berthctl provision starts.
    double pass(Provisioner::Report *report = nullptr, bool fresh = false)
    {
        if (!provisioner || fresh)
            provisioner = std::make_unique<Provisioner>(path, clouds, model);
        const std::atomic<bool> cancel(false);
        provider->takeNanoseconds();
        QElapsedTimer timer;
        timer.start();
        const Provisioner::Report r = provisioner->runPass(cancel);
        // Calls run on several threads at once: their sum is at most the
        // provider's share of the wall time, so the figure is not understated.
        const double ms = double(timer.nsecsElapsed() -
                                 std::min(timer.nsecsElapsed(), provider->takeNanoseconds())) /
                          1e6;
        if (report)
            *report = r;
        return ms;
    }
    double snapshotMs()
    {
        QElapsedTimer timer;
        timer.start();
        const ModelSnapshot s = ws->snapshot(model);
        Q_UNUSED(s);
        return double(timer.nsecsElapsed()) / 1e6;
    }
    int machines() { return int(ws->snapshot(model).machines.size()); }
};

QTextStream out(stdout);

void row(const QString &what, int machines, int touched, double passMs, double readMs)
{
    out << what.leftJustified(40) << QString::number(machines).rightJustified(9)
        << QString::number(touched).rightJustified(9)
        << QString::number(passMs, 'f', 0).rightJustified(10)
        << (touched > 0 ? QString::number(passMs * 1000 / touched, 'f', 0) : QStringLiteral("-"))
               .rightJustified(14)
        << QString::number(readMs, 'f', 0).rightJustified(12) << Qt::endl;
}

// A pass that starts `count` new machines of a model already running `running`.
void starts(int running, int count)
{
    Bench b;
    if (running > 0) {
        b.addUnits(QStringLiteral("base"), running);
        b.pass();
    }
    b.addUnits(QStringLiteral("web"), count);
    const double read = b.snapshotMs();
    Provisioner::Report report;
    const double ms = b.pass(&report);
    if (report.started != count)
        qFatal("started %d of %d", report.started, count);
    row(QStringLiteral("start %1 on %2 running").arg(count).arg(running), b.machines(), count, ms,
        read);
}

// A pass that stops and removes the machines of `count` removed units.
void removals(int running, int count)
{
    Bench b;
    b.addUnits(QStringLiteral("web"), running);
    b.pass();
    b.removeUnits(QStringLiteral("web"), count);
    const int before = b.machines();
    const double read = b.snapshotMs();
    Provisioner::Report report;
    const double ms = b.pass(&report);
    if (report.removed != count)
        qFatal("removed %d of %d", report.removed, count);
    row(QStringLiteral("remove %1 of %2 running").arg(count).arg(running), before, count, ms, read);
}

// A pass with nothing to do on a model of `running` machines: the next
// pass of a running provisioner, and the first pass of a new one.
void idle(int running)
{
    Bench b;
    b.addUnits(QStringLiteral("web"), running);
    b.pass();
    const double read = b.snapshotMs();
    row(QStringLiteral("nothing to do, %1 running").arg(running), b.machines(), 0, b.pass(), read);
    row(QStringLiteral("first pass, nothing to do, %1 running").arg(running), b.machines(), 0,
        b.pass(nullptr, true), read);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    out << QStringLiteral("case").leftJustified(40) << "machines"
        << " touched"
        << "   pass ms"
        << "  µs/touched"
        << "  read ms" << Qt::endl;
    // berth-provisioner-bench beside N...: only a pass starting 1,000
    // machines beside N - 1,000 running, for each N.
    const QStringList args = app.arguments().mid(1);
    if (args.value(0) == u"beside") {
        for (const QString &total : args.mid(1))
            starts(total.toInt() - 1000, 1000);
        return 0;
    }
    for (const int count : {1000, 2000, 4000, 8000})
        starts(0, count);
    starts(24'000, 1000);
    for (const int count : {1000, 4000})
        removals(8000, count);
    for (const int running : {5000, 25'000})
        idle(running);
    return 0;
}
