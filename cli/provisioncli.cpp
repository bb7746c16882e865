// berthctl commands about provider accounts and provisioning: add-cloud,
// update-cloud, remove-cloud, instances, provision, retry-provisioning.
#include "cli/clicontext.h"
#include "core/bertherror.h"
#include "core/cloud/instancetags.h"
#include "core/commands/cloudcommands.h"
#include "core/commands/machinecommands.h"
#include "core/commands/modelcommands.h"
#include "core/inputlimits.h"
#include "core/model/snapshotindex.h"
#include "core/printable.h"
#include "core/provisioning/provisioner.h"
#include "core/provisioning/provisionerworker.h"
#include "core/store/cloudaccounts.h"
#include "core/store/modelrows.h"
#include "core/userfiles.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QMutex>
#include <QTimer>

#include <chrono>
#include <condition_variable>
#include <csignal>
#include <mutex>
#include <optional>
#include <stop_token>
#include <thread>
#include <unistd.h>

namespace berth {

namespace {

const QCommandLineOption configOption(
    QStringLiteral("config"),
    QStringLiteral("a setting of the cloud type (show-cloud lists them); repeat for more; "
                   "k= unsets"),
    QStringLiteral("k=v"));

std::atomic<bool> interrupted = false;

void setSecret(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("set-secret"),
                       QStringLiteral("CLOUD KEY  (the value is all of stdin, byte for byte; a "
                                      "one-line value loses its final newline; empty removes)"));
    parser.parse(args, 2, 2);
    // From stdin, so the secret is in neither the process list nor the shell's history.
    // All of it: a producer that pauses (gpg -d, ssh host cat key) writes it in parts.
    const QByteArray value = CloudCommands::secretFromInput(UserFiles::readDescriptor(
        STDIN_FILENO, QStringLiteral("set-secret: the secret"), Limits::maxSecretBytes));
    ctx.print(
        CloudCommands(ctx.workspace.store(), ctx.providerTypes)
            .setSecret(parser.positional().at(0), parser.positional().at(1), value, ctx.secrets));
}

// The options that hand an account its trust material; each becomes a secret.
void addCredentialOptions(CommandArgs &parser)
{
    parser.addOption({QStringLiteral("client-cert"),
                      QStringLiteral("client certificate (PEM file) to present"),
                      QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("client-key"),
                      QStringLiteral("the client certificate's key (PEM file)"),
                      QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("accept-fingerprint"),
                      QStringLiteral("trust the server certificate with this SHA-256 fingerprint"),
                      QStringLiteral("FP")});
    parser.addOption({QStringLiteral("secret-file"),
                      QStringLiteral("a secret of the cloud type (show-cloud lists them) read from "
                                     "a file, e.g. password=~/.os-password; repeat for more"),
                      QStringLiteral("KEY=FILE")});
}

QByteArray readSecretFile(const QString &option, const QString &path)
{
    return UserFiles::read(path, QStringLiteral("--%1: \"%2\"").arg(option, path),
                           Limits::maxSecretBytes);
}

Secrets credentialsFrom(const CommandArgs &parser)
{
    Secrets secrets;
    for (const QString &option : {QStringLiteral("client-cert"), QStringLiteral("client-key")}) {
        if (parser.isSet(option))
            secrets.insert(option, readSecretFile(option, parser.value(option)));
    }
    if (parser.isSet(QStringLiteral("accept-fingerprint")))
        secrets.insert(QStringLiteral("server-fingerprint"),
                       parser.value(QStringLiteral("accept-fingerprint")).toUtf8());
    for (const QString &assignment : parser.values(QStringLiteral("secret-file"))) {
        const qsizetype eq = assignment.indexOf(u'=');
        if (eq <= 0 || eq == assignment.size() - 1)
            throw BerthError(QStringLiteral("bad --secret-file \"%1\": expected KEY=FILE, e.g. "
                                            "password=/root/os-password")
                                 .arg(assignment));
        // A password file's final newline is not part of the password.
        secrets.insert(assignment.left(eq),
                       CloudCommands::secretFromInput(
                           readSecretFile(QStringLiteral("secret-file"), assignment.mid(eq + 1))));
    }
    return secrets;
}

void addCloud(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(
        QStringLiteral("add-cloud"),
        QStringLiteral("NAME --type sim|lxd|openstack [--endpoint URL] [--config k=v "
                       "...] [--client-cert FILE --client-key FILE] "
                       "[--secret-file KEY=FILE ...] [--accept-fingerprint FP]"));
    parser.addOption({QStringLiteral("type"),
                      QStringLiteral("the cloud's type: sim, lxd or openstack"),
                      QStringLiteral("TYPE")});
    parser.addOption({QStringLiteral("endpoint"),
                      QStringLiteral("the cloud's API, e.g. https://10.0.0.2:8443 (LXD) or "
                                     "https://10.0.0.2:5000/v3 (Keystone)"),
                      QStringLiteral("URL")});
    parser.addOption(configOption);
    addCredentialOptions(parser);
    parser.parse(args, 1, 1);
    if (!parser.isSet(QStringLiteral("type")))
        throw BerthError(QStringLiteral("add-cloud: --type is required (e.g. --type sim)"));
    ctx.print(CloudCommands(ctx.workspace.store(), ctx.providerTypes)
                  .addCloud(parser.positional().first(), parser.value(QStringLiteral("type")),
                            parser.value(QStringLiteral("endpoint")),
                            parser.values(QStringLiteral("config")), credentialsFrom(parser),
                            &ctx.secrets));
}

void updateCloud(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("update-cloud"),
                       QStringLiteral("NAME [--config k=v ...] [--client-cert FILE --client-key "
                                      "FILE] [--secret-file KEY=FILE ...] "
                                      "[--accept-fingerprint FP]"));
    parser.addOption(configOption);
    addCredentialOptions(parser);
    parser.parse(args, 1, 1);
    ctx.print(CloudCommands(ctx.workspace.store(), ctx.providerTypes)
                  .updateCloud(parser.positional().first(), parser.values(QStringLiteral("config")),
                               credentialsFrom(parser), &ctx.secrets));
}

void removeCloud(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("remove-cloud"), QStringLiteral("NAME"));
    parser.parse(args, 1, 1);
    ctx.print(CloudCommands(ctx.workspace.store(), ctx.providerTypes)
                  .removeCloud(parser.positional().first(), &ctx.secrets));
}

void instances(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("instances"), QStringLiteral("CLOUD [--region R]"));
    parser.addOption({QStringLiteral("region"),
                      QStringLiteral("only this region's instances (default: every region)"),
                      QStringLiteral("R")});
    parser.parse(args, 1, 1);
    const QString cloud = parser.positional().first();
    const QString region = parser.value(QStringLiteral("region"));
    if (!region.isEmpty() && !ctx.workspace.clouds().get(cloud).region(region))
        throw BerthError(QStringLiteral("region \"%1\" not found in cloud %2").arg(region, cloud));
    ProviderError error;
    const QList<InstanceInfo> list =
        ctx.workspace.clouds().provider(cloud).listInstances(region, {}, &error);
    if (!error.ok())
        throw BerthError(
            QStringLiteral("cannot list instances of %1: %2").arg(cloud, error.message));
    // Models by name, as the user knows them; an instance of no model here
    // keeps its id's first characters.
    QHash<QString, QString> modelNames;
    for (const ModelCommands::ModelSummary &m : ModelCommands(ctx.workspace).models())
        modelNames.insert(m.uuid, m.name);
    const auto modelOf = [&](const InstanceInfo &i) {
        const QString uuid = i.tags.value(InstanceTags::model);
        if (uuid.isEmpty())
            return QString();
        return modelNames.value(uuid, uuid.left(8) + QStringLiteral(" (not in this store)"));
    };
    QJsonArray json;
    for (const InstanceInfo &i : list) {
        QJsonObject tags;
        for (auto it = i.tags.cbegin(); it != i.tags.cend(); ++it)
            tags.insert(it.key(), it.value());
        json.append(QJsonObject{
            {QStringLiteral("id"), i.id},
            {QStringLiteral("state"), i.state},
            {QStringLiteral("region"), i.region},
            {QStringLiteral("zone"), i.zone},
            {QStringLiteral("instance-type"), i.instanceType},
            {QStringLiteral("hardware"), i.hardware},
            {QStringLiteral("model"), modelNames.value(i.tags.value(InstanceTags::model))},
            {QStringLiteral("tags"), tags}});
    }
    ctx.show(json, [&] {
        Output::Table table({QStringLiteral("Instance"), QStringLiteral("State"),
                             QStringLiteral("Zone"), QStringLiteral("Type"),
                             QStringLiteral("Machine"), QStringLiteral("Model")});
        for (const InstanceInfo &i : list) {
            table.addRow({i.id, i.state, i.zone, i.instanceType,
                          i.tags.value(InstanceTags::machine), modelOf(i)});
        }
        return table.render();
    });
}

// The foreground provisioner is the window's worker, run on this thread:
// passes on store changes, retry times and a timer, until stopped (or
// `deadline`, when not 0). A provider account changed by any client brings a
// new worker on the clouds as they are now.
// Ctrl+C or SIGTERM while a cloud call is in flight (a cloud may take
// minutes): after a short grace the calls are abandoned as a kill would
// abandon them, instead of waiting for the cloud. The model stays consistent:
// every start was recorded with its nonce before it was asked for, and the
// next provision adopts or stops what an abandoned call started.
class InterruptGrace
{
public:
    InterruptGrace()
        : m_thread([](const std::stop_token &stop) { watch(stop); })
    {}
    InterruptGrace(const InterruptGrace &) = delete;
    InterruptGrace &operator=(const InterruptGrace &) = delete;

private:
    // Polls the signal's flag (a handler can only set it); the command's
    // end (the thread's stop) wakes it at once rather than after a poll.
    static void watch(const std::stop_token &stop)
    {
        using namespace std::chrono_literals;
        std::mutex mutex;
        std::condition_variable_any wake;
        std::unique_lock lock(mutex);
        const auto nap = [&] { wake.wait_for(lock, stop, 50ms, [] { return false; }); };
        while (!stop.stop_requested() && !interrupted)
            nap();
        for (int waited = 0; !stop.stop_requested() && waited < 30; ++waited)
            nap(); // 1.5 s for the pass to stop
        if (stop.stop_requested())
            return;
        static const char message[] =
            "ERROR provision: interrupted; abandoning the cloud calls still in flight (their "
            "machines stay pending: the next provision adopts or stops what they started)\n";
        [[maybe_unused]] const auto written = ::write(STDERR_FILENO, message, sizeof message - 1);
        ::_exit(130);
    }
    // Asked to stop and joined when the command ends.
    std::jthread m_thread;
};

void runInForeground(CliContext &ctx, const QString &model, qint64 deadline,
                     const std::function<void(const QString &)> &print)
{
    const QString location = ctx.workspace.store().location();
    std::optional<CloudRegistry> reloaded;
    for (bool again = true; again;) {
        again = false;
        {
            ProvisionerWorker worker(location, reloaded ? *reloaded : ctx.workspace.clouds(),
                                     model);
            // Printed as they happen, from the thread that starts the machine:
            // queued, they waited for the end of the pass and took its time.
            QObject::connect(&worker, &ProvisionerWorker::logLine, &worker, print,
                             Qt::DirectConnection);
            QObject::connect(&worker, &ProvisionerWorker::failed, &worker,
                             [&ctx](const QString &message) { ctx.warn(message); });
            QObject::connect(&worker, &ProvisionerWorker::modelDestroyed, &worker,
                             [] { QCoreApplication::quit(); });
            QObject::connect(&worker, &ProvisionerWorker::cloudsChanged, &worker, [&] {
                again = true;
                worker.cancel();
                QCoreApplication::quit();
            });
            QTimer stop;
            stop.setInterval(100);
            QObject::connect(&stop, &QTimer::timeout, &worker, [&] {
                if (interrupted ||
                    (deadline > 0 && QDateTime::currentMSecsSinceEpoch() >= deadline)) {
                    worker.cancel();
                    QCoreApplication::quit();
                }
            });
            stop.start();
            QTimer::singleShot(0, &worker, &ProvisionerWorker::start);
            QCoreApplication::exec();
        }
        if (again) {
            reloaded.emplace(
                CloudAccounts::registry(ctx.workspace.store(), ctx.providerTypes, &ctx.secrets));
            print(QStringLiteral("provider accounts changed: reloaded"));
        }
    }
}

void provision(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("provision"), QStringLiteral("[--until-idle] [--timeout S]"));
    parser.addOption(
        {QStringLiteral("until-idle"),
         QStringLiteral(
             "stop once nothing is left to do, here or by a provisioner already running")});
    parser.addOption({QStringLiteral("timeout"), QStringLiteral("give up after S seconds"),
                      QStringLiteral("S")});
    parser.parse(args, 0, 0);
    const int timeout = parser.intValue(QStringLiteral("timeout"), 0);
    if (timeout < 0)
        throw BerthError(QStringLiteral("provision: --timeout must be 0 or more seconds"));
    const QString model = ctx.model();
    QTextStream &out = ctx.out;
    QMutex printing; // lines come from the threads that start machines
    const auto print = [&out, &printing](const QString &line) {
        const QMutexLocker lock(&printing);
        out << QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss.zzz ")) << line
            << Qt::endl;
    };
    std::signal(SIGINT, [](int) { interrupted = true; });
    std::signal(SIGTERM, [](int) { interrupted = true; });
    const InterruptGrace grace;
    // The model as the provisioner reads it for its first pass, and keeps.
    std::optional<Provisioner> provisioner;
    if (parser.isSet(QStringLiteral("until-idle")))
        provisioner.emplace(ctx.workspace.store(), ctx.workspace.clouds(), model);
    // What starts now, and what it costs, as the window says before it provisions.
    print(MachineCommands::describeWaiting(
        model, provisioner
                   ? MachineCommands::waitingStarts(provisioner->model(), ctx.workspace.clouds())
                   : MachineCommands(ctx.workspace).waitingStarts(model)));
    if (provisioner) {
        provisioner->setLog(print);
        if (!provisioner->runUntilIdle(interrupted, qint64(timeout) * 1000)) {
            if (interrupted)
                throw BerthError(QStringLiteral("provision: interrupted"));
            throw BerthError(QStringLiteral("provision: not idle after %1 s; machines are still "
                                            "pending (see status)")
                                 .arg(timeout));
        }
    } else {
        const qint64 deadline =
            timeout > 0 ? QDateTime::currentMSecsSinceEpoch() + timeout * 1000LL : 0;
        runInForeground(ctx, model, deadline, print);
    }
    if (!ctx.workspace.store().readStatement(
            [&](SqlSession &sql) { return ModelRows(sql).find(model).has_value(); }))
        return; // destroyed: its last line said so
    const ModelSnapshot snapshot =
        provisioner ? provisioner->model() : ctx.workspace.snapshot(model);
    QHash<qint64, const MachineRecord *> byId;
    for (const MachineRecord &m : snapshot.machines)
        byId.insert(m.id, &m);
    int running = 0;
    int errors = 0;
    int blocked = 0; // containers that cannot start while their host is in error or going
    for (const MachineRecord &m : snapshot.machines) {
        running += m.instanceId.isEmpty() ? 0 : 1;
        errors += m.state.inError() ? 1 : 0;
        if (m.isContainer() && m.instanceId.isEmpty() && !m.state.inError() && m.state.isAlive())
            blocked += MachineRecord::hostBlocks(byId.value(m.parentId)) ? 1 : 0;
    }
    out << QStringLiteral("%1 machine(s) with instances, %2 in error, %3 blocked")
               .arg(running)
               .arg(errors)
               .arg(blocked)
        << Qt::endl;
    // A script waiting for the model to be up learns that it is not.
    if (parser.isSet(QStringLiteral("until-idle")) && errors + blocked > 0) {
        throw BerthError(QStringLiteral("provision: %1 machine(s) in error and %2 blocked by "
                                        "their host; see status, then retry-provisioning")
                             .arg(errors)
                             .arg(blocked));
    }
}

void retryProvisioning(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("retry-provisioning"),
                       QStringLiteral("ID ... | --all [--constraints \"...\"]"));
    parser.addOption({QStringLiteral("all"), QStringLiteral("every machine in error")});
    parser.addOption({QStringLiteral("constraints"), QStringLiteral("replacement constraints"),
                      QStringLiteral("\"k=v ...\"")});
    parser.parse(args, 0, -1);
    const bool all = parser.isSet(QStringLiteral("all"));
    if (all == !parser.positional().isEmpty()) {
        throw BerthError(QStringLiteral("retry-provisioning: give machine ids or --all, not both "
                                        "and not neither"));
    }
    std::optional<QString> constraints;
    if (parser.isSet(QStringLiteral("constraints")))
        constraints = parser.values(QStringLiteral("constraints")).join(u' ');
    ctx.print(MachineCommands(ctx.workspace)
                  .retryProvisioning(ctx.model(), parser.positional(), constraints));
}

// Juju's resolved (and resolve): a unit in error has its hook run again. In
// Berth a unit is in error when its machine failed to start, so this starts
// that machine again, as retry-provisioning does, and says so.
void resolved(CliContext &ctx, const QStringList &args, const QString &name)
{
    CommandArgs parser(name, QStringLiteral("APP/N ... | --all"));
    parser.addOption(
        {QStringLiteral("all"), QStringLiteral("every unit whose machine is in error")});
    parser.addOption({QStringLiteral("no-retry"),
                      QStringLiteral("as Juju's scripts give it; Berth runs no hook to retry")});
    parser.parse(args, 0, -1);
    const bool all = parser.isSet(QStringLiteral("all"));
    if (all == !parser.positional().isEmpty())
        throw BerthError(
            QStringLiteral("%1: give units or --all, not both and not neither").arg(name));
    if (all) {
        ctx.out << "Berth runs no hooks: a unit is in error when its machine failed to start; "
                   "retry-provisioning --all starts them again"
                << Qt::endl;
        ctx.print(MachineCommands(ctx.workspace).retryProvisioning(ctx.model(), {}, std::nullopt));
        return;
    }
    const ModelSnapshot snapshot = ctx.workspace.snapshot(ctx.model());
    const SnapshotIndex index(snapshot);
    QStringList machines;
    for (const QString &unit : parser.positional()) {
        const UnitRecord *found = index.unit(unit);
        if (!found)
            throw BerthError(
                QStringLiteral("%1: unit \"%2\" not found").arg(name, printable(unit)));
        const MachineRecord *machine = index.machine(found->machineId);
        if (!machine || !machine->state.inError())
            throw BerthError(QStringLiteral("%1: unit %2 is not in error (Berth runs no hooks; a "
                                            "unit is in error when its machine failed to start, "
                                            "and retry-provisioning starts it again)")
                                 .arg(name, unit));
        if (!machines.contains(machine->name))
            machines << machine->name;
    }
    ctx.out << "Berth runs no hooks: starting the units' machines again, as retry-provisioning "
            << machines.join(u' ') << " does" << Qt::endl;
    ctx.print(
        MachineCommands(ctx.workspace).retryProvisioning(ctx.model(), machines, std::nullopt));
}

} // namespace

void registerProvisionCommands(QList<CommandSpec> &table)
{
    table.append({QStringLiteral("add-cloud"), QStringLiteral("add a provider account"), addCloud});
    table.append({QStringLiteral("set-secret"),
                  QStringLiteral("store an account secret read from stdin (keychain)"), setSecret});
    table.append({QStringLiteral("update-cloud"),
                  QStringLiteral("change a provider account's settings"), updateCloud});
    table.append(
        {QStringLiteral("remove-cloud"), QStringLiteral("remove a provider account"), removeCloud});
    table.append(
        {QStringLiteral("instances"), QStringLiteral("what a cloud itself holds"), instances});
    table.append({QStringLiteral("provision"),
                  QStringLiteral("run the provisioner in the foreground"), provision});
    table.append({QStringLiteral("retry-provisioning"),
                  QStringLiteral("provision machines in error again"), retryProvisioning});
    for (const QString &name : {QStringLiteral("resolved"), QStringLiteral("resolve")}) {
        table.append(
            {name,
             QStringLiteral("Juju's words for retry-provisioning: start the machines of "
                            "units in error again"),
             [name](CliContext &ctx, const QStringList &args) { resolved(ctx, args, name); }});
    }
}

} // namespace berth
