#pragma once

#include "core/cloud/cloudinfo.h"
#include "core/model/modelrecords.h"
#include "ui/itemroles.h"
#include "ui/twolevelmodel.h"

namespace berth {

struct ApplicationRow
{
    qint64 id = 0;
    ApplicationRecord application;
    int units = 0;
    int started = 0;
    int failed = 0;
    Plan plan = Plan::None;
    QString spread;            // its spread constraints and their skew; empty: none
    bool spreadBroken = false; // past a bound
    bool operator==(const ApplicationRow &) const = default;
};

struct UnitRow
{
    qint64 id = 0;
    // In the snapshot the model keeps, as MachineRow's record.
    const UnitRecord *unit = nullptr;
    // Its machine, in the machines the model keeps; null: unplaced.
    const MachineRecord *machine = nullptr;
    Plan plan = Plan::None;

    QString zone() const { return machine ? machine->zone : QString(); }
    // The hosting machine's; none: unplaced.
    std::optional<MachineState::Status> status() const
    {
        return machine ? std::optional(machine->state.status) : std::nullopt;
    }
    QString message() const { return machine ? machine->message() : QString(); }
    bool operator==(const UnitRow &other) const
    {
        return id == other.id && (unit == other.unit || *unit == *other.unit) &&
               zone() == other.zone() && status() == other.status() &&
               message() == other.message() && plan == other.plan;
    }
};

// Applications and their units (subordinates included), with where each unit
// runs and how its machine is doing. Updated in place from model snapshots.
class ApplicationsModel final : public TwoLevelModel<ApplicationRow, UnitRow>
{
    Q_OBJECT

public:
    enum Column {
        NameColumn,
        BaseColumn,
        MachineColumn,
        ZoneColumn,
        StatusColumn,
        ConstraintsColumn,
        SpreadColumn,
        ColumnCount
    };

    explicit ApplicationsModel(QObject *parent = nullptr);

    // `cloud` (may be null: not open yet) gives the domains spread counts.
    void setSnapshot(const ModelSnapshot &snapshot, const CloudInfo *cloud = nullptr);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QStringList mimeTypes() const override;
    QMimeData *mimeData(const QModelIndexList &indexes) const override;
    Qt::DropActions supportedDragActions() const override { return Qt::MoveAction; }

    const UnitRecord *unitAt(const QModelIndex &index) const;
    const ApplicationRecord *applicationAt(const QModelIndex &index) const;

private:
    QVariant applicationData(const ApplicationRow &app, const QModelIndex &index, int role) const;
    QVariant unitData(const UnitRow &row, const QModelIndex &index, int role) const;

    // The records the rows point into (as MachinesModel's machines).
    QList<UnitRecord> m_units;
    QList<MachineRecord> m_machines;
};

} // namespace berth
