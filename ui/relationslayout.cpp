#include "ui/relationslayout.h"

#include <QHash>

#include <cmath>

#include <gvc.h>

#include <memory>

namespace berth {

namespace {

// Graphviz takes and gives C strings; these live as long as the call.
void set(void *object, const char *name, const QByteArray &value)
{
    agsafeset(object, const_cast<char *>(name), const_cast<char *>(value.constData()),
              const_cast<char *>(""));
}

QByteArray inches(double points)
{
    return QByteArray::number(points / 72.0, 'f', 4);
}

// Graphviz's y grows upwards; Qt's downwards.
QPointF flipped(pointf p, double height)
{
    return {p.x, height - p.y};
}

} // namespace

QString RelationsLayout::labelOf(const QString &firstEndpoint, const QString &secondEndpoint)
{
    if (firstEndpoint.isEmpty() || secondEndpoint.isEmpty() || firstEndpoint == secondEndpoint)
        return firstEndpoint.isEmpty() ? secondEndpoint : firstEndpoint;
    return firstEndpoint + QStringLiteral(" / ") + secondEndpoint;
}

RelationsLayout RelationsLayout::compute(const QList<Node> &nodes, const QList<Edge> &edges,
                                         double labelFontSize)
{
    RelationsLayout out;
    std::unique_ptr<GVC_t, decltype(&gvFreeContext)> gvc(gvContext(), gvFreeContext);
    Agraph_t *graph = agopen(const_cast<char *>("relations"), Agdirected, nullptr);
    set(graph, "rankdir", "LR");
    set(graph, "nodesep", "0.35");
    set(graph, "ranksep", "0.9");
    set(graph, "splines", "true");
    QHash<QString, Agnode_t *> byName;
    QList<Agnode_t *> order;
    for (const Node &node : nodes) {
        Agnode_t *n = agnode(graph, node.name.toUtf8().data(), 1);
        set(n, "shape", "box");
        set(n, "fixedsize", "true");
        // Whole points: dot rounds a box to them (and would cut the text).
        set(n, "width", inches(std::ceil(node.size.width())));
        set(n, "height", inches(std::ceil(node.size.height())));
        set(n, "label", "");
        byName.insert(node.name, n);
        order << n;
    }
    QList<std::pair<Agedge_t *, const Edge *>> placed;
    for (const Edge &edge : edges) {
        Agnode_t *from = byName.value(edge.from);
        Agnode_t *to = byName.value(edge.to);
        if (!from || !to || from == to)
            continue;
        Agedge_t *e = agedge(graph, from, to, nullptr, 1);
        if (!edge.label.isEmpty()) {
            set(e, "label", edge.label.toUtf8());
            set(e, "fontsize", QByteArray::number(labelFontSize, 'f', 1));
        }
        if (edge.subordinate)
            set(e, "weight", "4");
        placed.append({e, &edge});
    }
    gvLayout(gvc.get(), graph, "dot");
    const boxf bb = GD_bb(graph);
    const double height = bb.UR.y;
    out.bounds = QRectF(QPointF(bb.LL.x, 0), QPointF(bb.UR.x, bb.UR.y - bb.LL.y));
    for (Agnode_t *n : std::as_const(order)) {
        const QPointF centre = flipped(ND_coord(n), height);
        const QSizeF size(ND_width(n) * 72.0, ND_height(n) * 72.0);
        out.boxes << QRectF(centre - QPointF(size.width() / 2, size.height() / 2), size);
    }
    for (const auto &[e, edge] : std::as_const(placed)) {
        PlacedEdge p;
        p.from = edge->from;
        p.to = edge->to;
        p.label = edge->label;
        p.subordinate = edge->subordinate;
        if (const splines *spl = ED_spl(e); spl && spl->size > 0) {
            // A B-spline: a start, then control points three by three.
            const bezier &curve = spl->list[0];
            if (curve.size > 0) {
                p.path.moveTo(flipped(curve.list[0], height));
                for (int i = 1; i + 2 < curve.size; i += 3)
                    p.path.cubicTo(flipped(curve.list[i], height),
                                   flipped(curve.list[i + 1], height),
                                   flipped(curve.list[i + 2], height));
            }
        }
        if (const textlabel_t *label = ED_label(e); label && label->set) {
            const QPointF centre = flipped(label->pos, height);
            const QSizeF size(label->dimen.x, label->dimen.y);
            p.labelBox = QRectF(centre - QPointF(size.width() / 2, size.height() / 2), size);
        }
        out.edges << p;
    }
    gvFreeLayout(gvc.get(), graph);
    agclose(graph);
    return out;
}

} // namespace berth
