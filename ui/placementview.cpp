#include "ui/placementview.h"

#include "ui/itemroles.h"
#include "ui/unitmimedata.h"
#include "ui/viewfocus.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QToolTip>

namespace berth {

PlacementView::PlacementView(QWidget *parent)
    : QTreeView(parent)
{
    setAcceptDrops(true);
    viewport()->setAcceptDrops(true);
    setDropIndicatorShown(true);
    setDragDropMode(QAbstractItemView::DropOnly);
}

PlacementView::Target PlacementView::targetAt(const QStringList &units, const QPoint &pos)
{
    Target t;
    const QModelIndex index = indexAt(pos);
    if (!index.isValid()) {
        if (m_containers && m_host.isEmpty()) {
            t.problem = tr("select a machine first: its containers are shown here");
            return t;
        }
        t.directive = m_containers ? QStringLiteral("lxd:") + m_host : QString();
        if (t.directive.isEmpty()) { // a new machine is made to fit
            t.possible = true;
            return t;
        }
    } else {
        t.directive = index.siblingAtColumn(0).data(ItemRoles::NameRole).toString();
    }
    // A drag moves over the same row many times: ask the store once per row.
    const QString key = units.join(u' ') + u'@' + t.directive;
    if (key != m_lastKey) {
        m_lastKey = key;
        m_lastProblem = m_checker ? m_checker(units, t.directive) : QString();
    }
    t.problem = m_lastProblem;
    t.possible = t.problem.isEmpty();
    return t;
}

void PlacementView::dragEnterEvent(QDragEnterEvent *event)
{
    if (UnitMimeData::units(event->mimeData()).isEmpty()) {
        event->ignore();
        return;
    }
    m_lastKey.clear();
    event->acceptProposedAction();
}

void PlacementView::dragMoveEvent(QDragMoveEvent *event)
{
    const QStringList units = UnitMimeData::units(event->mimeData());
    if (units.isEmpty()) {
        event->ignore();
        return;
    }
    QTreeView::dragMoveEvent(event); // auto-scroll and the drop indicator
    const Target t = targetAt(units, event->position().toPoint());
    if (t.possible) {
        event->acceptProposedAction();
        sayRefusal({}, {});
    } else {
        event->ignore();
        sayRefusal(t.problem, event->position().toPoint());
    }
}

void PlacementView::sayRefusal(const QString &problem, const QPoint &pos)
{
    if (problem.isEmpty()) {
        if (!m_lastShown.isEmpty())
            QToolTip::hideText();
        m_lastShown.clear();
        return;
    }
    // Below the pointer, clear of the drag's picture, for as long as the
    // pointer is over a row that refuses.
    QToolTip::showText(viewport()->mapToGlobal(pos + QPoint(0, 24)), problem, viewport());
    if (problem != m_lastShown)
        emit refused(problem);
    m_lastShown = problem;
}

void PlacementView::focusInEvent(QFocusEvent *event)
{
    QTreeView::focusInEvent(event);
    showFocusIn(this);
}

void PlacementView::dragLeaveEvent(QDragLeaveEvent *event)
{
    m_lastKey.clear();
    sayRefusal({}, {});
    QTreeView::dragLeaveEvent(event);
}

void PlacementView::dropEvent(QDropEvent *event)
{
    const QStringList units = UnitMimeData::units(event->mimeData());
    if (units.isEmpty()) {
        event->ignore();
        return;
    }
    m_lastKey.clear(); // the store may have changed since the drag began
    const Target t = targetAt(units, event->position().toPoint());
    sayRefusal({}, {});
    if (!t.possible) {
        event->ignore();
        emit refused(t.problem);
        return;
    }
    event->acceptProposedAction();
    emit placeRequested(units, t.directive);
}

} // namespace berth
