// berthctl placement-plan: Berth's region/zone plan for one Senlin action,
// with Senlin's data in and out, for scripts and for comparing with Senlin.
#include "cli/clicontext.h"
#include "cli/policyfile.h"
#include "core/bertherror.h"
#include "core/inputlimits.h"
#include "core/placement/placementpolicy.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <array>

namespace berth {

namespace {

QJsonObject jsonOption(const CommandArgs &parser, const QString &name, const QString &example)
{
    if (!parser.isSet(name))
        return {};
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(parser.value(name).toUtf8(), &error);
    if (!doc.isObject()) {
        throw BerthError(
            QStringLiteral("bad --%1: expected a JSON object such as %2").arg(name, example));
    }
    return doc.object();
}

void placementPlan(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("placement-plan"),
                       QStringLiteral("--policy FILE --action ACTION --current JSON [--inputs "
                                      "JSON] [--data JSON] [--cluster JSON] [--available NAMES]"));
    const QList<std::array<const char *, 3>> options{
        {"policy", "FILE", "the Senlin placement policy (YAML or JSON spec file)"},
        {"action", "ACTION",
         "Senlin's action: CLUSTER_SCALE_OUT, CLUSTER_SCALE_IN, "
         "CLUSTER_RESIZE or NODE_CREATE"},
        {"current", "JSON", "nodes per region or zone now, e.g. {\"RegionOne\": 2}"},
        {"inputs", "JSON", "the action's inputs, e.g. {\"count\": 2}"},
        {"data", "JSON", "the action's data (what an earlier policy decided)"},
        {"cluster", "JSON", "the cluster: desired_capacity, min_size, max_size"},
        {"available", "NAMES",
         "the regions or zones usable now, comma separated (default: "
         "all the policy names)"}};
    for (const auto &[name, value, meaning] : options)
        parser.addOption(
            {QString::fromLatin1(name), QString::fromUtf8(meaning), QString::fromLatin1(value)});
    parser.parse(args, 0, 0);
    for (const char *required : {"policy", "action", "current"}) {
        if (!parser.isSet(QString::fromLatin1(required))) {
            throw BerthError(QStringLiteral("placement-plan: --%1 is required")
                                 .arg(QString::fromLatin1(required)));
        }
    }
    const PlacementPolicy policy =
        PlacementPolicy::fromSpec(PolicyFile::read(parser.value(QStringLiteral("policy"))));
    QMap<QString, qint64> current;
    const QJsonObject currentJson =
        jsonOption(parser, QStringLiteral("current"), QStringLiteral("{\"RegionOne\": 2}"));
    for (auto it = currentJson.begin(); it != currentJson.end(); ++it)
        current.insert(
            it.key(),
            Limits::wholeNumber(it.value(), QStringLiteral("--current \"%1\"").arg(it.key()), 0));

    QStringList available;
    if (parser.isSet(QStringLiteral("available"))) {
        available = parser.value(QStringLiteral("available")).split(u',', Qt::SkipEmptyParts);
    } else {
        // The healthy regions (or zones) of the model's cloud.
        const ModelSnapshot snapshot = ctx.workspace.snapshot(ctx.model());
        const CloudInfo &cloud = ctx.workspace.clouds().get(snapshot.model.cloud);
        available = policy.kind() == PlacementPolicy::Kind::Zone ? cloud.usableZones()
                                                                 : cloud.usableRegions();
    }

    PlacementPolicy::Action action;
    action.name = parser.value(QStringLiteral("action"));
    action.inputs = jsonOption(parser, QStringLiteral("inputs"), QStringLiteral("{\"count\": 2}"));
    action.data = jsonOption(parser, QStringLiteral("data"),
                             QStringLiteral("{\"creation\": {\"count\": 2}}"));
    const QJsonObject cluster = jsonOption(parser, QStringLiteral("cluster"),
                                           QStringLiteral("{\"min_size\": 0, \"max_size\": -1, "
                                                          "\"desired_capacity\": 4}"));
    qint64 total = 0;
    for (qint64 n : current)
        total += n;
    const auto field = [&](const char *key, qint64 fallback, qint64 minimum) {
        const QString name = QString::fromLatin1(key);
        return cluster.contains(name)
                   ? Limits::wholeNumber(cluster.value(name), QStringLiteral("--cluster ") + name,
                                         minimum)
                   : fallback;
    };
    action.cluster = {field("min_size", 0, 0), field("max_size", -1, -1),
                      field("desired_capacity", total, 0)};
    const QJsonObject decision = policy.decide(action, current, available);
    ctx.out << Output::toJson(decision);
    ctx.out.flush();
    // A script learns from the exit code that Senlin's answer is a refusal.
    if (decision.value(QStringLiteral("status")).toString() == u"ERROR")
        throw BerthError(QStringLiteral("placement-plan: %1")
                             .arg(decision.value(QStringLiteral("reason")).toString()));
}

} // namespace

void registerPolicyCommands(QList<CommandSpec> &table)
{
    table.append({QStringLiteral("placement-plan"),
                  QStringLiteral("Berth's region/zone plan for a Senlin action"), placementPlan});
}

} // namespace berth
