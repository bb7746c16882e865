#pragma once

#include <QThread>

#include <functional>

namespace berth {

// A QThread running one QObject worker, set up and torn down in one place.
// The worker (without a parent) moves to the thread, `started` runs on it
// once the thread's event loop is up, and the worker is deleted on its own
// thread when the thread finishes. The destructor calls `beforeQuit` (e.g.
// the worker's thread-safe cancel()), quits the loop and waits for it, so
// no worker outlives its owner.
class WorkerThread final
{
public:
    template <typename Worker>
    WorkerThread(const QString &name, Worker *worker, void (Worker::*started)(),
                 std::function<void()> beforeQuit = {})
        : m_beforeQuit(std::move(beforeQuit))
    {
        m_thread.setObjectName(name);
        worker->moveToThread(&m_thread);
        QObject::connect(&m_thread, &QThread::started, worker, started);
        QObject::connect(&m_thread, &QThread::finished, worker, &QObject::deleteLater);
        m_thread.start();
    }
    ~WorkerThread()
    {
        if (m_beforeQuit)
            m_beforeQuit();
        m_thread.quit();
        m_thread.wait();
    }
    WorkerThread(const WorkerThread &) = delete;
    WorkerThread &operator=(const WorkerThread &) = delete;

private:
    std::function<void()> m_beforeQuit;
    QThread m_thread;
};

} // namespace berth
