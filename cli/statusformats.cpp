// status's short forms: --format summary and --format oneline (short, line).
#include "cli/statusreport.h"

#include "core/model/unitstatus.h"

#include <QHash>
#include <QMap>

namespace berth {

namespace StatusReport {

namespace {

// "  started:  2" lines, the names right-aligned as Juju's summary has them.
QString counts(const QMap<QString, int> &byName)
{
    qsizetype wide = 0;
    for (auto it = byName.cbegin(); it != byName.cend(); ++it)
        wide = std::max(wide, it.key().size());
    QString text;
    for (auto it = byName.cbegin(); it != byName.cend(); ++it)
        text += QStringLiteral("  %1:  %2\n").arg(it.key(), int(wide)).arg(it.value());
    return text;
}

QString zoneOf(const MachineRecord &m, const QHash<qint64, const MachineRecord *> &byId)
{
    return m.zoneOn(byId.value(m.parentId));
}

} // namespace

QString toSummary(const ModelSnapshot &s)
{
    QHash<qint64, const MachineRecord *> byId;
    for (const MachineRecord &m : s.machines)
        byId.insert(m.id, &m);
    QMap<QString, int> machineStatus;
    QMap<QString, int> machineZones;
    for (const MachineRecord &m : s.machines) {
        ++machineStatus[MachineState::text(m.state.status)];
        const QString zone = zoneOf(m, byId);
        ++machineZones[zone.isEmpty() ? QStringLiteral("(no zone yet)")
                                      : (m.region.isEmpty() ? zone : m.region + u'/' + zone)];
    }
    QMap<QString, int> unitStatus;
    QHash<qint64, QList<UnitStatus>> statusesOf;
    for (const UnitRecord &u : s.units) {
        const UnitStatus status = UnitStatus::of(byId.value(u.machineId));
        ++unitStatus[status.workload];
        statusesOf[u.applicationId] << status;
    }
    QMap<QString, int> applicationStatus;
    for (const ApplicationRecord &a : s.applications)
        ++applicationStatus[UnitStatus::worst(statusesOf.value(a.id)).workload];

    QString text =
        QStringLiteral("Model \"%1\" on %2/%3\n").arg(s.model.name, s.model.cloud, s.model.region);
    text += QStringLiteral("\n# Machines: (%1)\n").arg(s.machines.size()) + counts(machineStatus);
    if (!machineZones.isEmpty())
        text += QStringLiteral("\n# Machines by region/zone:\n") + counts(machineZones);
    text += QStringLiteral("\n# Units: (%1)\n").arg(s.units.size()) + counts(unitStatus);
    text += QStringLiteral("\n# Applications: (%1)\n").arg(s.applications.size()) +
            counts(applicationStatus);
    return text;
}

QString toOneline(const ModelSnapshot &s)
{
    QHash<qint64, const MachineRecord *> byId;
    for (const MachineRecord &m : s.machines)
        byId.insert(m.id, &m);
    QHash<qint64, QList<const UnitRecord *>> subordinatesOf;
    for (const UnitRecord &u : s.units) {
        if (u.subordinate)
            subordinatesOf[u.principalId] << &u;
    }
    QString text;
    const auto line = [&](const UnitRecord &u, const QString &indent) {
        const MachineRecord *m = byId.value(u.machineId);
        const UnitStatus status = UnitStatus::of(m);
        QString where = QStringLiteral("no machine");
        if (m) {
            const QString zone = zoneOf(*m, byId);
            where = QStringLiteral("machine ") + m->name +
                    (zone.isEmpty() ? QString() : QStringLiteral(" in ") + zone);
        }
        text += QStringLiteral("%1- %2: %3 (agent:%4, workload:%5)\n")
                    .arg(indent, u.name(), where, status.agent, status.workload);
    };
    for (const UnitRecord &u : s.units) {
        if (u.subordinate)
            continue;
        line(u, {});
        for (const UnitRecord *sub : subordinatesOf.value(u.id))
            line(*sub, QStringLiteral("  "));
    }
    return text;
}

} // namespace StatusReport

} // namespace berth
