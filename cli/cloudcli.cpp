// berthctl commands about clouds: clouds, show-cloud.
#include "cli/clicontext.h"
#include "core/bertherror.h"
#include "core/store/cloudaccounts.h"

#include <QJsonArray>
#include <QJsonObject>

namespace berth {

namespace {

QJsonObject regionJson(const RegionInfo &region)
{
    QJsonArray zones;
    for (const ZoneInfo &zone : region.zones) {
        zones.append(QJsonObject{{QStringLiteral("name"), zone.name},
                                 {QStringLiteral("healthy"), zone.healthy}});
    }
    QJsonArray types;
    for (const InstanceType &t : region.catalogue) {
        types.append(QJsonObject{{QStringLiteral("name"), t.name},
                                 {QStringLiteral("arch"), t.arch},
                                 {QStringLiteral("cores"), qint64(t.cores)},
                                 {QStringLiteral("cpu-power"), qint64(t.cpuPower)},
                                 {QStringLiteral("mem"), formatMiB(t.memMiB)},
                                 {QStringLiteral("root-disk"), formatMiB(t.rootDiskMiB)},
                                 {QStringLiteral("cost"), t.cost},
                                 {QStringLiteral("virt-type"), t.virtType}});
    }
    return QJsonObject{{QStringLiteral("zones"), zones}, {QStringLiteral("instance-types"), types}};
}

void clouds(CliContext &ctx, const QStringList &args)
{
    CommandArgs(QStringLiteral("clouds"), {}).parse(args, 0, 0);
    const auto &all = ctx.workspace.clouds().clouds();
    QJsonObject json;
    for (const CloudInfo &cloud : all) {
        json.insert(cloud.name,
                    QJsonObject{{QStringLiteral("type"), cloud.type},
                                {QStringLiteral("description"), cloud.description},
                                {QStringLiteral("default-region"), cloud.defaultRegion()},
                                {QStringLiteral("regions"),
                                 QJsonArray::fromStringList(cloud.regionNames())}});
    }
    ctx.show(json, [&] {
        Output::Table table({QStringLiteral("Cloud"), QStringLiteral("Type"),
                             QStringLiteral("Regions"), QStringLiteral("Default"),
                             QStringLiteral("Description")});
        for (const CloudInfo &cloud : all) {
            table.addRow({cloud.name, cloud.type, QString::number(cloud.regions.size()),
                          cloud.defaultRegion(), cloud.description});
        }
        return table.render();
    });
}

void showCloud(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("show-cloud"), QStringLiteral("NAME"));
    parser.parse(args, 1, 1);
    const CloudInfo &cloud = ctx.workspace.clouds().get(parser.positional().first());
    QJsonObject regions;
    for (const RegionInfo &region : cloud.regions)
        regions.insert(region.name, regionJson(region));
    // The account's settings as update-cloud sets them; secrets are named, never shown.
    const std::optional<CloudAccount> account = ctx.workspace.store().read(
        [&](SqlSession &sql) { return CloudAccounts(sql).find(cloud.name); });
    Output::Table settingsTable(
        {QStringLiteral("Setting"), QStringLiteral("Value"), QStringLiteral("Meaning")});
    QJsonObject settings;
    if (account) {
        const ProviderTypes::Type &type = ctx.providerTypes.get(account->type);
        for (const QString &key : type.configKeys) {
            const QString value = account->config.value(key);
            settings.insert(key, value);
            settingsTable.addRow({key, value.isEmpty() ? QStringLiteral("(default)") : value,
                                  type.meanings.value(key)});
        }
        for (const QString &key : type.secretKeys)
            settingsTable.addRow({key, QStringLiteral("(secret: in the keychain, never shown)"),
                                  type.meanings.value(key)});
    }
    const QJsonObject json{{QStringLiteral("name"), cloud.name},
                           {QStringLiteral("type"), cloud.type},
                           {QStringLiteral("endpoint"), account ? account->endpoint : QString()},
                           {QStringLiteral("description"), cloud.description},
                           {QStringLiteral("settings"), settings},
                           {QStringLiteral("regions"), regions}};
    ctx.show(json, [&] {
        QString text = QStringLiteral("Cloud: %1 (%2)\n").arg(cloud.name, cloud.type);
        if (account && !account->endpoint.isEmpty())
            text += QStringLiteral("Endpoint: %1\n").arg(account->endpoint);
        if (!cloud.description.isEmpty())
            text += cloud.description + u'\n'; // says, too, why a cloud cannot be used
        if (!settingsTable.isEmpty())
            text += u'\n' + settingsTable.render(ctx.width);
        for (const RegionInfo &region : cloud.regions) {
            QStringList zones;
            for (const ZoneInfo &zone : region.zones)
                zones << zone.name + (zone.healthy ? QString() : QStringLiteral(" (unhealthy)"));
            text += QStringLiteral("\nRegion %1\nZones: %2\n")
                        .arg(region.name, zones.join(QStringLiteral(", ")));
            if (region.catalogue.isEmpty()) {
                text += QStringLiteral("No instance types: constraints apply as they are.\n");
                continue;
            }
            Output::Table table({QStringLiteral("Instance type"), QStringLiteral("Arch"),
                                 QStringLiteral("Cores"), QStringLiteral("CPU power"),
                                 QStringLiteral("Mem"), QStringLiteral("Root disk"),
                                 QStringLiteral("Cost/h")});
            for (const InstanceType &t : region.catalogue) {
                table.addRow({t.name, t.arch, QString::number(t.cores), QString::number(t.cpuPower),
                              formatMiB(t.memMiB), formatMiB(t.rootDiskMiB),
                              QString::number(t.cost, 'f', 4)});
            }
            text += table.render();
        }
        return text;
    });
}

} // namespace

void registerCloudCommands(QList<CommandSpec> &table)
{
    table.append({QStringLiteral("clouds"), QStringLiteral("list the clouds"), clouds});
    table.append({QStringLiteral("show-cloud"),
                  QStringLiteral("regions, zones and instance types of a cloud"), showCloud});
}

} // namespace berth
