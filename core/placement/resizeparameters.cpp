#include "core/placement/resizeparameters.h"

#include "core/inputlimits.h"

#include <QCoreApplication>
#include <cmath>

namespace berth {

namespace {

// This file's words, through Qt's translation system: the window shows them
// in the user's language, berthctl (no translator) as written here.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(ResizeParameters)
};

} // namespace

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

namespace {

QString adjustmentName(Adjustment adjustment)
{
    switch (adjustment) {
    case Adjustment::ExactCapacity:
        return QStringLiteral("EXACT_CAPACITY");
    case Adjustment::ChangeInCapacity:
        return QStringLiteral("CHANGE_IN_CAPACITY");
    case Adjustment::ChangeInPercentage:
        break;
    }
    return QStringLiteral("CHANGE_IN_PERCENTAGE");
}

QString outOfBounds(const char *name, qint64 value, qint64 minimum)
{
    return Text::tr("%1 %2 is out of bounds: expected %3 to %4")
        .arg(QLatin1StringView(name))
        .arg(value)
        .arg(minimum)
        .arg(Limits::maxUnits);
}

} // namespace

std::optional<double> readNumber(Adjustment adjustment, QStringView text, QString *error)
{
    if (adjustment == Adjustment::ChangeInPercentage) {
        if (const auto n = Limits::parseNumber(text))
            return n;
        *error = Text::tr("a number of percent from -1e15 to 1e15 for "
                          "CHANGE_IN_PERCENTAGE");
        return std::nullopt;
    }
    if (const auto n = Limits::parseInteger(text); n && std::abs(*n) <= Limits::maxUnits)
        return double(*n);
    *error = Text::tr("a whole number from %2 to %3 for %1")
                 .arg(adjustmentName(adjustment))
                 .arg(adjustment == Adjustment::ExactCapacity ? 0 : -Limits::maxUnits)
                 .arg(Limits::maxUnits);
    return std::nullopt;
}

QString checkRequest(const Request &request, qint64 current)
{
    if (request.adjustment) {
        const double n = request.number;
        if (!std::isfinite(n) || std::fabs(n) > 1e15)
            return Text::tr("The number %1 does not fit: expected a finite number up to 1e15")
                .arg(n);
        if (*request.adjustment == Adjustment::ChangeInPercentage) {
            const double change = n * double(current) / 100.0;
            if (std::fabs(change) > double(Limits::maxUnits))
                return Text::tr("%1% of %2 nodes is a change of %3 nodes; at most %4 at once")
                    .arg(n)
                    .arg(current)
                    .arg(change, 0, 'g', 6)
                    .arg(Limits::maxUnits);
        } else {
            if (n != std::trunc(n) || std::fabs(n) > double(Limits::maxUnits))
                return Text::tr("%1 takes a whole number of nodes up to %2, got %3")
                    .arg(adjustmentName(*request.adjustment))
                    .arg(Limits::maxUnits)
                    .arg(n);
            if (*request.adjustment == Adjustment::ExactCapacity && n < 0)
                return Text::tr("The 'number' must be non-negative integer for adjustment "
                                "type 'EXACT_CAPACITY'.");
        }
    }
    if (current < 0 || current > Limits::maxUnits)
        return outOfBounds("the current size", current, 0);
    if (request.minStep && (*request.minStep < 0 || *request.minStep > Limits::maxUnits))
        return outOfBounds("min_step", *request.minStep, 0);
    if (request.minSize && (*request.minSize < 0 || *request.minSize > Limits::maxUnits))
        return outOfBounds("min_size", *request.minSize, 0);
    if (request.maxSize && (*request.maxSize < -1 || *request.maxSize > Limits::maxUnits))
        return outOfBounds("max_size", *request.maxSize, -1);
    return {};
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
                   std::optional<qint64> minSize, std::optional<qint64> maxSize, bool strict)
{
    if (desired) {
        const qint64 d = *desired;
        if (minSize && d < *minSize)
            return Text::tr("The target capacity (%1) is less than the specified min_size (%2).")
                .arg(d)
                .arg(*minSize);
        if (!minSize && d < cluster.minSize && strict)
            return Text::tr("The target capacity (%1) is less than the cluster's min_size (%2).")
                .arg(d)
                .arg(cluster.minSize);
        if (maxSize && *maxSize >= 0 && d > *maxSize)
            return Text::tr("The target capacity (%1) is greater than the specified max_size (%2).")
                .arg(d)
                .arg(*maxSize);
        if (!maxSize && cluster.maxSize >= 0 && d > cluster.maxSize && strict)
            return Text::tr("The target capacity (%1) is greater than the cluster's max_size (%2).")
                .arg(d)
                .arg(cluster.maxSize);
    }
    if (minSize) {
        if (maxSize && *maxSize >= 0 && *minSize > *maxSize)
            return Text::tr(
                       "The specified min_size (%1) is greater than the specified max_size (%2).")
                .arg(*minSize)
                .arg(*maxSize);
        if (!maxSize && cluster.maxSize >= 0 && *minSize > cluster.maxSize)
            return Text::tr("The specified min_size (%1) is greater than the current "
                            "max_size (%2) of the cluster.")
                .arg(*minSize)
                .arg(cluster.maxSize);
        if (!desired && *minSize > cluster.desired && strict)
            return Text::tr("The specified min_size (%1) is greater than the current "
                            "desired_capacity (%2) of the cluster.")
                .arg(*minSize)
                .arg(cluster.desired);
    }
    if (maxSize) {
        if (!minSize && *maxSize >= 0 && *maxSize < cluster.minSize)
            return Text::tr("The specified max_size (%1) is less than the current min_size "
                            "(%2) of the cluster.")
                .arg(*maxSize)
                .arg(cluster.minSize);
        if (!desired && *maxSize >= 0 && *maxSize < cluster.desired && strict)
            return Text::tr("The specified max_size (%1) is less than the current "
                            "desired_capacity (%2) of the cluster.")
                .arg(*maxSize)
                .arg(cluster.desired);
    }
    return {};
}

Result resize(const ClusterSize &cluster, const Request &request)
{
    Result result;
    result.error = checkRequest(request, cluster.desired);
    if (!result.ok())
        return result;
    qint64 desired = cluster.desired;
    if (request.adjustment)
        desired = calculateDesired(desired, *request.adjustment, request.number, request.minStep);
    if (request.strict == false)
        desired = truncateDesired(cluster, desired, request.minSize, request.maxSize);
    result.error = checkSizes(cluster, desired, request.minSize, request.maxSize,
                              request.strict.value_or(false));
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

} // namespace berth
