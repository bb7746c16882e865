#pragma once

#include "core/model/modelrecords.h"

#include <QHash>

namespace berth {

// Look-ups by name into a ModelSnapshot the caller keeps alive and unchanged
// (the window's current one), so rules can run on what is shown without
// asking the store.
class SnapshotIndex
{
public:
    explicit SnapshotIndex(const ModelSnapshot &snapshot);

    const ApplicationRecord *application(const QString &name) const;
    const UnitRecord *unit(const QString &name) const;
    const MachineRecord *machine(const QString &name) const;
    const MachineRecord *machine(qint64 id) const;
    // Each unit of `app` with where it is, in unit number order.
    QList<UnitPlacement> placementsOf(const ApplicationRecord &app) const;

    // The applications whose units each top-level machine hosts, its
    // containers' included: what its zone distribution group is made of.
    // With `hosts`, for those machines alone (a pass's machines due a start).
    static QHash<qint64, QStringList> applicationsByHost(const ModelSnapshot &snapshot,
                                                         const QSet<qint64> *hosts = nullptr);
    // How many principal units of each application each top-level machine
    // hosts, its containers' included: what a zone bound counts it as.
    static QHash<qint64, QHash<QString, int>> unitsByHost(const ModelSnapshot &snapshot,
                                                          const QSet<qint64> *hosts = nullptr);

private:
    const ModelSnapshot &m_snapshot;
    QHash<QString, qsizetype> m_applications;
    QHash<QString, qsizetype> m_units;
    QHash<QString, qsizetype> m_machines;
    QHash<qint64, qsizetype> m_machineIds;
};

} // namespace berth
