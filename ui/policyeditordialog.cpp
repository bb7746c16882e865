#include "ui/policyeditordialog.h"

#include "core/bertherror.h"
#include "core/commands/modelchange.h"
#include "ui/changesubmitter.h"
#include "ui/dialogfields.h"
#include "ui/palettecolours.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace berth {

namespace {

constexpr int maxWeight = 1'000'000;

QSpinBox *spinAt(const QTableWidget *table, int row, int column)
{
    return qobject_cast<QSpinBox *>(table->cellWidget(row, column));
}

struct Checked
{
    QList<PlacementPlanner::Target> targets;
    qint64 weights = 0;
};

Checked checkedRows(const QTableWidget *table)
{
    Checked c;
    for (int row = 0; row < table->rowCount(); ++row) {
        if (table->item(row, PolicyEditorDialog::NameColumn)->checkState() != Qt::Checked)
            continue;
        PlacementPlanner::Target t;
        t.name = table->item(row, PolicyEditorDialog::NameColumn)->text();
        t.weight = spinAt(table, row, PolicyEditorDialog::WeightColumn)->value();
        t.cap = spinAt(table, row, PolicyEditorDialog::CapColumn)->value();
        c.weights += t.weight;
        c.targets << t;
    }
    return c;
}

} // namespace

PolicyEditorDialog::PolicyEditorDialog(Workspace &workspace, const QString &model,
                                       const QString &application, QWidget *parent)
    : QDialog(parent)
    , m_workspace(workspace)
    , m_model(model)
    , m_application(application)
    , m_report(ScalingCommands(workspace).report(model, application))
    , m_spreads(SpreadCommands(workspace).constraintsOf(model, application))
{
    setWindowTitle(tr("Placement policy of %1").arg(application));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(
        tr("Check the regions (or zones) %1 may use and give each a weight; new units go where "
           "the result comes closest to the weights, never past a cap. %n unit(s) now.",
           nullptr, int(m_report.units))
            .arg(application),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    if (!m_spreads.isEmpty()) {
        auto *spread = new QLabel(
            tr("Spread: %1. A weighted policy at the level of a wait bound cannot hold with it.")
                .arg(SpreadConstraint::describe(m_spreads)),
            this);
        spread->setWordWrap(true);
        layout->addWidget(spread);
    }

    auto *tabs = new QTabWidget(this);
    m_regions = new QTableWidget(tabs);
    m_zones = new QTableWidget(tabs);
    fill(m_regions, m_report.regions, m_report.policies.region, m_report.perRegion);
    fill(m_zones, m_report.zones, m_report.policies.zone, m_report.perZone);
    tabs->addTab(m_regions, tr("&Regions"));
    tabs->addTab(m_zones, tr("&Zones"));
    layout->addWidget(tabs, 1);

    auto *form = new QFormLayout;
    m_criteria = new QComboBox(this);
    for (auto c :
         {DeletionPolicy::Criteria::Random, DeletionPolicy::Criteria::OldestFirst,
          DeletionPolicy::Criteria::YoungestFirst, DeletionPolicy::Criteria::OldestProfileFirst})
        m_criteria->addItem(DeletionPolicy::criteriaName(c), int(c));
    m_criteria->setCurrentIndex(m_criteria->findData(
        int(m_report.policies.deletion.value_or(DeletionPolicy::defaultCriteria))));
    m_criteria->setToolTip(tr("Which units go first when the application scales in; units in "
                              "error always go first."));
    form->addRow(tr("Scale-in removes:"), m_criteria);
    layout->addLayout(form);

    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    layout->addWidget(m_message);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &PolicyEditorDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &PolicyEditorDialog::reject);
    layout->addWidget(m_buttons);

    for (QTableWidget *table : {m_regions, m_zones})
        connect(table, &QTableWidget::itemChanged, this, &PolicyEditorDialog::revalidate);
    DialogFields::resizeWithinScreen(this, {620, 460});
    revalidate();
}

void PolicyEditorDialog::fill(QTableWidget *table, const QStringList &names,
                              const std::optional<PlacementPolicy> &policy,
                              const QMap<QString, qint64> &units)
{
    table->setColumnCount(ColumnCount);
    table->setHorizontalHeaderLabels(
        {tr("Use"), tr("Weight"), tr("Cap"), tr("Units now"), tr("Target now")});
    table->setRowCount(int(names.size()));
    table->verticalHeader()->hide();
    table->horizontalHeader()->setSectionResizeMode(NameColumn, QHeaderView::Stretch);
    const QSignalBlocker blocker(table);
    for (int row = 0; row < names.size(); ++row) {
        const QString &name = names.at(row);
        std::optional<PlacementPlanner::Target> current;
        if (policy) {
            for (const PlacementPlanner::Target &t : policy->targets()) {
                if (t.name == name)
                    current = t;
            }
        }
        auto *item = new QTableWidgetItem(name);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        item->setCheckState(current ? Qt::Checked : Qt::Unchecked);
        table->setItem(row, NameColumn, item);

        auto *weight = new QSpinBox(table);
        weight->setRange(0, maxWeight);
        weight->setValue(current ? int(current->weight) : 100);
        table->setCellWidget(row, WeightColumn, weight);
        auto *cap = new QSpinBox(table);
        cap->setRange(-1, maxWeight);
        cap->setSpecialValueText(tr("no cap"));
        cap->setValue(current ? int(current->cap) : -1);
        table->setCellWidget(row, CapColumn, cap);
        for (QSpinBox *spin : {weight, cap})
            connect(spin, &QSpinBox::valueChanged, this, &PolicyEditorDialog::revalidate);

        for (int column : {UnitsColumn, TargetColumn}) {
            auto *readOnly = new QTableWidgetItem(
                column == UnitsColumn ? QString::number(units.value(name)) : QString());
            readOnly->setFlags(Qt::ItemIsEnabled);
            readOnly->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            table->setItem(row, column, readOnly);
        }
    }
}

void PolicyEditorDialog::revalidate()
{
    QStringList problems;
    QStringList notes;
    const struct
    {
        QTableWidget *table;
        PlacementPolicy::Kind policy;
        QString noWeight;
        QStringList usable;
        const QMap<QString, qint64> &units;
    } kinds[] = {{m_regions, PlacementPolicy::Kind::Region,
                  tr("Give at least one checked region a weight above 0."), m_report.usableRegions,
                  m_report.perRegion},
                 {m_zones, PlacementPolicy::Kind::Zone,
                  tr("Give at least one checked zone a weight above 0."), m_report.usableZones,
                  m_report.perZone}};
    for (const auto &kind : kinds) {
        const Checked checked = checkedRows(kind.table);
        if (!checked.targets.isEmpty() && checked.weights == 0)
            problems << kind.noWeight;
        // The store refuses this pair; say so while the weights are edited.
        if (!checked.targets.isEmpty() && checked.weights > 0) {
            const PlacementPolicy policy =
                PlacementPolicy::fromTargets(kind.policy, checked.targets);
            for (const SpreadConstraint &c : std::as_const(m_spreads)) {
                if (QString conflict = SpreadConflict::of(m_application, policy, c);
                    !conflict.isEmpty())
                    problems << conflict;
            }
        }
        qint64 usableWeights = 0;
        for (const PlacementPlanner::Target &t : checked.targets) {
            if (kind.usable.contains(t.name))
                usableWeights += t.weight;
            if (t.cap >= 0 && kind.units.value(t.name) > t.cap) {
                notes << tr("%1 holds %2 units, more than its cap %3: it gets no new ones.")
                             .arg(t.name)
                             .arg(kind.units.value(t.name))
                             .arg(t.cap);
            }
        }
        const QSignalBlocker blocker(kind.table);
        for (int row = 0; row < kind.table->rowCount(); ++row) {
            const QString name = kind.table->item(row, NameColumn)->text();
            QString text;
            for (const PlacementPlanner::Target &t : checked.targets) {
                if (t.name == name && usableWeights > 0 && kind.usable.contains(name)) {
                    text = QString::number(
                        double(m_report.units) * double(t.weight) / double(usableWeights), 'f', 1);
                }
            }
            kind.table->item(row, TargetColumn)->setText(text);
        }
    }
    m_problem = problems.join(u' ');
    m_notes = notes.join(u' ');
    m_message->setText(m_problem.isEmpty() ? m_notes : m_problem);
    m_message->setStyleSheet(m_problem.isEmpty()
                                 ? QString()
                                 : PaletteColours::textStyle(PaletteColours::error(palette())));
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_problem.isEmpty());
}

QList<QJsonObject> PolicyEditorDialog::specs() const
{
    QList<QJsonObject> list;
    const Checked regions = checkedRows(m_regions);
    if (!regions.targets.isEmpty())
        list << PlacementPolicy::fromTargets(PlacementPolicy::Kind::Region, regions.targets)
                    .toSpec();
    const Checked zones = checkedRows(m_zones);
    if (!zones.targets.isEmpty())
        list << PlacementPolicy::fromTargets(PlacementPolicy::Kind::Zone, zones.targets).toSpec();
    const auto criteria = DeletionPolicy::Criteria(m_criteria->currentData().toInt());
    if (criteria != DeletionPolicy::defaultCriteria || m_report.policies.deletion)
        list << DeletionPolicy::toSpec(criteria);
    // Not edited here, and kept.
    if (m_report.policies.affinity)
        list << AffinityPolicy::toSpec(*m_report.policies.affinity);
    return list;
}

void PolicyEditorDialog::accept()
{
    if (!m_problem.isEmpty())
        return;
    try {
        const ModelChange change = ModelChange::setPlacementPolicies(m_application, specs(), true);
        if (m_submitter)
            m_submitter->submitFromDialog(change);
        else
            change.apply(m_workspace, m_model);
    } catch (const BerthError &error) {
        m_message->setText(error.message());
        m_message->setStyleSheet(PaletteColours::textStyle(PaletteColours::error(palette())));
        return;
    }
    QDialog::accept();
}

} // namespace berth
