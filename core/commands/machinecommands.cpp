#include "core/commands/machinecommands.h"

#include "core/commands/modelchange.h"
#include "core/commands/unitplacer.h"
#include "core/store/machineretirement.h"

#include "core/bertherror.h"
#include "core/inputlimits.h"
#include "core/model/base.h"
#include "core/placement/directiveplacement.h"

namespace berth {

namespace {

QString createdText(const MachineRecord &m)
{
    return m.isContainer() ? MachineCommands::tr("created container %1").arg(m.name)
                           : MachineCommands::tr("created machine %1").arg(m.name);
}

} // namespace

CommandResult MachineCommands::addMachines(const QString &model, const AddMachine &request,
                                           const QString &acceptHostKey, QList<MachineRecord> *made)
{
    using Kind = PlacementDirective::Kind;
    Limits::checkCommandCount(request.count, QStringLiteral("machines"));
    std::optional<PlacementDirective> directive;
    if (!request.directive.isEmpty()) {
        auto parsed = PlacementDirective::parse(request.directive);
        if (!parsed.ok())
            throw BerthError(parsed.error);
        DirectivePlacement::forMachine(parsed.directive); // refuses machine ids
        // As Juju: -n goes with "lxd" (a container on a new machine each),
        // not with a directive that names a target.
        const bool namesTarget =
            !(parsed.directive.kind == Kind::NewContainer && parsed.directive.target.isEmpty());
        if (request.count != 1 && namesTarget)
            throw BerthError(
                MachineCommands::tr("cannot use -n when specifying a placement directive"));
        directive = parsed.directive;
        if (directive->kind == Kind::Ssh)
            return addExistingHost(model, *directive, request, acceptHostKey);
    }
    const Constraints given = Constraints::parseOrThrow(request.constraints);

    return m_ws.inModel(model, [&](ModelTx &tx) {
        CommandResult result;
        const auto base =
            Base::parse(request.base.isEmpty() ? tx.model().config.defaultBase() : request.base);
        if (!base.ok())
            throw BerthError(base.error);
        if (const QString refusal = Base::unsupported(base.base, tx.cloud().bases);
            !refusal.isEmpty())
            throw BerthError(refusal);
        const ConstraintsValidator validator = tx.validator();
        const auto report = validator.validate(given);
        if (!report.ok())
            throw BerthError(report.error);
        result.warnings = report.warnings;
        MachineRows::NewMachine spec;
        spec.base = base.base.toString();
        spec.constraints = FormattedConstraints(validator.merge(tx.model().constraints, given));
        spec.region = tx.model().region;
        spec.name = request.count == 1 ? request.name : QString();
        if (directive) {
            for (int i = 0; i < request.count; ++i) {
                QString newHost;
                const MachineRecord m = UnitPlacer(tx).createMachineAt(
                    DirectivePlacement::forMachine(directive), spec, {}, &newHost);
                if (!newHost.isEmpty())
                    result.messages << MachineCommands::tr("created machine %1").arg(newHost);
                result.messages << createdText(m);
            }
            return result;
        }
        for (int i = 0; i < request.count; ++i) {
            const MachineRecord m = tx.machines().create(spec);
            if (request.count <= 20)
                result.messages << createdText(m);
            if (made)
                *made << m;
        }
        if (request.count > 20)
            result.messages << MachineCommands::tr("created %1 machines").arg(request.count);
        return result;
    });
}

CommandResult MachineCommands::addExistingHost(const QString &model,
                                               const PlacementDirective &directive,
                                               const AddMachine &request,
                                               const QString &acceptHostKey)
{
    if (!request.constraints.trimmed().isEmpty())
        throw BerthError(
            MachineCommands::tr("constraints do not apply to ssh: hosts; the host's own "
                                "hardware is recorded"));
    if (!m_probe)
        throw BerthError(MachineCommands::tr("add-machine %1: this program cannot reach hosts over "
                                             "SSH")
                             .arg(directive.toString()));
    std::optional<Base> wanted;
    if (!request.base.isEmpty()) {
        const auto base = Base::parse(request.base);
        if (!base.ok())
            throw BerthError(base.error);
        wanted = base.base;
    }
    // The same host twice would be two machines on one computer.
    const auto alreadyThere = [&](ModelTx &tx) {
        for (const MachineRecord &m : tx.machines().alivePlaced(QStringLiteral("ssh:"))) {
            const auto other = PlacementDirective::parse(m.placement);
            if (other.ok() && other.directive.host == directive.host &&
                other.directive.port == directive.port) {
                throw BerthError(MachineCommands::tr("host %1 is already machine %2")
                                     .arg(directive.host, m.name));
            }
        }
    };
    m_ws.inModel(model, [&](ModelTx &tx) { alreadyThere(tx); });

    // Over the network, outside any transaction.
    const HostProbe::Result probed =
        m_probe->probe({directive.user, directive.host, directive.port, acceptHostKey});
    if (!probed.ok())
        throw BerthError(probed.error);
    const HostFacts &facts = probed.facts;
    const auto base = Base::parse(facts.base);
    if (!base.ok())
        throw BerthError(MachineCommands::tr("host %1 runs \"%2\", which is not a base Berth knows")
                             .arg(directive.host, facts.base));
    if (wanted && base.base != *wanted)
        throw BerthError(MachineCommands::tr("host %1 runs %2, not %3")
                             .arg(directive.host, base.base.toString(), wanted->toString()));

    return m_ws.inModel(model, [&](ModelTx &tx) {
        alreadyThere(tx);
        // A base no unit could be deployed on (deploy --base refuses it) makes
        // no machine either.
        if (const QString refusal = Base::unsupported(base.base, tx.cloud().bases);
            !refusal.isEmpty())
            throw BerthError(MachineCommands::tr("host %1: %2").arg(directive.host, refusal));
        MachineRows::NewMachine spec;
        spec.base = base.base.toString();
        spec.placement = directive.toString();
        spec.region = tx.model().region;
        const MachineRecord m = tx.machines().create(spec);
        QString instanceId = QStringLiteral("manual:") + directive.host;
        if (directive.port != 22)
            instanceId += QStringLiteral(":%1").arg(directive.port);
        // Enlisted, not started: the host is the instance, as found.
        tx.machineLife().enlistHost(m, instanceId, facts.hardware(),
                                    QStringLiteral("existing host ") + facts.hostname);
        // Its line in the audit trail, with the machine: ModelChange::apply
        // runs a change that reaches a host outside any transaction.
        m_ws.audit(tx.model(), {ModelChange::addMachines(request).auditRecord()});
        CommandResult result;
        result.messages << MachineCommands::tr("created machine %1 for host %2 (%3, %4)")
                               .arg(m.name, directive.host, spec.base, facts.hardware());
        return result;
    });
}

void MachineCommands::removeMachine(ModelTx &tx, const MachineRecord &machine, bool force,
                                    CommandResult &result, bool keepInstance)
{
    const QList<UnitRecord> units = tx.units().onMachine(machine.id);
    QList<MachineRecord> containers = tx.machines().children(machine.id);
    containers.removeIf([](const MachineRecord &m) { return m.state.isDead(); });
    if (!force) {
        for (const UnitRecord &unit : units) {
            if (!unit.subordinate) {
                throw BerthError(
                    MachineCommands::tr("machine %1 has unit \"%2\" assigned; remove the "
                                        "unit first or use --force")
                        .arg(machine.name, unit.name()));
            }
        }
        if (!containers.isEmpty()) {
            throw BerthError(MachineCommands::tr("machine %1 is hosting containers \"%2\"; remove "
                                                 "them first or use --force")
                                 .arg(machine.name, containers.first().name));
        }
    }
    for (const MachineRecord &container : containers)
        removeMachine(tx, container, force, result, keepInstance);
    for (const UnitRecord &unit : units) {
        if (unit.subordinate)
            continue;
        tx.units().forget({unit});
        result.messages << MachineCommands::tr("removed unit %1").arg(unit.name());
    }
    tx.units().syncSubordinates(machine);
    MachineRetirement(tx).retire(tx.machines().get(machine.name));
    const auto after = tx.machines().find(machine.name);
    if (!after) {
        result.messages << MachineCommands::tr("removed machine %1").arg(machine.name);
    } else if (keepInstance) {
        // forgetKeepingInstances() says what becomes of it
    } else if (machine.isExistingHost()) {
        // Berth installed nothing on an existing host: it is forgotten, never stopped.
        result.messages << MachineCommands::tr(
                               "machine %1 marked dead; the provisioner forgets host "
                               "%2 and leaves it running")
                               .arg(machine.name, machine.placed().value);
    } else {
        result.messages << MachineCommands::tr(
                               "machine %1 marked dead; its instance will be stopped "
                               "by the provisioner")
                               .arg(machine.name);
    }
}

void MachineCommands::forgetKeepingInstances(ModelTx &tx, const QString &name,
                                             CommandResult &result)
{
    const auto machine = tx.machines().find(name);
    if (!machine)
        return; // never provisioned: already gone
    for (const MachineRecord &container : tx.machines().children(machine->id))
        forgetKeepingInstances(tx, container.name, result);
    tx.machines().forget(*machine);
    result.messages << MachineCommands::tr(
                           "machine %1 left the model; its instance %2 keeps running")
                           .arg(name, machine->instanceId.isEmpty() ? tr("(none yet)")
                                                                    : machine->instanceId);
}

CommandResult MachineCommands::removeMachines(const QString &model, const QStringList &ids,
                                              bool force, bool keepInstance)
{
    if (ids.isEmpty())
        throw BerthError(MachineCommands::tr("no machines specified; expected machine ids"));
    return m_ws.inModel(model, [&](ModelTx &tx) {
        CommandResult result;
        for (const QString &id : ids) {
            const MachineRecord machine = tx.machines().get(id);
            if (machine.state.isDead()) {
                result.messages << MachineCommands::tr("machine %1 is already dead").arg(id);
                continue;
            }
            removeMachine(tx, machine, force, result, keepInstance);
            if (keepInstance)
                forgetKeepingInstances(tx, machine.name, result);
        }
        return result;
    });
}

CommandResult MachineCommands::retryProvisioning(const QString &model, const QStringList &ids,
                                                 const std::optional<QString> &constraints)
{
    std::optional<Constraints> replacement;
    if (constraints)
        replacement = Constraints::parseOrThrow(*constraints);
    return m_ws.inModel(model, [&](ModelTx &tx) {
        CommandResult result;
        if (replacement) {
            const auto report = tx.validator().validate(*replacement);
            if (!report.ok())
                throw BerthError(report.error);
            result.warnings = report.warnings;
        }
        QStringList names = ids;
        if (names.isEmpty()) {
            names = tx.machines().inError();
            if (names.isEmpty())
                result.messages << MachineCommands::tr("no machines in error");
        }
        for (const QString &name : names) {
            const MachineRecord m = tx.machines().get(name);
            if (!m.state.inError()) {
                throw BerthError(MachineCommands::tr("machine %1 is not in error (status %2); only "
                                                     "machines in error can be retried")
                                     .arg(name, MachineState::label(m.state.status)));
            }
            tx.machineLife().resetForRetry(m,
                                           replacement ? replacement->toString() : m.constraints);
            result.messages
                << MachineCommands::tr("machine %1 will be provisioned again").arg(name);
            // Its containers held back by its error go with it (not those that failed
            // on their own, nor any named here too).
            for (const MachineRecord &c : tx.machines().children(m.id)) {
                if (c.state.heldByHost() && !names.contains(c.name)) {
                    tx.machineLife().resetForRetry(c, c.constraints);
                    result.messages
                        << MachineCommands::tr("machine %1 will be provisioned with its host")
                               .arg(c.name);
                }
            }
        }
        return result;
    });
}

QList<StatusLogEntry> MachineCommands::statusLog(const QString &model, const QString &machine)
{
    return m_ws.readModel(
        model, [&](ModelTx &tx) { return tx.machineLife().statusLog(tx.machines().get(machine)); });
}

StartForecast MachineCommands::waitingStarts(const QString &model)
{
    return waitingStarts(m_ws.snapshot(model), m_ws.clouds());
}

StartForecast MachineCommands::waitingStarts(const ModelSnapshot &now, const CloudRegistry &clouds)
{
    ModelSnapshot before = now; // as if none of its machines existed: all that wait count
    before.machines.clear();
    return StartForecast::of(before, now, clouds.get(now.model.cloud));
}

QString MachineCommands::describeWaiting(const QString &model, const StartForecast &forecast)
{
    const int count = forecast.instances() + int(forecast.unfit.size()) + int(forecast.held.size());
    if (count == 0)
        return tr("no machine of model %1 waits to start").arg(model);
    QStringList parts;
    for (const StartForecast::Starts &s : forecast.starts) {
        const QString where = s.zone.isEmpty() ? s.region : s.zone;
        parts << tr("%1 × %2 in %3").arg(s.count).arg(s.instanceType, where);
    }
    if (!forecast.unfit.isEmpty())
        parts << tr("%n that no instance type fits", nullptr, int(forecast.unfit.size()));
    if (!forecast.held.isEmpty())
        parts << tr("%n held by a spread bound", nullptr, int(forecast.held.size()));
    return tr("%n machine(s) of model %1 wait to start: %2; about %3 an hour", nullptr, count)
        .arg(model, parts.join(QStringLiteral(", ")), QString::number(forecast.hourlyCost, 'f', 3));
}

} // namespace berth
