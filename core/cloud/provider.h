#pragma once

#include "core/cloud/cloudinfo.h"
#include "core/cloud/instanceinfo.h"
#include "core/cloud/secretstore.h"
#include "core/constraints/constraints.h"

#include <QMap>
#include <QString>

#include <atomic>
#include <memory>

namespace berth {

// How a provider call failed; the provisioner's retry rules depend on it.
struct ProviderError
{
    enum class Kind {
        None,
        ZoneConstrained, // this zone cannot take it (capacity, outage): try the next zone
        ZoneIndependent, // fails anywhere (image, quota): uses up an attempt
        Transient,       // try again later
        Permanent,       // will not work as asked: no retry
        Auth,            // credentials refused: no retry
        NotFound,        // what it names (an image, an instance) does not exist: no retry
    };
    Kind kind = Kind::None;
    QString message;
    // Set when the server's TLS certificate is not the pinned one: the SHA-256
    // fingerprint it presented ("ab:cd:..."), for the user to check and accept.
    QString fingerprint;

    static ProviderError failed(Kind kind, const QString &message) { return {kind, message, {}}; }
    bool ok() const { return kind == Kind::None; }
    bool retryable() const { return kind == Kind::ZoneIndependent || kind == Kind::Transient; }
    static QString kindName(Kind kind);
};

// Units of one application kept apart on the cloud's compute hosts (or
// together): an OpenStack server group. Clouds without such groups ignore it.
struct HostSpread
{
    QString group;      // a name unique to the model and application
    QString policy;     // anti-affinity, soft-anti-affinity, affinity or soft-affinity
    int maxPerHost = 0; // with anti-affinity: at most this many on one host (0: one)
    bool wanted() const { return !policy.isEmpty(); }

    // The group Berth names for an application of a model (when its policy
    // names none), and how every such group of the model begins.
    static QString prefixOf(const QString &modelUuid)
    {
        return QStringLiteral("berth-") + modelUuid.left(8) + u'-';
    }
    static QString groupFor(const QString &modelUuid, const QString &application)
    {
        return prefixOf(modelUuid) + application;
    }
};

struct StartRequest
{
    QString region;
    QString zone; // empty: the provider chooses
    QString base;
    Constraints constraints;
    InstanceType type;      // the least-wasteful type already chosen (empty name: none)
    QString placement;      // "<hostname>", "system-id=...": provider directives
    QString hostInstanceId; // a container on this instance
    QMap<QString, QString> tags;
    HostSpread hostSpread;
    // When set and true, give up waiting on the cloud (the provisioner is stopping).
    const std::atomic<bool> *cancel = nullptr;
};

struct StartResult
{
    InstanceInfo instance;
    ProviderError error;
    bool ok() const { return error.ok(); }
};

// One cloud account. Implementations must be safe to call from several
// threads at once: the provisioner starts instances in parallel.
class Provider
{
public:
    virtual ~Provider() = default;

    // Regions, zones with health, instance-type catalogue, constraint rules.
    virtual CloudInfo describe() const = 0;
    // Asks the cloud whether this account can work (reachable, trusted, its
    // credentials accepted); add-cloud refuses an account that cannot.
    virtual ProviderError verify() { return {}; }
    // Checks a provider placement directive (node hostname, system-id) before
    // anything is written; empty when it is acceptable.
    virtual QString precheckPlacement(const QString &region, const QString &placement) const = 0;
    virtual StartResult startInstance(const StartRequest &request) = 0;
    virtual ProviderError stopInstances(const QString &region, const QStringList &ids) = 0;
    // Instances in `region` ("" for all) that carry every tag in `tags`.
    virtual QList<InstanceInfo> listInstances(const QString &region,
                                              const QMap<QString, QString> &tags,
                                              ProviderError *error) = 0;
    // Frees what the provider made for a model besides its instances (an
    // OpenStack project's server groups), but what `keep` names (the groups
    // of the applications the model still has): all of it once the model is
    // gone, an application's group once the application is.
    virtual ProviderError releaseModel(const QString &modelUuid, const QStringList &keep = {})
    {
        Q_UNUSED(modelUuid);
        Q_UNUSED(keep);
        return {};
    }
};

// A provider account as stored: its name, type and non-secret settings.
struct CloudAccount
{
    QString name;
    QString type;
    QString endpoint;
    QMap<QString, QString> config;
    // Read from the SecretStore when the provider is made; never stored or logged.
    Secrets secrets;
};

} // namespace berth
