#pragma once

#include "ui/placementview.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTreeView;

namespace berth {

class ApplicationsModel;
class MachinesModel;
class TreeFilterModel;

// The machine view: unplaced units, the model's machines, and the containers
// of the selected machine, side by side. Units are dragged onto a machine or
// container, or onto empty space for a new one; "Auto place" gives every
// unplaced unit a machine: an idle started one that fits, or a new one.
class MachineView final : public QWidget
{
    Q_OBJECT

public:
    MachineView(ApplicationsModel *applications, MachinesModel *machines,
                QWidget *parent = nullptr);

    void setChecker(const PlacementView::Checker &checker);
    QTreeView *unplacedView() const { return m_unplaced; }
    PlacementView *machineView() const { return m_machines; }
    PlacementView *containerView() const { return m_containers; }
    QPushButton *autoPlaceButton() const { return m_autoPlace; }
    // Shows `name`'s containers in the third column.
    void selectMachine(const QString &name);
    // Sizes the columns to what they hold (the window calls it once rows are in).
    void fitColumns();
    // The principal units waiting for a machine.
    QStringList unplacedUnits() const;
    // What is selected here, as the window's actions take it: the unplaced
    // units and applications chosen in the first column, the machines and
    // containers in the other two.
    QStringList selectedUnits() const;
    QStringList selectedApplications() const;
    QStringList selectedMachines() const;
    // The application of the unplaced row that is current; empty when none is.
    QString currentApplication() const;

signals:
    void placeRequested(const QStringList &units, const QString &directive);
    // Auto place: every unplaced unit wants a machine (idle ones first).
    void autoPlaceRequested(const QStringList &units);
    void refused(const QString &reason);
    // What selectedUnits() and the others answer changed.
    void selectionChanged();

private:
    void showContainersOf(const QModelIndex &machine);

    MachinesModel *m_machineModel;
    ApplicationsModel *m_applicationModel;
    TreeFilterModel *m_unplacedFilter;
    TreeFilterModel *m_machineFilter;
    QTreeView *m_unplaced;
    PlacementView *m_machines;
    PlacementView *m_containers;
    QLabel *m_containerTitle;
    QPushButton *m_autoPlace;
};

} // namespace berth
