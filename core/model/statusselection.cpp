#include "core/model/statusselection.h"

#include "core/bertherror.h"
#include "core/model/names.h"
#include "core/model/unitstatus.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

namespace berth {

namespace {

// Every word status shows for a unit or a machine: a pattern that is one
// of them selects by status, not by name.
const QSet<QString> &statusWords()
{
    static const QSet<QString> words = [] {
        QSet<QString> set{QStringLiteral("waiting"),    QStringLiteral("unknown"),
                          QStringLiteral("error"),      QStringLiteral("terminated"),
                          QStringLiteral("allocating"), QStringLiteral("idle"),
                          QStringLiteral("failed"),     QStringLiteral("executing")};
        for (const auto status : {MachineState::Status::Pending, MachineState::Status::Started,
                                  MachineState::Status::Error})
            set.insert(MachineState::text(status));
        for (const auto instance :
             {MachineState::InstanceStatus::Pending, MachineState::InstanceStatus::Provisioning,
              MachineState::InstanceStatus::Running,
              MachineState::InstanceStatus::ProvisioningError})
            set.insert(MachineState::text(instance));
        return set;
    }();
    return words;
}

bool isWildcard(const QString &pattern)
{
    return pattern.contains(u'*') || pattern.contains(u'?');
}

} // namespace

StatusSelection::StatusSelection(QStringList patterns)
    : m_patterns(std::move(patterns))
{
    static const QRegularExpression allowed(QStringLiteral("^[A-Za-z0-9/*?. -]+\\z"));
    for (const QString &pattern : std::as_const(m_patterns)) {
        if (!allowed.match(pattern).hasMatch()) {
            throw BerthError(tr("invalid status pattern \"%1\": expected an application, unit or "
                                "machine name or a status, with * and ? as wildcards")
                                 .arg(pattern));
        }
        // `*` any run of characters, `?` any one; the rest as written.
        QString expression = QRegularExpression::escape(pattern);
        expression.replace(QStringLiteral("\\*"), QStringLiteral(".*"));
        expression.replace(QStringLiteral("\\?"), QStringLiteral("."));
        m_wildcards << QRegularExpression(QRegularExpression::anchoredPattern(expression));
    }
}

std::optional<StatusSelection::PlainNames> StatusSelection::plainNames() const
{
    if (m_patterns.isEmpty())
        return std::nullopt;
    PlainNames names;
    for (const QString &pattern : m_patterns) {
        if (isWildcard(pattern) || statusWords().contains(pattern))
            return std::nullopt;
        if (Names::isValidMachineId(pattern)) {
            names.machines << pattern;
        } else if (Names::isValidUnitName(pattern)) {
            names.units << pattern;
        } else if (Names::isValidApplicationName(pattern)) {
            names.applications << pattern;
        }
        // Anything else names nothing a model holds.
    }
    return names;
}

bool StatusSelection::matches(const QString &name) const
{
    for (const QRegularExpression &wildcard : m_wildcards) {
        if (wildcard.match(name).hasMatch())
            return true;
    }
    return false;
}

ModelSnapshot StatusSelection::apply(const ModelSnapshot &model) const
{
    if (m_patterns.isEmpty())
        return model;
    QHash<qint64, const MachineRecord *> machineById;
    for (const MachineRecord &m : model.machines)
        machineById.insert(m.id, &m);

    QSet<qint64> applications;
    for (const ApplicationRecord &a : model.applications) {
        if (matches(a.name))
            applications.insert(a.id);
    }
    // A machine is selected by its name, a host's (its containers come
    // along) or its status.
    QSet<qint64> machines;
    for (const MachineRecord &m : model.machines) {
        bool selected = matches(MachineState::text(m.state.status)) ||
                        matches(MachineState::text(m.state.instance));
        for (const MachineRecord *at = &m; at && !selected; at = machineById.value(at->parentId))
            selected = matches(at->name);
        if (selected)
            machines.insert(m.id);
    }
    QSet<qint64> units;
    for (const UnitRecord &u : model.units) {
        const UnitStatus status = UnitStatus::of(machineById.value(u.machineId));
        if (applications.contains(u.applicationId) || machines.contains(u.machineId) ||
            matches(u.name()) || matches(status.workload) || matches(status.agent))
            units.insert(u.id);
    }
    // A subordinate brings its principal, and a principal its subordinates.
    for (const UnitRecord &u : model.units) {
        if (u.subordinate && units.contains(u.id) && u.principalId != 0)
            units.insert(u.principalId);
    }
    for (const UnitRecord &u : model.units) {
        if (u.subordinate && units.contains(u.principalId))
            units.insert(u.id);
    }

    ModelSnapshot out;
    out.model = model.model;
    out.planned = model.planned;
    QSet<qint64> shownMachines = machines;
    for (const UnitRecord &u : model.units) {
        if (!units.contains(u.id))
            continue;
        out.units << u;
        applications.insert(u.applicationId);
        for (const MachineRecord *at = machineById.value(u.machineId); at;
             at = machineById.value(at->parentId))
            shownMachines.insert(at->id);
    }
    for (const MachineRecord &m : model.machines) {
        if (shownMachines.contains(m.id))
            out.machines << m;
    }
    QSet<QString> applicationNames;
    for (const ApplicationRecord &a : model.applications) {
        if (applications.contains(a.id)) {
            out.applications << a;
            applicationNames.insert(a.name);
        }
    }
    for (const RelationRecord &r : model.relations) {
        if (applicationNames.contains(r.subordinate) || applicationNames.contains(r.principal))
            out.relations << r;
    }
    for (const PolicyRecord &p : model.policies) {
        if (applications.contains(p.applicationId))
            out.policies << p;
    }
    return out;
}

} // namespace berth
