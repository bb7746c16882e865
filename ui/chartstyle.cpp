#include "ui/chartstyle.h"

#include <QEvent>
#include <QMouseEvent>
#include <QToolTip>

#include <qcustomplot.h>

namespace berth {

namespace {

void apply(QCustomPlot *plot)
{
    const QPalette palette = plot->palette();
    const QColor text = palette.color(QPalette::Text);
    const QColor base = palette.color(QPalette::Base);
    const QColor grid = palette.color(QPalette::Mid);
    plot->setBackground(base);
    for (QCPAxis *axis : plot->axisRect()->axes()) {
        axis->setBasePen(QPen(text));
        axis->setTickPen(QPen(text));
        axis->setSubTickPen(QPen(text));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->grid()->setPen(QPen(grid, 0, Qt::DotLine));
    }
    plot->legend->setBrush(base);
    plot->legend->setBorderPen(QPen(grid));
    plot->legend->setTextColor(text);
    plot->replot();
}

// Applies the palette again when it changes.
class PaletteFollower final : public QObject
{
public:
    explicit PaletteFollower(QCustomPlot *plot)
        : QObject(plot)
        , m_plot(plot)
    {
        plot->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == m_plot && event->type() == QEvent::PaletteChange)
            apply(m_plot);
        return QObject::eventFilter(watched, event);
    }

private:
    QCustomPlot *m_plot;
};

class ToolTipper final : public QObject
{
public:
    ToolTipper(QCustomPlot *plot, std::function<QString(const QPointF &)> textAt)
        : QObject(plot)
        , m_plot(plot)
        , m_textAt(std::move(textAt))
    {
        plot->setMouseTracking(true);
        plot->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == m_plot && event->type() == QEvent::MouseMove) {
            const auto *move = static_cast<QMouseEvent *>(event);
            const QString tip = m_textAt(move->position());
            if (tip.isEmpty())
                QToolTip::hideText();
            else
                QToolTip::showText(move->globalPosition().toPoint(), tip, m_plot);
        }
        return QObject::eventFilter(watched, event);
    }

private:
    QCustomPlot *m_plot;
    std::function<QString(const QPointF &)> m_textAt;
};

} // namespace

void ChartStyle::showToolTips(QCustomPlot *plot, std::function<QString(const QPointF &)> textAt)
{
    new ToolTipper(plot, std::move(textAt));
}

void ChartStyle::followPalette(QCustomPlot *plot)
{
    new PaletteFollower(plot);
    apply(plot);
}

} // namespace berth
