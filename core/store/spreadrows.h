#pragma once

#include "core/model/modelrecords.h"
#include "core/model/spreadconstraint.h"

#include <QList>
#include <QString>

namespace berth {

class TxScope;

// Applications' spread constraints (one per level), and the moves of a
// committed rebalance still to carry out, read and written in one model
// transaction (spread: The constraint, Rebalance).
class SpreadRows
{
public:
    explicit SpreadRows(TxScope &scope)
        : m_scope(scope)
    {}

    QList<SpreadRecord> ofModel();
    QList<SpreadConstraint> of(qint64 applicationId);
    // Sets the application's constraint at its level, replacing the one it had.
    void put(const ApplicationRecord &app, const SpreadConstraint &constraint);
    // Removes the application's constraint at `level`; false when it had none.
    bool remove(const ApplicationRecord &app, SpreadConstraint::Level level);

    // A move waiting to be carried out: where its new unit goes, the unit it
    // replaces, and the new unit once added.
    struct Move
    {
        qint64 id = 0;
        qint64 applicationId = 0;
        QString region;
        QString zone;
        QString machine; // an existing machine, or "new"
        qint64 removeUnitId = 0;
        qint64 newUnitId = 0; // 0: not added yet
        int maxSurge = 1;
    };
    QList<Move> moves();
    // Gives the new move's id.
    qint64 addMove(const Move &move);
    void setNewUnit(qint64 moveId, qint64 unitId);
    void removeMove(qint64 moveId);
    // Moves of the model dropped (their units stay as they are); how many.
    qint64 cancelMoves(qint64 applicationId = 0);

private:
    TxScope &m_scope;
};

} // namespace berth
