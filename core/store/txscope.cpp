#include "core/store/txscope.h"

#include "core/store/sqlsession.h"
#include "core/store/unittallies.h"

#include <QDateTime>

namespace berth {

TxScope::TxScope(SqlSession &sql, ModelRecord model)
    : m_sql(sql)
    , m_model(std::move(model))
    , m_now(QDateTime::currentMSecsSinceEpoch())
{}

TxScope::~TxScope() = default;

UnitTallies &TxScope::unitTallies()
{
    if (!m_tallies)
        m_tallies = std::make_unique<UnitTallies>(*this);
    return *m_tallies;
}

qint64 TxScope::nextSequence(const QString &name)
{
    auto it = m_sequences.find(name);
    if (it == m_sequences.end()) {
        const QVariant stored = m_sql.scalar(
            QStringLiteral("SELECT value FROM sequences WHERE model_id = ? AND name = ?"),
            {m_model.id, name});
        it = m_sequences.insert(name, stored.isValid() ? stored.toLongLong() : 0);
    }
    return (*it)++;
}

void TxScope::reserveSequence(const QString &name, qint64 value)
{
    nextSequence(name); // read it in
    qint64 &next = m_sequences[name];
    next = std::max(next - 1, value + 1);
}

QHash<QString, qint64> TxScope::sequences()
{
    QHash<QString, qint64> all;
    m_sql.forEachRow(QStringLiteral("SELECT name, value FROM sequences WHERE model_id = ?"),
                     {m_model.id},
                     [&](const SqlRow &row) { all.insert(row.text(0), row.integer(1)); });
    for (auto it = m_sequences.cbegin(); it != m_sequences.cend(); ++it)
        all.insert(it.key(), it.value());
    return all;
}

void TxScope::logChange(const QString &kind, const QString &name, Change::Op op)
{
    Change change;
    change.kind = kind;
    change.name = name;
    change.op = op;
    m_changes.append(std::move(change));
    if (op != Change::Op::Added)
        ++m_reshapes;
}

void TxScope::finish()
{
    if (m_tallies)
        m_tallies->flush();
    for (auto it = m_sequences.cbegin(); it != m_sequences.cend(); ++it) {
        m_sql.run(QStringLiteral("INSERT INTO sequences (model_id, name, value) VALUES (?, ?, ?) "
                                 "ON CONFLICT (model_id, name) DO UPDATE SET value = "
                                 "excluded.value"),
                  {m_model.id, it.key(), it.value()});
    }
    m_sequences.clear();
    // Many rows a statement: on PostgreSQL each statement is a round trip,
    // and a large command logs two changes a unit.
    QList<QVariantList> rows;
    rows.reserve(m_changes.size());
    for (const Change &change : std::as_const(m_changes))
        rows << QVariantList{m_model.id, change.kind, change.name, Change::opName(change.op)};
    m_sql.insertRows(QStringLiteral("changes"),
                     {{"model_id", "bigint"}, {"kind", "text"}, {"name", "text"}, {"op", "text"}},
                     rows);
    m_changes.clear();
}

} // namespace berth
