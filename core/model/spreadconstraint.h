#pragma once

#include <QCoreApplication>
#include <QHash>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace berth {

// An application's spread constraint at one level (Kubernetes' pod topology
// spread: maxSkew, minDomains, whenUnsatisfiable): placing a unit in a
// domain is allowed while count(domain) + 1 − globalMin stays within
// max-skew (spread: The constraint, Domains and skew).
struct SpreadConstraint
{
    Q_DECLARE_TR_FUNCTIONS(SpreadConstraint)

public:
    enum class Level { Zone, Region, Machine };
    enum class Unsatisfiable { Wait, Anyway };

    Level level = Level::Zone;
    int maxSkew = 1;
    int minDomains = 1;
    Unsatisfiable whenUnsatisfiable = Unsatisfiable::Wait;

    static SpreadConstraint of(Level level, int maxSkew, int minDomains = 1,
                               Unsatisfiable when = Unsatisfiable::Wait)
    {
        return {level, maxSkew, minDomains, when};
    }

    // `wait`: a placement that would break it is refused (DoNotSchedule).
    bool hard() const { return whenUnsatisfiable == Unsatisfiable::Wait; }

    static QString levelName(Level level);
    static std::optional<Level> levelFrom(const QString &name);
    // "zone, region or machine", for messages.
    static QString levelChoices();
    static QString unsatisfiableName(Unsatisfiable value);
    static std::optional<Unsatisfiable> unsatisfiableFrom(const QString &name);

    // Throws BerthError, in one line, when a value is out of range.
    void check() const;

    // The bundle annotation's value: "max-skew=1,min-domains=3,when-unsatisfiable=wait".
    QString annotation() const;
    // The annotation key that carries it: "berth.spread.zone".
    static QString annotationKey(Level level);
    static std::optional<Level> levelOfAnnotationKey(const QString &key);
    // Reads an annotation's value at `level`; throws BerthError naming what is wrong.
    static SpreadConstraint fromAnnotation(Level level, const QString &text);

    // "level", "max-skew", "min-domains", "when-unsatisfiable".
    QJsonObject toJson() const;
    // The same keys; throws BerthError for a missing or bad value.
    static SpreadConstraint fromJson(const QJsonObject &json);
    // "zone max-skew 1, wait; machine max-skew 1, anyway", for editors.
    static QString describe(const QList<SpreadConstraint> &constraints);

    bool operator==(const SpreadConstraint &) const = default;
};

// A spread constraint as stored: one per application and level.
struct SpreadRecord
{
    qint64 applicationId = 0;
    SpreadConstraint constraint;

    bool operator==(const SpreadRecord &) const = default;
};

// The one definition of skew (spread: Domains and skew): the fullest
// domain against globalMin, the fewest units over `domains`, or 0 where an
// empty domain is always there (`emptyDomain`: a new machine, or fewer
// domains than min-domains). A domain counted but not in `domains` raises
// the fullest only with `countAll` (where every machine is a domain).
// Used by the tallies, the forecast, the charts, status and wait-for.
int spreadSkew(const QHash<QString, int> &counts, const QStringList &domains, bool emptyDomain,
               bool countAll = false);

} // namespace berth
