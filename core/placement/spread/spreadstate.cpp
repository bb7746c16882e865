#include "core/placement/spread/spreadstate.h"

#include "core/model/snapshotindex.h"
#include "core/placement/applicationpolicies.h"

#include <algorithm>

namespace berth {

QList<SpreadTally> SpreadApplication::talliesFor(const Constraints &unitConstraints,
                                                 const QList<SpreadMember> *counted) const
{
    const QList<SpreadMember> &all = counted ? *counted : members;
    QList<SpreadTally> out;
    out.reserve(constraints.size());
    for (const SpreadConstraint &c : constraints) {
        SpreadTally t(c, environment.eligible(c.level, unitConstraints),
                      c.level == SpreadConstraint::Level::Machine && environment.startsMachines);
        for (const SpreadMember &m : all) {
            if (environment.counts(m, unitConstraints))
                t.add(m.domain(c.level), m.units);
        }
        out << t;
    }
    return out;
}

QString SpreadStatus::text() const
{
    return tr("%1 max-skew %2 (skew %3)")
        .arg(SpreadConstraint::levelName(constraint.level))
        .arg(constraint.maxSkew)
        .arg(skew);
}

SpreadFilter::SpreadFilter(SpreadApplication application)
    : m_app(std::move(application))
{}

QList<SpreadTally> &SpreadFilter::talliesFor(const Constraints &constraints)
{
    if (!m_judgedFor || *m_judgedFor != constraints) {
        m_tallies = m_app.talliesFor(constraints);
        m_judgedFor = constraints;
        // The what-ifs so far, as place() counted them.
        const auto counted = [&](const SpreadMember &m) {
            return m_app.environment.counts(m, constraints);
        };
        for (SpreadTally &t : m_tallies) {
            const SpreadConstraint::Level level = t.constraint().level;
            for (qsizetype i = 0; !m_left.isEmpty() && i < m_app.members.size(); ++i) {
                const SpreadMember &m = m_app.members.at(i);
                if (m_left.contains(m.unitId) && counted(m))
                    t.add(m.domain(level), -m.units);
            }
            for (const SpreadMember &m : std::as_const(m_placed)) {
                if (counted(m))
                    t.add(m.domain(level), m.units);
            }
        }
    }
    return m_tallies;
}

void SpreadFilter::shift(const SpreadMember &member, int delta)
{
    if (!m_judgedFor || !m_app.environment.counts(member, *m_judgedFor))
        return;
    for (SpreadTally &t : m_tallies)
        t.add(member.domain(t.constraint().level), delta * member.units);
}

QString SpreadFilter::problem(const SpreadMember &arriving, const Constraints &constraints,
                              const SpreadMember *leaving)
{
    talliesFor(constraints);
    if (leaving)
        shift(*leaving, -1);
    QString why;
    for (const SpreadTally &t : std::as_const(m_tallies)) {
        const QString domain = arriving.domain(t.constraint().level);
        if (domain.isEmpty())
            continue; // a new machine's zone is the provisioner's to choose
        why = t.problem(m_app.name, domain);
        if (!why.isEmpty())
            break;
    }
    if (leaving)
        shift(*leaving, 1);
    return why;
}

int SpreadFilter::worstSkew(const SpreadMember &arriving, const Constraints &constraints, int units)
{
    int worst = 0;
    for (SpreadTally &t : talliesFor(constraints)) {
        const QString domain = arriving.domain(t.constraint().level);
        if (domain.isEmpty())
            continue;
        // The units land together: judged as the last of them would be.
        t.add(domain, units - 1);
        worst = std::max(worst, t.skewOf(domain));
        t.add(domain, 1 - units);
    }
    return worst;
}

void SpreadFilter::place(const SpreadMember &arriving, const SpreadMember *leaving)
{
    if (leaving) {
        shift(*leaving, -1);
        if (leaving->unitId != 0)
            m_left.insert(leaving->unitId);
    }
    shift(arriving, 1);
    m_placed << arriving;
}

void SpreadFilter::setHosts(const QList<MachineRecord> &hosts)
{
    if (m_app.environment.hosts == hosts)
        return;
    m_app.environment.hosts = hosts;
    m_judgedFor.reset();
}

SpreadState::SpreadState(const ModelSnapshot &snapshot, const CloudInfo &cloud,
                         const QHash<qint64, QString> &claimed)
{
    if (snapshot.spreads.isEmpty())
        return;
    QHash<qint64, const MachineRecord *> machines;
    machines.reserve(snapshot.machines.size());
    for (const MachineRecord &m : snapshot.machines)
        machines.insert(m.id, &m);
    build(snapshot, cloud, claimed, [&](qint64 id) { return machines.value(id); });
}

SpreadState::SpreadState(const ModelSnapshot &snapshot, const SnapshotIndex &index,
                         const CloudInfo &cloud)
{
    if (!snapshot.spreads.isEmpty())
        build(snapshot, cloud, {}, [&](qint64 id) { return index.machine(id); });
}

template <typename Find>
void SpreadState::build(const ModelSnapshot &snapshot, const CloudInfo &cloud,
                        const QHash<qint64, QString> &claimed, Find machineById)
{
    QHash<qint64, const ApplicationRecord *> constrained;
    for (const ApplicationRecord &app : snapshot.applications) {
        for (const SpreadRecord &s : snapshot.spreads) {
            if (s.applicationId == app.id) {
                constrained.insert(app.id, &app);
                break;
            }
        }
    }
    const ConstraintsValidator validator = cloud.validator(snapshot.model.region);
    for (const ApplicationRecord *app : std::as_const(constrained)) {
        SpreadApplication in;
        in.name = app->name;
        for (const SpreadRecord &s : snapshot.spreads) {
            if (s.applicationId == app->id)
                in.constraints << s.constraint;
        }
        const ApplicationPolicies policies = ApplicationPolicies::of(app->id, snapshot.policies);
        in.environment = SpreadEnvironment::of(
            cloud, snapshot.model, policies.region ? policies.region->names() : QStringList());
        if (!in.environment.startsMachines) {
            for (const MachineRecord &m : snapshot.machines) {
                if (!m.isContainer() && m.state.isAlive())
                    in.environment.hosts << m;
            }
        }
        if (policies.deletion)
            in.criteria = *policies.deletion;
        in.constraintsForDomains = validator.merge(snapshot.model.constraints, app->constraints);
        m_applications.insert(app->name, in);
    }
    // Each unit's application found by id, not by name: a model may hold 100,000.
    QHash<qint64, QList<SpreadMember> *> membersOf;
    for (const ApplicationRecord *app : std::as_const(constrained))
        membersOf.insert(app->id, &m_applications[app->name].members);
    for (const UnitRecord &u : snapshot.units) {
        QList<SpreadMember> *members = membersOf.value(u.applicationId);
        if (u.subordinate || u.machineId == 0 || !members)
            continue;
        const MachineRecord *machine = machineById(u.machineId);
        if (!machine)
            continue;
        const MachineRecord *host =
            machine->isContainer() ? machineById(machine->parentId) : nullptr;
        SpreadMember member = SpreadMember::of(u, *machine, host, snapshot.model.region);
        if (member.zone.isEmpty())
            member.zone = claimed.value(host ? host->id : machine->id);
        *members << std::move(member);
    }
}

const SpreadApplication *SpreadState::application(const QString &name) const
{
    const auto it = m_applications.constFind(name);
    return it == m_applications.cend() ? nullptr : &*it;
}

QList<SpreadStatus> SpreadState::status(const QString &application) const
{
    QList<SpreadStatus> out;
    if (const SpreadApplication *app = this->application(application)) {
        for (const SpreadTally &t : app->tallies())
            out << SpreadStatus{t.constraint(), t.skew(), t.globalMin() + t.constraint().maxSkew};
    }
    return out;
}

SpreadState::Judge::Judge(const SpreadState &state, const ModelSnapshot &snapshot,
                          const SnapshotIndex &index)
    : m_state(state)
    , m_snapshot(snapshot)
    , m_index(index)
{}

QString SpreadState::Judge::place(const QString &unitName, const QString &machine)
{
    const UnitRecord *unit = m_index.unit(unitName);
    const MachineRecord *target = m_index.machine(machine);
    const SpreadApplication *app = unit ? m_state.application(unit->application) : nullptr;
    if (!app || !target || unit->subordinate)
        return {};
    const auto hostOf = [&](const MachineRecord &m) {
        return m.isContainer() ? m_index.machine(m.parentId) : nullptr;
    };
    auto filter = m_filters.find(app->name);
    if (filter == m_filters.end())
        filter = m_filters.emplace(app->name, SpreadFilter(*app)).first;
    const QString &region = m_snapshot.model.region;
    const MachineRecord *from = m_index.machine(unit->machineId);
    const std::optional<SpreadMember> leaving =
        from ? std::optional(SpreadMember::of(*unit, *from, hostOf(*from), region)) : std::nullopt;
    const SpreadMember arriving = SpreadMember::of(*unit, *target, hostOf(*target), region);
    const SpreadMember *left = leaving ? &*leaving : nullptr;
    // A unit keeps its constraints as placed (the model's and application's
    // merged under its own): judged by them, as the store judges it.
    const Constraints constraints = Constraints::parse(unit->constraints).constraints;
    if (const QString why = filter->second.problem(arriving, constraints, left); !why.isEmpty())
        return tr("cannot place unit %1: %2").arg(unitName, why);
    filter->second.place(arriving, left);
    return {};
}

QString SpreadState::problem(const ModelSnapshot &snapshot, const SnapshotIndex &index,
                             const QStringList &units, const QString &machine) const
{
    if (isEmpty())
        return {};
    Judge judge(*this, snapshot, index);
    for (const QString &unit : units) {
        if (QString why = judge.place(unit, machine); !why.isEmpty())
            return why;
    }
    return {};
}

} // namespace berth
