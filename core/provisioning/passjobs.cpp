#include "core/provisioning/pass.h"

#include "core/model/snapshotindex.h"
#include "core/placement/affinitypolicy.h"
#include "core/provisioning/retrypolicy.h"
#include "core/store/store.h"

#include <algorithm>

namespace berth {

using namespace ProvisioningRules;

void Provisioner::Pass::seedSpread(const ModelSnapshot &snapshot)
{
    StartPlan::seed(m_spread, snapshot, SnapshotIndex::applicationsByHost(snapshot));
}

bool Provisioner::Pass::dueNow(const MachineRecord &m, bool containers, qint64 time) const
{
    return awaitsInstance(m) && m.isContainer() == containers && m.retryAt <= time &&
           !m_taken.contains(m.id) && !m_heldForSurge.contains(m.id);
}

QList<Provisioner::Job> Provisioner::Pass::jobs(const ModelSnapshot &snapshot, bool containers)
{
    // The machines due a start first: a pass with none costs no more than this look.
    const qint64 time = now();
    QSet<qint64> due;
    for (const MachineRecord &m : snapshot.machines) {
        if (dueNow(m, containers, time))
            due.insert(m.id);
    }
    if (due.isEmpty())
        return {};
    // What the due machines host, and (for containers) their hosts: no
    // index of the whole model, which may hold 100,000 machines beside them.
    QHash<qint64, const MachineRecord *> byId;
    if (containers) {
        for (const MachineRecord &m : snapshot.machines)
            byId.insert(m.id, &m);
    }
    const QHash<qint64, QStringList> appsOf = SnapshotIndex::applicationsByHost(snapshot, &due);
    QHash<qint64, QStringList> unitsOf;
    for (const UnitRecord &u : snapshot.units) {
        if (!u.subordinate && due.contains(u.machineId))
            unitsOf[u.machineId] << u.name();
    }
    const QHash<qint64, QHash<QString, int>> perApplication =
        SnapshotIndex::unitsByHost(snapshot, &due);
    QSet<QString> outages;
    {
        QMutexLocker lock(&m_p.m_outageMutex);
        for (auto it = m_p.m_outages.cbegin(); it != m_p.m_outages.cend(); ++it) {
            if (it.value() > time)
                outages.insert(it.key());
        }
    }
    ZoneBounds bounds(snapshot, *m_cloud, m_claimed, outages);
    QMap<QString, QString> waits;
    const QHash<QString, HostSpread> spreads = hostSpreads(snapshot);
    QList<Job> list;
    for (const MachineRecord &m : snapshot.machines) {
        if (!due.contains(m.id))
            continue;
        Job job;
        job.machine = m;
        job.constraints = Constraints::parse(m.constraints).constraints;
        job.applications = appsOf.value(m.id);
        job.units = unitsOf.value(m.id);
        for (const QString &app : std::as_const(job.applications)) {
            if (spreads.contains(app)) {
                job.hostSpread = spreads.value(app);
                break;
            }
        }
        if (containers) {
            const MachineRecord *host = byId.value(m.parentId);
            if (!host || host->instanceId.isEmpty())
                continue; // waits for its host
            job.hostInstanceId = host->instanceId;
            job.region = host->region;
            job.fixedZone = true;
            job.zone = host->zone;
            m_taken.insert(m.id);
            list << job;
            continue;
        }
        const StartPlan::HostZone host =
            StartPlan::placeHost(m, job.constraints, job.applications, m_model.region, *m_cloud,
                                 m_spread, &bounds, perApplication.value(m.id));
        if (!host.waitReason.isEmpty()) {
            m_taken.insert(m.id);
            waits.insert(m.name, host.waitReason);
            continue;
        }
        m_claimed.insert(m.id, host.zone);
        job.spreadBound = host.spreadBound;
        job.region = host.region;
        job.candidates = host.candidates;
        job.fixedZone = host.fixedZone;
        job.zone = host.zone;
        m_taken.insert(m.id);
        list << job;
    }
    if (!waits.isEmpty()) {
        sayWaits(m_ws.inModel(m_p.m_model, [&](ModelTx &tx) { return recordWaitsIn(tx, waits); }),
                 waits);
    }
    return list;
}

QStringList Provisioner::Pass::recordWaitsIn(ModelTx &tx, const QMap<QString, QString> &reasons)
{
    const qint64 retryAt = now() + RetryPolicy::of(m_model.config).delayAfter(1);
    QStringList changed;
    for (auto it = reasons.cbegin(); it != reasons.cend(); ++it) {
        const auto m = tx.machines().find(it.key());
        if (!m || !m->instanceId.isEmpty() || !m->state.allows(MachineState::Move::RecordRetry))
            continue;
        const QString message = QStringLiteral("waiting: %1").arg(it.value());
        if (m->instanceMessage == message && m->retryAt >= now())
            continue;
        // No attempt is used: nothing failed, the bound holds it back.
        tx.machineLife().recordRetry(*m, m->attempts, retryAt, message);
        changed << it.key();
    }
    return changed;
}

void Provisioner::Pass::sayWaits(const QStringList &changed, const QMap<QString, QString> &reasons)
{
    for (const QString &name : changed)
        m_p.log(Provisioner::tr("machine %1: %2").arg(name, reasons.value(name)));
}

QHash<QString, HostSpread> Provisioner::Pass::hostSpreads(const ModelSnapshot &snapshot) const
{
    QHash<QString, HostSpread> spreads;
    QHash<qint64, QString> names;
    const ModelConfig::ServerGroup setting = m_model.config.serverGroup();
    for (const ApplicationRecord &app : snapshot.applications) {
        names.insert(app.id, app.name);
        if (!app.subordinate && !setting.policy.isEmpty())
            spreads.insert(app.name, {HostSpread::groupFor(m_model.uuid, app.name), setting.policy,
                                      setting.maxPerHost});
    }
    for (const PolicyRecord &p : snapshot.policies) {
        if (p.kind != u"affinity")
            continue;
        try {
            HostSpread spread = AffinityPolicy::fromSpec(p.spec);
            const QString app = names.value(p.applicationId);
            if (spread.group.isEmpty())
                spread.group = HostSpread::groupFor(m_model.uuid, app);
            spreads.insert(app, spread);
        } catch (const BerthError &error) {
            m_p.log(Provisioner::tr("affinity policy of %1 ignored: %2")
                        .arg(names.value(p.applicationId), error.message()));
        }
    }
    return spreads;
}

} // namespace berth
