#include "core/placement/placementrules.h"

#include "core/constraints/hardwarefit.h"

#include <QCoreApplication>

namespace berth {

namespace PlacementRules {

namespace {

// This file's words, through Qt's translation system: the window shows them
// in the user's language, berthctl (no translator) as written here.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(PlacementRules)
};

Constraints parsedOrEmpty(const QString &text)
{
    return Constraints::parse(text).constraints;
}

QString shortfallText(const MachineRecord &machine, const QString &what,
                      const HardwareFit::Shortfall &s)
{
    return Text::tr("machine %1 has %2, %3 needs %4").arg(machine.name, s.offered, what, s.wanted);
}

} // namespace

QString lifeProblem(const MachineRecord &machine)
{
    if (machine.state.isAlive())
        return {};
    return Text::tr("machine %1 is %2").arg(machine.name, MachineState::label(machine.state.life));
}

QString assignProblem(const ApplicationRecord &app, const QString &unitName,
                      const MachineRecord &machine)
{
    if (QString problem = lifeProblem(machine); !problem.isEmpty())
        return problem;
    if (machine.base != app.base) {
        return Text::tr("cannot assign unit \"%1\" (%2) to machine %3 (%4)")
            .arg(unitName, app.base, machine.name, machine.base);
    }
    return {};
}

QString hardwareProblem(const QString &unitName, const Constraints &needs,
                        const MachineRecord &machine)
{
    if (machine.hardware.isEmpty())
        return {};
    const auto has = Constraints::parse(machine.hardware);
    if (!has.ok())
        return {};
    const auto s = HardwareFit::shortfall(needs, has.constraints);
    return s ? shortfallText(machine, Text::tr("unit %1").arg(unitName), *s) : QString();
}

QString containerProblem(const QString &what, const Constraints &needs, const MachineRecord &host)
{
    if (QString problem = lifeProblem(host); !problem.isEmpty())
        return problem;
    // Started: what it has. Not yet: at least what it was asked to be.
    const Constraints has =
        parsedOrEmpty(host.hardware.isEmpty() ? host.constraints : host.hardware);
    const auto s = HardwareFit::shortfall(needs, has);
    return s ? shortfallText(host, what, *s) : QString();
}

QString placementProblem(const UnitRecord &unit, const ApplicationRecord &app,
                         const MachineRecord &machine)
{
    if (unit.subordinate) {
        return Text::tr("unit %1 is a subordinate: it follows its principal %2")
            .arg(unit.name(), unit.principal);
    }
    if (unit.machineId == machine.id)
        return Text::tr("unit %1 is already on machine %2").arg(unit.name(), machine.name);
    if (QString problem = lifeProblem(machine); !problem.isEmpty())
        return problem;
    if (machine.base != app.base) {
        return Text::tr("unable to place a %1 unit on the %2 machine %3")
            .arg(app.base, machine.base, machine.name);
    }
    return hardwareProblem(unit.name(), parsedOrEmpty(unit.constraints), machine);
}

QString placementProblem(const SnapshotIndex &model, const QStringList &units,
                         const QString &machine)
{
    const MachineRecord *target = model.machine(machine);
    if (!target)
        return Text::tr("machine %1 not found").arg(machine);
    for (const QString &name : units) {
        const UnitRecord *unit = model.unit(name);
        if (!unit)
            return Text::tr("unit \"%1\" not found").arg(name);
        const ApplicationRecord *app = model.application(unit->application);
        if (!app)
            return Text::tr("application \"%1\" not found").arg(unit->application);
        if (QString problem = placementProblem(*unit, *app, *target); !problem.isEmpty())
            return problem;
    }
    return {};
}

QString containerProblem(const SnapshotIndex &model, const QStringList &units, const QString &host)
{
    const MachineRecord *target = model.machine(host);
    if (!target)
        return Text::tr("machine %1 not found").arg(host);
    for (const QString &name : units) {
        const UnitRecord *unit = model.unit(name);
        if (!unit)
            return Text::tr("unit \"%1\" not found").arg(name);
        if (unit->subordinate) {
            return Text::tr("unit %1 is a subordinate: it follows its principal %2")
                .arg(unit->name(), unit->principal);
        }
        // A container is never larger than its host.
        if (QString problem = containerProblem(Text::tr("unit %1").arg(name),
                                               parsedOrEmpty(unit->constraints), *target);
            !problem.isEmpty())
            return problem;
    }
    return {};
}

QStringList idleMachinesFor(const ModelSnapshot &snapshot, const SnapshotIndex &model,
                            const QStringList &units)
{
    QSet<qint64> busy;
    for (const UnitRecord &u : snapshot.units) {
        if (!u.subordinate && u.machineId != 0)
            busy.insert(u.machineId);
    }
    // Started, alive, idle, not going in the change set: smallest first.
    QList<const MachineRecord *> idle;
    for (const MachineRecord &m : snapshot.machines) {
        if (!busy.contains(m.id) && !m.instanceId.isEmpty() && m.state.isAlive() &&
            !m.isExistingHost() && !snapshot.planned.removedMachines.contains(m.id))
            idle << &m;
    }
    const auto size = [](const MachineRecord *m) {
        const Constraints hardware = Constraints::parse(m->hardware).constraints;
        const auto number = [&](ConstraintKey key) -> quint64 {
            const auto &value = hardware.value(key);
            return value ? value->number : 0;
        };
        return std::pair{number(ConstraintKey::Cores), number(ConstraintKey::Mem)};
    };
    std::stable_sort(idle.begin(), idle.end(), [&](const MachineRecord *a, const MachineRecord *b) {
        return size(a) < size(b);
    });
    QStringList chosen;
    for (const QString &unit : units) {
        QString machine;
        for (qsizetype i = 0; i < idle.size(); ++i) {
            if (placementProblem(model, {unit}, idle.at(i)->name).isEmpty()) {
                machine = idle.at(i)->name;
                idle.remove(i);
                break;
            }
        }
        chosen << machine;
    }
    return chosen;
}

} // namespace PlacementRules

} // namespace berth
