#pragma once

#include <QTreeView>

namespace berth {

// A tree of units that drags them to a machine: the drag shows a small
// label with the units' names below and to the right of the pointer, so the
// row it is dropped on stays in sight. With the focus it always shows a
// current row.
class UnitDragView final : public QTreeView
{
    Q_OBJECT

public:
    using QTreeView::QTreeView;

    // The label a drag of `units` shows beside the pointer.
    static QString dragLabel(const QStringList &units);
    // Where the pointer holds the drag's picture: above and to the left of it.
    static QPoint dragHotSpot();

protected:
    void startDrag(Qt::DropActions supportedActions) override;
    void focusInEvent(QFocusEvent *event) override;
};

} // namespace berth
