#include "core/store/spreadrows.h"

#include "core/store/sqlsession.h"
#include "core/store/txscope.h"
#include "core/store/unittallies.h"

#include <QSqlQuery>

namespace berth {

namespace {

// A stored row, or nullopt for words a newer Berth wrote.
std::optional<SpreadConstraint> constraintFrom(const QSqlQuery &q, int at)
{
    const auto level = SpreadConstraint::levelFrom(q.value(at).toString());
    const auto when = SpreadConstraint::unsatisfiableFrom(q.value(at + 3).toString());
    if (!level || !when)
        return std::nullopt;
    SpreadConstraint c;
    c.level = *level;
    c.maxSkew = q.value(at + 1).toInt();
    c.minDomains = q.value(at + 2).toInt();
    c.whenUnsatisfiable = *when;
    return c;
}

} // namespace

QList<SpreadRecord> SpreadRows::ofModel()
{
    QSqlQuery &q = m_scope.sql().run(
        QStringLiteral("SELECT s.application_id, s.level, s.max_skew, s.min_domains, "
                       "s.when_unsatisfiable FROM application_spreads s JOIN applications a ON "
                       "a.id = s.application_id WHERE a.model_id = ? ORDER BY s.application_id, "
                       "s.level"),
        {m_scope.model().id});
    QList<SpreadRecord> rows;
    while (q.next()) {
        if (const auto c = constraintFrom(q, 1))
            rows.append({q.value(0).toLongLong(), *c});
    }
    q.finish();
    return rows;
}

QList<SpreadConstraint> SpreadRows::of(qint64 applicationId)
{
    QSqlQuery &q = m_scope.sql().run(
        QStringLiteral("SELECT level, max_skew, min_domains, when_unsatisfiable FROM "
                       "application_spreads WHERE application_id = ? ORDER BY level"),
        {applicationId});
    QList<SpreadConstraint> rows;
    while (q.next()) {
        if (const auto c = constraintFrom(q, 0))
            rows.append(*c);
    }
    q.finish();
    return rows;
}

void SpreadRows::put(const ApplicationRecord &app, const SpreadConstraint &c)
{
    m_scope.unitTallies().startCounting(app.id);
    m_scope.sql().run(
        QStringLiteral("INSERT INTO application_spreads (application_id, level, max_skew, "
                       "min_domains, when_unsatisfiable) VALUES (?, ?, ?, ?, ?) ON CONFLICT "
                       "(application_id, level) DO UPDATE SET max_skew = excluded.max_skew, "
                       "min_domains = excluded.min_domains, "
                       "when_unsatisfiable = excluded.when_unsatisfiable"),
        {app.id, SpreadConstraint::levelName(c.level), c.maxSkew, c.minDomains,
         SpreadConstraint::unsatisfiableName(c.whenUnsatisfiable)});
    m_scope.logChange(QStringLiteral("application"), app.name, Change::Op::Changed);
}

bool SpreadRows::remove(const ApplicationRecord &app, SpreadConstraint::Level level)
{
    const bool removed =
        m_scope.sql()
            .run(QStringLiteral("DELETE FROM application_spreads WHERE application_id = ? AND "
                                "level = ?"),
                 {app.id, SpreadConstraint::levelName(level)})
            .numRowsAffected() > 0;
    if (removed)
        m_scope.logChange(QStringLiteral("application"), app.name, Change::Op::Changed);
    if (removed && of(app.id).isEmpty())
        m_scope.unitTallies().stopCounting(app.id);
    return removed;
}

QList<SpreadRows::Move> SpreadRows::moves()
{
    QSqlQuery &q = m_scope.sql().run(
        QStringLiteral("SELECT id, application_id, region, zone, machine, remove_unit_id, "
                       "new_unit_id, max_surge FROM rebalance_moves WHERE model_id = ? ORDER BY "
                       "id"),
        {m_scope.model().id});
    QList<Move> rows;
    while (q.next()) {
        rows.append({q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toString(),
                     q.value(3).toString(), q.value(4).toString(), q.value(5).toLongLong(),
                     q.value(6).toLongLong(), q.value(7).toInt()});
    }
    q.finish();
    return rows;
}

qint64 SpreadRows::addMove(const Move &move)
{
    return m_scope.sql().insert(
        QStringLiteral(
            "INSERT INTO rebalance_moves (model_id, application_id, region, zone, "
            "machine, remove_unit_id, max_surge) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id"),
        {m_scope.model().id, move.applicationId, move.region, move.zone, move.machine,
         move.removeUnitId, move.maxSurge});
}

void SpreadRows::setNewUnit(qint64 moveId, qint64 unitId)
{
    m_scope.sql().run(QStringLiteral("UPDATE rebalance_moves SET new_unit_id = ? WHERE id = ?"),
                      {unitId, moveId});
}

void SpreadRows::removeMove(qint64 moveId)
{
    m_scope.sql().run(QStringLiteral("DELETE FROM rebalance_moves WHERE id = ?"), {moveId});
}

qint64 SpreadRows::cancelMoves(qint64 applicationId)
{
    return applicationId == 0
               ? m_scope.sql()
                     .run(QStringLiteral("DELETE FROM rebalance_moves WHERE model_id = ?"),
                          {m_scope.model().id})
                     .numRowsAffected()
               : m_scope.sql()
                     .run(QStringLiteral("DELETE FROM rebalance_moves WHERE model_id = ? AND "
                                         "application_id = ?"),
                          {m_scope.model().id, applicationId})
                     .numRowsAffected();
}

} // namespace berth
