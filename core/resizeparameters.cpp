#include "resizeparameters.h"

#include <cmath>

namespace ResizeParameters {

std::optional<Adjustment> adjustmentFromName(const QString &name)
{
    if (name == u"EXACT_CAPACITY")
        return Adjustment::ExactCapacity;
    if (name == u"CHANGE_IN_CAPACITY")
        return Adjustment::ChangeInCapacity;
    if (name == u"CHANGE_IN_PERCENTAGE")
        return Adjustment::ChangeInPercentage;
    return std::nullopt;
}

qint64 calculateDesired(qint64 current, Adjustment adjustment, double number,
                        std::optional<qint64> minStep)
{
    switch (adjustment) {
    case Adjustment::ExactCapacity:
        return qint64(number);
    case Adjustment::ChangeInCapacity:
        return current + qint64(number);
    case Adjustment::ChangeInPercentage:
        break;
    }
    // Under one node rounds away from zero, more than one toward zero.
    const double delta = number * double(current) / 100.0;
    qint64 rounded;
    if (delta > 0)
        rounded = qint64(std::fabs(delta) < 1.0 ? std::ceil(delta) : std::floor(delta));
    else
        rounded = qint64(std::fabs(delta) < 1.0 ? std::floor(delta) : std::ceil(delta));
    if (minStep && *minStep > std::abs(rounded))
        return current + (rounded > 0 ? *minStep : -*minStep);
    return current + rounded;
}

qint64 truncateDesired(const ClusterSize &cluster, qint64 desired, std::optional<qint64> minSize,
                       std::optional<qint64> maxSize)
{
    if (minSize && desired < *minSize)
        desired = *minSize;
    if (!minSize && desired < cluster.minSize)
        desired = cluster.minSize;
    if (maxSize && *maxSize > 0 && desired > *maxSize)
        desired = *maxSize;
    if (!maxSize && cluster.maxSize > 0 && desired > cluster.maxSize)
        desired = cluster.maxSize;
    return desired;
}

QString checkSizes(const ClusterSize &cluster, std::optional<qint64> desired,
                   std::optional<qint64> minSize, std::optional<qint64> maxSize)
{
    if (desired) {
        const qint64 d = *desired;
        if (minSize && d < *minSize)
            return QStringLiteral(
                       "The target capacity (%1) is less than the specified min_size (%2).")
                .arg(d)
                .arg(*minSize);
        if (!minSize && d < cluster.minSize)
            return QStringLiteral(
                       "The target capacity (%1) is less than the cluster's min_size (%2).")
                .arg(d)
                .arg(cluster.minSize);
        if (maxSize && *maxSize >= 0 && d > *maxSize)
            return QStringLiteral(
                       "The target capacity (%1) is greater than the specified max_size (%2).")
                .arg(d)
                .arg(*maxSize);
        if (!maxSize && cluster.maxSize >= 0 && d > cluster.maxSize)
            return QStringLiteral(
                       "The target capacity (%1) is greater than the cluster's max_size (%2).")
                .arg(d)
                .arg(cluster.maxSize);
    }
    if (minSize) {
        if (maxSize && *maxSize >= 0 && *minSize > *maxSize)
            return QStringLiteral(
                       "The specified min_size (%1) is greater than the specified max_size (%2).")
                .arg(*minSize)
                .arg(*maxSize);
        if (!maxSize && cluster.maxSize >= 0 && *minSize > cluster.maxSize)
            return QStringLiteral("The specified min_size (%1) is greater than the current "
                                  "max_size (%2) of the cluster.")
                .arg(*minSize)
                .arg(cluster.maxSize);
        if (!desired && *minSize > cluster.desired)
            return QStringLiteral("The specified min_size (%1) is greater than the current "
                                  "desired_capacity (%2) of the cluster.")
                .arg(*minSize)
                .arg(cluster.desired);
    }
    if (maxSize) {
        if (!minSize && *maxSize >= 0 && *maxSize < cluster.minSize)
            return QStringLiteral("The specified max_size (%1) is less than the current min_size "
                                  "(%2) of the cluster.")
                .arg(*maxSize)
                .arg(cluster.minSize);
        if (!desired && *maxSize >= 0 && *maxSize < cluster.desired)
            return QStringLiteral("The specified max_size (%1) is less than the current "
                                  "desired_capacity (%2) of the cluster.")
                .arg(*maxSize)
                .arg(cluster.desired);
    }
    return {};
}

Result resize(const ClusterSize &cluster, const Request &request)
{
    Result result;
    qint64 desired = cluster.desired;
    if (request.adjustment)
        desired = calculateDesired(desired, *request.adjustment, request.number, request.minStep);
    if (!request.strict)
        desired = truncateDesired(cluster, desired, request.minSize, request.maxSize);
    result.error = checkSizes(cluster, desired, request.minSize, request.maxSize);
    if (!result.ok())
        return result;
    const qint64 count = cluster.desired - desired;
    if (count > 0)
        result.deletion = count;
    else
        result.creation = -count;
    return result;
}

} // namespace ResizeParameters
