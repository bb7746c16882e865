#include "core/store/modelwatcher.h"
#include "core/store/modelrows.h"

#include "core/bertherror.h"
#include "core/store/changedetector.h"
#include "core/store/workspace.h"

#include <QScopeGuard>
#include <QTimer>

namespace berth {

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
    m_later = new QTimer(this);
    m_later->setSingleShot(true);
    connect(m_later, &QTimer::timeout, this, [this] {
        if (!m_paused && !m_model.isEmpty())
            read();
    });
    m_detector = new ChangeDetector(*m_store, m_intervalMs, this);
    connect(m_detector, &ChangeDetector::committed, this, &ModelWatcher::committed);
    connect(m_detector, &ChangeDetector::failed, this, &ModelWatcher::failed);
    if (m_paused)
        m_detector->pause();
    m_detector->start();
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

void ModelWatcher::committed()
{
    if (m_model.isEmpty() || m_paused)
        return;
    try {
        // Something was committed: read the model only when the change log
        // says this model changed (other models' and cloud edits are skipped).
        bool ours = m_modelId == 0;
        bool clouds = false;
        m_store->followChanges(m_seq, [&](const ChangeList &changes) {
            for (const Change &change : changes) {
                ours = ours || change.modelId == m_modelId;
                clouds = clouds || change.kind == u"cloud";
            }
            return true;
        });
        if (clouds)
            emit cloudsChanged();
        if (ours)
            readPaced();
    } catch (const BerthError &error) {
        emit failed(error.message());
    }
}

void ModelWatcher::readPaced()
{
    const qint64 since = m_sinceRead.isValid() ? m_sinceRead.elapsed() : m_intervalMs;
    if (since >= m_intervalMs)
        read();
    else if (!m_later->isActive())
        m_later->start(int(m_intervalMs - since));
}

void ModelWatcher::read()
{
    m_later->stop(); // this read covers what it was for
    const auto ended = qScopeGuard([this] { m_sinceRead.start(); });
    try {
        // The version and log position first: a commit made while reading is
        // read again next time.
        m_detector->markSeen();
        m_seq = m_store->lastChangeSeq();
        ModelSnapshot snapshot =
            m_reader ? m_reader(*m_workspace, m_model) : m_workspace->snapshot(m_model);
        m_modelId = snapshot.model.id;
        emit snapshotReady(snapshot);
    } catch (const BerthError &error) {
        const QString model = m_model;
        bool gone = false;
        try {
            gone = !m_store->read(
                [&](SqlSession &sql) { return ModelRows(sql).find(model).has_value(); });
        } catch (const BerthError &) {
            // The store itself fails: the first error says why.
        }
        if (gone) {
            m_model.clear();
            emit modelGone(model);
        } else {
            emit failed(error.message());
        }
    }
}

void ModelWatcher::pause()
{
    m_paused = true;
    if (m_later)
        m_later->stop();
    if (m_detector)
        m_detector->pause();
}

void ModelWatcher::resume()
{
    m_paused = false;
    if (m_detector)
        m_detector->resume();
    refresh();
}

} // namespace berth
