#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QStringList>

#include <chrono>
#include <map>

namespace berth {

// What the provisioners of this window are doing, as the desktop outside the
// window hears of it. A run begins when a pass has machines to start and
// ends with the first pass after which none waits, or with a pass that had
// nothing to do while no retry is due (what waits then waits for something
// else: a host that failed, the user). A run that took at least `longAfter`
// is news when it ends. The progress is that of every model's run together.
class ProvisioningNews final : public QObject
{
    Q_OBJECT

public:
    explicit ProvisioningNews(std::chrono::milliseconds longAfter, QObject *parent = nullptr);

    // What a model's provisioner reports.
    void progress(const QString &model, int done, int total);
    void passFinished(const QString &model, int started, int failed, int pending, bool retrying);
    // Only `models` are provisioned here now: the runs of the others end
    // without news.
    void keepOnly(const QStringList &models);

    bool running() const { return !m_runs.empty(); }

signals:
    // A long run ended: `started` machines started and `failed` failed in it.
    void runFinished(const QString &model, int started, int failed, std::chrono::milliseconds took);
    // Every run's machines together: `fraction` of them are done. Not
    // visible when no run is under way.
    void overallProgress(double fraction, bool visible);

private:
    struct Run
    {
        QElapsedTimer clock;
        int started = 0; // in the passes before this one
        int failed = 0;
        int done = 0; // in the pass under way
        int total = 0;
        bool worked = false; // the pass under way has had machines to start
    };
    Run &runOf(const QString &model);
    void showProgress();

    std::chrono::milliseconds m_longAfter;
    std::map<QString, Run> m_runs;
    bool m_shown = false;
};

} // namespace berth
