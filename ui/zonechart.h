#pragma once

#include "core/cloud/cloudinfo.h"
#include "core/model/modelrecords.h"

#include <QWidget>

class QComboBox;
class QCustomPlot;
class QLabel;

namespace berth {

// Units per availability zone, one stacked bar segment per application, for
// one region of the model's cloud (or all regions the model uses). Zones
// with no units are shown too: they are what makes a spread uneven. An
// application whose zones in a region differ by more than one unit is
// called out and outlined in red.
class ZoneChart final : public QWidget
{
    Q_OBJECT

public:
    explicit ZoneChart(QWidget *parent = nullptr);

    void setSnapshot(const ModelSnapshot &snapshot, const CloudInfo &cloud);
    // "" shows every region the model's units are in.
    void setRegion(const QString &region);

    QStringList zones() const { return m_zones; }
    QStringList applications() const { return m_applications; }
    // The fill of an application's bars as drawn (invalid when not drawn).
    QColor barColour(const QString &application) const;
    // Units of `application` in each of zones(), in order.
    QList<double> counts(const QString &application) const;
    // Largest zone difference of each application (over the regions it is in).
    QMap<QString, int> skews() const { return m_skews; }
    // The most units of each application with a zone spread bound a zone
    // may hold now (globalMin + max-skew), drawn as a dashed mark on each
    // of its bars.
    QMap<QString, int> bounds() const { return m_bounds; }
    QCustomPlot *plot() const { return m_plot; }
    // The application and zone of the bar segment at `pos` (plot
    // coordinates); empty when there is none.
    std::pair<QString, QString> barAt(const QPointF &pos) const;
    // What the tooltip at `pos` says: the exact count of the segment there.
    QString toolTipAt(const QPointF &pos) const;
    // The caption above the chart (what is uneven, or what to do when empty).
    QString caption() const;

signals:
    // A bar segment was clicked: select that application's units in that zone.
    void segmentClicked(const QString &application, const QString &zone);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    // The caption's red follows the palette.
    void changeEvent(QEvent *event) override;

private:
    void rebuild();
    // Units per zone of each application, and each one's skew; the uneven ones, in words.
    QStringList count();
    void showCaption(const QStringList &uneven);
    // The stacked bars of what count() found.
    void drawBars();

    QComboBox *m_regionBox;
    QLabel *m_caption;
    QCustomPlot *m_plot;
    ModelSnapshot m_snapshot;
    CloudInfo m_cloud;
    QString m_region;
    bool m_regionChosen = false;
    QStringList m_zones;
    QStringList m_applications;
    QMap<QString, QList<double>> m_counts;
    QMap<QString, int> m_skews;
    QMap<QString, int> m_bounds;
};

} // namespace berth
