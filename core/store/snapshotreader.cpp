#include "core/store/snapshotreader.h"

#include "core/store/applicationrows.h"
#include "core/store/bundlerows.h"
#include "core/store/machinerows.h"
#include "core/store/policyrows.h"
#include "core/store/rowmapping.h"
#include "core/store/spreadrows.h"
#include "core/store/txscope.h"
#include "core/store/unitrows.h"

#include <QMap>
#include <QSet>

#include <algorithm>

namespace berth {

namespace {

// `rows` (in id order, or any order whose new rows come last) with the rows
// whose id is in `ids` read again by `read` in batches, in place (gone when
// not found), and the rows with ids above the largest before appended.
template <typename Record, typename Read>
void rereadRows(const SqlSession &sql, QList<Record> &rows, const QSet<qint64> &ids, Read read)
{
    qint64 largest = 0;
    QHash<qint64, qsizetype> at;
    for (qsizetype i = 0; i < rows.size(); ++i) {
        largest = std::max(largest, rows.at(i).id);
        if (ids.contains(rows.at(i).id))
            at.insert(rows.at(i).id, i);
    }
    QSet<qint64> found;
    for (Record &row :
         RowMapping::readByIds<Record>(sql, QList<qint64>(ids.cbegin(), ids.cend()), read)) {
        found.insert(row.id);
        rows[at.value(row.id)] = std::move(row);
    }
    if (found.size() != ids.size())
        rows.removeIf(
            [&](const Record &row) { return ids.contains(row.id) && !found.contains(row.id); });
    rows += read(QStringLiteral(" > ? ORDER BY 1"), QVariantList{largest});
}

// The snapshot's units in the order whole() gives them: by application, in
// the order the store sorts their names (its collation), then by number.
void orderUnits(ModelSnapshot &snap)
{
    QHash<qint64, qsizetype> rank;
    for (qsizetype i = 0; i < snap.applications.size(); ++i)
        rank.insert(snap.applications.at(i).id, i);
    std::sort(snap.units.begin(), snap.units.end(), [&](const UnitRecord &a, const UnitRecord &b) {
        return std::pair(rank.value(a.applicationId), a.number) <
               std::pair(rank.value(b.applicationId), b.number);
    });
}

} // namespace

ModelSnapshot SnapshotReader::applicationsOnly()
{
    ApplicationRows applications(m_scope);
    ModelSnapshot snap;
    snap.model = m_scope.model();
    snap.applications = applications.all();
    snap.relations = applications.relations();
    // Relations between principals; a subordinate's endpoints are kept there too.
    QSet<QString> subordinateNames;
    for (const ApplicationRecord &a : std::as_const(snap.applications)) {
        if (a.subordinate)
            subordinateNames.insert(a.name);
    }
    for (const BundleRows::EndpointRelation &r : BundleRows(m_scope).endpointRelations()) {
        IntegrationRecord i{r.first.section(u':', 0, 0), r.first.section(u':', 1),
                            r.second.section(u':', 0, 0), r.second.section(u':', 1)};
        if (!subordinateNames.contains(i.first) && !subordinateNames.contains(i.second))
            snap.integrations << i;
    }
    snap.policies = PolicyRows(m_scope).ofModel();
    snap.spreads = SpreadRows(m_scope).ofModel();
    return snap;
}

ModelSnapshot SnapshotReader::whole()
{
    const qint64 model = m_scope.model().id;
    ModelSnapshot snap = applicationsOnly();
    snap.units = RowMapping::collectMany<UnitRecord>(
        m_scope.sql(),
        RowMapping::selectUnits() +
            QStringLiteral(" WHERE u.model_id = ? ORDER BY a.name, u.number"),
        {model}, RowMapping::unitFrom);
    snap.machines = RowMapping::collectMany<MachineRecord>(
        m_scope.sql(),
        RowMapping::selectMachines() + QStringLiteral(" WHERE m.model_id = ? ORDER BY m.id"),
        {model}, RowMapping::machineFrom);
    // A snapshot is kept (the window, the provisioner): without the room
    // the lists grew into, up to a third of them.
    snap.units.squeeze();
    snap.machines.squeeze();
    return snap;
}

ModelSnapshot SnapshotReader::after(ModelSnapshot snap, const ChangeList &changes)
{
    const qint64 model = m_scope.model().id;
    QSet<QString> machineNames;
    QSet<QString> unitNames;
    bool applications = false;
    for (const Change &change : changes) {
        if (change.modelId != model)
            continue;
        if (change.kind == u"machine")
            machineNames.insert(change.name);
        else if (change.kind == u"unit")
            unitNames.insert(change.name);
        else if (change.kind == u"application" || change.kind == u"relation")
            applications = true;
    }
    snap.model = m_scope.model();
    snap.planned = {};
    if (applications) {
        const ModelSnapshot fresh = applicationsOnly();
        snap.applications = fresh.applications;
        snap.relations = fresh.relations;
        snap.integrations = fresh.integrations;
        snap.policies = fresh.policies;
        snap.spreads = fresh.spreads;
    }
    QSet<qint64> machineIds;
    for (const MachineRecord &m : snap.machines) {
        if (machineNames.contains(m.name))
            machineIds.insert(m.id);
    }
    SqlSession &sql = m_scope.sql();
    rereadRows(sql, snap.machines, machineIds,
               [&](const QString &condition, const QVariantList &ids) {
                   // By id, not through the index of the model's machine names
                   // (unary + keeps SQLite off it): that one is a scan of every
                   // machine of the model, 100,000 rows for a few changed ones.
                   QSqlQuery &q =
                       sql.run(RowMapping::selectMachines() +
                                   QStringLiteral(" WHERE +m.model_id = ? AND m.id") + condition,
                               QVariantList{model} + ids);
                   return RowMapping::collect<MachineRecord>(q, RowMapping::machineFrom);
               });
    QSet<qint64> unitIds;
    for (const UnitRecord &u : snap.units) {
        // A unit on a machine read again shows that machine's name as it is now.
        if (machineIds.contains(u.machineId) ||
            (!unitNames.isEmpty() && unitNames.contains(u.name())))
            unitIds.insert(u.id);
    }
    rereadRows(sql, snap.units, unitIds, [&](const QString &condition, const QVariantList &ids) {
        QSqlQuery &q = sql.run(RowMapping::selectUnits() +
                                   QStringLiteral(" WHERE u.model_id = ? AND u.id") + condition,
                               QVariantList{model} + ids);
        return RowMapping::collect<UnitRecord>(q, RowMapping::unitFrom);
    });
    return snap;
}

ModelSnapshot SnapshotReader::around(const QStringList &applications, const QStringList &units,
                                     const QStringList &machines)
{
    ModelSnapshot snap = applicationsOnly();
    SqlSession &sql = m_scope.sql();
    UnitRows unitRows(m_scope);
    MachineRows machineRows(m_scope);

    QMap<qint64, UnitRecord> unitsById;
    QMap<qint64, MachineRecord> machinesById;
    const auto keepUnits = [&](const QList<UnitRecord> &list) {
        for (const UnitRecord &u : list)
            unitsById.insert(u.id, u);
    };
    const auto readUnits = [&](const QString &column, const QList<qint64> &ids) {
        keepUnits(RowMapping::readByIds<UnitRecord>(
            sql, ids, [&](const QString &in, const QVariantList &binds) {
                QSqlQuery &q = sql.run(
                    RowMapping::selectUnits() + QStringLiteral(" WHERE u.") + column + in, binds);
                return RowMapping::collect<UnitRecord>(q, RowMapping::unitFrom);
            }));
    };
    const auto readMachines = [&](const QString &column, const QList<qint64> &ids) {
        return RowMapping::readByIds<MachineRecord>(
            sql, ids, [&](const QString &in, const QVariantList &binds) {
                QSqlQuery &q = sql.run(RowMapping::selectMachines() + QStringLiteral(" WHERE m.") +
                                           column + in,
                                       binds);
                return RowMapping::collect<MachineRecord>(q, RowMapping::machineFrom);
            });
    };

    for (const ApplicationRecord &a : snap.applications) {
        if (applications.contains(a.name))
            keepUnits(unitRows.ofApplication(a.id));
    }
    if (!units.isEmpty())
        keepUnits(unitRows.withNames(units).values());
    // Named machines, their containers to any depth, and the units on them.
    QList<qint64> level;
    for (const QString &name : machines) {
        if (const auto m = machineRows.find(name)) {
            machinesById.insert(m->id, *m);
            level << m->id;
        }
    }
    while (!level.isEmpty()) {
        readUnits(QStringLiteral("machine_id"), level);
        const QList<MachineRecord> children = readMachines(QStringLiteral("parent_id"), level);
        level.clear();
        for (const MachineRecord &m : children) {
            machinesById.insert(m.id, m);
            level << m.id;
        }
    }
    // Principals of the subordinates, then the subordinates of all.
    QList<qint64> principals;
    for (const UnitRecord &u : std::as_const(unitsById)) {
        if (u.subordinate && u.principalId != 0 && !unitsById.contains(u.principalId))
            principals << u.principalId;
    }
    readUnits(QStringLiteral("id"), principals);
    readUnits(QStringLiteral("principal_id"), unitsById.keys());
    // The units' machines and every host above them.
    QList<qint64> missing;
    for (const UnitRecord &u : std::as_const(unitsById)) {
        if (u.machineId != 0 && !machinesById.contains(u.machineId))
            missing << u.machineId;
    }
    while (!missing.isEmpty()) {
        const QList<MachineRecord> found = readMachines(QStringLiteral("id"), missing);
        missing.clear();
        for (const MachineRecord &m : found)
            machinesById.insert(m.id, m);
        for (const MachineRecord &m : found) {
            if (m.parentId != 0 && !machinesById.contains(m.parentId) &&
                !missing.contains(m.parentId))
                missing << m.parentId;
        }
    }
    snap.machines = machinesById.values(); // by id, as whole() orders them
    snap.units = unitsById.values();
    orderUnits(snap);
    return snap;
}

ModelSnapshot SnapshotReader::ofApplications(const QStringList &applications)
{
    ModelSnapshot snap = applicationsOnly();
    QSet<qint64> spread;
    for (const SpreadRecord &s : std::as_const(snap.spreads))
        spread.insert(s.applicationId);
    QStringList withSpread;
    UnitRows unitRows(m_scope);
    for (const ApplicationRecord &a : std::as_const(snap.applications)) {
        if (!applications.contains(a.name))
            continue;
        if (spread.contains(a.id))
            withSpread << a.name;
        else
            snap.units += unitRows.ofApplication(a.id);
    }
    if (withSpread.isEmpty())
        return snap;
    const ModelSnapshot counted = around(withSpread, {}, {});
    QMap<qint64, MachineRecord> machines;
    for (const MachineRecord &m : counted.machines)
        machines.insert(m.id, m);
    m_scope.sql().forEachRow(RowMapping::selectMachines() +
                                 QStringLiteral(" WHERE m.model_id = ? AND m.parent_id IS NULL"),
                             {m_scope.model().id}, [&](const SqlRow &row) {
                                 MachineRecord m = RowMapping::machineFrom(row);
                                 machines.insert(m.id, std::move(m));
                             });
    snap.machines = machines.values(); // by id, as whole() orders them
    for (const UnitRecord &u : counted.units) {
        if (spread.contains(u.applicationId) && applications.contains(u.application))
            snap.units << u;
    }
    orderUnits(snap);
    return snap;
}

SnapshotReader::Sizes SnapshotReader::sizes()
{
    SqlSession &sql = m_scope.sql();
    const qint64 model = m_scope.model().id;
    const auto count = [&](const QString &table) {
        return sql
            .scalar(QStringLiteral("SELECT count(*) FROM ") + table +
                        QStringLiteral(" WHERE model_id = ?"),
                    {model})
            .toLongLong();
    };
    return {count(QStringLiteral("applications")), count(QStringLiteral("units")),
            count(QStringLiteral("machines"))};
}

} // namespace berth
