#pragma once

#include "core/model/modelrecords.h"

#include <QObject>

#include <memory>

namespace berth {

class CloudRegistry;
class ModelWatcher;
class WorkerThread;

// The window's reading of the open model: a ModelWatcher on a thread and
// store connection of its own reads the model, as its change set would
// leave it, whenever any client commits, and tells of provider settings
// any client changed. Its signals arrive on the window's thread.
class ModelSession final : public QObject
{
    Q_OBJECT

public:
    ModelSession(const QString &storeLocation, const CloudRegistry &clouds, int intervalMs,
                 QObject *parent = nullptr);
    ~ModelSession() override; // the watcher's thread stops first

    // Follows `model` (read at once).
    void watch(const QString &model);
    // Reads again now, not at the next poll.
    void refresh();
    // Stops reading; with `wait`, returns once the watcher has stopped (the
    // clouds it reads through are about to be replaced).
    void pause(bool wait);
    void resume();

signals:
    void snapshotReady(const ModelSnapshot &snapshot);
    void failed(const QString &message);
    // The open model is no longer there (destroyed here or elsewhere).
    void modelGone(const QString &model);
    // A provider account was added, changed or removed, by any client.
    void cloudsChanged();

private:
    ModelWatcher *m_watcher; // lives on m_thread
    std::unique_ptr<WorkerThread> m_thread;
};

} // namespace berth
