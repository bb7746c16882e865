#include "ui/treefiltermodel.h"

#include "ui/itemroles.h"

namespace berth {

TreeFilterModel::TreeFilterModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setRecursiveFilteringEnabled(true);
    setSortRole(ItemRoles::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

void TreeFilterModel::setText(const QString &text)
{
    if (text == m_text)
        return;
    m_text = text;
    invalidateFilter();
}

void TreeFilterModel::setProblemsOnly(bool on)
{
    if (on == m_problemsOnly)
        return;
    m_problemsOnly = on;
    invalidateFilter();
}

void TreeFilterModel::setUnplacedOnly(bool on)
{
    if (on == m_unplacedOnly)
        return;
    m_unplacedOnly = on;
    invalidateFilter();
}

void TreeFilterModel::sort(int column, Qt::SortOrder order)
{
    if (column >= 0 && column == m_sourceOrderColumn && order == Qt::AscendingOrder &&
        m_sourceOrderRows == SourceOrder::AllRows)
        column = -1; // the source's own order: nothing to sort
    QSortFilterProxyModel::sort(column, order);
}

bool TreeFilterModel::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    if (left.column() == m_sourceOrderColumn &&
        (m_sourceOrderRows == SourceOrder::AllRows || left.parent().isValid()))
        return left.row() < right.row();
    return QSortFilterProxyModel::lessThan(left, right);
}

bool TreeFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QAbstractItemModel *source = sourceModel();
    const QModelIndex index = source->index(sourceRow, 0, sourceParent);
    if (m_unplacedOnly) {
        // Parents are kept by recursive filtering when a child matches.
        if (!sourceParent.isValid())
            return false;
        if (index.data(ItemRoles::UnplacedRole).toBool() == false)
            return false;
    }
    if (m_problemsOnly && !index.data(ItemRoles::ProblemRole).toBool())
        return false;
    if (m_text.isEmpty())
        return true;
    for (int column = 0; column < source->columnCount(sourceParent); ++column) {
        if (source->index(sourceRow, column, sourceParent)
                .data()
                .toString()
                .contains(m_text, Qt::CaseInsensitive))
            return true;
    }
    return false;
}

} // namespace berth
