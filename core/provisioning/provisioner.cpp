#include "core/provisioning/provisioner.h"
#include "core/store/modelrows.h"

#include "core/bertherror.h"
#include "core/provisioning/pass.h"
#include "core/store/changedetector.h"
#include "core/store/provisionerlease.h"
#include "core/store/store.h"
#include "core/store/workspace.h"

#include <QEventLoop>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <utility>

namespace berth {

using ProvisioningRules::now;

Provisioner::Provisioner(QString storeLocation, const CloudRegistry &clouds, QString model)
    : m_location(std::move(storeLocation))
    , m_clouds(clouds)
    , m_model(std::move(model))
    , m_ownStore(std::make_unique<Store>(m_location))
    , m_store(m_ownStore.get())
{
    makeLease();
}

Provisioner::Provisioner(Store &store, const CloudRegistry &clouds, QString model)
    : m_location(store.location())
    , m_clouds(clouds)
    , m_model(std::move(model))
    , m_store(&store)
{
    makeLease();
}

void Provisioner::makeLease()
{
    const ModelRecord record =
        m_store->readStatement([&](SqlSession &sql) { return ModelRows(sql).load(m_model); });
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
    bool whole = false;
    m_store->followChanges(m_seenSeq, [&](const ChangeList &more) {
        changes += more;
        // A change to the model itself (destroyed, made anew) may take rows
        // the log does not name one by one.
        whole = changes.size() > mostChanges ||
                std::any_of(more.cbegin(), more.cend(), [&](const Change &c) {
                    return c.kind == u"model" && c.modelId == m_snapshot.model.id;
                });
        return !whole;
    });
    if (whole) {
        readWhole();
        return m_snapshot;
    }
    if (changes.isEmpty())
        return m_snapshot;
    // The kept snapshot is updated in place, not copied. Once moved in it is
    // spent: a read tried again (the store was busy) reads the model whole,
    // and should the read fail, the next pass does.
    const qint64 modelId = m_snapshot.model.id;
    const qint64 wholeReadAt = std::exchange(m_wholeReadAt, 0);
    bool spent = false;
    ModelSnapshot after = ws.readModel(m_model, [&](ModelTx &tx) {
        if (std::exchange(spent, true))
            return tx.snapshots().whole();
        return tx.snapshots().after(std::move(m_snapshot), changes);
    });
    if (after.model.id != modelId) {
        readWhole(); // the model was made anew under the same name
        return m_snapshot;
    }
    m_snapshot = std::move(after);
    m_wholeReadAt = wholeReadAt;
    return m_snapshot;
}

const ModelSnapshot &Provisioner::model()
{
    Workspace ws(*m_store, m_clouds);
    ws.setReachesDyingModels(true);
    return currentModel(ws);
}

Provisioner::Report Provisioner::runPass(const std::atomic<bool> &cancel)
{
    // Destroyed by another provisioner meanwhile: its lease went with it.
    if (!m_store->readStatement([&](SqlSession &sql) { return ModelRows(sql).find(m_model); })) {
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

void Provisioner::countPending(const ModelSnapshot &snapshot, Report &report)
{
    QHash<qint64, const MachineRecord *> byId;
    for (const MachineRecord &m : snapshot.machines)
        byId.insert(m.id, &m);
    for (const MachineRecord &m : snapshot.machines) {
        if (m.state.isDead()) {
            ++report.pending;
            continue;
        }
        if (!StartPlan::awaitsInstance(m))
            continue;
        if (m.isContainer()) {
            if (MachineRecord::hostBlocks(byId.value(m.parentId)))
                continue; // blocked until the host is fixed
        }
        ++report.pending;
        if (m.retryAt > 0 && (report.nextRetryAt == 0 || m.retryAt < report.nextRetryAt))
            report.nextRetryAt = m.retryAt;
    }
}

Provisioner::HolderWait Provisioner::waitOnHolder(ChangeDetector &commits,
                                                  const std::atomic<bool> &cancel, qint64 deadline)
{
    const qint64 askLeaseAt = now() + 1000; // in case its holder has gone
    HolderWait result = HolderWait::AskLease;
    QEventLoop loop;
    const auto end = [&](HolderWait how) {
        result = how;
        loop.quit();
    };
    // What changed since the last look (the change log: one cheap read when
    // nothing did); never a look inside a look.
    UnnestedCheck look([&] {
        Report report;
        bool dying = false;
        try {
            const ModelSnapshot &snapshot = model();
            countPending(snapshot, report);
            dying = snapshot.model.dying; // idle once gone: the next pass says so
        } catch (const BerthError &) {
            end(HolderWait::AskLease); // the next pass says why (or that the model went)
            return true;
        }
        if (report.pending > 0 || dying)
            return false;
        end(HolderWait::Idle);
        return true;
    });
    // A commit by any process brings a look; a few times a second the
    // deadline and Ctrl+C are looked at, each second the lease asked for.
    const QMetaObject::Connection told =
        QObject::connect(&commits, &ChangeDetector::committed, &loop, [&look] { look(); });
    QTimer tick;
    QObject::connect(&tick, &QTimer::timeout, &loop, [&] {
        const qint64 time = now();
        if (deadline > 0 && time >= deadline)
            end(HolderWait::TimedOut);
        else if (cancel || time >= askLeaseAt)
            end(HolderWait::AskLease);
    });
    tick.start(50);
    if (!look()) // the holder may be done already
        loop.exec();
    QObject::disconnect(told);
    return result;
}

bool Provisioner::runUntilIdle(const std::atomic<bool> &cancel, qint64 timeoutMs)
{
    const qint64 deadline = timeoutMs > 0 ? now() + timeoutMs : 0;
    bool announcedWait = false;
    // Made once another provisioner is found holding the lease: tells of
    // the commits of its work (on PostgreSQL a listening session of its own).
    std::unique_ptr<ChangeDetector> commits;
    while (!cancel) {
        const Report report = runPass(cancel);
        if (report.leaseHeldElsewhere) {
            if (!announcedWait)
                log(Provisioner::tr("waiting: model %1 is provisioned by %2")
                        .arg(m_model, report.holder));
            announcedWait = true;
            if (!commits) {
                commits = std::make_unique<ChangeDetector>(*m_store, 250);
                commits->start(); // without NOTIFY it polls, and the lease is asked each second
            }
            // The lease's holder does the work: the model is idle once
            // nothing awaits a start or a removal, whoever made them.
            switch (waitOnHolder(*commits, cancel, deadline)) {
            case HolderWait::Idle:
                log(Provisioner::tr("model %1 is idle (provisioned by %2)")
                        .arg(m_model, report.holder));
                return true;
            case HolderWait::TimedOut:
                return false;
            case HolderWait::AskLease:
                continue;
            }
        }
        // Held elsewhere no more: the passes are this provisioner's, and keep
        // no listening session whose notifications nobody would read.
        commits.reset();
        if (report.destroyed)
            return true; // its lease went with it
        if (report.pending == 0) {
            m_lease->release();
            return true;
        }
        const bool progressed =
            report.started + report.removed + report.adopted + report.stopped > 0;
        qint64 wait = 0;
        if (report.nextRetryAt > 0 && report.started == 0)
            wait = std::max<qint64>(0, report.nextRetryAt - now());
        else if (!progressed)
            wait = 1000; // nothing moved: do not spin
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
