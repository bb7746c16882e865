#pragma once

#include <QApplication>

namespace berth {

class BerthError;

// The window's application: an exception that escapes an event handler (a
// slot, a dialog's accept) becomes one message to the user instead of ending
// the process; the store transaction it came from has been rolled back.
class BerthApplication final : public QApplication
{
public:
    using QApplication::QApplication;
    bool notify(QObject *receiver, QEvent *event) override;

    // --debug: messages about errors also show what lies under them (the
    // store driver's own text) behind "Show Details…".
    void setDebug(bool debug) { m_debug = debug; }
    // One message box for an error, with its detail under --debug.
    void showError(QWidget *parent, const QString &message, const QString &detail = {}) const;
    // SIGTERM, SIGINT and SIGHUP (a session ending, kill, Ctrl+C in the
    // terminal it was started from) close the windows as the user would:
    // they keep their size and settings and stop their provisioners cleanly.
    void closeWindowsOnSignals();

private:
    bool m_debug = false;
};

} // namespace berth
