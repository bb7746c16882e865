#include "core/provisioning/pass.h"

#include "core/bertherror.h"
#include "core/cloud/instancetags.h"
#include "core/provisioning/leasekeeper.h"
#include "core/provisioning/reconciler.h"
#include "core/store/provisionerlease.h"
#include "core/store/store.h"

#include <algorithm>

namespace berth {

using namespace ProvisioningRules;

namespace {

int depth(const QString &machineName)
{
    return int(machineName.count(u'/'));
}

} // namespace

Provisioner::Report Provisioner::Pass::run()
{
    const LeaseKeeper keeper(*m_p.m_lease, m_p.m_location, m_cancel, m_abort,
                             [this](const QString &why) {
                                 m_leaseLost = true;
                                 m_abort = true;
                                 m_p.log(Provisioner::tr("provisioner stopping: %1").arg(why));
                             });
    Report report = reconcileAndStart();
    if (m_leaseLost && !report.destroyed) {
        report.leaseHeldElsewhere = true;
        report.holder = QStringLiteral("another provisioner");
    }
    return report;
}

void Provisioner::Pass::refresh(ModelSnapshot &snapshot)
{
    snapshot = {}; // first: a copy sharing its rows would make the update copy them all
    snapshot = m_p.currentModel(m_ws);
}

Provisioner::Report Provisioner::Pass::reconcileAndStart()
{
    ModelSnapshot snapshot = m_p.currentModel(m_ws);
    m_model = snapshot.model;
    m_cloud = &m_p.m_clouds.get(m_model.cloud);
    m_provider = &m_p.m_clouds.provider(m_model.cloud);

    hireCrew(snapshot);
    ProviderError listError; // the listing's, read once it is done
    CallAside<QList<InstanceInfo>> listing([this, &listError] {
        return m_provider->listInstances({}, {{InstanceTags::model, m_model.uuid}}, &listError);
    });
    // While the cloud lists, the machines never started start: no instance
    // can be theirs but one this pass starts, whose nonce it knows. Not when
    // the cloud's description lacks the model's region: an account the cloud
    // refused describes none, and the listing says why.
    const bool startFirst =
        !m_model.dying && m_cloud->region(m_model.region) && onlyNeverStartedAwait(snapshot);
    if (startFirst) {
        prepareStarts(snapshot);
        m_unfed = jobs(snapshot, false);
        feed(); // the first round, and the one after it
    }
    QList<InstanceInfo> instances;
    try {
        instances = listing.get();
    } catch (const std::exception &error) {
        listError =
            ProviderError::failed(ProviderError::Kind::Transient, QString::fromUtf8(error.what()));
    }
    if (listError.kind == ProviderError::Kind::Auth) {
        // Refused credentials do not heal by waiting: every start shows why, and waits
        // for retry-provisioning once the account is mended.
        failStarts(snapshot, listError.message);
        runJobs({}, false); // the starts under way fail on their own
        countPending();
        return m_report;
    }
    if (!listError.ok()) {
        m_p.log(Provisioner::tr("cannot list instances of %1: %2; will try again")
                    .arg(m_model.cloud, listError.message));
        runJobs({}, false);
        countPending();
        return m_report;
    }
    if (startFirst)
        refresh(snapshot); // with the starts recorded meanwhile
    reconcile(snapshot, instances);
    refresh(snapshot);
    removeDead(snapshot);
    if (m_model.dying && !m_abort) {
        m_report.destroyed =
            m_ws.inModel(m_p.m_model, [](ModelTx &tx) { return tx.removeIfDestroyed(); });
        if (m_report.destroyed) {
            m_p.log(Provisioner::tr("model %1: destroyed").arg(m_p.m_model));
            if (const ProviderError released = m_provider->releaseModel(m_model.uuid);
                !released.ok())
                m_p.log(Provisioner::tr("model %1: %2").arg(m_p.m_model, released.message));
        } else
            countPending();
        return m_report;
    }
    refresh(snapshot);
    if (!startFirst)
        prepareStarts(snapshot);
    QList<Job> hosts = jobs(snapshot, false);
    // From here on the kept snapshot is read where it is (no copy shares it):
    // the starts change it, and it is updated in place.
    snapshot = {};
    const bool started = startFirst || !hosts.isEmpty();
    runJobs(std::move(hosts), true);
    if (!m_abort && started)
        finishMoves(m_p.currentModel(m_ws)); // replacements that started now
    if (!m_abort) {
        // Containers whose hosts came up in this pass can start now.
        const QList<Job> containers = jobs(m_p.currentModel(m_ws), true);
        // At most num-container-provision-workers on each host (runJobs).
        runJobs(containers, false);
    }
    dismissCrew();
    if (!m_abort)
        holdBlockedContainers(m_p.currentModel(m_ws));
    countPending();
    return m_report;
}

bool Provisioner::Pass::startedHere(const QString &nonce) const
{
    if (nonce.isEmpty())
        return false;
    QMutexLocker lock(&m_noncesMutex);
    return m_nonces.contains(nonce);
}

bool Provisioner::Pass::onlyNeverStartedAwait(const ModelSnapshot &snapshot)
{
    // A start recorded and no instance behind it (in flight when a run died,
    // or forgotten since): the listing may show it late, and its adoption
    // changes where the others go.
    return std::none_of(
        snapshot.machines.cbegin(), snapshot.machines.cend(),
        [](const MachineRecord &m) { return m.instanceId.isEmpty() && !m.nonce.isEmpty(); });
}

void Provisioner::Pass::prepareStarts(ModelSnapshot &snapshot)
{
    releaseGroupsOfGoneApplications(snapshot);
    if (finishMoves(snapshot))
        refresh(snapshot);
    seedSpread(snapshot);
}

void Provisioner::Pass::failStarts(const ModelSnapshot &snapshot, const QString &message)
{
    QStringList failed;
    m_ws.inModel(m_p.m_model, [&](ModelTx &tx) {
        for (const MachineRecord &m : snapshot.machines) {
            if (!awaitsInstance(m) || m_taken.contains(m.id)) // taken: fails on its own
                continue;
            const auto current = tx.machines().find(m.name);
            if (!current || !awaitsInstance(*current) ||
                !current->state.allows(MachineState::Move::RecordError))
                continue;
            tx.machineLife().recordError(*current, current->attempts + 1, message);
            failed << m.name;
        }
    });
    m_report.failed += int(failed.size());
    for (const QString &name : std::as_const(failed))
        m_p.log(Provisioner::tr("machine %1: provisioning error: %2").arg(name, message));
    if (failed.isEmpty())
        m_p.log(Provisioner::tr("cannot list instances of %1: %2").arg(m_model.cloud, message));
}

void Provisioner::Pass::stop(const QString &region, const QString &id, const QString &why)
{
    const ProviderError error = m_provider->stopInstances(region, {id});
    if (!error.ok()) {
        m_p.log(Provisioner::tr("cannot stop %1 (%2): %3").arg(id, why, error.message));
        throw BerthError(error.message);
    }
    m_p.log(Provisioner::tr("stopped %1 (%2)").arg(id, why));
    QMutexLocker lock(&m_reportMutex);
    ++m_report.stopped;
}

void Provisioner::Pass::reconcile(const ModelSnapshot &snapshot,
                                  const QList<InstanceInfo> &instances)
{
    QHash<QString, const MachineRecord *> byName;
    byName.reserve(snapshot.machines.size());
    for (const MachineRecord &m : snapshot.machines)
        byName.insert(m.name, &m);
    const ModelConfig::Harvest mode = harvest();
    for (const InstanceInfo &instance : instances) {
        if (m_abort)
            return;
        if (startedHere(instance.tags.value(InstanceTags::nonce)))
            continue; // its start records it
        const MachineRecord *m = byName.value(instance.tags.value(InstanceTags::machine));
        try {
            switch (Reconciler::decide(instance, m, mode)) {
            case Reconciler::Action::Keep:
                break;
            case Reconciler::Action::StopStray:
                stop(instance.region, instance.id,
                     Provisioner::tr("stray, harvest-mode=") + harvestName());
                break;
            case Reconciler::Action::LeaveStray:
                m_p.log(Provisioner::tr("leaving stray instance %1 (harvest-mode=%2)")
                            .arg(instance.id, harvestName()));
                break;
            case Reconciler::Action::LeaveInterrupted:
                m_p.log(Provisioner::tr("machine %1: %2 from an interrupted run is %3; the next "
                                        "start takes it over")
                            .arg(m->name, instance.id, instance.state));
                break;
            case Reconciler::Action::Adopt: {
                // Never started twice.
                m_ws.inModel(m_p.m_model,
                             [&](ModelTx &tx) { tx.machineLife().recordInstance(*m, instance); });
                m_p.log(Provisioner::tr("machine %1: adopted %2 started by an interrupted run")
                            .arg(m->name, instance.id));
                QMutexLocker lock(&m_reportMutex);
                ++m_report.adopted;
                break;
            }
            case Reconciler::Action::StopDuplicate:
                stop(instance.region, instance.id,
                     Provisioner::tr("duplicate for machine %1").arg(m->name));
                break;
            }
        } catch (const BerthError &error) {
            m_p.log(Provisioner::tr("instance %1: %2").arg(instance.id, error.message()));
        }
    }
    // A start recorded as in flight with no instance behind it was
    // interrupted, unless this pass is making it.
    m_ws.inModel(m_p.m_model, [&](ModelTx &tx) {
        for (const QString &name : tx.machines().startsWithoutInstance()) {
            const MachineRecord m = tx.machines().get(name);
            if (!startedHere(m.nonce))
                tx.machineLife().forgetStart(m, QStringLiteral("previous start was interrupted"));
        }
    });
}

ModelConfig::Harvest Provisioner::Pass::harvest() const
{
    return m_model.dying ? ModelConfig::Harvest::All : m_model.config.harvest();
}

QString Provisioner::Pass::harvestName() const
{
    return m_model.dying ? QStringLiteral("all") : m_model.config.harvestMode();
}

void Provisioner::Pass::removeDead(const ModelSnapshot &snapshot)
{
    QList<const MachineRecord *> dead;
    for (const MachineRecord &m : snapshot.machines) {
        if (m.state.isDead())
            dead << &m;
    }
    // Containers before their hosts.
    std::stable_sort(dead.begin(), dead.end(), [](const MachineRecord *a, const MachineRecord *b) {
        return depth(a->name) > depth(b->name);
    });
    const bool stopInstances = Reconciler::stopsInstancesOfDeadMachines(harvest());
    for (const MachineRecord *m : dead) {
        if (m_abort)
            return;
        try {
            // An existing host is only forgotten: Berth installed nothing on it.
            if (!m->instanceId.isEmpty() && stopInstances && !m->isExistingHost())
                stop(m->region, m->instanceId, Provisioner::tr("machine %1 is dead").arg(m->name));
            const bool removed = m_ws.inModel(m_p.m_model, [&](ModelTx &tx) {
                if (!tx.machines().children(m->id).isEmpty())
                    return false; // its containers go first
                tx.machines().forget(*m);
                return true;
            });
            if (removed) {
                m_p.log(Provisioner::tr("machine %1: removed").arg(m->name));
                QMutexLocker lock(&m_reportMutex);
                ++m_report.removed;
            }
        } catch (const BerthError &error) {
            m_p.log(
                Provisioner::tr("machine %1: %2; will try again").arg(m->name, error.message()));
        }
    }
}

// A container whose host failed or went can never start: it shows as an error
// that names the host (in status, and among the window's problems) until
// retry-provisioning tries them again.
void Provisioner::Pass::holdBlockedContainers(const ModelSnapshot &snapshot)
{
    QHash<qint64, const MachineRecord *> byId;
    for (const MachineRecord &m : snapshot.machines)
        byId.insert(m.id, &m);
    QMap<QString, QString> held; // container → why
    for (const MachineRecord &m : snapshot.machines) {
        if (!m.isContainer() || !awaitsInstance(m) ||
            !m.state.allows(MachineState::Move::HoldForHost))
            continue;
        const MachineRecord *host = byId.value(m.parentId);
        if (!MachineRecord::hostBlocks(host))
            continue;
        if (!host)
            held.insert(m.name, QStringLiteral("host machine %1 is gone").arg(m.parentName()));
        else if (!host->state.isAlive())
            held.insert(m.name, QStringLiteral("host machine %1 is being removed").arg(host->name));
        else
            held.insert(m.name, QStringLiteral("host machine %1 is in error: %2")
                                    .arg(host->name, host->machineMessage));
    }
    if (held.isEmpty())
        return;
    m_ws.inModel(m_p.m_model, [&](ModelTx &tx) {
        for (auto it = held.cbegin(); it != held.cend(); ++it) {
            const auto m = tx.machines().find(it.key());
            if (m && m->instanceId.isEmpty() && m->state.allows(MachineState::Move::HoldForHost))
                tx.machineLife().holdForHost(*m, it.value());
        }
    });
    for (auto it = held.cbegin(); it != held.cend(); ++it)
        m_p.log(Provisioner::tr("machine %1: cannot start: %2").arg(it.key(), it.value()));
}

void Provisioner::Pass::releaseGroupsOfGoneApplications(const ModelSnapshot &snapshot)
{
    QSet<QString> applications;
    for (const ApplicationRecord &a : snapshot.applications)
        applications.insert(a.name);
    const bool gone = std::any_of(m_p.m_applications.cbegin(), m_p.m_applications.cend(),
                                  [&](const QString &a) { return !applications.contains(a); });
    m_p.m_applications = applications;
    if (m_p.m_groupsReleased && !gone)
        return;
    QStringList keep;
    for (const QString &a : std::as_const(applications))
        keep << HostSpread::groupFor(m_model.uuid, a);
    for (const HostSpread &spread : hostSpreads(snapshot))
        keep << spread.group; // a group an affinity policy names
    if (const ProviderError released = m_provider->releaseModel(m_model.uuid, keep);
        !released.ok()) {
        m_p.log(Provisioner::tr("model %1: %2").arg(m_p.m_model, released.message));
        m_p.m_groupsReleased = false; // tried again next pass
        return;
    }
    m_p.m_groupsReleased = true;
}

void Provisioner::Pass::countPending()
{
    Provisioner::countPending(m_p.currentModel(m_ws), m_report);
}

} // namespace berth
