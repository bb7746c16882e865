#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

class QRandomGenerator;

namespace berth {

// Senlin's deletion policy: which units go when an application scales in.
// Units in error always go first; the rest are taken so that the zones of
// the group stay balanced (always from the zone with most units), and within
// a zone by the criteria.
namespace DeletionPolicy {

enum class Criteria { OldestFirst, YoungestFirst, OldestProfileFirst, Random };

std::optional<Criteria> criteriaFromName(const QString &name);
QString criteriaName(Criteria criteria);
// Senlin's default when an application has no deletion policy.
constexpr Criteria defaultCriteria = Criteria::Random;

// From a `senlin.policy.deletion` spec; properties other than `criteria` are
// reported in `ignored`. Throws BerthError saying what is wrong.
Criteria fromSpec(const QJsonObject &spec, QStringList *ignored = nullptr);
QJsonObject toSpec(Criteria criteria);

struct Candidate
{
    qint64 id = 0;
    qint64 createdAt = 0;
    // When the unit's profile (the constraints it was created with) first
    // appeared among the application's units: OLDEST_PROFILE_FIRST's key.
    qint64 profileAt = 0;
    QString profile;
    QString zone;
    bool inError = false;
};

// Sets every candidate's profileAt from the oldest candidate sharing its profile.
void assignProfileAges(QList<Candidate> &candidates);

// The ids of `count` victims (all candidates when there are fewer), in the
// order they were chosen.
QList<qint64> choose(QList<Candidate> candidates, qint64 count, Criteria criteria,
                     QRandomGenerator &random);

} // namespace DeletionPolicy

} // namespace berth

// Plain values: a list of 100,000 candidates grows by moving its memory.
Q_DECLARE_TYPEINFO(berth::DeletionPolicy::Candidate, Q_RELOCATABLE_TYPE);
