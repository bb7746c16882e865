#pragma once

#include "core/model/modelrecords.h"
#include "core/model/spreadconstraint.h"

#include <QString>

namespace berth {

// One principal unit of an application, where a spread constraint counts it
// (spread: Domains and skew). The store's tallies give one member for each
// set of alike machines, standing for `units` units.
struct SpreadMember
{
    qint64 unitId = 0;
    QString unit; // "web/3"
    qint64 createdAt = 0;
    QString constraints; // the unit's
    qint64 machineId = 0;
    QString machine; // the machine whose domain it is in: its own, or a container's host
    QString zone;    // where it runs, or the zone its placement pins; may be empty
    QString region;
    QString hardware;    // that machine's, as started (a fixed pool's host)
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

} // namespace berth

// Only Qt's implicitly shared values and plain numbers: a list of 100,000
// grows by moving its memory, not by copying each member.
Q_DECLARE_TYPEINFO(berth::SpreadMember, Q_RELOCATABLE_TYPE);
