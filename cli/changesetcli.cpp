// berthctl commands about a model's change set: changes, commit, discard.
#include "cli/clicontext.h"
#include "cli/output.h"
#include "core/bertherror.h"
#include "core/commands/changeset.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>

namespace berth {

namespace {

QString money(double value)
{
    return QString::number(value, 'f', 3);
}

QString zoneCounts(const QMap<QString, int> &counts)
{
    QStringList parts;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        parts << it.key() + u'=' + QString::number(it.value());
    return parts.isEmpty() ? QStringLiteral("-") : parts.join(u' ');
}

QJsonObject zoneObject(const QMap<QString, int> &counts)
{
    QJsonObject object;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        object.insert(it.key(), it.value());
    return object;
}

QJsonObject previewJson(const QString &model, const ChangeSet::Preview &preview)
{
    QJsonArray changes;
    for (const ChangeSet::Item &item : preview.items) {
        changes.append(QJsonObject{
            {QStringLiteral("id"), item.record.id},
            {QStringLiteral("command"), item.change.command},
            {QStringLiteral("args"), item.change.args},
            {QStringLiteral("description"), item.change.description()},
            {QStringLiteral("staged-by"), item.record.author},
            {QStringLiteral("staged-from"), QString(item.record.program + u'@' + item.record.host)},
            {QStringLiteral("staged-at"),
             QDateTime::fromMSecsSinceEpoch(item.record.createdAt).toUTC().toString(Qt::ISODate)},
            {QStringLiteral("refused"), item.refusal},
            {QStringLiteral("messages"), QJsonArray::fromStringList(item.messages)}});
    }
    QJsonArray starts;
    for (const StartForecast::Starts &s : preview.forecast.starts) {
        starts.append(QJsonObject{{QStringLiteral("region"), s.region},
                                  {QStringLiteral("zone"), s.zone},
                                  {QStringLiteral("instance-type"), s.instanceType},
                                  {QStringLiteral("count"), s.count},
                                  {QStringLiteral("hourly-cost"), s.hourlyCost}});
    }
    const auto reasons = [](const QList<StartForecast::Unfit> &machines) {
        QJsonArray out;
        for (const StartForecast::Unfit &u : machines) {
            out.append(QJsonObject{{QStringLiteral("machine"), u.machine},
                                   {QStringLiteral("reason"), u.reason}});
        }
        return out;
    };
    const QJsonArray unfit = reasons(preview.forecast.unfit);
    const QJsonArray held = reasons(preview.forecast.held);
    QJsonArray stops;
    for (const StartForecast::Stop &s : preview.forecast.stops) {
        stops.append(QJsonObject{{QStringLiteral("machine"), s.machine},
                                 {QStringLiteral("instance-id"), s.instanceId},
                                 {QStringLiteral("region"), s.region},
                                 {QStringLiteral("zone"), s.zone},
                                 {QStringLiteral("instance-type"), s.instanceType},
                                 {QStringLiteral("hourly-cost"), s.hourlyCost}});
    }
    QJsonArray spreads;
    for (const StartForecast::Spread &s : preview.forecast.spreads) {
        spreads.append(QJsonObject{{QStringLiteral("application"), s.application},
                                   {QStringLiteral("before"), zoneObject(s.before)},
                                   {QStringLiteral("after"), zoneObject(s.after)},
                                   {QStringLiteral("skew-before"), s.skewBefore},
                                   {QStringLiteral("skew-after"), s.skewAfter}});
    }
    return QJsonObject{{QStringLiteral("model"), model},
                       {QStringLiteral("changes"), changes},
                       {QStringLiteral("refused"), preview.refusals()},
                       {QStringLiteral("instances"), preview.forecast.instances()},
                       {QStringLiteral("hourly-cost"), preview.forecast.hourlyCost},
                       {QStringLiteral("starts"), starts},
                       {QStringLiteral("stops"), stops},
                       {QStringLiteral("stopped-hourly-cost"), preview.forecast.stoppedHourlyCost},
                       {QStringLiteral("no-instance-type"), unfit},
                       {QStringLiteral("held-by-spread"), held},
                       {QStringLiteral("zone-spread"), spreads}};
}

QString previewTable(const QString &model, const ChangeSet::Preview &preview)
{
    if (preview.items.isEmpty())
        return QStringLiteral("model %1 has no staged changes\n").arg(model);
    Output::Table changes({QStringLiteral("Change"), QStringLiteral("Staged by"),
                           QStringLiteral("Description"), QStringLiteral("Now")});
    for (const ChangeSet::Item &item : preview.items) {
        changes.addRow({QString::number(item.record.id), item.record.author,
                        item.change.description(),
                        item.refusal.isEmpty() ? QStringLiteral("applies")
                                               : QStringLiteral("refused: ") + item.refusal});
    }
    QString text = changes.render();
    const StartForecast &forecast = preview.forecast;
    text += QStringLiteral("\nCommit starts %1 instance(s), %2 per hour\n")
                .arg(forecast.instances())
                .arg(money(forecast.hourlyCost));
    if (!forecast.starts.isEmpty()) {
        Output::Table starts({QStringLiteral("Region"), QStringLiteral("Zone"),
                              QStringLiteral("Instance type"), QStringLiteral("Count"),
                              QStringLiteral("Cost/hour")});
        for (const StartForecast::Starts &s : forecast.starts) {
            starts.addRow({s.region, s.zone.isEmpty() ? QStringLiteral("-") : s.zone,
                           s.instanceType, QString::number(s.count), money(s.hourlyCost)});
        }
        text += starts.render();
    }
    if (!forecast.stops.isEmpty()) {
        text += QStringLiteral("\nCommit stops %1 instance(s), saving %2 per hour\n")
                    .arg(forecast.stops.size())
                    .arg(money(forecast.stoppedHourlyCost));
        Output::Table stops({QStringLiteral("Machine"), QStringLiteral("Instance"),
                             QStringLiteral("Zone"), QStringLiteral("Instance type"),
                             QStringLiteral("Cost/hour")});
        for (const StartForecast::Stop &s : forecast.stops) {
            stops.addRow({s.machine, s.instanceId, s.zone.isEmpty() ? QStringLiteral("-") : s.zone,
                          s.instanceType.isEmpty() ? QStringLiteral("-") : s.instanceType,
                          money(s.hourlyCost)});
        }
        text += stops.render();
    }
    for (const StartForecast::Unfit &u : forecast.unfit)
        text += QStringLiteral("machine %1 would not start: %2\n").arg(u.machine, u.reason);
    for (const StartForecast::Unfit &u : forecast.held)
        text += QStringLiteral("machine %1 would wait for a zone: %2\n").arg(u.machine, u.reason);
    if (!forecast.spreads.isEmpty()) {
        Output::Table spreads({QStringLiteral("Application"), QStringLiteral("Units per zone now"),
                               QStringLiteral("After commit"), QStringLiteral("Skew")});
        for (const StartForecast::Spread &s : forecast.spreads) {
            spreads.addRow({s.application, zoneCounts(s.before), zoneCounts(s.after),
                            QStringLiteral("%1 -> %2").arg(s.skewBefore).arg(s.skewAfter)});
        }
        text += u'\n' + spreads.render();
    }
    if (preview.refusals() > 0) {
        text += QStringLiteral("\n%1 change(s) would be refused: commit applies nothing until "
                               "they are discarded (berthctl discard ID)\n")
                    .arg(preview.refusals());
    }
    return text;
}

void changes(CliContext &ctx, const QStringList &args)
{
    CommandArgs(QStringLiteral("changes"), {}).parse(args, 0, 0);
    const QString model = ctx.model();
    const ChangeSet::Preview preview = ChangeSet(ctx.workspace).preview(model);
    ctx.show(previewJson(model, preview), [&] { return previewTable(model, preview); });
}

void commit(CliContext &ctx, const QStringList &args)
{
    CommandArgs(QStringLiteral("commit"), {}).parse(args, 0, 0);
    ctx.print(ChangeSet(ctx.workspace, ctx.providerTypes.hostProbe()).commit(ctx.model()));
}

void discard(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("discard"), QStringLiteral("[ID ...]"));
    parser.parse(args, 0, -1);
    QList<qint64> ids;
    for (const QString &id : parser.positional()) {
        // The id as changes shows it: digits only (not " 1", "+1" or "1\n").
        bool ok = !id.isEmpty() && id.front() != u'0' &&
                  std::all_of(id.cbegin(), id.cend(),
                              [](QChar c) { return c.isDigit() && c.unicode() < 128; });
        const qint64 value = ok ? id.toLongLong(&ok) : 0;
        if (!ok || value <= 0) {
            throw BerthError(QStringLiteral("discard: bad change id \"%1\": expected the number "
                                            "\"berthctl changes\" shows")
                                 .arg(id));
        }
        ids << value;
    }
    const QString model = ctx.model();
    const qint64 dropped = ChangeSet(ctx.workspace).discard(model, ids);
    ctx.out << "discarded " << dropped << " staged change(s) of model " << model << Qt::endl;
}

} // namespace

void registerChangeSetCommands(QList<CommandSpec> &table)
{
    table.append({QStringLiteral("changes"),
                  QStringLiteral("the model's staged changes and what committing them does"),
                  changes});
    table.append({QStringLiteral("commit"), QStringLiteral("apply the staged changes, all or none"),
                  commit});
    table.append({QStringLiteral("discard"), QStringLiteral("drop staged changes (all, or by id)"),
                  discard});
}

} // namespace berth
