#include "core/placement/spread/spreadtally.h"

#include <algorithm>

namespace berth {

SpreadTally::SpreadTally(const SpreadConstraint &constraint, const QStringList &eligible,
                         bool newDomain)
    : m_constraint(constraint)
    , m_eligible(eligible)
    , m_newDomain(newDomain)
{}

void SpreadTally::count(const QList<SpreadMember> &members)
{
    for (const SpreadMember &m : members)
        add(m.domain(m_constraint.level), m.units);
}

void SpreadTally::add(const QString &domain, int delta)
{
    if (domain.isEmpty())
        return;
    int &n = m_counts[domain];
    n = std::max(0, n + delta);
}

bool SpreadTally::domainsShort() const
{
    return !m_newDomain && m_eligible.size() < m_constraint.minDomains;
}

int SpreadTally::globalMin() const
{
    if (m_newDomain || domainsShort() || m_eligible.isEmpty())
        return 0;
    int least = countIn(m_eligible.first());
    for (const QString &d : m_eligible)
        least = std::min(least, countIn(d));
    return least;
}

int SpreadTally::skew() const
{
    // Where machines start, every machine that holds a unit is one of the
    // domains (the empty new one holds globalMin at 0).
    return spreadSkew(m_counts, m_eligible, m_newDomain || domainsShort(), m_newDomain);
}

QString SpreadTally::domainText(SpreadConstraint::Level level, const QString &domain)
{
    if (level != SpreadConstraint::Level::Machine)
        return domain;
    return domain.isEmpty() ? tr("a new machine") : tr("machine %1").arg(domain);
}

QString SpreadTally::problem(const QString &application, const QString &domain) const
{
    if (!m_constraint.hard())
        return {};
    const int skew = skewOf(domain);
    if (skew <= m_constraint.maxSkew)
        return {};
    const SpreadConstraint::Level level = m_constraint.level;
    const QString where = level == SpreadConstraint::Level::Machine
                              ? tr("on %1").arg(domainText(level, domain))
                              : tr("in %1").arg(domain);
    if (domainsShort()) {
        return tr("%1 would have %2 units %3 with %4 of the %5 %6 domains it needs: skew %7, "
                  "max %8")
            .arg(application)
            .arg(countIn(domain) + 1)
            .arg(where)
            .arg(m_eligible.size())
            .arg(m_constraint.minDomains)
            .arg(SpreadConstraint::levelName(level))
            .arg(skew)
            .arg(m_constraint.maxSkew);
    }
    QString least; // an eligible domain with the fewest, by name
    const int min = globalMin();
    if (!m_newDomain) {
        QStringList fewest;
        for (const QString &d : m_eligible) {
            if (countIn(d) == min)
                fewest << d;
        }
        std::sort(fewest.begin(), fewest.end());
        if (!fewest.isEmpty())
            least = fewest.first();
    }
    const QString against = level == SpreadConstraint::Level::Machine
                                ? tr("on %1").arg(domainText(level, least))
                                : tr("in %1").arg(least);
    return tr("%1 would have %2 units %3 against %4 %5: skew %6, max %7")
        .arg(application)
        .arg(countIn(domain) + 1)
        .arg(where)
        .arg(min)
        .arg(against)
        .arg(skew)
        .arg(m_constraint.maxSkew);
}

} // namespace berth
