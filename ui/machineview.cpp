#include "ui/machineview.h"

#include "ui/applicationsmodel.h"
#include "ui/itemroles.h"
#include "ui/machinesmodel.h"
#include "ui/treefiltermodel.h"
#include "ui/unitdragview.h"

#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace berth {

namespace {

QVBoxLayout *column(QWidget *parent, QLabel *title, QWidget *view)
{
    auto *layout = new QVBoxLayout;
    title->setParent(parent);
    QFont font = title->font();
    font.setBold(true);
    title->setFont(font);
    layout->addWidget(title);
    layout->addWidget(view, 1);
    return layout;
}

// Shows `columns` in that order, hiding the others.
void showOnly(QTreeView *view, const QList<int> &columns, int count)
{
    for (int c = 0; c < count; ++c)
        view->setColumnHidden(c, !columns.contains(c));
    for (int i = 0; i < columns.size(); ++i)
        view->header()->moveSection(view->header()->visualIndex(columns.at(i)), i);
}

// The names of the rows selected in `view`: its children's, or its top rows'.
QStringList selectedNames(const QTreeView *view, bool children)
{
    QStringList names;
    if (!view->selectionModel())
        return names;
    for (const QModelIndex &index : view->selectionModel()->selectedRows()) {
        if (index.parent().isValid() == children)
            names << index.data(ItemRoles::NameRole).toString();
    }
    return names;
}

QList<int> machineColumns()
{
    return {MachinesModel::NameColumn,       MachinesModel::UnitsColumn,
            MachinesModel::StatusColumn,     MachinesModel::BaseColumn,
            MachinesModel::ZoneColumn,       MachinesModel::HardwareColumn,
            MachinesModel::ConstraintsColumn};
}

} // namespace

MachineView::MachineView(ApplicationsModel *applications, MachinesModel *machines, QWidget *parent)
    : QWidget(parent)
    , m_machineModel(machines)
    , m_applicationModel(applications)
    , m_unplacedFilter(new TreeFilterModel(this))
    , m_machineFilter(new TreeFilterModel(this))
    , m_unplaced(new UnitDragView(this))
    , m_machines(new PlacementView(this))
    , m_containers(new PlacementView(this))
    , m_containerTitle(new QLabel(this))
    , m_autoPlace(new QPushButton(tr("Auto &place"), this))
{
    m_unplacedFilter->setUnplacedOnly(true);
    m_unplacedFilter->setSourceModel(applications);
    m_unplaced->setModel(m_unplacedFilter);
    m_unplaced->setAccessibleName(tr("Unplaced units"));
    m_unplaced->setDragEnabled(true);
    m_unplaced->setDragDropMode(QAbstractItemView::DragOnly);
    m_unplaced->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_unplaced->expandAll();
    showOnly(m_unplaced, {ApplicationsModel::NameColumn, ApplicationsModel::ConstraintsColumn},
             ApplicationsModel::ColumnCount);
    connect(m_unplacedFilter, &QAbstractItemModel::rowsInserted, m_unplaced, &QTreeView::expandAll);
    connect(m_unplacedFilter, &QAbstractItemModel::modelReset, m_unplaced, &QTreeView::expandAll);

    m_machineFilter->setSourceModel(machines);
    m_machineFilter->setSourceOrder(MachinesModel::NameColumn,
                                    TreeFilterModel::SourceOrder::AllRows);
    m_machines->setModel(m_machineFilter);
    m_machines->setAccessibleName(tr("Machines: drop units here to place them"));
    m_machines->setRootIsDecorated(false);
    m_machines->setItemsExpandable(false);
    m_machines->setSortingEnabled(true);
    m_machines->sortByColumn(MachinesModel::NameColumn, Qt::AscendingOrder);
    showOnly(m_machines, machineColumns(), MachinesModel::ColumnCount);
    m_containers->setRootIsDecorated(false);
    m_containers->setAccessibleName(tr("Containers of the selected machine: drop units here"));
    m_containers->setContainerColumn(true);

    for (PlacementView *view : {m_machines, m_containers}) {
        connect(view, &PlacementView::placeRequested, this, &MachineView::placeRequested);
        connect(view, &PlacementView::refused, this, &MachineView::refused);
    }
    connect(m_machines->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) { showContainersOf(current); });
    for (QTreeView *view : {m_unplaced, static_cast<QTreeView *>(m_machines)}) {
        connect(view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
                &MachineView::selectionChanged);
    }
    m_machines->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_containers->setSelectionMode(QAbstractItemView::ExtendedSelection);
    connect(m_autoPlace, &QPushButton::clicked, this, [this] {
        const QStringList units = unplacedUnits();
        if (!units.isEmpty())
            emit autoPlaceRequested(units);
    });

    auto *layout = new QHBoxLayout(this);
    QVBoxLayout *first = column(this, new QLabel(tr("Unplaced units")), m_unplaced);
    first->addWidget(m_autoPlace);
    layout->addLayout(first, 2);
    layout->addLayout(column(this, new QLabel(tr("Machines")), m_machines), 3);
    layout->addLayout(column(this, m_containerTitle, m_containers), 3);
    showContainersOf({});
}

void MachineView::fitColumns()
{
    for (QTreeView *view : {static_cast<QTreeView *>(m_machines), m_unplaced,
                            static_cast<QTreeView *>(m_containers)}) {
        if (view->model())
            view->header()->resizeSections(QHeaderView::ResizeToContents);
    }
}

void MachineView::setChecker(const PlacementView::Checker &checker)
{
    m_machines->setChecker(checker);
    m_containers->setChecker(checker);
}

QStringList MachineView::unplacedUnits() const
{
    QStringList units;
    for (int a = 0; a < m_unplacedFilter->rowCount(); ++a) {
        const QModelIndex app = m_unplacedFilter->index(a, 0);
        for (int u = 0; u < m_unplacedFilter->rowCount(app); ++u)
            units << m_unplacedFilter->index(u, 0, app).data(ItemRoles::NameRole).toString();
    }
    return units;
}

QStringList MachineView::selectedUnits() const
{
    return selectedNames(m_unplaced, true);
}

QStringList MachineView::selectedApplications() const
{
    return selectedNames(m_unplaced, false);
}

QStringList MachineView::selectedMachines() const
{
    QStringList names = selectedNames(m_machines, false);
    if (m_containers->model()) {
        for (const QModelIndex &index : m_containers->selectionModel()->selectedRows())
            names << index.data(ItemRoles::NameRole).toString();
    }
    return names;
}

QString MachineView::currentApplication() const
{
    QModelIndex index = m_unplaced->currentIndex();
    if (index.parent().isValid())
        index = index.parent(); // a unit: its application
    return index.siblingAtColumn(0).data(ItemRoles::NameRole).toString();
}

void MachineView::selectMachine(const QString &name)
{
    const QModelIndex index = m_machineFilter->mapFromSource(m_machineModel->indexOfMachine(name));
    m_machines->setCurrentIndex(index);
    showContainersOf(index);
}

void MachineView::showContainersOf(const QModelIndex &machine)
{
    const QModelIndex top =
        machine.isValid() && machine.parent().isValid() ? machine.parent() : machine;
    const QString name = top.siblingAtColumn(0).data(ItemRoles::NameRole).toString();
    // No machine selected: an empty column rather than every machine again.
    if (!top.isValid()) {
        m_containers->setModel(nullptr);
    } else if (m_containers->model() != m_machineFilter) {
        m_containers->setModel(m_machineFilter);
        showOnly(m_containers, machineColumns(), MachinesModel::ColumnCount);
        connect(m_containers->selectionModel(), &QItemSelectionModel::selectionChanged, this,
                &MachineView::selectionChanged);
    }
    if (top.isValid()) {
        m_containers->setRootIndex(top);
        m_containers->header()->resizeSections(QHeaderView::ResizeToContents);
    }
    m_containers->setContainerHost(name);
    m_containerTitle->setText(name.isEmpty() ? tr("Containers")
                                             : tr("Containers of machine %1").arg(name));
}

} // namespace berth
