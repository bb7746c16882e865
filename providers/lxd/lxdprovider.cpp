#include "providers/lxd/lxdprovider.h"

#include "core/bertherror.h"
#include "core/cloud/configvalues.h"
#include "core/cloud/imagemap.h"
#include "core/cloud/instancetags.h"
#include "core/constraints/constraints.h"
#include "core/model/base.h"
#include "providers/tls/pinnedtls.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QRegularExpression>
#include <QThread>
#include <QUuid>

namespace berth {

namespace {

const QString userPrefix = QStringLiteral("user.");

const QRegularExpression &namePattern()
{
    static const QRegularExpression name(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}\\z"));
    return name;
}

bool isName(const QString &value)
{
    return namePattern().match(value).hasMatch();
}

QString encoded(const QString &name)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(name));
}

// LXD is still running another operation on the instance.
bool isBusy(const ProviderError &error)
{
    return error.message.contains(QStringLiteral("is busy running"), Qt::CaseInsensitive);
}

} // namespace

QHash<QString, QString> LxdProvider::meanings()
{
    return {
        {QStringLiteral("image-map"),
         QString::fromUtf8(QT_TRANSLATE_NOOP(
             "ProviderSettings",
             "Which image alias each base starts from: base=alias pairs separated by "
             "commas, e.g. ubuntu@22.04=jammy"))},
        {QStringLiteral("operation-timeout"),
         QString::fromUtf8(
             QT_TRANSLATE_NOOP("ProviderSettings",
                               "How long one LXD operation may take, in seconds from 1 to 86400"))},
        {QStringLiteral("profiles"),
         QString::fromUtf8(QT_TRANSLATE_NOOP(
             "ProviderSettings", "LXD profiles every container gets, separated by commas"))},
        {QStringLiteral("project"),
         QString::fromUtf8(
             QT_TRANSLATE_NOOP("ProviderSettings", "The LXD project the containers are made in"))},
        {QStringLiteral("region"),
         QString::fromUtf8(QT_TRANSLATE_NOOP("ProviderSettings",
                                             "The name Berth gives this LXD server as a region"))},
        {QStringLiteral("storage-pool"),
         QString::fromUtf8(QT_TRANSLATE_NOOP(
             "ProviderSettings", "The storage pool the containers' root disks are in"))},
        {QStringLiteral("client-cert"),
         QString::fromUtf8(
             QT_TRANSLATE_NOOP("ProviderSettings", "The client certificate Berth presents (PEM)"))},
        {QStringLiteral("client-key"),
         QString::fromUtf8(
             QT_TRANSLATE_NOOP("ProviderSettings", "The client certificate's private key (PEM)"))},
        {QStringLiteral("server-fingerprint"),
         QString::fromUtf8(QT_TRANSLATE_NOOP(
             "ProviderSettings",
             "The SHA-256 fingerprint of the server's certificate, pinned on first trust"))},
    };
}

QStringList LxdProvider::configKeys()
{
    return {QStringLiteral("image-map"), QStringLiteral("operation-timeout"),
            QStringLiteral("profiles"),  QStringLiteral("project"),
            QStringLiteral("region"),    QStringLiteral("storage-pool")};
}

QStringList LxdProvider::secretKeys()
{
    return {QStringLiteral("client-cert"), QStringLiteral("client-key"),
            QStringLiteral("server-fingerprint")};
}

QString LxdProvider::checkConfig(const QString &key, const QString &value)
{
    const auto bad = [&](const QString &expected) {
        return BerthError(
            QStringLiteral("bad value \"%1\" for lxd config \"%2\": %3").arg(value, key, expected));
    };
    if (key == u"region" || key == u"project" || key == u"storage-pool") {
        if (!isName(value))
            throw bad(QStringLiteral("expected a name of letters, digits, '-', '_' and '.'"));
        return value;
    }
    if (key == u"profiles") {
        if (const auto profiles = ConfigValues::nameList(value, namePattern()))
            return *profiles;
        throw bad(QStringLiteral("expected profile names separated by commas"));
    }
    if (key == u"operation-timeout") {
        if (const auto seconds = ConfigValues::seconds(value))
            return *seconds;
        throw bad(QStringLiteral("expected seconds from 1 to 86400"));
    }
    if (key == u"image-map") {
        if (const auto map = ImageMap::normalise(value))
            return *map;
        throw bad(QStringLiteral("expected base=image-alias pairs separated by commas, "
                                 "e.g. ubuntu@22.04=jammy,ubuntu@24.04=noble"));
    }
    throw BerthError(QStringLiteral("unknown lxd config key \"%1\"; valid keys are: %2")
                         .arg(key, configKeys().join(QStringLiteral(", "))));
}

QString LxdProvider::imageFor(const QString &base, const QString &imageMap)
{
    if (const QString mapped = ImageMap::imageOf(base, imageMap); !mapped.isEmpty())
        return mapped;
    if (!Base::parse(base).ok())
        return {};
    return base.section(u'@', 0, 0) + u'/' + base.section(u'@', 1).section(u'/', 0, 0);
}

quint64 LxdProvider::parseSizeMiB(const QString &text)
{
    static const QRegularExpression size(
        QStringLiteral("^([0-9]+)\\s*(B|kB|KB|MB|GB|TB|KiB|MiB|GiB|TiB)?\\z"));
    const auto match = size.match(text.trimmed());
    if (!match.hasMatch())
        return 0;
    static const QHash<QString, double> unit{
        {QString(), 1.0},
        {QStringLiteral("B"), 1.0},
        {QStringLiteral("kB"), 1e3},
        {QStringLiteral("KB"), 1e3},
        {QStringLiteral("MB"), 1e6},
        {QStringLiteral("GB"), 1e9},
        {QStringLiteral("TB"), 1e12},
        {QStringLiteral("KiB"), 1024.0},
        {QStringLiteral("MiB"), 1024.0 * 1024},
        {QStringLiteral("GiB"), 1024.0 * 1024 * 1024},
        {QStringLiteral("TiB"), 1024.0 * 1024 * 1024 * 1024},
    };
    const double bytes = match.captured(1).toDouble() * unit.value(match.captured(2));
    return quint64(bytes / (1024.0 * 1024.0));
}

quint64 LxdProvider::parseCpuLimit(const QString &text)
{
    bool ok = false;
    const quint64 count = text.toULongLong(&ok);
    if (ok)
        return count;
    quint64 total = 0;
    for (const QString &part : text.split(u',', Qt::SkipEmptyParts)) {
        const QStringList range = part.split(u'-');
        const int first = range.first().toInt();
        const int last = range.last().toInt();
        total += quint64(std::max(0, last - first + 1));
    }
    return total;
}

QString LxdProvider::instanceName(const QMap<QString, QString> &tags)
{
    const QString model = tags.value(InstanceTags::model).left(8);
    QString machine = tags.value(InstanceTags::machine);
    if (model.isEmpty() || machine.isEmpty())
        return QStringLiteral("berth-") + QUuid::createUuid().toString(QUuid::Id128).left(12);
    machine.replace(u'/', u'-');
    return QStringLiteral("berth-%1-%2").arg(model, machine);
}

LxdProvider::LxdProvider(const CloudAccount &account)
    : m_account(account)
{
    const QUrl url(account.endpoint);
    if (!url.isValid() || url.scheme() != u"https" || url.host().isEmpty()) {
        throw BerthError(QStringLiteral("lxd cloud %1: endpoint \"%2\" is not an https:// URL; "
                                        "expected e.g. --endpoint https://127.0.0.1:8443")
                             .arg(account.name, account.endpoint));
    }
    m_endpoint.url = url;
    m_endpoint.project = account.config.value(QStringLiteral("project"), QStringLiteral("default"));
    m_endpoint.timeoutMs =
        account.config.value(QStringLiteral("operation-timeout"), QStringLiteral("300")).toInt() *
        1000;
    m_region = account.config.value(QStringLiteral("region"), QStringLiteral("default"));

    const QByteArray cert = account.secrets.value(QStringLiteral("client-cert"));
    const QByteArray key = account.secrets.value(QStringLiteral("client-key"));
    const QString pin =
        QString::fromUtf8(account.secrets.value(QStringLiteral("server-fingerprint"))).trimmed();
    m_endpoint.clientCert = cert;
    m_endpoint.clientKey = key;
    m_endpoint.pinnedSha256 = PinnedTls::normaliseFingerprint(pin);
    ProviderError noClient;
    const std::unique_ptr<HttpsClient> client = HttpsClient::open(&noClient);
    if (!client) {
        m_problem = noClient;
    } else if (cert.isEmpty() || key.isEmpty()) {
        m_problem =
            ProviderError::failed(ProviderError::Kind::Auth,
                                  QStringLiteral("lxd cloud %1 has no client certificate and key; "
                                                 "give them with --client-cert and --client-key")
                                      .arg(account.name));
    } else if (!client->readsIdentity(cert, key)) {
        m_problem = ProviderError::failed(
            ProviderError::Kind::Auth,
            QStringLiteral("the client certificate or key of lxd cloud %1 is not "
                           "PEM; expected the files LXD's client uses")
                .arg(account.name));
    } else if (!pin.isEmpty() && m_endpoint.pinnedSha256.isEmpty()) {
        m_problem = ProviderError::failed(
            ProviderError::Kind::Auth,
            QStringLiteral("\"%2\" is not a SHA-256 fingerprint (lxd cloud %1); "
                           "expected 64 hex digits, colons allowed")
                .arg(account.name, pin));
    }
    m_info.type = QStringLiteral("lxd");
    // Bases the account maps to its own images are bases this cloud can start.
    m_info.bases = ImageMap::basesOf(account.config.value(QStringLiteral("image-map")));
    discover();
}

void LxdProvider::discover()
{
    RegionInfo region;
    region.name = m_region;
    QString about;
    QStringList arches;
    if (m_problem.ok()) {
        LxdEndpoint quick = m_endpoint;
        quick.requestTimeoutMs = 5'000;
        LxdConnection connection(quick);
        const LxdReply server = connection.call("GET", QStringLiteral("/1.0"));
        const QJsonObject meta = server.metadata.toObject();
        if (!server.ok()) {
            m_problem = server.error;
        } else if (meta.value(QStringLiteral("auth")).toString() != u"trusted") {
            m_problem =
                ProviderError::failed(ProviderError::Kind::Auth,
                                      QStringLiteral("the LXD server at %1 does not trust Berth's "
                                                     "client certificate; add it with lxc config "
                                                     "trust add")
                                          .arg(m_endpoint.url.toString()));
        } else {
            const QJsonObject env = meta.value(QStringLiteral("environment")).toObject();
            m_serverName = env.value(QStringLiteral("server_name")).toString();
            m_clustered = env.value(QStringLiteral("server_clustered")).toBool();
            for (const QJsonValue arch : env.value(QStringLiteral("architectures")).toArray())
                arches << archFromKernel(arch.toString());
            if (m_clustered) {
                const LxdReply members =
                    connection.call("GET", QStringLiteral("/1.0/cluster/members?recursion=1"));
                for (const QJsonValue member : members.metadata.toArray()) {
                    const QJsonObject o = member.toObject();
                    region.zones.append(
                        {o.value(QStringLiteral("server_name")).toString(),
                         o.value(QStringLiteral("status")).toString() == u"Online"});
                }
            } else {
                region.zones.append({m_serverName, true});
            }
            const QString pool =
                m_account.config.value(QStringLiteral("storage-pool"), QStringLiteral("default"));
            const LxdReply poolReply =
                connection.call("GET", QStringLiteral("/1.0/storage-pools/") + encoded(pool));
            const QString driver =
                poolReply.metadata.toObject().value(QStringLiteral("driver")).toString();
            // `dir` pools cannot limit a container's disk (without project quotas).
            m_rootDiskQuota = !driver.isEmpty() && driver != u"dir";
            about = QStringLiteral("LXD %1 at %2, %3 zone(s), storage pool %4 (%5)")
                        .arg(meta.value(QStringLiteral("environment"))
                                 .toObject()
                                 .value(QStringLiteral("server_version"))
                                 .toString(),
                             m_endpoint.url.toString())
                        .arg(region.zones.size())
                        .arg(pool, driver.isEmpty() ? QStringLiteral("missing") : driver);
        }
    }
    if (!m_problem.ok())
        about = QStringLiteral("LXD at %1, unusable: %2")
                    .arg(m_endpoint.url.toString(), m_problem.message);
    m_info.description = about;
    m_info.regions = {region};
    m_info.unsupported = {ConstraintKey::CpuPower, ConstraintKey::InstanceType,
                          ConstraintKey::Spaces,   ConstraintKey::AllocatePublicIp,
                          ConstraintKey::ImageId,  ConstraintKey::RootDiskSource};
    if (!m_rootDiskQuota)
        m_info.unsupported << ConstraintKey::RootDisk;
    if (!arches.isEmpty())
        m_info.vocabularies.append({ConstraintKey::Arch, arches});
    m_info.vocabularies.append({ConstraintKey::VirtType, {QStringLiteral("container")}});
}

ProviderError LxdProvider::verify()
{
    return m_problem;
}

QString LxdProvider::precheckPlacement(const QString &region, const QString &placement) const
{
    Q_UNUSED(region);
    return QStringLiteral("lxd clouds take no placement \"%1\"; use zone=<cluster member>")
        .arg(placement);
}

LxdProvider::Host LxdProvider::host(LxdConnection &connection, const QString &member)
{
    {
        QMutexLocker lock(&m_mutex);
        if (m_hosts.contains(member))
            return m_hosts.value(member);
    }
    QString path = QStringLiteral("/1.0/resources");
    if (m_clustered)
        path += QStringLiteral("?target=") + encoded(member);
    const LxdReply reply = connection.call("GET", path);
    if (!reply.ok())
        return {};
    const QJsonObject resources = reply.metadata.toObject();
    Host h;
    h.cores = quint64(resources.value(QStringLiteral("cpu"))
                          .toObject()
                          .value(QStringLiteral("total"))
                          .toInteger());
    h.memMiB = quint64(resources.value(QStringLiteral("memory"))
                           .toObject()
                           .value(QStringLiteral("total"))
                           .toInteger()) /
               (1024ULL * 1024ULL);
    QMutexLocker lock(&m_mutex);
    m_hosts.insert(member, h);
    return h;
}

InstanceInfo LxdProvider::instanceFrom(LxdConnection &connection, const QJsonObject &json)
{
    InstanceInfo info;
    info.id = json.value(QStringLiteral("name")).toString();
    info.state = json.value(QStringLiteral("status")).toString().toLower();
    info.region = m_region;
    const QString location = json.value(QStringLiteral("location")).toString();
    info.zone = m_clustered && !location.isEmpty() && location != u"none" ? location : m_serverName;
    info.instanceType = json.value(QStringLiteral("type")).toString();
    const QJsonObject config = json.value(QStringLiteral("expanded_config")).toObject().isEmpty()
                                   ? json.value(QStringLiteral("config")).toObject()
                                   : json.value(QStringLiteral("expanded_config")).toObject();
    for (auto it = config.begin(); it != config.end(); ++it) {
        if (it.key().startsWith(userPrefix + QStringLiteral("berth-")))
            info.tags.insert(it.key().mid(userPrefix.size()), it.value().toString());
    }
    const Host fallback = host(connection, info.zone);
    const QString cpu = config.value(QStringLiteral("limits.cpu")).toString();
    const QString mem = config.value(QStringLiteral("limits.memory")).toString();
    const quint64 cores = cpu.isEmpty() ? fallback.cores : parseCpuLimit(cpu);
    const quint64 memMiB =
        mem.isEmpty() || mem.endsWith(u'%') ? fallback.memMiB : parseSizeMiB(mem);
    QStringList hardware{QStringLiteral("arch=") +
                         archFromKernel(json.value(QStringLiteral("architecture")).toString())};
    if (cores)
        hardware << QStringLiteral("cores=%1").arg(cores);
    if (memMiB)
        hardware << QStringLiteral("mem=") + formatMiB(memMiB);
    const QString disk = json.value(QStringLiteral("expanded_devices"))
                             .toObject()
                             .value(QStringLiteral("root"))
                             .toObject()
                             .value(QStringLiteral("size"))
                             .toString();
    if (const quint64 diskMiB = parseSizeMiB(disk))
        hardware << QStringLiteral("root-disk=") + formatMiB(diskMiB);
    info.hardware = hardware.join(u' ');
    return info;
}

StartResult LxdProvider::startInstance(const StartRequest &request)
{
    StartResult result;
    if (!m_problem.ok()) {
        result.error = m_problem;
        return result;
    }
    LxdConnection connection(m_endpoint, request.cancel);
    const QString name = instanceName(request.tags);
    const QString image =
        imageFor(request.base, m_account.config.value(QStringLiteral("image-map")));
    if (image.isEmpty()) {
        result.error =
            ProviderError::failed(ProviderError::Kind::Permanent,
                                  QStringLiteral("no LXD image for base \"%1\"").arg(request.base));
        return result;
    }

    QJsonObject config;
    for (auto it = request.tags.cbegin(); it != request.tags.cend(); ++it)
        config.insert(userPrefix + it.key(), it.value());
    const Constraints &c = request.constraints;
    if (const auto cores = c.minimum(ConstraintKey::Cores); cores && *cores > 0)
        config.insert(QStringLiteral("limits.cpu"), QString::number(*cores));
    if (const auto mem = c.minimum(ConstraintKey::Mem); mem && *mem > 0)
        config.insert(QStringLiteral("limits.memory"), QStringLiteral("%1MiB").arg(*mem));
    QJsonObject devices;
    if (const auto disk = c.minimum(ConstraintKey::RootDisk);
        disk && *disk > 0 && m_rootDiskQuota) {
        devices.insert(QStringLiteral("root"),
                       QJsonObject{{QStringLiteral("type"), QStringLiteral("disk")},
                                   {QStringLiteral("path"), QStringLiteral("/")},
                                   {QStringLiteral("pool"),
                                    m_account.config.value(QStringLiteral("storage-pool"),
                                                           QStringLiteral("default"))},
                                   {QStringLiteral("size"), QStringLiteral("%1MiB").arg(*disk)}});
    }
    const QStringList profiles =
        m_account.config.value(QStringLiteral("profiles"), QStringLiteral("default"))
            .split(u',', Qt::SkipEmptyParts);
    const QJsonObject body{
        {QStringLiteral("name"), name},
        {QStringLiteral("type"), QStringLiteral("container")},
        {QStringLiteral("source"), QJsonObject{{QStringLiteral("type"), QStringLiteral("image")},
                                               {QStringLiteral("alias"), image}}},
        {QStringLiteral("profiles"), QJsonArray::fromStringList(profiles)},
        {QStringLiteral("config"), config},
        {QStringLiteral("devices"), devices},
    };

    // The zone is the cluster member; a container on a machine goes to its member.
    QString target = m_clustered ? request.zone : QString();
    if (m_clustered && !request.hostInstanceId.isEmpty()) {
        const LxdReply hostReply = connection.call("GET", QStringLiteral("/1.0/instances/") +
                                                              encoded(request.hostInstanceId));
        target = hostReply.metadata.toObject().value(QStringLiteral("location")).toString();
    }
    QString path = QStringLiteral("/1.0/instances");
    if (!target.isEmpty())
        path += QStringLiteral("?target=") + encoded(target);

    const LxdReply created = connection.run("POST", path, body);
    if (!created.ok()) {
        // An earlier start of this machine made it (and may still be making it).
        if (created.error.message.contains(QStringLiteral("already exists"), Qt::CaseInsensitive) ||
            isBusy(created.error))
            return takeOver(connection, name, request);
        result.error = created.error;
        if (result.error.kind == ProviderError::Kind::NotFound &&
            result.error.message.contains(QStringLiteral("image"), Qt::CaseInsensitive))
            result.error.message =
                QStringLiteral("image \"%1\" for base %2 not found on the LXD server: %3")
                    .arg(image, request.base, result.error.message);
        return result;
    }
    result = startExisting(connection, name);
    if (!result.ok()) {
        // Leave nothing half made behind: a later attempt starts afresh.
        connection.run("DELETE", QStringLiteral("/1.0/instances/") + encoded(name));
    }
    return result;
}

StartResult LxdProvider::startExisting(LxdConnection &connection, const QString &name)
{
    StartResult result;
    const QString path = QStringLiteral("/1.0/instances/") + encoded(name);
    const LxdReply current = connection.call("GET", path);
    if (!current.ok()) {
        result.error = current.error;
        return result;
    }
    if (current.metadata.toObject().value(QStringLiteral("status")).toString() != u"Running") {
        const LxdReply started =
            connection.run("PUT", path + QStringLiteral("/state"),
                           QJsonObject{{QStringLiteral("action"), QStringLiteral("start")},
                                       {QStringLiteral("timeout"), 60}});
        if (!started.ok()) {
            result.error = started.error;
            return result;
        }
    }
    const LxdReply state = connection.call("GET", path);
    if (!state.ok()) {
        result.error = state.error;
        return result;
    }
    result.instance = instanceFrom(connection, state.metadata.toObject());
    return result;
}

StartResult LxdProvider::takeOver(LxdConnection &connection, const QString &name,
                                  const StartRequest &request)
{
    // A container of this name exists: an earlier start of the same machine
    // that was interrupted. Take it over (new nonce) rather than make another.
    StartResult result;
    const QString path = QStringLiteral("/1.0/instances/") + encoded(name);
    const LxdReply existing = connection.call("GET", path);
    const QJsonObject config =
        existing.metadata.toObject().value(QStringLiteral("config")).toObject();
    for (const QString &key : {InstanceTags::model, InstanceTags::machine}) {
        if (config.value(userPrefix + key).toString() != request.tags.value(key)) {
            result.error =
                ProviderError::failed(ProviderError::Kind::Permanent,
                                      QStringLiteral("an LXD instance named %1 already exists and "
                                                     "is not this machine's")
                                          .arg(name));
            return result;
        }
    }
    QJsonObject update;
    for (auto it = request.tags.cbegin(); it != request.tags.cend(); ++it)
        update.insert(userPrefix + it.key(), it.value());
    // Until the interrupted create is done, LXD says the instance is busy.
    QElapsedTimer waited;
    waited.start();
    LxdReply patched;
    for (;;) {
        patched = connection.run("PATCH", path, QJsonObject{{QStringLiteral("config"), update}});
        if (!isBusy(patched.error) || waited.elapsed() > m_endpoint.timeoutMs ||
            (request.cancel && *request.cancel))
            break;
        QThread::msleep(250);
    }
    if (!patched.ok()) {
        result.error = patched.error;
        return result;
    }
    return startExisting(connection, name);
}

ProviderError LxdProvider::stopInstances(const QString &region, const QStringList &ids)
{
    Q_UNUSED(region);
    if (!m_problem.ok())
        return m_problem;
    LxdConnection connection(m_endpoint);
    for (const QString &id : ids) {
        const QString path = QStringLiteral("/1.0/instances/") + encoded(id);
        const LxdReply stopped =
            connection.run("PUT", path + QStringLiteral("/state"),
                           QJsonObject{{QStringLiteral("action"), QStringLiteral("stop")},
                                       {QStringLiteral("force"), true}});
        if (stopped.error.kind == ProviderError::Kind::NotFound)
            continue; // already gone
        // "The instance is already stopped" is fine; anything else shows on delete.
        const LxdReply deleted = connection.run("DELETE", path);
        if (!deleted.ok() && deleted.error.kind != ProviderError::Kind::NotFound)
            return deleted.error;
    }
    return {};
}

QList<InstanceInfo> LxdProvider::listInstances(const QString &region,
                                               const QMap<QString, QString> &tags,
                                               ProviderError *error)
{
    QList<InstanceInfo> list;
    if (!m_problem.ok()) {
        *error = m_problem;
        return list;
    }
    if (!region.isEmpty() && region != m_region)
        return list;
    LxdConnection connection(m_endpoint);
    const LxdReply reply = connection.call("GET", QStringLiteral("/1.0/instances?recursion=1"));
    if (!reply.ok()) {
        *error = reply.error;
        return list;
    }
    for (const QJsonValue value : reply.metadata.toArray()) {
        const QJsonObject json = value.toObject();
        const QJsonObject config = json.value(QStringLiteral("config")).toObject();
        const bool matches = std::all_of(tags.keyValueBegin(), tags.keyValueEnd(), [&](auto kv) {
            return config.value(userPrefix + kv.first).toString() == kv.second;
        });
        if (matches)
            list << instanceFrom(connection, json);
    }
    return list;
}

} // namespace berth
