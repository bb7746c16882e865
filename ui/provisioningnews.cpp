#include "ui/provisioningnews.h"

namespace berth {

ProvisioningNews::ProvisioningNews(std::chrono::milliseconds longAfter, QObject *parent)
    : QObject(parent)
    , m_longAfter(longAfter)
{}

ProvisioningNews::Run &ProvisioningNews::runOf(const QString &model)
{
    auto [at, begun] = m_runs.try_emplace(model);
    if (begun)
        at->second.clock.start();
    return at->second;
}

void ProvisioningNews::progress(const QString &model, int done, int total)
{
    if (total <= 0 && !m_runs.contains(model))
        return;
    Run &run = runOf(model);
    run.done = done;
    run.total = total;
    run.worked = run.worked || total > 0;
    showProgress();
}

void ProvisioningNews::passFinished(const QString &model, int started, int failed, int pending,
                                    bool retrying)
{
    if (!m_runs.contains(model) && started + failed == 0)
        return; // a pass that started nothing begins no run
    Run &run = runOf(model);
    const bool worked = run.worked || started + failed > 0;
    run.started += started;
    run.failed += failed;
    run.done = 0;
    run.total = pending; // what the next passes have left
    run.worked = false;
    if (pending == 0 || (!worked && !retrying)) {
        const Run ended = run;
        m_runs.erase(model);
        const std::chrono::milliseconds took(ended.clock.elapsed());
        if (took >= m_longAfter && ended.started + ended.failed > 0)
            emit runFinished(model, ended.started, ended.failed, took);
    }
    showProgress();
}

void ProvisioningNews::keepOnly(const QStringList &models)
{
    if (std::erase_if(m_runs, [&models](const auto &run) { return !models.contains(run.first); }) >
        0)
        showProgress();
}

void ProvisioningNews::showProgress()
{
    // Machines of finished passes count as done, those still waiting as not.
    int done = 0;
    int total = 0;
    for (const auto &[model, run] : m_runs) {
        done += run.started + run.failed + run.done;
        total += run.started + run.failed + run.total;
    }
    const bool visible = !m_runs.empty();
    if (!visible && !m_shown)
        return;
    m_shown = visible;
    emit overallProgress(total > 0 ? double(done) / total : 0.0, visible);
}

} // namespace berth
