#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace berth {

// One query over every model in the store: the applications, units and
// machines whose name, status, zone, instance type or message hold every
// word of it. "web error", "zone:sim-east-b is:machine", "model:prod
// status:pending". Words match a part of a value, in any case.
class SearchQuery
{
public:
    enum class Kind { Any, Application, Unit, Machine };

    // One word: free (any field) or one field's.
    struct Term
    {
        QString field; // empty: any of the kind's fields; else a name of fields()
        QString text;  // lower case
    };

    // Parses `text`; throws BerthError naming the word that is wrong and
    // what is expected (an unknown field, a field without a value, a kind
    // that is not one).
    static SearchQuery parse(const QString &text);
    // The fields a word may name ("zone:a"), in the order help lists them.
    static QStringList fields();

    Kind kind() const { return m_kind; }
    const QList<Term> &terms() const { return m_terms; }
    bool isEmpty() const { return m_kind == Kind::Any && m_terms.isEmpty(); }
    // The word for `kind` as the results show it ("unit").
    static QString kindName(Kind kind);

private:
    Kind m_kind = Kind::Any;
    QList<Term> m_terms;
};

// One thing a search found.
struct SearchHit
{
    SearchQuery::Kind kind = SearchQuery::Kind::Any;
    QString model;
    QString name;   // "web", "web/3", "4" or "4/lxd/0"
    QString status; // a machine's status, or a unit's machine's
    QString zone;
    QString instanceType;
    QString message; // a machine's message; an application's charm and base
    QString machine; // the unit's machine, when it has one
    bool operator==(const SearchHit &) const = default;
};

// What a search found: applications, then units, then machines, each kind
// in the order they were made; `more` when some kind had more than the
// limit (then which of them are shown is the store's choice).
struct SearchResult
{
    QList<SearchHit> hits;
    bool more = false;
};

} // namespace berth
