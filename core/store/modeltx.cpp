#include "core/store/modeltx.h"

#include "core/bertherror.h"
#include "core/model/base.h"
#include "core/model/names.h"
#include "core/placement/directiveplacement.h"
#include "core/placement/placementrules.h"
#include "core/placement/subordinates.h"
#include "core/store/policyrows.h"

#include <QDateTime>
#include <QSqlQuery>
#include <QStringList>

#include <algorithm>
#include <functional>

namespace berth {

namespace {

// Constraints as Berth wrote them (canonical); a row edited by hand into
// something unreadable constrains nothing rather than breaking the read.
Constraints parsedOrEmpty(const QString &text)
{
    return Constraints::parse(text).constraints;
}

const QString machineColumns = QStringLiteral(
    "m.id, m.name, coalesce(m.parent_id, 0), m.base, m.constraints, m.placement, m.life,"
    " m.for_unit, m.machine_status, m.machine_message, m.instance_status, m.instance_message,"
    " m.instance_id, m.instance_type, m.hardware, m.region, m.zone, m.nonce, m.created_at,"
    " m.attempts, m.retry_at");

const QString unitColumns = QStringLiteral(
    "u.id, u.application_id, a.name, u.number, coalesce(u.machine_id, 0), coalesce(m.name, ''),"
    " coalesce(u.principal_id, 0), coalesce(pa.name || '/' || p.number, ''), a.subordinate,"
    " u.constraints, u.created_at FROM units u JOIN applications a ON a.id = u.application_id"
    " LEFT JOIN machines m ON m.id = u.machine_id LEFT JOIN units p ON p.id = u.principal_id"
    " LEFT JOIN applications pa ON pa.id = p.application_id");

MachineRecord machineFrom(const SqlRow &q)
{
    MachineRecord m;
    m.id = q.integer(0);
    m.name = q.text(1);
    m.parentId = q.integer(2);
    m.base = q.text(3);
    m.constraints = q.text(4);
    m.placement = q.text(5);
    m.forUnit = int(q.integer(7)) != 0;
    const auto life = MachineState::lifeFrom(q.text(6));
    const auto status = MachineState::statusFrom(q.text(8));
    const auto instance = MachineState::instanceStatusFrom(q.text(10));
    if (!life || !status || !instance) {
        throw BerthError(ModelTx::tr("the store holds a state of machine %1 this Berth does not "
                                     "know (%2, %3, %4): it is damaged, or was written by a "
                                     "newer Berth")
                             .arg(m.name, q.text(6), q.text(8), q.text(10)));
    }
    m.state = {*life, *status, *instance};
    m.machineMessage = q.text(9);
    m.instanceMessage = q.text(11);
    m.instanceId = q.text(12);
    m.instanceType = q.text(13);
    m.hardware = q.text(14);
    m.region = q.text(15);
    m.zone = q.text(16);
    m.nonce = q.text(17);
    m.createdAt = q.integer(18);
    m.attempts = int(q.integer(19));
    m.retryAt = q.integer(20);
    return m;
}

UnitRecord unitFrom(const SqlRow &q)
{
    UnitRecord u;
    u.id = q.integer(0);
    u.applicationId = q.integer(1);
    u.application = q.text(2);
    u.number = q.integer(3);
    u.machineId = q.integer(4);
    u.machine = q.text(5);
    u.principalId = q.integer(6);
    u.principal = q.text(7);
    u.subordinate = int(q.integer(8)) != 0;
    u.constraints = q.text(9);
    u.createdAt = q.integer(10);
    return u;
}

ApplicationRecord applicationFrom(const SqlRow &q)
{
    ApplicationRecord a;
    a.id = q.integer(0);
    a.name = q.text(1);
    a.charm = q.text(2);
    a.base = q.text(3);
    a.subordinate = int(q.integer(4)) != 0;
    a.constraints = parsedOrEmpty(q.text(5));
    a.minSize = q.integer(6);
    a.maxSize = q.integer(7);
    return a;
}

template <typename T, typename F> QList<T> collect(QSqlQuery &q, F from)
{
    QList<T> rows;
    const SqlRow row(q);
    while (q.next())
        rows.append(from(row));
    q.finish();
    return rows;
}

// The rows of a large read, straight from the store's own statement.
template <typename T, typename F>
QList<T> collectMany(SqlSession &sql, const QString &statement, const QVariantList &binds, F from)
{
    QList<T> rows;
    sql.forEachRow(statement, binds, [&](const SqlRow &row) { rows.append(from(row)); });
    return rows;
}

// One column of an insert in batches: its name and its PostgreSQL type.
struct Column
{
    const char *name;
    const char *type; // "bigint" or "text"
};

// A PostgreSQL array literal of `values` of one column ({1,2} or {"a","b"}).
QString arrayLiteral(const QList<QVariantList> &rows, qsizetype first, qsizetype count,
                     qsizetype column, bool text)
{
    QStringList items;
    items.reserve(count);
    for (qsizetype i = first; i < first + count; ++i) {
        const QVariant &value = rows.at(i).at(column);
        if (value.isNull()) {
            items << QStringLiteral("NULL");
        } else if (text) {
            QString quoted = value.toString();
            quoted.replace(u'\\', QStringLiteral("\\\\")).replace(u'"', QStringLiteral("\\\""));
            items << u'"' + quoted + u'"';
        } else {
            items << QString::number(value.toLongLong());
        }
    }
    return u'{' + items.join(u',') + u'}';
}

// Inserts `rows` (a value per column each) into `table`, many rows a
// statement; gives each new row's id by the text of its `key` column (unique
// among the rows; no `key`: no ids). On PostgreSQL each column travels as one array parameter
// (unnest), which the server reads far faster than thousands of parameters,
// in one round trip; SQLite takes rows of parameters.
QHash<QString, qint64> insertBatched(SqlSession &sql, const QString &table,
                                     const QList<Column> &columns, const QList<QVariantList> &rows,
                                     const QString &key = {})
{
    const bool postgres = sql.database().driverName() == u"QPSQL";
    // SQLite: far below its 32,766 parameters a statement.
    const qsizetype perStatement = postgres ? 5000 : 250;
    QStringList names;
    QStringList arrays;
    for (const Column &c : columns) {
        names << QString::fromLatin1(c.name);
        arrays << QStringLiteral("?::%1[]").arg(QString::fromLatin1(c.type));
    }
    const QString head = QStringLiteral("INSERT INTO %1 (%2) ").arg(table, names.join(u','));
    QHash<QString, qint64> ids;
    sql.reusePlansInTransaction();
    for (qsizetype first = 0; first < rows.size(); first += perStatement) {
        const qsizetype count = std::min(perStatement, rows.size() - first);
        QVariantList binds;
        QString statement;
        if (postgres) {
            for (qsizetype c = 0; c < columns.size(); ++c)
                binds << arrayLiteral(rows, first, count, c,
                                      qstrcmp(columns.at(c).type, "text") == 0);
            statement = head + QStringLiteral("SELECT * FROM unnest(%1)").arg(arrays.join(u','));
        } else {
            const QString one =
                u'(' + QStringList(columns.size(), QStringLiteral("?")).join(u',') + u')';
            binds.reserve(count * columns.size());
            for (qsizetype i = first; i < first + count; ++i)
                binds += rows.at(i);
            statement = head + QStringLiteral("VALUES ") + QStringList(count, one).join(u',');
        }
        if (key.isEmpty()) {
            sql.run(statement, binds).finish();
            continue;
        }
        QSqlQuery &q = sql.run(statement + QStringLiteral(" RETURNING id, ") + key, binds);
        while (q.next())
            ids.insert(q.value(1).toString(), q.value(0).toLongLong());
        q.finish();
    }
    return ids;
}

} // namespace

ModelTx::ModelTx(SqlSession &sql, ModelRecord model, const CloudRegistry &clouds,
                 PlacementPrecheck precheck)
    : m_sql(sql)
    , m_model(std::move(model))
    , m_clouds(clouds)
    , m_precheck(std::move(precheck))
    , m_now(QDateTime::currentMSecsSinceEpoch())
{}

std::optional<ModelRecord> ModelTx::findModel(SqlSession &sql, const QString &name)
{
    QSqlQuery &q = sql.run(QStringLiteral("SELECT id, uuid, name, cloud, region, credential, "
                                          "constraints, life FROM models WHERE name = ?"),
                           {name});
    if (!q.next()) {
        q.finish();
        return std::nullopt;
    }
    ModelRecord m;
    m.id = q.value(0).toLongLong();
    m.uuid = q.value(1).toString();
    m.name = q.value(2).toString();
    m.cloud = q.value(3).toString();
    m.region = q.value(4).toString();
    m.credential = q.value(5).toString();
    m.constraints = parsedOrEmpty(q.value(6).toString());
    m.dying = q.value(7).toString() == u"dying";
    q.finish();
    QMap<QString, QString> config;
    QSqlQuery &c =
        sql.run(QStringLiteral("SELECT key, value FROM model_config WHERE model_id = ?"), {m.id});
    while (c.next())
        config.insert(c.value(0).toString(), c.value(1).toString());
    c.finish();
    m.config = ModelConfig(config);
    return m;
}

ModelRecord ModelTx::loadModel(SqlSession &sql, const QString &name)
{
    auto model = findModel(sql, name);
    if (!model)
        throw BerthError(ModelTx::tr("model \"%1\" not found").arg(name));
    return *model;
}

const CloudInfo &ModelTx::cloud() const
{
    if (!m_cloud)
        m_cloud = &m_clouds.get(m_model.cloud);
    return *m_cloud;
}

const RegionInfo &ModelTx::region() const
{
    const RegionInfo *r = cloud().region(m_model.region);
    if (!r) {
        throw BerthError(ModelTx::tr("region \"%1\" of model \"%2\" is not in cloud \"%3\"")
                             .arg(m_model.region, m_model.name, cloud().name));
    }
    return *r;
}

std::optional<ApplicationRecord> ModelTx::findApplication(const QString &name)
{
    QSqlQuery &q = m_sql.run(QStringLiteral("SELECT id, name, charm, base, subordinate, "
                                            "constraints, min_size, max_size FROM applications "
                                            "WHERE model_id = ? "
                                            "AND name = ?"),
                             {m_model.id, name});
    auto rows = collect<ApplicationRecord>(q, applicationFrom);
    return rows.isEmpty() ? std::nullopt : std::optional(rows.first());
}

ApplicationRecord ModelTx::application(const QString &name)
{
    auto app = findApplication(name);
    if (!app)
        throw BerthError(ModelTx::tr("application \"%1\" not found").arg(name));
    return *app;
}

std::optional<MachineRecord> ModelTx::findMachine(const QString &name)
{
    QSqlQuery &q = m_sql.run(QStringLiteral("SELECT ") + machineColumns +
                                 QStringLiteral(" FROM machines m WHERE m.model_id = ? AND "
                                                "m.name = ?"),
                             {m_model.id, name});
    auto rows = collect<MachineRecord>(q, machineFrom);
    return rows.isEmpty() ? std::nullopt : std::optional(rows.first());
}

MachineRecord ModelTx::machine(const QString &name)
{
    auto m = findMachine(name);
    if (!m)
        throw BerthError(ModelTx::tr("machine %1 not found").arg(name));
    return *m;
}

UnitRecord ModelTx::unit(const QString &name)
{
    // Exactly as units are named ("app/ 0" or "app/+0" is no unit, not app/0).
    const qsizetype slash = name.lastIndexOf(u'/');
    bool ok = Names::isValidUnitName(name);
    const qint64 number = ok ? name.mid(slash + 1).toLongLong(&ok) : -1;
    if (!ok) {
        throw BerthError(
            ModelTx::tr("invalid unit name \"%1\": expected application/number").arg(name));
    }
    QSqlQuery &q = m_sql.run(QStringLiteral("SELECT ") + unitColumns +
                                 // Through the application's key, then (application, number):
                                 // two index look-ups, not a scan of the model's units.
                                 QStringLiteral(" WHERE a.model_id = ? AND a.name = ? AND "
                                                "u.number = ?"),
                             {m_model.id, name.left(slash), number});
    auto rows = collect<UnitRecord>(q, unitFrom);
    if (rows.isEmpty())
        throw BerthError(ModelTx::tr("unit \"%1\" not found").arg(name));
    return rows.first();
}

QList<UnitRecord> ModelTx::unitsOnMachine(qint64 machineId)
{
    QSqlQuery &q = m_sql.run(QStringLiteral("SELECT ") + unitColumns +
                                 QStringLiteral(" WHERE u.machine_id = ? ORDER BY u.id"),
                             {machineId});
    return collect<UnitRecord>(q, unitFrom);
}

QList<UnitRecord> ModelTx::unitsOfApplication(qint64 applicationId)
{
    QSqlQuery &q = m_sql.run(QStringLiteral("SELECT ") + unitColumns +
                                 QStringLiteral(" WHERE u.application_id = ? ORDER BY u.number"),
                             {applicationId});
    return collect<UnitRecord>(q, unitFrom);
}

QList<MachineRecord> ModelTx::children(qint64 machineId)
{
    QSqlQuery &q = m_sql.run(QStringLiteral("SELECT ") + machineColumns +
                                 QStringLiteral(" FROM machines m WHERE m.parent_id = ? "
                                                "ORDER BY m.id"),
                             {machineId});
    return collect<MachineRecord>(q, machineFrom);
}

namespace {

QList<ApplicationRecord> readApplications(SqlSession &sql, qint64 modelId)
{
    QSqlQuery &q = sql.run(QStringLiteral("SELECT id, name, charm, base, subordinate, "
                                          "constraints, min_size, max_size FROM applications "
                                          "WHERE model_id = ? ORDER BY name"),
                           {modelId});
    return collect<ApplicationRecord>(q, applicationFrom);
}

QList<RelationRecord> readRelations(SqlSession &sql, qint64 modelId)
{
    QSqlQuery &q = sql.run(
        QStringLiteral("SELECT s.name, p.name FROM relations r JOIN applications s ON s.id = "
                       "r.subordinate_id JOIN applications p ON p.id = r.principal_id WHERE "
                       "r.model_id = ? ORDER BY s.name, p.name"),
        {modelId});
    QList<RelationRecord> relations;
    while (q.next())
        relations.append({q.value(0).toString(), q.value(1).toString()});
    q.finish();
    return relations;
}

} // namespace

ModelSnapshot ModelTx::snapshot()
{
    ModelSnapshot snap;
    snap.model = m_model;
    snap.applications = readApplications(m_sql, m_model.id);
    snap.units = collectMany<UnitRecord>(
        m_sql,
        QStringLiteral("SELECT ") + unitColumns +
            QStringLiteral(" WHERE u.model_id = ? ORDER BY a.name, u.number"),
        {m_model.id}, unitFrom);
    snap.machines = collectMany<MachineRecord>(
        m_sql,
        QStringLiteral("SELECT ") + machineColumns +
            QStringLiteral(" FROM machines m WHERE m.model_id = ? ORDER BY m.id"),
        {m_model.id}, machineFrom);
    snap.relations = readRelations(m_sql, m_model.id);
    snap.policies = PolicyRows(*this).ofModel();
    return snap;
}

namespace {

// Calls `run` with " IN (?, ...)" and its ids, 500 of `ids` at a time.
void forIdBatches(const QList<qint64> &ids,
                  const std::function<void(const QString &condition, const QVariantList &ids)> &run)
{
    constexpr qsizetype batch = 500;
    for (qsizetype first = 0; first < ids.size(); first += batch) {
        const QList<qint64> part = ids.mid(first, batch);
        const QStringList marks(part.size(), QStringLiteral("?"));
        QVariantList binds;
        for (const qint64 id : part)
            binds << id;
        run(QStringLiteral(" IN (") + marks.join(u',') + u')', binds);
    }
}

// `rows` (in id order, or any order whose new rows come last) with the rows
// whose id is in `ids` read again by `read` in batches, in place (gone when
// not found), and the rows with ids above the largest before appended.
template <typename Record, typename Read>
void rereadRows(QList<Record> &rows, const QSet<qint64> &ids, Read read)
{
    qint64 largest = 0;
    QHash<qint64, qsizetype> at;
    for (qsizetype i = 0; i < rows.size(); ++i) {
        largest = std::max(largest, rows.at(i).id);
        if (ids.contains(rows.at(i).id))
            at.insert(rows.at(i).id, i);
    }
    QSet<qint64> found;
    forIdBatches(QList<qint64>(ids.cbegin(), ids.cend()),
                 [&](const QString &condition, const QVariantList &binds) {
                     for (Record &row : read(condition, binds)) {
                         found.insert(row.id);
                         rows[at.value(row.id)] = std::move(row);
                     }
                 });
    if (found.size() != ids.size())
        rows.removeIf(
            [&](const Record &row) { return ids.contains(row.id) && !found.contains(row.id); });
    rows += read(QStringLiteral(" > ? ORDER BY 1"), QVariantList{largest});
}

} // namespace

ModelSnapshot ModelTx::snapshotAfter(const ModelSnapshot &before, const ChangeList &changes)
{
    QSet<QString> machineNames;
    QSet<QString> unitNames;
    bool applications = false;
    for (const Change &change : changes) {
        if (change.modelId != m_model.id)
            continue;
        if (change.kind == u"machine")
            machineNames.insert(change.name);
        else if (change.kind == u"unit")
            unitNames.insert(change.name);
        else if (change.kind == u"application" || change.kind == u"relation")
            applications = true;
    }
    ModelSnapshot snap = before;
    snap.model = m_model;
    snap.planned = {};
    if (applications) {
        snap.applications = readApplications(m_sql, m_model.id);
        snap.relations = readRelations(m_sql, m_model.id);
        snap.policies = PolicyRows(*this).ofModel();
    }
    QSet<qint64> machineIds;
    for (const MachineRecord &m : before.machines) {
        if (machineNames.contains(m.name))
            machineIds.insert(m.id);
    }
    rereadRows(snap.machines, machineIds, [&](const QString &condition, const QVariantList &ids) {
        QSqlQuery &q = m_sql.run(QStringLiteral("SELECT ") + machineColumns +
                                     QStringLiteral(" FROM machines m WHERE m.model_id = ? AND "
                                                    "m.id") +
                                     condition,
                                 QVariantList{m_model.id} + ids);
        return collect<MachineRecord>(q, machineFrom);
    });
    QSet<qint64> unitIds;
    for (const UnitRecord &u : before.units) {
        // A unit on a machine read again shows that machine's name as it is now.
        if (unitNames.contains(u.name()) || machineIds.contains(u.machineId))
            unitIds.insert(u.id);
    }
    rereadRows(snap.units, unitIds, [&](const QString &condition, const QVariantList &ids) {
        QSqlQuery &q = m_sql.run(QStringLiteral("SELECT ") + unitColumns +
                                     QStringLiteral(" WHERE u.model_id = ? AND u.id") + condition,
                                 QVariantList{m_model.id} + ids);
        return collect<UnitRecord>(q, unitFrom);
    });
    return snap;
}

namespace {

// `read(" IN (?,...)", ids)` over `ids` in batches, the rows appended.
template <typename Record, typename Read>
QList<Record> readByIds(const QList<qint64> &ids, Read read)
{
    QList<Record> rows;
    constexpr qsizetype batch = 500;
    for (qsizetype first = 0; first < ids.size(); first += batch) {
        const QList<qint64> part = ids.mid(first, batch);
        QVariantList binds;
        for (const qint64 id : part)
            binds << id;
        rows += read(QStringLiteral(" IN (") +
                         QStringList(part.size(), QStringLiteral("?")).join(u',') + u')',
                     binds);
    }
    return rows;
}

} // namespace

ModelSnapshot ModelTx::snapshotAround(const QStringList &applications, const QStringList &units,
                                      const QStringList &machines)
{
    ModelSnapshot snap;
    snap.model = m_model;
    snap.applications = readApplications(m_sql, m_model.id);
    snap.relations = readRelations(m_sql, m_model.id);
    snap.policies = PolicyRows(*this).ofModel();

    QMap<qint64, UnitRecord> unitsById;
    QMap<qint64, MachineRecord> machinesById;
    const auto keepUnits = [&](const QList<UnitRecord> &list) {
        for (const UnitRecord &u : list)
            unitsById.insert(u.id, u);
    };
    const auto readUnits = [&](const QString &column, const QList<qint64> &ids) {
        keepUnits(readByIds<UnitRecord>(ids, [&](const QString &in, const QVariantList &binds) {
            QSqlQuery &q = m_sql.run(QStringLiteral("SELECT ") + unitColumns +
                                         QStringLiteral(" WHERE u.") + column + in,
                                     binds);
            return collect<UnitRecord>(q, unitFrom);
        }));
    };

    for (const ApplicationRecord &a : snap.applications) {
        if (applications.contains(a.name))
            keepUnits(unitsOfApplication(a.id));
    }
    for (const QString &name : units) {
        const qsizetype slash = name.lastIndexOf(u'/');
        QSqlQuery &q = m_sql.run(QStringLiteral("SELECT ") + unitColumns +
                                     QStringLiteral(" WHERE a.model_id = ? AND a.name = ? AND "
                                                    "u.number = ?"),
                                 {m_model.id, name.left(slash), name.mid(slash + 1).toLongLong()});
        keepUnits(collect<UnitRecord>(q, unitFrom));
    }
    // Named machines, their containers to any depth, and the units on them.
    QList<qint64> level;
    for (const QString &name : machines) {
        if (const auto m = findMachine(name)) {
            machinesById.insert(m->id, *m);
            level << m->id;
        }
    }
    while (!level.isEmpty()) {
        readUnits(QStringLiteral("machine_id"), level);
        const QList<MachineRecord> children =
            readByIds<MachineRecord>(level, [&](const QString &in, const QVariantList &binds) {
                QSqlQuery &q =
                    m_sql.run(QStringLiteral("SELECT ") + machineColumns +
                                  QStringLiteral(" FROM machines m WHERE m.parent_id") + in,
                              binds);
                return collect<MachineRecord>(q, machineFrom);
            });
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
        const QList<MachineRecord> found =
            readByIds<MachineRecord>(missing, [&](const QString &in, const QVariantList &binds) {
                QSqlQuery &q = m_sql.run(QStringLiteral("SELECT ") + machineColumns +
                                             QStringLiteral(" FROM machines m WHERE m.id") + in,
                                         binds);
                return collect<MachineRecord>(q, machineFrom);
            });
        missing.clear();
        for (const MachineRecord &m : found)
            machinesById.insert(m.id, m);
        for (const MachineRecord &m : found) {
            if (m.parentId != 0 && !machinesById.contains(m.parentId) &&
                !missing.contains(m.parentId))
                missing << m.parentId;
        }
    }
    snap.machines = machinesById.values(); // by id, as snapshot() orders them
    snap.units = unitsById.values();
    // Applications in the order the store sorts their names (its collation).
    QHash<qint64, qsizetype> rank;
    for (qsizetype i = 0; i < snap.applications.size(); ++i)
        rank.insert(snap.applications.at(i).id, i);
    std::sort(snap.units.begin(), snap.units.end(), [&](const UnitRecord &a, const UnitRecord &b) {
        return std::pair(rank.value(a.applicationId), a.number) <
               std::pair(rank.value(b.applicationId), b.number);
    });
    return snap;
}

qint64 ModelTx::nextSequence(const QString &name)
{
    auto it = m_sequences.find(name);
    if (it == m_sequences.end()) {
        const QVariant stored = m_sql.scalar(
            QStringLiteral("SELECT value FROM sequences WHERE model_id = ? AND name = ?"),
            {m_model.id, name});
        it = m_sequences.insert(name, stored.isValid() ? stored.toLongLong() : 0);
    }
    return (*it)++;
}

MachineRecord ModelTx::createMachine(const NewMachine &spec)
{
    QString name;
    if (spec.parent) {
        const QString prefix = spec.parent->name + QStringLiteral("/lxd/");
        name = prefix + QString::number(nextSequence(QStringLiteral("container:") + prefix));
    } else {
        name = QString::number(nextSequence(QStringLiteral("machine")));
    }
    MachineRecord m = recordOf(spec, name);
    m.id = m_sql.insert(
        QStringLiteral(
            "INSERT INTO machines (model_id, name, parent_id, base, constraints, "
            "placement, for_unit, region, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "RETURNING id"),
        {m_model.id, m.name,
         spec.parent ? QVariant(spec.parent->id) : QVariant(QMetaType::fromType<qint64>()), m.base,
         m.constraints, m.placement, int(m.forUnit), m.region, m.createdAt});
    logChange(QStringLiteral("machine"), m.name, Change::Op::Added);
    return m;
}

FormattedConstraints ModelTx::unitConstraints(const ApplicationRecord &app,
                                              const Constraints &unitLevel) const
{
    const ConstraintsValidator v = validator();
    return FormattedConstraints(v.merge(v.merge(m_model.constraints, app.constraints), unitLevel));
}

void ModelTx::checkAssignable(const ApplicationRecord &app, const QString &unitName,
                              const MachineRecord &machine) const
{
    if (const QString problem = PlacementRules::assignProblem(app, unitName, machine);
        !problem.isEmpty())
        throw BerthError(problem);
}

void ModelTx::checkProviderDirective(const PlacementDirective &d) const
{
    using Kind = PlacementDirective::Kind;
    if (d.kind == Kind::Zone) {
        const QStringList zones = region().zoneNames();
        if (!zones.contains(d.value)) {
            throw BerthError(
                ModelTx::tr("invalid placement directive \"%1\": zone \"%2\" not "
                            "found in %3; expected one of %4")
                    .arg(d.toString(), d.value, m_model.region, zones.join(QStringLiteral(", "))));
        }
    } else if (d.kind == Kind::Region) {
        if (!cloud().region(d.value)) {
            throw BerthError(ModelTx::tr("invalid placement directive \"%1\": region \"%2\" not "
                                         "found in cloud %3; expected one of %4")
                                 .arg(d.toString(), d.value, cloud().name,
                                      cloud().regionNames().join(QStringLiteral(", "))));
        }
    } else if (d.kind == Kind::Hostname || d.kind == Kind::SystemId) {
        // Only the provider knows its own directives (nodes, system ids).
        if (!m_precheck) {
            throw BerthError(ModelTx::tr("invalid placement directive \"%1\": cloud %2 "
                                         "cannot check it in this process")
                                 .arg(d.toString(), m_model.cloud));
        }
        const QString problem = m_precheck(m_model.region, d.toString());
        if (!problem.isEmpty()) {
            throw BerthError(
                ModelTx::tr("invalid placement directive \"%1\": %2").arg(d.toString(), problem));
        }
    }
}

MachineRecord ModelTx::placementTarget(const ApplicationRecord &app, const QString &unitName,
                                       const FormattedConstraints &constraints,
                                       const std::optional<PlacementDirective> &directive,
                                       const Slot &slot, bool *fresh)
{
    const DirectivePlacement where = DirectivePlacement::forUnit(directive, slot.zone);
    *fresh = where.kind != DirectivePlacement::Kind::ExistingMachine;
    if (where.kind == DirectivePlacement::Kind::ExistingMachine) {
        MachineRecord target = machine(where.machine);
        checkAssignable(app, unitName, target);
        checkHardware(unitName, constraints.value, target);
        return target;
    }
    return createMachineAt(where, unitMachine(app, constraints, slot), unitName);
}

ModelTx::NewMachine ModelTx::unitMachine(const ApplicationRecord &app,
                                         const FormattedConstraints &constraints,
                                         const Slot &slot) const
{
    NewMachine spec;
    spec.base = app.base;
    spec.constraints = constraints;
    spec.forUnit = true;
    spec.region = slot.region.isEmpty() ? m_model.region : slot.region;
    return spec;
}

MachineRecord ModelTx::createMachineAt(const DirectivePlacement &where, NewMachine spec,
                                       const QString &unitName, QString *newHost)
{
    MachineRecord host;
    if (where.kind == DirectivePlacement::Kind::NewContainer) {
        if (where.machine.isEmpty()) {
            NewMachine hostSpec = spec;
            hostSpec.constraints = FormattedConstraints(m_model.constraints);
            host = createMachine(hostSpec);
            if (newHost)
                *newHost = host.name;
        } else {
            host = machine(where.machine);
            const QString what = unitName.isEmpty() ? ModelTx::tr("the container")
                                                    : ModelTx::tr("unit %1").arg(unitName);
            const QString problem =
                PlacementRules::containerProblem(what, spec.constraints.value, host);
            if (!problem.isEmpty())
                throw BerthError(problem);
        }
        spec.parent = &host;
        spec.region = host.region;
    } else {
        if (where.cloudChecks)
            checkProviderDirective(*where.cloudChecks);
        spec.placement = where.placement;
        if (!where.region.isEmpty())
            spec.region = where.region;
    }
    return createMachine(spec);
}

UnitRecord ModelTx::addUnit(const ApplicationRecord &app, const FormattedConstraints &constraints,
                            const std::optional<PlacementDirective> &directive, const Slot &slot)
{
    const qint64 number = nextSequence(QStringLiteral("unit:") + app.name);
    const QString unitName = app.name + u'/' + QString::number(number);
    bool freshMachine = true;
    const MachineRecord target =
        placementTarget(app, unitName, constraints, directive, slot, &freshMachine);
    UnitRecord unit = insertUnit(app, number, &target, constraints);
    // A fresh machine can only need subordinates of this application's relations.
    if (!freshMachine || hasSubordinateRelations(app.id))
        syncSubordinates(target);
    return unit;
}

QList<UnitRecord> ModelTx::addUnitsOnNewMachines(const ApplicationRecord &app,
                                                 const FormattedConstraints &constraints,
                                                 const QList<Slot> &places)
{
    if (m_sql.database().driverName() != u"QPSQL") {
        // SQLite runs in this process: a row at a time through its prepared
        // statements is as quick as it gets.
        QList<UnitRecord> units;
        for (const Slot &slot : places)
            units << addUnit(app, constraints, std::nullopt, slot);
        return units;
    }
    QList<NewMachine> specs;
    QList<qint64> numbers;
    for (const Slot &slot : places) {
        numbers << nextSequence(QStringLiteral("unit:") + app.name);
        // As placementTarget and createMachineAt place a unit with no directive.
        NewMachine spec = unitMachine(app, constraints, slot);
        spec.placement = DirectivePlacement::forUnit(std::nullopt, slot.zone).placement;
        specs << spec;
    }
    const QList<MachineRecord> machines = createMachines(specs);

    QList<UnitRecord> units;
    QList<QVariantList> rows;
    for (qsizetype i = 0; i < machines.size(); ++i) {
        const UnitRecord unit = unitRecord(app, numbers.at(i), &machines.at(i), constraints);
        units << unit;
        rows << QVariantList{m_model.id,     app.id,           unit.number,
                             unit.machineId, unit.constraints, m_now};
    }
    const QHash<QString, qint64> ids = insertBatched(m_sql, QStringLiteral("units"),
                                                     {{"model_id", "bigint"},
                                                      {"application_id", "bigint"},
                                                      {"number", "bigint"},
                                                      {"machine_id", "bigint"},
                                                      {"constraints", "text"},
                                                      {"created_at", "bigint"}},
                                                     rows, QStringLiteral("number"));
    for (UnitRecord &unit : units) {
        unit.id = ids.value(QString::number(unit.number));
        logChange(QStringLiteral("unit"), unit.name(), Change::Op::Added);
    }
    // A fresh machine can only need subordinates of this application's relations.
    if (hasSubordinateRelations(app.id)) {
        for (const MachineRecord &m : machines)
            syncSubordinates(m);
    }
    return units;
}

MachineRecord ModelTx::recordOf(const NewMachine &spec, const QString &name) const
{
    MachineRecord m;
    m.name = name;
    m.parentId = spec.parent ? spec.parent->id : 0;
    m.base = spec.base;
    m.constraints = spec.constraints.text;
    m.placement = spec.placement;
    m.forUnit = spec.forUnit;
    m.region = spec.region;
    m.createdAt = m_now;
    return m;
}

QList<MachineRecord> ModelTx::createMachines(const QList<NewMachine> &specs)
{
    QList<MachineRecord> machines;
    QList<QVariantList> rows;
    for (const NewMachine &spec : specs) {
        Q_ASSERT(!spec.parent);
        const MachineRecord m =
            recordOf(spec, QString::number(nextSequence(QStringLiteral("machine"))));
        machines << m;
        rows << QVariantList{m_model.id,  m.name,         m.base,   m.constraints,
                             m.placement, int(m.forUnit), m.region, m.createdAt};
    }
    const QHash<QString, qint64> ids = insertBatched(m_sql, QStringLiteral("machines"),
                                                     {{"model_id", "bigint"},
                                                      {"name", "text"},
                                                      {"base", "text"},
                                                      {"constraints", "text"},
                                                      {"placement", "text"},
                                                      {"for_unit", "bigint"},
                                                      {"region", "text"},
                                                      {"created_at", "bigint"}},
                                                     rows, QStringLiteral("name"));
    for (MachineRecord &m : machines) {
        m.id = ids.value(m.name);
        logChange(QStringLiteral("machine"), m.name, Change::Op::Added);
    }
    return machines;
}

UnitRecord ModelTx::addUnplacedUnit(const ApplicationRecord &app,
                                    const FormattedConstraints &constraints)
{
    const qint64 number = nextSequence(QStringLiteral("unit:") + app.name);
    return insertUnit(app, number, nullptr, constraints);
}

UnitRecord ModelTx::unitRecord(const ApplicationRecord &app, qint64 number,
                               const MachineRecord *machine,
                               const FormattedConstraints &constraints) const
{
    UnitRecord unit;
    unit.applicationId = app.id;
    unit.application = app.name;
    unit.number = number;
    unit.machineId = machine ? machine->id : 0;
    unit.machine = machine ? machine->name : QString();
    unit.constraints = constraints.text;
    unit.createdAt = m_now;
    return unit;
}

UnitRecord ModelTx::insertUnit(const ApplicationRecord &app, qint64 number,
                               const MachineRecord *machine,
                               const FormattedConstraints &constraints)
{
    UnitRecord unit = unitRecord(app, number, machine, constraints);
    unit.id =
        m_sql.insert(QStringLiteral("INSERT INTO units (model_id, application_id, number, "
                                    "machine_id, constraints, created_at) VALUES (?, ?, ?, "
                                    "?, ?, ?) RETURNING id"),
                     {m_model.id, app.id, number,
                      machine ? QVariant(machine->id) : QVariant(QMetaType::fromType<qint64>()),
                      unit.constraints, m_now});
    logChange(QStringLiteral("unit"), unit.name(), Change::Op::Added);
    return unit;
}

QString ModelTx::placementProblem(const UnitRecord &unit, const MachineRecord &machine)
{
    return PlacementRules::placementProblem(unit, application(unit.application), machine);
}

void ModelTx::checkHardware(const QString &unitName, const Constraints &constraints,
                            const MachineRecord &machine)
{
    const QString problem = PlacementRules::hardwareProblem(unitName, constraints, machine);
    if (!problem.isEmpty())
        throw BerthError(ModelTx::tr("cannot place unit %1: %2").arg(unitName, problem));
}

MachineRecord ModelTx::placeUnit(const UnitRecord &unit,
                                 const std::optional<PlacementDirective> &directive)
{
    if (unit.subordinate || unit.machineId != 0) {
        throw BerthError(unit.subordinate
                             ? ModelTx::tr("cannot place unit %1: subordinate units follow "
                                           "their principals")
                                   .arg(unit.name())
                             : ModelTx::tr("cannot place unit %1: it is already on machine %2")
                                   .arg(unit.name(), unit.machine));
    }
    const ApplicationRecord app = application(unit.application);
    bool fresh = true;
    MachineRecord target = placementTarget(
        app, unit.name(), FormattedConstraints(parsedOrEmpty(unit.constraints), unit.constraints),
        directive, {}, &fresh);
    m_sql.run(QStringLiteral("UPDATE units SET machine_id = ? WHERE id = ?"), {target.id, unit.id});
    logChange(QStringLiteral("unit"), unit.name(), Change::Op::Changed);
    syncSubordinates(target);
    return target;
}

void ModelTx::unplaceUnit(const UnitRecord &unit)
{
    if (unit.machineId == 0)
        throw BerthError(ModelTx::tr("unit %1 is not placed").arg(unit.name()));
    if (unit.subordinate) {
        throw BerthError(ModelTx::tr("cannot unplace unit %1: subordinate units follow their "
                                     "principals")
                             .arg(unit.name()));
    }
    const MachineRecord host = machine(unit.machine);
    if (!host.neverProvisioned()) {
        throw BerthError(ModelTx::tr("cannot unplace unit %1: machine %2 has been started; "
                                     "remove the unit instead")
                             .arg(unit.name(), host.name));
    }
    m_sql.run(QStringLiteral("UPDATE units SET machine_id = NULL WHERE id = ?"), {unit.id});
    logChange(QStringLiteral("unit"), unit.name(), Change::Op::Changed);
    syncSubordinates(host);
    retireIfEmpty(host.id);
}

ApplicationRecord ModelTx::createApplication(ApplicationRecord app)
{
    app.id = m_sql.insert(
        QStringLiteral("INSERT INTO applications (model_id, name, charm, base, subordinate, "
                       "constraints, min_size, max_size) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                       "RETURNING id"),
        {m_model.id, app.name, app.charm, app.base, int(app.subordinate),
         app.constraints.toString(), app.minSize, app.maxSize});
    logChange(QStringLiteral("application"), app.name, Change::Op::Added);
    return app;
}

void ModelTx::setApplicationConstraints(const ApplicationRecord &app,
                                        const Constraints &constraints)
{
    m_sql.run(QStringLiteral("UPDATE applications SET constraints = ? WHERE id = ?"),
              {constraints.toString(), app.id});
    logChange(QStringLiteral("application"), app.name, Change::Op::Changed);
}

void ModelTx::setApplicationBounds(const ApplicationRecord &app, qint64 minSize, qint64 maxSize)
{
    m_sql.run(QStringLiteral("UPDATE applications SET min_size = ?, max_size = ? WHERE id = ?"),
              {minSize, maxSize, app.id});
    logChange(QStringLiteral("application"), app.name, Change::Op::Changed);
}

void ModelTx::deleteApplication(const ApplicationRecord &app)
{
    m_sql.run(QStringLiteral("DELETE FROM applications WHERE id = ?"), {app.id});
    logChange(QStringLiteral("application"), app.name, Change::Op::Removed);
}

QList<UnitPlacement> ModelTx::unitPlacements(const ApplicationRecord &app)
{
    // The machines the application's units are on, and their hosts.
    QSqlQuery &q = m_sql.run(
        QStringLiteral("SELECT ") + machineColumns +
            QStringLiteral(" FROM machines m WHERE m.id IN (SELECT machine_id FROM units WHERE "
                           "application_id = ?) OR m.id IN (SELECT c.parent_id FROM machines c "
                           "JOIN units u ON u.machine_id = c.id WHERE u.application_id = ?)"),
        {app.id, app.id});
    QHash<qint64, MachineRecord> machines;
    for (MachineRecord &m : collect<MachineRecord>(q, machineFrom))
        machines.insert(m.id, std::move(m));
    QList<UnitPlacement> rows;
    for (const UnitRecord &u : unitsOfApplication(app.id)) {
        const auto m = machines.constFind(u.machineId);
        const MachineRecord *machine = m == machines.cend() ? nullptr : &*m;
        const auto h = machine ? machines.constFind(machine->parentId) : machines.cend();
        rows << UnitPlacement::of(u, machine, h == machines.cend() ? nullptr : &*h);
    }
    return rows;
}

void ModelTx::setModelConstraints(const Constraints &constraints)
{
    m_model.constraints = constraints;
    m_sql.run(QStringLiteral("UPDATE models SET constraints = ? WHERE id = ?"),
              {constraints.toString(), m_model.id});
    logChange(QStringLiteral("model"), m_model.name, Change::Op::Changed);
}

void ModelTx::setModelConfig(const QString &key, const QString &value)
{
    m_sql.run(QStringLiteral("INSERT INTO model_config (model_id, key, value) VALUES (?, ?, ?) "
                             "ON CONFLICT (model_id, key) DO UPDATE SET value = excluded.value"),
              {m_model.id, key, value});
    logChange(QStringLiteral("model"), m_model.name, Change::Op::Changed);
}

QList<MachineRecord> ModelTx::aliveMachinesPlaced(const QString &prefix)
{
    QSqlQuery &q = m_sql.run(
        QStringLiteral("SELECT ") + machineColumns +
            QStringLiteral(" FROM machines m WHERE m.model_id = ? AND "
                           "m.life = ? AND substr(m.placement, 1, ?) = ? "
                           "ORDER BY m.id"),
        {m_model.id, MachineState::text(MachineState::Life::Alive), prefix.size(), prefix});
    return collect<MachineRecord>(q, machineFrom);
}

bool ModelTx::hasRelation(const ApplicationRecord &subordinate, const ApplicationRecord &principal)
{
    return m_sql
               .scalar(QStringLiteral("SELECT count(*) FROM relations WHERE subordinate_id = ? "
                                      "AND principal_id = ?"),
                       {subordinate.id, principal.id})
               .toInt() > 0;
}

void ModelTx::removeRelationsOf(const ApplicationRecord &app)
{
    m_sql.run(QStringLiteral("DELETE FROM relations WHERE subordinate_id = ? OR principal_id = ?"),
              {app.id, app.id});
    m_hasSubordinates.clear();
}

void ModelTx::removeRelation(const ApplicationRecord &subordinate,
                             const ApplicationRecord &principal)
{
    m_sql.run(QStringLiteral("DELETE FROM relations WHERE subordinate_id = ? AND principal_id = ?"),
              {subordinate.id, principal.id});
    m_hasSubordinates.remove(principal.id);
    logChange(QStringLiteral("relation"), subordinate.name + u' ' + principal.name,
              Change::Op::Removed);
}

void ModelTx::addRelation(const ApplicationRecord &subordinate, const ApplicationRecord &principal)
{
    m_sql.run(QStringLiteral("INSERT INTO relations (model_id, subordinate_id, principal_id) "
                             "VALUES (?, ?, ?)"),
              {m_model.id, subordinate.id, principal.id});
    m_hasSubordinates.remove(principal.id);
    logChange(QStringLiteral("relation"), subordinate.name + u' ' + principal.name,
              Change::Op::Added);
}

bool ModelTx::hasSubordinateRelations(qint64 applicationId)
{
    auto it = m_hasSubordinates.find(applicationId);
    if (it == m_hasSubordinates.end()) {
        const bool related =
            m_sql
                .scalar(QStringLiteral("SELECT count(*) FROM relations WHERE principal_id = ?"),
                        {applicationId})
                .toInt() > 0;
        it = m_hasSubordinates.insert(applicationId, related);
    }
    return *it;
}

void ModelTx::syncSubordinates(const MachineRecord &machine)
{
    syncSubordinates(machine, unitsOnMachine(machine.id));
}

qsizetype ModelTx::syncSubordinates(const MachineRecord &machine, const QList<UnitRecord> &units)
{
    const bool carriesSubordinates = std::any_of(units.cbegin(), units.cend(),
                                                 [](const UnitRecord &u) { return u.subordinate; });
    const bool principalsRelated =
        std::any_of(units.cbegin(), units.cend(), [&](const UnitRecord &u) {
            return !u.subordinate && hasSubordinateRelations(u.applicationId);
        });
    if (!carriesSubordinates && !principalsRelated)
        return 0;

    QList<Subordinates::Relation> relations;
    QSqlQuery &q = m_sql.run(
        QStringLiteral("SELECT subordinate_id, principal_id FROM relations WHERE principal_id IN "
                       "(SELECT application_id FROM units WHERE machine_id = ?)"),
        {machine.id});
    while (q.next())
        relations.append({q.value(0).toLongLong(), q.value(1).toLongLong()});
    q.finish();

    const Subordinates::Plan plan = Subordinates::plan(units, relations);
    for (const UnitRecord &gone : plan.remove) {
        m_sql.run(QStringLiteral("DELETE FROM units WHERE id = ?"), {gone.id});
        logChange(QStringLiteral("unit"), gone.name(), Change::Op::Removed);
    }
    for (const Subordinates::Plan::Follow &f : plan.follow) {
        m_sql.run(QStringLiteral("UPDATE units SET principal_id = ? WHERE id = ?"),
                  {f.principalId, f.unit.id});
        logChange(QStringLiteral("unit"), f.unit.name(), Change::Op::Changed);
    }
    for (const Subordinates::Plan::Add &a : plan.add) {
        const QString appName =
            m_sql
                .scalar(QStringLiteral("SELECT name FROM applications WHERE id = ?"),
                        {a.applicationId})
                .toString();
        const qint64 number = nextSequence(QStringLiteral("unit:") + appName);
        m_sql.run(QStringLiteral("INSERT INTO units (model_id, application_id, number, machine_id, "
                                 "principal_id, constraints, created_at) VALUES (?, ?, ?, ?, ?, "
                                 "'', ?)"),
                  {m_model.id, a.applicationId, number, machine.id, a.principalId, m_now});
        logChange(QStringLiteral("unit"), appName + u'/' + QString::number(number),
                  Change::Op::Added);
    }
    return plan.add.size() - plan.remove.size();
}

void ModelTx::removeUnit(const UnitRecord &unit)
{
    removeUnits({unit});
}

void ModelTx::removeUnits(const QList<UnitRecord> &units)
{
    // The units go first; then each machine they were on, once, is left as
    // removing them one at a time would leave it: its subordinates follow
    // the principals left, and a machine made for units goes when empty.
    QList<UnitRecord> distinct;
    QList<qint64> hostIds;
    QSet<qint64> seenUnits;
    QSet<qint64> seenHosts;
    for (const UnitRecord &u : units) {
        if (seenUnits.contains(u.id))
            continue;
        seenUnits.insert(u.id);
        distinct << u;
        if (u.machineId != 0 && !seenHosts.contains(u.machineId)) {
            seenHosts.insert(u.machineId);
            hostIds << u.machineId;
        }
    }
    forgetUnits(distinct);
    if (hostIds.isEmpty())
        return;

    // Each host as it is now, what is left on it, and its containers.
    QHash<qint64, MachineRecord> hosts;
    QHash<qint64, QList<UnitRecord>> left;
    QHash<qint64, std::pair<int, int>> children; // all, alive
    forIdBatches(hostIds, [&](const QString &condition, const QVariantList &ids) {
        QSqlQuery &machines =
            m_sql.run(QStringLiteral("SELECT ") + machineColumns +
                          QStringLiteral(" FROM machines m WHERE m.id") + condition,
                      ids);
        for (MachineRecord &m : collect<MachineRecord>(machines, machineFrom))
            hosts.insert(m.id, std::move(m));
        // Which hosts have units left first: a plain look-up, where most often none has.
        QSqlQuery &occupied = m_sql.run(
            QStringLiteral("SELECT DISTINCT machine_id FROM units WHERE machine_id") + condition,
            ids);
        QList<qint64> withUnits;
        while (occupied.next())
            withUnits << occupied.value(0).toLongLong();
        occupied.finish();
        for (const qint64 host : std::as_const(withUnits))
            left.insert(host, unitsOnMachine(host));
        QSqlQuery &counts = m_sql.run(
            QStringLiteral("SELECT parent_id, count(*), sum(CASE WHEN life = ? THEN 1 ELSE 0 END) "
                           "FROM machines WHERE parent_id") +
                condition + QStringLiteral(" GROUP BY parent_id"),
            QVariantList{MachineState::text(MachineState::Life::Alive)} + ids);
        while (counts.next())
            children.insert(counts.value(0).toLongLong(),
                            {counts.value(1).toInt(), counts.value(2).toInt()});
        counts.finish();
    });

    QList<qint64> gone;    // never provisioned, now empty: deleted together
    QList<qint64> parents; // hosts of retired containers, looked at after
    for (const qint64 id : std::as_const(hostIds)) {
        const auto host = hosts.constFind(id);
        if (host == hosts.cend())
            continue;
        const qsizetype remaining = left.value(id).size() + syncSubordinates(*host, left.value(id));
        const auto [all, alive] = children.value(id);
        // As retireIfEmpty() and retireMachine() decide for one.
        if (!host->forUnit || !host->state.isAlive() || remaining > 0 || alive > 0)
            continue;
        if (host->neverProvisioned() && all == 0) {
            gone << id;
            logChange(QStringLiteral("machine"), host->name, Change::Op::Removed);
        } else {
            const MachineState next =
                moved(*host, MachineState::Move::MarkDead, QStringLiteral("removed by the user"));
            m_sql.run(QStringLiteral("UPDATE machines SET life = ? WHERE id = ?"),
                      {MachineState::text(next.life), id});
        }
        if (host->parentId != 0)
            parents << host->parentId;
    }
    forIdBatches(gone, [&](const QString &condition, const QVariantList &ids) {
        m_sql.run(QStringLiteral("DELETE FROM machines WHERE id") + condition, ids);
    });
    for (const qint64 parent : std::as_const(parents))
        retireIfEmpty(parent);
}

void ModelTx::forgetUnit(const UnitRecord &unit)
{
    forgetUnits({unit});
}

void ModelTx::forgetUnits(const QList<UnitRecord> &units)
{
    // The server checks each deleted row's references: with many, reusing plans.
    if (units.size() > 1)
        m_sql.reusePlansInTransaction();
    QList<qint64> ids;
    for (const UnitRecord &u : units) {
        ids << u.id;
        logChange(QStringLiteral("unit"), u.name(), Change::Op::Removed);
    }
    forIdBatches(ids, [&](const QString &condition, const QVariantList &batch) {
        m_sql.run(QStringLiteral("DELETE FROM units WHERE id") + condition, batch);
    });
}

void ModelTx::forgetMachine(const MachineRecord &machine)
{
    if (!machine.state.isDead())
        throw BerthError(ModelTx::tr("machine %1 is %2, not dead: it cannot be forgotten")
                             .arg(machine.name, MachineState::label(machine.state.life)));
    m_sql.run(QStringLiteral("DELETE FROM units WHERE machine_id = ?"), {machine.id});
    m_sql.run(QStringLiteral("DELETE FROM machines WHERE id = ?"), {machine.id});
    logChange(QStringLiteral("machine"), machine.name, Change::Op::Removed);
}

void ModelTx::retireIfEmpty(qint64 machineId)
{
    QSqlQuery &q = m_sql.run(QStringLiteral("SELECT ") + machineColumns +
                                 QStringLiteral(" FROM machines m WHERE m.id = ?"),
                             {machineId});
    const auto rows = collect<MachineRecord>(q, machineFrom);
    if (rows.isEmpty())
        return;
    const MachineRecord &m = rows.first();
    if (!m.forUnit || !m.state.isAlive())
        return;
    const int units =
        m_sql.scalar(QStringLiteral("SELECT count(*) FROM units WHERE machine_id = ?"), {m.id})
            .toInt();
    const int aliveChildren =
        m_sql
            .scalar(QStringLiteral("SELECT count(*) FROM machines WHERE parent_id = ? AND "
                                   "life = ?"),
                    {m.id, MachineState::text(MachineState::Life::Alive)})
            .toInt();
    if (units == 0 && aliveChildren == 0)
        retireMachine(m);
}

void ModelTx::retireMachine(const MachineRecord &machine)
{
    const bool hasChildren =
        m_sql
            .scalar(QStringLiteral("SELECT count(*) FROM machines WHERE parent_id = ?"),
                    {machine.id})
            .toInt() > 0;
    if (machine.neverProvisioned() && !hasChildren) {
        m_sql.run(QStringLiteral("DELETE FROM machines WHERE id = ?"), {machine.id});
        logChange(QStringLiteral("machine"), machine.name, Change::Op::Removed);
    } else if (machine.state.isAlive()) {
        const MachineState next =
            moved(machine, MachineState::Move::MarkDead, QStringLiteral("removed by the user"));
        m_sql.run(QStringLiteral("UPDATE machines SET life = ? WHERE id = ?"),
                  {MachineState::text(next.life), machine.id});
    }
    if (machine.parentId != 0)
        retireIfEmpty(machine.parentId);
}

void ModelTx::beginDestroy()
{
    for (const char *table : {"staged_changes", "relations", "units", "applications"}) {
        m_sql.run(QStringLiteral("DELETE FROM %1 WHERE model_id = ?").arg(QLatin1String(table)),
                  {m_model.id});
    }
    QSqlQuery &q = m_sql.run(QStringLiteral("SELECT ") + machineColumns +
                                 QStringLiteral(" FROM machines m WHERE m.model_id = ?"),
                             {m_model.id});
    QList<MachineRecord> machines = collect<MachineRecord>(q, machineFrom);
    // Each machine retired as retireMachine() would, in a few statements for
    // all of them: containers before their hosts, so that a host never
    // provisioned can go once its containers have.
    QHash<qint64, int> childrenOf; // dead ones too, as retireMachine() counts
    for (const MachineRecord &m : std::as_const(machines)) {
        if (m.parentId != 0)
            ++childrenOf[m.parentId];
    }
    std::stable_sort(machines.begin(), machines.end(),
                     [](const MachineRecord &a, const MachineRecord &b) {
                         return a.name.count(u'/') > b.name.count(u'/');
                     });
    QList<qint64> gone;
    for (const MachineRecord &m : std::as_const(machines)) {
        if (!m.state.isAlive())
            continue;
        if (m.neverProvisioned() && childrenOf.value(m.id) == 0) {
            gone << m.id;
            logChange(QStringLiteral("machine"), m.name, Change::Op::Removed);
            if (m.parentId != 0)
                --childrenOf[m.parentId];
            continue;
        }
        const MachineState next =
            moved(m, MachineState::Move::MarkDead, QStringLiteral("removed by the user"));
        m_sql.run(QStringLiteral("UPDATE machines SET life = ? WHERE id = ?"),
                  {MachineState::text(next.life), m.id});
    }
    m_sql.reusePlansInTransaction(); // the server checks each deleted row's references
    forIdBatches(gone, [&](const QString &condition, const QVariantList &ids) {
        m_sql.run(QStringLiteral("DELETE FROM machines WHERE id") + condition, ids);
    });
    m_sql.run(QStringLiteral("UPDATE models SET life = 'dying' WHERE id = ?"), {m_model.id});
    m_model.dying = true;
    logChange(QStringLiteral("model"), m_model.name, Change::Op::Changed);
}

bool ModelTx::removeIfDestroyed()
{
    if (!m_model.dying ||
        m_sql.scalar(QStringLiteral("SELECT count(*) FROM machines WHERE model_id = ?"),
                     {m_model.id})
                .toInt() > 0)
        return false;
    m_sql.run(QStringLiteral("DELETE FROM models WHERE id = ?"), {m_model.id});
    m_sequences.clear(); // they went with it
    logChange(QStringLiteral("model"), m_model.name, Change::Op::Removed);
    return true;
}

MachineState ModelTx::moved(const MachineRecord &machine, MachineState::Move move,
                            const QString &message)
{
    const MachineState next = machine.state.after(move, machine.name);
    // Kept in the source language, as every message the store holds: berthctl
    // and windows in other languages read the same rows.
    m_sql.run(QStringLiteral("INSERT INTO machine_status_log (machine_id, at, life, "
                             "machine_status, instance_status, message) VALUES (?, ?, ?, ?, ?, ?)"),
              {machine.id, m_now, MachineState::text(next.life), MachineState::text(next.status),
               MachineState::text(next.instance), message});
    logChange(QStringLiteral("machine"), machine.name, Change::Op::Changed);
    return next;
}

QList<StatusLogEntry> ModelTx::statusLog(const MachineRecord &machine)
{
    QSqlQuery &q = m_sql.run(QStringLiteral("SELECT at, life, machine_status, instance_status, "
                                            "message FROM machine_status_log WHERE machine_id = ? "
                                            "ORDER BY id"),
                             {machine.id});
    QList<StatusLogEntry> entries;
    while (q.next()) {
        const auto life = MachineState::lifeFrom(q.value(1).toString());
        const auto status = MachineState::statusFrom(q.value(2).toString());
        const auto instance = MachineState::instanceStatusFrom(q.value(3).toString());
        if (!life || !status || !instance)
            continue; // written by a newer Berth: its words are not ours to show
        entries.append(
            {q.value(0).toLongLong(), {*life, *status, *instance}, q.value(4).toString()});
    }
    q.finish();
    return entries;
}

void ModelTx::recordStart(const MachineRecord &machine, const QString &nonce,
                          const QString &message)
{
    const MachineState next = moved(machine, MachineState::Move::RecordStart, message);
    m_sql.run(QStringLiteral("UPDATE machines SET instance_status = ?, instance_message = ?, "
                             "nonce = ? WHERE id = ?"),
              {MachineState::text(next.instance), message, nonce, machine.id});
}

void ModelTx::recordInstance(const MachineRecord &machine, const InstanceInfo &instance)
{
    const MachineState next = moved(machine, MachineState::Move::RecordInstance,
                                    QStringLiteral("instance %1 (%2) in %3")
                                        .arg(instance.id, instance.instanceType, instance.zone));
    m_sql.run(QStringLiteral("UPDATE machines SET instance_id = ?, instance_type = ?, "
                             "hardware = ?, region = ?, zone = ?, machine_status = ?, "
                             "machine_message = '', instance_status = ?, instance_message = '', "
                             "attempts = 0, retry_at = 0 WHERE id = ?"),
              {instance.id, instance.instanceType, instance.hardware, instance.region,
               instance.zone, MachineState::text(next.status), MachineState::text(next.instance),
               machine.id});
}

void ModelTx::forgetStart(const MachineRecord &machine, const QString &message)
{
    const MachineState next = moved(machine, MachineState::Move::ForgetStart, message);
    m_sql.run(QStringLiteral("UPDATE machines SET instance_status = ?, instance_message = ? "
                             "WHERE id = ?"),
              {MachineState::text(next.instance), message, machine.id});
}

void ModelTx::recordRetry(const MachineRecord &machine, int attempts, qint64 retryAt,
                          const QString &message)
{
    const MachineState next = moved(machine, MachineState::Move::RecordRetry, message);
    m_sql.run(QStringLiteral("UPDATE machines SET instance_status = ?, instance_message = ?, "
                             "attempts = ?, retry_at = ? WHERE id = ?"),
              {MachineState::text(next.instance), message, attempts, retryAt, machine.id});
}

void ModelTx::recordError(const MachineRecord &machine, int attempts, const QString &message)
{
    const MachineState next = moved(machine, MachineState::Move::RecordError, message);
    m_sql.run(QStringLiteral("UPDATE machines SET machine_status = ?, machine_message = ?, "
                             "instance_status = ?, instance_message = ?, instance_id = '', "
                             "attempts = ? WHERE id = ?"),
              {MachineState::text(next.status), message, MachineState::text(next.instance), message,
               attempts, machine.id});
}

void ModelTx::resetForRetry(const MachineRecord &machine, const QString &constraints)
{
    const MachineState next =
        moved(machine, MachineState::Move::ResetForRetry, QStringLiteral("retry requested"));
    m_sql.run(QStringLiteral("UPDATE machines SET machine_status = ?, machine_message = '', "
                             "instance_status = ?, instance_message = '', attempts = 0, "
                             "retry_at = 0, constraints = ? WHERE id = ?"),
              {MachineState::text(next.status), MachineState::text(next.instance), constraints,
               machine.id});
}

void ModelTx::enlistHost(const MachineRecord &machine, const QString &instanceId,
                         const QString &hardware, const QString &message)
{
    const MachineState next = moved(machine, MachineState::Move::EnlistHost, message);
    m_sql.run(QStringLiteral("UPDATE machines SET instance_id = ?, hardware = ?, "
                             "machine_status = ?, machine_message = '', instance_status = ?, "
                             "instance_message = ? WHERE id = ?"),
              {instanceId, hardware, MachineState::text(next.status),
               MachineState::text(next.instance), message, machine.id});
}

void ModelTx::holdForHost(const MachineRecord &machine, const QString &message)
{
    const MachineState next = moved(machine, MachineState::Move::HoldForHost, message);
    m_sql.run(QStringLiteral("UPDATE machines SET machine_status = ?, machine_message = ? "
                             "WHERE id = ?"),
              {MachineState::text(next.status), message, machine.id});
}

QStringList ModelTx::machineNames(const QString &condition, const QVariant &value)
{
    QSqlQuery &q = m_sql.run(QStringLiteral("SELECT name FROM machines WHERE model_id = ? AND ") +
                                 condition + QStringLiteral(" ORDER BY id"),
                             {m_model.id, value});
    QStringList names;
    while (q.next())
        names << q.value(0).toString();
    q.finish();
    return names;
}

QStringList ModelTx::machinesInError()
{
    return machineNames(QStringLiteral("machine_status = ?"),
                        MachineState::text(MachineState::Status::Error));
}

QStringList ModelTx::startsWithoutInstance()
{
    return machineNames(QStringLiteral("instance_id = '' AND instance_status = ?"),
                        MachineState::text(MachineState::InstanceStatus::Provisioning));
}

void ModelTx::logChange(const QString &kind, const QString &name, Change::Op op)
{
    Change change;
    change.kind = kind;
    change.name = name;
    change.op = op;
    m_changes.append(std::move(change));
}

// Many rows a statement: on PostgreSQL each statement is a round trip, and a
// large command logs two changes a unit.
void ModelTx::writeChanges()
{
    QList<QVariantList> rows;
    rows.reserve(m_changes.size());
    for (const Change &change : std::as_const(m_changes))
        rows << QVariantList{m_model.id, change.kind, change.name, Change::opName(change.op)};
    insertBatched(m_sql, QStringLiteral("changes"),
                  {{"model_id", "bigint"}, {"kind", "text"}, {"name", "text"}, {"op", "text"}},
                  rows);
    m_changes.clear();
}

void ModelTx::finish()
{
    for (auto it = m_sequences.cbegin(); it != m_sequences.cend(); ++it) {
        m_sql.run(QStringLiteral("INSERT INTO sequences (model_id, name, value) VALUES (?, ?, ?) "
                                 "ON CONFLICT (model_id, name) DO UPDATE SET value = "
                                 "excluded.value"),
                  {m_model.id, it.key(), it.value()});
    }
    m_sequences.clear();
    writeChanges();
}

} // namespace berth
