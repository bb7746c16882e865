#pragma once

#include "core/bertherror.h"
#include "core/store/store.h"

#include <QFutureWatcher>
#include <QWidget>
#include <QtConcurrent/QtConcurrentRun>

namespace berth {

// Has the application, as it ends, wait for Qt's thread pool and end its
// threads: ended later, at the process's exit, a thread that had connected
// to PostgreSQL freed its OpenSSL state after OpenSSL itself had shut down.
void endPoolThreadsWithTheApplication();

// Runs `work` on Qt's thread pool and then `done(result)` on the thread of
// `context`, unless `context` is gone by then (the watcher is its child).
// `work` must capture nothing of `context`.
template <typename Work, typename Done> void runInBackground(QObject *context, Work work, Done done)
{
    endPoolThreadsWithTheApplication();
    using Result = std::invoke_result_t<Work>;
    auto *watcher = new QFutureWatcher<Result>(context);
    QObject::connect(watcher, &QFutureWatcher<Result>::finished, context,
                     [watcher, done = std::move(done)]() mutable {
                         watcher->deleteLater();
                         done(watcher->result());
                     });
    watcher->setFuture(QtConcurrent::run(std::move(work)));
}

// What a read off the window's thread gave: its value, or the one line
// saying why it failed.
template <typename T> struct StoreRead
{
    T value;
    QString error;
};

// runInBackground() of `read(store)` on a connection of its own to the
// store at `location`: `done` gets a StoreRead with the value, or with the
// error the store (or the read) refused with. `read` captures only values.
template <typename Read, typename Done>
void readStoreInBackground(QObject *context, QString location, Read read, Done done)
{
    using Value = std::invoke_result_t<Read, Store &>;
    runInBackground(
        context,
        [location = std::move(location), read = std::move(read)]() -> StoreRead<Value> {
            try {
                Store store(location);
                return {read(store), {}};
            } catch (const BerthError &error) {
                return {{}, error.message()};
            }
        },
        std::move(done));
}

// runInBackground() for work a widget waits for (anything that talks to a
// cloud or a host): `owner` is disabled meanwhile. If the owner is closed and
// deleted first, `done` never runs; so `work` captures only values and
// objects that outlive the owner, and the window never waits in a nested
// event loop.
template <typename Work, typename Done> void runOffThread(QWidget *owner, Work work, Done done)
{
    owner->setEnabled(false);
    runInBackground(owner, std::move(work),
                    [owner, done = std::move(done)](const auto &result) mutable {
                        owner->setEnabled(true);
                        done(result);
                    });
}

} // namespace berth
