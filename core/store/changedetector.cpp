#include "core/store/changedetector.h"

#include "core/bertherror.h"
#include "core/store/changelistener.h"
#include "core/store/store.h"

#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QTimer>

#include <utility>

namespace berth {

ChangeDetector::ChangeDetector(Store &store, int intervalMs, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_timer(new QTimer(this))
    , m_soon(new QTimer(this))
{
    m_timer->setInterval(intervalMs);
    connect(m_timer, &QTimer::timeout, this, &ChangeDetector::check);
    m_soon->setSingleShot(true);
    connect(m_soon, &QTimer::timeout, this, &ChangeDetector::check);
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
    } else {
        // A commit by any process appends to the write-ahead log: told by the
        // kernel, the check comes at once instead of at the next poll.
        m_files = new QFileSystemWatcher(this);
        connect(m_files, &QFileSystemWatcher::fileChanged, this, &ChangeDetector::fileWritten);
        watchFiles();
    }
    if (!m_paused)
        m_timer->start();
}

void ChangeDetector::fileWritten()
{
    if (m_paused)
        return;
    // A commit writes its pages to the log, then publishes them in the log's
    // shared index, which no file event shows: checked a moment later, and
    // once more should the index not show it yet.
    // Not restarted by the next event: writes in a stream still get a check.
    m_recheck = true;
    if (!m_soon->isActive())
        m_soon->start(2);
}

void ChangeDetector::watchFiles()
{
    // The log appears with the store's first reader or writer, and a file
    // deleted leaves the watch: each is added once it exists.
    const QString store = m_store.location();
    const QStringList watched = m_files->files();
    QStringList missing;
    for (const QString &path : QStringList{store, store + QStringLiteral("-wal")}) {
        if (!watched.contains(path) && QFileInfo::exists(path))
            missing << path;
    }
    if (!missing.isEmpty())
        m_files->addPaths(missing);
}

void ChangeDetector::pause()
{
    m_paused = true;
    m_timer->stop();
    m_soon->stop();
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
    if (m_files)
        watchFiles();
    try {
        const qint64 version = m_store.dataVersion();
        if (version == m_version) {
            if (std::exchange(m_recheck, false))
                m_soon->start(25);
            return;
        }
        m_version = version;
        m_recheck = false;
    } catch (const BerthError &error) {
        emit failed(error.message());
        return;
    }
    emit committed();
}

bool UnnestedCheck::operator()()
{
    if (m_held)
        return true;
    if (m_checking) {
        m_again = true;
        return false;
    }
    m_checking = true;
    do {
        m_again = false;
        m_held = m_check();
    } while (!m_held && m_again);
    m_checking = false;
    return m_held;
}

} // namespace berth
