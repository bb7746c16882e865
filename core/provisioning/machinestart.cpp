// One machine's start, as named steps (provisioning: Starting one machine,
// Crash safety, Zones, Retry): record the start, call the provider, record
// the instance or stop it, try the next zone, retry later or show an error.
#include "core/provisioning/pass.h"

#include "core/bertherror.h"
#include "core/cloud/instancetags.h"
#include "core/provisioning/retrypolicy.h"
#include "core/store/provisionerlease.h"

#include <QUuid>

#include <utility>

namespace berth {

using namespace ProvisioningRules;

Provisioner::Pass::Launch Provisioner::Pass::launch(Recorder &recorder, Job &job)
{
    const RegionInfo *region = m_cloud->region(job.region);
    if (!region)
        return recordFailure(
            recorder, job,
            QStringLiteral("region \"%1\" not found in cloud %2").arg(job.region, m_cloud->name),
            false);
    const auto choice = StartPlan::chooseType(*region, job.constraints, m_model.config);
    if (!choice.ok())
        return recordFailure(recorder, job, choice.error, false);

    for (;;) {
        if (m_abort)
            return Outcome::Skipped;
        QString nonce = std::exchange(job.recordedNonce, QString());
        if (nonce.isEmpty()) {
            nonce = QUuid::createUuid().toString(QUuid::WithoutBraces);
            if (!recordStart(recorder, job, nonce)) {
                releaseZone(job);
                return Outcome::Skipped;
            }
        }
        m_p.log(
            job.zone.isEmpty()
                ? Provisioner::tr("machine %1: starting").arg(job.machine.name)
                : Provisioner::tr("machine %1: starting in %2").arg(job.machine.name, job.zone));
        const StartRequest asked = request(job, choice.type, nonce);
        const StartResult result = m_provider->startInstance(asked);
        if (result.ok())
            return {nonce, result.instance};
        const ProviderError &error = result.error;
        if (error.kind == ProviderError::Kind::ZoneConstrained && !job.zone.isEmpty()) {
            QMutexLocker lock(&m_p.m_outageMutex);
            // Past the next retry, so that the pass after a refusal sees it.
            m_p.m_outages.insert(job.zone,
                                 now() + 2 * RetryPolicy::of(m_model.config).delayAfter(1));
        }
        if (error.kind == ProviderError::Kind::ZoneConstrained && job.spreadBound) {
            // A `wait` spread does not move it elsewhere: the next pass
            // chooses again without this zone, or it waits.
            releaseZone(job);
            const QMap<QString, QString> reasons{
                {job.machine.name, QStringLiteral("%1 refused it (%2); its spread keeps it from "
                                                  "falling back")
                                       .arg(job.zone, error.message)}};
            sayWaits(recorder.write([&](ModelTx &tx) { return recordWaitsIn(tx, reasons); }),
                     reasons);
            return Outcome::Retrying;
        }
        if (error.kind != ProviderError::Kind::ZoneConstrained || job.fixedZone) {
            releaseZone(job);
            return recordFailure(recorder, job, error.message, error.retryable());
        }
        const QString next = nextZone(job);
        if (next.isEmpty()) {
            // Every zone short at once (capacity, outages) may pass: the whole
            // round counts as one attempt, tried again after the delay.
            return recordFailure(recorder, job,
                                 QStringLiteral("%1 (tried zones %2)")
                                     .arg(error.message, job.candidates.join(QStringLiteral(", "))),
                                 true);
        }
        m_p.log(Provisioner::tr("machine %1: %2; trying %3")
                    .arg(job.machine.name, error.message, next));
        job.zone = next; // does not use up an attempt
    }
}

bool Provisioner::Pass::recordStart(Recorder &recorder, const Job &job, const QString &nonce)
{
    return recorder.write(
        [&](ModelTx &tx) { return holdsLease(tx) && recordStartIn(tx, job, nonce); });
}

bool Provisioner::Pass::holdsLease(ModelTx &tx)
{
    // Only the lease's holder records a start (and so starts anything).
    // Renewed once a transaction: the writers' lock keeps the lease this
    // holder's until the commit, and a batch of the recorder records many.
    struct Renewed
    {
        bool once = false;
    };
    Renewed &renewed = tx.scope().memo<Renewed>();
    if (renewed.once)
        return true;
    if (m_p.m_lease->renew(tx)) {
        renewed.once = true;
        return true;
    }
    m_leaseLost = true;
    m_abort = true;
    return false;
}

bool Provisioner::Pass::recordStartIn(ModelTx &tx, const Job &job, const QString &nonce)
{
    return recordStartsIn(tx, {job}, {nonce}).constFirst();
}

QList<bool> Provisioner::Pass::recordStartsIn(ModelTx &tx, const QList<Job> &jobs,
                                              const QStringList &nonces)
{
    {
        // Known before any instance can carry them: the listing may show one.
        QMutexLocker lock(&m_noncesMutex);
        for (const QString &nonce : nonces)
            m_nonces.insert(nonce);
    }
    QList<qint64> ids;
    ids.reserve(jobs.size());
    for (const Job &job : jobs)
        ids << job.machine.id;
    // As they are now, not as the pass read them.
    const QHash<qint64, MachineRecord> current = tx.machines().withIds(ids);
    QList<bool> recorded(jobs.size(), false);
    QList<MachineLife::Start> starts;
    for (qsizetype i = 0; i < jobs.size(); ++i) {
        const Job &job = jobs.at(i);
        const auto m = current.constFind(job.machine.id);
        if (m == current.cend() || m->name != job.machine.name || !m->state.awaitsStart() ||
            !m->instanceId.isEmpty())
            continue;
        recorded[i] = true;
        starts << MachineLife::Start{*m, nonces.at(i),
                                     job.zone.isEmpty()
                                         ? QStringLiteral("starting")
                                         : QStringLiteral("starting in ") + job.zone};
    }
    tx.machineLife().recordStarts(starts);
    return recorded;
}

void Provisioner::Pass::recordStarts(QList<Job> &jobs)
{
    if (jobs.isEmpty())
        return;
    QStringList nonces;
    for (qsizetype i = 0; i < jobs.size(); ++i)
        nonces << QUuid::createUuid().toString(QUuid::WithoutBraces);
    QList<bool> recorded;
    try {
        const bool held = m_ws.inModel(m_p.m_model, [&](ModelTx &tx) {
            if (!holdsLease(tx))
                return false;
            recorded = recordStartsIn(tx, jobs, nonces);
            return true;
        });
        if (!held)
            return;
    } catch (const BerthError &) {
        return; // each records its own start, and says why if it fails too
    }
    for (qsizetype i = 0; i < jobs.size(); ++i) {
        if (recorded.at(i))
            jobs[i].recordedNonce = nonces.at(i);
    }
}

StartRequest Provisioner::Pass::request(const Job &job, const InstanceType &type,
                                        const QString &nonce) const
{
    StartRequest request;
    request.region = job.region;
    request.zone = job.zone;
    request.base = job.machine.base;
    request.constraints = job.constraints;
    request.type = type;
    if (job.machine.placed().forProvider())
        request.placement = job.machine.placement;
    request.hostInstanceId = job.hostInstanceId;
    request.hostSpread = job.hostSpread;
    request.cancel = &m_abort;
    request.tags = {{InstanceTags::model, m_model.uuid},
                    {InstanceTags::machine, job.machine.name},
                    {InstanceTags::nonce, nonce},
                    {InstanceTags::units, job.units.join(u',')},
                    {InstanceTags::provisioner, m_p.m_lease->owner()}};
    const QMap<QString, QString> resourceTags = m_model.config.resourceTags();
    for (auto it = resourceTags.cbegin(); it != resourceTags.cend(); ++it)
        request.tags.insert(it.key(), it.value()); // berth-* keys are refused when set
    return request;
}

Provisioner::Pass::Outcome Provisioner::Pass::recordStarted(Recorder &recorder, Job &job,
                                                            const QString &nonce,
                                                            const InstanceInfo &instance,
                                                            const Alongside &alongside)
{
    const QString &name = job.machine.name;
    enum class After { Recorded, TakenOver, StopOrphan, StopDead };
    After after = After::StopOrphan;
    try {
        after = recorder.write([&](ModelTx &tx) {
            const auto m = tx.machines().find(name);
            // The provider handed back the instance another start of this
            // machine made and recorded (LXD and OpenStack take an existing
            // instance of a machine over rather than make a second): it is
            // the machine's, and stays.
            if (m && m->instanceId == instance.id)
                return After::TakenOver;
            if (!m || m->nonce != nonce || !m->instanceId.isEmpty())
                return After::StopOrphan;
            if (!m->state.isAlive()) {
                tx.machineLife().forgetStart(*m, QString());
                return After::StopDead;
            }
            tx.machineLife().recordInstance(*m, instance);
            if (alongside)
                alongside(tx);
            return After::Recorded;
        });
    } catch (const BerthError &error) {
        m_p.log(Provisioner::tr("machine %1: cannot record %2: %3")
                    .arg(name, instance.id, error.message()));
    }
    if (after == After::Recorded) {
        if (job.hostInstanceId.isEmpty() && job.zone != instance.zone) {
            releaseZone(job);
            m_spread.add(instance.zone, job.applications, 1);
        }
        m_p.log(Provisioner::tr("machine %1: started %2 (%3) in %4")
                    .arg(name, instance.id, instance.instanceType, instance.zone));
        return Outcome::Started;
    }
    releaseZone(job);
    if (after == After::TakenOver) {
        m_p.log(Provisioner::tr("machine %1: %2 was started and recorded by another "
                                "start meanwhile; left as it is")
                    .arg(name, instance.id));
        return Outcome::Skipped;
    }
    try {
        stop(instance.region, instance.id,
             after == After::StopDead
                 ? Provisioner::tr("machine %1 died while it started").arg(name)
                 : Provisioner::tr("not recorded for machine %1").arg(name));
    } catch (const BerthError &) {
        // Logged by stop(); the next pass finds it by its tags.
    }
    return Outcome::Skipped;
}

QString Provisioner::Pass::nextZone(Job &job)
{
    job.failedZones.insert(job.zone);
    releaseZone(job);
    return m_spread.claim(job.candidates, job.applications, job.failedZones);
}

void Provisioner::Pass::releaseZone(const Job &job)
{
    // Containers follow their host's zone and take no place of their own in the spread.
    if (job.hostInstanceId.isEmpty())
        m_spread.add(job.zone, job.applications, -1);
}

Provisioner::Pass::Outcome Provisioner::Pass::recordFailure(Recorder &recorder, const Job &job,
                                                            const QString &message, bool retryable)
{
    const RetryPolicy policy = RetryPolicy::of(m_model.config);
    const int attempts = job.machine.attempts + 1;
    const bool retry = retryable && policy.retries(attempts);
    const qint64 delay = policy.delayAfter(attempts);
    recorder.write([&](ModelTx &tx) {
        const auto m = tx.machines().find(job.machine.name);
        // Gone, or removed meanwhile: the failure no longer matters.
        const auto move = retry ? MachineState::Move::RecordRetry : MachineState::Move::RecordError;
        if (!m || !m->state.allows(move))
            return;
        if (retry) {
            tx.machineLife().recordRetry(*m, attempts, now() + delay,
                                         QStringLiteral("attempt %1 failed: %2; retrying in %3 ms")
                                             .arg(attempts)
                                             .arg(message)
                                             .arg(delay));
        } else {
            tx.machineLife().recordError(*m, attempts, message);
        }
    });
    m_p.log(
        retry
            ? Provisioner::tr("machine %1: attempt %2 failed: %3; retrying in %4 ms")
                  .arg(job.machine.name)
                  .arg(attempts)
                  .arg(message)
                  .arg(delay)
            : Provisioner::tr("machine %1: provisioning error: %2").arg(job.machine.name, message));
    return retry ? Outcome::Retrying : Outcome::Failed;
}

} // namespace berth
