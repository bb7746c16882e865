#pragma once

#include "core/commands/scalingcommands.h"

#include <QWidget>

class QCPBarsGroup;
class QCustomPlot;
class QLabel;

namespace berth {

// Where an application's units are against where its placement policy wants
// them: per region (or per zone for a zone policy), the weighted target next
// to the actual count; without a policy, the units per region.
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
    QCustomPlot *plot() const { return m_plot; }

    // Writes the chart as PNG or PDF, chosen by the file's suffix.
    bool exportTo(const QString &path) const;

private:
    void replot(const QString &title, const QString &axis, bool withTargets);

    QCustomPlot *m_plot = nullptr;
    QCPBarsGroup *m_group = nullptr;
    QLabel *m_caption = nullptr;
    QStringList m_categories;
    QList<double> m_targets;
    QList<double> m_actuals;
};

} // namespace berth
