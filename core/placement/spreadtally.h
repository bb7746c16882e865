#pragma once

#include "core/cloud/cloudinfo.h"
#include "core/constraints/constraints.h"
#include "core/model/modelrecords.h"
#include "core/model/spreadconstraint.h"

#include <QCoreApplication>
#include <QHash>
#include <QStringList>

namespace berth {

// One principal unit of an application, where a spread constraint counts it
// (spread: Domains and skew).
struct SpreadMember
{
    qint64 unitId = 0;
    QString unit; // "web/3"
    qint64 createdAt = 0;
    QString constraints; // the unit's
    qint64 machineId = 0;
    QString machine; // the machine whose domain it is in: its own, or a container's host
    QString zone;    // where it runs, or the zone its machine's placement pins; may be empty
    QString region;
    bool counts = false; // its machine (and that machine's host) is alive
    int units = 1;       // how many units it stands for (UnitRows::spreadCounts)
    bool inError = false;

    // From the unit, its machine and that machine's host (null: not a
    // container); `modelRegion` for a machine that names none.
    static SpreadMember of(const UnitRecord &unit, const MachineRecord &machine,
                           const MachineRecord *host, const QString &modelRegion);
    // Its domain at `level`; empty when it does not count there.
    QString domain(SpreadConstraint::Level level) const;
};

// The domains a unit may run in, as the model's cloud offers them.
struct SpreadEnvironment
{
    const RegionInfo *region = nullptr; // the model's region
    QString modelRegion;
    QStringList regions; // level region: the region policy's, else the model's
    // A new machine can be started (not a fixed pool of hosts): level
    // machine always has an empty domain to offer.
    bool startsMachines = true;
    // Level machine on a fixed pool: the alive hosts (not containers).
    QList<MachineRecord> hosts;

    // `policyRegions`: the application's region policy's regions, if any.
    static SpreadEnvironment of(const CloudInfo &cloud, const ModelRecord &model,
                                const QStringList &policyRegions);
    // The eligible domains for a unit with `constraints` (a new machine not
    // among them; see startsMachines).
    QStringList eligible(SpreadConstraint::Level level, const Constraints &constraints) const;
};

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
