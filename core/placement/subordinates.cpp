#include "core/placement/subordinates.h"

#include <QHash>

#include <algorithm>
#include <map>

namespace berth {

namespace Subordinates {

Plan plan(const QList<UnitRecord> &units, const QList<Relation> &relations)
{
    // The oldest principal unit of each application on the machine.
    QHash<qint64, qint64> oldestPrincipal;
    for (const UnitRecord &u : units) {
        if (u.subordinate || u.principalId != 0)
            continue;
        auto it = oldestPrincipal.find(u.applicationId);
        if (it == oldestPrincipal.end())
            oldestPrincipal.insert(u.applicationId, u.id);
        else
            *it = std::min(*it, u.id);
    }
    // Each subordinate application wanted here, with the unit it follows.
    std::map<qint64, qint64> wanted; // ordered: units are added in application order
    for (const Relation &r : relations) {
        const auto principal = oldestPrincipal.constFind(r.principalId);
        if (principal == oldestPrincipal.cend())
            continue;
        auto [it, inserted] = wanted.try_emplace(r.subordinateId, *principal);
        if (!inserted)
            it->second = std::min(it->second, *principal);
    }

    Plan result;
    for (const UnitRecord &u : units) {
        if (!u.subordinate)
            continue;
        const auto want = wanted.find(u.applicationId);
        if (want == wanted.end()) {
            result.remove.append(u);
            continue;
        }
        if (u.principalId == 0)
            result.follow.append({u, want->second});
        wanted.erase(want);
    }
    for (const auto &[application, principal] : wanted)
        result.add.append({application, principal});
    return result;
}

} // namespace Subordinates

} // namespace berth
