#pragma once

#include <QEventLoop>
#include <QFutureWatcher>
#include <QWidget>
#include <QtConcurrent/QtConcurrentRun>

#include <functional>

// Runs fn on a worker thread (anything that talks to a cloud or a host) while
// `busy` is disabled and the window keeps painting; returns fn's result.
template <typename T> T runOffThread(QWidget *busy, std::function<T()> fn)
{
    QFutureWatcher<T> watcher;
    QEventLoop loop;
    QObject::connect(&watcher, &QFutureWatcher<T>::finished, &loop, &QEventLoop::quit);
    busy->setEnabled(false);
    watcher.setFuture(QtConcurrent::run(std::move(fn)));
    if (!watcher.isFinished())
        loop.exec();
    busy->setEnabled(true);
    return watcher.result();
}
