// berthctl search: applications, units and machines of every model by name,
// status, zone, instance type or message.
#include "cli/clicontext.h"
#include "cli/output.h"
#include "core/bertherror.h"
#include "core/store/searchrows.h"
#include "core/store/store.h"

#include <QJsonArray>
#include <QJsonObject>

namespace berth {

namespace {

QJsonObject hitJson(const SearchHit &hit)
{
    QJsonObject object{{QStringLiteral("kind"), SearchQuery::kindName(hit.kind)},
                       {QStringLiteral("model"), hit.model},
                       {QStringLiteral("name"), hit.name},
                       {QStringLiteral("status"), hit.status},
                       {QStringLiteral("zone"), hit.zone},
                       {QStringLiteral("instance-type"), hit.instanceType},
                       {QStringLiteral("message"), hit.message}};
    if (!hit.machine.isEmpty())
        object.insert(QStringLiteral("machine"), hit.machine);
    return object;
}

void search(CliContext &ctx, const QStringList &args)
{
    CommandArgs parser(QStringLiteral("search"),
                       QStringLiteral("WORD... [--limit N]  (WORD: text, or is:|model:|name:|"
                                      "status:|zone:|type:|message:TEXT)"));
    parser.addOption({QStringLiteral("limit"),
                      QStringLiteral("at most N of each kind (default 200)"), QStringLiteral("N")});
    parser.parse(args, 1, -1);
    int limit = 200;
    if (const auto n = parser.optionalInt(QStringLiteral("limit"))) {
        if (*n < 1 || *n > 100'000)
            throw BerthError(
                parser.badValue(QStringLiteral("limit"), QStringLiteral("1 to 100000")));
        limit = int(*n);
    }
    // The words as the shell split them, each quoted again when it had blanks.
    QStringList words;
    for (const QString &word : parser.positional())
        words << (word.contains(u' ') && !word.contains(u'"') ? u'"' + word + u'"' : word);
    const SearchQuery query = SearchQuery::parse(words.join(u' '));
    if (query.isEmpty())
        throw BerthError(QStringLiteral("search: nothing to look for; expected a word such as "
                                        "web, error or zone:sim-east-a"));
    const SearchResult result = ctx.workspace.store().read(
        [&](SqlSession &sql) { return SearchRows(sql).find(query, limit); });
    QJsonArray list;
    for (const SearchHit &hit : result.hits)
        list.append(hitJson(hit));
    if (result.more)
        ctx.warn(QStringLiteral("more than %1 of a kind match; only the first %1 of each are "
                                "shown (--limit N, or more words)")
                     .arg(limit));
    ctx.show(list, [&] {
        if (result.hits.isEmpty())
            return QStringLiteral("nothing matches\n");
        Output::Table table({QStringLiteral("Model"), QStringLiteral("Kind"),
                             QStringLiteral("Name"), QStringLiteral("Status"),
                             QStringLiteral("Zone"), QStringLiteral("Type"),
                             QStringLiteral("Message")});
        for (const SearchHit &hit : result.hits)
            table.addRow({hit.model, SearchQuery::kindName(hit.kind), hit.name, hit.status,
                          hit.zone, hit.instanceType, hit.message});
        return table.render();
    });
}

} // namespace

void registerSearchCommands(QList<CommandSpec> &table)
{
    table.append({QStringLiteral("search"),
                  QStringLiteral("find applications, units and machines in every model by name, "
                                 "status, zone, instance type or message"),
                  search});
}

} // namespace berth
