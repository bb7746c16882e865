#include "ui/offthread.h"

#include <QCoreApplication>
#include <QThreadPool>

namespace berth {

void endPoolThreadsWithTheApplication()
{
    static bool registered = false; // the window's thread only
    if (registered)
        return;
    registered = true;
    // Post routines run as the application object goes, before the
    // libraries' own clean-up at exit.
    qAddPostRoutine([] { QThreadPool::globalInstance()->waitForDone(); });
}

} // namespace berth
