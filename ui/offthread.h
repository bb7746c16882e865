#pragma once

#include <QFutureWatcher>
#include <QWidget>
#include <QtConcurrent/QtConcurrentRun>

namespace berth {

// Runs `work` on Qt's thread pool for `owner` (anything that talks to a cloud
// or a host), with `owner` disabled meanwhile, and then `done(result)` on the
// owner's thread. The watcher is the owner's child: if the owner is closed
// and deleted first, `done` never runs. So `work` must capture nothing of the
// owner, only values and objects that outlive it, and the window never waits
// in a nested event loop.
template <typename Work, typename Done> void runOffThread(QWidget *owner, Work work, Done done)
{
    using Result = std::invoke_result_t<Work>;
    auto *watcher = new QFutureWatcher<Result>(owner);
    owner->setEnabled(false);
    QObject::connect(watcher, &QFutureWatcher<Result>::finished, owner,
                     [owner, watcher, done = std::move(done)]() mutable {
                         owner->setEnabled(true);
                         watcher->deleteLater();
                         done(watcher->result());
                     });
    watcher->setFuture(QtConcurrent::run(std::move(work)));
}

} // namespace berth
