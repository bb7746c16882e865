// berthctl log: who changed the model, when, from where, and what.
#include "cli/clicontext.h"
#include "cli/output.h"
#include "core/bertherror.h"
#include "core/model/modelconfig.h"
#include "core/store/auditrows.h"
#include "core/store/modelrows.h"
#include "core/store/store.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>

namespace berth {

namespace {

// How long ago `text` says: a Go duration as Juju takes one, or whole days ("7d").
std::optional<qint64> agoMs(const QString &text)
{
    if (text.endsWith(u'd')) {
        bool ok = false;
        const qint64 days = text.chopped(1).toLongLong(&ok);
        if (ok && days > 0 && days <= 36500)
            return days * 24 * 3600 * 1000;
        return std::nullopt;
    }
    return ModelConfig::parseDurationMs(text);
}

QString timeOf(qint64 at, bool utc)
{
    const QDateTime time = QDateTime::fromMSecsSinceEpoch(at);
    return utc ? time.toUTC().toString(Qt::ISODate) : time.toString(Qt::ISODate);
}

QJsonObject entryJson(const AuditRecord &e)
{
    QJsonObject object{{QStringLiteral("id"), e.id},
                       {QStringLiteral("model"), e.model},
                       {QStringLiteral("at"), timeOf(e.at, true)},
                       {QStringLiteral("user"), e.by.user},
                       {QStringLiteral("program"), e.by.program},
                       {QStringLiteral("host"), e.by.host},
                       {QStringLiteral("command"), e.command},
                       {QStringLiteral("args"), e.args},
                       {QStringLiteral("description"), e.description}};
    if (!e.stagedBy.isEmpty())
        object.insert(QStringLiteral("staged-by"), e.stagedBy);
    return object;
}

QString entryTable(const QList<AuditRecord> &entries, bool everyModel, bool utc)
{
    QStringList head{QStringLiteral("Time"), QStringLiteral("User"), QStringLiteral("From"),
                     QStringLiteral("Change")};
    if (everyModel)
        head.insert(1, QStringLiteral("Model"));
    Output::Table table(head);
    for (const AuditRecord &e : entries) {
        QString who = e.by.user;
        if (!e.stagedBy.isEmpty() && e.stagedBy != e.by.user)
            who += QStringLiteral(" (staged by %1)").arg(e.stagedBy);
        else if (!e.stagedBy.isEmpty())
            who += QStringLiteral(" (staged)");
        QStringList row{timeOf(e.at, utc), who, e.by.program + u'@' + e.by.host, e.description};
        if (everyModel)
            row.insert(1, e.model);
        table.addRow(row);
    }
    return table.render();
}

void log(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("log"),
                       QStringLiteral("[--all-models] [--user NAME] [--program NAME] [--since "
                                      "DURATION|TIME] [--grep TEXT] [-n N] [--utc]"));
    parser.addOption({QStringLiteral("all-models"), QStringLiteral("every model's changes")});
    parser.addOption({QStringLiteral("user"),
                      QStringLiteral("only changes this user made or staged"),
                      QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("program"),
                      QStringLiteral("only changes from this program (berthctl, berth)"),
                      QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("since"),
                      QStringLiteral("only changes since this long ago (30m, 2h, 7d) or this "
                                     "time (2026-11-27T10:00:00Z)"),
                      QStringLiteral("WHEN")});
    parser.addOption({QStringLiteral("grep"),
                      QStringLiteral("only changes whose description or command has this text"),
                      QStringLiteral("TEXT")});
    parser.addOption({{QStringLiteral("n"), QStringLiteral("lines")},
                      QStringLiteral("only the last N changes"),
                      QStringLiteral("N")});
    parser.addOption({QStringLiteral("utc"), QStringLiteral("times in UTC, not the local time")});
    parser.parse(args, 0, 0);

    AuditQuery query;
    const bool everyModel = parser.isSet(QStringLiteral("all-models"));
    if (everyModel && !ctx.modelOption.isEmpty())
        throw BerthError(QStringLiteral("log: give -m or --all-models, not both"));
    if (!everyModel)
        query.model = ctx.model();
    query.user = parser.value(QStringLiteral("user"));
    query.program = parser.value(QStringLiteral("program"));
    query.text = parser.value(QStringLiteral("grep"));
    if (parser.isSet(QStringLiteral("since"))) {
        const QString since = parser.value(QStringLiteral("since"));
        const QDateTime time = QDateTime::fromString(since, Qt::ISODate);
        if (time.isValid()) {
            query.since = time.toMSecsSinceEpoch();
        } else if (const auto ago = agoMs(since); ago && *ago > 0) {
            query.since = QDateTime::currentMSecsSinceEpoch() - *ago;
        } else {
            throw BerthError(parser.badValue(
                QStringLiteral("since"),
                QStringLiteral("a duration (30m, 2h, 7d) or a time (2026-11-27T10:00:00Z)")));
        }
    }
    if (const auto lines = parser.optionalInt(QStringLiteral("n"))) {
        if (*lines < 1 || *lines > 1'000'000)
            throw BerthError(parser.badValue(QStringLiteral("n"), QStringLiteral("1 to 1000000")));
        query.limit = *lines;
    }
    const QList<AuditRecord> entries = ctx.workspace.store().read([&](SqlSession &sql) {
        QList<AuditRecord> found = AuditRows(sql).list(query);
        // A model that is gone keeps its trail; a name never used is a mistake.
        if (!everyModel && found.isEmpty() && !ModelRows(sql).find(query.model)) {
            AuditQuery any;
            any.model = query.model;
            any.limit = 1;
            if (AuditRows(sql).list(any).isEmpty())
                throw BerthError(QStringLiteral("model %1 not found").arg(query.model));
        }
        return found;
    });
    QJsonArray list;
    for (const AuditRecord &e : entries)
        list.append(entryJson(e));
    const bool utc = parser.isSet(QStringLiteral("utc"));
    ctx.show(list, [&] {
        if (entries.isEmpty())
            return QStringLiteral("no changes match\n");
        return entryTable(entries, everyModel, utc);
    });
}

} // namespace

void registerAuditCommands(QList<CommandSpec> &table)
{
    table.append({QStringLiteral("log"),
                  QStringLiteral("the audit trail: who changed the model, when, from where, "
                                 "and what"),
                  log});
}

} // namespace berth
