#pragma once

// Helpers for tests that find rows in the window's trees.
#include "ui/itemroles.h"

#include <QAbstractItemView>

namespace berth {

// The index of the row called `name` in `view`, at any depth.
inline QModelIndex findRow(const QAbstractItemView *view, const QString &name,
                           const QModelIndex &parent = {})
{
    const QAbstractItemModel *m = view->model();
    for (int row = 0; row < m->rowCount(parent); ++row) {
        const QModelIndex index = m->index(row, 0, parent);
        if (index.data(ItemRoles::NameRole).toString() == name)
            return index;
        const QModelIndex child = findRow(view, name, index);
        if (child.isValid())
            return child;
    }
    return {};
}

} // namespace berth
