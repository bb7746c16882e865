#pragma once

#include "core/cloud/cloudinfo.h"
#include "core/model/modelrecords.h"
#include "core/placement/deletionpolicy.h"
#include "core/placement/spread/spreadtally.h"

#include <QCoreApplication>
#include <QHash>
#include <QSet>

#include <optional>
#include <unordered_map>

namespace berth {

class SnapshotIndex;

// One application with spread constraints as every spread rule sees it:
// its constraints, its members and the domains its units may use
// (Kubernetes' preFilterState for one pod's constraints). Built from a
// snapshot (SpreadState) or from the store's tallies (UnitPlacer), the same
// type either way.
struct SpreadApplication
{
    QString name;
    QList<SpreadConstraint> constraints;
    QList<SpreadMember> members;
    Constraints constraintsForDomains; // the model's and application's, for its eligible domains
    SpreadEnvironment environment;
    // Which unit leaves a domain in a rebalance; nullopt (or RANDOM, which a
    // plan a user reads first cannot honour): the newest.
    std::optional<DeletionPolicy::Criteria> criteria;

    // One tally a constraint, as a unit with `unitConstraints` is judged: over
    // its eligible domains, counting the members it may count (`counted`;
    // the application's own when null).
    QList<SpreadTally> talliesFor(const Constraints &unitConstraints,
                                  const QList<SpreadMember> *counted = nullptr) const;
    // As the application's constraints see them: its skew now.
    QList<SpreadTally> tallies(const QList<SpreadMember> *counted = nullptr) const
    {
        return talliesFor(constraintsForDomains, counted);
    }
};

// One constraint and the skew it has now.
struct SpreadStatus
{
    Q_DECLARE_TR_FUNCTIONS(SpreadStatus)

public:
    SpreadConstraint constraint;
    int skew = 0;
    int most = 0; // the units a domain may hold now: globalMin + max-skew
    bool broken() const { return skew > constraint.maxSkew; }
    // "zone max-skew 1 (skew 2)", for a table or the window.
    QString text() const;
};

// The filter (Kubernetes' PodTopologySpread Filter) over one application:
// judges units in order, each after the ones placed before it. Every way a
// unit gets a machine goes through it: UnitPlacer in the store, the window's
// drops and Auto place, the provisioner's zone choice and the forecast.
class SpreadFilter
{
    Q_DECLARE_TR_FUNCTIONS(SpreadFilter)

public:
    explicit SpreadFilter(SpreadApplication application);

    const SpreadApplication &application() const { return m_app; }
    // The tallies a unit with `constraints` is judged by, with the
    // placements so far.
    QList<SpreadTally> &talliesFor(const Constraints &constraints);
    // Why a unit with `constraints` arriving as `arriving` (its new
    // machine's domains) breaks a `wait` bound, `leaving` (where it is now,
    // if it moves) gone first; empty when it may. A domain not known yet (a
    // new machine's zone) is the provisioner's to choose and not judged.
    QString problem(const SpreadMember &arriving, const Constraints &constraints,
                    const SpreadMember *leaving = nullptr);
    // How well `units` units with `constraints` arriving as `arriving` keep
    // the bounds: the worst skew they make over the constraints, less is
    // better. The one ranking of places (ScheduleAnyway's preference, and
    // the zone a new host starts in); ties go to the zone spread.
    int worstSkew(const SpreadMember &arriving, const Constraints &constraints, int units = 1);
    // The placement is made: the units judged after it count it.
    void place(const SpreadMember &arriving, const SpreadMember *leaving = nullptr);
    // A fixed pool's hosts as they are now (a placement may have added one).
    void setHosts(const QList<MachineRecord> &hosts);

private:
    void shift(const SpreadMember &member, int delta);

    SpreadApplication m_app;
    // The what-ifs so far, kept beside the application's members (which
    // may be 100,000, shared with the state, not copied): the units placed,
    // and those gone from where they were (by unit id).
    QList<SpreadMember> m_placed;
    QSet<qint64> m_left;
    std::optional<Constraints> m_judgedFor; // the constraints m_tallies are for
    QList<SpreadTally> m_tallies;
};

// Every application with a spread constraint in one model, built once per
// command, pass or view from a snapshot: the state the rules share.
class SpreadState
{
    Q_DECLARE_TR_FUNCTIONS(SpreadState)

public:
    SpreadState() = default;
    // `claimed`: zones this pass chose for hosts not started yet (by
    // machine id), where their units count.
    SpreadState(const ModelSnapshot &snapshot, const CloudInfo &cloud,
                const QHash<qint64, QString> &claimed = {});
    // With the snapshot's index at hand (the window keeps one).
    SpreadState(const ModelSnapshot &snapshot, const SnapshotIndex &index, const CloudInfo &cloud);

    bool isEmpty() const { return m_applications.isEmpty(); }
    const SpreadApplication *application(const QString &name) const;
    const QHash<QString, SpreadApplication> &applications() const { return m_applications; }

    // Each constraint of `application` and its skew now; empty without one.
    QList<SpreadStatus> status(const QString &application) const;

    // Placements judged in order on a snapshot, each after the ones allowed
    // before it: the window's drops and Auto place. Lives no longer than
    // the state, snapshot and index it was made from.
    class Judge
    {
    public:
        Judge(const SpreadState &state, const ModelSnapshot &snapshot, const SnapshotIndex &index);
        // Why moving `unit` onto `machine` breaks a `wait` bound, "cannot
        // place unit web/3: …"; empty when it may, and then it counts there
        // for the placements judged after it.
        QString place(const QString &unit, const QString &machine);

    private:
        const SpreadState &m_state;
        const ModelSnapshot &m_snapshot;
        const SnapshotIndex &m_index;
        std::unordered_map<QString, SpreadFilter> m_filters; // by application, built once
    };
    // Why moving `units` onto `machine` in order breaks a `wait` bound;
    // empty when none does.
    QString problem(const ModelSnapshot &snapshot, const SnapshotIndex &index,
                    const QStringList &units, const QString &machine) const;

private:
    // `machine` finds a machine of the snapshot by id.
    template <typename Find>
    void build(const ModelSnapshot &snapshot, const CloudInfo &cloud,
               const QHash<qint64, QString> &claimed, Find machine);

    QHash<QString, SpreadApplication> m_applications;
};

} // namespace berth
