#include "core/provisioning/provisioner.h"

#include "core/cloud/instancetags.h"

#include "core/bertherror.h"
#include "core/cloud/instancetypechooser.h"
#include "core/model/snapshotindex.h"
#include "core/placement/affinitypolicy.h"
#include "core/store/provisionerlease.h"
#include "core/store/store.h"
#include "core/store/workspace.h"

#include <QDateTime>
#include <QMutex>
#include <QThread>
#include <QThreadPool>
#include <QUuid>

#include <algorithm>
#include <deque>
#include <stop_token>
#include <thread>

namespace berth {

namespace {

const QString &modelTag = InstanceTags::model;
const QString &machineTag = InstanceTags::machine;
const QString &nonceTag = InstanceTags::nonce;
const QString &unitsTag = InstanceTags::units;
const QString &provisionerTag = InstanceTags::provisioner;

qint64 now()
{
    return QDateTime::currentMSecsSinceEpoch();
}

int depth(const QString &machineName)
{
    return int(machineName.count(u'/'));
}

// An existing host enlisted with add-machine ssh:, not the cloud's.
bool isExistingHost(const MachineRecord &m)
{
    return m.placement.startsWith(QStringLiteral("ssh:"));
}

// An alive machine that still needs an instance from the provisioner (machines
// in error wait for retry-provisioning; ssh: hosts are enlisted, not started).
bool awaitsInstance(const MachineRecord &m)
{
    return m.state.awaitsStart() && m.instanceId.isEmpty() && !isExistingHost(m);
}

} // namespace

struct Provisioner::Job
{
    MachineRecord machine;
    Constraints constraints; // the machine's, parsed once for the whole start
    QStringList applications;
    QStringList units;
    QString region;
    QStringList candidates; // zones it may go to
    bool fixedZone = false;
    QString zone;
    QSet<QString> failedZones;
    QString hostInstanceId;
    HostSpread hostSpread;
};

// One reconcile pass; owns the per-pass state shared by the worker threads.
class Provisioner::Pass
{
public:
    Pass(Provisioner &owner, const std::atomic<bool> &cancel)
        : m_p(owner)
        , m_cancel(cancel)
        , m_ws(*owner.m_store, owner.m_clouds)
    {
        m_ws.setReachesDyingModels(true);
    }

    Report run();

private:
    class LeaseKeeper;
    Report reconcileAndStart();

    enum class Outcome { Started, Failed, Retrying, Skipped };

    void reconcile(const ModelSnapshot &snapshot, const QList<InstanceInfo> &instances);
    void removeDead(const ModelSnapshot &snapshot);
    // Zone spread starts from the instances that already run.
    void seedSpread(const ModelSnapshot &snapshot);
    // The machines due a start now (hosts, or containers whose host runs),
    // leaving out those this pass has already taken.
    QList<Job> jobs(const ModelSnapshot &snapshot, bool containers);
    // Each principal application's server group wish (its affinity policy, or
    // the model's server-group-policy), by name.
    QHash<QString, HostSpread> hostSpreads(const ModelSnapshot &snapshot) const;
    // Starts `first` on up to `workers` threads of the pass's own. With
    // `takeNew`, machines added meanwhile (or whose host came up) join while
    // earlier starts are still under way: one slow or wedged provider call
    // holds up its own machine, never the ones after it.
    void runJobs(QList<Job> first, int workers, bool takeNew);
    void count(Outcome outcome);
    // Says how many starts of the pass are done, of how many.
    void reportProgress();
    Outcome startOne(Workspace &ws, Job &job);
    void recordFailure(Workspace &ws, const Job &job, const QString &message, bool retry);
    void stop(const QString &region, const QString &id, const QString &why);
    // Puts every machine awaiting a start in error with `message` (the cloud
    // refused the account: nothing can start until it is mended).
    void failStarts(const ModelSnapshot &snapshot, const QString &message);
    void holdBlockedContainers(const ModelSnapshot &snapshot);
    // Has the provider free the server groups of applications the model no
    // longer has: at a provisioner's first pass (one may have gone while none
    // ran), then whenever an application goes.
    void releaseGroupsOfGoneApplications(const ModelSnapshot &snapshot);
    void countPending();
    // The model's harvest mode; "all" while it is being destroyed.
    QString harvestMode() const;

    Provisioner &m_p;
    const std::atomic<bool> &m_cancel; // the caller's
    // Set when the caller cancels or the lease is lost: stops the pass between
    // machines and tells providers to give up waiting.
    std::atomic<bool> m_abort = false;
    std::atomic<bool> m_leaseLost = false;
    Workspace m_ws;
    ModelRecord m_model;
    const CloudInfo *m_cloud = nullptr;
    Provider *m_provider = nullptr;
    ZoneSpread m_spread;
    QMutex m_reportMutex;
    Report m_report;
    int m_done = 0;
    int m_total = 0;
    QSet<qint64> m_taken; // machines this pass has tried to start (pass thread only)
};

// Keeps the lease for the whole pass (listing, adopting, stopping, starting),
// on a thread and store connection of its own, renewing it every third of its
// time to live. When another provisioner has taken it over, or it cannot be
// renewed before it may have expired, the pass is stopped: a provisioner that
// may no longer hold the lease starts nothing more.
class Provisioner::Pass::LeaseKeeper
{
public:
    explicit LeaseKeeper(Pass &pass)
        : m_pass(pass)
        , m_thread([this](std::stop_token stop) { keep(stop); })
    {}

private:
    void keep(const std::stop_token &stop)
    {
        const ProvisionerLease &lease = *m_pass.m_p.m_lease;
        const qint64 ttl = lease.ttlMs();
        std::unique_ptr<Store> store;
        qint64 renewedAt = now();
        qint64 nextAt = renewedAt + ttl / 3;
        while (!stop.stop_requested()) {
            if (m_pass.m_cancel)
                m_pass.m_abort = true;
            if (now() >= nextAt) {
                try {
                    if (!store)
                        store = std::make_unique<Store>(m_pass.m_p.m_location);
                    if (!store->write([&](SqlSession &sql) { return lease.renew(sql); })) {
                        lose(Provisioner::tr("another provisioner has taken the lease over"));
                        return;
                    }
                    renewedAt = now();
                    nextAt = renewedAt + ttl / 3;
                } catch (const std::exception &error) {
                    if (now() - renewedAt >= ttl * 2 / 3) {
                        lose(Provisioner::tr("the lease could not be renewed before it may "
                                             "expire (%1)")
                                 .arg(QString::fromUtf8(error.what())));
                        return;
                    }
                    nextAt = now() + ttl / 10;
                }
            }
            QThread::msleep(20);
        }
    }
    void lose(const QString &why)
    {
        m_pass.m_leaseLost = true;
        m_pass.m_abort = true;
        m_pass.m_p.log(Provisioner::tr("provisioner stopping: %1").arg(why));
    }

    Pass &m_pass;
    // Last: starts once the members above are ready; asked to stop and joined
    // when the keeper goes.
    std::jthread m_thread;
};

Provisioner::Report Provisioner::Pass::run()
{
    const LeaseKeeper keeper(*this);
    Report report = reconcileAndStart();
    if (m_leaseLost && !report.destroyed) {
        report.leaseHeldElsewhere = true;
        report.holder = QStringLiteral("another provisioner");
    }
    return report;
}

Provisioner::Report Provisioner::Pass::reconcileAndStart()
{
    ModelSnapshot snapshot = m_p.currentModel(m_ws);
    m_model = snapshot.model;
    m_cloud = &m_p.m_clouds.get(m_model.cloud);
    m_provider = &m_p.m_clouds.provider(m_model.cloud);

    ProviderError listError;
    const QList<InstanceInfo> instances =
        m_provider->listInstances({}, {{modelTag, m_model.uuid}}, &listError);
    if (listError.kind == ProviderError::Kind::Auth) {
        // Refused credentials do not heal by waiting: every start shows why, and waits
        // for retry-provisioning once the account is mended.
        failStarts(snapshot, listError.message);
        countPending();
        return m_report;
    }
    if (!listError.ok()) {
        m_p.log(Provisioner::tr("cannot list instances of %1: %2; will try again")
                    .arg(m_model.cloud, listError.message));
        countPending();
        return m_report;
    }
    reconcile(snapshot, instances);
    snapshot = m_p.currentModel(m_ws);
    removeDead(snapshot);
    if (m_model.dying && !m_abort) {
        m_report.destroyed =
            m_ws.inModel(m_p.m_model, [](ModelTx &tx) { return tx.removeIfDestroyed(); });
        if (m_report.destroyed) {
            m_p.log(Provisioner::tr("model %1: destroyed").arg(m_p.m_model));
            if (const ProviderError released = m_provider->releaseModel(m_model.uuid);
                !released.ok())
                m_p.log(Provisioner::tr("model %1: %2").arg(m_p.m_model, released.message));
        } else
            countPending();
        return m_report;
    }
    snapshot = m_p.currentModel(m_ws);
    releaseGroupsOfGoneApplications(snapshot);

    seedSpread(snapshot);
    const QList<Job> hosts = jobs(snapshot, false);
    runJobs(hosts, std::max(1, m_model.config.provisionWorkers()), true);
    if (!m_abort) {
        // Containers whose hosts came up in this pass can start now.
        const QList<Job> containers = jobs(m_p.currentModel(m_ws), true);
        runJobs(containers, std::min(4, std::max(1, m_model.config.provisionWorkers())), false);
    }
    if (!m_abort)
        holdBlockedContainers(m_p.currentModel(m_ws));
    countPending();
    return m_report;
}

void Provisioner::Pass::failStarts(const ModelSnapshot &snapshot, const QString &message)
{
    QStringList failed;
    m_ws.inModel(m_p.m_model, [&](ModelTx &tx) {
        for (const MachineRecord &m : snapshot.machines) {
            if (!awaitsInstance(m))
                continue;
            const auto current = tx.findMachine(m.name);
            if (!current || !awaitsInstance(*current) ||
                !current->state.allows(MachineState::Move::RecordError))
                continue;
            tx.recordError(*current, current->attempts + 1, message);
            failed << m.name;
        }
    });
    m_report.failed += int(failed.size());
    for (const QString &name : std::as_const(failed))
        m_p.log(Provisioner::tr("machine %1: provisioning error: %2").arg(name, message));
    if (failed.isEmpty())
        m_p.log(Provisioner::tr("cannot list instances of %1: %2").arg(m_model.cloud, message));
}

void Provisioner::Pass::stop(const QString &region, const QString &id, const QString &why)
{
    const ProviderError error = m_provider->stopInstances(region, {id});
    if (!error.ok()) {
        m_p.log(Provisioner::tr("cannot stop %1 (%2): %3").arg(id, why, error.message));
        throw BerthError(error.message);
    }
    m_p.log(Provisioner::tr("stopped %1 (%2)").arg(id, why));
    QMutexLocker lock(&m_reportMutex);
    ++m_report.stopped;
}

void Provisioner::Pass::reconcile(const ModelSnapshot &snapshot,
                                  const QList<InstanceInfo> &instances)
{
    QHash<QString, const MachineRecord *> byName;
    for (const MachineRecord &m : snapshot.machines)
        byName.insert(m.name, &m);
    const QString harvest = harvestMode();
    for (const InstanceInfo &instance : instances) {
        if (m_abort)
            return;
        const QString machineName = instance.tags.value(machineTag);
        const MachineRecord *m = byName.value(machineName);
        try {
            if (!m) {
                if (harvest == u"unknown" || harvest == u"all")
                    stop(instance.region, instance.id,
                         Provisioner::tr("stray, harvest-mode=") + harvest);
                else
                    m_p.log(Provisioner::tr("leaving stray instance %1 (harvest-mode=%2)")
                                .arg(instance.id, harvest));
                continue;
            }
            if (m->instanceId == instance.id)
                continue;
            const QString nonce = instance.tags.value(nonceTag);
            const bool sameStart = m->instanceId.isEmpty() && !nonce.isEmpty() && nonce == m->nonce;
            if (m->instanceId.isEmpty() && !instance.isRunning()) {
                // Created by an interrupted start but not (yet) running: the next start
                // of this machine finds it by name and takes it over.
                m_p.log(Provisioner::tr("machine %1: %2 from an interrupted run is %3; the next "
                                        "start takes it over")
                            .arg(m->name, instance.id, instance.state));
                continue;
            }
            if (sameStart) {
                // Started by a run that died before recording it: adopt, never start twice.
                m_ws.inModel(m_p.m_model, [&](ModelTx &tx) { tx.recordInstance(*m, instance); });
                m_p.log(Provisioner::tr("machine %1: adopted %2 started by an interrupted run")
                            .arg(m->name, instance.id));
                QMutexLocker lock(&m_reportMutex);
                ++m_report.adopted;
                continue;
            }
            // Ours by its tags, but the machine has another instance (or another start):
            // one machine never keeps two instances.
            stop(instance.region, instance.id,
                 Provisioner::tr("duplicate for machine %1").arg(m->name));
        } catch (const BerthError &error) {
            m_p.log(Provisioner::tr("instance %1: %2").arg(instance.id, error.message()));
        }
    }
    // A start recorded as in flight with no instance behind it was interrupted.
    m_ws.inModel(m_p.m_model, [&](ModelTx &tx) {
        for (const QString &name : tx.startsWithoutInstance())
            tx.forgetStart(tx.machine(name), QStringLiteral("previous start was interrupted"));
    });
}

QString Provisioner::Pass::harvestMode() const
{
    return m_model.dying ? QStringLiteral("all") : m_model.config.harvestMode();
}

void Provisioner::Pass::removeDead(const ModelSnapshot &snapshot)
{
    QList<const MachineRecord *> dead;
    for (const MachineRecord &m : snapshot.machines) {
        if (m.state.isDead())
            dead << &m;
    }
    // Containers before their hosts.
    std::stable_sort(dead.begin(), dead.end(), [](const MachineRecord *a, const MachineRecord *b) {
        return depth(a->name) > depth(b->name);
    });
    // Only these modes stop a dead machine's instance; under the others it is left
    // running (and, once its machine is gone, counts as unknown).
    const QString harvest = harvestMode();
    const bool stopInstances = harvest == u"destroyed" || harvest == u"all";
    for (const MachineRecord *m : dead) {
        if (m_abort)
            return;
        try {
            // An existing host is only forgotten: Berth installed nothing on it.
            if (!m->instanceId.isEmpty() && stopInstances && !isExistingHost(*m))
                stop(m->region, m->instanceId, Provisioner::tr("machine %1 is dead").arg(m->name));
            const bool removed = m_ws.inModel(m_p.m_model, [&](ModelTx &tx) {
                if (!tx.children(m->id).isEmpty())
                    return false; // its containers go first
                tx.forgetMachine(*m);
                return true;
            });
            if (removed) {
                m_p.log(Provisioner::tr("machine %1: removed").arg(m->name));
                QMutexLocker lock(&m_reportMutex);
                ++m_report.removed;
            }
        } catch (const BerthError &error) {
            m_p.log(
                Provisioner::tr("machine %1: %2; will try again").arg(m->name, error.message()));
        }
    }
}

void Provisioner::Pass::seedSpread(const ModelSnapshot &snapshot)
{
    const QHash<qint64, QStringList> appsOf = SnapshotIndex::applicationsByHost(snapshot);
    for (const MachineRecord &m : snapshot.machines) {
        if (!m.instanceId.isEmpty() && m.state.isAlive() && !m.isContainer())
            m_spread.add(m.zone, appsOf.value(m.id));
    }
}

QList<Provisioner::Job> Provisioner::Pass::jobs(const ModelSnapshot &snapshot, bool containers)
{
    // The machines due a start first: a pass with none costs no more than this look.
    const qint64 time = now();
    QSet<qint64> due;
    for (const MachineRecord &m : snapshot.machines) {
        if (awaitsInstance(m) && m.isContainer() == containers && m.retryAt <= time &&
            !m_taken.contains(m.id))
            due.insert(m.id);
    }
    if (due.isEmpty())
        return {};
    QHash<qint64, const MachineRecord *> byId;
    for (const MachineRecord &m : snapshot.machines)
        byId.insert(m.id, &m);
    const QHash<qint64, QStringList> appsOf = SnapshotIndex::applicationsByHost(snapshot);
    QHash<qint64, QStringList> unitsOf;
    for (const UnitRecord &u : snapshot.units) {
        if (!u.subordinate && due.contains(u.machineId))
            unitsOf[u.machineId] << u.name();
    }
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
        job.region = m.region.isEmpty() ? m_model.region : m.region;
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
        job.candidates =
            ZoneSpread::candidates(m_cloud->region(job.region), m.placement, job.constraints);
        job.fixedZone = job.candidates.size() <= 1;
        if (!job.candidates.isEmpty())
            job.zone = m_spread.claim(job.candidates, job.applications);
        m_taken.insert(m.id);
        list << job;
    }
    return list;
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
    const auto take = [&]() -> Job * {
        QMutexLocker lock(&queueMutex);
        if (next < queue.size() && !m_abort)
            return &queue[next++];
        --busy;
        return nullptr;
    };
    // A pool of the pass's own: each of its workers holds a store connection
    // and takes the next job until none is left, so a slow start never holds
    // up the others. Workers, not jobs, are the pool's tasks: a connection per
    // job would cost more than many starts.
    QThreadPool pool;
    pool.setMaxThreadCount(workers);
    const auto worker = [&] {
        try {
            Store store(m_p.m_location); // each worker its own connection
            Workspace ws(store, m_p.m_clouds);
            ws.setReachesDyingModels(true);
            while (Job *job = take())
                count(startOne(ws, *job));
        } catch (const std::exception &error) {
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

Provisioner::Pass::Outcome Provisioner::Pass::startOne(Workspace &ws, Job &job)
{
    const QString name = job.machine.name;
    // Containers follow their host's zone and take no place of their own in the spread.
    const auto releaseZone = [&] {
        if (job.hostInstanceId.isEmpty())
            m_spread.add(job.zone, job.applications, -1);
    };
    const RegionInfo *region = m_cloud->region(job.region);
    if (!region) {
        recordFailure(
            ws, job,
            QStringLiteral("region \"%1\" not found in cloud %2").arg(job.region, m_cloud->name),
            false);
        return Outcome::Failed;
    }
    const Constraints &constraints = job.constraints;
    // A cloud without instance types (LXD) applies the constraints themselves.
    const auto choice =
        region->catalogue.isEmpty()
            ? InstanceTypeChooser::Choice{}
            : InstanceTypeChooser(m_model.config.defaultMemMiB(), region->supportsTags)
                  .choose(*region, constraints);
    if (!choice.ok()) {
        recordFailure(ws, job, choice.error, false);
        return Outcome::Failed;
    }

    for (;;) {
        if (m_abort)
            return Outcome::Skipped;
        // 1. Record the start, with a fresh nonce, before calling the provider.
        const QString nonce = QUuid::createUuid().toString(QUuid::WithoutBraces);
        const bool go = ws.inModel(m_p.m_model, [&](ModelTx &tx) {
            // Only the lease's holder records a start (and so starts anything).
            if (!m_p.m_lease->renew(tx)) {
                m_leaseLost = true;
                m_abort = true;
                return false;
            }
            const auto m = tx.findMachine(name);
            if (!m || !m->state.awaitsStart() || !m->instanceId.isEmpty())
                return false;
            tx.recordStart(*m, nonce,
                           job.zone.isEmpty() ? QStringLiteral("starting")
                                              : QStringLiteral("starting in ") + job.zone);
            return true;
        });
        if (!go) {
            releaseZone();
            return Outcome::Skipped;
        }
        m_p.log(job.zone.isEmpty()
                    ? Provisioner::tr("machine %1: starting").arg(name)
                    : Provisioner::tr("machine %1: starting in %2").arg(name, job.zone));

        StartRequest request;
        request.region = job.region;
        request.zone = job.zone;
        request.base = job.machine.base;
        request.constraints = constraints;
        request.type = choice.type;
        if (!job.machine.placement.startsWith(QStringLiteral("zone=")) &&
            !job.machine.placement.startsWith(QStringLiteral("region=")))
            request.placement = job.machine.placement;
        request.hostInstanceId = job.hostInstanceId;
        request.hostSpread = job.hostSpread;
        request.cancel = &m_abort;
        request.tags = {{modelTag, m_model.uuid},
                        {machineTag, name},
                        {nonceTag, nonce},
                        {unitsTag, job.units.join(u',')},
                        {provisionerTag, m_p.m_lease->owner()}};
        const StartResult result = m_provider->startInstance(request);

        if (result.ok()) {
            // 2. Record it, unless the machine went away meanwhile: then stop it at once.
            enum class After { Recorded, TakenOver, StopOrphan, StopDead };
            After after = After::StopOrphan;
            try {
                after = ws.inModel(m_p.m_model, [&](ModelTx &tx) {
                    const auto m = tx.findMachine(name);
                    // The provider handed back the instance another start of this
                    // machine made and recorded (LXD and OpenStack take an existing
                    // instance of a machine over rather than make a second): it is
                    // the machine's, and stays.
                    if (m && m->instanceId == result.instance.id)
                        return After::TakenOver;
                    if (!m || m->nonce != nonce || !m->instanceId.isEmpty())
                        return After::StopOrphan;
                    if (!m->state.isAlive()) {
                        tx.forgetStart(*m, QString());
                        return After::StopDead;
                    }
                    tx.recordInstance(*m, result.instance);
                    return After::Recorded;
                });
            } catch (const BerthError &error) {
                m_p.log(Provisioner::tr("machine %1: cannot record %2: %3")
                            .arg(name, result.instance.id, error.message()));
            }
            if (after == After::Recorded) {
                if (job.hostInstanceId.isEmpty() && job.zone != result.instance.zone) {
                    releaseZone();
                    m_spread.add(result.instance.zone, job.applications, 1);
                }
                m_p.log(Provisioner::tr("machine %1: started %2 (%3) in %4")
                            .arg(name, result.instance.id, result.instance.instanceType,
                                 result.instance.zone));
                return Outcome::Started;
            }
            releaseZone();
            if (after == After::TakenOver) {
                m_p.log(Provisioner::tr("machine %1: %2 was started and recorded by another "
                                        "start meanwhile; left as it is")
                            .arg(name, result.instance.id));
                return Outcome::Skipped;
            }
            try {
                stop(result.instance.region, result.instance.id,
                     after == After::StopDead
                         ? Provisioner::tr("machine %1 died while it started").arg(name)
                         : Provisioner::tr("not recorded for machine %1").arg(name));
            } catch (const BerthError &) {
                // Logged by stop(); the next pass finds it by its tags.
            }
            return Outcome::Skipped;
        }

        // 3. Failed: another zone, a later retry, or an error for the user.
        const ProviderError &error = result.error;
        if (error.kind == ProviderError::Kind::ZoneConstrained && !job.fixedZone) {
            job.failedZones.insert(job.zone);
            releaseZone();
            const QString nextZone =
                m_spread.claim(job.candidates, job.applications, job.failedZones);
            if (!nextZone.isEmpty()) {
                m_p.log(Provisioner::tr("machine %1: %2; trying %3")
                            .arg(name, error.message, nextZone));
                job.zone = nextZone;
                continue; // does not use up an attempt
            }
            // Every zone short at once (capacity, outages) may pass: the whole
            // round counts as one attempt, tried again after the delay.
            const bool retry = job.machine.attempts + 1 <= m_model.config.retryCount();
            recordFailure(ws, job,
                          QStringLiteral("%1 (tried zones %2)")
                              .arg(error.message, job.candidates.join(QStringLiteral(", "))),
                          retry);
            return retry ? Outcome::Retrying : Outcome::Failed;
        }
        releaseZone();
        const bool retry =
            error.retryable() && job.machine.attempts + 1 <= m_model.config.retryCount();
        recordFailure(ws, job, error.message, retry);
        return retry ? Outcome::Retrying : Outcome::Failed;
    }
}

void Provisioner::Pass::recordFailure(Workspace &ws, const Job &job, const QString &message,
                                      bool retry)
{
    const int attempts = job.machine.attempts + 1;
    // Backoff: the delay doubles with each attempt, up to ten minutes.
    const qint64 delay =
        std::min<qint64>(m_model.config.retryDelayMs() << std::min(attempts - 1, 20), 600'000);
    ws.inModel(m_p.m_model, [&](ModelTx &tx) {
        const auto m = tx.findMachine(job.machine.name);
        // Gone, or removed meanwhile: the failure no longer matters.
        const auto move = retry ? MachineState::Move::RecordRetry : MachineState::Move::RecordError;
        if (!m || !m->state.allows(move))
            return;
        if (retry) {
            tx.recordRetry(*m, attempts, now() + delay,
                           QStringLiteral("attempt %1 failed: %2; retrying in %3 ms")
                               .arg(attempts)
                               .arg(message)
                               .arg(delay));
        } else {
            tx.recordError(*m, attempts, message);
        }
    });
    m_p.log(
        retry
            ? Provisioner::tr("machine %1: attempt %2 failed: %3; retrying in %4 ms")
                  .arg(job.machine.name)
                  .arg(attempts)
                  .arg(message)
                  .arg(delay)
            : Provisioner::tr("machine %1: provisioning error: %2").arg(job.machine.name, message));
}

// A container whose host failed or went can never start: it shows as an error
// that names the host (in status, and among the window's problems) until
// retry-provisioning tries them again.
void Provisioner::Pass::holdBlockedContainers(const ModelSnapshot &snapshot)
{
    QHash<qint64, const MachineRecord *> byId;
    for (const MachineRecord &m : snapshot.machines)
        byId.insert(m.id, &m);
    QMap<QString, QString> held; // container → why
    for (const MachineRecord &m : snapshot.machines) {
        if (!m.isContainer() || !awaitsInstance(m) ||
            !m.state.allows(MachineState::Move::HoldForHost))
            continue;
        const MachineRecord *host = byId.value(m.parentId);
        if (!MachineRecord::hostBlocks(host))
            continue;
        if (!host)
            held.insert(m.name, QStringLiteral("host machine %1 is gone").arg(m.parentName()));
        else if (!host->state.isAlive())
            held.insert(m.name, QStringLiteral("host machine %1 is being removed").arg(host->name));
        else
            held.insert(m.name, QStringLiteral("host machine %1 is in error: %2")
                                    .arg(host->name, host->machineMessage));
    }
    if (held.isEmpty())
        return;
    m_ws.inModel(m_p.m_model, [&](ModelTx &tx) {
        for (auto it = held.cbegin(); it != held.cend(); ++it) {
            const auto m = tx.findMachine(it.key());
            if (m && m->instanceId.isEmpty() && m->state.allows(MachineState::Move::HoldForHost))
                tx.holdForHost(*m, it.value());
        }
    });
    for (auto it = held.cbegin(); it != held.cend(); ++it)
        m_p.log(Provisioner::tr("machine %1: cannot start: %2").arg(it.key(), it.value()));
}

void Provisioner::Pass::releaseGroupsOfGoneApplications(const ModelSnapshot &snapshot)
{
    QSet<QString> applications;
    for (const ApplicationRecord &a : snapshot.applications)
        applications.insert(a.name);
    const bool gone = std::any_of(m_p.m_applications.cbegin(), m_p.m_applications.cend(),
                                  [&](const QString &a) { return !applications.contains(a); });
    m_p.m_applications = applications;
    if (m_p.m_groupsReleased && !gone)
        return;
    QStringList keep;
    for (const QString &a : std::as_const(applications))
        keep << HostSpread::groupFor(m_model.uuid, a);
    for (const HostSpread &spread : hostSpreads(snapshot))
        keep << spread.group; // a group an affinity policy names
    if (const ProviderError released = m_provider->releaseModel(m_model.uuid, keep);
        !released.ok()) {
        m_p.log(Provisioner::tr("model %1: %2").arg(m_p.m_model, released.message));
        m_p.m_groupsReleased = false; // tried again next pass
        return;
    }
    m_p.m_groupsReleased = true;
}

void Provisioner::Pass::countPending()
{
    const ModelSnapshot snapshot = m_p.currentModel(m_ws);
    QHash<qint64, const MachineRecord *> byId;
    for (const MachineRecord &m : snapshot.machines)
        byId.insert(m.id, &m);
    for (const MachineRecord &m : snapshot.machines) {
        if (m.state.isDead()) {
            ++m_report.pending;
            continue;
        }
        if (!awaitsInstance(m))
            continue;
        if (m.isContainer()) {
            if (MachineRecord::hostBlocks(byId.value(m.parentId)))
                continue; // blocked until the host is fixed
        }
        ++m_report.pending;
        if (m.retryAt > 0 && (m_report.nextRetryAt == 0 || m.retryAt < m_report.nextRetryAt))
            m_report.nextRetryAt = m.retryAt;
    }
}

Provisioner::Provisioner(QString storeLocation, const CloudRegistry &clouds, QString model)
    : m_location(std::move(storeLocation))
    , m_clouds(clouds)
    , m_model(std::move(model))
    , m_store(std::make_unique<Store>(m_location))
{
    const ModelRecord record =
        m_store->read([&](SqlSession &sql) { return ModelTx::loadModel(sql, m_model); });
    m_lease = std::make_unique<ProvisionerLease>(*m_store, record.id,
                                                 ProvisionerLease::ttlFromEnvironment());
}

Provisioner::~Provisioner() = default;

void Provisioner::log(const QString &line) const
{
    QMutexLocker lock(&m_logMutex);
    if (m_log)
        m_log(line);
}

const ModelSnapshot &Provisioner::currentModel(Workspace &ws)
{
    // Past this many changes, after a change to the model itself, or a
    // minute after the last whole read, the model is read whole again: the
    // log keeps only the recent past, and a whole read now and then mends
    // anything a log entry could have missed.
    constexpr qsizetype mostChanges = 50'000;
    constexpr qint64 wholeEveryMs = 60'000;
    const auto readWhole = [&] {
        // The log's position first: what is committed while reading is read again next time.
        m_seenSeq = m_store->lastChangeSeq();
        m_snapshot = ws.snapshot(m_model);
        m_wholeReadAt = now();
    };
    if (m_wholeReadAt == 0 || now() - m_wholeReadAt > wholeEveryMs) {
        readWhole();
        return m_snapshot;
    }
    ChangeList changes;
    for (ChangeList more = m_store->changesSince(m_seenSeq); !more.isEmpty();
         more = m_store->changesSince(m_seenSeq)) {
        m_seenSeq = more.constLast().seq;
        changes += more;
        // A change to the model itself (destroyed, made anew) may take rows
        // the log does not name one by one.
        const bool modelChanged = std::any_of(more.cbegin(), more.cend(), [&](const Change &c) {
            return c.kind == u"model" && c.modelId == m_snapshot.model.id;
        });
        if (modelChanged || changes.size() > mostChanges) {
            readWhole();
            return m_snapshot;
        }
    }
    if (changes.isEmpty())
        return m_snapshot;
    ModelSnapshot after =
        ws.readModel(m_model, [&](ModelTx &tx) { return tx.snapshotAfter(m_snapshot, changes); });
    if (after.model.id != m_snapshot.model.id) {
        readWhole(); // the model was made anew under the same name
        return m_snapshot;
    }
    m_snapshot = std::move(after);
    return m_snapshot;
}

Provisioner::Report Provisioner::runPass(const std::atomic<bool> &cancel)
{
    // Destroyed by another provisioner meanwhile: its lease went with it.
    if (!m_store->read([&](SqlSession &sql) { return ModelTx::findModel(sql, m_model); })) {
        Report report;
        report.destroyed = true;
        return report;
    }
    if (!m_lease->acquire()) {
        Report report;
        report.leaseHeldElsewhere = true;
        report.holder = m_lease->holder();
        return report;
    }
    return Pass(*this, cancel).run();
}

bool Provisioner::runUntilIdle(const std::atomic<bool> &cancel, qint64 timeoutMs)
{
    const qint64 deadline = timeoutMs > 0 ? now() + timeoutMs : 0;
    bool announcedWait = false;
    while (!cancel) {
        const Report report = runPass(cancel);
        if (report.leaseHeldElsewhere) {
            if (!announcedWait)
                log(Provisioner::tr("waiting: model %1 is provisioned by %2")
                        .arg(m_model, report.holder));
            announcedWait = true;
        } else if (report.destroyed) {
            return true; // its lease went with it
        } else if (report.pending == 0) {
            m_lease->release();
            return true;
        }
        const bool progressed =
            report.started + report.removed + report.adopted + report.stopped > 0;
        qint64 wait = 0;
        if (!report.leaseHeldElsewhere && report.nextRetryAt > 0 && report.started == 0)
            wait = std::max<qint64>(0, report.nextRetryAt - now());
        else if (report.leaseHeldElsewhere || !progressed)
            wait = 1000; // someone else's turn, or nothing moved: do not spin
        if (deadline > 0 && now() + wait > deadline) {
            if (deadline > now())
                QThread::msleep(ulong(deadline - now()));
            return false;
        }
        for (qint64 slept = 0; slept < wait && !cancel; slept += 50)
            QThread::msleep(50);
    }
    return false;
}

} // namespace berth
