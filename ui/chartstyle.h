#pragma once

#include <QPointF>
#include <QString>

#include <functional>

class QCustomPlot;

namespace berth {

namespace ChartStyle {

// Draws the plot's background, axes, grid and legend in the colours of the
// palette in use, now and whenever the palette changes (a dark theme chosen
// while Berth runs), so charts read like the rest of the window.
void followPalette(QCustomPlot *plot);

// Shows `textAt(position)` as the tooltip while the mouse moves over the
// plot (nothing where it gives an empty text).
void showToolTips(QCustomPlot *plot, std::function<QString(const QPointF &)> textAt);

} // namespace ChartStyle

} // namespace berth
