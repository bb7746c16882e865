#pragma once

#include "core/cloud/cloudinfo.h"
#include "core/constraints/constraints.h"

#include <QHash>
#include <QMutex>
#include <QSet>
#include <QStringList>

namespace berth {

// Availability-zone spread: each new instance goes to the allowed zone with
// the fewest members of its distribution group (the machines hosting units
// of the same applications), ties broken by the fewest machines of the whole
// model, then by zone name, so results are reproducible. Thread-safe.
class ZoneSpread
{
public:
    // Counts one machine hosting `applications` in `zone` (delta -1 forgets it).
    void add(const QString &zone, const QStringList &applications, int delta = 1);
    // The best of `candidates` not in `exclude`; empty when none is left.
    QString choose(const QStringList &candidates, const QStringList &applications,
                   const QSet<QString> &exclude = {}) const;
    // Chooses and counts the choice in one step.
    QString claim(const QStringList &candidates, const QStringList &applications,
                  const QSet<QString> &exclude = {});
    int machinesIn(const QString &zone) const;

    // The zones a new machine (not a container) may start in: the one its
    // `zone=` placement names, none for a named node (its zone is the
    // node's), else the region's healthy zones its `zones=` constraint allows
    // (on a bare-metal pool, those with a node).
    static QStringList candidates(const RegionInfo *region, const QString &placement,
                                  const Constraints &constraints);

private:
    QString chooseLocked(const QStringList &candidates, const QStringList &applications,
                         const QSet<QString> &exclude) const;
    void addLocked(const QString &zone, const QStringList &applications, int delta);

    mutable QMutex m_mutex;
    QHash<QString, QHash<QString, int>> m_perApplication; // application -> zone -> machines
    QHash<QString, int> m_perZone;
};

} // namespace berth
