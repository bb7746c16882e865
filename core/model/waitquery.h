#pragma once

#include <QHash>
#include <QList>
#include <QString>
#include <QVariant>

#include <memory>

namespace berth {

// What a query may read of each kind of thing (a model, an application...):
// its fields and their types. A query is checked against it before it runs,
// so a misspelt field is refused at once with its position, not after an
// hour of waiting.
struct QueryField
{
    enum class Type { Bool, Number, String, Collection };
    QString name;
    Type type = Type::String;
    QString elementKind = {}; // a collection's: the kind of its elements
};
using QuerySchema = QHash<QString, QList<QueryField>>; // by kind

// The things a query runs over and the values of their fields.
class QuerySource
{
public:
    struct Entity
    {
        QString kind;
        qsizetype index = -1;
    };
    virtual ~QuerySource() = default;
    // How the thing is named to the user: "web/0", "machine 3".
    virtual QString describe(const Entity &entity) const = 0;
    // A Bool, Number (qint64 or double) or String field's value.
    virtual QVariant value(const Entity &entity, const QString &field) const = 0;
    virtual QList<Entity> collection(const Entity &entity, const QString &field) const = 0;
};

// A bad query: what is wrong, at which column (1-based) of the query.
struct QueryError
{
    int column = 1;
    QString message;
};

// Juju's wait-for query language (juju wait-for --query), checked against a
// schema: string and number literals, true and false, ==, !=, <, <=, >, >=,
// &&, ||, !, parentheses, field names (with dashes, as Juju's:
// workload-status), member access (m.status), and the functions len(x),
// startsWith(s, prefix), endsWith(s, suffix), contains(s, part) and, over a
// collection, forEach(c, x => ...) (false on an empty one, as Juju's),
// any(c, x => ...) and count(c, x => ...).
class WaitQuery
{
public:
    // Throws QueryError. `rootKind`: the kind the query's bare fields are of.
    static WaitQuery parse(const QString &text, const QuerySchema &schema, const QString &rootKind);

    struct Outcome
    {
        bool holds = false;
        // When it does not hold: the part that is false and what was seen,
        // e.g. `workload-status == "active" (workload-status is "waiting")`.
        QString falsePart;
        // The fields read, as "web/0 workload-status: active" lines, in order.
        QStringList seen;
    };
    Outcome evaluate(const QuerySource &source, const QuerySource::Entity &root) const;
    QString text() const { return m_text; }

    struct Node;

private:
    std::shared_ptr<const Node> m_root;
    QString m_text;
};

} // namespace berth
