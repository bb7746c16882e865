#include "cli/commitwait.h"

#include "core/store/changedetector.h"
#include "core/store/store.h"

#include <QEventLoop>
#include <QSocketNotifier>
#include <QTimer>

#include <csignal>
#include <unistd.h>

namespace berth {

namespace CommitWait {

namespace {

// Ctrl+C ends the wait through the event loop (the self-pipe idiom), so the
// command leaves as it would have anyway: output flushed, store closed.
int interruptPipe[2] = {-1, -1};

void onInterrupt(int)
{
    const char byte = 1;
    [[maybe_unused]] const auto written = ::write(interruptPipe[1], &byte, 1);
}

class InterruptGuard
{
public:
    InterruptGuard()
    {
        if (interruptPipe[0] < 0 && ::pipe(interruptPipe) != 0)
            return;
        struct sigaction action = {};
        action.sa_handler = onInterrupt;
        sigemptyset(&action.sa_mask);
        m_installed = ::sigaction(SIGINT, &action, &m_previous) == 0;
    }
    ~InterruptGuard()
    {
        if (m_installed)
            ::sigaction(SIGINT, &m_previous, nullptr);
    }
    InterruptGuard(const InterruptGuard &) = delete;
    InterruptGuard &operator=(const InterruptGuard &) = delete;
    bool installed() const { return m_installed; }

private:
    struct sigaction m_previous = {};
    bool m_installed = false;
};

// How often SQLite's data version is read: often enough that a wait wakes
// within a few tens of milliseconds of the commit, and the read is cheap.
constexpr int sqlitePollMs = 10;

} // namespace

End run(Store &store, const Options &options, const std::function<bool()> &check)
{
    QEventLoop loop;
    End end = End::Done;
    UnnestedCheck checkNow([&] {
        if (!check())
            return false;
        end = End::Done;
        loop.quit();
        return true;
    });
    // Without a gap a commit checks at once. With one, the first commit after
    // a check checks one gap later: every commit of a burst shorter than the
    // gap is seen by one check, and checks are at least the gap apart.
    QTimer deferred;
    deferred.setSingleShot(true);
    QObject::connect(&deferred, &QTimer::timeout, &loop, [&checkNow] { checkNow(); });
    // The store's version is taken before the first check, and commits are
    // followed from then on: a commit made after it wakes the loop, even one
    // made while that check runs (taken after, such a commit would count as
    // seen and the wait could sleep through the last change it waits for).
    ChangeDetector detector(store, sqlitePollMs);
    QObject::connect(&detector, &ChangeDetector::committed, &loop, [&] {
        if (deferred.isActive())
            return;
        if (options.minGapMs <= 0) {
            checkNow();
            return;
        }
        deferred.start(std::chrono::milliseconds(options.minGapMs));
    });
    detector.start();
    if (checkNow())
        return End::Done;

    InterruptGuard interrupts;
    std::unique_ptr<QSocketNotifier> notifier;
    if (interrupts.installed()) {
        notifier = std::make_unique<QSocketNotifier>(interruptPipe[0], QSocketNotifier::Read);
        QObject::connect(notifier.get(), &QSocketNotifier::activated, &loop, [&] {
            char byte = 0;
            [[maybe_unused]] const auto got = ::read(interruptPipe[0], &byte, 1);
            end = End::Interrupted;
            loop.quit();
        });
    }
    QTimer timeout;
    timeout.setSingleShot(true);
    QObject::connect(&timeout, &QTimer::timeout, &loop, [&] {
        end = End::TimedOut;
        loop.quit();
    });
    if (options.timeoutMs > 0)
        timeout.start(std::chrono::milliseconds(options.timeoutMs));
    loop.exec();
    return end;
}

} // namespace CommitWait

} // namespace berth
