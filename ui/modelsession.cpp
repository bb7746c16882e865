#include "ui/modelsession.h"

#include "core/commands/changeset.h"
#include "core/store/modelwatcher.h"
#include "core/workerthread.h"

namespace berth {

ModelSession::ModelSession(const QString &storeLocation, const CloudRegistry &clouds,
                           int intervalMs, QObject *parent)
    : QObject(parent)
    , m_watcher(new ModelWatcher(storeLocation, clouds, intervalMs))
{
    // The model as its change set would leave it, planned rows marked.
    m_watcher->setSnapshotReader(
        [](Workspace &ws, const QString &name) { return ChangeSet(ws).plannedSnapshot(name); });
    connect(m_watcher, &ModelWatcher::snapshotReady, this, &ModelSession::snapshotReady);
    connect(m_watcher, &ModelWatcher::failed, this, &ModelSession::failed);
    connect(m_watcher, &ModelWatcher::modelGone, this, &ModelSession::modelGone);
    connect(m_watcher, &ModelWatcher::cloudsChanged, this, &ModelSession::cloudsChanged,
            Qt::QueuedConnection);
    m_thread = std::make_unique<WorkerThread>(QStringLiteral("berth-model-watcher"), m_watcher,
                                              &ModelWatcher::start);
}

ModelSession::~ModelSession()
{
    m_thread.reset();
}

void ModelSession::watch(const QString &model)
{
    QMetaObject::invokeMethod(
        m_watcher, [watcher = m_watcher, model] { watcher->watch(model); }, Qt::QueuedConnection);
}

void ModelSession::refresh()
{
    QMetaObject::invokeMethod(m_watcher, &ModelWatcher::refresh, Qt::QueuedConnection);
}

void ModelSession::pause(bool wait)
{
    QMetaObject::invokeMethod(m_watcher, &ModelWatcher::pause,
                              wait ? Qt::BlockingQueuedConnection : Qt::QueuedConnection);
}

void ModelSession::resume()
{
    QMetaObject::invokeMethod(m_watcher, &ModelWatcher::resume, Qt::QueuedConnection);
}

} // namespace berth
