#pragma once

#include "core/provisioning/provisioner.h"

#include <QObject>

#include <atomic>
#include <memory>

class QTimer;

namespace berth {

class ChangeDetector;

// The provisioner as a background worker: move it to a QThread, connect
// QThread::started to start(). It runs a pass at start, when the store
// changes (any process; its ChangeDetector, woken by NOTIFY on PostgreSQL),
// when a retry falls due, and every `periodMs`; it tells when a provider
// account changed (cloudsChanged()), since it runs on the clouds it was given.
// Provider calls never touch the thread that owns the window. Stop it with
// cancel() (from any thread), then quit() + wait() on its thread.
class ProvisionerWorker final : public QObject
{
    Q_OBJECT

public:
    ProvisionerWorker(QString storeLocation, const CloudRegistry &clouds, QString model,
                      int periodMs = 10'000);
    ~ProvisionerWorker() override;

    // Thread-safe: the current pass stops between machines and no new one starts.
    void cancel() { m_cancel = true; }

public slots:
    void start();
    void requestPass();

signals:
    void logLine(const QString &line);
    void progress(int done, int total);
    // `retrying`: some of the `pending` wait for a retry that is due later.
    void passFinished(int started, int failed, int pending, bool retrying);
    void failed(const QString &message);
    // The model was being destroyed and now is gone; no pass runs after it.
    void modelDestroyed(const QString &model);
    // A provider account was added, changed or removed by some client: the
    // owner reloads the clouds and starts a worker on them.
    void cloudsChanged();

private:
    void committed();
    void runPass();
    void checkDue();

    QString m_location;
    const CloudRegistry &m_clouds;
    QString m_model;
    int m_periodMs;
    std::atomic<bool> m_cancel = false;
    std::unique_ptr<Provisioner> m_provisioner;
    std::unique_ptr<Store> m_watchStore;
    ChangeDetector *m_changes = nullptr;
    qint64 m_nextRetryAt = 0;
    qint64 m_seenSeq = 0; // the change log read for cloud edits
    qint64 m_lastPassAt = 0;
    bool m_passRequested = false;
    bool m_inPass = false;
    QTimer *m_timer = nullptr;
};

} // namespace berth
