#include "app/berthapplication.h"

#include "core/bertherror.h"

#include <QMessageBox>
#include <QSocketNotifier>

#include <csignal>
#include <sys/socket.h>
#include <unistd.h>

namespace berth {

namespace {

int signalPipe[2] = {-1, -1}; // written by the handler, read on the event loop

void onSignal(int)
{
    const char byte = 1;
    [[maybe_unused]] const auto written = ::write(signalPipe[0], &byte, 1);
}

} // namespace

void BerthApplication::closeWindowsOnSignals()
{
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, signalPipe) != 0)
        return; // without it a signal ends the process as before
    auto *notifier = new QSocketNotifier(signalPipe[1], QSocketNotifier::Read, this);
    connect(notifier, &QSocketNotifier::activated, this, [] {
        char byte = 0;
        [[maybe_unused]] const auto read = ::read(signalPipe[1], &byte, 1);
        closeAllWindows();
        quit();
    });
    struct sigaction action = {};
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (const int signal : {SIGTERM, SIGINT, SIGHUP})
        ::sigaction(signal, &action, nullptr);
}

bool BerthApplication::notify(QObject *receiver, QEvent *event)
{
    QString message;
    QString detail;
    try {
        return QApplication::notify(receiver, event);
    } catch (const BerthError &error) {
        message = error.message();
        detail = error.detail();
    } catch (const std::bad_alloc &) {
        message = tr("Not enough memory for this operation; nothing was changed.");
    } catch (const std::exception &error) {
        message = printable(QString::fromLocal8Bit(error.what()));
    } catch (...) {
        message = tr("Unexpected failure; nothing was changed.");
    }
    showError(activeWindow(), message, detail);
    return false;
}

void BerthApplication::showError(QWidget *parent, const QString &message,
                                 const QString &detail) const
{
    QMessageBox box(QMessageBox::Critical, applicationDisplayName(), message, QMessageBox::Ok,
                    parent);
    if (m_debug && !detail.isEmpty())
        box.setDetailedText(detail);
    box.exec();
}

} // namespace berth
