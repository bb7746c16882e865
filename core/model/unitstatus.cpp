#include "core/model/unitstatus.h"

namespace berth {

namespace {

int severity(const QString &workload)
{
    if (workload == u"error")
        return 3;
    if (workload == u"waiting")
        return 2;
    if (workload == u"terminated")
        return 1;
    return 0;
}

} // namespace

UnitStatus UnitStatus::of(const MachineRecord *machine)
{
    // Juju's words, as the store keeps them (the window translates its own).
    if (!machine)
        return {QStringLiteral("waiting"), QStringLiteral("allocating"),
                QStringLiteral("waiting for machine")};
    const QString message = machine->message();
    if (machine->state.isDead())
        return {QStringLiteral("terminated"), QStringLiteral("executing"),
                QStringLiteral("machine %1 is being removed").arg(machine->name)};
    if (machine->state.inError())
        return {QStringLiteral("error"), QStringLiteral("failed"), message};
    if (machine->state.status == MachineState::Status::Started)
        return {QStringLiteral("unknown"), QStringLiteral("idle"), QString()};
    return {QStringLiteral("waiting"), QStringLiteral("allocating"),
            message.isEmpty() ? QStringLiteral("waiting for machine") : message};
}

UnitStatus UnitStatus::worst(const QList<UnitStatus> &units)
{
    UnitStatus worst{QStringLiteral("unknown"), QStringLiteral("idle"), QString()};
    for (const UnitStatus &s : units) {
        if (severity(s.workload) > severity(worst.workload))
            worst = s;
    }
    return worst;
}

} // namespace berth
