#include "ui/regionchart.h"

#include "ui/applicationcolours.h"
#include "ui/chartexport.h"
#include "ui/chartstyle.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

#include <qcustomplot.h>

namespace berth {

RegionChart::RegionChart(QWidget *parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
    , m_caption(new QLabel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_caption->setWordWrap(true);
    m_plot->setAccessibleName(tr("Units per region against the placement policy"));
    auto *top = new QHBoxLayout;
    top->addWidget(m_caption, 1);
    auto *exportButton = new QToolButton(this);
    exportButton->setText(tr("Export…"));
    top->addWidget(exportButton);
    connect(exportButton, &QToolButton::clicked, this,
            [this] { ChartExport::askAndWrite(this, m_plot); });
    layout->addLayout(top);
    layout->addWidget(m_plot, 1);
    m_plot->setMinimumHeight(180);
    m_group = new QCPBarsGroup(m_plot);
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    ChartStyle::followPalette(m_plot);
    ChartStyle::showToolTips(m_plot, [this](const QPointF &pos) { return toolTipAt(pos); });
    clear();
}

void RegionChart::clear()
{
    m_categories.clear();
    m_targets.clear();
    m_actuals.clear();
    m_caps.clear();
    m_colour = {};
    replot(tr("Select an application to see where its units are."), QString(), false);
}

void RegionChart::setReport(const ScalingCommands::Report &report)
{
    m_categories.clear();
    m_targets.clear();
    m_actuals.clear();
    m_caps.clear();
    m_colour = ApplicationColours::of(report.application.id);
    const std::optional<PlacementPolicy> &policy =
        report.policies.region ? report.policies.region : report.policies.zone;
    if (!policy) {
        for (auto it = report.perRegion.cbegin(); it != report.perRegion.cend(); ++it) {
            m_categories << it.key();
            m_actuals << double(it.value());
        }
        replot(tr("%1: %n unit(s), no placement policy", nullptr, int(report.units))
                   .arg(report.application.name),
               tr("Region"), false);
        return;
    }
    const bool regions = policy->kind() == PlacementPolicy::Kind::Region;
    const QMap<QString, qint64> &counts = regions ? report.perRegion : report.perZone;
    const QMap<QString, double> targets =
        weightedTargets(*policy, report.units, regions ? report.usableRegions : report.usableZones);
    for (const PlacementPlanner::Target &t : policy->targets()) {
        m_categories << t.name;
        m_targets << targets.value(t.name);
        m_actuals << double(counts.value(t.name));
        m_caps << double(t.cap);
    }
    replot(regions ? tr("%1: %n unit(s) by region, against the policy's weighted target", nullptr,
                        int(report.units))
                         .arg(report.application.name)
                   : tr("%1: %n unit(s) by zone, against the policy's weighted target", nullptr,
                        int(report.units))
                         .arg(report.application.name),
           regions ? tr("Region") : tr("Zone"), true);
}

void RegionChart::replot(const QString &title, const QString &axis, bool withTargets)
{
    m_title = title;
    m_axis = axis;
    m_withTargets = withTargets;
    m_caption->setText(title);
    m_group->clear();
    m_plot->clearPlottables();
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    QVector<double> positions;
    for (qsizetype i = 0; i < m_categories.size(); ++i) {
        positions << double(i + 1);
        ticker->addTick(double(i + 1), m_categories.at(i));
    }
    m_plot->xAxis->setTicker(ticker);
    m_plot->xAxis->setLabel(axis);
    m_plot->yAxis->setLabel(tr("Units"));

    const auto addBars = [&](const QString &name, const QList<double> &values,
                             const QBrush &brush) {
        auto *bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        bars->setName(name);
        bars->setWidth(0.35);
        bars->setPen(QPen(m_colour.isValid() ? m_colour.darker(130) : brush.color()));
        bars->setBrush(brush);
        bars->setData(positions, QVector<double>(values.cbegin(), values.cend()), true);
        bars->setBarsGroup(m_group);
    };
    // Told apart by their pattern as well as their shade.
    if (withTargets)
        addBars(tr("Target"), m_targets, QBrush(m_colour, Qt::BDiagPattern));
    addBars(tr("Units"), m_actuals, QBrush(m_colour));

    // Each cap a dashed line across its category with its figure, in the text's colour.
    m_plot->clearItems();
    double top = 1;
    const QColor text = palette().color(QPalette::Text);
    for (qsizetype i = 0; i < m_caps.size(); ++i) {
        const double cap = m_caps.at(i);
        if (cap < 0)
            continue;
        auto *line = new QCPItemLine(m_plot);
        line->setPen(QPen(text, 2, Qt::DashLine));
        line->start->setCoords(double(i + 1) - 0.42, cap);
        line->end->setCoords(double(i + 1) + 0.42, cap);
        auto *label = new QCPItemText(m_plot);
        label->setColor(text);
        label->setPositionAlignment(Qt::AlignBottom | Qt::AlignHCenter);
        label->position->setCoords(double(i + 1), cap);
        label->setText(tr("cap %1").arg(cap));
        top = std::max(top, cap);
    }

    for (double v : std::as_const(m_targets))
        top = std::max(top, v);
    for (double v : std::as_const(m_actuals))
        top = std::max(top, v);
    m_plot->xAxis->setRange(0.4, double(m_categories.size()) + 0.6);
    m_plot->yAxis->setRange(0, top * 1.15);
    m_plot->legend->setVisible(!m_categories.isEmpty());
    m_plot->replot();
}

QString RegionChart::toolTipAt(const QPointF &pos) const
{
    const double x = m_plot->xAxis->pixelToCoord(pos.x());
    const qsizetype i = qsizetype(std::lround(x)) - 1;
    if (i < 0 || i >= m_categories.size() || std::abs(x - double(i + 1)) > 0.4)
        return {};
    QString text = m_categories.at(i) + u'\n' + tr("units: %1").arg(m_actuals.value(i));
    if (i < m_targets.size())
        text += u'\n' + tr("target: %1").arg(m_targets.at(i), 0, 'f', 1);
    if (m_caps.value(i, -1) >= 0)
        text += u'\n' + tr("cap: %1").arg(m_caps.at(i));
    return text;
}

void RegionChart::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        replot(m_title, m_axis, m_withTargets); // the caps are drawn in the text's colour
}

bool RegionChart::exportTo(const QString &path) const
{
    return ChartExport::write(m_plot, path);
}

} // namespace berth
