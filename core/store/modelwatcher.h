#pragma once

#include "core/model/modelrecords.h"

#include <QElapsedTimer>
#include <QObject>

#include <functional>
#include <memory>

class QTimer;

namespace berth {

class CloudRegistry;
class ChangeDetector;
class Store;
class Workspace;

// Reads the open model off the window's thread: move it to a QThread and
// connect QThread::started to start(). When its ChangeDetector reports a
// commit (any process's) and the change log has entries for the open model,
// it reads a snapshot on its own connection and hands it over with
// snapshotReady(). The item models merge
// it by id, so views change in place. The first commit after a quiet spell
// is read at once; while commits keep coming (a provisioner's rounds), one
// read at most every `intervalMs` after the last one ended covers them all.
class ModelWatcher final : public QObject
{
    Q_OBJECT

public:
    ModelWatcher(QString storeLocation, const CloudRegistry &clouds, int intervalMs = 250);
    ~ModelWatcher() override;

    // How a snapshot is read (by default Workspace::snapshot); the window
    // reads the model with its change set applied. Set before start().
    using SnapshotReader = std::function<ModelSnapshot(Workspace &, const QString &model)>;
    void setSnapshotReader(SnapshotReader reader) { m_reader = std::move(reader); }

public slots:
    void start();
    // Follows another model (reads it at once).
    void watch(const QString &model);
    // Reads again now, changed or not.
    void refresh();
    // Stops reading (while the clouds it reads through are replaced), and goes on.
    void pause();
    void resume();

signals:
    void snapshotReady(const ModelSnapshot &snapshot);
    void failed(const QString &message);
    // The open model is no longer there (destroyed); nothing is read until watch().
    void modelGone(const QString &model);
    // A provider account was added, changed or removed, by any client.
    void cloudsChanged();

private:
    void committed();
    void readPaced();
    void read();

    QString m_location;
    const CloudRegistry &m_clouds;
    int m_intervalMs;
    bool m_paused = false;
    QString m_model;
    std::unique_ptr<Store> m_store;
    std::unique_ptr<Workspace> m_workspace;
    ChangeDetector *m_detector = nullptr;
    QElapsedTimer m_sinceRead; // since the last read ended
    QTimer *m_later = nullptr; // the read that covers commits made meanwhile
    qint64 m_seq = 0;          // the change log read so far
    qint64 m_modelId = 0;      // the open model's id once read
    SnapshotReader m_reader;
};

} // namespace berth
