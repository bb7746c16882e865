#include "core/placement/spread/zonebounds.h"

#include <algorithm>

namespace berth {

using Level = SpreadConstraint::Level;

ZoneBounds::ZoneBounds(const ModelSnapshot &snapshot, const CloudInfo &cloud,
                       const QHash<qint64, QString> &claimed, const QSet<QString> &outages)
    : m_outages(outages)
{
    bool anyZone = false;
    for (const SpreadRecord &s : snapshot.spreads)
        anyZone = anyZone || s.constraint.level == Level::Zone;
    if (!anyZone)
        return;
    const SpreadState state(snapshot, cloud, claimed);
    for (SpreadApplication app : state.applications()) {
        app.constraints.removeIf([](const SpreadConstraint &c) { return c.level != Level::Zone; });
        if (!app.constraints.isEmpty()) {
            const QString name = app.name;
            m_filters.emplace(name, SpreadFilter(std::move(app)));
        }
    }
}

ZoneBounds::Choice ZoneBounds::choose(const QStringList &candidates,
                                      const QHash<QString, int> &units,
                                      const Constraints &constraints)
{
    Choice choice;
    QList<std::pair<int, QString>> ranked; // the worst skew a zone would make, and the zone
    for (const QString &zone : candidates) {
        if (m_outages.contains(zone))
            continue;
        int worst = 0;
        QString broken;
        for (auto it = units.cbegin(); it != units.cend(); ++it) {
            const auto filter = m_filters.find(it.key());
            if (filter == m_filters.end())
                continue;
            SpreadTally &tally = filter->second.talliesFor(constraints).first();
            QStringList eligible = tally.eligible();
            eligible.removeIf([&](const QString &z) { return m_outages.contains(z); });
            tally.setDomains(eligible, false);
            SpreadMember arriving;
            arriving.zone = zone;
            arriving.counts = true;
            worst = std::max(worst, filter->second.worstSkew(arriving, constraints, it.value()));
            if (tally.constraint().hard()) {
                choice.hard = true;
                // The host's units of the application land together: judged
                // as the last of them would be.
                tally.add(zone, it.value() - 1);
                if (broken.isEmpty())
                    broken = tally.problem(it.key(), zone);
                tally.add(zone, 1 - it.value());
            }
        }
        if (!broken.isEmpty()) {
            if (choice.why.isEmpty())
                choice.why = broken;
            continue;
        }
        ranked.append({worst, zone});
    }
    if (!ranked.isEmpty()) {
        const int least = std::min_element(ranked.cbegin(), ranked.cend())->first;
        for (const auto &[skew, zone] : std::as_const(ranked)) {
            if (skew == least)
                choice.zones << zone;
        }
        choice.why.clear();
    } else if (choice.hard && choice.why.isEmpty()) {
        choice.why = tr("no zone it may use is healthy now");
    }
    return choice;
}

void ZoneBounds::claim(const QString &zone, const QHash<QString, int> &units)
{
    for (auto it = units.cbegin(); it != units.cend(); ++it) {
        const auto filter = m_filters.find(it.key());
        if (filter == m_filters.end())
            continue;
        SpreadMember member;
        member.zone = zone;
        member.counts = true;
        member.units = it.value();
        filter->second.place(member);
    }
}

} // namespace berth
