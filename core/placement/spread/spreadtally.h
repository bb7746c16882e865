#pragma once

#include "core/model/spreadconstraint.h"
#include "core/placement/spread/spreadenvironment.h"
#include "core/placement/spread/spreadmember.h"

#include <QCoreApplication>
#include <QHash>
#include <QStringList>

namespace berth {

// One application's units per domain at one constraint's level, over the
// domains a unit may use: the skew a placement would make, and the
// skew now (Kubernetes' PodTopologySpread filter).
class SpreadTally
{
    Q_DECLARE_TR_FUNCTIONS(SpreadTally)

public:
    SpreadTally() = default;
    // `newDomain`: an empty domain is always there (a new machine).
    SpreadTally(const SpreadConstraint &constraint, const QStringList &eligible, bool newDomain);

    // Counts the members' units in their domains at the constraint's level.
    void count(const QList<SpreadMember> &members);
    void add(const QString &domain, int delta = 1);

    const SpreadConstraint &constraint() const { return m_constraint; }
    const QStringList &eligible() const { return m_eligible; }
    // The domains a unit may use, for the unit judged next.
    void setDomains(const QStringList &eligible, bool newDomain)
    {
        m_eligible = eligible;
        m_newDomain = newDomain;
    }
    bool hasNewDomain() const { return m_newDomain; }
    int countIn(const QString &domain) const { return m_counts.value(domain); }
    const QHash<QString, int> &counts() const { return m_counts; }
    // Fewer eligible domains than min-domains: globalMin counts as 0.
    bool domainsShort() const;
    int globalMin() const;
    // The skew placing one more unit in `domain` would make.
    int skewOf(const QString &domain) const { return countIn(domain) + 1 - globalMin(); }
    // The skew now: the fullest eligible domain against globalMin.
    int skew() const;
    bool withinBound() const { return skew() <= m_constraint.maxSkew; }

    // Why placing one more unit of `application` in `domain` breaks a `wait`
    // constraint, in one line naming the domain, the skew and the bound;
    // empty when it is allowed (always, for `anyway`).
    QString problem(const QString &application, const QString &domain) const;
    // How a domain reads in a message: a zone or region by name, "machine 3", "a new machine".
    static QString domainText(SpreadConstraint::Level level, const QString &domain);

private:
    SpreadConstraint m_constraint;
    QStringList m_eligible;
    bool m_newDomain = false;
    QHash<QString, int> m_counts;
};

} // namespace berth
