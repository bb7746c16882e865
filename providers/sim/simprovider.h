#pragma once

#include "core/cloud/provider.h"
#include "providers/sim/simcloud.h"

#include <QMutex>

#include <atomic>
#include <chrono>

struct sqlite3;

namespace berth {

// The built-in `sim` cloud as a provider. It behaves like a cloud: every call
// takes `latency-ms`, starts fail as configured (fault-rate, fault-kind,
// zone-outage, zone-capacity), and its instances live in its own SQLite state
// file, so they outlive the process and several processes can share them.
class SimProvider final : public Provider
{
public:
    explicit SimProvider(const CloudAccount &account);
    ~SimProvider() override;

    // Checks one config value; returns it normalised or throws BerthError.
    static QString checkConfig(const QString &key, const QString &value);
    static QStringList configKeys();
    // What each of its settings and secrets means, and the values it takes.
    static QHash<QString, QString> meanings();
    static QString defaultStateFile(const QString &cloudName);

    CloudInfo describe() const override { return m_info; }
    QString precheckPlacement(const QString &region, const QString &placement) const override;
    StartResult startInstance(const StartRequest &request) override;
    ProviderError stopInstances(const QString &region, const QStringList &ids) override;
    QList<InstanceInfo> listInstances(const QString &region, const QMap<QString, QString> &tags,
                                      ProviderError *error) override;

private:
    // One call's time on the wire: made on entry, it waits half of
    // latency-ms (the request travelling), and on leaving the call, the rest
    // of it (the answer travelling back). The cloud's own work on its state
    // happens in between, as a real cloud's does while the caller waits: a
    // call takes latency-ms, not latency-ms and then its turn at the state
    // behind the other calls of the same moment.
    class Wire
    {
    public:
        explicit Wire(int latencyMs);
        ~Wire();
        Wire(const Wire &) = delete;
        Wire &operator=(const Wire &) = delete;

    private:
        std::chrono::steady_clock::time_point m_answered;
    };
    // Auth error when the cloud asks for an access key and the account's is wrong.
    ProviderError checkAccess() const;
    // Draws from the seeded fault stream; true when this start must fail.
    bool drawFault();
    // The fault drawFault() drew, as the cloud would report it.
    ProviderError drawnFault(const StartRequest &request) const;
    StartResult startMetal(const StartRequest &request);
    // An instance (or a container on the host instance named) in `region`.
    StartResult startVirtual(const StartRequest &request, const RegionInfo &region);
    // Why `zone` takes no instance now (an outage, no capacity); ok when it does.
    ProviderError zoneRefusal(const QString &zone);
    // The instance that already carries this model's and machine's tags, if any.
    QString instanceOfMachine(const QMap<QString, QString> &tags);
    QString nextId(const char *prefix);
    void exec(const char *sql);

    CloudAccount m_account;
    CloudInfo m_info;
    QList<SimCloud::Node> m_pool;
    int m_latencyMs = 0;
    double m_faultRate = 0;
    QString m_faultKind;
    QStringList m_zoneOutage;
    int m_zoneCapacity = 0;
    quint64 m_seed = 0;
    QMutex m_mutex; // one connection, used by one thread at a time
    sqlite3 *m_db = nullptr;
};

} // namespace berth
