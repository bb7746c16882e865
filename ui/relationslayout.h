#pragma once

#include <QList>
#include <QPainterPath>
#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QString>

namespace berth {

// Applications as boxes and their relations as labelled edges, laid out in
// layers by Graphviz's dot (through its C library): every box, edge and
// label placed where none overlaps another. Sizes and places are in points.
class RelationsLayout
{
public:
    struct Node
    {
        QString name;
        QSizeF size;
        bool subordinate = false;
    };
    struct Edge
    {
        QString from;
        QString to;
        QString label;            // the endpoints, or empty
        bool subordinate = false; // drawn beside its principal (a shorter, stiffer edge)
    };
    struct PlacedEdge
    {
        QString from;
        QString to;
        QPainterPath path;
        QString label;
        QRectF labelBox; // empty when the edge has no label
        bool subordinate = false;
    };

    // An edge's label from its two endpoints ("amqp", or "mon / osd").
    static QString labelOf(const QString &firstEndpoint, const QString &secondEndpoint);

    // Lays out `nodes` and `edges` (edges naming an unknown node are left out).
    static RelationsLayout compute(const QList<Node> &nodes, const QList<Edge> &edges,
                                   double labelFontSize);

    // Each node's box, in the order given.
    QList<QRectF> boxes;
    QList<PlacedEdge> edges;
    QRectF bounds;
};

} // namespace berth
