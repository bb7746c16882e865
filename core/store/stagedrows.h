#pragma once

#include "core/model/modelrecords.h"

namespace berth {

class TxScope;

// A model's change set as stored: changes staged in order, read and written
// in one model transaction. Every write is logged, so other clients'
// windows show what is planned as it is staged.
class StagedRows
{
public:
    explicit StagedRows(TxScope &scope);

    QList<StagedChangeRecord> list();
    qint64 count();
    // Appends a change (its id is set here); gives it with its id.
    StagedChangeRecord append(StagedChangeRecord row);
    // Removes the changes with these ids; gives how many there were.
    qint64 remove(const QList<qint64> &ids);
    // Empties the change set; gives how many changes it held.
    qint64 clear();

private:
    TxScope &m_scope;
};

} // namespace berth
