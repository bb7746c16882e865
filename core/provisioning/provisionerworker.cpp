#include "core/provisioning/provisionerworker.h"

#include "core/bertherror.h"
#include "core/store/changedetector.h"
#include "core/store/store.h"

#include <QDateTime>
#include <QScopedValueRollback>
#include <QTimer>

namespace berth {

ProvisionerWorker::ProvisionerWorker(QString storeLocation, const CloudRegistry &clouds,
                                     QString model, int periodMs)
    : m_location(std::move(storeLocation))
    , m_clouds(clouds)
    , m_model(std::move(model))
    , m_periodMs(periodMs)
{
    // Its passes run from a timer, and providers wait in nested event loops.
    m_clouds.openAll();
}

ProvisionerWorker::~ProvisionerWorker() = default;

void ProvisionerWorker::start()
{
    try {
        // Created here, on the worker's thread: its store connections belong to it.
        m_provisioner = std::make_unique<Provisioner>(m_location, m_clouds, m_model);
        m_watchStore = std::make_unique<Store>(m_location);
    } catch (const std::exception &error) {
        emit failed(QString::fromUtf8(error.what()));
        return;
    }
    m_provisioner->setLog([this](const QString &line) { emit logLine(line); });
    m_provisioner->setProgress([this](int done, int total) { emit progress(done, total); });
    // A commit anywhere (on PostgreSQL, its NOTIFY) brings a pass at once; the
    // timer brings the periodic and retry passes, and those asked for.
    m_changes = new ChangeDetector(*m_watchStore, 250, this);
    m_seenSeq = m_watchStore->lastChangeSeq();
    connect(m_changes, &ChangeDetector::committed, this, &ProvisionerWorker::committed);
    connect(m_changes, &ChangeDetector::failed, this, &ProvisionerWorker::failed);
    m_changes->start();
    m_timer = new QTimer(this);
    m_timer->setInterval(250);
    connect(m_timer, &QTimer::timeout, this, &ProvisionerWorker::checkDue);
    m_timer->start();
    runPass();
}

void ProvisionerWorker::committed()
{
    try {
        bool clouds = false;
        m_watchStore->followChanges(m_seenSeq, [&](const ChangeList &changes) {
            for (const Change &change : changes)
                clouds = clouds || change.kind == u"cloud";
            return true;
        });
        if (clouds) {
            emit cloudsChanged();
            return; // the owner starts again on the new clouds
        }
    } catch (const BerthError &error) {
        emit failed(error.message());
    }
    runPass();
}

void ProvisionerWorker::requestPass()
{
    m_passRequested = true;
}

void ProvisionerWorker::checkDue()
{
    if (m_cancel) {
        m_timer->stop();
        m_changes->pause();
        return;
    }
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    if (m_passRequested || now - m_lastPassAt >= m_periodMs ||
        (m_nextRetryAt > 0 && now >= m_nextRetryAt))
        runPass();
}

void ProvisionerWorker::runPass()
{
    if (m_cancel || !m_provisioner)
        return;
    // A provider waiting in a nested event loop lets the timer and the
    // store's notifications in: they ask for the next pass, not one inside
    // this one.
    if (m_inPass) {
        m_passRequested = true;
        return;
    }
    const QScopedValueRollback inPass(m_inPass, true);
    m_passRequested = false;
    // The version before the pass: whatever commits during it, ours or anyone's,
    // brings one more pass, so a change made meanwhile is never taken for ours.
    m_changes->markSeen();
    try {
        Provisioner::Report report;
        int started = 0;
        int failed = 0;
        do {
            report = m_provisioner->runPass(m_cancel);
            started += report.started;
            failed += report.failed;
            // Passes that started something may have unblocked more (containers).
        } while (!m_cancel && report.started > 0 && report.pending > 0 && report.nextRetryAt == 0);
        m_nextRetryAt = report.nextRetryAt;
        if (report.destroyed) {
            m_cancel = true; // nothing is left to provision
            emit modelDestroyed(m_model);
        }
        if (report.leaseHeldElsewhere)
            emit logLine(tr("model %1 is provisioned by %2").arg(m_model, report.holder));
        emit passFinished(started, failed, report.pending, report.nextRetryAt > 0);
    } catch (const std::exception &error) {
        emit failed(QString::fromUtf8(error.what()));
    }
    m_lastPassAt = QDateTime::currentMSecsSinceEpoch();
}

} // namespace berth
