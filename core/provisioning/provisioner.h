#pragma once

#include "core/cloud/cloudregistry.h"
#include "core/model/modelrecords.h"
#include "core/placement/zonespread.h"

#include <QCoreApplication>
#include <QMutex>
#include <QSet>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>

namespace berth {

class ChangeDetector;
class Store;
class ProvisionerLease;
class Workspace;

// Makes the store's machines real on the model's cloud. Each pass lists the
// cloud's instances for the model, adopts instances a crashed run started,
// stops the instances of dead machines and removes them, harvests strays per
// the model's harvest mode, and starts pending machines in parallel (hosts
// before their containers), spreading each application over zones and
// retrying what can be retried. Provider calls run on worker threads, whose
// writes one connection of the pass makes together; never on the caller's
// (GUI) thread.
class Provisioner
{
    Q_DECLARE_TR_FUNCTIONS(Provisioner)

public:
    struct Report
    {
        int started = 0;
        int failed = 0;   // ended in provisioning error
        int retrying = 0; // failed with a retryable error; will be tried again
        int adopted = 0;
        int stopped = 0;        // instances stopped (dead machines, strays, duplicates)
        int removed = 0;        // dead machines removed from the store
        int pending = 0;        // still waiting: retry delays, hosts not yet up
        qint64 nextRetryAt = 0; // earliest retry time among pending, 0 if none
        bool leaseHeldElsewhere = false;
        bool destroyed = false; // the model was being destroyed, and now is gone
        QString holder;
    };
    using LogFunction = std::function<void(const QString &line)>;
    using ProgressFunction = std::function<void(int done, int total)>;

    Provisioner(QString storeLocation, const CloudRegistry &clouds, QString model);
    // On the caller's connection to the store (its thread's): no other is
    // opened for the pass's own reads and writes.
    Provisioner(Store &store, const CloudRegistry &clouds, QString model);
    ~Provisioner();

    void setLog(LogFunction log) { m_log = std::move(log); }
    void setProgress(ProgressFunction progress) { m_progress = std::move(progress); }

    // One reconcile pass. `cancel` stops it between machines.
    Report runPass(const std::atomic<bool> &cancel);
    // Passes until nothing is left to do now or later (retries waited for),
    // `cancel` is set, or `timeoutMs` (0: none) passes. True when idle.
    // While another provisioner holds the model's lease, it waits for that
    // one's work in an event loop: on the main thread or one started by QThread.
    bool runUntilIdle(const std::atomic<bool> &cancel, qint64 timeoutMs = 0);
    // The model as the provisioner keeps it for its passes, brought up to
    // date from the change log: what berthctl provision says before and
    // after, without reading the whole model again. Not while a pass runs.
    const ModelSnapshot &model();

private:
    struct Job;
    class Pass;

    enum class HolderWait { Idle, TimedOut, AskLease };

    // The model's provisioner lease, on m_store (taken by each pass).
    void makeLease();
    // Adds what `snapshot` still waits for (starts, retries, removals) to
    // `report`: none, and the model is idle.
    static void countPending(const ModelSnapshot &snapshot, Report &report);
    // While another provisioner holds the lease: until the model is idle,
    // the deadline (0: none) passes, or it is time to ask for the lease
    // again; the model looked at again after each of `commits`.
    HolderWait waitOnHolder(ChangeDetector &commits, const std::atomic<bool> &cancel,
                            qint64 deadline);
    void log(const QString &line) const;
    // The model as it is now: read whole at first (and once a minute), then
    // only the rows the change log names since the last read, so that a
    // pass costs what it touches rather than the size of the model.
    const ModelSnapshot &currentModel(Workspace &ws);

    QString m_location;
    const CloudRegistry &m_clouds;
    QString m_model;
    std::unique_ptr<Store> m_ownStore; // when it opened a connection of its own
    Store *m_store = nullptr;
    std::unique_ptr<ProvisionerLease> m_lease;
    LogFunction m_log;
    mutable QMutex m_logMutex; // log lines come from every start worker
    ProgressFunction m_progress;
    ModelSnapshot m_snapshot;
    qint64 m_seenSeq = 0;          // the change log's position m_snapshot reflects
    qint64 m_wholeReadAt = 0;      // when m_snapshot was last read whole (0: never)
    QSet<QString> m_applications;  // the model's, at the last pass
    bool m_groupsReleased = false; // groups of gone applications freed once at least
    // Zones that refused a start (an outage, no capacity), until when they
    // count as unhealthy for spread constraints.
    QHash<QString, qint64> m_outages;
    mutable QMutex m_outageMutex;
};

} // namespace berth
