#pragma once

class QCustomPlot;

namespace berth {

namespace ChartStyle {

// Draws the plot's background, axes, grid and legend in the colours of the
// palette in use, now and whenever the palette changes (a dark theme chosen
// while Berth runs), so charts read like the rest of the window.
void followPalette(QCustomPlot *plot);

} // namespace ChartStyle

} // namespace berth
