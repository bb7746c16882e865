#pragma once

#include "core/commands/scalingcommands.h"

#include <QColor>
#include <QWidget>

class QCPBarsGroup;
class QCustomPlot;
class QLabel;

namespace berth {

// Where an application's units are against where its placement policy wants
// them: per region (or per zone for a zone policy), the weighted target next
// to the actual count and the region's cap; without a policy, the units per
// region. The units are drawn in the application's own colour, the target
// hatched in it; hovering a category tells its exact figures.
class RegionChart final : public QWidget
{
    Q_OBJECT

public:
    explicit RegionChart(QWidget *parent = nullptr);

    void setReport(const ScalingCommands::Report &report);
    void clear();

    // What is plotted, in plot order (for the window's tooltips and tests).
    QStringList categories() const { return m_categories; }
    QList<double> targets() const { return m_targets; }
    QList<double> actuals() const { return m_actuals; }
    // Each category's cap, -1 where it has none.
    QList<double> caps() const { return m_caps; }
    // The colour the units are drawn in (the application's).
    QColor colour() const { return m_colour; }
    // The figures of the category under `pos` (plot coordinates); empty elsewhere.
    QString toolTipAt(const QPointF &pos) const;
    QCustomPlot *plot() const { return m_plot; }

    // Writes the chart as PNG or PDF, chosen by the file's suffix.
    bool exportTo(const QString &path) const;

private:
    void replot(const QString &title, const QString &axis, bool withTargets);
    void changeEvent(QEvent *event) override;

    QCustomPlot *m_plot = nullptr;
    QCPBarsGroup *m_group = nullptr;
    QLabel *m_caption = nullptr;
    QStringList m_categories;
    QList<double> m_targets;
    QList<double> m_actuals;
    QList<double> m_caps;
    QColor m_colour;
    QString m_title;
    QString m_axis;
    bool m_withTargets = false;
};

} // namespace berth
