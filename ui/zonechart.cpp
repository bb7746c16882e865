#include "ui/zonechart.h"

#include "core/placement/spread/spreadstate.h"
#include "ui/applicationcolours.h"
#include "ui/chartexport.h"
#include "ui/chartstyle.h"
#include "ui/palettecolours.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QToolButton>
#include <QVBoxLayout>

#include <qcustomplot.h>

namespace berth {

ZoneChart::ZoneChart(QWidget *parent)
    : QWidget(parent)
    , m_regionBox(new QComboBox(this))
    , m_caption(new QLabel(this))
    , m_plot(new QCustomPlot(this))
{
    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Units per zone in"), this));
    top->addWidget(m_regionBox);
    top->addWidget(m_caption, 1);
    auto *exportButton = new QToolButton(this);
    exportButton->setText(tr("Export…"));
    top->addWidget(exportButton);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_plot, 1);
    m_caption->setWordWrap(true);
    m_plot->setMinimumHeight(200);
    m_plot->setAccessibleName(tr("Units per zone"));
    m_regionBox->setAccessibleName(tr("Region of the chart"));
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    m_plot->yAxis->setLabel(tr("Units"));
    connect(m_regionBox, &QComboBox::activated, this, [this](int index) {
        m_regionChosen = true;
        setRegion(m_regionBox->itemData(index).toString());
    });
    connect(exportButton, &QToolButton::clicked, this,
            [this] { ChartExport::askAndWrite(this, m_plot); });
    ChartStyle::followPalette(m_plot);
    ChartStyle::showToolTips(m_plot, [this](const QPointF &pos) { return toolTipAt(pos); });
    m_plot->installEventFilter(this);
}

void ZoneChart::setSnapshot(const ModelSnapshot &snapshot, const CloudInfo &cloud)
{
    m_snapshot = snapshot;
    m_cloud = cloud;
    if (!m_regionChosen)
        m_region = snapshot.model.region;
    const QSignalBlocker blocker(m_regionBox);
    m_regionBox->clear();
    m_regionBox->addItem(tr("all regions"), QString());
    for (const RegionInfo &r : cloud.regions)
        m_regionBox->addItem(r.name, r.name);
    m_regionBox->setCurrentIndex(std::max(0, m_regionBox->findData(m_region)));
    rebuild();
}

void ZoneChart::setRegion(const QString &region)
{
    m_region = region;
    m_regionChosen = true;
    m_regionBox->setCurrentIndex(std::max(0, m_regionBox->findData(region)));
    rebuild();
}

QList<double> ZoneChart::counts(const QString &application) const
{
    return m_counts.value(application);
}

void ZoneChart::rebuild()
{
    showCaption(count());
    drawBars();
}

QStringList ZoneChart::count()
{
    // Where each principal unit runs: its machine's region and zone.
    QHash<qint64, const MachineRecord *> machines;
    for (const MachineRecord &m : std::as_const(m_snapshot.machines))
        machines.insert(m.id, &m);
    QMap<QString, QMap<QString, int>> perApp; // application -> zone -> units
    QSet<QString> usedRegions;
    for (const UnitRecord &u : std::as_const(m_snapshot.units)) {
        const MachineRecord *m = machines.value(u.machineId);
        // The model as the change set leaves it: units it removes are gone.
        if (u.subordinate || !m || m->zone.isEmpty() ||
            m_snapshot.planned.removedUnits.contains(u.id))
            continue;
        ++perApp[u.application][m->zone];
        usedRegions.insert(m->region);
    }
    m_zones.clear();
    QMap<QString, QStringList> zonesOfRegion;
    for (const RegionInfo &r : m_cloud.regions) {
        if (!m_region.isEmpty() ? r.name == m_region : usedRegions.contains(r.name)) {
            for (const ZoneInfo &z : r.zones) {
                m_zones << z.name;
                zonesOfRegion[r.name] << z.name;
            }
        }
    }

    m_applications.clear();
    m_counts.clear();
    m_skews.clear();
    m_bounds.clear();
    const SpreadState spread(m_snapshot, m_cloud);
    QStringList uneven;
    for (auto it = perApp.cbegin(); it != perApp.cend(); ++it) {
        QList<double> counts;
        int total = 0;
        for (const QString &zone : std::as_const(m_zones)) {
            counts << it.value().value(zone);
            total += it.value().value(zone);
        }
        if (total == 0)
            continue;
        // Skew inside each region the application is in; zones of other regions do not count.
        QHash<QString, int> inZones;
        for (auto zone = it.value().cbegin(); zone != it.value().cend(); ++zone)
            inZones.insert(zone.key(), zone.value());
        int skew = 0;
        for (const QStringList &zones : std::as_const(zonesOfRegion)) {
            const bool present = std::any_of(zones.cbegin(), zones.cend(), [&](const QString &z) {
                return inZones.value(z) > 0;
            });
            if (present)
                skew = std::max(skew, spreadSkew(inZones, zones, false));
        }
        m_applications << it.key();
        m_counts.insert(it.key(), counts);
        m_skews.insert(it.key(), skew);
        if (skew > 1)
            uneven << tr("%1 (skew %2)").arg(it.key()).arg(skew);
        for (const SpreadStatus &s : spread.status(it.key())) {
            if (s.constraint.level != SpreadConstraint::Level::Zone)
                continue;
            m_bounds.insert(it.key(), s.most);
            if (s.broken() && skew <= 1)
                uneven << tr("%1 (past its bound: %2)").arg(it.key(), s.text());
        }
    }
    return uneven;
}

void ZoneChart::showCaption(const QStringList &uneven)
{
    m_caption->setText(uneven.isEmpty()
                           ? (m_applications.isEmpty()
                                  ? tr("No unit runs in a zone here yet: deploy an application "
                                       "(Model ▸ Deploy…) and let its machines start.")
                                  : tr("every application is spread evenly"))
                           : tr("uneven: %1").arg(uneven.join(QStringLiteral(", "))));
    m_caption->setStyleSheet(
        uneven.isEmpty()
            ? QString()
            : QStringLiteral("color: %1;").arg(PaletteColours::error(palette()).name()));
}

void ZoneChart::drawBars()
{
    m_plot->clearPlottables();
    m_plot->clearItems();
    double top = 1;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    QVector<double> positions;
    for (qsizetype i = 0; i < m_zones.size(); ++i) {
        positions << double(i + 1);
        ticker->addTick(double(i + 1), m_zones.at(i));
    }
    m_plot->xAxis->setTicker(ticker);
    m_plot->xAxis->setTickLabelRotation(m_zones.size() > 6 ? 30 : 0);
    QCPBars *below = nullptr;
    QVector<double> totals(m_zones.size(), 0.0);
    QHash<QString, qint64> ids;
    for (const ApplicationRecord &record : std::as_const(m_snapshot.applications))
        ids.insert(record.name, record.id);
    for (qsizetype a = 0; a < m_applications.size(); ++a) {
        const QString &app = m_applications.at(a);
        const QColor colour = ApplicationColours::of(ids.value(app));
        auto *bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        const bool skewed = m_skews.value(app) > 1;
        bars->setName(skewed ? tr("%1 — skew %2").arg(app).arg(m_skews.value(app)) : app);
        bars->setWidth(0.6);
        bars->setBrush(colour);
        bars->setPen(skewed ? QPen(PaletteColours::error(palette()), 2.5)
                            : QPen(colour.darker(140)));
        const QList<double> &counts = m_counts.value(app);
        bars->setData(positions, QVector<double>(counts.cbegin(), counts.cend()), true);
        if (below)
            bars->moveAbove(below);
        below = bars;
        if (const auto bound = m_bounds.constFind(app); bound != m_bounds.cend()) {
            // The bound on each of its bars: where its segment may reach.
            QPen pen(PaletteColours::error(palette()), 2, Qt::DashLine);
            for (qsizetype i = 0; i < counts.size(); ++i) {
                auto *mark = new QCPItemLine(m_plot);
                const double y = totals.at(i) + *bound;
                mark->start->setCoords(positions.at(i) - 0.38, y);
                mark->end->setCoords(positions.at(i) + 0.38, y);
                mark->setPen(pen);
                top = std::max(top, y);
            }
            bars->setName(bars->name() + tr(" — at most %1 a zone").arg(*bound));
        }
        for (qsizetype i = 0; i < counts.size(); ++i)
            totals[i] += counts.at(i);
    }
    for (double t : std::as_const(totals))
        top = std::max(top, t);
    m_plot->xAxis->setRange(0.4, double(m_zones.size()) + 0.6);
    m_plot->yAxis->setRange(0, top * 1.15);
    m_plot->legend->setVisible(!m_applications.isEmpty());
    m_plot->replot();
    // What the bars show, in words, for a screen reader: every segment.
    QStringList segments;
    for (const QString &app : std::as_const(m_applications)) {
        const QList<double> &counts = m_counts.value(app);
        for (qsizetype i = 0; i < counts.size() && i < m_zones.size(); ++i) {
            if (counts.at(i) > 0)
                segments << tr("%1 in %2: %n unit(s)", nullptr, int(counts.at(i)))
                                .arg(app, m_zones.at(i));
        }
    }
    m_plot->setAccessibleDescription(segments.join(QStringLiteral("; ")));
}

QString ZoneChart::caption() const
{
    return m_caption->text();
}

std::pair<QString, QString> ZoneChart::barAt(const QPointF &pos) const
{
    const double x = m_plot->xAxis->pixelToCoord(pos.x());
    const double y = m_plot->yAxis->pixelToCoord(pos.y());
    const qsizetype zone = qsizetype(std::lround(x)) - 1;
    if (zone < 0 || zone >= m_zones.size() || std::abs(x - double(zone + 1)) > 0.3 || y < 0)
        return {};
    double below = 0;
    for (const QString &app : m_applications) {
        const double count = m_counts.value(app).value(zone);
        if (y >= below && y < below + count)
            return {app, m_zones.at(zone)};
        below += count;
    }
    return {};
}

QString ZoneChart::toolTipAt(const QPointF &pos) const
{
    const auto [app, zone] = barAt(pos);
    if (app.isEmpty())
        return {};
    const int count = int(m_counts.value(app).value(m_zones.indexOf(zone)));
    return tr("%1 in %2: %n unit(s)", nullptr, count).arg(app, zone);
}

bool ZoneChart::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_plot && event->type() == QEvent::MouseButtonRelease) {
        const auto [app, zone] = barAt(static_cast<QMouseEvent *>(event)->position());
        if (!app.isEmpty())
            emit segmentClicked(app, zone);
    }
    return QWidget::eventFilter(watched, event);
}

void ZoneChart::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        rebuild();
}

QColor ZoneChart::barColour(const QString &application) const
{
    for (int i = 0; i < m_plot->plottableCount(); ++i) {
        const QCPAbstractPlottable *bars = m_plot->plottable(i);
        if (bars->name() == application || bars->name().startsWith(application + u' '))
            return bars->brush().color();
    }
    return {};
}

} // namespace berth
