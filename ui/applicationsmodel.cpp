#include "ui/applicationsmodel.h"

#include "core/placement/spread/spreadstate.h"
#include "ui/itemroles.h"
#include "ui/palettecolours.h"
#include "ui/unitmimedata.h"

#include <QBrush>
#include <QColor>

namespace berth {

namespace {

bool isFailure(const std::optional<MachineState::Status> &status)
{
    return status == MachineState::Status::Error;
}

} // namespace

ApplicationsModel::ApplicationsModel(QObject *parent)
    : TwoLevelModel(ColumnCount, parent)
{}

void ApplicationsModel::setSnapshot(const ModelSnapshot &snapshot, const CloudInfo *cloud)
{
    // The rows point into these lists, kept once they are in.
    const QList<MachineRecord> records = snapshot.machines;
    QHash<qint64, const MachineRecord *> machines;
    machines.reserve(records.size());
    for (const MachineRecord &m : records)
        machines.insert(m.id, &m);
    QHash<qint64, qsizetype> groupOf;
    QList<Group> next;
    next.reserve(snapshot.applications.size());
    QList<ApplicationRecord> apps = snapshot.applications;
    std::sort(apps.begin(), apps.end(),
              [](const ApplicationRecord &a, const ApplicationRecord &b) { return a.id < b.id; });
    const SpreadState spreadState = cloud ? SpreadState(snapshot, *cloud) : SpreadState();
    for (const ApplicationRecord &a : std::as_const(apps)) {
        groupOf.insert(a.id, next.size());
        ApplicationRow row{
            a.id, a,
            0,    0,
            0,    planOf(a.id, snapshot.planned.applications, snapshot.planned.removedApplications),
            {},   false};
        if (cloud) {
            QStringList spread;
            for (const SpreadStatus &s : spreadState.status(a.name)) {
                spread << s.text();
                row.spreadBroken = row.spreadBroken || s.broken();
            }
            row.spread = spread.join(QStringLiteral(", "));
        }
        next.append(Group{row, {}});
    }
    const QList<UnitRecord> units = snapshot.units;
    // Each application's rows in a list of its size (grown one by one, a
    // list of 100,000 keeps up to half as much again unused).
    QList<qsizetype> sizes(next.size(), 0);
    for (const UnitRecord &u : units) {
        if (const qsizetype g = groupOf.value(u.applicationId, -1); g >= 0)
            ++sizes[g];
    }
    for (qsizetype g = 0; g < next.size(); ++g)
        next[g].children.reserve(sizes.at(g));
    for (const UnitRecord &u : units) {
        const qsizetype g = groupOf.value(u.applicationId, -1);
        if (g < 0)
            continue;
        const UnitRow row{u.id, &u, machines.value(u.machineId),
                          planOf(u.id, snapshot.planned.units, snapshot.planned.removedUnits)};
        Group &group = next[g];
        ++group.record.units;
        // A unit only staged is not started, whatever its machine is.
        group.record.started +=
            row.status() == MachineState::Status::Started && row.plan != Plan::Planned ? 1 : 0;
        group.record.failed += isFailure(row.status()) ? 1 : 0;
        group.children.append(row);
    }
    for (Group &g : next) {
        std::sort(g.children.begin(), g.children.end(),
                  [](const UnitRow &a, const UnitRow &b) { return a.id < b.id; });
    }
    sync(std::move(next));
    // The rows now point into these alone.
    m_units = units;
    m_machines = records;
}

const UnitRecord *ApplicationsModel::unitAt(const QModelIndex &index) const
{
    const UnitRow *row = childRecord(index);
    return row ? row->unit : nullptr;
}

const ApplicationRecord *ApplicationsModel::applicationAt(const QModelIndex &index) const
{
    const ApplicationRow *row = parentRecord(index);
    return row ? &row->application : nullptr;
}

QVariant ApplicationsModel::data(const QModelIndex &index, int role) const
{
    if (const ApplicationRow *app = parentRecord(index))
        return applicationData(*app, index, role);
    const UnitRow *row = childRecord(index);
    return row ? unitData(*row, index, role) : QVariant();
}

QVariant ApplicationsModel::applicationData(const ApplicationRow &app, const QModelIndex &index,
                                            int role) const
{
    const ApplicationRecord &a = app.application;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return a.subordinate ? tr("%1 (subordinate)").arg(a.name) : a.name;
        case BaseColumn:
            return a.base;
        case MachineColumn:
            return tr("%n unit(s)", nullptr, app.units);
        case StatusColumn:
            if (app.plan == Plan::Removed)
                return planLabel(app.plan);
            return app.failed > 0 ? tr("%1 of %2 started, %3 failed")
                                        .arg(app.started)
                                        .arg(app.units)
                                        .arg(app.failed)
                                  : tr("%1 of %2 started").arg(app.started).arg(app.units);
        case ConstraintsColumn:
            return a.constraints.toString();
        case SpreadColumn:
            return app.spread;
        default:
            return {};
        }
    case Qt::AccessibleTextRole:
        if (index.column() != NameColumn)
            return {};
        return spokenRow(index,
                         a.subordinate ? tr("Subordinate application %1").arg(a.name)
                                       : tr("Application %1").arg(a.name),
                         {MachineColumn, StatusColumn, SpreadColumn});
    case ItemRoles::SortRole:
        return index.column() == MachineColumn ? QVariant(app.units) : data(index, Qt::DisplayRole);
    case ItemRoles::ProblemRole:
        return app.failed > 0;
    case ItemRoles::NameRole:
        return a.name;
    case ItemRoles::IdRole:
        return a.id;
    case ItemRoles::PlanRole:
        return int(app.plan);
    case Qt::FontRole:
        return planFont(app.plan);
    case Qt::ForegroundRole:
        if (app.spreadBroken && index.column() == SpreadColumn)
            return QBrush(PaletteColours::error());
        return app.failed > 0 && index.column() == StatusColumn ? QBrush(PaletteColours::error())
                                                                : QVariant();
    default:
        return {};
    }
}

QVariant ApplicationsModel::unitData(const UnitRow &row, const QModelIndex &index, int role) const
{
    const UnitRecord &u = *row.unit;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return u.name();
        case MachineColumn:
            return u.machine.isEmpty() ? tr("unplaced") : u.machine;
        case ZoneColumn:
            return row.zone();
        case StatusColumn: {
            if (row.plan != Plan::None)
                return planLabel(row.plan);
            const std::optional<MachineState::Status> machineStatus = row.status();
            if (u.machine.isEmpty() || !machineStatus)
                return tr("unplaced");
            // The machine status in the user's words (berthctl shows the stored ones).
            const QString status = MachineState::label(*machineStatus);
            const QString message = row.message();
            return message.isEmpty() ? status : status + u": " + message;
        }
        case ConstraintsColumn:
            return u.constraints;
        default:
            return {};
        }
    case Qt::ToolTipRole:
        return u.subordinate ? tr("subordinate of %1").arg(u.principal) : row.message();
    case Qt::AccessibleTextRole:
        if (index.column() != NameColumn)
            return {};
        return spokenRow(index,
                         u.machine.isEmpty() ? tr("Unit %1").arg(u.name())
                                             : tr("Unit %1 on machine %2").arg(u.name(), u.machine),
                         {StatusColumn, ZoneColumn});
    case ItemRoles::SortRole:
        switch (index.column()) {
        case NameColumn:
            return u.number;
        case MachineColumn:
            return u.machine.section(u'/', 0, 0).toLongLong();
        default:
            return data(index, Qt::DisplayRole);
        }
    case ItemRoles::ProblemRole:
        return isFailure(row.status()) || u.machine.isEmpty();
    case ItemRoles::UnplacedRole:
        return u.machine.isEmpty() && !u.subordinate;
    case ItemRoles::NameRole:
        return u.name();
    case ItemRoles::IdRole:
        return u.id;
    case ItemRoles::PlanRole:
        return int(row.plan);
    case Qt::FontRole:
        return planFont(row.plan);
    case Qt::ForegroundRole:
        if (isFailure(row.status()) && index.column() == StatusColumn)
            return QBrush(PaletteColours::error());
        return {};
    default:
        return {};
    }
}

QVariant ApplicationsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Application / unit");
    case BaseColumn:
        return tr("Base");
    case MachineColumn:
        return tr("Machine");
    case ZoneColumn:
        return tr("Zone");
    case StatusColumn:
        return tr("Status");
    case ConstraintsColumn:
        return tr("Constraints");
    case SpreadColumn:
        return tr("Spread");
    default:
        return {};
    }
}

Qt::ItemFlags ApplicationsModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = TwoLevelModel::flags(index);
    // Principal units can be dragged onto machines in the machine view.
    if (const UnitRecord *u = unitAt(index); u && !u->subordinate)
        f |= Qt::ItemIsDragEnabled;
    return f;
}

QStringList ApplicationsModel::mimeTypes() const
{
    return {UnitMimeData::format()};
}

QMimeData *ApplicationsModel::mimeData(const QModelIndexList &indexes) const
{
    QStringList units;
    for (const QModelIndex &index : indexes) {
        const UnitRecord *u = unitAt(index);
        if (u && !u->subordinate && !units.contains(u->name()))
            units << u->name();
    }
    return units.isEmpty() ? nullptr : UnitMimeData::create(units);
}

} // namespace berth
