#include "ui/regionchart.h"

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
    clear();
}

void RegionChart::clear()
{
    m_categories.clear();
    m_targets.clear();
    m_actuals.clear();
    replot(tr("Select an application to see where its units are."), QString(), false);
}

void RegionChart::setReport(const ScalingCommands::Report &report)
{
    m_categories.clear();
    m_targets.clear();
    m_actuals.clear();
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
                             const QColor &color) {
        auto *bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        bars->setName(name);
        bars->setWidth(0.35);
        bars->setPen(QPen(color.darker(130)));
        bars->setBrush(color);
        bars->setData(positions, QVector<double>(values.cbegin(), values.cend()), true);
        bars->setBarsGroup(m_group);
    };
    if (withTargets)
        addBars(tr("Target"), m_targets, QColor(160, 180, 205));
    addBars(tr("Units"), m_actuals, QColor(40, 110, 180));

    double top = 1;
    for (double v : std::as_const(m_targets))
        top = std::max(top, v);
    for (double v : std::as_const(m_actuals))
        top = std::max(top, v);
    m_plot->xAxis->setRange(0.4, double(m_categories.size()) + 0.6);
    m_plot->yAxis->setRange(0, top * 1.15);
    m_plot->legend->setVisible(!m_categories.isEmpty());
    m_plot->replot();
}

bool RegionChart::exportTo(const QString &path) const
{
    return ChartExport::write(m_plot, path);
}

} // namespace berth
