#include "core/provisioning/retrypolicy.h"

#include "core/model/modelconfig.h"

#include <algorithm>

namespace berth {

RetryPolicy RetryPolicy::of(const ModelConfig &config)
{
    return {config.retryCount(), config.retryDelayMs()};
}

qint64 RetryPolicy::delayAfter(int attempts) const
{
    // retry-delay is at most 24 hours: shifted by up to 20 it stays in range.
    return std::min<qint64>(m_delayMs << std::clamp(attempts - 1, 0, 20), longestDelayMs);
}

} // namespace berth
