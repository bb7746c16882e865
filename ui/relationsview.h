#pragma once

#include "core/model/modelrecords.h"
#include "ui/relationslayout.h"

#include <QGraphicsView>

class QGraphicsLineItem;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;

namespace berth {

// The model's applications as boxes and their relations as labelled edges,
// laid out in layers (RelationsLayout), subordinates beside their
// principals. Ctrl+wheel or +/- zooms, 0 fits, dragging the background
// pans; the arrow keys move the selection from box to box. A click selects the application (the
// window selects it in the other views too); dragging from one application to another relates them,
// and an edge's context menu removes its relation: both as the window's
// other changes are, staged when it stages.
class RelationsView final : public QGraphicsView
{
    Q_OBJECT

public:
    explicit RelationsView(QWidget *parent = nullptr);

    // Lays the model out again when its applications or relations changed.
    void setSnapshot(const ModelSnapshot &snapshot);
    // Shows `name` selected (empty: none), as the other views select it.
    void setSelectedApplication(const QString &name);
    QString selectedApplication() const { return m_selected; }
    const RelationsLayout &layout() const { return m_layout; }
    QList<RelationsLayout::Node> nodes() const { return m_nodes; }
    // The view's own point of `application`'s box centre (for tests and drags).
    QPoint centreOf(const QString &application) const;
    // Zoom: 1 is a point a pixel.
    double zoom() const { return transform().m11(); }
    void zoomBy(double factor);
    void fit();
    // The keyboard's route: the application nearest the selected one in the
    // direction of an arrow key, selected as a click would (none selected:
    // the first); empty when there is none that way.
    QString neighbour(Qt::Key arrow) const;
    // The applications `application` is related to, either way.
    QStringList relatedTo(const QString &application) const;
    // Selects `application` as a click on its box does.
    void choose(const QString &application);
    // The view's own rectangle of `application`'s box; empty if none.
    QRect boxOf(const QString &application) const;

signals:
    void applicationSelected(const QString &name);
    void relateRequested(const QString &first, const QString &second);
    void removeRelationRequested(const QString &first, const QString &second);

protected:
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void rebuild();
    // The scene made from the layout; styleBoxes() marks the selected box.
    void paintItems();
    void styleBoxes();
    void describeSelection();
    // The application whose box is under the view's point `pos`; empty if none.
    QString applicationAt(const QPoint &pos) const;
    // The relation whose edge or label is near `pos`.
    std::optional<RelationsLayout::PlacedEdge> edgeAt(const QPoint &pos) const;

    QString m_key; // what the layout was made of
    QList<RelationsLayout::Node> m_nodes;
    QList<RelationsLayout::Edge> m_edges;
    RelationsLayout m_layout;
    QString m_selected;
    struct Box
    {
        QGraphicsRectItem *box;
        QGraphicsSimpleTextItem *name;
        bool subordinate;
    };
    QList<Box> m_boxes;
    QString m_dragFrom;
    QGraphicsLineItem *m_dragLine = nullptr;
    bool m_autoFit = true; // the whole graph in sight until the user zooms
};

} // namespace berth
