#include "core/placement/spread/rebalanceplans.h"

#include "core/bertherror.h"
#include "core/placement/spread/spreadstate.h"

#include <QJsonArray>

#include <algorithm>

namespace berth {

QList<RebalanceMove> RebalancePlans::moves() const
{
    QList<RebalanceMove> all;
    for (const RebalancePlan &p : applications)
        all += p.moves;
    return all;
}

QString RebalancePlans::problem() const
{
    for (const RebalancePlan &p : applications) {
        if (!p.problem.isEmpty())
            return p.problem;
    }
    return {};
}

QJsonObject RebalancePlans::toJson() const
{
    QJsonArray moves;
    QJsonObject before;
    QJsonObject after;
    for (const RebalancePlan &p : applications) {
        for (const RebalanceMove &m : p.moves)
            moves.append(m.toJson());
        const auto levels = [](const QMap<QString, int> &skews) {
            QJsonObject o;
            for (auto it = skews.cbegin(); it != skews.cend(); ++it)
                o.insert(it.key(), it.value());
            return o;
        };
        before.insert(p.application, levels(p.skewBefore));
        after.insert(p.application, levels(p.skewAfter));
    }
    return {{QStringLiteral("moves"), moves},
            {QStringLiteral("skew-before"), before},
            {QStringLiteral("skew-after"), after}};
}

RebalancePlans RebalancePlans::of(const ModelSnapshot &snapshot, const CloudInfo &cloud,
                                  const QStringList &applications)
{
    const SpreadState state(snapshot, cloud);
    RebalancePlans plan;
    for (const QString &name : applications) {
        const bool known = std::any_of(snapshot.applications.cbegin(), snapshot.applications.cend(),
                                       [&](const ApplicationRecord &a) { return a.name == name; });
        if (!known)
            throw BerthError(tr("application \"%1\" not found").arg(name));
        if (!state.application(name)) {
            throw BerthError(tr("application \"%1\" has no spread constraint; set one with "
                                "berthctl set-spread %1 --level zone --max-skew 1")
                                 .arg(name));
        }
    }
    for (const ApplicationRecord &app : snapshot.applications) {
        const SpreadApplication *constrained = state.application(app.name);
        if (!constrained || (!applications.isEmpty() && !applications.contains(app.name)))
            continue;
        plan.applications << RebalancePlan::of(*constrained);
    }
    return plan;
}

} // namespace berth
