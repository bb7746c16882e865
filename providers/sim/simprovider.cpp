#include "providers/sim/simprovider.h"

#include "core/cloud/instancetags.h"

#include "core/bertherror.h"
#include "core/cloud/instancetypechooser.h"
#include "core/inputlimits.h"
#include "core/model/modelconfig.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStandardPaths>

#include <sqlite3.h>

#include <thread>

namespace berth {

namespace {

// A prepared statement that finalizes itself.
class Statement
{
public:
    Statement(sqlite3 *db, const char *sql)
        : m_db(db)
    {
        if (sqlite3_prepare_v2(db, sql, -1, &m_stmt, nullptr) != SQLITE_OK)
            throw BerthError(QStringLiteral("sim state: ") + QString::fromUtf8(sqlite3_errmsg(db)));
    }
    ~Statement() { sqlite3_finalize(m_stmt); }
    Statement(const Statement &) = delete;
    Statement &operator=(const Statement &) = delete;

    Statement &bind(int i, const QString &text)
    {
        const QByteArray utf8 = text.toUtf8();
        sqlite3_bind_text(m_stmt, i, utf8.constData(), int(utf8.size()), SQLITE_TRANSIENT);
        return *this;
    }
    Statement &bind(int i, qint64 n)
    {
        sqlite3_bind_int64(m_stmt, i, n);
        return *this;
    }
    bool step()
    {
        const int rc = sqlite3_step(m_stmt);
        if (rc == SQLITE_ROW)
            return true;
        if (rc != SQLITE_DONE)
            throw BerthError(QStringLiteral("sim state: ") +
                             QString::fromUtf8(sqlite3_errmsg(m_db)));
        return false;
    }
    QString text(int column) const
    {
        return QString::fromUtf8(
            reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, column)));
    }
    qint64 integer(int column) const { return sqlite3_column_int64(m_stmt, column); }

private:
    sqlite3 *m_db;
    sqlite3_stmt *m_stmt = nullptr;
};

QString hardwareOf(const InstanceType &t)
{
    return QStringLiteral("arch=%1 cores=%2 mem=%3 root-disk=%4")
        .arg(t.arch)
        .arg(t.cores)
        .arg(formatMiB(t.memMiB), formatMiB(t.rootDiskMiB));
}

QString tagsJson(const QMap<QString, QString> &tags)
{
    QJsonObject o;
    for (auto it = tags.cbegin(); it != tags.cend(); ++it)
        o.insert(it.key(), it.value());
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QMap<QString, QString> tagsFrom(const QString &json)
{
    QMap<QString, QString> tags;
    const QJsonObject o = QJsonDocument::fromJson(json.toUtf8()).object();
    for (auto it = o.begin(); it != o.end(); ++it)
        tags.insert(it.key(), it.value().toString());
    return tags;
}

quint64 splitmix64(quint64 x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

// A tag's value in an instance's tags, as SQL (the tag names are Berth's own
// constants): an index on it serves only a query that names the same path.
QByteArray tagValue(const QString &tag)
{
    return QStringLiteral("json_extract(tags, '$.\"%1\"')").arg(tag).toUtf8();
}

} // namespace

QString SimProvider::defaultStateFile(const QString &cloudName)
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           QStringLiteral("/berth/sim/") + cloudName + QStringLiteral(".sqlite");
}

QString SimProvider::checkConfig(const QString &key, const QString &value)
{
    const auto bad = [&](const QString &expected) {
        return BerthError(
            QStringLiteral("bad value \"%1\" for sim config \"%2\": %3").arg(value, key, expected));
    };
    if (key == u"latency-ms" || key == u"zone-capacity") {
        const auto n = Limits::parseInteger(value);
        if (!n || *n < 0 || *n > 600'000)
            throw bad(QStringLiteral("expected a whole number from 0 to 600000"));
        return QString::number(*n);
    }
    if (key == u"seed") {
        const auto n = Limits::parseInteger(value);
        if (!n || *n < 0)
            throw bad(QStringLiteral("expected a non-negative whole number"));
        return QString::number(*n);
    }
    if (key == u"fault-rate") {
        const auto rate = Limits::parseNumber(value); // no "nan" or "inf"
        if (!rate || *rate < 0 || *rate > 1)
            throw bad(QStringLiteral("expected a number from 0 to 1"));
        return value;
    }
    if (key == u"fault-kind") {
        if (value != u"transient" && value != u"zone" && value != u"permanent")
            throw bad(QStringLiteral("expected transient, zone or permanent"));
        return value;
    }
    if (key == u"zone-outage") {
        const CloudInfo info = SimCloud::describe();
        QStringList all;
        for (const RegionInfo &r : info.regions)
            all += r.zoneNames();
        for (const QString &zone : value.split(u',', Qt::SkipEmptyParts)) {
            if (!all.contains(zone))
                throw bad(QStringLiteral("unknown zone \"%1\"; expected zones such as %2")
                              .arg(zone, all.mid(0, 3).join(QStringLiteral(", "))));
        }
        return value;
    }
    if (key == u"state-file") {
        if (value.isEmpty())
            throw bad(QStringLiteral("expected a file path"));
        return QFileInfo(value).absoluteFilePath();
    }
    if (key == u"metal-pool") {
        SimCloud::loadPool(value); // throws with the reason
        return QFileInfo(value).absoluteFilePath();
    }
    if (key == u"access-key-sha256") {
        // What the cloud checks keys against; the key itself is a secret and stays out.
        static const QRegularExpression hex(QStringLiteral("^[0-9a-f]{64}\\z"));
        if (!hex.match(value).hasMatch())
            throw bad(QStringLiteral("expected the SHA-256 of the access key, 64 hex digits"));
        return value;
    }
    throw BerthError(QStringLiteral("unknown sim config key \"%1\"; valid keys are: %2")
                         .arg(key, configKeys().join(QStringLiteral(", "))));
}

QHash<QString, QString> SimProvider::meanings()
{
    return {
        {QStringLiteral("access-key-sha256"),
         QString::fromUtf8(QT_TRANSLATE_NOOP(
             "ProviderSettings",
             "The SHA-256 of the access key the cloud accepts (64 hex digits); empty: any key"))},
        {QStringLiteral("fault-kind"),
         QString::fromUtf8(QT_TRANSLATE_NOOP(
             "ProviderSettings",
             "How a drawn fault fails a start: transient (tried again), zone (the zone "
             "refuses) or permanent"))},
        {QStringLiteral("fault-rate"),
         QString::fromUtf8(
             QT_TRANSLATE_NOOP("ProviderSettings",
                               "The share of starts that fail, a number from 0 to 1 (default 0)"))},
        {QStringLiteral("latency-ms"),
         QString::fromUtf8(QT_TRANSLATE_NOOP(
             "ProviderSettings",
             "How long each cloud call takes, in milliseconds from 0 to 600000"))},
        {QStringLiteral("metal-pool"),
         QString::fromUtf8(QT_TRANSLATE_NOOP(
             "ProviderSettings", "A file listing the bare-metal nodes of the sim-metal region"))},
        {QStringLiteral("seed"),
         QString::fromUtf8(QT_TRANSLATE_NOOP("ProviderSettings",
                                             "The seed faults are drawn with, a non-negative "
                                             "whole number (the same seed, the same faults)"))},
        {QStringLiteral("state-file"),
         QString::fromUtf8(QT_TRANSLATE_NOOP("ProviderSettings",
                                             "The file the sim cloud keeps its instances in"))},
        {QStringLiteral("zone-capacity"),
         QString::fromUtf8(QT_TRANSLATE_NOOP(
             "ProviderSettings",
             "How many instances a zone holds before it refuses more, 0 to 600000 (0: no limit)"))},
        {QStringLiteral("zone-outage"),
         QString::fromUtf8(QT_TRANSLATE_NOOP(
             "ProviderSettings",
             "Zones that refuse every start, separated by commas (e.g. sim-west-b)"))},
        {QStringLiteral("access-key"),
         QString::fromUtf8(
             QT_TRANSLATE_NOOP("ProviderSettings", "The access key Berth presents to the cloud"))},
    };
}

QStringList SimProvider::configKeys()
{
    return {QStringLiteral("access-key-sha256"), QStringLiteral("fault-kind"),
            QStringLiteral("fault-rate"),        QStringLiteral("latency-ms"),
            QStringLiteral("metal-pool"),        QStringLiteral("seed"),
            QStringLiteral("state-file"),        QStringLiteral("zone-capacity"),
            QStringLiteral("zone-outage")};
}

ProviderError SimProvider::checkAccess() const
{
    const QString expected = m_account.config.value(QStringLiteral("access-key-sha256"));
    if (expected.isEmpty())
        return {};
    const QByteArray key = m_account.secrets.value(QStringLiteral("access-key"));
    if (QString::fromLatin1(QCryptographicHash::hash(key, QCryptographicHash::Sha256).toHex()) ==
        expected)
        return {};
    return ProviderError::failed(
        ProviderError::Kind::Auth,
        key.isEmpty()
            ? QStringLiteral("sim cloud %1 needs an access key; none is set").arg(m_account.name)
            : QStringLiteral("sim cloud %1 refused the access key").arg(m_account.name));
}

SimProvider::SimProvider(const CloudAccount &account)
    : m_account(account)
{
    const auto &c = account.config;
    m_latencyMs = c.value(QStringLiteral("latency-ms"), QStringLiteral("0")).toInt();
    m_faultRate = c.value(QStringLiteral("fault-rate"), QStringLiteral("0")).toDouble();
    m_faultKind = c.value(QStringLiteral("fault-kind"), QStringLiteral("transient"));
    m_zoneOutage = c.value(QStringLiteral("zone-outage")).split(u',', Qt::SkipEmptyParts);
    m_zoneCapacity = c.value(QStringLiteral("zone-capacity"), QStringLiteral("0")).toInt();
    m_seed = c.value(QStringLiteral("seed"), QStringLiteral("0")).toULongLong();
    const QString poolFile = c.value(QStringLiteral("metal-pool"));
    m_pool = poolFile.isEmpty() ? SimCloud::defaultPool() : SimCloud::loadPool(poolFile);
    m_info = SimCloud::describe(m_pool);
    m_info.name = account.name;

    const QString path = c.value(QStringLiteral("state-file"), defaultStateFile(account.name));
    QDir().mkpath(QFileInfo(path).absolutePath());
    if (sqlite3_open_v2(path.toUtf8().constData(), &m_db,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                        nullptr) != SQLITE_OK) {
        const QString message = QString::fromUtf8(sqlite3_errmsg(m_db));
        sqlite3_close(m_db);
        m_db = nullptr;
        throw BerthError(
            QStringLiteral("cannot open sim state file \"%1\": %2").arg(path, message));
    }
    sqlite3_busy_timeout(m_db, 30'000);
    exec("PRAGMA journal_mode=WAL");
    exec("PRAGMA synchronous=NORMAL");
    // The cloud's state is the cloud's to write back: a client that ends does
    // not wait for its checkpoint (two syncs of the disk), which the cloud
    // makes in its own time (SQLite's, once the log holds 1,000 pages).
    sqlite3_db_config(m_db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
    exec("CREATE TABLE IF NOT EXISTS instances (id TEXT PRIMARY KEY, region TEXT NOT NULL, "
         "zone TEXT NOT NULL, type TEXT NOT NULL, hardware TEXT NOT NULL, state TEXT NOT NULL, "
         "tags TEXT NOT NULL, host TEXT NOT NULL DEFAULT '', node TEXT NOT NULL DEFAULT '', "
         "created_at INTEGER NOT NULL)");
    exec("CREATE UNIQUE INDEX IF NOT EXISTS instances_node ON instances(node) WHERE node <> ''");
    exec("CREATE INDEX IF NOT EXISTS instances_zone ON instances(zone)");
    // A start asks for the instance of its machine: not a scan of them all.
    const QByteArray byMachine = "CREATE INDEX IF NOT EXISTS instances_machine ON instances(" +
                                 tagValue(InstanceTags::machine) + ", " +
                                 tagValue(InstanceTags::model) + ")";
    exec(byMachine.constData());
    exec("CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL)");
}

SimProvider::~SimProvider()
{
    sqlite3_close(m_db);
}

void SimProvider::exec(const char *sql)
{
    char *message = nullptr;
    if (sqlite3_exec(m_db, sql, nullptr, nullptr, &message) != SQLITE_OK) {
        const QString text = QString::fromUtf8(message);
        sqlite3_free(message);
        throw BerthError(QStringLiteral("sim state: ") + text);
    }
}

SimProvider::Wire::Wire(int latencyMs)
    : m_answered(std::chrono::steady_clock::now() + std::chrono::milliseconds(latencyMs))
{
    if (latencyMs > 0)
        std::this_thread::sleep_for(std::chrono::milliseconds(latencyMs / 2));
}

SimProvider::Wire::~Wire()
{
    std::this_thread::sleep_until(m_answered);
}

QString SimProvider::nextId(const char *prefix)
{
    Statement bump(m_db, "INSERT INTO counters (name, value) VALUES (?, 1) ON CONFLICT (name) DO "
                         "UPDATE SET value = value + 1 RETURNING value");
    bump.bind(1, QString::fromLatin1(prefix));
    bump.step();
    return QString::fromLatin1(prefix) +
           QStringLiteral("-%1").arg(bump.integer(0), 6, 16, QLatin1Char('0'));
}

bool SimProvider::drawFault()
{
    if (m_faultRate <= 0)
        return false;
    Statement bump(m_db, "INSERT INTO counters (name, value) VALUES ('fault-draw', 1) ON CONFLICT "
                         "(name) DO UPDATE SET value = value + 1 RETURNING value");
    bump.step();
    const quint64 draw = splitmix64(m_seed * 0x100000001b3ULL + quint64(bump.integer(0)));
    return double(draw >> 11) / double(1ULL << 53) < m_faultRate;
}

QString SimProvider::precheckPlacement(const QString &region, const QString &placement) const
{
    const RegionInfo *r = m_info.region(region);
    if (!r)
        return QStringLiteral("region \"%1\" not found in cloud %2").arg(region, m_info.name);
    QString node = placement;
    if (node.startsWith(QStringLiteral("system-id=")))
        node = node.mid(10);
    if (!r->nodeNames.contains(node))
        return QStringLiteral("%1 has no node named \"%2\"").arg(region, node);
    return {};
}

QString SimProvider::instanceOfMachine(const QMap<QString, QString> &tags)
{
    const QString model = tags.value(InstanceTags::model);
    const QString machine = tags.value(InstanceTags::machine);
    if (model.isEmpty() || machine.isEmpty())
        return {};
    static const QByteArray sql = "SELECT id FROM instances WHERE " +
                                  tagValue(InstanceTags::machine) + " = ? AND " +
                                  tagValue(InstanceTags::model) + " = ?";
    Statement q(m_db, sql.constData());
    q.bind(1, machine).bind(2, model);
    return q.step() ? q.text(0) : QString();
}

StartResult SimProvider::startInstance(const StartRequest &request)
{
    const Wire wire(m_latencyMs);
    if (const ProviderError denied = checkAccess(); !denied.ok()) {
        StartResult refused;
        refused.error = denied;
        return refused;
    }
    QMutexLocker lock(&m_mutex);
    try {
        exec("BEGIN IMMEDIATE");
        StartResult result;
        const RegionInfo *region = m_info.region(request.region);
        // A provisioner that was suspended mid-call (its lease lost, another
        // one started the machine meanwhile) is refused a second instance.
        const QString running = instanceOfMachine(request.tags);
        if (!running.isEmpty()) {
            result.error = ProviderError::failed(
                ProviderError::Kind::Permanent,
                QStringLiteral("machine %1 already has instance %2; not starting another")
                    .arg(request.tags.value(InstanceTags::machine), running));
        } else if (!region) {
            result.error = ProviderError::failed(
                ProviderError::Kind::Permanent,
                QStringLiteral("region \"%1\" not found").arg(request.region));
        } else if (drawFault()) {
            result.error = drawnFault(request);
        } else if (!region->nodeNames.isEmpty()) {
            result = startMetal(request);
        } else {
            result = startVirtual(request, *region);
        }
        exec("COMMIT");
        return result;
    } catch (const BerthError &e) {
        sqlite3_exec(m_db, "ROLLBACK", nullptr, nullptr, nullptr);
        return {{}, ProviderError::failed(ProviderError::Kind::Transient, e.message())};
    }
}

ProviderError SimProvider::drawnFault(const StartRequest &request) const
{
    // A missing image is not there on a retry either: not retryable, as a real
    // cloud's "image not found" is.
    const auto kind = m_faultKind == u"zone"        ? ProviderError::Kind::ZoneConstrained
                      : m_faultKind == u"permanent" ? ProviderError::Kind::NotFound
                                                    : ProviderError::Kind::Transient;
    return ProviderError::failed(kind,
                                 m_faultKind == u"permanent"
                                     ? QStringLiteral("image for %1 not found").arg(request.base)
                                     : QStringLiteral("simulated %1 fault").arg(m_faultKind));
}

ProviderError SimProvider::zoneRefusal(const QString &zone)
{
    if (m_zoneOutage.contains(zone))
        return ProviderError::failed(ProviderError::Kind::ZoneConstrained,
                                     QStringLiteral("zone %1 is unavailable").arg(zone));
    if (m_zoneCapacity > 0) {
        Statement count(m_db, "SELECT count(*) FROM instances WHERE zone = ? AND host = ''");
        count.bind(1, zone);
        count.step();
        if (count.integer(0) >= m_zoneCapacity) {
            return ProviderError::failed(ProviderError::Kind::ZoneConstrained,
                                         QStringLiteral("zone %1 has no capacity left (%2 "
                                                        "instances)")
                                             .arg(zone)
                                             .arg(m_zoneCapacity));
        }
    }
    return {};
}

StartResult SimProvider::startVirtual(const StartRequest &request, const RegionInfo &region)
{
    StartResult result;
    InstanceType type = request.type;
    QString zone = request.zone;
    QString host;
    if (!request.hostInstanceId.isEmpty()) {
        Statement q(m_db, "SELECT zone FROM instances WHERE id = ? AND host = ''");
        q.bind(1, request.hostInstanceId);
        if (!q.step()) {
            result.error = ProviderError::failed(
                ProviderError::Kind::Permanent,
                QStringLiteral("host instance %1 not found").arg(request.hostInstanceId));
            return result;
        }
        zone = q.text(0);
        host = request.hostInstanceId;
        type.virtType = QStringLiteral("container");
    } else {
        if (zone.isEmpty() && !region.zones.isEmpty())
            zone = region.zones.first().name;
        result.error = zoneRefusal(zone);
        if (!result.ok())
            return result;
    }
    result.instance.id = nextId(host.isEmpty() ? "i" : "c");
    result.instance.state = QStringLiteral("running");
    result.instance.region = request.region;
    result.instance.zone = zone;
    result.instance.instanceType = host.isEmpty() ? type.name : QStringLiteral("container");
    result.instance.hardware = hardwareOf(type);
    result.instance.tags = request.tags;
    Statement insert(m_db, "INSERT INTO instances (id, region, zone, type, hardware, "
                           "state, tags, host, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert.bind(1, result.instance.id)
        .bind(2, request.region)
        .bind(3, zone)
        .bind(4, result.instance.instanceType)
        .bind(5, result.instance.hardware)
        .bind(6, result.instance.state)
        .bind(7, tagsJson(request.tags))
        .bind(8, host)
        .bind(9, QDateTime::currentMSecsSinceEpoch());
    insert.step();
    return result;
}

StartResult SimProvider::startMetal(const StartRequest &request)
{
    StartResult result;
    QSet<QString> acquired;
    Statement taken(m_db, "SELECT node FROM instances WHERE node <> ''");
    while (taken.step())
        acquired.insert(taken.text(0));

    QString named = request.placement;
    if (named.startsWith(QStringLiteral("system-id=")))
        named = named.mid(10);
    RegionInfo free;
    free.name = request.region;
    free.supportsTags = true;
    QHash<QString, QString> zoneOf;
    for (const SimCloud::Node &node : m_pool) {
        zoneOf.insert(node.hostname, node.zone);
        if (acquired.contains(node.hostname))
            continue;
        if (!named.isEmpty() ? node.hostname == named
                             : (request.zone.isEmpty() || node.zone == request.zone))
            free.catalogue.append(node.hardware);
    }
    if (!named.isEmpty() && !zoneOf.contains(named)) {
        result.error = ProviderError::failed(
            ProviderError::Kind::Permanent,
            QStringLiteral("%1 has no node named \"%2\"").arg(request.region, named));
        return result;
    }
    if (!named.isEmpty() && free.catalogue.isEmpty()) {
        result.error =
            ProviderError::failed(ProviderError::Kind::Permanent,
                                  QStringLiteral("node %1 is already acquired").arg(named));
        return result;
    }
    const QString zone = named.isEmpty() ? request.zone : zoneOf.value(named);
    if (m_zoneOutage.contains(zone)) {
        result.error = ProviderError::failed(ProviderError::Kind::ZoneConstrained,
                                             QStringLiteral("zone %1 is unavailable").arg(zone));
        return result;
    }
    // The default arch follows the whole pool, not what happens to be free.
    Constraints constraints = request.constraints;
    const bool poolHasAmd64 =
        std::any_of(m_pool.cbegin(), m_pool.cend(),
                    [](const SimCloud::Node &n) { return n.hardware.arch == u"amd64"; });
    if (!constraints.hasValue(ConstraintKey::Arch) &&
        !constraints.hasValue(ConstraintKey::InstanceType) && poolHasAmd64) {
        ConstraintValue amd64;
        amd64.text = QStringLiteral("amd64");
        constraints.set(ConstraintKey::Arch, amd64);
    }
    InstanceTypeChooser::Choice choice;
    if (!named.isEmpty())
        choice.type = free.catalogue.first();
    else
        choice = InstanceTypeChooser(2048, true).choose(free, constraints);
    if (!choice.ok()) {
        result.error = ProviderError::failed(
            ProviderError::Kind::ZoneConstrained,
            QStringLiteral("no free node in %1 matches constraints \"%2\" (%3 of %4 "
                           "nodes in use)")
                .arg(zone.isEmpty() ? request.region : zone, request.constraints.toString())
                .arg(acquired.size())
                .arg(m_pool.size()));
        return result;
    }
    result.instance.id = nextId("m");
    result.instance.state = QStringLiteral("running");
    result.instance.region = request.region;
    result.instance.zone = zoneOf.value(choice.type.name);
    result.instance.instanceType = choice.type.name;
    result.instance.hardware = hardwareOf(choice.type);
    result.instance.tags = request.tags;
    Statement insert(m_db, "INSERT INTO instances (id, region, zone, type, hardware, state, tags, "
                           "node, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert.bind(1, result.instance.id)
        .bind(2, request.region)
        .bind(3, result.instance.zone)
        .bind(4, choice.type.name)
        .bind(5, result.instance.hardware)
        .bind(6, result.instance.state)
        .bind(7, tagsJson(request.tags))
        .bind(8, choice.type.name)
        .bind(9, QDateTime::currentMSecsSinceEpoch());
    insert.step();
    return result;
}

ProviderError SimProvider::stopInstances(const QString &region, const QStringList &ids)
{
    Q_UNUSED(region);
    const Wire wire(m_latencyMs);
    if (ProviderError denied = checkAccess(); !denied.ok())
        return denied;
    QMutexLocker lock(&m_mutex);
    try {
        exec("BEGIN IMMEDIATE");
        for (const QString &id : ids) {
            // Stopping a host takes its containers with it; a metal node is released.
            Statement remove(m_db, "DELETE FROM instances WHERE id = ? OR host = ?");
            remove.bind(1, id).bind(2, id);
            remove.step();
        }
        exec("COMMIT");
        return {};
    } catch (const BerthError &e) {
        sqlite3_exec(m_db, "ROLLBACK", nullptr, nullptr, nullptr);
        return ProviderError::failed(ProviderError::Kind::Transient, e.message());
    }
}

QList<InstanceInfo> SimProvider::listInstances(const QString &region,
                                               const QMap<QString, QString> &tags,
                                               ProviderError *listError)
{
    const Wire wire(m_latencyMs);
    if (const ProviderError denied = checkAccess(); !denied.ok()) {
        if (listError)
            *listError = denied;
        return {};
    }
    QMutexLocker lock(&m_mutex);
    QList<InstanceInfo> instances;
    try {
        Statement q(m_db, "SELECT id, region, zone, type, hardware, state, tags FROM instances "
                          "WHERE ?1 = '' OR region = ?1 ORDER BY id");
        q.bind(1, region);
        while (q.step()) {
            InstanceInfo info{q.text(0), q.text(5), q.text(1),          q.text(2),
                              q.text(3), q.text(4), tagsFrom(q.text(6))};
            bool matches = true;
            for (auto it = tags.cbegin(); it != tags.cend() && matches; ++it)
                matches = info.tags.value(it.key()) == it.value();
            if (matches)
                instances.append(info);
        }
    } catch (const BerthError &e) {
        if (listError)
            *listError = ProviderError::failed(ProviderError::Kind::Transient, e.message());
    }
    return instances;
}

} // namespace berth
