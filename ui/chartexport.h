#pragma once

#include <QString>

class QCustomPlot;
class QWidget;

namespace berth {

namespace ChartExport {

// Writes the plot as PNG or PDF, chosen by the file's suffix.
bool write(QCustomPlot *plot, const QString &path);
// Asks where, then writes; tells the user when it could not.
void askAndWrite(QWidget *parent, QCustomPlot *plot);

} // namespace ChartExport

} // namespace berth
