#pragma once

// The parts of one provisioner pass, shared by the files that define them:
// pass.cpp (listing, reconciling, removing the dead), passjobs.cpp (which
// machines start), passcrew.cpp (on which workers) and machinestart.cpp
// (one machine's start, step by step). Private to core/provisioning.

#include "core/provisioning/provisioner.h"

#include "core/cloud/instanceinfo.h"
#include "core/cloud/provider.h"
#include "core/constraints/constraints.h"
#include "core/model/modelrecords.h"
#include "core/placement/startplan.h"
#include "core/placement/zonespread.h"
#include "core/store/store.h"
#include "core/store/workspace.h"

#include <QDateTime>
#include <QMutex>
#include <QSet>
#include <QThread>
#include <QWaitCondition>

#include <atomic>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

namespace berth {

namespace ProvisioningRules {

inline qint64 now()
{
    return QDateTime::currentMSecsSinceEpoch();
}

using StartPlan::awaitsInstance;

// A cloud call made on a thread of its own, so that the pass goes on
// meanwhile (the listing while the first starts begin); get() waits for it
// and gives its result, or throws what it threw. Going out of scope waits
// for it too.
template <typename T> class CallAside
{
public:
    template <typename Call>
    explicit CallAside(Call call)
        : m_thread(QThread::create([this, call = std::move(call)]() mutable {
            try {
                m_result = call();
            } catch (...) {
                m_failed = std::current_exception();
            }
        }))
    {
        m_thread->start();
    }
    ~CallAside() { m_thread->wait(); }
    CallAside(const CallAside &) = delete;
    CallAside &operator=(const CallAside &) = delete;

    T get()
    {
        m_thread->wait();
        if (m_failed)
            std::rethrow_exception(m_failed);
        return std::move(m_result);
    }

private:
    T m_result{};
    std::exception_ptr m_failed;
    std::unique_ptr<QThread> m_thread; // last: it writes the members above
};

} // namespace ProvisioningRules

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
    bool spreadBound = false; // its zone keeps a `wait` spread: it waits rather than move
    // Its start recorded already, with this nonce: in the transaction that
    // recorded the instance of the start before it on the same worker.
    QString recordedNonce;
};

// One reconcile pass; owns the per-pass state shared by the worker threads.
class Provisioner::Pass
{
public:
    // Both in passcrew.cpp, where the crew is whole.
    Pass(Provisioner &owner, const std::atomic<bool> &cancel);
    ~Pass();

    Report run();

private:
    Report reconcileAndStart();
    // Sets `snapshot` to the model as it is now. The provisioner keeps the
    // model it read and updates it from the change log; the old copy is let
    // go first, so that the update changes the rows in place rather than
    // copying every record of the model.
    void refresh(ModelSnapshot &snapshot);

    enum class Outcome { Started, Failed, Retrying, Skipped };

    // pass.cpp
    // True when no machine of `snapshot` without an instance has a start
    // recorded: then the machines due a start may start while the cloud
    // lists its instances, none of which can be theirs.
    static bool onlyNeverStartedAwait(const ModelSnapshot &snapshot);
    // What comes before the starts: server groups of gone applications
    // released, rebalance moves finished, zone spread seeded.
    void prepareStarts(ModelSnapshot &snapshot);
    // Whether this pass recorded a start with `nonce`.
    bool startedHere(const QString &nonce) const;
    void reconcile(const ModelSnapshot &snapshot, const QList<InstanceInfo> &instances);
    void removeDead(const ModelSnapshot &snapshot);
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
    // The model's harvest mode; All while it is being destroyed.
    ModelConfig::Harvest harvest() const;
    QString harvestName() const;

    // passmoves.cpp
    // Removes each unit a rebalance replaces once its replacement runs, and
    // holds back the replacements beyond each application's max-surge;
    // true when it removed any.
    bool finishMoves(const ModelSnapshot &snapshot);

    // passjobs.cpp
    // Zone spread starts from the instances that already run.
    void seedSpread(const ModelSnapshot &snapshot);
    // Whether `m` is due a start at `time` (a host, or a container), and
    // neither taken by this pass already nor held back for max-surge.
    bool dueNow(const MachineRecord &m, bool containers, qint64 time) const;
    // The machines due a start now (hosts, or containers whose host runs),
    // leaving out those this pass has already taken.
    QList<Job> jobs(const ModelSnapshot &snapshot, bool containers);
    // Each principal application's server group wish (its affinity policy, or
    // the model's server-group-policy), by name.
    QHash<QString, HostSpread> hostSpreads(const ModelSnapshot &snapshot) const;
    // passcrew.cpp: the pass's start workers.
    class Crew;
    // Hires a worker for each host due a start in `snapshot`, up to the
    // model's provision-workers, ready for the jobs handed out while the
    // cloud lists its instances.
    void hireCrew(const ModelSnapshot &snapshot);
    // Waits for the crew's last start and closes its recorder's connection.
    void dismissCrew();
    // Hands `jobs` to the crew (hiring it if none is), without waiting.
    void handOut(QList<Job> jobs);
    // Hands the crew the starts not handed out yet, a round (as many as it
    // has workers) at a time, each round's starts recorded first in one
    // transaction on the pass's own connection, until a round in flight and
    // one more wait for the crew: a worker back from the cloud takes a start
    // recorded already and asks the cloud at once, while the pass records
    // the round after. Never more than two rounds show `starting` at once.
    void feed();
    // Starts `first` on the crew (up to provision-workers threads of the
    // pass's own) and waits for every start handed out. With `takeNew`,
    // machines added meanwhile (or whose host came up) join while earlier
    // starts are still under way: one slow or wedged provider call holds up
    // its own machine, never the ones after it.
    void runJobs(QList<Job> first, bool takeNew);
    void count(Outcome outcome);
    // Says how many starts of the pass are done, of how many.
    void reportProgress();

    // machinestart.cpp: one machine's start, as named steps, its writes
    // made through the crew's recorder.
    class Recorder;
    // A start asked of the cloud: its instance, to be recorded (Started), or
    // what became of the machine, recorded already.
    struct Launch
    {
        // A start given up: what became of it.
        Launch(Outcome given = Outcome::Skipped)
            : outcome(given)
        {}
        Launch(QString startNonce, InstanceInfo started)
            : outcome(Outcome::Started)
            , nonce(std::move(startNonce))
            , instance(std::move(started))
        {}
        Outcome outcome;
        QString nonce;
        InstanceInfo instance;
    };
    // 0. Steps 1, 3 and 4 below, up to an instance started or the start given up.
    Launch launch(Recorder &recorder, Job &job);
    // Runs in the transaction that records an instance: the worker records
    // the start of its next job there when the pass could not.
    using Alongside = std::function<void(ModelTx &)>;
    // 1. The start recorded, with a fresh nonce, before the provider is
    //    called; false when the machine no longer wants one (or the lease is lost).
    bool recordStart(Recorder &recorder, const Job &job, const QString &nonce);
    // recordStart's parts: the lease renewed (false, and the pass stops,
    // when it is lost), and the start recorded in `tx`.
    bool holdsLease(ModelTx &tx);
    bool recordStartIn(ModelTx &tx, const Job &job, const QString &nonce);
    // recordStartIn() for many jobs, each with its nonce, in a few statements
    // whatever their number: whether each start was recorded.
    QList<bool> recordStartsIn(ModelTx &tx, const QList<Job> &jobs, const QStringList &nonces);
    // The starts of `jobs` (a round) recorded in one transaction on the
    // pass's own connection, before the crew takes them: a round of starts
    // waits neither for the crew's recorder nor for one turn each at the
    // writers' lock. A job whose start is not recorded records its own.
    void recordStarts(QList<Job> &jobs);
    StartRequest request(const Job &job, const InstanceType &type, const QString &nonce) const;
    // 2. The instance recorded, unless the machine went meanwhile: then stopped.
    Outcome recordStarted(Recorder &recorder, Job &job, const QString &nonce,
                          const InstanceInfo &instance, const Alongside &alongside);
    // 3. After a zone's refusal: the next zone to try, claimed; empty when
    //    none is left.
    QString nextZone(Job &job);
    // 4. A failure: retried later, or an error for the user.
    Outcome recordFailure(Recorder &recorder, const Job &job, const QString &message,
                          bool retryable);
    // The zone a job claimed, given back (containers claim none).
    void releaseZone(const Job &job);
    // Machines that wait for a spread constraint to allow a zone: their
    // reasons shown, tried again after the retry delay, no attempt used.
    // The machines whose reason is new, to be said once the write commits.
    QStringList recordWaitsIn(ModelTx &tx, const QMap<QString, QString> &reasons);
    void sayWaits(const QStringList &changed, const QMap<QString, QString> &reasons);

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
    // Taken, and not handed to the crew yet (pass thread only): feed().
    QList<Job> m_unfed;
    // Zones chosen for hosts not started yet, by machine (pass thread only).
    QHash<qint64, QString> m_claimed;
    // Machines of rebalance replacements beyond max-surge: not started yet.
    QSet<qint64> m_heldForSurge;
    // The nonces of the starts this pass recorded (any thread).
    mutable QMutex m_noncesMutex;
    QSet<QString> m_nonces;
    // Last: its workers use the members above until it is dismissed.
    std::unique_ptr<Crew> m_crew;
};

// The crew's writes (passrecorder.cpp): one connection of its own, on a
// thread of its own, on which the workers' writes are made together. Each
// worker asks for its write and waits; what the others asked meanwhile
// goes in the same transaction: a round of starts that end together is
// recorded in one turn at the writers' lock, and the crew opens one
// connection, not one a worker.
class Provisioner::Pass::Recorder
{
public:
    // `warm`: the name of a machine the connection's first read looks up,
    // as a start's first write does. It connects at the first write, or
    // when connect() says so before.
    Recorder(Pass &pass, QString warm);
    ~Recorder(); // after the last write asked for
    Recorder(const Recorder &) = delete;
    Recorder &operator=(const Recorder &) = delete;

    // Connects now, on the recorder's thread, without waiting.
    void connect();

    // Runs fn(ModelTx&) in the recorder's next transaction on the model, in
    // a savepoint of it, and waits until that transaction commits. Throws
    // what fn threw (its writes undone, the others' kept), or why the
    // transaction failed (every write of it undone).
    template <typename F> auto write(F &&fn)
    {
        using Result = decltype(fn(std::declval<ModelTx &>()));
        if constexpr (std::is_void_v<Result>) {
            writeErased([&](ModelTx &tx) { fn(tx); });
        } else {
            std::optional<Result> result;
            writeErased([&](ModelTx &tx) { result.emplace(fn(tx)); });
            return std::move(*result);
        }
    }
    // Inside write(): fn() in a savepoint of its own, undone when it throws.
    template <typename F> auto attempt(F &&fn)
    {
        return m_store->attempt([&](SqlSession &) { return fn(); });
    }

private:
    struct Request;
    void writeErased(const std::function<void(ModelTx &)> &fn);
    void run();
    void answer(const QList<Request *> &batch);

    Pass &m_pass;
    const QString m_warm;
    QMutex m_mutex;
    QWaitCondition m_asked;    // a write asked for, or the recorder stopping
    QWaitCondition m_answered; // a transaction done
    QList<Request *> m_queue;
    bool m_stopping = false;
    bool m_started = false;
    Store *m_store = nullptr;          // the thread's, while it runs
    std::unique_ptr<QThread> m_thread; // last: it uses the members above
};

} // namespace berth
