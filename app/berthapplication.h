#pragma once

#include <QApplication>

// The window's application: an exception that escapes an event handler (a
// slot, a dialog's accept) becomes one message to the user instead of ending
// the process; the store transaction it came from has been rolled back.
class BerthApplication final : public QApplication
{
public:
    using QApplication::QApplication;
    bool notify(QObject *receiver, QEvent *event) override;
};
