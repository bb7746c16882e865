#include "core/bertherror.h"
#include "core/cloud/instancetags.h"
#include "core/commands/applicationcommands.h"
#include "core/commands/machinecommands.h"
#include "core/provisioning/provisioner.h"
#include "core/provisioning/provisionerworker.h"
#include "providers/sim/simprovider.h"
#include "tests/testsupport.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <chrono>
#include <thread>

using namespace berth;

namespace {

const QString model = QStringLiteral("default");

struct Fixture : TestWorkspace
{
    explicit Fixture(const QStringList &simConfig = {})
        : TestWorkspace(simConfig)
    {
        ModelCommands(ws()).setConfig(model, {QStringLiteral("retry-delay=5ms")});
    }
    bool provision(qint64 timeoutMs = 60'000)
    {
        Provisioner provisioner(path(), clouds, model);
        provisioner.setLog([this](const QString &line) { log << line; });
        const std::atomic<bool> cancel = false;
        return provisioner.runUntilIdle(cancel, timeoutMs);
    }
    QList<InstanceInfo> instances()
    {
        ProviderError error;
        auto list = clouds.provider(QStringLiteral("sim")).listInstances({}, {}, &error);
        return list;
    }
    ModelSnapshot snapshot() { return ws().snapshot(model); }
    // This fixture's sim cloud (the same state file) as a provider of the
    // test's own, to put another in front of; `config` as key=value.
    std::unique_ptr<SimProvider> sameSim(const QStringList &config = {})
    {
        QMap<QString, QString> values{
            {QStringLiteral("state-file"), dir.filePath(QStringLiteral("sim.sqlite"))}};
        for (const QString &setting : config)
            values.insert(setting.section(u'=', 0, 0), setting.section(u'=', 1));
        return std::make_unique<SimProvider>(
            CloudAccount{QStringLiteral("sim"), QStringLiteral("sim"), {}, values, {}});
    }
    void deploy(const QString &app, int count, const QString &constraints = {},
                const QString &to = {})
    {
        deployCharm(ws(), model, app, count, constraints, to);
    }
    // A run that recorded machine `machine`'s start with `nonce` and reached
    // the cloud (an instance in `zone`), then died: the instance's id.
    QString interruptedStart(const QString &machine, const QString &zone, const QString &nonce)
    {
        AsTheProvisioner::startBegun(ws(), model, machine, nonce);
        return startBehindBerthsBack(zone, machine, nonce);
    }
    // Starts an instance tagged for this model as if by someone else (or a dead
    // run), through `cloud` (the sim cloud's registered provider by default).
    QString startBehindBerthsBack(const QString &zone, const QString &machine,
                                  const QString &nonce = {}, Provider *cloud = nullptr)
    {
        StartRequest request;
        request.region = QStringLiteral("sim-east");
        request.zone = zone;
        request.type = *clouds.get(QStringLiteral("sim"))
                            .region(request.region)
                            ->instanceType(QStringLiteral("t3.small"));
        request.tags = {{QStringLiteral("berth-model-uuid"), snapshot().model.uuid},
                        {QStringLiteral("berth-machine-id"), machine}};
        if (!nonce.isEmpty())
            request.tags.insert(QStringLiteral("berth-nonce"), nonce);
        if (!cloud)
            cloud = &clouds.provider(QStringLiteral("sim"));
        return cloud->startInstance(request).instance.id;
    }
    // A second instance of `machine`, as a cloud without the sim's guard
    // against it could hold one (a provisioner suspended mid-start): written
    // into the sim's own state, since the sim itself refuses to start it.
    QString duplicateBehindBerthsBack(const QString &zone, const QString &machine,
                                      const QString &nonce)
    {
        const QString id = QStringLiteral("i-duplicate-") + machine;
        const QString name = QStringLiteral("sim-state");
        {
            QSqlDatabase db = openDirect(name, dir.filePath(QStringLiteral("sim.sqlite")));
            QSqlQuery insert(db);
            insert.prepare(QStringLiteral(
                "INSERT INTO instances (id, region, zone, type, hardware, state, tags, created_at) "
                "VALUES (?, 'sim-east', ?, 't3.small', 'arch=amd64', 'running', ?, 0)"));
            insert.addBindValue(id);
            insert.addBindValue(zone);
            insert.addBindValue(QString::fromUtf8(
                QJsonDocument(
                    QJsonObject{{QStringLiteral("berth-model-uuid"), snapshot().model.uuid},
                                {QStringLiteral("berth-machine-id"), machine},
                                {QStringLiteral("berth-nonce"), nonce}})
                    .toJson(QJsonDocument::Compact)));
            if (!insert.exec())
                qFatal("cannot write the sim's state: %s", qPrintable(insert.lastError().text()));
            insert = QSqlQuery();
            db.close();
        }
        QSqlDatabase::removeDatabase(name);
        return id;
    }
    QStringList log;
};

// Per application, the largest difference between its zones' unit counts.
QMap<QString, int> skewPerApplication(const ModelSnapshot &s, const QStringList &zones)
{
    QHash<qint64, QString> zoneOf;
    for (const MachineRecord &m : s.machines)
        zoneOf.insert(m.id, m.zone);
    QMap<QString, QMap<QString, int>> counts;
    for (const UnitRecord &u : s.units) {
        if (u.subordinate)
            continue;
        auto &perZone = counts[u.application];
        for (const QString &zone : zones)
            perZone[zone] += 0;
        ++perZone[zoneOf.value(u.machineId)];
    }
    QMap<QString, int> skew;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        const QList<int> values = it.value().values();
        skew[it.key()] = *std::max_element(values.begin(), values.end()) -
                         *std::min_element(values.begin(), values.end());
    }
    return skew;
}

void checkOneInstancePerMachine(Fixture &f)
{
    const ModelSnapshot s = f.snapshot();
    const QList<InstanceInfo> instances = f.instances();
    QSet<QString> ids;
    QSet<QString> machinesWithInstances;
    for (const InstanceInfo &i : instances) {
        QVERIFY2(!machinesWithInstances.contains(i.tags.value(QStringLiteral("berth-machine-id"))),
                 "two instances for one machine");
        machinesWithInstances.insert(i.tags.value(QStringLiteral("berth-machine-id")));
        ids.insert(i.id);
    }
    QCOMPARE(instances.size(), s.machines.size());
    for (const MachineRecord &m : s.machines) {
        QVERIFY2(ids.contains(m.instanceId), qPrintable(m.name));
        QCOMPARE(MachineState::text(m.state.status), QStringLiteral("started"));
        QCOMPARE(MachineState::text(m.state.instance), QStringLiteral("running"));
    }
}

// `provision --until-idle` on a thread of its own, with a connection of that
// thread: a thread of Qt's, since its wait on another provisioner holding the
// lease runs an event loop (timers, the store's notifications).
class UntilIdleAside
{
public:
    explicit UntilIdleAside(Fixture &f)
        : m_thread(QThread::create([this, &f] {
            Provisioner provisioner(f.path(), f.clouds, model);
            provisioner.setLog([this](const QString &line) {
                if (line.contains(QStringLiteral("is provisioned by")))
                    m_waiting = true;
            });
            m_idle = provisioner.runUntilIdle(m_cancel, 60'000);
            m_done = true;
        }))
    {
        m_thread->start();
    }
    ~UntilIdleAside() { m_thread->wait(); }
    UntilIdleAside(const UntilIdleAside &) = delete;
    UntilIdleAside &operator=(const UntilIdleAside &) = delete;

    bool done() const { return m_done; }
    // Up to 30 s for it to say that it waits on the lease's holder.
    bool waits() const { return within30s(m_waiting); }
    // Up to 30 s for it to end: whether it ended idle.
    bool endsIdle() const { return within30s(m_done) && m_idle; }

private:
    static bool within30s(const std::atomic<bool> &flag)
    {
        QDeadlineTimer deadline(30'000);
        while (!flag && !deadline.hasExpired())
            QThread::msleep(10);
        return flag;
    }

    const std::atomic<bool> m_cancel = false;
    std::atomic<bool> m_waiting = false;
    std::atomic<bool> m_done = false;
    bool m_idle = false;               // written before m_done
    std::unique_ptr<QThread> m_thread; // last: it runs on the members above
};

// A provider that hands every call to `inner` (the sim's); the test
// providers below change only what they are about.
class ForwardingProvider : public Provider
{
public:
    explicit ForwardingProvider(Provider &inner)
        : m_inner(inner)
    {}
    CloudInfo describe() const override { return m_inner.describe(); }
    QString precheckPlacement(const QString &region, const QString &placement) const override
    {
        return m_inner.precheckPlacement(region, placement);
    }
    StartResult startInstance(const StartRequest &request) override
    {
        return m_inner.startInstance(request);
    }
    ProviderError stopInstances(const QString &region, const QStringList &ids) override
    {
        return m_inner.stopInstances(region, ids);
    }
    QList<InstanceInfo> listInstances(const QString &region, const QMap<QString, QString> &tags,
                                      ProviderError *error) override
    {
        return m_inner.listInstances(region, tags, error);
    }
    ProviderError releaseModel(const QString &modelUuid, const QStringList &keep) override
    {
        return m_inner.releaseModel(modelUuid, keep);
    }

protected:
    Provider &m_inner;
};

// Delegates to the sim provider and notes which threads the calls come from,
// and what each release keeps.
class RecordingProvider final : public ForwardingProvider
{
public:
    explicit RecordingProvider(Provider &inner)
        : ForwardingProvider(inner)
    {}
    StartResult startInstance(const StartRequest &request) override
    {
        note();
        return m_inner.startInstance(request);
    }
    ProviderError stopInstances(const QString &region, const QStringList &ids) override
    {
        note();
        return m_inner.stopInstances(region, ids);
    }
    QList<InstanceInfo> listInstances(const QString &region, const QMap<QString, QString> &tags,
                                      ProviderError *error) override
    {
        note();
        return m_inner.listInstances(region, tags, error);
    }
    ProviderError releaseModel(const QString &modelUuid, const QStringList &keep) override
    {
        QMutexLocker lock(&m_mutex);
        m_releases << keep;
        return m_inner.releaseModel(modelUuid, keep);
    }
    QSet<QThread *> threads() const
    {
        QMutexLocker lock(&m_mutex);
        return m_threads;
    }
    // What each releaseModel() call was asked to keep.
    QList<QStringList> releases() const
    {
        QMutexLocker lock(&m_mutex);
        return m_releases;
    }

private:
    void note()
    {
        QMutexLocker lock(&m_mutex);
        m_threads.insert(QThread::currentThread());
    }
    mutable QMutex m_mutex;
    QSet<QThread *> m_threads;
    QList<QStringList> m_releases;
};

// Delegates to the sim provider, each start taking 100 ms, and notes the most
// starts under way at once on each host (containers) and in all.
class ConcurrencyProvider final : public ForwardingProvider
{
public:
    explicit ConcurrencyProvider(Provider &inner)
        : ForwardingProvider(inner)
    {}
    StartResult startInstance(const StartRequest &request) override
    {
        {
            QMutexLocker lock(&m_mutex);
            const int now = ++m_running[request.hostInstanceId];
            m_most[request.hostInstanceId] = std::max(m_most.value(request.hostInstanceId), now);
        }
        QThread::msleep(100);
        StartResult result = m_inner.startInstance(request);
        QMutexLocker lock(&m_mutex);
        --m_running[request.hostInstanceId];
        return result;
    }
    // The most starts at once on each host ("" for machines of their own).
    QHash<QString, int> most() const
    {
        QMutexLocker lock(&m_mutex);
        return m_most;
    }

private:
    mutable QMutex m_mutex;
    QHash<QString, int> m_running;
    QHash<QString, int> m_most;
};

// The sim cloud behind an account whose credentials the cloud now refuses.
class RefusingProvider final : public ForwardingProvider
{
public:
    explicit RefusingProvider(Provider &inner)
        : ForwardingProvider(inner)
    {}
    StartResult startInstance(const StartRequest &) override
    {
        ++starts;
        return {{}, refusal()};
    }
    ProviderError stopInstances(const QString &, const QStringList &) override { return refusal(); }
    QList<InstanceInfo> listInstances(const QString &, const QMap<QString, QString> &,
                                      ProviderError *error) override
    {
        *error = refusal();
        return {};
    }
    static ProviderError refusal()
    {
        return ProviderError::failed(ProviderError::Kind::Auth,
                                     QStringLiteral("Keystone refused the application credential"));
    }
    std::atomic<int> starts = 0;
};

// The sim cloud, except that one machine's start hangs until released (or
// the pass gives up): a wedged provider call.
class WedgingProvider final : public ForwardingProvider
{
public:
    WedgingProvider(Provider &inner, QString wedged)
        : ForwardingProvider(inner)
        , m_wedged(std::move(wedged))
    {}
    StartResult startInstance(const StartRequest &request) override
    {
        const QString machine = request.tags.value(InstanceTags::machine);
        if (machine == m_wedged) {
            hanging = true;
            while (!released && !(request.cancel && *request.cancel))
                QThread::msleep(10);
            hanging = false;
        }
        if (takesOver) {
            // As LXD and OpenStack do: an instance the machine already has is
            // handed back instead of a second one.
            ProviderError error;
            for (const InstanceInfo &instance : m_inner.listInstances(
                     request.region, {{InstanceTags::machine, machine}}, &error)) {
                if (instance.tags.value(InstanceTags::model) ==
                    request.tags.value(InstanceTags::model))
                    return {instance, {}};
            }
        }
        return m_inner.startInstance(request);
    }
    std::atomic<bool> hanging = false;
    std::atomic<bool> released = false;
    bool takesOver = false;

private:
    QString m_wedged;
};

// The sim cloud, except that a listing waits (up to `patience`) for
// `awaited` starts to be done before it lists, and notes how many were.
class ListingAfterStartsProvider final : public ForwardingProvider
{
public:
    ListingAfterStartsProvider(Provider &inner, int awaited, std::chrono::milliseconds patience)
        : ForwardingProvider(inner)
        , m_awaited(awaited)
        , m_patience(patience)
    {}
    StartResult startInstance(const StartRequest &request) override
    {
        StartResult result = m_inner.startInstance(request);
        ++m_done;
        return result;
    }
    QList<InstanceInfo> listInstances(const QString &region, const QMap<QString, QString> &tags,
                                      ProviderError *error) override
    {
        QDeadlineTimer deadline(m_patience);
        while (m_done < m_awaited && !deadline.hasExpired())
            QThread::msleep(5);
        doneBeforeListing = m_done.load();
        return m_inner.listInstances(region, tags, error);
    }
    std::atomic<int> doneBeforeListing = -1;

private:
    const int m_awaited;
    const std::chrono::milliseconds m_patience;
    std::atomic<int> m_done = 0;
};

// The sim cloud, except that the starts after the first `first` wait
// (up to `patience`) until `together` of them are asked at once, and note
// whether they were.
class GatheringProvider final : public ForwardingProvider
{
public:
    GatheringProvider(Provider &inner, int first, int together, std::chrono::milliseconds patience)
        : ForwardingProvider(inner)
        , m_first(first)
        , m_together(together)
        , m_patience(patience)
    {}
    StartResult startInstance(const StartRequest &request) override
    {
        if (m_asked++ >= m_first) {
            if (++m_waiting >= m_together)
                gathered = true;
            QDeadlineTimer deadline(m_patience);
            while (!gathered && !deadline.hasExpired())
                QThread::msleep(5);
            --m_waiting; // those that come after one gave up wait anew
        }
        return m_inner.startInstance(request);
    }
    std::atomic<bool> gathered = false;

private:
    const int m_first;
    const int m_together;
    const std::chrono::milliseconds m_patience;
    std::atomic<int> m_asked = 0;
    std::atomic<int> m_waiting = 0;
};

// Holds every start until released (or ten seconds), counting those asked.
class HoldingProvider final : public ForwardingProvider
{
public:
    using ForwardingProvider::ForwardingProvider;
    StartResult startInstance(const StartRequest &request) override
    {
        ++asked;
        QDeadlineTimer deadline(std::chrono::seconds(10));
        while (!released && !deadline.hasExpired())
            QThread::msleep(5);
        return m_inner.startInstance(request);
    }
    std::atomic<int> asked = 0;
    std::atomic<bool> released = false;
};

// A pass over `f`'s model on a thread of its own, whose starts the cloud
// holds until release() (or the end of the scope).
class HeldPass
{
public:
    explicit HeldPass(Fixture &f)
        : m_sim(f.sameSim())
        , holding(std::make_shared<HoldingProvider>(*m_sim))
        , m_provisioner(holdingStarts(f, holding), f.clouds, model)
        , m_thread([this] { report = m_provisioner.runPass(m_cancel); })
    {}
    ~HeldPass() { release(); }
    HeldPass(const HeldPass &) = delete;
    HeldPass &operator=(const HeldPass &) = delete;
    void release()
    {
        holding->released = true;
        if (m_thread.joinable())
            m_thread.join();
    }

private:
    // `f`'s store, once `holding` answers for its sim cloud.
    static QString holdingStarts(Fixture &f, const std::shared_ptr<HoldingProvider> &holding)
    {
        f.clouds.add(f.clouds.get(QStringLiteral("sim")), holding);
        return f.path();
    }
    std::unique_ptr<SimProvider> m_sim;

public:
    std::shared_ptr<HoldingProvider> holding;
    Provisioner::Report report; // once released

private:
    Provisioner m_provisioner;
    const std::atomic<bool> m_cancel = false;
    std::thread m_thread;
};

// The machines whose start is recorded.
QList<MachineRecord> recordedStarts(Fixture &f)
{
    QList<MachineRecord> starting;
    for (const MachineRecord &m : f.snapshot().machines) {
        if (!m.nonce.isEmpty())
            starting << m;
    }
    return starting;
}

} // namespace

class TestProvisioner : public QObject
{
    Q_OBJECT

private slots:
    void startsEveryMachineWithItsType();
    void aPassHoldsAFewConnectionsHoweverManyWorkers();
    void theLastFewStartTogetherNotKeptForLater();
    void theNextRoundIsRecordedWhileTheFirstIsInTheCloud();
    void aRoundsStartsAreRecordedTogetherEachItsOwn();
    void containersOfAFailedHostShowAnErrorNamingIt();
    void containersStartAFewAtATimeOnEachHost();
    void spreadsEachApplicationOverZones();
    void fallsBackWhenAZoneIsOut();
    void transientFaultsAreRetriedToExactlyOneInstance();
    void permanentFaultsShowAndRetryProvisioningRecovers();
    void everyMoveIsKeptInTheStatusHistory();
    void deadMachinesAndStraysFollowHarvestMode_data();
    void deadMachinesAndStraysFollowHarvestMode();
    void containersStartAfterTheirHosts();
    void adoptsWhatAnInterruptedRunStarted();
    void neverStartedMachinesStartWhileTheCloudLists();
    void aStartFromAnEarlierRunIsListedBeforeAnyStarts();
    void stopsDuplicates();
    void bareMetalPoolAcquiresLeastWastefulNode();
    void oneProvisionerPerModel();
    void untilIdleIsIdleOnceTheLeaseHolderHasStartedAll();
    void untilIdleWaitsForTheLeaseHoldersStarts();
    void untilIdleWaitsUntilADyingModelIsGone();
    void notFoundErrorsShowAtOnceWithoutRetries();
    void refusedCredentialsShowOnEveryMachineWithoutRetry();
    void aProvisionerThatLosesTheLeaseStopsStarting();
    void eachStartIsRecordedBeforeItsInstanceOnce();
    void workerRunsOnItsThreadAndReports();
    void aRunningProvisionerActsOnWhatOthersCommit();
    void aGoneApplicationsServerGroupIsReleased();
    void machinesAddedDuringAWedgedStartStartAnyway();
    void aLateStartNeverStopsTheInstanceAnotherRecorded();
};

void TestProvisioner::startsEveryMachineWithItsType()
{
    Fixture f;
    f.deploy(QStringLiteral("wordpress"), 1, QStringLiteral("mem=3G"));
    f.deploy(QStringLiteral("db"), 1, QStringLiteral("arch=arm64 cores=2"));
    QVERIFY(f.provision());
    const ModelSnapshot s = f.snapshot();
    QCOMPARE(s.machines.at(0).instanceType, QStringLiteral("m5.medium"));
    QCOMPARE(s.machines.at(0).hardware,
             QStringLiteral("arch=amd64 cores=2 mem=4096M root-disk=16384M"));
    QCOMPARE(s.machines.at(1).instanceType, QStringLiteral("m6g.medium"));
    QCOMPARE(s.machines.at(1).region, QStringLiteral("sim-east"));
    const auto instances = f.instances();
    QCOMPARE(instances.size(), 2);
    // Both start at once, so the cloud lists them in either order.
    const auto wordpress = std::find_if(instances.cbegin(), instances.cend(), [&](const auto &i) {
        return i.id == s.machines.at(0).instanceId;
    });
    QVERIFY(wordpress != instances.cend());
    QCOMPARE(wordpress->tags.value(QStringLiteral("berth-model-uuid")), s.model.uuid);
    QCOMPARE(wordpress->tags.value(QStringLiteral("berth-units")), QStringLiteral("wordpress/0"));
    QVERIFY(!wordpress->tags.value(QStringLiteral("berth-nonce")).isEmpty());
    checkOneInstancePerMachine(f);
}

void TestProvisioner::spreadsEachApplicationOverZones()
{
    Fixture f;
    const QStringList zones{QStringLiteral("sim-east-a"), QStringLiteral("sim-east-b"),
                            QStringLiteral("sim-east-c")};
    ApplicationCommands apps(f.ws());
    f.deploy(QStringLiteral("web"), 7);
    f.deploy(QStringLiteral("db"), 2);
    QVERIFY(f.provision());
    for (int skew : skewPerApplication(f.snapshot(), zones))
        QVERIFY(skew <= 1);
    // Mixed removals and additions: the spread is restored as units are added.
    apps.removeUnits(model, {QStringLiteral("web/0"), QStringLiteral("web/3"),
                             QStringLiteral("web/6"), QStringLiteral("db/1")});
    apps.addUnits(model, QStringLiteral("web"), 5, {});
    apps.addUnits(model, QStringLiteral("db"), 4, {});
    f.deploy(QStringLiteral("cache"), 5);
    QVERIFY(f.provision());
    const auto skew = skewPerApplication(f.snapshot(), zones);
    QCOMPARE(skew.keys(),
             (QStringList{QStringLiteral("cache"), QStringLiteral("db"), QStringLiteral("web")}));
    for (auto it = skew.cbegin(); it != skew.cend(); ++it)
        QVERIFY2(it.value() <= 1, qPrintable(it.key()));
    checkOneInstancePerMachine(f);
}

void TestProvisioner::fallsBackWhenAZoneIsOut()
{
    Fixture f({QStringLiteral("zone-outage=sim-east-a")});
    f.deploy(QStringLiteral("web"), 6);
    QVERIFY(f.provision());
    QMap<QString, int> perZone;
    for (const MachineRecord &m : f.snapshot().machines)
        ++perZone[m.zone];
    QCOMPARE(perZone.value(QStringLiteral("sim-east-a")), 0);
    QCOMPARE(perZone.value(QStringLiteral("sim-east-b")), 3);
    QCOMPARE(perZone.value(QStringLiteral("sim-east-c")), 3);
    QVERIFY(f.log.join(u'\n').contains(QStringLiteral("zone sim-east-a is unavailable; trying")));
    // A machine pinned to the zone that is out cannot fall back: a clear error.
    MachineCommands(f.ws()).addMachines(model, {QStringLiteral("zone=sim-east-a"), 1, {}, {}, {}});
    QVERIFY(f.provision());
    const MachineRecord pinned = f.snapshot().machines.last();
    QCOMPARE(MachineState::text(pinned.state.status), QStringLiteral("error"));
    QCOMPARE(MachineState::text(pinned.state.instance), QStringLiteral("provisioning error"));
    QVERIFY2(pinned.instanceMessage.startsWith(QStringLiteral("zone sim-east-a is unavailable")),
             qPrintable(pinned.instanceMessage));
    // Every zone out: the round is one attempt, tried again after the delay
    // (an outage or a shortage may pass); once they are used up, the error
    // names what was tried.
    ModelCommands(f.ws()).setConfig(
        model, {QStringLiteral("retry-count=2"), QStringLiteral("retry-delay=10ms")});
    f.configureSim({QStringLiteral("zone-outage=sim-east-a,sim-east-b,sim-east-c")});
    f.deploy(QStringLiteral("db"), 1);
    QVERIFY(f.provision());
    const QString log = f.log.join(u'\n');
    QVERIFY2(log.contains(QStringLiteral("attempt 1 failed: zone sim-east-c is unavailable "
                                         "(tried zones sim-east-a, sim-east-b, sim-east-c); "
                                         "retrying")),
             qPrintable(log));
    QVERIFY2(log.contains(QStringLiteral("attempt 2 failed")), qPrintable(log));
    const MachineRecord stuck = f.snapshot().machines.last();
    QCOMPARE(stuck.attempts, 3);
    QCOMPARE(MachineState::text(stuck.state.status), QStringLiteral("error"));
    QVERIFY2(stuck.instanceMessage.contains(
                 QStringLiteral("tried zones sim-east-a, sim-east-b, sim-east-c")),
             qPrintable(stuck.instanceMessage));
}

void TestProvisioner::transientFaultsAreRetriedToExactlyOneInstance()
{
    Fixture f({QStringLiteral("fault-rate=0.3"), QStringLiteral("fault-kind=transient"),
               QStringLiteral("seed=42")});
    ModelCommands(f.ws()).setConfig(model, {QStringLiteral("retry-count=20")});
    f.deploy(QStringLiteral("web"), 40);
    QVERIFY(f.provision());
    QVERIFY(f.log.join(u'\n').contains(QStringLiteral("simulated transient fault; retrying")));
    checkOneInstancePerMachine(f);
}

void TestProvisioner::everyMoveIsKeptInTheStatusHistory()
{
    // Given a start that fails for good, then a retry that starts
    Fixture f({QStringLiteral("fault-rate=1"), QStringLiteral("fault-kind=permanent")});
    f.deploy(QStringLiteral("web"), 1);
    QVERIFY(f.provision());
    MachineCommands machines(f.ws());
    f.configureSim({QStringLiteral("fault-rate=0")});
    machines.retryProvisioning(model, {QStringLiteral("0")}, std::nullopt);
    QVERIFY(f.provision());

    // Then the machine's history holds each move, oldest first, with its words
    const QList<StatusLogEntry> log = machines.statusLog(model, QStringLiteral("0"));
    QStringList moves;
    for (const StatusLogEntry &e : log) {
        moves << MachineState::text(e.state.status) + u'/' + MachineState::text(e.state.instance);
        QVERIFY(e.at > 0);
    }
    QCOMPARE(
        moves,
        (QStringList{QStringLiteral("pending/provisioning"),
                     QStringLiteral("error/provisioning error"), QStringLiteral("pending/pending"),
                     QStringLiteral("pending/provisioning"), QStringLiteral("started/running")}));
    QCOMPARE(log.at(1).message, QStringLiteral("image for ubuntu@22.04 not found"));
    QCOMPARE(log.at(2).message, QStringLiteral("retry requested"));
    const MachineRecord m = f.snapshot().machines.first();
    QCOMPARE(log.last().message,
             QStringLiteral("instance %1 (%2) in %3").arg(m.instanceId, m.instanceType, m.zone));

    // And it goes with the machine
    machines.removeMachines(model, {QStringLiteral("0")}, true);
    QVERIFY(f.provision());
    QCOMPARE(errorOf([&] { machines.statusLog(model, QStringLiteral("0")); }),
             QStringLiteral("machine 0 not found"));
}

void TestProvisioner::permanentFaultsShowAndRetryProvisioningRecovers()
{
    Fixture f({QStringLiteral("fault-rate=1"), QStringLiteral("fault-kind=permanent")});
    ModelCommands(f.ws()).setConfig(model, {QStringLiteral("retry-count=2")});
    f.deploy(QStringLiteral("web"), 3);
    QVERIFY(f.provision());
    for (const MachineRecord &m : f.snapshot().machines) {
        QCOMPARE(MachineState::text(m.state.status), QStringLiteral("error"));
        QCOMPARE(MachineState::text(m.state.instance), QStringLiteral("provisioning error"));
        QCOMPARE(m.instanceMessage, QStringLiteral("image for ubuntu@22.04 not found"));
        QVERIFY(m.instanceId.isEmpty());
        // "Not found" is not retryable: error at once, the retries left unused.
        QCOMPARE(m.attempts, 1);
    }
    QVERIFY(f.instances().isEmpty());

    // Not retried by itself; retry-provisioning does it, optionally with new constraints.
    f.configureSim({QStringLiteral("fault-rate=0")});
    QVERIFY(f.provision());
    QCOMPARE(MachineState::text(f.snapshot().machines.first().state.status),
             QStringLiteral("error"));
    MachineCommands machines(f.ws());
    machines.retryProvisioning(model, {QStringLiteral("0")}, QStringLiteral("mem=8G"));
    QCOMPARE(f.snapshot().machines.first().constraints, QStringLiteral("mem=8192M"));
    machines.retryProvisioning(model, {}, std::nullopt);
    QVERIFY(f.provision());
    const ModelSnapshot s = f.snapshot();
    QCOMPARE(s.machines.at(0).instanceType, QStringLiteral("r5.large"));
    QCOMPARE(s.machines.at(1).instanceType, QStringLiteral("t3.small"));
    checkOneInstancePerMachine(f);
    try {
        machines.retryProvisioning(model, {QStringLiteral("1")}, std::nullopt);
        QFAIL("retrying a started machine must fail");
    } catch (const BerthError &error) {
        QCOMPARE(error.message(), QStringLiteral("machine 1 is not in error (status started); only "
                                                 "machines in error can be retried"));
    }

    // Constraints no type can meet fail at once, without calling the cloud.
    machines.addMachines(model, {{}, 1, {}, QStringLiteral("mem=900G"), {}});
    QVERIFY(f.provision());
    QCOMPARE(f.snapshot().machines.last().instanceMessage,
             QStringLiteral(R"(no instance types in sim-east matching constraints "mem=921600M")"));
}

void TestProvisioner::containersOfAFailedHostShowAnErrorNamingIt()
{
    Fixture f;
    MachineCommands machines(f.ws());
    machines.addMachines(model, {{}, 1, {}, QStringLiteral("mem=900G"), {}}); // 0: no type fits
    machines.addMachines(model, {QStringLiteral("lxd:0"), 1, {}, {}, {}});
    machines.addMachines(model, {{}, 1, {}, {}, {}}); // 1: fine
    QVERIFY(f.provision());
    const auto byName = [&] {
        QHash<QString, MachineRecord> all;
        for (const MachineRecord &m : f.snapshot().machines)
            all.insert(m.name, m);
        return all;
    };
    const MachineRecord held = byName().value(QStringLiteral("0/lxd/0"));
    QVERIFY(held.state.inError());
    QVERIFY(held.instanceId.isEmpty());
    QCOMPARE(held.machineMessage,
             QStringLiteral(R"(host machine 0 is in error: no instance types in sim-east matching )"
                            R"(constraints "mem=921600M")"));
    QVERIFY(f.log.join(u'\n').contains(
        QStringLiteral("machine 0/lxd/0: cannot start: host machine 0")));
    QCOMPARE(f.instances().size(), 1); // only machine 1

    // Retrying the host takes its held container along; both start.
    const CommandResult retried =
        machines.retryProvisioning(model, {QStringLiteral("0")}, QStringLiteral("mem=1G"));
    QCOMPARE(retried.messages,
             (QStringList{QStringLiteral("machine 0 will be provisioned again"),
                          QStringLiteral("machine 0/lxd/0 will be provisioned with its host")}));
    QVERIFY(f.provision());
    for (const MachineRecord &m : byName())
        QVERIFY2(m.state == (MachineState{MachineState::Life::Alive, MachineState::Status::Started,
                                          MachineState::InstanceStatus::Running}),
                 qPrintable(m.name));
    QCOMPARE(f.instances().size(), 3);
}

void TestProvisioner::deadMachinesAndStraysFollowHarvestMode_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<bool>("deadInstanceStopped");
    QTest::addColumn<bool>("strayStopped");
    QTest::addColumn<bool>("leftInstanceStoppedLater");
    QTest::newRow("none") << "none" << false << false << false;
    QTest::newRow("destroyed") << "destroyed" << true << false << true;
    // The dead machine's instance is left, then harvested as unknown once its machine is gone.
    QTest::newRow("unknown") << "unknown" << false << true << true;
    QTest::newRow("all") << "all" << true << true << true;
}

void TestProvisioner::deadMachinesAndStraysFollowHarvestMode()
{
    QFETCH(QString, mode);
    QFETCH(bool, deadInstanceStopped);
    QFETCH(bool, strayStopped);
    QFETCH(bool, leftInstanceStoppedLater);
    Fixture f;
    ModelCommands(f.ws()).setConfig(model, {QStringLiteral("harvest-mode=") + mode});
    f.deploy(QStringLiteral("web"), 2);
    QVERIFY(f.provision());
    const QString doomed = f.snapshot().machines.first().instanceId;
    // A stray: tagged for this model, for a machine the model does not have.
    const QString strayId =
        f.startBehindBerthsBack(QStringLiteral("sim-east-b"), QStringLiteral("99"));
    QVERIFY(!strayId.isEmpty());

    ApplicationCommands(f.ws()).removeUnits(model, {QStringLiteral("web/0")});
    QCOMPARE(MachineState::text(f.snapshot().machines.first().state.life), QStringLiteral("dead"));
    QVERIFY(f.provision());
    QSet<QString> left;
    for (const InstanceInfo &i : f.instances())
        left.insert(i.id);
    QCOMPARE(f.snapshot().machines.size(), 1); // the dead machine is gone from the model
    QCOMPARE(!left.contains(doomed), deadInstanceStopped);
    QCOMPARE(!left.contains(strayId), strayStopped);
    QVERIFY(left.contains(f.snapshot().machines.first().instanceId));

    Provisioner(f.path(), f.clouds, model).runPass(std::atomic<bool>(false));
    left.clear();
    for (const InstanceInfo &i : f.instances())
        left.insert(i.id);
    QCOMPARE(!left.contains(doomed), leftInstanceStoppedLater);
}

// A provisioner keeps the model between passes and reads again what the
// change log names: what another connection commits between two passes is
// acted on in the next, as a new provisioner would.
void TestProvisioner::aRunningProvisionerActsOnWhatOthersCommit()
{
    Fixture f({QStringLiteral("fault-rate=1"), QStringLiteral("fault-kind=permanent")});
    f.deploy(QStringLiteral("web"), 3);
    Provisioner provisioner(f.path(), f.clouds, model);
    const std::atomic<bool> cancel = false;
    Provisioner::Report report = provisioner.runPass(cancel);
    QCOMPARE(report.failed, 3);

    // Committed by f's own connection, not the provisioner's.
    f.configureSim({QStringLiteral("fault-rate=0")});
    QCOMPARE(provisioner.runPass(cancel).started, 0); // in error: waits for retry-provisioning
    MachineCommands(f.ws()).retryProvisioning(model, {QStringLiteral("0"), QStringLiteral("1")},
                                              std::nullopt);
    ApplicationCommands(f.ws()).addUnits(model, QStringLiteral("web"), 2, {});
    report = provisioner.runPass(cancel);
    QCOMPARE(report.started, 4); // machines 0 and 1 again, and the two new ones
    ApplicationCommands(f.ws()).removeUnits(model, {QStringLiteral("web/0")});
    MachineCommands(f.ws()).retryProvisioning(model, {QStringLiteral("2")},
                                              QStringLiteral("mem=8G"));
    report = provisioner.runPass(cancel);
    QCOMPARE(report.removed, 1);
    QCOMPARE(report.started, 1);
    QCOMPARE(report.pending, 0);

    const ModelSnapshot s = f.snapshot();
    QCOMPARE(s.machines.size(), 4);
    for (const MachineRecord &m : s.machines)
        QVERIFY2(!m.instanceId.isEmpty(), qPrintable(m.name));
    QCOMPARE(s.machines.at(1).name, QStringLiteral("2"));
    QCOMPARE(s.machines.at(1).instanceType, QStringLiteral("r5.large")); // the new constraints
    checkOneInstancePerMachine(f);
    // Nothing left to do, and nothing done twice.
    report = provisioner.runPass(cancel);
    QCOMPARE(report.started + report.removed + report.stopped + report.adopted, 0);
}

// Server groups (OpenStack's) of applications the model no longer has are
// freed: at a provisioner's first pass, then when an application goes; not
// at every pass.
void TestProvisioner::aGoneApplicationsServerGroupIsReleased()
{
    Fixture f;
    ModelCommands(f.ws()).setConfig(model, {QStringLiteral("server-group-policy=anti-affinity")});
    f.deploy(QStringLiteral("web"), 2);
    f.deploy(QStringLiteral("db"), 1);
    const std::unique_ptr<SimProvider> sim = f.sameSim();
    SimProvider &inner = *sim;
    auto recorder = std::make_shared<RecordingProvider>(inner);
    f.clouds.add(f.clouds.get(QStringLiteral("sim")), recorder);
    const QString uuid = f.snapshot().model.uuid;
    const QString webGroup = HostSpread::groupFor(uuid, QStringLiteral("web"));
    const QString dbGroup = HostSpread::groupFor(uuid, QStringLiteral("db"));

    Provisioner provisioner(f.path(), f.clouds, model);
    const std::atomic<bool> cancel = false;
    QCOMPARE(provisioner.runPass(cancel).started, 3);
    QCOMPARE(recorder->releases().size(), 1);
    QVERIFY(recorder->releases().last().contains(webGroup));
    QVERIFY(recorder->releases().last().contains(dbGroup));
    provisioner.runPass(cancel);
    QCOMPARE(recorder->releases().size(), 1); // nothing went: the cloud is not asked

    ApplicationCommands(f.ws()).removeApplication(model, QStringLiteral("db"));
    const Provisioner::Report report = provisioner.runPass(cancel);
    QCOMPARE(report.removed, 1);
    QCOMPARE(recorder->releases().size(), 2);
    QVERIFY(recorder->releases().last().contains(webGroup));
    QVERIFY(!recorder->releases().last().contains(dbGroup));
    provisioner.runPass(cancel);
    QCOMPARE(recorder->releases().size(), 2);
}

// One provider call that never ends holds up its own machine only: machines
// (and containers) added while it hangs start within seconds, in the same
// pass; the wedged one starts once its call returns.
void TestProvisioner::machinesAddedDuringAWedgedStartStartAnyway()
{
    Fixture f;
    f.deploy(QStringLiteral("web"), 1);
    const std::unique_ptr<SimProvider> sim = f.sameSim();
    SimProvider &inner = *sim;
    auto wedging = std::make_shared<WedgingProvider>(inner, QStringLiteral("0"));
    f.clouds.add(f.clouds.get(QStringLiteral("sim")), wedging);

    Provisioner provisioner(f.path(), f.clouds, model);
    QMutex logMutex;
    QStringList said;
    provisioner.setLog([&](const QString &line) {
        QMutexLocker lock(&logMutex);
        said << line;
    });
    const std::atomic<bool> cancel = false;
    Provisioner::Report report;
    std::thread pass([&] { report = provisioner.runPass(cancel); });
    QTRY_VERIFY_WITH_TIMEOUT(wedging->hanging, 10'000);

    f.deploy(QStringLiteral("db"), 2);
    ApplicationCommands(f.ws()).addUnits(model, QStringLiteral("web"), 1, QStringLiteral("lxd:0"));
    const auto instanceOf = [&f](const QString &machine) {
        for (const MachineRecord &m : f.snapshot().machines) {
            if (m.name == machine)
                return m.instanceId;
        }
        return QString();
    };
    QTRY_VERIFY_WITH_TIMEOUT(!instanceOf(QStringLiteral("1")).isEmpty() &&
                                 !instanceOf(QStringLiteral("2")).isEmpty(),
                             10'000);
    QVERIFY(wedging->hanging); // still wedged: they did not wait for it
    QVERIFY(instanceOf(QStringLiteral("0")).isEmpty());
    QVERIFY(instanceOf(QStringLiteral("0/lxd/0")).isEmpty()); // its host is not up yet
    // Those may have been seen by the pass's own read after the listing; one
    // added now, with the pass waiting on its starts, joins them.
    f.deploy(QStringLiteral("cache"), 1);
    QTRY_VERIFY_WITH_TIMEOUT(!instanceOf(QStringLiteral("3")).isEmpty(), 10'000);
    QVERIFY(wedging->hanging);

    wedging->released = true;
    pass.join();
    QCOMPARE(report.started, 5); // 0, 1, 2, 3 and the container, once its host ran
    QCOMPARE(report.pending, 0);
    QVERIFY2(said.filter(QStringLiteral("added meanwhile")).size() >= 1,
             qPrintable(said.join(u'\n')));
    checkOneInstancePerMachine(f);
}

// A provisioner suspended mid-start (its lease lost) resumes after another
// one started and recorded the machine; the cloud hands the late start that
// same instance (LXD by its name, OpenStack by its tags). The late start
// leaves it: one instance, running, recorded.
void TestProvisioner::aLateStartNeverStopsTheInstanceAnotherRecorded()
{
    Fixture f;
    f.deploy(QStringLiteral("web"), 1);
    const std::unique_ptr<SimProvider> sim = f.sameSim();
    SimProvider &inner = *sim;
    auto cloud = std::make_shared<WedgingProvider>(inner, QStringLiteral("0"));
    cloud->takesOver = true;
    f.clouds.add(f.clouds.get(QStringLiteral("sim")), cloud);

    Provisioner late(f.path(), f.clouds, model);
    const std::atomic<bool> cancel = false;
    Provisioner::Report report;
    std::thread pass([&] { report = late.runPass(cancel); });
    QTRY_VERIFY_WITH_TIMEOUT(cloud->hanging, 10'000);

    // Meanwhile the machine is started and recorded by another start.
    const QString other =
        f.startBehindBerthsBack(QStringLiteral("sim-east-a"), QStringLiteral("0"), {}, &inner);
    InstanceInfo instance;
    for (const InstanceInfo &i : f.instances()) {
        if (i.id == other)
            instance = i;
    }
    QCOMPARE(instance.id, other);
    f.ws().inModel(model, [&](ModelTx &tx) {
        tx.machineLife().recordInstance(tx.machines().get(QStringLiteral("0")), instance);
    });

    cloud->released = true;
    pass.join();
    QCOMPARE(report.stopped, 0);
    QCOMPARE(report.started, 0);
    QCOMPARE(f.snapshot().machines.first().instanceId, other);
    checkOneInstancePerMachine(f);
}

void TestProvisioner::containersStartAfterTheirHosts()
{
    Fixture f;
    f.deploy(QStringLiteral("web"), 3, {}, QStringLiteral("lxd,lxd,lxd:0"));
    QVERIFY(f.provision());
    const ModelSnapshot s = f.snapshot();
    QHash<QString, MachineRecord> byName;
    for (const MachineRecord &m : s.machines)
        byName.insert(m.name, m);
    for (const QString &container :
         {QStringLiteral("0/lxd/0"), QStringLiteral("0/lxd/1"), QStringLiteral("1/lxd/0")}) {
        const MachineRecord c = byName.value(container);
        QVERIFY2(c.instanceId.startsWith(QStringLiteral("c-")), qPrintable(container));
        QCOMPARE(c.zone, byName.value(c.parentName()).zone);
    }
    // The log shows each container only after its host.
    const QString log = f.log.join(u'\n');
    QVERIFY(log.indexOf(QStringLiteral("machine 0: started")) <
            log.indexOf(QStringLiteral("machine 0/lxd/0: started")));
    checkOneInstancePerMachine(f);
}

void TestProvisioner::adoptsWhatAnInterruptedRunStarted()
{
    Fixture f;
    f.deploy(QStringLiteral("web"), 1);
    const QString started = f.interruptedStart(QStringLiteral("0"), QStringLiteral("sim-east-c"),
                                               QStringLiteral("n-1"));
    QVERIFY(f.provision());
    QCOMPARE(f.snapshot().machines.first().instanceId, started);
    QCOMPARE(f.snapshot().machines.first().zone, QStringLiteral("sim-east-c"));
    QVERIFY(f.log.join(u'\n').contains(QStringLiteral("adopted")));
    checkOneInstancePerMachine(f);

    // A start recorded but never made: started afresh, once.
    f.deploy(QStringLiteral("db"), 1);
    AsTheProvisioner::startBegun(f.ws(), model, QStringLiteral("1"), QStringLiteral("n-2"));
    QVERIFY(f.provision());
    checkOneInstancePerMachine(f);
}

// Machines never started start while the cloud lists its instances: the
// listing may show their instances, which are neither strays nor duplicates,
// while a stray it shows is still harvested.
void TestProvisioner::neverStartedMachinesStartWhileTheCloudLists()
{
    Fixture f;
    ModelCommands(f.ws()).setConfig(model, {QStringLiteral("harvest-mode=unknown")});
    f.deploy(QStringLiteral("web"), 3);
    const QString stray =
        f.startBehindBerthsBack(QStringLiteral("sim-east-b"), QStringLiteral("99"));
    QVERIFY(!stray.isEmpty());
    const std::unique_ptr<SimProvider> sim = f.sameSim();
    auto listing = std::make_shared<ListingAfterStartsProvider>(*sim, 3, std::chrono::seconds(20));
    f.clouds.add(f.clouds.get(QStringLiteral("sim")), listing);
    const Provisioner::Report report =
        Provisioner(f.path(), f.clouds, model).runPass(std::atomic<bool>(false));
    QCOMPARE(listing->doneBeforeListing.load(), 3); // listed after the three starts
    QCOMPARE(report.started, 3);
    QCOMPARE(report.stopped, 1); // the stray, and nothing the pass started
    QCOMPARE(report.adopted, 0);
    for (const InstanceInfo &i : f.instances())
        QVERIFY(i.id != stray);
    checkOneInstancePerMachine(f);
}

// A start an earlier run recorded and never saw through may have an
// instance the listing shows late: no machine starts before the listing is
// read, the instance is adopted, and the other machine's zone counts it.
void TestProvisioner::aStartFromAnEarlierRunIsListedBeforeAnyStarts()
{
    Fixture f;
    f.deploy(QStringLiteral("web"), 2);
    const QString earlier = f.interruptedStart(QStringLiteral("0"), QStringLiteral("sim-east-c"),
                                               QStringLiteral("n-1"));
    const std::unique_ptr<SimProvider> sim = f.sameSim();
    // Waits a while for a start that must not come.
    auto listing =
        std::make_shared<ListingAfterStartsProvider>(*sim, 1, std::chrono::milliseconds(300));
    f.clouds.add(f.clouds.get(QStringLiteral("sim")), listing);
    const Provisioner::Report report =
        Provisioner(f.path(), f.clouds, model).runPass(std::atomic<bool>(false));
    QCOMPARE(listing->doneBeforeListing.load(), 0);
    QCOMPARE(report.adopted, 1);
    QCOMPARE(report.started, 1);
    const ModelSnapshot s = f.snapshot();
    QCOMPARE(s.machines.at(0).instanceId, earlier);
    QVERIFY(s.machines.at(1).zone != QStringLiteral("sim-east-c"));
    checkOneInstancePerMachine(f);
}

void TestProvisioner::stopsDuplicates()
{
    Fixture f;
    f.deploy(QStringLiteral("web"), 1);
    QVERIFY(f.provision());
    // The sim refuses a second instance of a machine...
    QVERIFY(f.startBehindBerthsBack(QStringLiteral("sim-east-b"), QStringLiteral("0"),
                                    QStringLiteral("old"))
                .isEmpty());
    // ...which another cloud might hold all the same.
    f.duplicateBehindBerthsBack(QStringLiteral("sim-east-b"), QStringLiteral("0"),
                                QStringLiteral("old"));
    QCOMPARE(f.instances().size(), 2);
    ModelCommands(f.ws()).setConfig(model, {QStringLiteral("harvest-mode=none")});
    Provisioner provisioner(f.path(), f.clouds, model);
    provisioner.runPass(std::atomic<bool>(false));
    checkOneInstancePerMachine(f); // stopped even with harvest-mode=none
}

void TestProvisioner::bareMetalPoolAcquiresLeastWastefulNode()
{
    Fixture f;
    // A pool with no free node that fits says so at once when asked not to retry.
    ModelCommands(f.ws()).addModel(QStringLiteral("metal"), QStringLiteral("sim/sim-metal"),
                                   {QStringLiteral("retry-count=0")});
    ApplicationCommands apps(f.ws());
    ApplicationCommands::Deploy d;
    d.charm = QStringLiteral("db");
    d.constraints = QStringLiteral("mem=3G");
    apps.deploy(QStringLiteral("metal"), d);
    d.charm = QStringLiteral("gpu");
    d.constraints = QStringLiteral("tags=gpu");
    apps.deploy(QStringLiteral("metal"), d);
    d.charm = QStringLiteral("named");
    d.constraints.clear();
    d.to = QStringLiteral("node-5");
    apps.deploy(QStringLiteral("metal"), d);
    Provisioner provisioner(f.path(), f.clouds, QStringLiteral("metal"));
    QVERIFY(provisioner.runUntilIdle(std::atomic<bool>(false), 60'000));
    ModelSnapshot s = f.ws().snapshot(QStringLiteral("metal"));
    QCOMPARE(s.machines.at(0).instanceType, QStringLiteral("node-1")); // 4G, not the 6G node-2
    QCOMPARE(s.machines.at(1).instanceType, QStringLiteral("node-3")); // the only gpu node
    QCOMPARE(s.machines.at(2).instanceType, QStringLiteral("node-5"));
    QCOMPARE(s.machines.at(2).zone, QStringLiteral("sim-metal-b"));

    // The next mem=3G takes the 6G node; after that the pool has nothing that fits.
    apps.addUnits(QStringLiteral("metal"), QStringLiteral("db"), 2, {});
    QVERIFY(provisioner.runUntilIdle(std::atomic<bool>(false), 60'000));
    s = f.ws().snapshot(QStringLiteral("metal"));
    // Two starts race for the one node left that fits: one wins it, the other is told why not.
    QSet<QString> outcomes;
    for (const MachineRecord &m : {s.machines.at(3), s.machines.at(4)}) {
        if (MachineState::text(m.state.status) == u"error") {
            QVERIFY2(m.instanceMessage.contains(QStringLiteral("no free node in")),
                     qPrintable(m.instanceMessage));
            outcomes.insert(QStringLiteral("error"));
        } else {
            outcomes.insert(m.instanceType);
        }
    }
    QCOMPARE(outcomes, (QSet<QString>{QStringLiteral("node-2"), QStringLiteral("error")}));
    const QString failed = MachineState::text(s.machines.at(3).state.status) == u"error"
                               ? s.machines.at(3).name
                               : s.machines.at(4).name;
    // Releasing a node on removal makes it available again.
    apps.removeUnits(QStringLiteral("metal"), {QStringLiteral("db/0")});
    QVERIFY(provisioner.runUntilIdle(std::atomic<bool>(false), 60'000));
    MachineCommands(f.ws()).retryProvisioning(QStringLiteral("metal"), {}, std::nullopt);
    QVERIFY(provisioner.runUntilIdle(std::atomic<bool>(false), 60'000));
    s = f.ws().snapshot(QStringLiteral("metal"));
    const auto retried = std::find_if(s.machines.cbegin(), s.machines.cend(),
                                      [&](const MachineRecord &m) { return m.name == failed; });
    QVERIFY(retried != s.machines.cend());
    QCOMPARE(retried->instanceType, QStringLiteral("node-1"));
}

void TestProvisioner::oneProvisionerPerModel()
{
    Fixture f;
    f.deploy(QStringLiteral("web"), 1);
    Provisioner first(f.path(), f.clouds, model);
    Provisioner second(f.path(), f.clouds, model);
    QCOMPARE(first.runPass(std::atomic<bool>(false)).started, 1);
    f.deploy(QStringLiteral("db"), 1);
    const Provisioner::Report report = second.runPass(std::atomic<bool>(false));
    QVERIFY(report.leaseHeldElsewhere);
    QCOMPARE(report.started, 0);
    QVERIFY(first.runUntilIdle(std::atomic<bool>(false), 10'000)); // releases the lease when idle
    QVERIFY(!second.runPass(std::atomic<bool>(false)).leaseHeldElsewhere);
    checkOneInstancePerMachine(f);
}

void TestProvisioner::untilIdleIsIdleOnceTheLeaseHolderHasStartedAll()
{
    // A provisioner left running (the window's, berthctl provision) keeps
    // the lease: `provision --until-idle` beside it ends once the model is
    // idle, rather than waiting for a lease that never comes until its timeout.
    Fixture f;
    f.deploy(QStringLiteral("web"), 2);
    Provisioner running(f.path(), f.clouds, model);
    QCOMPARE(running.runPass(std::atomic<bool>(false)).started, 2);
    Provisioner oneShot(f.path(), f.clouds, model);
    QStringList lines;
    oneShot.setLog([&](const QString &line) { lines << line; });
    QVERIFY(oneShot.runUntilIdle(std::atomic<bool>(false), 30'000));
    QVERIFY2(lines.filter(QStringLiteral("is provisioned by")).size() == 1,
             qPrintable(lines.join(u'\n')));
    QVERIFY2(lines.filter(QStringLiteral("model default is idle")).size() == 1,
             qPrintable(lines.join(u'\n')));
    // It neither started anything nor took the lease.
    QVERIFY(lines.filter(QStringLiteral("started")).isEmpty());
    QVERIFY(oneShot.runPass(std::atomic<bool>(false)).leaseHeldElsewhere);
    QCOMPARE(f.instances().size(), 2);
    checkOneInstancePerMachine(f);
}

void TestProvisioner::untilIdleWaitsForTheLeaseHoldersStarts()
{
    // The holder has the lease and machines still wait: the one-shot waits
    // for them, and is idle once the holder has started them.
    Fixture f;
    f.deploy(QStringLiteral("web"), 1);
    Provisioner running(f.path(), f.clouds, model);
    QCOMPARE(running.runPass(std::atomic<bool>(false)).started, 1);
    f.deploy(QStringLiteral("db"), 3);
    UntilIdleAside oneShot(f);
    QVERIFY(oneShot.waits());
    QThread::msleep(300); // a few looks at the model: three machines still wait
    QVERIFY2(!oneShot.done(), "idle while the holder had not started the machines yet");
    QCOMPARE(running.runPass(std::atomic<bool>(false)).started, 3);
    QVERIFY(oneShot.endsIdle());
    QCOMPARE(f.instances().size(), 4);
    checkOneInstancePerMachine(f);
}

void TestProvisioner::untilIdleWaitsUntilADyingModelIsGone()
{
    // destroy-model waits as juju's does: a dying model whose last machine
    // the holder has removed is not idle until the model itself is gone.
    Fixture f;
    f.deploy(QStringLiteral("web"), 1);
    Provisioner running(f.path(), f.clouds, model);
    QCOMPARE(running.runPass(std::atomic<bool>(false)).started, 1);
    ModelCommands(f.ws()).destroyModel(model, true);
    QVERIFY(ModelCommands(f.ws()).destroyPlan(model).dying);
    // The holder has removed the machine, and not yet the model.
    Workspace reaching(*f.store, f.clouds);
    reaching.setReachesDyingModels(true);
    reaching.inModel(
        model, [](ModelTx &tx) { tx.machines().forget(tx.machines().get(QStringLiteral("0"))); });
    UntilIdleAside oneShot(f);
    QVERIFY(oneShot.waits());
    QThread::msleep(300);
    QVERIFY2(!oneShot.done(), "idle while the dying model was still there");
    QVERIFY(running.runPass(std::atomic<bool>(false)).destroyed);
    QVERIFY(oneShot.endsIdle());
    QVERIFY(f.instances().isEmpty());
}

void TestProvisioner::workerRunsOnItsThreadAndReports()
{
    Fixture f({QStringLiteral("latency-ms=20")});
    f.deploy(QStringLiteral("web"), 4);
    // The same cloud (same state file), seen through a recorder.
    const std::unique_ptr<SimProvider> sim = f.sameSim({QStringLiteral("latency-ms=20")});
    SimProvider &inner = *sim;
    auto recorder = std::make_shared<RecordingProvider>(inner);
    f.clouds.add(f.clouds.get(QStringLiteral("sim")), recorder);
    QThread thread;
    thread.setObjectName(QStringLiteral("provisioner"));
    auto *worker = new ProvisionerWorker(f.path(), f.clouds, model, 60'000);
    worker->moveToThread(&thread);
    connect(&thread, &QThread::started, worker, &ProvisionerWorker::start);
    connect(&thread, &QThread::finished, worker, &QObject::deleteLater);
    QSignalSpy passes(worker, &ProvisionerWorker::passFinished);
    QSignalSpy progress(worker, &ProvisionerWorker::progress);
    QSignalSpy lines(worker, &ProvisionerWorker::logLine);
    thread.start();
    QVERIFY(passes.wait(20'000));
    QCOMPARE(passes.first().at(0).toInt(), 4);  // started
    QCOMPARE(progress.last().at(0).toInt(), 4); // done of
    QCOMPARE(progress.last().at(1).toInt(), 4); // total
    QVERIFY(lines.size() >= 4);
    // The bar shows before the first start ends, and each start says so as it begins.
    QCOMPARE(progress.first().at(0).toInt(), 0);
    QCOMPARE(progress.first().at(1).toInt(), 4);
    QStringList said;
    for (const QList<QVariant> &line : std::as_const(lines))
        said << line.at(0).toString();
    QCOMPARE(said.filter(QRegularExpression(QStringLiteral("^machine \\d+: starting in "))).size(),
             4);
    for (int i = 0; i < 4; ++i) {
        const QString begins = said.filter(QStringLiteral("machine %1: starting").arg(i)).value(0);
        const QString ends = said.filter(QStringLiteral("machine %1: started").arg(i)).value(0);
        QVERIFY2(!begins.isEmpty() && !ends.isEmpty() && said.indexOf(begins) < said.indexOf(ends),
                 qPrintable(said.join(u'\n')));
    }

    // A change made by anyone else triggers a pass by itself.
    f.deploy(QStringLiteral("db"), 2);
    const auto allStarted = [&f] {
        const ModelSnapshot s = f.snapshot();
        return s.machines.size() == 6 &&
               std::all_of(s.machines.cbegin(), s.machines.cend(),
                           [](const MachineRecord &m) { return !m.instanceId.isEmpty(); });
    };
    QTRY_VERIFY_WITH_TIMEOUT(allStarted(), 20'000);
    // Then it settles: with nothing to do, passes stop (each one lists the cloud).
    QTest::qWait(1500);
    const qsizetype settled = passes.size();
    QTest::qWait(1500);
    QCOMPARE(passes.size(), settled);
    worker->cancel();
    thread.quit();
    QVERIFY(thread.wait(20'000));
    // Nothing provider-bound ran on the thread that owns the window (here: the test's).
    QVERIFY(!recorder->threads().isEmpty());
    QVERIFY(!recorder->threads().contains(QThread::currentThread()));
    checkOneInstancePerMachine(f);
}

void TestProvisioner::notFoundErrorsShowAtOnceWithoutRetries()
{
    // The model's defaults: ten retries with doubling delays from ten seconds,
    // which a missing image used to sit through for hours.
    Fixture f({QStringLiteral("fault-rate=1"), QStringLiteral("fault-kind=permanent")});
    ModelCommands(f.ws()).setConfig(model, {QStringLiteral("retry-delay=10s")});
    f.deploy(QStringLiteral("web"), 2);
    QElapsedTimer timer;
    timer.start();
    QVERIFY(f.provision(30'000));
    QVERIFY(timer.elapsed() < 30'000);
    for (const MachineRecord &m : f.snapshot().machines) {
        QCOMPARE(MachineState::text(m.state.status), QStringLiteral("error"));
        QCOMPARE(m.instanceMessage, QStringLiteral("image for ubuntu@22.04 not found"));
        QCOMPARE(m.attempts, 1);
    }
    QVERIFY(!f.log.join(u'\n').contains(QStringLiteral("retrying")));
}

void TestProvisioner::refusedCredentialsShowOnEveryMachineWithoutRetry()
{
    Fixture f;
    f.deploy(QStringLiteral("web"), 3);
    const std::unique_ptr<SimProvider> sim = f.sameSim();
    auto refusing = std::make_shared<RefusingProvider>(*sim);
    f.clouds.add(f.clouds.get(QStringLiteral("sim")), refusing);
    Provisioner provisioner(f.path(), f.clouds, model);
    const std::atomic<bool> cancel = false;
    const Provisioner::Report report = provisioner.runPass(cancel);
    QCOMPARE(report.failed, 3);
    QCOMPARE(report.pending, 0); // nothing waits for a retry
    // Never-started machines start while the cloud lists its instances: each
    // is refused at most once.
    QVERIFY(refusing->starts.load() <= 3);
    for (const MachineRecord &m : f.snapshot().machines) {
        QCOMPARE(MachineState::text(m.state.status), QStringLiteral("error"));
        QCOMPARE(m.instanceMessage, RefusingProvider::refusal().message);
        QCOMPARE(m.attempts, 1);
    }
    // A second pass changes nothing and asks the cloud for no start: the
    // machines wait for retry-provisioning.
    const int asked = refusing->starts.load();
    const Provisioner::Report again = provisioner.runPass(cancel);
    QCOMPARE(again.failed, 0);
    QCOMPARE(refusing->starts.load(), asked);
    for (const MachineRecord &m : f.snapshot().machines)
        QCOMPARE(m.attempts, 1);
}

// num-container-provision-workers: at most that many containers start at
// once on one host, while the hosts' containers start side by side.
void TestProvisioner::containersStartAFewAtATimeOnEachHost()
{
    Fixture f;
    ModelCommands(f.ws()).setConfig(model, {QStringLiteral("num-container-provision-workers=2")});
    f.deploy(QStringLiteral("web"), 2);
    QVERIFY(f.provision());
    QStringList to;
    for (int i = 0; i < 6; ++i)
        to << QStringLiteral("lxd:0") << QStringLiteral("lxd:1");
    f.deploy(QStringLiteral("db"), 12, {}, to.join(u','));
    const std::unique_ptr<SimProvider> sim = f.sameSim();
    auto counter = std::make_shared<ConcurrencyProvider>(*sim);
    f.clouds.add(f.clouds.get(QStringLiteral("sim")), counter);
    QVERIFY(f.provision());
    int started = 0;
    for (const MachineRecord &m : f.snapshot().machines)
        started += m.isContainer() && m.state.status == MachineState::Status::Started ? 1 : 0;
    QCOMPARE(started, 12);
    const QHash<QString, int> most = counter->most();
    QCOMPARE(most.size(), 2); // the two hosts
    for (auto it = most.cbegin(); it != most.cend(); ++it)
        QCOMPARE(it.value(), 2);
}

// Sixteen workers write through one connection of the pass's: a team's
// server (PostgreSQL's max_connections, 100 by default) serves many
// provisioners and windows, and each connection is a server process; on
// SQLite each is a file opened, a cache and a turn at the writers' lock.
void TestProvisioner::aPassHoldsAFewConnectionsHoweverManyWorkers()
{
    Fixture f({QStringLiteral("latency-ms=100")});
    ModelCommands(f.ws()).setConfig(model, {QStringLiteral("provision-workers=16")});
    f.deploy(QStringLiteral("web"), 48);
    const QString name = QStringLiteral("connections");
    int before = 0;
    int most = 0;
    Provisioner::Report report;
    {
        QSqlDatabase db = openDirect(name, f.path());
        QSqlQuery query(db);
        // The server's sessions on the store's database, or this process's
        // descriptors on the store's file (one a SQLite connection).
        const QString file = QFileInfo(f.path()).canonicalFilePath();
        const auto count = [&] {
            if (!TestLocation::postgres()) {
                const QFileInfoList open =
                    QDir(QStringLiteral("/proc/self/fd"))
                        .entryInfoList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot);
                return int(std::count_if(open.cbegin(), open.cend(), [&](const QFileInfo &fd) {
                    return fd.symLinkTarget() == file;
                }));
            }
            query.exec(QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE datname = "
                                      "current_database()"));
            return query.next() ? query.value(0).toInt() : -1;
        };
        Provisioner provisioner(f.path(), f.clouds, model);
        before = count(); // the fixture's, this one, and the provisioner's own
        const std::atomic<bool> cancel = false;
        std::atomic<bool> done = false;
        std::thread pass([&] {
            report = provisioner.runPass(cancel);
            done = true;
        });
        while (!done) {
            most = std::max(most, count());
            QThread::msleep(10);
        }
        pass.join();
        query = QSqlQuery();
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    qInfo("%d connections before the pass, %d at most during it", before, most);
    QCOMPARE(report.started, 48);
    // The lease keeper's and the recorder's beside them: not one a worker.
    QVERIFY2(before > 0 && most - before <= 2,
             qPrintable(QStringLiteral("%1 before the pass, %2 during it").arg(before).arg(most)));
    checkOneInstancePerMachine(f);
}

// Twenty machines on sixteen workers: the four left after the first round
// go to the cloud together in the second, each on a worker of its own, and
// none is kept by a busy worker for the round after (which costs a round).
void TestProvisioner::theLastFewStartTogetherNotKeptForLater()
{
    Fixture f;
    ModelCommands(f.ws()).setConfig(model, {QStringLiteral("provision-workers=16")});
    f.deploy(QStringLiteral("web"), 20);
    // Starts that take a while: the first round comes back together.
    const std::unique_ptr<SimProvider> sim = f.sameSim({QStringLiteral("latency-ms=100")});
    auto gathering = std::make_shared<GatheringProvider>(*sim, 16, 4, std::chrono::seconds(10));
    f.clouds.add(f.clouds.get(QStringLiteral("sim")), gathering);
    QVERIFY(f.provision());
    QVERIFY(gathering->gathered);
    checkOneInstancePerMachine(f);
}

// While the first round of starts is with the cloud, the pass records the
// round after it, so that a worker back from the cloud asks for its next
// start at once; and no more than that: a machine shows `starting` at most a
// round before the cloud is asked for it.
void TestProvisioner::theNextRoundIsRecordedWhileTheFirstIsInTheCloud()
{
    Fixture f;
    ModelCommands(f.ws()).setConfig(model, {QStringLiteral("provision-workers=4")});
    f.deploy(QStringLiteral("web"), 12);
    HeldPass pass(f);
    QTRY_COMPARE_WITH_TIMEOUT(pass.holding->asked.load(), 4, 10'000);
    QTRY_COMPARE_WITH_TIMEOUT(recordedStarts(f).size(), 8, 10'000);
    QThread::msleep(300); // however long the cloud takes
    QCOMPARE(recordedStarts(f).size(), 8);
    QCOMPARE(pass.holding->asked.load(), 4);
    pass.release();
    QCOMPARE(pass.report.started, 12);
    checkOneInstancePerMachine(f);
}

void TestProvisioner::aRoundsStartsAreRecordedTogetherEachItsOwn()
{
    // Given rounds of four starts, the first held by the cloud
    Fixture f;
    ModelCommands(f.ws()).setConfig(model, {QStringLiteral("provision-workers=4")});
    f.deploy(QStringLiteral("web"), 12);
    HeldPass pass(f);
    QTRY_COMPARE_WITH_TIMEOUT(recordedStarts(f).size(), 8, 10'000);

    // Then each recorded start is its machine's own: a nonce of its own, and
    // one move in its history saying where it starts
    MachineCommands machines(f.ws());
    QSet<QString> nonces;
    for (const MachineRecord &m : recordedStarts(f)) {
        nonces.insert(m.nonce);
        QCOMPARE(MachineState::text(m.state.instance), QStringLiteral("provisioning"));
        const QList<StatusLogEntry> log = machines.statusLog(model, m.name);
        QCOMPARE(log.size(), 1);
        QCOMPARE(MachineState::text(log.first().state.status), QStringLiteral("pending"));
        QCOMPARE(MachineState::text(log.first().state.instance), QStringLiteral("provisioning"));
        QVERIFY2(log.first().message.startsWith(QStringLiteral("starting in sim-east-")),
                 qPrintable(log.first().message));
        QCOMPARE(m.message(), log.first().message);
    }
    QCOMPARE(nonces.size(), 8);

    // When a machine of a later round goes before its round is recorded
    QString gone;
    for (const MachineRecord &m : f.snapshot().machines) {
        if (m.nonce.isEmpty()) {
            gone = m.name;
            break;
        }
    }
    QVERIFY(!gone.isEmpty());
    machines.removeMachines(model, {gone}, true);
    pass.release();

    // Then it never starts, and every other machine starts once
    QCOMPARE(pass.report.started, 11);
    QCOMPARE(pass.report.failed, 0);
    for (const MachineRecord &m : f.snapshot().machines)
        QVERIFY(m.name != gone);
    checkOneInstancePerMachine(f);
}

void TestProvisioner::aProvisionerThatLosesTheLeaseStopsStarting()
{
    // One start at a time, 150 ms each: a pass of about three seconds.
    Fixture f({QStringLiteral("latency-ms=150")});
    ModelCommands(f.ws()).setConfig(model, {QStringLiteral("provision-workers=1")});
    f.deploy(QStringLiteral("web"), 20);
    Provisioner provisioner(f.path(), f.clouds, model);
    const std::atomic<bool> cancel = false;
    Provisioner::Report report;
    std::thread pass([&] { report = provisioner.runPass(cancel); });
    QThread::msleep(600);
    // Another provisioner takes the lease over (as after an expiry).
    f.store->write([&](SqlSession &sql) {
        sql.run(QStringLiteral("UPDATE provisioner_leases SET owner = 'someone-else', expires_at "
                               "= ?"),
                {QDateTime::currentMSecsSinceEpoch() + 60'000});
    });
    const int startedBefore = int(f.instances().size());
    pass.join();
    QVERIFY(report.leaseHeldElsewhere);
    // At most the one start already under way finishes; nothing new begins.
    QVERIFY2(
        report.started <= startedBefore + 1,
        qPrintable(QStringLiteral("%1 started, %2 before").arg(report.started).arg(startedBefore)));
    QVERIFY(report.started < 20);
    int recorded = 0;
    for (const MachineRecord &m : f.snapshot().machines)
        recorded += m.instanceId.isEmpty() ? 0 : 1;
    QCOMPARE(recorded, report.started);
}

void TestProvisioner::eachStartIsRecordedBeforeItsInstanceOnce()
{
    // Two workers for seven machines: each worker records its next start in
    // the transaction that records the instance it started.
    Fixture f({QStringLiteral("latency-ms=20")});
    ModelCommands(f.ws()).setConfig(model, {QStringLiteral("provision-workers=2")});
    f.deploy(QStringLiteral("web"), 7);
    QVERIFY(f.provision());
    const ModelSnapshot s = f.snapshot();
    QHash<QString, QString> nonceOf; // instance id -> the nonce it was started with
    for (const InstanceInfo &i : f.instances())
        nonceOf.insert(i.id, i.tags.value(QStringLiteral("berth-nonce")));
    QCOMPARE(nonceOf.size(), 7);
    MachineCommands machines(f.ws());
    for (const MachineRecord &m : s.machines) {
        // Each machine's instance is the one its recorded start asked for...
        QVERIFY2(!m.instanceId.isEmpty(), qPrintable(m.name));
        QCOMPARE(nonceOf.value(m.instanceId), m.nonce);
        // ...recorded as starting once, then as started.
        QStringList moves;
        for (const StatusLogEntry &e : machines.statusLog(model, m.name))
            moves << MachineState::text(e.state.status) + u'/' +
                         MachineState::text(e.state.instance);
        QCOMPARE(moves, (QStringList{QStringLiteral("pending/provisioning"),
                                     QStringLiteral("started/running")}));
    }
    checkOneInstancePerMachine(f);
}

QTEST_GUILESS_MAIN(TestProvisioner)
#include "tst_provisioner.moc"
