#pragma once

#include "core/model/modelrecords.h"
#include "ui/itemroles.h"
#include "ui/twolevelmodel.h"

namespace berth {

struct MachineRow
{
    qint64 id = 0;
    // In the snapshot the model keeps (a row is not a copy of its record:
    // 100,000 machines would take 35 MiB more).
    const MachineRecord *machine = nullptr;
    // The principal units it hosts: a run of the list of them the model
    // keeps (a list of names a row would take 10 MiB more at 100,000).
    const UnitRecord *const *units = nullptr;
    int unitCount = 0;
    Plan plan = Plan::None;
    int containers = 0; // on this host
    QStringList unitNames() const;
    bool operator==(const MachineRow &other) const
    {
        return id == other.id && (machine == other.machine || *machine == *other.machine) &&
               sameUnits(other) && plan == other.plan && containers == other.containers;
    }

private:
    bool sameUnits(const MachineRow &other) const;
};

// Machines and their containers with hardware, placement and both statuses;
// updated in place from model snapshots. It says which rows take dropped
// units (for the views' drop indicator); PlacementView handles the drop.
class MachinesModel final : public TwoLevelModel<MachineRow, MachineRow>
{
    Q_OBJECT

public:
    enum Column {
        NameColumn,
        LifeColumn,
        StatusColumn,
        InstanceStatusColumn,
        MessageColumn,
        InstanceColumn,
        TypeColumn,
        HardwareColumn,
        RegionColumn,
        ZoneColumn,
        BaseColumn,
        UnitsColumn,
        ConstraintsColumn,
        ColumnCount
    };

    explicit MachinesModel(QObject *parent = nullptr);

    void setSnapshot(const ModelSnapshot &snapshot);
    // The machine or container behind a row; null for an invalid index.
    const MachineRecord *machineAt(const QModelIndex &index) const;
    QModelIndex indexOfMachine(const QString &name) const;

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QStringList mimeTypes() const override;
    Qt::DropActions supportedDropActions() const override { return Qt::MoveAction; }
    bool canDropMimeData(const QMimeData *data, Qt::DropAction action, int row, int column,
                         const QModelIndex &parent) const override;

private:
    // The records the rows point into; shared with the snapshot, never
    // changed here (a change would copy it and leave the rows behind).
    QList<MachineRecord> m_machines;
    QList<UnitRecord> m_units;
    QList<const UnitRecord *> m_hosted; // into m_units, by machine id
};

} // namespace berth
