#include "providers/openstack/openstackreplies.h"

#include <QJsonArray>

#include <cmath>

namespace berth {

namespace OpenStackReplies {

std::optional<Catalog> catalogOf(const QJsonObject &tokenReply, QString *error)
{
    Catalog catalog;
    const QJsonArray services = tokenReply.value(QStringLiteral("token"))
                                    .toObject()
                                    .value(QStringLiteral("catalog"))
                                    .toArray();
    for (const QJsonValue &s : services) {
        const QJsonObject service = s.toObject();
        const QString type = service.value(QStringLiteral("type")).toString();
        QMap<QString, QString> *into = type == u"compute" ? &catalog.compute
                                       : type == u"image" ? &catalog.image
                                                          : nullptr;
        if (!into)
            continue;
        for (const QJsonValue &e : service.value(QStringLiteral("endpoints")).toArray()) {
            const QJsonObject endpoint = e.toObject();
            if (endpoint.value(QStringLiteral("interface")).toString() != u"public")
                continue;
            const QString region =
                endpoint.value(QStringLiteral("region_id"))
                    .toString(endpoint.value(QStringLiteral("region")).toString());
            into->insert(region, endpoint.value(QStringLiteral("url")).toString());
        }
    }
    if (catalog.compute.isEmpty()) {
        *error = QStringLiteral("the token's catalog has no public compute endpoint: the project "
                                "has no Nova, or the credential is not scoped to a project");
        return std::nullopt;
    }
    return catalog;
}

QList<ZoneInfo> zonesOf(const QJsonObject &reply)
{
    QList<ZoneInfo> zones;
    for (const QJsonValue &z : reply.value(QStringLiteral("availabilityZoneInfo")).toArray()) {
        const QJsonObject zone = z.toObject();
        zones.append({zone.value(QStringLiteral("zoneName")).toString(),
                      zone.value(QStringLiteral("zoneState"))
                          .toObject()
                          .value(QStringLiteral("available"))
                          .toBool()});
    }
    return zones;
}

QMap<QString, QString> flavorIdsOf(const QJsonObject &reply)
{
    QMap<QString, QString> ids;
    for (const QJsonValue &f : reply.value(QStringLiteral("flavors")).toArray()) {
        const QJsonObject flavor = f.toObject();
        ids.insert(flavor.value(QStringLiteral("name")).toString(),
                   flavor.value(QStringLiteral("id")).toString());
    }
    return ids;
}

QDateTime expiryOf(const QJsonObject &tokenReply)
{
    const QString text = tokenReply.value(QStringLiteral("token"))
                             .toObject()
                             .value(QStringLiteral("expires_at"))
                             .toString();
    return QDateTime::fromString(text, Qt::ISODateWithMs);
}

QList<InstanceType> flavorsOf(const QJsonObject &reply, double pricePerCore, double pricePerGiB)
{
    QList<InstanceType> types;
    for (const QJsonValue &f : reply.value(QStringLiteral("flavors")).toArray()) {
        const QJsonObject flavor = f.toObject();
        InstanceType t;
        t.name = flavor.value(QStringLiteral("name")).toString();
        t.arch = QStringLiteral("amd64"); // flavors say none; Nova's hosts here are amd64
        t.cores = quint64(flavor.value(QStringLiteral("vcpus")).toInteger());
        t.memMiB = quint64(flavor.value(QStringLiteral("ram")).toInteger());
        t.rootDiskMiB = quint64(flavor.value(QStringLiteral("disk")).toInteger()) * 1024;
        t.virtType = QStringLiteral("virtual-machine");
        const QJsonValue named = flavor.value(QStringLiteral("extra_specs"))
                                     .toObject()
                                     .value(QStringLiteral("berth:cost"));
        bool ok = false;
        const double cost = named.toString().toDouble(&ok);
        t.cost = ok && std::isfinite(cost) && cost >= 0
                     ? cost
                     : double(t.cores) * pricePerCore + double(t.memMiB) / 1024.0 * pricePerGiB;
        types.append(t);
    }
    return types;
}

namespace {

Server serverFrom(const QJsonObject &s)
{
    Server server;
    server.id = s.value(QStringLiteral("id")).toString();
    server.name = s.value(QStringLiteral("name")).toString();
    server.status = s.value(QStringLiteral("status")).toString();
    server.zone = s.value(QStringLiteral("OS-EXT-AZ:availability_zone")).toString();
    const QJsonObject flavor = s.value(QStringLiteral("flavor")).toObject();
    server.flavor = flavor.value(QStringLiteral("original_name")).toString();
    server.cores = quint64(flavor.value(QStringLiteral("vcpus")).toInteger());
    server.memMiB = quint64(flavor.value(QStringLiteral("ram")).toInteger());
    server.rootDiskGiB = quint64(flavor.value(QStringLiteral("disk")).toInteger());
    server.hostId = s.value(QStringLiteral("hostId")).toString();
    for (const QJsonValue &tag : s.value(QStringLiteral("tags")).toArray())
        server.tags << tag.toString();
    server.metadata = s.value(QStringLiteral("metadata")).toObject();
    server.fault = s.value(QStringLiteral("fault"))
                       .toObject()
                       .value(QStringLiteral("message"))
                       .toString()
                       .trimmed();
    return server;
}

} // namespace

std::optional<Server> serverOf(const QJsonObject &reply)
{
    const QJsonObject s = reply.value(QStringLiteral("server")).toObject();
    if (s.value(QStringLiteral("id")).toString().isEmpty())
        return std::nullopt;
    return serverFrom(s);
}

QList<Server> serversOf(const QJsonObject &reply)
{
    QList<Server> servers;
    for (const QJsonValue &s : reply.value(QStringLiteral("servers")).toArray())
        servers.append(serverFrom(s.toObject()));
    return servers;
}

QString messageOf(const QJsonValue &body)
{
    if (body.isString())
        return body.toString().trimmed();
    const QJsonObject object = body.toObject();
    // One key naming the error ("badRequest", "forbidden", "error"), its message inside.
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString message =
            it.value().toObject().value(QStringLiteral("message")).toString().trimmed();
        if (!message.isEmpty())
            return message;
    }
    return {};
}

ProviderError classify(int status, const QJsonValue &body)
{
    using Kind = ProviderError::Kind;
    const QString message = messageOf(body);
    const QString said = message.isEmpty() ? QStringLiteral("HTTP %1").arg(status) : message;
    if (status == 400 && message.contains(QStringLiteral("availability zone")))
        return ProviderError::failed(Kind::ZoneConstrained, said);
    if (status == 401)
        return ProviderError::failed(Kind::Auth, said);
    if (status == 403 && message.contains(QStringLiteral("Quota exceeded")))
        return ProviderError::failed(Kind::ZoneIndependent, said);
    if (status == 403)
        return ProviderError::failed(Kind::Auth, said);
    if (status == 404)
        return ProviderError::failed(Kind::NotFound, said);
    if (status == 409 || status == 429 || status >= 500)
        return ProviderError::failed(Kind::Transient, said);
    return ProviderError::failed(Kind::Permanent, said);
}

ProviderError classifyFault(const Server &server)
{
    using Kind = ProviderError::Kind;
    const QString message = server.fault.isEmpty()
                                ? QStringLiteral("server %1 ended in ERROR").arg(server.id)
                                : server.fault;
    if (message.contains(QStringLiteral("No valid host was found")))
        return ProviderError::failed(Kind::ZoneConstrained, message);
    return ProviderError::failed(Kind::ZoneIndependent, message);
}

} // namespace OpenStackReplies

} // namespace berth
