#include "machinecommands.h"

#include "base.h"
#include "bertherror.h"

CommandResult MachineCommands::addMachines(const QString &model, const AddMachine &request)
{
    using Kind = PlacementDirective::Kind;
    if (request.count < 1) {
        throw BerthError(
            QStringLiteral("-n must be a positive number of machines, got %1").arg(request.count));
    }
    std::optional<PlacementDirective> directive;
    if (!request.directive.isEmpty()) {
        auto parsed = PlacementDirective::parse(request.directive);
        if (!parsed.ok())
            throw BerthError(parsed.error);
        if (parsed.directive.targetsExistingMachine())
            throw BerthError(QStringLiteral("add-machine: machine-id cannot be specified"));
        if (request.count != 1)
            throw BerthError(QStringLiteral("-n cannot be used with a placement directive on "
                                            "add-machine"));
        directive = parsed.directive;
    }
    const Constraints given = Constraints::parseOrThrow(request.constraints);

    return m_ws.inModel(model, [&](ModelTx &tx) {
        CommandResult result;
        const auto base =
            Base::parse(request.base.isEmpty() ? tx.model().config.defaultBase() : request.base);
        if (!base.ok())
            throw BerthError(base.error);
        const ConstraintsValidator validator = tx.validator();
        const auto report = validator.validate(given);
        if (!report.ok())
            throw BerthError(report.error);
        result.warnings = report.warnings;
        const Constraints parsedModel = Constraints::parse(tx.model().constraints).constraints;

        ModelTx::NewMachine spec;
        spec.base = base.base.toString();
        spec.constraints = validator.merge(parsedModel, given).toString();
        spec.region = tx.model().region;
        MachineRecord host;
        if (directive) {
            const PlacementDirective &d = *directive;
            if (d.kind == Kind::NewContainer) {
                if (d.target.isEmpty()) {
                    ModelTx::NewMachine hostSpec = spec;
                    hostSpec.constraints = tx.model().constraints;
                    host = tx.createMachine(hostSpec);
                    result.messages << QStringLiteral("created machine %1").arg(host.name);
                } else {
                    host = tx.machine(d.target);
                    if (host.life != u"alive") {
                        throw BerthError(
                            QStringLiteral("machine %1 is %2").arg(host.name, host.life));
                    }
                }
                spec.parent = &host;
                spec.region = host.region;
            } else {
                tx.checkProviderDirective(d);
                spec.placement = d.toString();
                if (d.kind == Kind::Region)
                    spec.region = d.value;
            }
        }
        for (int i = 0; i < request.count; ++i) {
            const MachineRecord m = tx.createMachine(spec);
            if (request.count <= 20)
                result.messages << QStringLiteral("created %1 %2")
                                       .arg(m.isContainer() ? QStringLiteral("container")
                                                            : QStringLiteral("machine"),
                                            m.name);
        }
        if (request.count > 20)
            result.messages << QStringLiteral("created %1 machines").arg(request.count);
        return result;
    });
}

void MachineCommands::removeMachine(ModelTx &tx, const MachineRecord &machine, bool force,
                                    CommandResult &result)
{
    const QList<UnitRecord> units = tx.unitsOnMachine(machine.id);
    QList<MachineRecord> containers = tx.children(machine.id);
    containers.removeIf([](const MachineRecord &m) { return m.life == u"dead"; });
    if (!force) {
        for (const UnitRecord &unit : units) {
            if (!unit.subordinate) {
                throw BerthError(QStringLiteral("machine %1 has unit \"%2\" assigned; remove the "
                                                "unit first or use --force")
                                     .arg(machine.name, unit.name()));
            }
        }
        if (!containers.isEmpty()) {
            throw BerthError(QStringLiteral("machine %1 is hosting containers \"%2\"; remove "
                                            "them first or use --force")
                                 .arg(machine.name, containers.first().name));
        }
    }
    for (const MachineRecord &container : containers)
        removeMachine(tx, container, force, result);
    for (const UnitRecord &unit : units) {
        if (unit.subordinate)
            continue;
        tx.sql().run(QStringLiteral("DELETE FROM units WHERE id = ?"), {unit.id});
        tx.logChange(QStringLiteral("unit"), unit.name(), Change::Op::Removed);
        result.messages << QStringLiteral("removed unit %1").arg(unit.name());
    }
    tx.syncSubordinates(machine);
    tx.retireMachine(tx.machine(machine.name));
    const auto after = tx.findMachine(machine.name);
    result.messages << (after ? QStringLiteral("machine %1 marked dead; its instance will be "
                                               "stopped by the provisioner")
                                    .arg(machine.name)
                              : QStringLiteral("removed machine %1").arg(machine.name));
}

CommandResult MachineCommands::removeMachines(const QString &model, const QStringList &ids,
                                              bool force)
{
    if (ids.isEmpty())
        throw BerthError(QStringLiteral("no machines specified; expected machine ids"));
    return m_ws.inModel(model, [&](ModelTx &tx) {
        CommandResult result;
        for (const QString &id : ids) {
            const MachineRecord machine = tx.machine(id);
            if (machine.life == u"dead") {
                result.messages << QStringLiteral("machine %1 is already dead").arg(id);
                continue;
            }
            removeMachine(tx, machine, force, result);
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
            QSqlQuery &q =
                tx.sql().run(QStringLiteral("SELECT name FROM machines WHERE model_id = "
                                            "? AND machine_status = 'error' ORDER BY id"),
                             {tx.model().id});
            while (q.next())
                names << q.value(0).toString();
            q.finish();
            if (names.isEmpty())
                result.messages << QStringLiteral("no machines in error");
        }
        for (const QString &name : names) {
            const MachineRecord m = tx.machine(name);
            if (m.machineStatus != u"error") {
                throw BerthError(QStringLiteral("machine %1 is not in error (status %2); only "
                                                "machines in error can be retried")
                                     .arg(name, m.machineStatus));
            }
            tx.sql().run(QStringLiteral("UPDATE machines SET machine_status = 'pending', "
                                        "machine_message = '', instance_status = 'pending', "
                                        "instance_message = '', attempts = 0, retry_at = 0, "
                                        "constraints = ? WHERE id = ?"),
                         {replacement ? replacement->toString() : m.constraints, m.id});
            tx.logChange(QStringLiteral("machine"), name, Change::Op::Changed);
            result.messages << QStringLiteral("machine %1 will be provisioned again").arg(name);
        }
        return result;
    });
}
