#pragma once

#include "core/model/modelrecords.h"

#include <QHash>
#include <QSet>
#include <QString>
#include <QVariantList>

#include <optional>

namespace berth {

class TxScope;

// How many units of each application with a spread constraint are on
// machines alike (zone, placement, region, life, host), kept in the store
// (unit_tallies) as units and machines change: a placement's spread check
// reads a row per zone, not a row per unit (spread: Where it is enforced).
// Every write of units, or of a machine's zone, region or life, tells its
// transaction's tallies. Units added are counted in memory and written once,
// before anything reads or moves the counts and when the transaction ends,
// so add-unit -n 10000 writes a row per zone, not a row per unit.
class UnitTallies final
{
public:
    explicit UnitTallies(TxScope &scope)
        : m_scope(scope)
    {}

    // `units` units of the application were put on `machine`, as the store has it.
    void added(qint64 applicationId, const MachineRecord &machine, qint64 units = 1);
    // The units `condition` selects (a condition on `units u`, its values
    // bound from `binds`) leave their machines: call before they are
    // deleted. `change` runs between the units leaving and coming back, for
    // a write that moves them (another machine, a machine's new zone).
    void leaving(const QString &condition, const QVariantList &binds);
    template <typename Change>
    void moving(const QString &condition, const QVariantList &binds, Change change)
    {
        leaving(condition, binds);
        change();
        arrived(condition, binds);
    }
    // Writes the counts noted in memory; spreadCounts reads after it.
    void flush();
    // Before the application's first spread constraint is written: its
    // units are counted from now on. After its last one went: its counts go.
    void startCounting(qint64 applicationId);
    void stopCounting(qint64 applicationId);

private:
    struct Key
    {
        qint64 application = 0;
        QString zone, placement, region, life;
        qint64 parent = 0;
        bool operator==(const Key &) const = default;
    };
    friend size_t qHash(const Key &key, size_t seed)
    {
        return qHashMulti(seed, key.application, key.zone, key.placement, key.region, key.life,
                          key.parent);
    }
    void arrived(const QString &condition, const QVariantList &binds);
    bool counts(qint64 applicationId);
    bool countsAny();

    TxScope &m_scope;
    std::optional<QSet<qint64>> m_counted; // the applications with a spread constraint
    QHash<Key, qint64> m_pending;
};

} // namespace berth
