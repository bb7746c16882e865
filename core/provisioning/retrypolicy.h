#pragma once

#include <QtGlobal>

namespace berth {

class ModelConfig;

// When a failed start is tried again (provisioning: Retry): a retryable
// failure is, while the machine has used no more than `retry-count`
// attempts, after a delay that doubles with each attempt (from
// `retry-delay`), up to ten minutes.
class RetryPolicy
{
public:
    RetryPolicy(int count, qint64 delayMs)
        : m_count(count)
        , m_delayMs(delayMs)
    {}
    static RetryPolicy of(const ModelConfig &config);

    static constexpr qint64 longestDelayMs = 600'000;

    // Whether a machine whose `attempts`-th attempt (counting this one) just
    // failed, retryably, is tried again.
    bool retries(int attempts) const { return attempts <= m_count; }
    // How long after its `attempts`-th failed attempt a machine is tried again.
    qint64 delayAfter(int attempts) const;

private:
    int m_count;
    qint64 m_delayMs;
};

} // namespace berth
