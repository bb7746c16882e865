#include "ui/relationsview.h"

#include "ui/relationsaccessible.h"

#include <QAccessible>
#include <QContextMenuEvent>
#include <QGraphicsLineItem>
#include <QGraphicsPathItem>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QMenu>
#include <QWheelEvent>

#include <cmath>

namespace berth {

namespace {

constexpr double labelPointSize = 8.0;
// Item data: the application a box is, the two a relation joins.
constexpr int applicationKey = 0;
constexpr int firstKey = 1;
constexpr int secondKey = 2;

} // namespace

RelationsView::RelationsView(QWidget *parent)
    : QGraphicsView(parent)
{
    setScene(new QGraphicsScene(this));
    setRenderHint(QPainter::Antialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setFocusPolicy(Qt::StrongFocus);
    static const bool accessible = [] {
        QAccessible::installFactory(&RelationsAccessible::factory);
        return true;
    }();
    Q_UNUSED(accessible)
    setAccessibleName(tr("Relations between applications"));
    setToolTip(tr("Drag from one application to another to relate them; right-click a "
                  "relation to remove it. Ctrl+wheel or +/- zooms, 0 fits."));
}

void RelationsView::setSnapshot(const ModelSnapshot &snapshot)
{
    QList<RelationsLayout::Node> nodes;
    QList<RelationsLayout::Edge> edges;
    const QFontMetricsF metrics(font());
    QStringList key;
    for (const ApplicationRecord &a : snapshot.applications) {
        if (snapshot.planned.removedApplications.contains(a.id))
            continue;
        nodes.append({a.name, QSizeF(metrics.horizontalAdvance(a.name) + 24, metrics.height() + 14),
                      a.subordinate});
        key << a.name + (a.subordinate ? u"*" : u"");
    }
    for (const RelationRecord &r : snapshot.relations) {
        // Dashed, unlabelled: a subordinate's relation says nothing more.
        edges.append({r.principal, r.subordinate, QString(), true});
        key << r.principal + u'>' + r.subordinate;
    }
    for (const IntegrationRecord &i : snapshot.integrations) {
        edges.append({i.first, i.second,
                      RelationsLayout::labelOf(i.firstEndpoint, i.secondEndpoint), false});
        key << i.first + u'-' + i.second + u':' + edges.constLast().label;
    }
    const QString joined = key.join(u'\n');
    if (joined == m_key)
        return; // nothing the layout depends on changed (a machine started, say)
    m_key = joined;
    m_nodes = nodes;
    m_edges = edges;
    rebuild();
}

void RelationsView::rebuild()
{
    m_layout = RelationsLayout::compute(m_nodes, m_edges, labelPointSize);
    paintItems();
    describeSelection(); // its relations may have changed
    RelationsAccessible::boxesChanged(this);
    if (m_autoFit)
        fit();
}

void RelationsView::paintItems()
{
    QGraphicsScene *s = scene();
    m_dragLine = nullptr;
    s->clear();
    s->setSceneRect(m_layout.bounds.adjusted(-20, -20, 20, 20));
    const QPalette p = palette();
    QFont labelFont = font();
    labelFont.setPointSizeF(labelPointSize);
    QColor line = p.color(QPalette::Text);
    line.setAlphaF(0.55); // lighter than the boxes, on a light or a dark scheme
    for (const RelationsLayout::PlacedEdge &e : std::as_const(m_layout.edges)) {
        const bool subordinate = e.subordinate;
        QPen pen(line, 1.2, subordinate ? Qt::DashLine : Qt::SolidLine);
        auto *path = s->addPath(e.path, pen);
        path->setData(firstKey, e.from);
        path->setData(secondKey, e.to);
        path->setToolTip(subordinate ? tr("%1 follows %2").arg(e.to, e.from)
                                     : tr("%1 and %2: %3").arg(e.from, e.to, e.label));
        if (!e.labelBox.isEmpty()) {
            auto *label = s->addSimpleText(e.label, labelFont);
            label->setBrush(p.color(QPalette::Text));
            const QRectF text = label->boundingRect();
            label->setPos(e.labelBox.center() - text.center());
            label->setData(firstKey, e.from);
            label->setData(secondKey, e.to);
        }
    }
    m_boxes.clear();
    for (qsizetype i = 0; i < m_nodes.size() && i < m_layout.boxes.size(); ++i) {
        const RelationsLayout::Node &node = m_nodes.at(i);
        auto *box = s->addRect(m_layout.boxes.at(i));
        box->setData(applicationKey, node.name);
        box->setToolTip(node.subordinate ? tr("%1 (subordinate)").arg(node.name) : node.name);
        auto *name = s->addSimpleText(node.name, font());
        name->setPos(m_layout.boxes.at(i).center() - name->boundingRect().center());
        name->setData(applicationKey, node.name);
        m_boxes.append({box, name, node.subordinate});
    }
    styleBoxes();
}

void RelationsView::styleBoxes()
{
    // The selected box is filled with the selection's colour, its name in the
    // colour made to be read on it, and its border (the text's colour, so it
    // stands out from the background) is thicker: seen without telling
    // colours apart, on any scheme (high contrast too).
    const QPalette p = palette();
    for (const auto &[box, name, subordinate] : std::as_const(m_boxes)) {
        const bool selected = box->data(applicationKey).toString() == m_selected;
        box->setPen(QPen(p.color(QPalette::Text), selected ? 3.0 : 1.0,
                         subordinate ? Qt::DashLine : Qt::SolidLine));
        box->setBrush(selected ? p.color(QPalette::Highlight) : p.color(QPalette::Base));
        name->setBrush(selected ? p.color(QPalette::HighlightedText) : p.color(QPalette::Text));
    }
}

QStringList RelationsView::relatedTo(const QString &application) const
{
    QStringList related;
    for (const RelationsLayout::Edge &e : std::as_const(m_edges)) {
        if (e.from == application)
            related << e.to;
        else if (e.to == application)
            related << e.from;
    }
    return related;
}

void RelationsView::choose(const QString &application)
{
    setSelectedApplication(application);
    emit applicationSelected(application);
}

QRect RelationsView::boxOf(const QString &application) const
{
    for (qsizetype i = 0; i < m_nodes.size() && i < m_layout.boxes.size(); ++i) {
        if (m_nodes.at(i).name == application)
            return mapFromScene(m_layout.boxes.at(i)).boundingRect();
    }
    return {};
}

void RelationsView::describeSelection()
{
    // A screen reader hears what is selected and what it is related to.
    const QStringList related = relatedTo(m_selected);
    setAccessibleDescription(
        m_selected.isEmpty() ? QString()
        : related.isEmpty()
            ? tr("%1 selected, related to nothing").arg(m_selected)
            : tr("%1 selected, related to %2").arg(m_selected, related.join(QStringLiteral(", "))));
}

void RelationsView::setSelectedApplication(const QString &name)
{
    if (name == m_selected)
        return;
    m_selected = name;
    styleBoxes(); // the boxes as they are, restyled: not the scene made again
    describeSelection();
    RelationsAccessible::announceSelection(this);
    if (const QPoint centre = centreOf(name);
        !centre.isNull() && !viewport()->rect().contains(centre))
        centerOn(mapToScene(centre));
}

QPoint RelationsView::centreOf(const QString &application) const
{
    const QRect box = boxOf(application);
    return box.isEmpty() ? QPoint() : box.center();
}

void RelationsView::zoomBy(double factor)
{
    m_autoFit = false;
    const double next = std::clamp(zoom() * factor, 0.1, 8.0);
    scale(next / zoom(), next / zoom());
}

void RelationsView::fit()
{
    if (m_layout.bounds.isEmpty())
        return;
    fitInView(m_layout.bounds.adjusted(-20, -20, 20, 20), Qt::KeepAspectRatio);
    // A few applications are not drawn huge: at most twice their size.
    if (zoom() > 2.0)
        setTransform(QTransform::fromScale(2.0, 2.0));
}

QString RelationsView::applicationAt(const QPoint &pos) const
{
    for (QGraphicsItem *item : items(pos)) {
        const QString name = item->data(applicationKey).toString();
        if (!name.isEmpty())
            return name;
    }
    return {};
}

std::optional<RelationsLayout::PlacedEdge> RelationsView::edgeAt(const QPoint &pos) const
{
    // A few pixels either side of a thin line count.
    const QRect near(pos - QPoint(4, 4), QSize(9, 9));
    for (QGraphicsItem *item : items(near)) {
        const QString first = item->data(firstKey).toString();
        const QString second = item->data(secondKey).toString();
        if (first.isEmpty())
            continue;
        for (const RelationsLayout::PlacedEdge &e : m_layout.edges) {
            if (e.from == first && e.to == second)
                return e;
        }
    }
    return std::nullopt;
}

QString RelationsView::neighbour(Qt::Key arrow) const
{
    qsizetype from = -1;
    for (qsizetype i = 0; i < m_nodes.size(); ++i) {
        if (m_nodes.at(i).name == m_selected)
            from = i;
    }
    if (from < 0 || from >= m_layout.boxes.size())
        return m_nodes.isEmpty() ? QString() : m_nodes.constFirst().name;
    const QPointF here = m_layout.boxes.at(from).center();
    QString best;
    double bestCost = 0;
    for (qsizetype i = 0; i < m_nodes.size() && i < m_layout.boxes.size(); ++i) {
        const QPointF d = m_layout.boxes.at(i).center() - here;
        // Along the arrow, and across it.
        double along = 0;
        double across = 0;
        switch (arrow) {
        case Qt::Key_Right:
            along = d.x();
            across = d.y();
            break;
        case Qt::Key_Left:
            along = -d.x();
            across = d.y();
            break;
        case Qt::Key_Down:
            along = d.y();
            across = d.x();
            break;
        case Qt::Key_Up:
            along = -d.y();
            across = d.x();
            break;
        default:
            return {};
        }
        if (i == from || along <= 0.5)
            continue;
        const double cost = along + 2 * std::abs(across);
        if (best.isEmpty() || cost < bestCost) {
            best = m_nodes.at(i).name;
            bestCost = cost;
        }
    }
    return best;
}

void RelationsView::wheelEvent(QWheelEvent *event)
{
    if (event->modifiers() & Qt::ControlModifier) {
        zoomBy(std::pow(1.0015, event->angleDelta().y()));
        event->accept();
        return;
    }
    QGraphicsView::wheelEvent(event);
}

void RelationsView::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomBy(1.25);
        return;
    case Qt::Key_Minus:
        zoomBy(0.8);
        return;
    case Qt::Key_0:
        m_autoFit = true;
        fit();
        return;
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_Up:
    case Qt::Key_Down:
        if (const QString next = neighbour(Qt::Key(event->key())); !next.isEmpty())
            choose(next);
        return;
    default:
        QGraphicsView::keyPressEvent(event);
    }
}

void RelationsView::mousePressEvent(QMouseEvent *event)
{
    const QString name =
        event->button() == Qt::LeftButton ? applicationAt(event->position().toPoint()) : QString();
    if (name.isEmpty()) {
        QGraphicsView::mousePressEvent(event); // the background: pan
        return;
    }
    m_dragFrom = name;
    choose(name);
    event->accept();
}

void RelationsView::mouseMoveEvent(QMouseEvent *event)
{
    if (m_dragFrom.isEmpty()) {
        QGraphicsView::mouseMoveEvent(event);
        return;
    }
    const QPointF from = mapToScene(centreOf(m_dragFrom));
    const QPointF to = mapToScene(event->position().toPoint());
    if (!m_dragLine) {
        m_dragLine = scene()->addLine(QLineF(from, to),
                                      QPen(palette().color(QPalette::Highlight), 2, Qt::DotLine));
    } else {
        m_dragLine->setLine(QLineF(from, to));
    }
    const QString over = applicationAt(event->position().toPoint());
    setCursor(!over.isEmpty() && over != m_dragFrom ? Qt::DragLinkCursor : Qt::ArrowCursor);
}

void RelationsView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_dragFrom.isEmpty()) {
        QGraphicsView::mouseReleaseEvent(event);
        return;
    }
    const QString from = std::exchange(m_dragFrom, QString());
    if (m_dragLine) {
        delete m_dragLine;
        m_dragLine = nullptr;
    }
    unsetCursor();
    const QString to = applicationAt(event->position().toPoint());
    if (!to.isEmpty() && to != from)
        emit relateRequested(from, to);
}

void RelationsView::contextMenuEvent(QContextMenuEvent *event)
{
    const std::optional<RelationsLayout::PlacedEdge> edge = edgeAt(event->pos());
    if (!edge)
        return;
    QMenu menu(this);
    const QString first = edge->from;
    const QString second = edge->to;
    menu.addAction(tr("Remove the relation between %1 and %2…").arg(first, second), this,
                   [this, first, second] { emit removeRelationRequested(first, second); });
    menu.exec(event->globalPos());
}

void RelationsView::resizeEvent(QResizeEvent *event)
{
    QGraphicsView::resizeEvent(event);
    if (m_autoFit)
        fit();
}

void RelationsView::changeEvent(QEvent *event)
{
    QGraphicsView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        paintItems(); // a dark or light scheme chosen while it runs
}

} // namespace berth
