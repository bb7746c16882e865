#include "core/store/unittallies.h"

#include "core/store/sqlsession.h"
#include "core/store/txscope.h"

namespace berth {

namespace {

const QString columns =
    QStringLiteral("(application_id, zone, placement, region, life, parent_id, unit_count)");
const QString onConflict =
    QStringLiteral(" ON CONFLICT (application_id, zone, placement, region, life, parent_id)"
                   " DO UPDATE SET unit_count = unit_tallies.unit_count + excluded.unit_count");
// The units `condition` selects, of the applications counted (or of any,
// for `everyApplication`), grouped by their machines alike, each group's
// key named as unit_tallies names it, and its count `n`.
QString grouped(const QString &condition, bool everyApplication = false)
{
    return QStringLiteral("SELECT u.application_id AS application_id, m.zone AS zone,"
                          " m.placement AS placement, m.region AS region, m.life AS life,"
                          " coalesce(m.parent_id, 0) AS parent_id, count(*) AS n FROM units u"
                          " JOIN machines m ON m.id = u.machine_id WHERE (") +
           condition +
           (everyApplication ? QStringLiteral(")")
                             : QStringLiteral(") AND u.application_id IN (SELECT application_id"
                                              " FROM application_spreads)")) +
           QStringLiteral(" GROUP BY u.application_id, m.zone, m.placement, m.region, m.life,"
                          " coalesce(m.parent_id, 0)");
}

} // namespace

void UnitTallies::added(qint64 applicationId, const MachineRecord &machine, qint64 units)
{
    if (!counts(applicationId))
        return;
    m_pending[Key{applicationId, machine.zone, machine.placement, machine.region,
                  MachineState::text(machine.state.life), machine.parentId}] += units;
}

void UnitTallies::leaving(const QString &condition, const QVariantList &binds)
{
    if (!countsAny())
        return;
    flush();
    SqlSession &sql = m_scope.sql();
    sql.run(QStringLiteral("UPDATE unit_tallies SET unit_count = unit_count - c.n FROM (") +
                grouped(condition) +
                QStringLiteral(") AS c WHERE unit_tallies.application_id ="
                               " c.application_id AND unit_tallies.zone = c.zone AND"
                               " unit_tallies.placement = c.placement AND unit_tallies.region ="
                               " c.region AND unit_tallies.life = c.life AND"
                               " unit_tallies.parent_id = c.parent_id"),
            binds)
        .finish();
    sql.run(QStringLiteral("DELETE FROM unit_tallies WHERE unit_count <= 0"), {}).finish();
}

void UnitTallies::arrived(const QString &condition, const QVariantList &binds)
{
    if (!countsAny())
        return;
    m_scope.sql()
        .run(QStringLiteral("INSERT INTO unit_tallies ") + columns + u' ' + grouped(condition) +
                 onConflict,
             binds)
        .finish();
}

void UnitTallies::flush()
{
    for (auto it = m_pending.cbegin(); it != m_pending.cend(); ++it) {
        const Key &k = it.key();
        m_scope.sql()
            .run(QStringLiteral("INSERT INTO unit_tallies ") + columns +
                     QStringLiteral(" VALUES (?, ?, ?, ?, ?, ?, ?)") + onConflict,
                 {k.application, k.zone, k.placement, k.region, k.life, k.parent, it.value()})
            .finish();
    }
    m_pending.clear();
}

void UnitTallies::startCounting(qint64 applicationId)
{
    if (counts(applicationId))
        return;
    flush();
    m_counted->insert(applicationId);
    m_scope.sql()
        .run(QStringLiteral("INSERT INTO unit_tallies ") + columns + u' ' +
                 grouped(QStringLiteral("u.application_id = ?"), true) + onConflict,
             {applicationId})
        .finish();
}

void UnitTallies::stopCounting(qint64 applicationId)
{
    flush();
    if (m_counted)
        m_counted->remove(applicationId);
    m_scope.sql()
        .run(QStringLiteral("DELETE FROM unit_tallies WHERE application_id = ?"), {applicationId})
        .finish();
}

bool UnitTallies::countsAny()
{
    if (!m_counted) {
        m_counted.emplace();
        m_scope.sql().forEachRow(
            QStringLiteral("SELECT DISTINCT application_id FROM application_spreads"), {},
            [&](const SqlRow &row) { m_counted->insert(row.integer(0)); });
    }
    return !m_counted->isEmpty();
}

bool UnitTallies::counts(qint64 applicationId)
{
    return countsAny() && m_counted->contains(applicationId);
}

} // namespace berth
