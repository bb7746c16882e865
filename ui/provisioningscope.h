#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <map>
#include <memory>

namespace berth {

class CloudRegistry;
class ProvisionerWorker;
class WorkerThread;

// The models this window provisions: each one the user asked for has its
// own provisioner on its own thread, whichever model the window shows.
// Showing a model starts nothing; only start() does.
class ProvisioningScope final : public QObject
{
    Q_OBJECT

public:
    // `clouds` gives the registry the provisioners run on (the window's).
    ProvisioningScope(QString storeLocation, std::function<const CloudRegistry &()> clouds,
                      QObject *parent = nullptr);
    ~ProvisioningScope() override;

    QStringList models() const;
    bool provisions(const QString &model) const;
    void start(const QString &model);
    void stop(const QString &model);
    // Every provisioner stops (the clouds are about to change, or the store
    // was lost); resume() starts those of the same models again.
    void pause();
    void resume();

signals:
    void logLine(const QString &model, const QString &line);
    void progress(const QString &model, int done, int total);
    // A pass ended: `started` machines started and `failed` failed in it;
    // `pending` wait for a retry (`retrying`: one is due later) or a host.
    void passFinished(const QString &model, int started, int failed, int pending, bool retrying);
    // A model being destroyed is gone: its provisioner has stopped.
    void modelDestroyed(const QString &model);
    // The set of models changed.
    void changed();

private:
    void launch(const QString &model);

    QString m_location;
    std::function<const CloudRegistry &()> m_clouds;
    std::map<QString, std::unique_ptr<WorkerThread>> m_running;
    QStringList m_paused;
};

} // namespace berth
