#pragma once

#include <QObject>

#include <functional>
#include <utility>

class QFileSystemWatcher;
class QTimer;

namespace berth {

class Store;

// Tells when anything was committed to the store, by any process: the one
// change detector of the window's model watcher and the provisioner. On
// SQLite it compares the store's data version when the store's files are
// written (inotify: a commit appends to the write-ahead log) and every
// `intervalMs`, for what a file watch cannot see; on PostgreSQL it is woken
// by the store's NOTIFY (ChangeListener) and polls only slowly, in case a
// notification is ever lost. Lives on the thread that made it (which needs
// an event loop) and reads through `store`, a connection of that thread.
class ChangeDetector final : public QObject
{
    Q_OBJECT

public:
    ChangeDetector(Store &store, int intervalMs, QObject *parent = nullptr);

    // Starts watching from the store's version now. Emits failed() (and
    // keeps polling) when the NOTIFY listener cannot be set up.
    void start();
    // Stops and goes on; resume() then checks at once.
    void pause();
    void resume();
    // Takes the store's version now as seen: a commit made after this call
    // is reported, one made before it is not.
    void markSeen();

signals:
    void committed();
    void failed(const QString &message);

private:
    void check();
    void fileWritten();
    void watchFiles();

    Store &m_store;
    QTimer *m_timer;
    // SQLite: the store and its write-ahead log, watched once they exist.
    QFileSystemWatcher *m_files = nullptr;
    // Coalesces the file events of one commit (a write to the log a page)
    // into one check, made just after the commit shows in the log's index.
    QTimer *m_soon;
    // One more check owed after a file event that showed no new version yet.
    bool m_recheck = false;
    qint64 m_version = -1;
    bool m_paused = false;
};

// A check made after commits, never inside itself: a check may hand on the
// thread's posted events before it returns (the PostgreSQL driver hands on a
// notification so), and with them a commit. Such a commit brings one more
// check once this one ends, and is never dropped (dropped, a wait would
// sleep through the last change it waits for).
class UnnestedCheck
{
public:
    // `check`: true once what is waited for holds (no check after that).
    explicit UnnestedCheck(std::function<bool()> check)
        : m_check(std::move(check))
    {}
    UnnestedCheck(const UnnestedCheck &) = delete;
    UnnestedCheck &operator=(const UnnestedCheck &) = delete;

    // Checks now, or once the check under way ends. True once it held.
    bool operator()();

private:
    std::function<bool()> m_check;
    bool m_checking = false;
    bool m_again = false;
    bool m_held = false;
};

} // namespace berth
