#include "ui/provisioningscope.h"

#include "core/provisioning/provisionerworker.h"
#include "core/workerthread.h"

namespace berth {

ProvisioningScope::ProvisioningScope(QString storeLocation,
                                     std::function<const CloudRegistry &()> clouds, QObject *parent)
    : QObject(parent)
    , m_location(std::move(storeLocation))
    , m_clouds(std::move(clouds))
{}

ProvisioningScope::~ProvisioningScope()
{
    m_running.clear(); // each worker is cancelled and its thread waited for
}

QStringList ProvisioningScope::models() const
{
    QStringList names;
    for (const auto &entry : m_running)
        names << entry.first;
    return names; // a std::map keeps them sorted
}

bool ProvisioningScope::provisions(const QString &model) const
{
    return m_running.count(model) > 0;
}

void ProvisioningScope::start(const QString &model)
{
    if (m_location.isEmpty() || provisions(model))
        return;
    launch(model);
    emit changed();
}

void ProvisioningScope::launch(const QString &model)
{
    auto *worker = new ProvisionerWorker(m_location, m_clouds(), model);
    connect(worker, &ProvisionerWorker::logLine, this,
            [this, model](const QString &line) { emit logLine(model, line); });
    connect(worker, &ProvisionerWorker::failed, this, [this, model](const QString &message) {
        emit logLine(model, tr("provisioner: %1").arg(message));
    });
    connect(worker, &ProvisionerWorker::progress, this,
            [this, model](int done, int total) { emit progress(model, done, total); });
    connect(worker, &ProvisionerWorker::passFinished, this,
            [this, model](int started, int failed, int pending, bool retrying) {
                emit passFinished(model, started, failed, pending, retrying);
            });
    connect(worker, &ProvisionerWorker::modelDestroyed, this, [this](const QString &gone) {
        stop(gone);
        emit modelDestroyed(gone);
    });
    m_running.emplace(model, std::make_unique<WorkerThread>(QStringLiteral("berth-provisioner"),
                                                            worker, &ProvisionerWorker::start,
                                                            [worker] { worker->cancel(); }));
}

void ProvisioningScope::stop(const QString &model)
{
    m_paused.removeAll(model);
    if (m_running.erase(model) > 0) // cancels the worker, deleted on its thread
        emit changed();
}

void ProvisioningScope::pause()
{
    m_paused << models();
    m_running.clear();
}

void ProvisioningScope::resume()
{
    const QStringList paused = std::exchange(m_paused, {});
    for (const QString &model : paused)
        launch(model);
}

} // namespace berth
