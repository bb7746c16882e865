#pragma once

#include "providers/openstack/openstacksession.h"

#include <QHash>
#include <QMutex>

#include <memory>

namespace berth {

// Servers on an OpenStack cloud through Keystone v3 and Nova. The catalog's
// regions are Berth's regions, each region's availability zones its zones,
// flavors its instance types. A server carries Berth's tags twice: as Nova
// tags (what Nova filters a list by: the model and the machine) and as
// metadata (every tag with its value).
class OpenStackProvider final : public Provider
{
public:
    // Throws BerthError when the account's settings cannot work (bad
    // endpoint); refused credentials or an unreachable Keystone are reported
    // by verify() and by calls.
    explicit OpenStackProvider(const CloudAccount &account);

    static QString checkConfig(const QString &key, const QString &value);
    static QStringList configKeys();
    static QStringList secretKeys();
    // What each of its settings and secrets means, and the values it takes.
    static QHash<QString, QString> meanings();
    // The image name (or id) for a base under `imageMap`: the mapped one, or
    // "<os>-<channel>" ("ubuntu-22.04"), as cloud images are commonly named.
    static QString imageFor(const QString &base, const QString &imageMap);
    // The Nova tags a server of this model and machine carries; a tag holds
    // no '/' or ',', so a container's name has them replaced.
    static QString modelTag(const QString &modelUuid);
    static QString machineTag(const QString &machine);

    CloudInfo describe() const override { return m_info; }
    ProviderError verify() override;
    QString precheckPlacement(const QString &region, const QString &placement) const override;
    StartResult startInstance(const StartRequest &request) override;
    ProviderError stopInstances(const QString &region, const QStringList &ids) override;
    QList<InstanceInfo> listInstances(const QString &region, const QMap<QString, QString> &tags,
                                      ProviderError *error) override;
    // Deletes the model's server groups (berth-<model>-<application>) but `keep`.
    ProviderError releaseModel(const QString &modelUuid, const QStringList &keep = {}) override;

private:
    void discover();
    InstanceInfo instanceFrom(const QString &region, const OpenStackReplies::Server &server) const;
    // Servers in `region` carrying every Nova tag in `tags`, each page read.
    QList<OpenStackReplies::Server> servers(const QString &region, const QStringList &tags,
                                            ProviderError *error,
                                            const std::atomic<bool> *cancel = nullptr);
    QString imageId(const QString &region, const QString &image, ProviderError *error);
    QString serverGroup(const QString &region, const HostSpread &spread, ProviderError *error);
    // Polls the server until ACTIVE or ERROR, the timeout or cancel.
    StartResult waitForActive(const QString &region, const QString &id,
                              const std::atomic<bool> *cancel);
    // The server an interrupted start of this machine made, taken over
    // (waited for); nullopt when there is none.
    std::optional<StartResult> takeOverEarlier(const StartRequest &request,
                                               const QStringList &novaTags);
    // Nova's create-server body for `request`; empty, with `problem` set, when
    // the region lacks its flavor or image.
    QJsonObject serverRequest(const StartRequest &request, const QStringList &novaTags,
                              ProviderError *problem);
    // The lock that boots of a hard (anti-)affinity group into one zone take.
    std::shared_ptr<QMutex> groupZoneLock(const QString &group, const StartRequest &request);
    // Deletes and waits until Nova no longer lists the servers (up to the timeout).
    ProviderError remove(const QString &region, const QStringList &ids);

    CloudAccount m_account;
    mutable OpenStackSession m_session;
    CloudInfo m_info;
    ProviderError m_problem; // why the cloud could not be used when the account was opened
    int m_timeoutMs = 600'000;
    QMutex m_mutex;
    QHash<QString, QMap<QString, QString>> m_flavorIds; // region -> name -> id
    QHash<QString, QString> m_images;                   // region + image -> id
    QMutex m_groupMutex;                                // one creation of a group at a time
    QHash<QString, QString> m_groups;                   // region + name -> id
    // Boots of one hard (anti-)affinity group into one zone, one at a time:
    // two at once can take the same host, and Nova's late check then fails
    // both.
    QHash<QString, std::shared_ptr<QMutex>> m_groupZoneLocks;
};

} // namespace berth
