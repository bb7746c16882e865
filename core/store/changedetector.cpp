#include "core/store/changedetector.h"

#include "core/bertherror.h"
#include "core/store/changelistener.h"
#include "core/store/store.h"

#include <QTimer>

namespace berth {

ChangeDetector::ChangeDetector(Store &store, int intervalMs, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_timer(new QTimer(this))
{
    m_timer->setInterval(intervalMs);
    connect(m_timer, &QTimer::timeout, this, &ChangeDetector::check);
}

void ChangeDetector::start()
{
    markSeen();
    if (m_store.backend() == Store::Backend::Postgres) {
        // Every write commit notifies the channel: check when told, not by
        // polling (the timer stays, slow, in case a notification is lost).
        try {
            auto *listener = new ChangeListener(m_store.location(), this);
            connect(listener, &ChangeListener::committed, this, &ChangeDetector::check);
            m_timer->setInterval(std::max(m_timer->interval(), 5'000));
        } catch (const BerthError &error) {
            emit failed(error.message());
        }
    }
    if (!m_paused)
        m_timer->start();
}

void ChangeDetector::pause()
{
    m_paused = true;
    m_timer->stop();
}

void ChangeDetector::resume()
{
    m_paused = false;
    m_timer->start();
    check();
}

void ChangeDetector::markSeen()
{
    try {
        m_version = m_store.dataVersion();
    } catch (const BerthError &error) {
        emit failed(error.message());
    }
}

void ChangeDetector::check()
{
    if (m_paused)
        return;
    try {
        const qint64 version = m_store.dataVersion();
        if (version == m_version)
            return;
        m_version = version;
    } catch (const BerthError &error) {
        emit failed(error.message());
        return;
    }
    emit committed();
}

} // namespace berth
