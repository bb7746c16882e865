#pragma once

#include <QObject>

class QTimer;

namespace berth {

class Store;

// Tells when anything was committed to the store, by any process: the one
// change detector of the window's model watcher and the provisioner. On
// SQLite it compares the store's data version every `intervalMs`; on
// PostgreSQL it is woken by the store's NOTIFY (ChangeListener) and polls
// only slowly, in case a notification is ever lost. Lives on the thread that
// made it (which needs an event loop) and reads through `store`, a
// connection of that thread.
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

    Store &m_store;
    QTimer *m_timer;
    qint64 m_version = -1;
    bool m_paused = false;
};

} // namespace berth
