#include "core/placement/deletionpolicy.h"

#include "core/bertherror.h"
#include "core/placement/senlinspec.h"

#include <QHash>
#include <QRandomGenerator>

#include <QCoreApplication>
#include <algorithm>

namespace berth {

namespace {

// This file's words, through Qt's translation system: the window shows them
// in the user's language, berthctl (no translator) as written here.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(DeletionPolicy)
};

} // namespace

namespace DeletionPolicy {

namespace {

const char *const names[] = {"OLDEST_FIRST", "YOUNGEST_FIRST", "OLDEST_PROFILE_FIRST", "RANDOM"};

// Orders candidates so the first is the next victim by `criteria` (after a
// shuffle for RANDOM, whose order is then the list order).
void sortByCriteria(QList<Candidate> &list, Criteria criteria, QRandomGenerator &random)
{
    const auto older = [](const Candidate &a, const Candidate &b) {
        return a.createdAt != b.createdAt ? a.createdAt < b.createdAt : a.id < b.id;
    };
    switch (criteria) {
    case Criteria::OldestFirst:
        std::sort(list.begin(), list.end(), older);
        break;
    case Criteria::YoungestFirst:
        std::sort(list.begin(), list.end(),
                  [&](const Candidate &a, const Candidate &b) { return older(b, a); });
        break;
    case Criteria::OldestProfileFirst:
        std::sort(list.begin(), list.end(), [&](const Candidate &a, const Candidate &b) {
            return a.profileAt != b.profileAt ? a.profileAt < b.profileAt : older(a, b);
        });
        break;
    case Criteria::Random:
        for (qsizetype i = list.size() - 1; i > 0; --i)
            list.swapItemsAt(i, qsizetype(random.bounded(quint64(i) + 1)));
        break;
    }
}

} // namespace

std::optional<Criteria> criteriaFromName(const QString &name)
{
    for (int i = 0; i < 4; ++i) {
        if (name == QLatin1StringView(names[i]))
            return Criteria(i);
    }
    return std::nullopt;
}

QString criteriaName(Criteria criteria)
{
    return QString::fromLatin1(names[int(criteria)]);
}

Criteria fromSpec(const QJsonObject &spec, QStringList *ignored)
{
    const QString type = spec.value(QStringLiteral("type")).toString();
    if (type != u"senlin.policy.deletion") {
        throw BerthError(Text::tr("unknown policy type \"%1\"; expected "
                                  "senlin.policy.deletion")
                             .arg(type));
    }
    SenlinSpec::checkVersion(spec, {QStringLiteral("1.0"), QStringLiteral("1.1")});
    const QJsonObject properties = spec.value(QStringLiteral("properties")).toObject();
    Criteria criteria = defaultCriteria;
    for (auto it = properties.begin(); it != properties.end(); ++it) {
        if (it.key() != u"criteria") {
            if (ignored)
                *ignored << it.key();
            continue;
        }
        const auto parsed = criteriaFromName(it.value().toString());
        if (!parsed) {
            throw BerthError(Text::tr("invalid criteria \"%1\"; expected OLDEST_FIRST, "
                                      "YOUNGEST_FIRST, OLDEST_PROFILE_FIRST or RANDOM")
                                 .arg(it.value().toVariant().toString()));
        }
        criteria = *parsed;
    }
    return criteria;
}

QJsonObject toSpec(Criteria criteria)
{
    return {{QStringLiteral("type"), QStringLiteral("senlin.policy.deletion")},
            {QStringLiteral("version"), QStringLiteral("1.0")},
            {QStringLiteral("properties"),
             QJsonObject{{QStringLiteral("criteria"), criteriaName(criteria)}}}};
}

void assignProfileAges(QList<Candidate> &candidates)
{
    QHash<QString, qint64> firstSeen;
    for (const Candidate &c : std::as_const(candidates)) {
        auto it = firstSeen.find(c.profile);
        if (it == firstSeen.end())
            firstSeen.insert(c.profile, c.createdAt);
        else
            *it = std::min(*it, c.createdAt);
    }
    for (Candidate &c : candidates)
        c.profileAt = firstSeen.value(c.profile);
}

QList<qint64> choose(QList<Candidate> candidates, qint64 count, Criteria criteria,
                     QRandomGenerator &random)
{
    sortByCriteria(candidates, criteria, random);
    QList<qint64> victims;
    // In error first, in the criteria's order.
    QList<qsizetype> healthy; // indexes into candidates, in the criteria's order
    healthy.reserve(candidates.size());
    for (qsizetype i = 0; i < candidates.size(); ++i) {
        const Candidate &c = candidates.at(i);
        if (c.inError && victims.size() < count)
            victims << c.id;
        else if (!c.inError)
            healthy << i;
    }
    // Then always from the fullest zone; among equally full zones, the zone
    // whose next unit comes first by the criteria. `healthy` keeps the
    // criteria's order, so each zone's list does too.
    struct Zone
    {
        QList<qsizetype> members; // positions in healthy, in order
        qsizetype taken = 0;
    };
    QList<Zone> zones; // in the order they first appear
    QHash<QString, qsizetype> zoneAt;
    for (qsizetype i = 0; i < healthy.size(); ++i) {
        const QString &zone = candidates.at(healthy.at(i)).zone;
        auto it = zoneAt.constFind(zone);
        if (it == zoneAt.constEnd()) {
            it = zoneAt.insert(zone, zones.size());
            zones.append(Zone{});
        }
        zones[*it].members << i;
    }
    while (victims.size() < count) {
        Zone *best = nullptr;
        qsizetype bestLeft = 0;
        qsizetype bestHead = 0;
        for (Zone &zone : zones) {
            const qsizetype left = zone.members.size() - zone.taken;
            if (left == 0)
                continue;
            const qsizetype head = zone.members.at(zone.taken);
            if (left > bestLeft || (left == bestLeft && head < bestHead)) {
                best = &zone;
                bestLeft = left;
                bestHead = head;
            }
        }
        if (!best)
            break;
        victims << candidates.at(healthy.at(bestHead)).id;
        ++best->taken;
    }
    return victims;
}

} // namespace DeletionPolicy

} // namespace berth
