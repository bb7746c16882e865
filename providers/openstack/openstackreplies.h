#pragma once

#include "core/cloud/cloudinfo.h"
#include "core/cloud/provider.h"

#include <QDateTime>
#include <QJsonObject>
#include <QMap>

#include <optional>

namespace berth {

// What Keystone's and Nova's replies say, read for the OpenStack provider
// (API: Keystone v3, Nova with microversion 2.79): the catalog's endpoints
// per region, availability zones, flavors as instance types, servers, and
// every error classified for the provisioner.
namespace OpenStackReplies {

// A token reply's catalog: the public URL of each service type per region.
struct Catalog
{
    QMap<QString, QString> compute; // region -> URL
    QMap<QString, QString> image;
    QStringList regions() const { return compute.keys(); }
};
// nullopt, with `error` said, when the reply holds no compute endpoint.
std::optional<Catalog> catalogOf(const QJsonObject &tokenReply, QString *error);

// `os-availability-zone`: each zone and whether Nova says it is available.
QList<ZoneInfo> zonesOf(const QJsonObject &reply);

// Flavor ids by name, from `flavors/detail` (a server is booted by id).
QMap<QString, QString> flavorIdsOf(const QJsonObject &reply);

// A token reply's expiry (`token.expires_at`); invalid when it says none.
QDateTime expiryOf(const QJsonObject &tokenReply);

// `flavors/detail` as instance types. `pricePerCore` and `pricePerGiB` (an
// hour) give each a cost by its size, unless its extra spec `berth:cost`
// names one.
QList<InstanceType> flavorsOf(const QJsonObject &reply, double pricePerCore = 0.02,
                              double pricePerGiB = 0.005);

struct Server
{
    QString id;
    QString name;
    QString status; // BUILD, ACTIVE, ERROR, DELETED, ...
    QString zone;
    QString flavor;    // its original name (2.47 and later)
    quint64 cores = 0; // the flavor's, as the server carries it
    quint64 memMiB = 0;
    quint64 rootDiskGiB = 0;
    QString hostId; // hashed host: servers on one compute host share it
    QStringList tags;
    QJsonObject metadata;
    QString fault; // fault.message of a server in ERROR
};
std::optional<Server> serverOf(const QJsonObject &reply); // {"server": {...}}
QList<Server> serversOf(const QJsonObject &reply);        // {"servers": [...]}

// The message an error reply carries: Nova's {"badRequest": {"message"}},
// Keystone's {"error": {"message"}}, or the body as text.
QString messageOf(const QJsonValue &body);
// An error reply classified for the provisioner: an unknown availability
// zone (400) or a zone that cannot take it tries the next zone; a quota
// (403) fails anywhere; 401 is refused credentials; 404 is gone; 409, 429
// and 5xx pass.
ProviderError classify(int status, const QJsonValue &body);
// A server that ended in ERROR: "No valid host was found" is this zone's
// (the next zone is tried); anything else fails anywhere.
ProviderError classifyFault(const Server &server);

} // namespace OpenStackReplies

} // namespace berth
