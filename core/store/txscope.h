#pragma once

#include "core/model/change.h"
#include "core/model/modelrecords.h"

#include <QHash>

#include <memory>
#include <typeindex>
#include <unordered_map>

namespace berth {

class SqlSession;
class UnitTallies;

// What the row classes of one model's write transaction share: the
// connection, the model, the transaction's time, the model's sequences and
// the changes noted so far. ModelTx owns one; each row class takes it.
class TxScope final
{
public:
    TxScope(SqlSession &sql, ModelRecord model);
    ~TxScope();
    TxScope(const TxScope &) = delete;
    TxScope &operator=(const TxScope &) = delete;

    SqlSession &sql() const { return m_sql; }
    const ModelRecord &model() const { return m_model; }
    // The model row as this transaction has written it.
    ModelRecord &model() { return m_model; }
    // When this transaction began: every row it writes carries this time.
    qint64 now() const { return m_now; }

    // The next value of a named per-model sequence; values are never reused.
    qint64 nextSequence(const QString &name);
    // The sequence goes on after `value` (when it is not past it already).
    void reserveSequence(const QString &name, qint64 value);
    // Every sequence of the model by name, as this transaction has them.
    QHash<QString, qint64> sequences();
    // After the model row went: its sequences went with it.
    void dropSequences() { m_sequences.clear(); }

    // Noted now, written by finish().
    void logChange(const QString &kind, const QString &name, Change::Op op);
    const ChangeList &pendingChanges() const { return m_changes; }
    // How many changes noted so far changed or removed something (all but
    // additions): what a reader that keeps its own count of rows as they
    // are added must read again after.
    qint64 reshapes() const { return m_reshapes; }

    // One T for the whole transaction, made on first use: what the commands
    // of one transaction (a change set's, a bundle's) read once and share.
    template <typename T> T &memo()
    {
        std::shared_ptr<void> &slot = m_memos[std::type_index(typeid(T))];
        if (!slot)
            slot = std::make_shared<T>();
        return *std::static_pointer_cast<T>(slot);
    }

    // Whether each application (by id) is the principal of a subordinate
    // relation, as read in this transaction: asked once per unit added.
    QHash<qint64, bool> &subordinateRelations() { return m_subordinateRelations; }

    // The spread counts this transaction keeps (each write of units or of
    // a machine's zone or life tells them).
    UnitTallies &unitTallies();
    // Writes sequences, spread counts and the change log; call once, last.
    void finish();

private:
    SqlSession &m_sql;
    ModelRecord m_model;
    qint64 m_now = 0;
    QHash<QString, qint64> m_sequences;
    ChangeList m_changes;
    qint64 m_reshapes = 0;
    std::unordered_map<std::type_index, std::shared_ptr<void>> m_memos;
    QHash<qint64, bool> m_subordinateRelations;
    std::unique_ptr<UnitTallies> m_tallies;
};

} // namespace berth
