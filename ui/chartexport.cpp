#include "ui/chartexport.h"

#include "ui/filedialogs.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QMessageBox>

#include <qcustomplot.h>

namespace berth {

namespace ChartExport {

bool write(QCustomPlot *plot, const QString &path)
{
    if (QFileInfo(path).suffix().compare(QStringLiteral("pdf"), Qt::CaseInsensitive) == 0)
        return plot->savePdf(path);
    return plot->savePng(path);
}

void askAndWrite(QWidget *parent, QCustomPlot *plot)
{
    const QString title = QCoreApplication::translate("ChartExport", "Export chart");
    const QString path = FileDialogs::saveFileName(
        parent, title, QString(),
        QCoreApplication::translate("ChartExport", "PNG image (*.png);;PDF (*.pdf)"));
    if (path.isEmpty())
        return;
    if (!write(plot, path)) {
        QMessageBox::warning(
            parent, title,
            QCoreApplication::translate("ChartExport", "Could not write %1.").arg(path));
    }
}

} // namespace ChartExport

} // namespace berth
