// The pass's start workers (the crew), and how the pass hands them its
// starts.
#include "core/provisioning/pass.h"

#include "core/bertherror.h"
#include "core/store/store.h"

#include <QDeadlineTimer>
#include <QThreadPool>
#include <QUuid>
#include <QWaitCondition>

#include <algorithm>
#include <deque>
#include <utility>

namespace berth {

using namespace ProvisioningRules;

// The pass's start workers: threads of its own, taking the next job until
// none is left and the crew is dismissed, their writes made together by the
// crew's recorder. The pass records the starts a round at a time itself
// (feed()), and the recorder connects while the cloud works on the first
// round: on PostgreSQL a connection costs a server process, an
// authentication and cold catalogs, which a connection a worker paid sixteen
// times over, and sixteen starts that end together were recorded one after
// another under the writers' lock.
class Provisioner::Pass::Crew
{
public:
    // `warm`: the name of a machine the recorder's first read looks up.
    Crew(Pass &pass, int size, const QString &warm = {})
        : m_pass(pass)
        , m_size(size)
        , m_perHost(std::max(1, pass.m_model.config.containerProvisionWorkers()))
        , m_recorder(pass, warm)
    {
        m_pool.setMaxThreadCount(size);
    }
    ~Crew()
    {
        {
            QMutexLocker lock(&m_mutex);
            m_dismissed = true;
            m_changed.wakeAll();
        }
        m_pool.waitForDone();
    }
    Crew(const Crew &) = delete;
    Crew &operator=(const Crew &) = delete;

    // Workers for `jobs` jobs no worker waits for, up to the crew's size.
    void hire(qsizetype jobs)
    {
        int more = 0;
        {
            QMutexLocker lock(&m_mutex);
            more = int(std::min<qsizetype>(jobs - m_idle, m_size - m_workers));
            m_workers += std::max(0, more);
        }
        for (int w = 0; w < more; ++w)
            m_pool.start([this] { work(); });
    }
    // Its recorder connects now, ready for the first instances to record.
    void connectRecorder() { m_recorder.connect(); }
    void add(QList<Job> jobs)
    {
        QMutexLocker lock(&m_mutex);
        for (Job &job : jobs)
            m_queue.push_back(std::move(job));
        m_changed.wakeAll();
    }
    // Waits up to `ms` for every job handed out to be done (or for no
    // worker to be left to do them): true then. With `feeding`, false as
    // soon as the crew is hungry.
    bool waitDone(int ms, bool feeding)
    {
        QDeadlineTimer deadline(ms);
        QMutexLocker lock(&m_mutex);
        while (!done() && !(feeding && hungryLocked()) && m_changed.wait(&m_mutex, deadline)) {
        }
        return done();
    }
    // Whether the crew has no more than a round of starts before it, in
    // flight or waiting to be taken: the pass records the next round then.
    bool hungry()
    {
        QMutexLocker lock(&m_mutex);
        return hungryLocked();
    }

private:
    bool done() const { return m_workers == 0 || (m_next >= m_queue.size() && m_running == 0); }
    bool hungryLocked() const
    {
        qsizetype ahead = m_running;
        for (std::size_t i = m_next; i < m_queue.size(); ++i)
            ahead += hostFull(m_queue[i]) ? 0 : 1;
        return ahead <= m_size;
    }
    bool hostFull(const Job &job) const
    {
        return job.machine.isContainer() && m_startingOn.value(job.machine.parentId) >= m_perHost;
    }
    // The next job, or none once the crew is dismissed with nothing left (or
    // the pass stops). A container whose host has its share of starts
    // (num-container-provision-workers) waits, and a job behind it goes first.
    Job *take()
    {
        QMutexLocker lock(&m_mutex);
        while (!m_pass.m_abort) {
            if (Job *job = takeLocked())
                return job;
            if (m_dismissed && m_next >= m_queue.size())
                break;
            ++m_idle;
            m_changed.wait(&m_mutex, 200); // a job added or done, or a host's share freed
            --m_idle;
        }
        return nullptr;
    }
    // The next job if one waits now (never waits itself: it is taken inside
    // a write transaction).
    Job *takeWaiting()
    {
        QMutexLocker lock(&m_mutex);
        return m_pass.m_abort ? nullptr : takeLocked();
    }
    Job *takeLocked()
    {
        std::size_t free = m_next;
        while (free < m_queue.size() && hostFull(m_queue[free]))
            ++free;
        if (free >= m_queue.size())
            return nullptr;
        std::swap(m_queue[m_next], m_queue[free]); // neither is taken yet
        Job *job = &m_queue[m_next++];
        if (job->machine.isContainer())
            ++m_startingOn[job->machine.parentId];
        ++m_running;
        return job;
    }
    // Records `job`'s start in `tx` (recording the instance of the worker's
    // last start), in a savepoint of it: if that fails, the instance is
    // still recorded and the job records its own start later, as any other.
    // The nonce recorded, or none.
    QString recordAlongside(ModelTx &tx, const Job &job)
    {
        const QString nonce = QUuid::createUuid().toString(QUuid::WithoutBraces);
        try {
            if (m_recorder.attempt(
                    [&] { return m_pass.holdsLease(tx) && m_pass.recordStartIn(tx, job, nonce); }))
                return nonce;
        } catch (const BerthError &) {
            // Its own write tries again, and says why if it fails too.
        }
        return {};
    }
    void finished(const Job &job)
    {
        QMutexLocker lock(&m_mutex);
        if (job.machine.isContainer())
            --m_startingOn[job.machine.parentId];
        --m_running;
        m_changed.wakeAll();
    }
    // Starts jobs until none is left. A job whose start is recorded already
    // (by the pass: feed()) goes to the cloud as soon as the job before it is
    // back, while that one's instance is recorded: a round costs the cloud's
    // wait, not the cloud's and then the store's. A job the pass could not
    // record records its start with that instance.
    void work()
    {
        Job *job = nullptr;  // back from the cloud, or given up
        Job *next = nullptr; // the job after it, taken
        Launch launched;
        // The worker's next start: `given`, else the queue's next (none once
        // the crew is dismissed and none is left).
        const auto launchNext = [&](Job *given) {
            job = given ? given : take();
            if (job)
                launched = m_pass.launch(m_recorder, *job);
        };
        try {
            launchNext(nullptr);
            while (job) {
                if (launched.outcome != Outcome::Started) { // recorded already
                    m_pass.count(launched.outcome);
                    finished(*std::exchange(job, nullptr));
                    launchNext(nullptr);
                    continue;
                }
                next = takeWaiting();
                std::optional<CallAside<Launch>> aside;
                if (next && !next->recordedNonce.isEmpty())
                    aside.emplace([this, next] { return m_pass.launch(m_recorder, *next); });
                QString nextNonce;
                const auto alongside = [&](ModelTx &tx) {
                    if (next && !aside)
                        nextNonce = recordAlongside(tx, *next);
                };
                const Outcome outcome = m_pass.recordStarted(m_recorder, *job, launched.nonce,
                                                             launched.instance, alongside);
                m_pass.count(outcome);
                finished(*std::exchange(job, nullptr));
                // Only a transaction that committed recorded its start.
                if (outcome == Outcome::Started && next && !aside)
                    next->recordedNonce = nextNonce;
                if (aside) {
                    launched = aside->get();
                    job = std::exchange(next, nullptr);
                    continue;
                }
                launchNext(std::exchange(next, nullptr));
            }
        } catch (const std::exception &error) {
            // Its host's other containers are not held up by them, nor the
            // pass by jobs taken and never started.
            for (Job *taken : {job, next}) {
                if (taken)
                    finished(*taken);
            }
            // Never past the task: that would end the process mid-pass.
            m_pass.m_p.log(Provisioner::tr("provisioning worker stopped: ") +
                           QString::fromUtf8(error.what()));
        }
        QMutexLocker lock(&m_mutex);
        --m_workers;
        m_changed.wakeAll();
    }

    Pass &m_pass;
    const int m_size;
    const int m_perHost;
    QMutex m_mutex;
    // A job added or done, a host's share of starts freed, a worker gone,
    // or the crew dismissed.
    QWaitCondition m_changed;
    // A deque, so that a worker's job stays where it is while more are appended.
    std::deque<Job> m_queue;
    std::size_t m_next = 0;
    int m_workers = 0; // hired and not gone
    int m_idle = 0;    // waiting for a job
    int m_running = 0; // jobs taken and not done
    bool m_dismissed = false;
    QHash<qint64, int> m_startingOn; // containers starting on each host
    Recorder m_recorder;             // before the pool: the workers write through it until they end
    QThreadPool m_pool;
};

Provisioner::Pass::Pass(Provisioner &owner, const std::atomic<bool> &cancel)
    : m_p(owner)
    , m_cancel(cancel)
    , m_ws(*owner.m_store, owner.m_clouds)
{
    m_ws.setReachesDyingModels(true);
}

Provisioner::Pass::~Pass() = default;

void Provisioner::Pass::dismissCrew()
{
    m_crew.reset();
}

void Provisioner::Pass::hireCrew(const ModelSnapshot &snapshot)
{
    const qint64 time = now();
    qsizetype due = 0;
    QString first;
    for (const MachineRecord &m : snapshot.machines) {
        if (dueNow(m, false, time)) {
            if (due++ == 0)
                first = m.name;
        }
    }
    if (due == 0)
        return;
    m_crew = std::make_unique<Crew>(*this, std::max(1, m_model.config.provisionWorkers()), first);
    m_crew->hire(due);
}

void Provisioner::Pass::handOut(QList<Job> jobs)
{
    if (jobs.isEmpty())
        return;
    if (!m_crew)
        m_crew = std::make_unique<Crew>(*this, std::max(1, m_model.config.provisionWorkers()));
    {
        QMutexLocker lock(&m_reportMutex);
        m_total = int(std::max<qsizetype>(m_total, m_done + jobs.size() + m_unfed.size()));
    }
    reportProgress(); // the bar shows at once, not after the first start
    const qsizetype count = jobs.size();
    m_crew->add(std::move(jobs));
    m_crew->hire(count);
    // Not sooner: on PostgreSQL its connection (a server process, an
    // authentication) would take the processors from the first round's.
    m_crew->connectRecorder();
}

void Provisioner::Pass::feed()
{
    const qsizetype round = std::max(1, m_model.config.provisionWorkers());
    while (!m_unfed.isEmpty() && !m_abort && (!m_crew || m_crew->hungry())) {
        QList<Job> batch = m_unfed.first(std::min(round, m_unfed.size()));
        m_unfed.remove(0, batch.size());
        recordStarts(batch);
        handOut(std::move(batch));
    }
}

void Provisioner::Pass::runJobs(QList<Job> first, bool takeNew)
{
    m_unfed += std::move(first);
    feed();
    if (!m_crew)
        return;
    // The lease keeper renews the lease meanwhile; every second, machines due
    // a start since join the queue.
    QDeadlineTimer look(1000);
    for (;;) {
        // Fed, the crew waits for nothing more from the pass: done when it is.
        const bool feeding = !m_unfed.isEmpty() && !m_abort;
        if (m_crew->waitDone(int(look.remainingTime()), feeding) && !feeding)
            break;
        feed();
        if (!look.hasExpired())
            continue;
        look.setRemainingTime(1000);
        if (!takeNew || m_abort)
            continue;
        const ModelSnapshot &snapshot = m_p.currentModel(m_ws);
        QList<Job> more = jobs(snapshot, false);
        more += jobs(snapshot, true); // containers whose host runs now
        if (more.isEmpty())
            continue;
        {
            QMutexLocker lock(&m_reportMutex);
            m_total += int(more.size());
        }
        reportProgress();
        m_p.log(Provisioner::tr("%n machine(s) added meanwhile join the starts under way", "",
                                int(more.size())));
        m_unfed += std::move(more);
        feed();
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
