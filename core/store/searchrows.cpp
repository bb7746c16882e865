#include "core/store/searchrows.h"

#include "core/store/sqlsession.h"

#include <algorithm>

namespace berth {

using namespace Qt::StringLiterals;

namespace {

using Kind = SearchQuery::Kind;

// One kind's statement: what it reads, and the columns each field of a
// query matches. A free word matches any of `any`.
struct KindSql
{
    Kind kind;
    QString select; // model, name, status, zone, type, message, machine, id
    QHash<QString, QStringList> fields;
    QStringList any;
    // On PostgreSQL a unit's host machine's columns ("h.…") are matched in
    // a statement of their own over machines, the unit kept when its machine
    // is among them: joining every unit's machine to match it was most of
    // the time. SQLite, which looks a unit's machine up by its key, gains
    // nothing from it.
    QString host;
};

// The condition that `columns` hold the bound pattern, in any case (the
// pattern is lower case), and the patterns it binds. SQLite: a LIKE a column
// (its LIKE ignores the case of ASCII letters, and an empty column is
// passed over at once). PostgreSQL: one LIKE over the columns lowered as
// one text, a line each (a word has no line break, so it never matches
// across two), several times faster there than an ILIKE a column.
std::pair<QString, QVariantList> matching(const QStringList &columns, const QString &pattern,
                                          bool postgres)
{
    const QString like = u" LIKE ? ESCAPE '\\'"_s;
    if (postgres) {
        QStringList parts;
        for (const QString &column : columns)
            parts << u"coalesce("_s + column + u", '')"_s;
        return {u"lower("_s + parts.join(u" || '\n' || "_s) + u')' + like, {pattern}};
    }
    QStringList either;
    QVariantList binds;
    for (const QString &column : columns) {
        either << column + like;
        binds << pattern;
    }
    return {u'(' + either.join(u" OR "_s) + u')', binds};
}

const QList<KindSql> &kindStatements()
{
    const QString unitName = u"a.name || '/' || u.number"_s;
    static const QList<KindSql> statements{
        {Kind::Application,
         u"SELECT m.name, a.name, '', '', '', a.charm || ' (' || a.base || ')', ''"
         ", a.id FROM applications a JOIN models m ON m.id = a.model_id"_s,
         {{u"model"_s, {u"m.name"_s}}, {u"name"_s, {u"a.name"_s}}},
         {u"a.name"_s, u"a.charm"_s, u"a.base"_s},
         QString()},
        {Kind::Unit,
         u"SELECT m.name, a.name || '/' || u.number, coalesce(h.machine_status, ''),"
         " coalesce(h.zone, ''), coalesce(h.instance_type, ''),"
         " coalesce(h.machine_message, ''), coalesce(h.name, ''), u.id"
         " FROM units u JOIN applications a ON a.id = u.application_id"
         " JOIN models m ON m.id = u.model_id LEFT JOIN machines h ON h.id = u.machine_id"_s,
         {{u"model"_s, {u"m.name"_s}},
          {u"name"_s, {unitName}},
          {u"status"_s, {u"h.machine_status"_s}},
          {u"zone"_s, {u"h.zone"_s}},
          {u"type"_s, {u"h.instance_type"_s}},
          {u"message"_s, {u"h.machine_message"_s, u"h.instance_message"_s}}},
         {unitName, u"h.machine_status"_s, u"h.zone"_s, u"h.instance_type"_s,
          u"h.machine_message"_s},
         u"u.machine_id"_s},
        {Kind::Machine,
         u"SELECT m.name, h.name, h.machine_status, h.zone, h.instance_type,"
         " CASE WHEN h.machine_message = '' THEN h.instance_message ELSE h.machine_message END,"
         " '', h.id FROM machines h JOIN models m ON m.id = h.model_id"_s,
         {{u"model"_s, {u"m.name"_s}},
          {u"name"_s, {u"h.name"_s}},
          {u"status"_s, {u"h.machine_status"_s, u"h.instance_status"_s}},
          {u"zone"_s, {u"h.zone"_s}},
          {u"type"_s, {u"h.instance_type"_s}},
          {u"message"_s, {u"h.machine_message"_s, u"h.instance_message"_s}}},
         {u"h.name"_s, u"h.machine_status"_s, u"h.instance_status"_s, u"h.zone"_s,
          u"h.instance_type"_s, u"h.instance_id"_s, u"h.machine_message"_s,
          u"h.instance_message"_s},
         QString()},
    };
    return statements;
}

// A term's condition in `statement`: its own columns matched in the row,
// its host's through the machines that match. `models` are the patterns of
// the query's model: words; they hold for a unit's machine as for the unit
// (both are in one model), so only the machines of those models are read.
std::pair<QString, QVariantList> termCondition(const KindSql &statement, const QStringList &columns,
                                               const QString &pattern, const QStringList &models,
                                               bool postgres)
{
    QStringList own;
    QStringList host;
    for (const QString &column : columns)
        (postgres && !statement.host.isEmpty() && column.startsWith(u"h."_s) ? host : own)
            << column;
    QStringList either;
    QVariantList binds;
    if (!own.isEmpty()) {
        const auto [condition, patterns] = matching(own, pattern, postgres);
        either << condition;
        binds << patterns;
    }
    if (!host.isEmpty()) {
        const auto [condition, patterns] = matching(host, pattern, postgres);
        QString machines = u"SELECT h.id FROM machines h"_s;
        if (!models.isEmpty())
            machines += u" JOIN models m ON m.id = h.model_id"_s;
        machines += u" WHERE "_s + condition;
        binds << patterns;
        for (const QString &model : models) {
            const auto [inModel, modelPatterns] = matching({u"m.name"_s}, model, postgres);
            machines += u" AND "_s + inModel;
            binds << modelPatterns;
        }
        either << statement.host + u" IN ("_s + machines + u')';
    }
    return {either.size() == 1 ? either.first() : u'(' + either.join(u" OR "_s) + u')', binds};
}

} // namespace

SearchResult SearchRows::find(const SearchQuery &query, int limit)
{
    SearchResult result;
    for (const KindSql &statement : kindStatements()) {
        if (query.kind() != Kind::Any && query.kind() != statement.kind)
            continue;
        QStringList where;
        QVariantList binds;
        bool matchable = true;
        QStringList models;
        for (const SearchQuery::Term &term : query.terms()) {
            if (term.field == u"model"_s)
                models << likeContaining(term.text);
        }
        for (const SearchQuery::Term &term : query.terms()) {
            const QStringList columns =
                term.field.isEmpty() ? statement.any : statement.fields.value(term.field);
            if (columns.isEmpty()) { // a field this kind has not: nothing of it matches
                matchable = false;
                break;
            }
            const auto [condition, patterns] = termCondition(
                statement, columns, likeContaining(term.text), models, m_sql.isPostgres());
            where << condition;
            binds << patterns;
        }
        if (!matchable)
            continue;
        QString sql = statement.select;
        if (!where.isEmpty())
            sql += u" WHERE "_s + where.join(u" AND "_s);
        // No ORDER BY: the statement stops at the limit's row instead of
        // reading (and on PostgreSQL joining) every match to sort them.
        sql += u" LIMIT ?"_s;
        binds << limit + 1;
        QList<std::pair<qint64, SearchHit>> found;
        m_sql.forEachRow(sql, binds, [&](const SqlRow &row) {
            SearchHit hit;
            hit.kind = statement.kind;
            hit.model = row.text(0);
            hit.name = row.text(1);
            hit.status = row.text(2);
            hit.zone = row.text(3);
            hit.instanceType = row.text(4);
            hit.message = row.text(5);
            hit.machine = row.text(6);
            found.append({row.integer(7), hit});
        });
        std::sort(found.begin(), found.end(),
                  [](const auto &a, const auto &b) { return a.first < b.first; });
        if (found.size() > limit) {
            result.more = true;
            found.resize(limit);
        }
        for (const auto &[id, hit] : std::as_const(found))
            result.hits << hit;
    }
    return result;
}

} // namespace berth
