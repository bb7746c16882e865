#pragma once

#include "core/model/modelrecords.h"

#include <QList>

namespace berth {

// Which subordinate units a machine must carry (Juju's rule): exactly one
// unit of each subordinate application related to a principal the machine
// hosts, following the oldest such principal unit, and none of any other.
namespace Subordinates {

// A subordinate relation by application ids.
struct Relation
{
    qint64 subordinateId = 0;
    qint64 principalId = 0;
};

// What to change on one machine to meet the rule.
struct Plan
{
    struct Follow
    {
        UnitRecord unit;        // an existing subordinate unit with no principal yet
        qint64 principalId = 0; // the unit it follows from now on
    };
    struct Add
    {
        qint64 applicationId = 0; // a subordinate application missing on the machine
        qint64 principalId = 0;   // the unit its new unit follows
    };
    QList<UnitRecord> remove; // subordinate units no related principal needs
    QList<Follow> follow;
    QList<Add> add; // by application id

    bool isEmpty() const { return remove.isEmpty() && follow.isEmpty() && add.isEmpty(); }
};

// `units`: every unit on the machine; `relations`: at least those whose
// principal application has a unit there.
Plan plan(const QList<UnitRecord> &units, const QList<Relation> &relations);

} // namespace Subordinates

} // namespace berth
