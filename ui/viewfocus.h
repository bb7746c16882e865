#pragma once

#include <QAbstractItemView>
#include <QItemSelectionModel>

namespace berth {

// A view that gets the keyboard focus with no current row makes its first
// row current (not selected), so the focus shows where the keys will act.
inline void showFocusIn(QAbstractItemView *view)
{
    const QAbstractItemModel *model = view->model();
    if (!model || view->currentIndex().isValid() || model->rowCount(view->rootIndex()) == 0)
        return;
    view->selectionModel()->setCurrentIndex(model->index(0, 0, view->rootIndex()),
                                            QItemSelectionModel::NoUpdate);
}

} // namespace berth
