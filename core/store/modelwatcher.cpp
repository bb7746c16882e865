#include "core/store/modelwatcher.h"

#include "core/bertherror.h"
#include "core/store/changelistener.h"
#include "core/store/workspace.h"

#include <QTimer>

ModelWatcher::ModelWatcher(QString storeLocation, const CloudRegistry &clouds, int intervalMs)
    : m_location(std::move(storeLocation))
    , m_clouds(clouds)
    , m_intervalMs(intervalMs)
{
    qRegisterMetaType<ModelSnapshot>();
}

ModelWatcher::~ModelWatcher() = default;

void ModelWatcher::start()
{
    try {
        m_store = std::make_unique<Store>(m_location);
        m_workspace = std::make_unique<Workspace>(*m_store, m_clouds);
    } catch (const BerthError &error) {
        emit failed(error.message());
        return;
    }
    m_timer = new QTimer(this);
    m_timer->setInterval(m_intervalMs);
    connect(m_timer, &QTimer::timeout, this, &ModelWatcher::poll);
    if (m_store->backend() == Store::Backend::Postgres) {
        // Every write commit notifies the channel: read when told, not by polling
        // (the timer stays, slow, in case a notification is ever lost).
        try {
            auto *listener = new ChangeListener(m_location, this);
            connect(listener, &ChangeListener::committed, this, &ModelWatcher::poll);
            m_timer->setInterval(std::max(m_intervalMs, 5'000));
        } catch (const BerthError &error) {
            emit failed(error.message());
        }
    }
    m_timer->start();
    if (!m_model.isEmpty())
        read();
}

void ModelWatcher::watch(const QString &model)
{
    m_model = model;
    m_modelId = 0;
    if (m_workspace)
        read();
}

void ModelWatcher::refresh()
{
    if (m_workspace && !m_model.isEmpty())
        read();
}

void ModelWatcher::poll()
{
    if (m_model.isEmpty() || m_paused)
        return;
    try {
        const qint64 version = m_store->dataVersion();
        if (version == m_version)
            return;
        m_version = version;
        // Something was committed: read the model only when the change log
        // says this model changed (other models' and cloud edits are skipped).
        bool ours = m_modelId == 0;
        for (ChangeList changes = m_store->changesSince(m_seq); !changes.isEmpty();
             changes = m_store->changesSince(m_seq)) {
            for (const Change &change : std::as_const(changes))
                ours = ours || change.modelId == m_modelId;
            m_seq = changes.constLast().seq;
        }
        if (ours)
            read();
    } catch (const BerthError &error) {
        emit failed(error.message());
    }
}

void ModelWatcher::read()
{
    try {
        // The version and log position first: a commit made while reading is
        // read again next time.
        m_version = m_store->dataVersion();
        m_seq = m_store->lastChangeSeq();
        ModelSnapshot snapshot = m_workspace->snapshot(m_model);
        m_modelId = snapshot.model.id;
        emit snapshotReady(snapshot);
    } catch (const BerthError &error) {
        emit failed(error.message());
    }
}

void ModelWatcher::pause()
{
    m_paused = true;
    if (m_timer)
        m_timer->stop();
}

void ModelWatcher::resume()
{
    m_paused = false;
    if (m_timer)
        m_timer->start();
    refresh();
}
