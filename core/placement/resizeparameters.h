#pragma once

#include <QString>

#include <optional>

namespace berth {

// Senlin's resize rules (scaleutils): the desired size an adjustment asks
// for, its truncation into the bounds when not strict, and the checks with
// Senlin's exact messages. The result is how many nodes to create or delete.
namespace ResizeParameters {

enum class Adjustment { ExactCapacity, ChangeInCapacity, ChangeInPercentage };
std::optional<Adjustment> adjustmentFromName(const QString &name);

struct ClusterSize
{
    qint64 minSize = 0;
    qint64 maxSize = -1; // -1: unbounded
    qint64 desired = 0;
};

struct Request
{
    std::optional<Adjustment> adjustment;
    double number = 0;
    std::optional<qint64> minStep;
    std::optional<qint64> minSize;
    std::optional<qint64> maxSize;
    // Senlin's three readings: false (also when not given) clips the new
    // size into the bounds; true checks it against the cluster's own bounds
    // too; null (nullopt) does neither.
    std::optional<bool> strict = false;
};

struct Result
{
    QString error;
    qint64 creation = 0;
    qint64 deletion = 0;
    bool ok() const { return error.isEmpty(); }
};

// Reads a number given as text for `adjustment` (a whole number for
// EXACT_CAPACITY and CHANGE_IN_CAPACITY, any number for CHANGE_IN_PERCENTAGE);
// nullopt, with `error` set, when it is not one.
std::optional<double> readNumber(Adjustment adjustment, QStringView text, QString *error);
// Empty when the request's numbers are of Senlin's types and within Berth's
// bounds (Limits::maxUnits) for a cluster of `current` nodes; otherwise why not.
// resize() checks this first, so what it computes always fits.
QString checkRequest(const Request &request, qint64 current);
qint64 calculateDesired(qint64 current, Adjustment adjustment, double number,
                        std::optional<qint64> minStep);
qint64 truncateDesired(const ClusterSize &cluster, qint64 desired, std::optional<qint64> minSize,
                       std::optional<qint64> maxSize);
// Empty when the sizes fit together; otherwise Senlin's message. The new
// size is held to the cluster's own bounds, and new bounds to its size, only
// when `strict`, as in Senlin.
QString checkSizes(const ClusterSize &cluster, std::optional<qint64> desired,
                   std::optional<qint64> minSize, std::optional<qint64> maxSize, bool strict);
// `cluster.desired` is the size the adjustment starts from.
Result resize(const ClusterSize &cluster, const Request &request);

} // namespace ResizeParameters

} // namespace berth
