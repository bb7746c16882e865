#include "core/placement/spread/spreadconflict.h"

namespace berth {

QString SpreadConflict::of(const QString &application, const PlacementPolicy &policy,
                           const SpreadConstraint &constraint)
{
    const bool sameLevel = (policy.kind() == PlacementPolicy::Kind::Region &&
                            constraint.level == SpreadConstraint::Level::Region) ||
                           (policy.kind() == PlacementPolicy::Kind::Zone &&
                            constraint.level == SpreadConstraint::Level::Zone);
    if (!sameLevel || !constraint.hard() || policy.targets().size() < 2)
        return {};
    qint64 least = policy.targets().first().weight;
    qint64 most = least;
    for (const PlacementPlanner::Target &t : policy.targets()) {
        least = std::min(least, t.weight);
        most = std::max(most, t.weight);
    }
    if (least == most)
        return {};
    QStringList weights;
    for (const PlacementPlanner::Target &t : policy.targets())
        weights << QStringLiteral("%1:%2").arg(t.name).arg(t.weight);
    return tr("the %1 placement policy of %2 (weights %3) and its %1 spread (max-skew %4, "
              "wait) cannot both hold: unequal weights grow the skew with every unit; make the "
              "weights equal, use when-unsatisfiable=anyway, or drop one")
        .arg(policy.kindName(), application, weights.join(QStringLiteral(", ")))
        .arg(constraint.maxSkew);
}

} // namespace berth
