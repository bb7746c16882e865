#include "ui/unitdragview.h"

#include "ui/itemroles.h"
#include "ui/viewfocus.h"

#include <QDrag>
#include <QPainter>
#include <QPixmap>

namespace berth {

QString UnitDragView::dragLabel(const QStringList &units)
{
    if (units.size() <= 2)
        return units.join(QStringLiteral(", "));
    return tr("%1 and %n more", nullptr, int(units.size() - 1)).arg(units.first());
}

QPoint UnitDragView::dragHotSpot()
{
    // A negative hot spot puts the picture below and right of the pointer.
    return {-14, -10};
}

void UnitDragView::startDrag(Qt::DropActions supportedActions)
{
    const QModelIndexList rows = selectionModel()->selectedRows();
    QMimeData *carried = model()->mimeData(rows);
    if (!carried)
        return;
    QStringList units;
    for (const QModelIndex &row : rows) {
        if (row.parent().isValid())
            units << row.data(ItemRoles::NameRole).toString();
    }
    const QString label = dragLabel(units);
    const QFontMetrics metrics = fontMetrics();
    const QSize size(metrics.horizontalAdvance(label) + 12, metrics.height() + 6);
    const qreal ratio = devicePixelRatioF();
    QPixmap picture(size * ratio);
    picture.setDevicePixelRatio(ratio);
    picture.fill(Qt::transparent);
    {
        QPainter painter(&picture);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(palette().color(QPalette::Highlight));
        painter.setBrush(palette().color(QPalette::Base));
        painter.drawRoundedRect(QRectF(0.5, 0.5, size.width() - 1, size.height() - 1), 4, 4);
        painter.setPen(palette().color(QPalette::Text));
        painter.drawText(QRect(QPoint(0, 0), size), Qt::AlignCenter, label);
    }
    auto *drag = new QDrag(this);
    drag->setMimeData(carried);
    drag->setPixmap(picture);
    drag->setHotSpot(dragHotSpot());
    drag->exec(supportedActions, Qt::MoveAction);
}

void UnitDragView::focusInEvent(QFocusEvent *event)
{
    QTreeView::focusInEvent(event);
    showFocusIn(this);
}

} // namespace berth
