#include "providers/openstack/openstackprovider.h"

#include "core/bertherror.h"
#include "core/cloud/configvalues.h"
#include "core/cloud/imagemap.h"
#include "core/cloud/instancetags.h"
#include "core/model/base.h"
#include "providers/tls/pinnedtls.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QThread>
#include <cmath>

namespace berth {

namespace {

using Kind = ProviderError::Kind;
using Service = OpenStackSession::Service;
using OpenStackReplies::Server;

const QString berthTag = QStringLiteral("berth");
const QString &modelUuidKey = InstanceTags::model;
const QString &machineIdKey = InstanceTags::machine;
const QString &nonceKey = InstanceTags::nonce;
// Nova keeps at most 255 characters of a metadata value.
constexpr int metadataValueMax = 255;

const QRegularExpression &namePattern()
{
    static const QRegularExpression name(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9_.@-]{0,254}\\z"));
    return name;
}

QString encoded(const QString &text)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(text));
}

// How long to wait before the next look at a server that is building: often
// at first (most boots take seconds), then every two seconds.
int pollDelayMs(qint64 elapsedMs)
{
    return elapsedMs < 10'000 ? 250 : elapsedMs < 30'000 ? 1'000 : 2'000;
}

QString configValue(const CloudAccount &account, const char *key, const QString &fallback = {})
{
    return account.config.value(QString::fromLatin1(key), fallback);
}

} // namespace

QHash<QString, QString> OpenStackProvider::meanings()
{
    return {
        {QStringLiteral("application-credential-id"),
         QString::fromUtf8(QT_TRANSLATE_NOOP(
             "ProviderSettings",
             "The id of a Keystone application credential (instead of a user and password)"))},
        {QStringLiteral("image-map"),
         QString::fromUtf8(
             QT_TRANSLATE_NOOP("ProviderSettings",
                               "Which image each base starts from: base=image pairs (a name or id) "
                               "separated by commas"))},
        {QStringLiteral("network"),
         QString::fromUtf8(QT_TRANSLATE_NOOP(
             "ProviderSettings", "The network (name or id) every server is attached to"))},
        {QStringLiteral("operation-timeout"),
         QString::fromUtf8(QT_TRANSLATE_NOOP(
             "ProviderSettings",
             "How long one OpenStack call may take, in seconds from 1 to 86400"))},
        {QStringLiteral("price-per-core"),
         QString::fromUtf8(QT_TRANSLATE_NOOP(
             "ProviderSettings",
             "The price of one core an hour, for choosing flavors and costs (e.g. 0.02)"))},
        {QStringLiteral("price-per-gib"),
         QString::fromUtf8(QT_TRANSLATE_NOOP(
             "ProviderSettings", "The price of one GiB of memory an hour (e.g. 0.005)"))},
        {QStringLiteral("project"),
         QString::fromUtf8(QT_TRANSLATE_NOOP("ProviderSettings",
                                             "The Keystone project the servers are made in"))},
        {QStringLiteral("project-domain"),
         QString::fromUtf8(QT_TRANSLATE_NOOP("ProviderSettings", "The domain of that project"))},
        {QStringLiteral("regions"),
         QString::fromUtf8(QT_TRANSLATE_NOOP("ProviderSettings",
                                             "The regions Berth uses, separated by commas "
                                             "(empty: every region of the catalogue)"))},
        {QStringLiteral("user-domain"),
         QString::fromUtf8(QT_TRANSLATE_NOOP("ProviderSettings", "The domain of the user"))},
        {QStringLiteral("username"),
         QString::fromUtf8(
             QT_TRANSLATE_NOOP("ProviderSettings", "The Keystone user Berth signs in as"))},
        {QStringLiteral("application-credential-secret"),
         QString::fromUtf8(
             QT_TRANSLATE_NOOP("ProviderSettings", "The application credential's secret"))},
        {QStringLiteral("password"),
         QString::fromUtf8(QT_TRANSLATE_NOOP("ProviderSettings", "The user's password"))},
        {QStringLiteral("server-fingerprint"),
         QString::fromUtf8(QT_TRANSLATE_NOOP(
             "ProviderSettings",
             "The SHA-256 fingerprint of the endpoint's certificate, pinned on first trust"))},
    };
}

QStringList OpenStackProvider::configKeys()
{
    return {QStringLiteral("application-credential-id"),
            QStringLiteral("image-map"),
            QStringLiteral("network"),
            QStringLiteral("operation-timeout"),
            QStringLiteral("price-per-core"),
            QStringLiteral("price-per-gib"),
            QStringLiteral("project"),
            QStringLiteral("project-domain"),
            QStringLiteral("regions"),
            QStringLiteral("user-domain"),
            QStringLiteral("username")};
}

QStringList OpenStackProvider::secretKeys()
{
    return {QStringLiteral("application-credential-secret"), QStringLiteral("password"),
            QStringLiteral("server-fingerprint")};
}

QString OpenStackProvider::checkConfig(const QString &key, const QString &value)
{
    const auto bad = [&](const QString &expected) {
        return BerthError(QStringLiteral("bad value \"%1\" for openstack config \"%2\": %3")
                              .arg(value, key, expected));
    };
    if (key == u"username" || key == u"project" || key == u"user-domain" ||
        key == u"project-domain" || key == u"application-credential-id" || key == u"network") {
        if (!namePattern().match(value).hasMatch())
            throw bad(QStringLiteral("expected a name or id of letters, digits, '-', '_', '.' "
                                     "and '@'"));
        return value;
    }
    if (key == u"regions") {
        if (const auto regions = ConfigValues::nameList(value, namePattern()))
            return *regions;
        throw bad(QStringLiteral("expected region names separated by commas"));
    }
    if (key == u"operation-timeout") {
        if (const auto seconds = ConfigValues::seconds(value))
            return *seconds;
        throw bad(QStringLiteral("expected seconds from 1 to 86400"));
    }
    if (key == u"price-per-core" || key == u"price-per-gib") {
        bool ok = false;
        const double price = value.toDouble(&ok);
        if (!ok || !std::isfinite(price) || price < 0)
            throw bad(QStringLiteral("expected a price per hour, e.g. 0.02"));
        return QString::number(price);
    }
    if (key == u"image-map") {
        if (const auto map = ImageMap::normalise(value))
            return *map;
        throw bad(QStringLiteral("expected base=image pairs (an image's name or id) separated "
                                 "by commas, e.g. ubuntu@22.04=jammy-server"));
    }
    throw BerthError(QStringLiteral("unknown openstack config key \"%1\"; valid keys are: %2")
                         .arg(key, configKeys().join(QStringLiteral(", "))));
}

QString OpenStackProvider::imageFor(const QString &base, const QString &imageMap)
{
    if (const QString mapped = ImageMap::imageOf(base, imageMap); !mapped.isEmpty())
        return mapped;
    if (!Base::parse(base).ok())
        return {};
    return base.section(u'@', 0, 0) + u'-' + base.section(u'@', 1).section(u'/', 0, 0);
}

QString OpenStackProvider::modelTag(const QString &modelUuid)
{
    return QStringLiteral("berth-model-") + modelUuid;
}

QString OpenStackProvider::machineTag(const QString &machine)
{
    QString name = machine;
    name.replace(u'/', u'.').replace(u',', u'.');
    return QStringLiteral("berth-machine-") + name;
}

namespace {

OpenStackCredentials credentialsOf(const CloudAccount &account)
{
    OpenStackCredentials c;
    QUrl url(account.endpoint);
    if (!url.isValid() || (url.scheme() != u"https" && url.scheme() != u"http") ||
        url.host().isEmpty()) {
        throw BerthError(QStringLiteral("openstack cloud %1: endpoint \"%2\" is not Keystone's "
                                        "URL; expected e.g. --endpoint https://10.0.0.2:5000/v3")
                             .arg(account.name, account.endpoint));
    }
    QString path = url.path();
    while (path.endsWith(u'/'))
        path.chop(1);
    if (!path.endsWith(QStringLiteral("/v3")))
        path += QStringLiteral("/v3");
    url.setPath(path);
    c.identity = url;
    c.username = configValue(account, "username");
    c.userDomain = configValue(account, "user-domain", QStringLiteral("Default"));
    c.project = configValue(account, "project");
    c.projectDomain = configValue(account, "project-domain", QStringLiteral("Default"));
    c.applicationCredentialId = configValue(account, "application-credential-id");
    c.password = account.secrets.value(QStringLiteral("password"));
    c.applicationCredentialSecret =
        account.secrets.value(QStringLiteral("application-credential-secret"));
    c.pinnedSha256 = PinnedTls::normaliseFingerprint(
        QString::fromUtf8(account.secrets.value(QStringLiteral("server-fingerprint"))));
    return c;
}

} // namespace

OpenStackProvider::OpenStackProvider(const CloudAccount &account)
    : m_account(account)
    , m_session(credentialsOf(account))
{
    m_timeoutMs = configValue(account, "operation-timeout", QStringLiteral("600")).toInt() * 1000;
    const OpenStackCredentials &c = m_session.credentials();
    const QString pin =
        QString::fromUtf8(account.secrets.value(QStringLiteral("server-fingerprint"))).trimmed();
    if (c.usesApplicationCredential() && c.applicationCredentialSecret.isEmpty()) {
        m_problem = ProviderError::failed(
            Kind::Auth, QStringLiteral("openstack cloud %1 has an application credential id but "
                                       "no secret; give it with --secret-file "
                                       "application-credential-secret=FILE")
                            .arg(account.name));
    } else if (!c.usesApplicationCredential() &&
               (c.username.isEmpty() || c.project.isEmpty() || c.password.isEmpty())) {
        m_problem = ProviderError::failed(
            Kind::Auth,
            QStringLiteral("openstack cloud %1 needs an application credential "
                           "(--config application-credential-id=ID and its secret) or a user: "
                           "--config username=U --config project=P and the password "
                           "(--secret-file password=FILE)")
                .arg(account.name));
    } else if (!pin.isEmpty() && c.pinnedSha256.isEmpty()) {
        m_problem = ProviderError::failed(
            Kind::Auth, QStringLiteral("\"%2\" is not a SHA-256 fingerprint (openstack cloud %1); "
                                       "expected 64 hex digits, colons allowed")
                            .arg(account.name, pin));
    }
    m_info.type = QStringLiteral("openstack");
    m_info.bases = ImageMap::basesOf(configValue(account, "image-map"));
    m_info.unsupported = {ConstraintKey::CpuPower, ConstraintKey::Spaces,
                          ConstraintKey::AllocatePublicIp, ConstraintKey::ImageId,
                          ConstraintKey::RootDiskSource};
    m_info.vocabularies.append({ConstraintKey::VirtType, {QStringLiteral("virtual-machine")}});
    discover();
}

void OpenStackProvider::discover()
{
    const QString where = m_account.endpoint;
    if (m_problem.ok())
        m_problem = m_session.authenticate();
    if (!m_problem.ok()) {
        m_info.description =
            QStringLiteral("OpenStack at %1, unusable: %2").arg(where, m_problem.message);
        return;
    }
    const QStringList wanted = configValue(m_account, "regions").split(u',', Qt::SkipEmptyParts);
    const double perCore =
        configValue(m_account, "price-per-core", QStringLiteral("0.02")).toDouble();
    const double perGiB =
        configValue(m_account, "price-per-gib", QStringLiteral("0.005")).toDouble();
    const QStringList regions = m_session.catalog().regions();
    QStringList missing = wanted;
    int zoneCount = 0;
    for (const QString &name : regions) {
        if (!wanted.isEmpty() && !wanted.contains(name))
            continue;
        missing.removeAll(name);
        RegionInfo region;
        region.name = name;
        const OpenStackReply zones =
            m_session.call("GET", name, Service::Compute, QStringLiteral("/os-availability-zone"));
        const OpenStackReply flavors =
            m_session.call("GET", name, Service::Compute, QStringLiteral("/flavors/detail"));
        if (!zones.ok() || !flavors.ok()) {
            m_problem = zones.ok() ? flavors.error : zones.error;
            m_problem.message = QStringLiteral("region %1: %2").arg(name, m_problem.message);
            break;
        }
        region.zones = OpenStackReplies::zonesOf(zones.body);
        region.catalogue = OpenStackReplies::flavorsOf(flavors.body, perCore, perGiB);
        m_flavorIds.insert(name, OpenStackReplies::flavorIdsOf(flavors.body));
        zoneCount += int(region.zones.size());
        m_info.regions.append(region);
    }
    if (m_problem.ok() && !missing.isEmpty())
        m_problem = ProviderError::failed(
            Kind::NotFound,
            QStringLiteral("region(s) %1 not in the catalog; it has %2")
                .arg(missing.join(QStringLiteral(", ")), regions.join(QStringLiteral(", "))));
    const OpenStackCredentials &c = m_session.credentials();
    const QString who = c.usesApplicationCredential()
                            ? QStringLiteral("application credential")
                            : QStringLiteral("user %1, project %2").arg(c.username, c.project);
    m_info.description =
        m_problem.ok()
            ? QStringLiteral("OpenStack at %1 (%2), %3 region(s), %4 zone(s)")
                  .arg(where, who)
                  .arg(m_info.regions.size())
                  .arg(zoneCount)
            : QStringLiteral("OpenStack at %1, unusable: %2").arg(where, m_problem.message);
}

ProviderError OpenStackProvider::verify()
{
    return m_problem;
}

QString OpenStackProvider::precheckPlacement(const QString &region, const QString &placement) const
{
    Q_UNUSED(region);
    return QStringLiteral("openstack clouds take no placement \"%1\"; use zone=<availability "
                          "zone> or region=<region>")
        .arg(placement);
}

InstanceInfo OpenStackProvider::instanceFrom(const QString &region, const Server &server) const
{
    InstanceInfo info;
    info.id = server.id;
    static const QHash<QString, QString> states{
        {QStringLiteral("ACTIVE"), QStringLiteral("running")},
        {QStringLiteral("BUILD"), QStringLiteral("pending")},
        {QStringLiteral("SHUTOFF"), QStringLiteral("stopped")},
        {QStringLiteral("ERROR"), QStringLiteral("error")},
    };
    info.state = states.value(server.status, server.status.toLower());
    info.region = region;
    info.zone = server.zone;
    info.instanceType = server.flavor;
    QStringList hardware{QStringLiteral("arch=amd64")};
    if (server.cores)
        hardware << QStringLiteral("cores=%1").arg(server.cores);
    if (server.memMiB)
        hardware << QStringLiteral("mem=") + formatMiB(server.memMiB);
    if (server.rootDiskGiB)
        hardware << QStringLiteral("root-disk=") + formatMiB(server.rootDiskGiB * 1024);
    info.hardware = hardware.join(u' ');
    for (auto it = server.metadata.begin(); it != server.metadata.end(); ++it) {
        if (it.key().startsWith(QStringLiteral("berth-")))
            info.tags.insert(it.key(), it.value().toString());
    }
    return info;
}

QList<Server> OpenStackProvider::servers(const QString &region, const QStringList &tags,
                                         ProviderError *error, const std::atomic<bool> *cancel)
{
    QList<Server> found;
    QString path = QStringLiteral("/servers/detail?tags=") + encoded(tags.join(u','));
    for (int page = 0; page < 10'000; ++page) {
        const OpenStackReply reply =
            m_session.call("GET", region, Service::Compute, path, {}, cancel);
        if (!reply.ok()) {
            *error = reply.error;
            return {};
        }
        const QList<Server> servers = OpenStackReplies::serversOf(reply.body);
        found += servers;
        // Nova pages long lists: the "next" link continues after the last one.
        QString next;
        for (const QJsonValue &link : reply.body.value(QStringLiteral("servers_links")).toArray()) {
            if (link.toObject().value(QStringLiteral("rel")).toString() == u"next")
                next = link.toObject().value(QStringLiteral("href")).toString();
        }
        if (next.isEmpty() || servers.isEmpty())
            break;
        path = QStringLiteral("/servers/detail?") + QUrl(next).query(QUrl::FullyEncoded);
    }
    return found;
}

QString OpenStackProvider::imageId(const QString &region, const QString &image,
                                   ProviderError *error)
{
    static const QRegularExpression uuid(
        QStringLiteral("^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\z"));
    if (uuid.match(image).hasMatch())
        return image;
    const QString key = region + u'\n' + image;
    {
        QMutexLocker lock(&m_mutex);
        if (m_images.contains(key))
            return m_images.value(key);
    }
    const OpenStackReply reply =
        m_session.call("GET", region, Service::Image,
                       QStringLiteral("/v2/images?status=active&name=") + encoded(image));
    if (!reply.ok()) {
        *error = reply.error;
        return {};
    }
    const QJsonArray images = reply.body.value(QStringLiteral("images")).toArray();
    if (images.isEmpty()) {
        *error = ProviderError::failed(
            Kind::NotFound,
            QStringLiteral("no active image named \"%1\" in %2; name one for the base with "
                           "--config image-map=BASE=IMAGE")
                .arg(image, region));
        return {};
    }
    const QString id = images.first().toObject().value(QStringLiteral("id")).toString();
    QMutexLocker lock(&m_mutex);
    m_images.insert(key, id);
    return id;
}

QString OpenStackProvider::serverGroup(const QString &region, const HostSpread &spread,
                                       ProviderError *error)
{
    // Made once, by one caller: parallel starts of one application share it.
    QMutexLocker lock(&m_groupMutex);
    const QString key = region + u'\n' + spread.group;
    if (m_groups.contains(key))
        return m_groups.value(key);
    const OpenStackReply list =
        m_session.call("GET", region, Service::Compute, QStringLiteral("/os-server-groups"));
    if (!list.ok()) {
        *error = list.error;
        return {};
    }
    for (const QJsonValue &g : list.body.value(QStringLiteral("server_groups")).toArray()) {
        const QJsonObject group = g.toObject();
        if (group.value(QStringLiteral("name")).toString() == spread.group &&
            group.value(QStringLiteral("policy")).toString() == spread.policy) {
            const QString id = group.value(QStringLiteral("id")).toString();
            m_groups.insert(key, id);
            return id;
        }
    }
    QJsonObject group{{QStringLiteral("name"), spread.group},
                      {QStringLiteral("policy"), spread.policy}};
    if (spread.policy == u"anti-affinity" && spread.maxPerHost > 1)
        group.insert(QStringLiteral("rules"),
                     QJsonObject{{QStringLiteral("max_server_per_host"), spread.maxPerHost}});
    const OpenStackReply made =
        m_session.call("POST", region, Service::Compute, QStringLiteral("/os-server-groups"),
                       QJsonObject{{QStringLiteral("server_group"), group}});
    if (!made.ok()) {
        *error = made.error;
        error->message =
            QStringLiteral("cannot make server group %1: %2").arg(spread.group, error->message);
        return {};
    }
    const QString id = made.body.value(QStringLiteral("server_group"))
                           .toObject()
                           .value(QStringLiteral("id"))
                           .toString();
    m_groups.insert(key, id);
    return id;
}

StartResult OpenStackProvider::waitForActive(const QString &region, const QString &id,
                                             const std::atomic<bool> *cancel)
{
    StartResult result;
    QElapsedTimer clock;
    clock.start();
    for (;;) {
        const OpenStackReply reply = m_session.call(
            "GET", region, Service::Compute, QStringLiteral("/servers/") + encoded(id), {}, cancel);
        const auto server = OpenStackReplies::serverOf(reply.body);
        if (!reply.ok() && reply.error.kind != Kind::Transient) {
            result.error = reply.error;
            return result;
        }
        if (server && server->status == u"ACTIVE") {
            result.instance = instanceFrom(region, *server);
            return result;
        }
        if (server && server->status == u"ERROR") {
            // A failed server holds nothing worth keeping: the next attempt starts afresh.
            result.error = OpenStackReplies::classifyFault(*server);
            remove(region, {id});
            return result;
        }
        if (cancel && *cancel) {
            // Left building: the next pass finds it by its tags and takes it over.
            result.error = ProviderError::failed(
                Kind::Transient, QStringLiteral("cancelled while %1 was building").arg(id));
            return result;
        }
        if (clock.elapsed() > m_timeoutMs) {
            remove(region, {id});
            result.error = ProviderError::failed(
                Kind::Transient, QStringLiteral("server %1 did not become ACTIVE within %2 s")
                                     .arg(id)
                                     .arg(m_timeoutMs / 1000));
            return result;
        }
        QThread::msleep(pollDelayMs(clock.elapsed()));
    }
}

std::optional<StartResult> OpenStackProvider::takeOverEarlier(const StartRequest &request,
                                                              const QStringList &novaTags)
{
    const QString model = request.tags.value(modelUuidKey);
    const QString machine = request.tags.value(machineIdKey);
    ProviderError listed;
    const QList<Server> earlier = servers(request.region, novaTags, &listed, request.cancel);
    if (!listed.ok())
        return StartResult{{}, listed};
    for (const Server &server : earlier) {
        if (server.metadata.value(machineIdKey).toString() != machine ||
            server.metadata.value(modelUuidKey).toString() != model)
            continue;
        if (server.status == u"ERROR") {
            remove(request.region, {server.id});
            continue;
        }
        const OpenStackReply renewed = m_session.call(
            "PUT", request.region, Service::Compute,
            QStringLiteral("/servers/%1/metadata/%2").arg(encoded(server.id), nonceKey),
            QJsonObject{
                {QStringLiteral("meta"), QJsonObject{{nonceKey, request.tags.value(nonceKey)}}}},
            request.cancel);
        if (!renewed.ok())
            return StartResult{{}, renewed.error};
        return waitForActive(request.region, server.id, request.cancel);
    }
    return std::nullopt;
}

QJsonObject OpenStackProvider::serverRequest(const StartRequest &request,
                                             const QStringList &novaTags, ProviderError *problem)
{
    const QString region = request.region;
    const QString flavor = m_flavorIds.value(region).value(request.type.name);
    if (flavor.isEmpty()) {
        *problem = ProviderError::failed(
            Kind::Permanent, QStringLiteral("no flavor \"%1\" in region %2")
                                 .arg(request.type.name.isEmpty() ? QStringLiteral("(none chosen)")
                                                                  : request.type.name,
                                      region));
        return {};
    }
    const QString imageName = imageFor(request.base, configValue(m_account, "image-map"));
    const QString image = imageName.isEmpty() ? QString() : imageId(region, imageName, problem);
    if (image.isEmpty()) {
        if (problem->ok())
            *problem = ProviderError::failed(
                Kind::Permanent, QStringLiteral("no image for base \"%1\"").arg(request.base));
        return {};
    }
    QJsonObject metadata;
    for (auto it = request.tags.cbegin(); it != request.tags.cend(); ++it)
        metadata.insert(it.key(), it.value().left(metadataValueMax));
    const QString network = configValue(m_account, "network");
    const QString machine = request.tags.value(machineIdKey);
    QJsonObject server{
        {QStringLiteral("name"),
         QStringLiteral("berth-%1-%2")
             .arg(request.tags.value(modelUuidKey).left(8), QString(machine).replace(u'/', u'-'))},
        {QStringLiteral("flavorRef"), flavor},
        {QStringLiteral("imageRef"), image},
        {QStringLiteral("metadata"), metadata},
        {QStringLiteral("tags"), QJsonArray::fromStringList(novaTags)},
        {QStringLiteral("networks"),
         network.isEmpty()
             ? QJsonValue(QStringLiteral("none"))
             : QJsonValue(QJsonArray{QJsonObject{{QStringLiteral("uuid"), network}}})},
    };
    if (!request.zone.isEmpty())
        server.insert(QStringLiteral("availability_zone"), request.zone);
    return QJsonObject{{QStringLiteral("server"), server}};
}

std::shared_ptr<QMutex> OpenStackProvider::groupZoneLock(const QString &group,
                                                         const StartRequest &request)
{
    if (request.hostSpread.policy.startsWith(QStringLiteral("soft-")))
        return {};
    QMutexLocker lock(&m_mutex);
    std::shared_ptr<QMutex> &slot = m_groupZoneLocks[group + u'\n' + request.zone];
    if (!slot)
        slot = std::make_shared<QMutex>();
    return slot;
}

StartResult OpenStackProvider::startInstance(const StartRequest &request)
{
    StartResult result;
    if (!m_problem.ok()) {
        result.error = m_problem;
        return result;
    }
    if (!request.hostInstanceId.isEmpty()) {
        result.error = ProviderError::failed(
            Kind::Permanent, QStringLiteral("Berth does not start containers on OpenStack "
                                            "servers; place the unit on a machine of its own"));
        return result;
    }
    const QString region = request.region;
    const QStringList novaTags{berthTag, modelTag(request.tags.value(modelUuidKey)),
                               machineTag(request.tags.value(machineIdKey))};

    // A server an interrupted start of this machine made is taken over, never doubled.
    if (std::optional<StartResult> earlier = takeOverEarlier(request, novaTags))
        return *earlier;

    ProviderError problem;
    QJsonObject body = serverRequest(request, novaTags, &problem);
    if (body.isEmpty()) {
        result.error = problem;
        return result;
    }
    std::shared_ptr<QMutex> zoneLock;
    if (request.hostSpread.wanted()) {
        const QString group = serverGroup(region, request.hostSpread, &problem);
        if (group.isEmpty()) {
            result.error = problem;
            return result;
        }
        body.insert(QStringLiteral("os:scheduler_hints"),
                    QJsonObject{{QStringLiteral("group"), group}});
        zoneLock = groupZoneLock(group, request);
    }
    // Held until the server is ACTIVE or failed (see m_groupZoneLocks).
    if (zoneLock) {
        while (!zoneLock->tryLock(100)) {
            if (request.cancel && *request.cancel) {
                result.error = ProviderError::failed(Kind::Transient, QStringLiteral("cancelled"));
                return result;
            }
        }
    }
    const auto unlock = qScopeGuard([&zoneLock] {
        if (zoneLock)
            zoneLock->unlock();
    });
    const OpenStackReply created = m_session.call("POST", region, Service::Compute,
                                                  QStringLiteral("/servers"), body, request.cancel);
    if (!created.ok()) {
        result.error = created.error;
        return result;
    }
    const QString id = created.body.value(QStringLiteral("server"))
                           .toObject()
                           .value(QStringLiteral("id"))
                           .toString();
    if (id.isEmpty()) {
        result.error = ProviderError::failed(
            Kind::Transient, QStringLiteral("Nova accepted the server but named none"));
        return result;
    }
    return waitForActive(region, id, request.cancel);
}

ProviderError OpenStackProvider::remove(const QString &region, const QStringList &ids)
{
    QStringList waiting;
    for (const QString &id : ids) {
        const OpenStackReply deleted = m_session.call("DELETE", region, Service::Compute,
                                                      QStringLiteral("/servers/") + encoded(id));
        if (deleted.ok())
            waiting << id;
        else if (deleted.error.kind != Kind::NotFound)
            return deleted.error;
    }
    // Gone once Nova answers 404 (or shows it DELETED): a later list no longer has it.
    QElapsedTimer clock;
    clock.start();
    while (!waiting.isEmpty()) {
        QStringList still;
        for (const QString &id : std::as_const(waiting)) {
            const OpenStackReply reply = m_session.call("GET", region, Service::Compute,
                                                        QStringLiteral("/servers/") + encoded(id));
            const auto server = OpenStackReplies::serverOf(reply.body);
            if (reply.error.kind == Kind::NotFound || (server && server->status == u"DELETED"))
                continue;
            if (!reply.ok() && reply.error.kind != Kind::Transient)
                return reply.error;
            still << id;
        }
        waiting = still;
        if (waiting.isEmpty())
            break;
        if (clock.elapsed() > m_timeoutMs)
            return ProviderError::failed(
                Kind::Transient, QStringLiteral("server(s) %1 still there %2 s after delete")
                                     .arg(waiting.join(QStringLiteral(", ")))
                                     .arg(m_timeoutMs / 1000));
        QThread::msleep(pollDelayMs(clock.elapsed()));
    }
    return {};
}

ProviderError OpenStackProvider::stopInstances(const QString &region, const QStringList &ids)
{
    if (!m_problem.ok())
        return m_problem;
    if (!region.isEmpty())
        return remove(region, ids);
    // No region recorded: each region deletes the ones it has.
    for (const RegionInfo &r : std::as_const(m_info.regions)) {
        const ProviderError error = remove(r.name, ids);
        if (!error.ok())
            return error;
    }
    return {};
}

ProviderError OpenStackProvider::releaseModel(const QString &modelUuid, const QStringList &keep)
{
    if (!m_problem.ok())
        return m_problem;
    const QString prefix = HostSpread::prefixOf(modelUuid);
    QMutexLocker lock(&m_groupMutex);
    for (const RegionInfo &r : std::as_const(m_info.regions)) {
        const OpenStackReply list =
            m_session.call("GET", r.name, Service::Compute, QStringLiteral("/os-server-groups"));
        if (!list.ok())
            return list.error;
        for (const QJsonValue &g : list.body.value(QStringLiteral("server_groups")).toArray()) {
            const QString name = g.toObject().value(QStringLiteral("name")).toString();
            if (!name.startsWith(prefix) || keep.contains(name))
                continue;
            const QString id = g.toObject().value(QStringLiteral("id")).toString();
            const OpenStackReply deleted =
                m_session.call("DELETE", r.name, Service::Compute,
                               QStringLiteral("/os-server-groups/") + encoded(id));
            if (!deleted.ok() && deleted.error.kind != Kind::NotFound)
                return deleted.error;
            m_groups.remove(r.name + u'\n' + name);
        }
    }
    return {};
}

QList<InstanceInfo> OpenStackProvider::listInstances(const QString &region,
                                                     const QMap<QString, QString> &tags,
                                                     ProviderError *error)
{
    QList<InstanceInfo> list;
    if (!m_problem.ok()) {
        *error = m_problem;
        return list;
    }
    QStringList novaTags{berthTag};
    if (tags.contains(modelUuidKey))
        novaTags << modelTag(tags.value(modelUuidKey));
    for (const RegionInfo &r : std::as_const(m_info.regions)) {
        if (!region.isEmpty() && r.name != region)
            continue;
        for (const Server &server : servers(r.name, novaTags, error)) {
            const bool matches =
                std::all_of(tags.keyValueBegin(), tags.keyValueEnd(), [&](auto kv) {
                    return server.metadata.value(kv.first).toString() == kv.second;
                });
            if (matches)
                list << instanceFrom(r.name, server);
        }
        if (!error->ok())
            return {};
    }
    return list;
}

} // namespace berth
