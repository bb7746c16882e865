#include "ui/overviewpage.h"

#include "ui/applicationsmodel.h"
#include "ui/detailspane.h"
#include "ui/itemroles.h"
#include "ui/machinesmodel.h"
#include "ui/treefiltermodel.h"
#include "ui/unitdragview.h"

#include <QHeaderView>
#include <QLabel>
#include <QSettings>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

namespace berth {

namespace {

// The names of the top-level rows of `tree` that are open.
QSet<QString> expandedOf(const QTreeView *tree)
{
    QSet<QString> names;
    const QAbstractItemModel *model = tree->model();
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex index = model->index(row, 0);
        if (tree->isExpanded(index))
            names.insert(index.data(ItemRoles::NameRole).toString());
    }
    return names;
}

} // namespace

OverviewPage::OverviewPage(ApplicationsModel *applications, MachinesModel *machines,
                           const QString &storeLocation, Clouds clouds, QWidget *parent)
    : QWidget(parent)
    , m_applications(applications)
    , m_machines(machines)
    , m_applicationFilter(new TreeFilterModel(this))
    , m_machineFilter(new TreeFilterModel(this))
    , m_header(new QLabel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_header);
    auto *vertical = new QSplitter(Qt::Vertical, this);
    auto *horizontal = new QSplitter(Qt::Horizontal, vertical);
    m_applicationFilter->setSourceModel(m_applications);
    m_applicationFilter->setSourceOrder(ApplicationsModel::NameColumn,
                                        TreeFilterModel::SourceOrder::ChildRows);
    m_applicationView = new UnitDragView(horizontal);
    m_applicationView->setModel(m_applicationFilter);
    m_applicationView->setAccessibleName(tr("Applications and their units"));
    m_applicationView->setSortingEnabled(true);
    m_applicationView->sortByColumn(ApplicationsModel::NameColumn, Qt::AscendingOrder);
    m_applicationView->setDragEnabled(true);
    m_applicationView->setDragDropMode(QAbstractItemView::DragOnly);
    m_applicationView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_applicationView->setUniformRowHeights(true);
    m_machineFilter->setSourceModel(m_machines);
    m_machineFilter->setSourceOrder(MachinesModel::NameColumn,
                                    TreeFilterModel::SourceOrder::AllRows);
    m_machineTree = new QTreeView(horizontal);
    m_machineTree->setModel(m_machineFilter);
    m_machineTree->setAccessibleName(tr("Machines and their containers"));
    m_machineTree->setSortingEnabled(true);
    m_machineTree->sortByColumn(MachinesModel::NameColumn, Qt::AscendingOrder);
    m_machineTree->setUniformRowHeights(true);
    // What is looked at most comes first: the status and, beside it, why
    // (the message, its width bounded, whole in its tooltip and the
    // details), then zone, instance, type and hardware; at 1600 px they show
    // without scrolling. The user's own order and widths, once changed, are
    // kept between runs.
    const QList<int> machineOrder{MachinesModel::NameColumn,           MachinesModel::StatusColumn,
                                  MachinesModel::MessageColumn,        MachinesModel::ZoneColumn,
                                  MachinesModel::InstanceColumn,       MachinesModel::TypeColumn,
                                  MachinesModel::HardwareColumn,       MachinesModel::UnitsColumn,
                                  MachinesModel::BaseColumn,           MachinesModel::RegionColumn,
                                  MachinesModel::InstanceStatusColumn, MachinesModel::LifeColumn,
                                  MachinesModel::ConstraintsColumn};
    for (int i = 0; i < machineOrder.size(); ++i) {
        QHeaderView *header = m_machineTree->header();
        header->moveSection(header->visualIndex(machineOrder.at(i)), i);
    }
    const QSettings columns;
    m_columnsRestored =
        m_applicationView->header()->restoreState(
            columns.value(QStringLiteral("window/applicationColumns")).toByteArray()) &&
        m_machineTree->header()->restoreState(
            columns.value(QStringLiteral("window/machineColumns")).toByteArray());
    m_details = new DetailsPane(storeLocation, std::move(clouds), vertical);
    vertical->setStretchFactor(0, 4);
    vertical->setStretchFactor(1, 1);
    layout->addWidget(vertical, 1);

    for (QTreeView *tree : {m_applicationView, m_machineTree}) {
        // The details show the current row, which may move without the
        // selection changing (a selected row clicked again after a
        // snapshot); the actions take the selection and the current row.
        const bool unitsTree = tree == m_applicationView;
        connect(tree->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
                [this, tree, unitsTree] {
                    showCurrent(tree);
                    emit selectionChanged(unitsTree);
                });
        connect(tree->selectionModel(), &QItemSelectionModel::selectionChanged, this,
                [this, unitsTree] { emit selectionChanged(unitsTree); });
        tree->setContextMenuPolicy(Qt::CustomContextMenu);
        connect(tree, &QWidget::customContextMenuRequested, this, [this, tree](const QPoint &pos) {
            if (tree->indexAt(pos).isValid())
                emit contextMenuRequested(tree, pos);
        });
    }
}

void OverviewPage::showCurrent(QTreeView *tree)
{
    const QModelIndex index = tree->currentIndex();
    if (!index.isValid()) {
        emit nothingSelected();
        return;
    }
    const MachineRecord *machine =
        tree == m_machineTree
            ? m_machines->machineAt(m_machineFilter->mapToSource(index.siblingAtColumn(0)))
            : nullptr;
    m_details->showRow(index, machine);
}

void OverviewPage::setFilter(const QString &text, bool problemsOnly)
{
    const bool active = !text.isEmpty() || problemsOnly;
    // The rows the user had open are remembered while a filter is on, and
    // opened again when it is cleared.
    if (active && !m_filtering) {
        m_expandedApplications = expandedOf(m_applicationView);
        m_expandedMachines = expandedOf(m_machineTree);
    }
    for (TreeFilterModel *filter : {m_applicationFilter, m_machineFilter}) {
        filter->setText(text);
        filter->setProblemsOnly(problemsOnly);
    }
    if (active) {
        // A match inside a collapsed row would be hidden: every parent shown opens.
        m_applicationView->expandAll();
        m_machineTree->expandAll();
    } else if (m_filtering) {
        for (auto [tree, names] : {std::pair{m_applicationView, &m_expandedApplications},
                                   std::pair{m_machineTree, &m_expandedMachines}}) {
            const QAbstractItemModel *model = tree->model();
            for (int row = 0; row < model->rowCount(); ++row) {
                const QModelIndex index = model->index(row, 0);
                tree->setExpanded(index,
                                  names->contains(index.data(ItemRoles::NameRole).toString()));
            }
        }
    }
    m_filtering = active;
}

void OverviewPage::firstSnapshotShown()
{
    m_applicationView->expandAll();
    if (m_columnsRestored)
        return;
    for (int c = 0; c < ApplicationsModel::ColumnCount; ++c)
        m_applicationView->resizeColumnToContents(c);
    m_machineTree->header()->resizeSections(QHeaderView::ResizeToContents);
    // A long reason must not push zone and type out of sight.
    const int message = m_machineTree->fontMetrics().averageCharWidth() * 36;
    if (m_machineTree->columnWidth(MachinesModel::MessageColumn) > message)
        m_machineTree->setColumnWidth(MachinesModel::MessageColumn, message);
}

void OverviewPage::snapshotShown()
{
    if (m_columnsRestored)
        return; // the user's widths
    // "4 of 6 started, 2 failed" grows as machines fail: the status whole.
    // The applications' rows only: a few, however many units there are.
    const QAbstractItemModel *model = m_applicationView->model();
    const QFontMetrics metrics = m_applicationView->fontMetrics();
    int wanted = 0;
    for (int row = 0; row < model->rowCount(); ++row) {
        const QString text = model->index(row, ApplicationsModel::StatusColumn).data().toString();
        wanted = std::max(wanted, metrics.horizontalAdvance(text) + 2 * metrics.averageCharWidth());
    }
    if (wanted > m_applicationView->columnWidth(ApplicationsModel::StatusColumn))
        m_applicationView->setColumnWidth(ApplicationsModel::StatusColumn, wanted);
}

QString OverviewPage::selectedApplication() const
{
    QModelIndex index = m_applicationView->currentIndex();
    if (!index.isValid())
        return {};
    if (index.parent().isValid())
        index = index.parent(); // a unit: its application
    const QModelIndex source = m_applicationFilter->mapToSource(index);
    const ApplicationRecord *app = m_applications->applicationAt(source.siblingAtColumn(0));
    return app && !app->subordinate ? app->name : QString();
}

void OverviewPage::selectApplication(const QString &name)
{
    for (int row = 0; row < m_applicationFilter->rowCount(); ++row) {
        const QModelIndex index = m_applicationFilter->index(row, 0);
        if (index.data(ItemRoles::NameRole).toString() == name) {
            m_applicationView->setCurrentIndex(index);
            return;
        }
    }
}

void OverviewPage::selectUnits(const QStringList &units)
{
    QItemSelection selection;
    QModelIndex first;
    const QAbstractItemModel *model = m_applicationView->model();
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex app = model->index(row, 0);
        for (int child = 0; child < model->rowCount(app); ++child) {
            const QModelIndex unit = model->index(child, 0, app);
            if (units.contains(unit.data(ItemRoles::NameRole).toString())) {
                selection.select(unit, unit.siblingAtColumn(model->columnCount(app) - 1));
                m_applicationView->expand(app);
                if (!first.isValid())
                    first = unit;
            }
        }
    }
    // The first of them is current, so the details show one of the units
    // selected, not the row that was current before.
    QItemSelectionModel *selected = m_applicationView->selectionModel();
    selected->setCurrentIndex(first, QItemSelectionModel::NoUpdate);
    selected->select(selection, QItemSelectionModel::ClearAndSelect);
    if (first.isValid())
        m_applicationView->scrollTo(first);
}

QStringList OverviewPage::selectedNames(const QTreeView *tree, bool children)
{
    QStringList names;
    for (const QModelIndex &index : tree->selectionModel()->selectedRows()) {
        if (index.parent().isValid() == children)
            names << index.data(ItemRoles::NameRole).toString();
    }
    return names;
}

QStringList OverviewPage::selectedUnits() const
{
    return selectedNames(m_applicationView, true);
}

QStringList OverviewPage::selectedApplications() const
{
    return selectedNames(m_applicationView, false);
}

QStringList OverviewPage::selectedMachines() const
{
    return selectedNames(m_machineTree, false) + selectedNames(m_machineTree, true);
}

bool OverviewPage::hasCurrentRow() const
{
    return m_applicationView->currentIndex().isValid() || m_machineTree->currentIndex().isValid();
}

void OverviewPage::saveColumns() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/applicationColumns"),
                      m_applicationView->header()->saveState());
    settings.setValue(QStringLiteral("window/machineColumns"),
                      m_machineTree->header()->saveState());
}

} // namespace berth
