#pragma once

#include "providers/lxd/lxdconnection.h"

#include <QHash>
#include <QMutex>

namespace berth {

// Real containers on an LXD server (or cluster) through its REST API over
// HTTPS. Cluster members are the availability zones (a single daemon is one
// zone named after itself); constraints become `limits.cpu`, `limits.memory`
// and the root disk's size; tags are `user.berth-*` config keys. Each call
// opens its own connection, so calls from several threads run side by side.
class LxdProvider final : public Provider
{
public:
    // Throws BerthError when the account's settings cannot work (bad endpoint);
    // an unreachable or untrusted server is reported by verify() and by calls.
    explicit LxdProvider(const CloudAccount &account);

    static QString checkConfig(const QString &key, const QString &value);
    static QStringList configKeys();
    static QStringList secretKeys();
    // What each of its settings and secrets means, and the values it takes.
    static QHash<QString, QString> meanings();
    // The image alias for a base under `imageMap` ("ubuntu@22.04=alias,..."):
    // the mapped one, or "<os>/<channel>" (the LXD image servers' naming).
    static QString imageFor(const QString &base, const QString &imageMap);
    // "256MiB", "1GB", "1073741824" to MiB; 0 when it is not a size.
    static quint64 parseSizeMiB(const QString &text);
    // "2" → 2, "0-3" → 4, "0,2-3" → 3.
    static quint64 parseCpuLimit(const QString &text);
    // The instance name for a machine: "berth-<model>-<machine>", so that a
    // second start of one machine can never make a second container.
    static QString instanceName(const QMap<QString, QString> &tags);

    CloudInfo describe() const override { return m_info; }
    ProviderError verify() override;
    QString precheckPlacement(const QString &region, const QString &placement) const override;
    StartResult startInstance(const StartRequest &request) override;
    ProviderError stopInstances(const QString &region, const QStringList &ids) override;
    QList<InstanceInfo> listInstances(const QString &region, const QMap<QString, QString> &tags,
                                      ProviderError *error) override;

private:
    struct Host
    {
        quint64 cores = 0;
        quint64 memMiB = 0;
    };
    void discover();
    InstanceInfo instanceFrom(LxdConnection &connection, const QJsonObject &json);
    Host host(LxdConnection &connection, const QString &member);
    StartResult takeOver(LxdConnection &connection, const QString &name,
                         const StartRequest &request);
    StartResult startExisting(LxdConnection &connection, const QString &name);

    CloudAccount m_account;
    LxdEndpoint m_endpoint;
    CloudInfo m_info;
    QString m_region;
    QString m_serverName;
    bool m_clustered = false;
    bool m_rootDiskQuota = false;
    ProviderError m_problem; // why the server could not be used when the account was opened
    QMutex m_mutex;
    QHash<QString, Host> m_hosts; // by cluster member
};

} // namespace berth
