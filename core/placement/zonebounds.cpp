#include "core/placement/zonebounds.h"

#include <algorithm>

namespace berth {

ZoneBounds::ZoneBounds(const ModelSnapshot &snapshot, const CloudInfo &cloud,
                       const QHash<qint64, QString> &claimed, const QSet<QString> &outages)
    : m_environment(SpreadEnvironment::of(cloud, snapshot.model, {}))
    , m_outages(outages)
{
    QHash<qint64, QString> names;
    for (const ApplicationRecord &app : snapshot.applications)
        names.insert(app.id, app.name);
    for (const SpreadRecord &s : snapshot.spreads) {
        if (s.constraint.level == SpreadConstraint::Level::Zone)
            m_tallies.insert(names.value(s.applicationId), SpreadTally(s.constraint, {}, false));
    }
    if (m_tallies.isEmpty())
        return;
    QHash<qint64, const MachineRecord *> byId;
    for (const MachineRecord &m : snapshot.machines)
        byId.insert(m.id, &m);
    for (const UnitRecord &u : snapshot.units) {
        const auto tally = m_tallies.find(u.application);
        const MachineRecord *machine = byId.value(u.machineId);
        if (tally == m_tallies.end() || u.subordinate || !machine)
            continue;
        const MachineRecord *host =
            machine->isContainer() ? byId.value(machine->parentId) : nullptr;
        SpreadMember member = SpreadMember::of(u, *machine, host, snapshot.model.region);
        if (member.zone.isEmpty())
            member.zone = claimed.value(host ? host->id : machine->id);
        tally->add(member.domain(SpreadConstraint::Level::Zone));
    }
}

ZoneBounds::Choice ZoneBounds::choose(const QStringList &candidates,
                                      const QHash<QString, int> &units,
                                      const Constraints &constraints)
{
    Choice choice;
    QStringList eligible = m_environment.eligible(SpreadConstraint::Level::Zone, constraints);
    eligible.removeIf([&](const QString &z) { return m_outages.contains(z); });
    QList<std::pair<int, QString>> ranked; // the worst skew a zone would make, and the zone
    for (const QString &zone : candidates) {
        if (m_outages.contains(zone))
            continue;
        int worst = 0;
        QString broken;
        for (auto it = units.cbegin(); it != units.cend(); ++it) {
            const auto tally = m_tallies.find(it.key());
            if (tally == m_tallies.end())
                continue;
            tally->setDomains(eligible, false);
            // The host's units of the application land together.
            const int skew = tally->countIn(zone) + it.value() - tally->globalMin();
            worst = std::max(worst, skew);
            if (tally->constraint().hard()) {
                choice.hard = true;
                if (skew > tally->constraint().maxSkew && broken.isEmpty()) {
                    tally->add(zone, it.value() - 1);
                    broken = tally->problem(it.key(), zone);
                    tally->add(zone, 1 - it.value());
                }
            }
        }
        if (!broken.isEmpty()) {
            if (choice.why.isEmpty())
                choice.why = broken;
            continue;
        }
        ranked.append({worst, zone});
    }
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    for (const auto &[skew, zone] : std::as_const(ranked))
        choice.zones << zone;
    if (!choice.zones.isEmpty())
        choice.why.clear();
    else if (choice.hard && choice.why.isEmpty())
        choice.why = tr("no zone it may use is healthy now");
    return choice;
}

void ZoneBounds::claim(const QString &zone, const QHash<QString, int> &units)
{
    for (auto it = units.cbegin(); it != units.cend(); ++it) {
        const auto tally = m_tallies.find(it.key());
        if (tally != m_tallies.end())
            tally->add(zone, it.value());
    }
}

} // namespace berth
