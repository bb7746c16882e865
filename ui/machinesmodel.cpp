#include "ui/machinesmodel.h"

#include "ui/itemroles.h"
#include "ui/palettecolours.h"
#include "ui/unitmimedata.h"

#include <QBrush>
#include <QColor>

namespace berth {

MachinesModel::MachinesModel(QObject *parent)
    : TwoLevelModel(ColumnCount, parent)
{}

QStringList MachineRow::unitNames() const
{
    QStringList names;
    names.reserve(unitCount);
    for (int i = 0; i < unitCount; ++i)
        names << units[i]->name();
    return names;
}

bool MachineRow::sameUnits(const MachineRow &other) const
{
    if (unitCount != other.unitCount)
        return false;
    for (int i = 0; i < unitCount; ++i) {
        const UnitRecord &a = *units[i];
        const UnitRecord &b = *other.units[i];
        if (&a != &b && (a.number != b.number || a.application != b.application))
            return false;
    }
    return true;
}

void MachinesModel::setSnapshot(const ModelSnapshot &snapshot)
{
    // The rows point into these lists, kept once they are in.
    const QList<MachineRecord> records = snapshot.machines;
    const QList<UnitRecord> units = snapshot.units;
    // The principal units by their machine, each machine's in the snapshot's order.
    QList<const UnitRecord *> hosted;
    hosted.reserve(units.size());
    for (const UnitRecord &u : units) {
        if (!u.subordinate && u.machineId != 0)
            hosted << &u;
    }
    hosted.squeeze();
    std::stable_sort(hosted.begin(), hosted.end(), [](const UnitRecord *a, const UnitRecord *b) {
        return a->machineId < b->machineId;
    });
    struct ByMachine
    {
        bool operator()(const UnitRecord *u, qint64 id) const { return u->machineId < id; }
        bool operator()(qint64 id, const UnitRecord *u) const { return id < u->machineId; }
    };
    const auto row = [&](const MachineRecord &m) {
        const auto [first, last] =
            std::equal_range(hosted.cbegin(), hosted.cend(), m.id, ByMachine());
        return MachineRow{
            m.id, &m, first == last ? nullptr : &*first, int(last - first),
            planOf(m.id, snapshot.planned.machines, snapshot.planned.removedMachines)};
    };
    // In id order, without copying the records.
    QList<const MachineRecord *> machines;
    machines.reserve(records.size());
    qsizetype hosts = 0;
    for (const MachineRecord &m : records) {
        machines << &m;
        hosts += m.isContainer() ? 0 : 1;
    }
    std::sort(machines.begin(), machines.end(),
              [](const MachineRecord *a, const MachineRecord *b) { return a->id < b->id; });
    QHash<qint64, qsizetype> groupOf;
    QList<Group> next;
    next.reserve(hosts);
    for (const MachineRecord *host : std::as_const(machines)) {
        if (host->isContainer())
            continue;
        groupOf.insert(host->id, next.size());
        next.append(Group{row(*host), {}});
    }
    for (const MachineRecord *container : std::as_const(machines)) {
        const qsizetype g = container->isContainer() ? groupOf.value(container->parentId, -1) : -1;
        if (g >= 0) {
            next[g].children.append(row(*container));
            next[g].record.containers = int(next[g].children.size());
        }
    }
    sync(std::move(next));
    // The rows now point into these alone.
    m_machines = records;
    m_units = units;
    m_hosted = std::move(hosted);
}

const MachineRecord *MachinesModel::machineAt(const QModelIndex &index) const
{
    if (const MachineRow *row = parentRecord(index))
        return row->machine;
    if (const MachineRow *row = childRecord(index))
        return row->machine;
    return nullptr;
}

QModelIndex MachinesModel::indexOfMachine(const QString &name) const
{
    for (int g = 0; g < groups().size(); ++g) {
        const Group &group = groups().at(g);
        if (group.record.machine->name == name)
            return index(g, 0);
        for (int c = 0; c < group.children.size(); ++c) {
            if (group.children.at(c).machine->name == name)
                return index(c, 0, index(g, 0));
        }
    }
    return {};
}

QVariant MachinesModel::data(const QModelIndex &index, int role) const
{
    const MachineRow *row = parentRecord(index);
    if (!row)
        row = childRecord(index);
    if (!row)
        return {};
    const MachineRecord &m = *row->machine;
    const bool problem = m.state.inError() || !m.state.isAlive();
    const QString message = m.message();
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return m.name;
        case LifeColumn:
            return MachineState::label(m.state.life);
        case StatusColumn:
            if (row->plan == Plan::Removed || (row->plan == Plan::Planned && m.neverProvisioned()))
                return planLabel(row->plan);
            return MachineState::label(m.state.status);
        case InstanceStatusColumn:
            return MachineState::label(m.state.instance);
        case MessageColumn:
            return message;
        case InstanceColumn:
            return m.instanceId;
        case TypeColumn:
            return m.instanceType;
        case HardwareColumn:
            return m.hardware;
        case RegionColumn:
            return m.region;
        case ZoneColumn:
            return m.zone;
        case BaseColumn:
            return m.base;
        case UnitsColumn: {
            const QString units = row->unitNames().join(QStringLiteral(", "));
            if (row->containers == 0)
                return units;
            const QString containers = tr("%n container(s)", nullptr, row->containers);
            return units.isEmpty() ? containers : units + QStringLiteral(" · ") + containers;
        }
        case ConstraintsColumn:
            return m.constraints;
        default:
            return {};
        }
    case Qt::ToolTipRole:
        return message.isEmpty() ? QVariant() : message;
    case Qt::AccessibleTextRole:
        if (index.column() != NameColumn)
            return {};
        return spokenRow(
            index, m.isContainer() ? tr("Container %1").arg(m.name) : tr("Machine %1").arg(m.name),
            {StatusColumn, ZoneColumn, UnitsColumn, MessageColumn});
    case ItemRoles::SortRole:
        if (index.column() == NameColumn)
            return m.isContainer() ? m.name.section(u'/', 2).toLongLong() : m.name.toLongLong();
        if (index.column() == UnitsColumn)
            return row->unitCount;
        return data(index, Qt::DisplayRole);
    case ItemRoles::ProblemRole:
        return problem;
    case ItemRoles::NameRole:
        return m.name;
    case ItemRoles::IdRole:
        return m.id;
    case ItemRoles::PlanRole:
        return int(row->plan);
    case Qt::FontRole:
        return planFont(row->plan);
    case Qt::ForegroundRole:
        if (m.state.inError() &&
            (index.column() == StatusColumn || index.column() == MessageColumn))
            return QBrush(PaletteColours::error());
        if (!m.state.isAlive())
            return QBrush(PaletteColours::retired());
        return {};
    default:
        return {};
    }
}

QVariant MachinesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Machine");
    case LifeColumn:
        return tr("Life");
    case StatusColumn:
        return tr("Status");
    case InstanceStatusColumn:
        return tr("Instance status");
    case MessageColumn:
        return tr("Message");
    case InstanceColumn:
        return tr("Instance");
    case TypeColumn:
        return tr("Type");
    case HardwareColumn:
        return tr("Hardware");
    case RegionColumn:
        return tr("Region");
    case ZoneColumn:
        return tr("Zone");
    case BaseColumn:
        return tr("Base");
    case UnitsColumn:
        return tr("Units");
    case ConstraintsColumn:
        return tr("Constraints");
    default:
        return {};
    }
}

Qt::ItemFlags MachinesModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = TwoLevelModel::flags(index);
    if (!index.isValid())
        return f | Qt::ItemIsDropEnabled; // empty space: a new machine
    const MachineRecord *m = machineAt(index);
    if (m && m->state.isAlive())
        f |= Qt::ItemIsDropEnabled;
    return f;
}

QStringList MachinesModel::mimeTypes() const
{
    return {UnitMimeData::format()};
}

bool MachinesModel::canDropMimeData(const QMimeData *data, Qt::DropAction, int, int,
                                    const QModelIndex &parent) const
{
    if (UnitMimeData::units(data).isEmpty())
        return false;
    const MachineRecord *m = machineAt(parent);
    return !parent.isValid() || (m && m->state.isAlive());
}

} // namespace berth
