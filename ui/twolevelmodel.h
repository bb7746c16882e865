#pragma once

#include <QAbstractItemModel>
#include <QHash>
#include <QList>

namespace berth {

// The shared mechanics of Berth's two-level trees (applications → units,
// machines → containers): rows keep the records' id order, and sync() moves
// the tree to a new snapshot with the fewest insert/remove/dataChanged
// signals, so views keep their selection, expansion and scroll position.
// Records need an `id` (positive, stable) and `operator==`.
template <typename Parent, typename Child> class TwoLevelModel : public QAbstractItemModel
{
public:
    struct Group
    {
        Parent record;
        QList<Child> children; // in id order
    };

    explicit TwoLevelModel(int columns, QObject *parent = nullptr)
        : QAbstractItemModel(parent)
        , m_columns(columns)
    {}

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override
    {
        if (row < 0 || column < 0 || column >= m_columns)
            return {};
        if (!parent.isValid())
            return row < m_groups.size() ? createIndex(row, column, quintptr(0)) : QModelIndex();
        if (parent.internalId() != 0 || parent.row() >= m_groups.size())
            return {};
        const Group &group = m_groups.at(parent.row());
        if (row >= group.children.size())
            return {};
        return createIndex(row, column, quintptr(group.record.id));
    }

    QModelIndex parent(const QModelIndex &child) const override
    {
        if (!child.isValid() || child.internalId() == 0)
            return {};
        const int row = groupRow(qint64(child.internalId()));
        return row < 0 ? QModelIndex() : createIndex(row, 0, quintptr(0));
    }

    int rowCount(const QModelIndex &parent = {}) const override
    {
        if (!parent.isValid())
            return int(m_groups.size());
        if (parent.column() != 0 || parent.internalId() != 0 || parent.row() >= m_groups.size())
            return 0;
        return int(m_groups.at(parent.row()).children.size());
    }

    int columnCount(const QModelIndex & = {}) const override { return m_columns; }

    // The second level never has rows of its own: a view need not ask, and
    // expandAll() keeps no state for it (a persistent index a unit).
    Qt::ItemFlags flags(const QModelIndex &index) const override
    {
        Qt::ItemFlags f = QAbstractItemModel::flags(index);
        if (index.isValid() && index.internalId() != 0)
            f |= Qt::ItemNeverHasChildren;
        return f;
    }

    // The record behind a row; null for the other level or an invalid index.
    const Parent *parentRecord(const QModelIndex &index) const
    {
        if (!index.isValid() || index.internalId() != 0 || index.row() >= m_groups.size())
            return nullptr;
        return &m_groups.at(index.row()).record;
    }
    const Child *childRecord(const QModelIndex &index) const
    {
        if (!index.isValid() || index.internalId() == 0)
            return nullptr;
        const int row = groupRow(qint64(index.internalId()));
        if (row < 0 || index.row() >= m_groups.at(row).children.size())
            return nullptr;
        return &m_groups.at(row).children.at(index.row());
    }
    const QList<Group> &groups() const { return m_groups; }

protected:
    // Moves the tree to `next` (groups and children in id order).
    void sync(QList<Group> next)
    {
        if (m_groups.isEmpty() && !next.isEmpty()) {
            // The first fill: one reset, so that views and proxies build
            // their rows (and sort them) once instead of row run by row run.
            beginResetModel();
            m_groups = std::move(next);
            m_rowsDirty = true;
            endResetModel();
            return;
        }
        syncRows(m_groups, std::move(next), QModelIndex(),
                 [this](int row, Group &now, Group &&incoming) {
                     // Every row takes the incoming one, changed or not: a
                     // row may point into the snapshot it came from, and the
                     // snapshot before goes once this is done.
                     const bool changed = !(now.record == incoming.record);
                     now.record = std::move(incoming.record);
                     const QModelIndex parentIndex = createIndex(row, 0, quintptr(0));
                     syncRows(now.children, std::move(incoming.children), parentIndex,
                              [](int, Child &c, Child &&n) {
                                  const bool childChanged = !(c == n);
                                  c = std::move(n);
                                  return childChanged;
                              });
                     return changed;
                 });
    }

private:
    int groupRow(qint64 id) const
    {
        if (m_rowsDirty) {
            m_rowOf.clear();
            m_rowOf.reserve(m_groups.size());
            for (int i = 0; i < m_groups.size(); ++i)
                m_rowOf.insert(m_groups.at(i).record.id, i);
            m_rowsDirty = false;
        }
        return m_rowOf.value(id, -1);
    }

    template <typename T> static qint64 idOf(const T &item)
    {
        if constexpr (requires { item.record; })
            return item.record.id;
        else
            return item.id;
    }

    // A merge of two id-ordered lists; runs of inserts and removals are
    // signalled at once. `update(row, now, incoming)` returns whether `now`
    // changed. Only top-level changes move group rows.
    template <typename T, typename Update>
    void syncRows(QList<T> &rows, QList<T> next, const QModelIndex &parent, Update update)
    {
        qsizetype i = 0;
        qsizetype j = 0;
        // Rows changed in place, signalled as one range per run of neighbours
        // (a provisioner's pass changes thousands at once).
        int changedFrom = -1;
        int changedTo = -1;
        const auto flushChanged = [&] {
            if (changedFrom < 0)
                return;
            const QModelIndex first = parent.isValid() ? index(changedFrom, 0, parent)
                                                       : createIndex(changedFrom, 0, quintptr(0));
            const QModelIndex last = parent.isValid()
                                         ? index(changedTo, m_columns - 1, parent)
                                         : createIndex(changedTo, m_columns - 1, quintptr(0));
            emit dataChanged(first, last);
            changedFrom = changedTo = -1;
        };
        while (i < rows.size() || j < next.size()) {
            if (j >= next.size() || (i < rows.size() && idOf(rows.at(i)) < idOf(next.at(j)))) {
                flushChanged();
                qsizetype end = i;
                while (end < rows.size() &&
                       (j >= next.size() || idOf(rows.at(end)) < idOf(next.at(j))))
                    ++end;
                beginRemoveRows(parent, int(i), int(end - 1));
                rows.remove(i, end - i);
                m_rowsDirty = m_rowsDirty || !parent.isValid();
                endRemoveRows();
            } else if (i >= rows.size() || idOf(next.at(j)) < idOf(rows.at(i))) {
                flushChanged();
                qsizetype end = j;
                while (end < next.size() &&
                       (i >= rows.size() || idOf(next.at(end)) < idOf(rows.at(i))))
                    ++end;
                beginInsertRows(parent, int(i), int(i + (end - j) - 1));
                for (qsizetype k = j; k < end; ++k)
                    rows.insert(i + (k - j), std::move(next[k]));
                m_rowsDirty = m_rowsDirty || !parent.isValid();
                endInsertRows();
                i += end - j;
                j = end;
            } else {
                if (update(int(i), rows[i], std::move(next[j]))) {
                    if (changedFrom < 0)
                        changedFrom = int(i);
                    changedTo = int(i);
                } else {
                    flushChanged();
                }
                ++i;
                ++j;
            }
        }
        flushChanged();
    }

    int m_columns;
    QList<Group> m_groups;
    mutable QHash<qint64, int> m_rowOf;
    mutable bool m_rowsDirty = true;
};

} // namespace berth
