#pragma once

#include <QtGlobal>

#include <functional>

namespace berth {

class Store;

// Waits on the store's commits, by any process (PostgreSQL's NOTIFY, SQLite's
// data version), for wait-for and status --watch: no polling of the model.
namespace CommitWait {

enum class End { Done, TimedOut, Interrupted };

struct Options
{
    // At least this long between two calls of `check`; a burst of commits
    // is one call (0: a call for each commit, at once).
    int minGapMs = 0;
    // Give up after this long; 0: never.
    qint64 timeoutMs = 0;
};

// Calls `check` now and again after commits until it returns true, the
// timeout passes, or the user presses Ctrl+C.
End run(Store &store, const Options &options, const std::function<bool()> &check);

} // namespace CommitWait

} // namespace berth
