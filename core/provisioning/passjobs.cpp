#include "core/provisioning/pass.h"

#include "core/model/snapshotindex.h"
#include "core/placement/affinitypolicy.h"
#include "core/provisioning/retrypolicy.h"
#include "core/store/store.h"

#include <QThreadPool>
#include <QWaitCondition>

#include <algorithm>
#include <deque>

namespace berth {

using namespace ProvisioningRules;

void Provisioner::Pass::seedSpread(const ModelSnapshot &snapshot)
{
    StartPlan::seed(m_spread, snapshot, SnapshotIndex::applicationsByHost(snapshot));
}

QList<Provisioner::Job> Provisioner::Pass::jobs(const ModelSnapshot &snapshot, bool containers)
{
    // The machines due a start first: a pass with none costs no more than this look.
    const qint64 time = now();
    QSet<qint64> due;
    for (const MachineRecord &m : snapshot.machines) {
        if (awaitsInstance(m) && m.isContainer() == containers && m.retryAt <= time &&
            !m_taken.contains(m.id) && !m_heldForSurge.contains(m.id))
            due.insert(m.id);
    }
    if (due.isEmpty())
        return {};
    // What the due machines host, and (for containers) their hosts: no
    // index of the whole model, which may hold 100,000 machines beside them.
    QHash<qint64, const MachineRecord *> byId;
    if (containers) {
        for (const MachineRecord &m : snapshot.machines)
            byId.insert(m.id, &m);
    }
    const QHash<qint64, QStringList> appsOf = SnapshotIndex::applicationsByHost(snapshot, &due);
    QHash<qint64, QStringList> unitsOf;
    for (const UnitRecord &u : snapshot.units) {
        if (!u.subordinate && due.contains(u.machineId))
            unitsOf[u.machineId] << u.name();
    }
    const QHash<qint64, QHash<QString, int>> perApplication =
        SnapshotIndex::unitsByHost(snapshot, &due);
    QSet<QString> outages;
    {
        QMutexLocker lock(&m_p.m_outageMutex);
        for (auto it = m_p.m_outages.cbegin(); it != m_p.m_outages.cend(); ++it) {
            if (it.value() > time)
                outages.insert(it.key());
        }
    }
    ZoneBounds bounds(snapshot, *m_cloud, m_claimed, outages);
    QMap<QString, QString> waits;
    const QHash<QString, HostSpread> spreads = hostSpreads(snapshot);
    QList<Job> list;
    for (const MachineRecord &m : snapshot.machines) {
        if (!due.contains(m.id))
            continue;
        Job job;
        job.machine = m;
        job.constraints = Constraints::parse(m.constraints).constraints;
        job.applications = appsOf.value(m.id);
        job.units = unitsOf.value(m.id);
        for (const QString &app : std::as_const(job.applications)) {
            if (spreads.contains(app)) {
                job.hostSpread = spreads.value(app);
                break;
            }
        }
        if (containers) {
            const MachineRecord *host = byId.value(m.parentId);
            if (!host || host->instanceId.isEmpty())
                continue; // waits for its host
            job.hostInstanceId = host->instanceId;
            job.region = host->region;
            job.fixedZone = true;
            job.zone = host->zone;
            m_taken.insert(m.id);
            list << job;
            continue;
        }
        const StartPlan::HostZone host =
            StartPlan::placeHost(m, job.constraints, job.applications, m_model.region, *m_cloud,
                                 m_spread, &bounds, perApplication.value(m.id));
        if (!host.waitReason.isEmpty()) {
            m_taken.insert(m.id);
            waits.insert(m.name, host.waitReason);
            continue;
        }
        m_claimed.insert(m.id, host.zone);
        job.spreadBound = host.spreadBound;
        job.region = host.region;
        job.candidates = host.candidates;
        job.fixedZone = host.fixedZone;
        job.zone = host.zone;
        m_taken.insert(m.id);
        list << job;
    }
    if (!waits.isEmpty())
        recordWaits(m_ws, waits);
    return list;
}

void Provisioner::Pass::recordWaits(Workspace &ws, const QMap<QString, QString> &reasons)
{
    const qint64 retryAt = now() + RetryPolicy::of(m_model.config).delayAfter(1);
    QStringList changed;
    ws.inModel(m_p.m_model, [&](ModelTx &tx) {
        for (auto it = reasons.cbegin(); it != reasons.cend(); ++it) {
            const auto m = tx.machines().find(it.key());
            if (!m || !m->instanceId.isEmpty() || !m->state.allows(MachineState::Move::RecordRetry))
                continue;
            const QString message = QStringLiteral("waiting: %1").arg(it.value());
            if (m->instanceMessage == message && m->retryAt >= now())
                continue;
            // No attempt is used: nothing failed, the bound holds it back.
            tx.machineLife().recordRetry(*m, m->attempts, retryAt, message);
            changed << it.key();
        }
    });
    for (const QString &name : std::as_const(changed))
        m_p.log(Provisioner::tr("machine %1: %2").arg(name, reasons.value(name)));
}

QHash<QString, HostSpread> Provisioner::Pass::hostSpreads(const ModelSnapshot &snapshot) const
{
    QHash<QString, HostSpread> spreads;
    QHash<qint64, QString> names;
    const ModelConfig::ServerGroup setting = m_model.config.serverGroup();
    for (const ApplicationRecord &app : snapshot.applications) {
        names.insert(app.id, app.name);
        if (!app.subordinate && !setting.policy.isEmpty())
            spreads.insert(app.name, {HostSpread::groupFor(m_model.uuid, app.name), setting.policy,
                                      setting.maxPerHost});
    }
    for (const PolicyRecord &p : snapshot.policies) {
        if (p.kind != u"affinity")
            continue;
        try {
            HostSpread spread = AffinityPolicy::fromSpec(p.spec);
            const QString app = names.value(p.applicationId);
            if (spread.group.isEmpty())
                spread.group = HostSpread::groupFor(m_model.uuid, app);
            spreads.insert(app, spread);
        } catch (const BerthError &error) {
            m_p.log(Provisioner::tr("affinity policy of %1 ignored: %2")
                        .arg(names.value(p.applicationId), error.message()));
        }
    }
    return spreads;
}

void Provisioner::Pass::runJobs(QList<Job> first, int workers, bool takeNew)
{
    if (first.isEmpty())
        return;
    // The queue of the pass's starts: a deque, so that a worker's job stays
    // where it is while more are appended.
    QMutex queueMutex;
    std::deque<Job> queue(std::make_move_iterator(first.begin()),
                          std::make_move_iterator(first.end()));
    std::size_t next = 0;
    int busy = 0; // workers started and not yet out of jobs (under queueMutex)
    // Containers starting on each host (num-container-provision-workers at
    // most): a container whose host has its share waits, and a job behind
    // it goes first.
    const int perHost = std::max(1, m_model.config.containerProvisionWorkers());
    QHash<qint64, int> startingOn;
    QWaitCondition released;
    const auto hostFull = [&](const Job &job) {
        return job.machine.isContainer() && startingOn.value(job.machine.parentId) >= perHost;
    };
    const auto take = [&]() -> Job * {
        QMutexLocker lock(&queueMutex);
        while (next < queue.size() && !m_abort) {
            std::size_t free = next;
            while (free < queue.size() && hostFull(queue[free]))
                ++free;
            if (free < queue.size()) {
                std::swap(queue[next], queue[free]); // neither is taken yet
                Job *job = &queue[next++];
                if (job->machine.isContainer())
                    ++startingOn[job->machine.parentId];
                return job;
            }
            released.wait(&queueMutex, 200); // until a container of a full host is done
        }
        --busy;
        return nullptr;
    };
    const auto done = [&](const Job &job) {
        if (!job.machine.isContainer())
            return;
        QMutexLocker lock(&queueMutex);
        --startingOn[job.machine.parentId];
        released.wakeAll();
    };
    // A pool of the pass's own: each of its workers holds a store connection
    // and takes the next job until none is left, so a slow start never holds
    // up the others. Workers, not jobs, are the pool's tasks: a connection per
    // job would cost more than many starts.
    QThreadPool pool;
    pool.setMaxThreadCount(workers);
    const auto worker = [&] {
        Job *job = nullptr;
        try {
            Store store(m_p.m_location); // each worker its own connection
            Workspace ws(store, m_p.m_clouds);
            ws.setReachesDyingModels(true);
            while ((job = take())) {
                count(startOne(ws, *job));
                done(*job);
                job = nullptr;
            }
        } catch (const std::exception &error) {
            if (job)
                done(*job); // its host's other containers are not held up by it
            // Never past the task: that would end the process mid-pass.
            QMutexLocker lock(&queueMutex);
            --busy;
            m_p.log(Provisioner::tr("provisioning worker stopped: ") +
                    QString::fromUtf8(error.what()));
        }
    };
    // Workers for the jobs no worker is there to take, up to the pass's bound.
    const auto staff = [&](qsizetype added) {
        int more = 0;
        {
            QMutexLocker lock(&queueMutex);
            more = int(std::min<qsizetype>(added, workers - busy));
            busy += more;
        }
        for (int w = 0; w < more; ++w)
            pool.start(worker);
    };
    {
        QMutexLocker lock(&m_reportMutex);
        m_total = int(std::max<qsizetype>(m_total, m_done + qsizetype(queue.size())));
    }
    reportProgress(); // the bar shows at once, not after the first start
    staff(qsizetype(queue.size()));
    // The lease keeper renews the lease meanwhile; every second, machines due
    // a start since join the queue.
    while (!pool.waitForDone(1000)) {
        if (!takeNew || m_abort)
            continue;
        const ModelSnapshot &snapshot = m_p.currentModel(m_ws);
        QList<Job> more = jobs(snapshot, false);
        more += jobs(snapshot, true); // containers whose host runs now
        if (more.isEmpty())
            continue;
        {
            QMutexLocker lock(&queueMutex);
            for (Job &job : more)
                queue.push_back(std::move(job));
        }
        {
            QMutexLocker lock(&m_reportMutex);
            m_total += int(more.size());
        }
        reportProgress();
        m_p.log(Provisioner::tr("%n machine(s) added meanwhile join the starts under way", "",
                                int(more.size())));
        staff(more.size());
    }
}

void Provisioner::Pass::count(Outcome outcome)
{
    QMutexLocker lock(&m_reportMutex);
    switch (outcome) {
    case Outcome::Started:
        ++m_report.started;
        break;
    case Outcome::Failed:
        ++m_report.failed;
        break;
    case Outcome::Retrying:
        ++m_report.retrying;
        break;
    case Outcome::Skipped:
        break;
    }
    ++m_done;
    if (m_p.m_progress)
        m_p.m_progress(m_done, m_total);
}

void Provisioner::Pass::reportProgress()
{
    QMutexLocker lock(&m_reportMutex);
    if (m_p.m_progress && m_total > 0)
        m_p.m_progress(m_done, m_total);
}

} // namespace berth
