#pragma once

// Helpers for tests of the window's dialogs, which do their work with hosts,
// clouds and stores off the window's thread.
#include "ui/accountsdialog.h"

#include <QSignalSpy>

namespace berth {

// Saves and waits for the dialog to say how it went (the store and the
// cloud are asked off the window's thread).
inline bool saved(AccountsDialog &dialog)
{
    QSignalSpy spy(&dialog, &AccountsDialog::saved);
    dialog.save();
    if (spy.isEmpty() && !spy.wait(120'000))
        return false;
    return spy.first().first().toBool();
}

} // namespace berth
