#include "core/model/search.h"

#include "core/bertherror.h"
#include "core/inputlimits.h"

#include <QCoreApplication>
#include <QProcess>

namespace berth {

using namespace Qt::StringLiterals;

namespace {

class Text
{
    Q_DECLARE_TR_FUNCTIONS(SearchQuery)
};

// The words of `text`, split as a shell splits them (Qt's own splitting,
// as the command bar's): a "quoted part", or field:"quoted part", is one.
QStringList words(const QString &text)
{
    if (text.count(u'"') % 2 != 0)
        throw BerthError(Text::tr("search: a quote is not closed; expected \"words\" in pairs "
                                  "of double quotes"));
    return QProcess::splitCommand(text);
}

std::optional<SearchQuery::Kind> kindNamed(const QString &word)
{
    static const QList<std::pair<QStringList, SearchQuery::Kind>> names{
        {{u"application"_s, u"applications"_s, u"app"_s, u"apps"_s},
         SearchQuery::Kind::Application},
        {{u"unit"_s, u"units"_s}, SearchQuery::Kind::Unit},
        {{u"machine"_s, u"machines"_s}, SearchQuery::Kind::Machine},
    };
    for (const auto &[spellings, kind] : names) {
        if (spellings.contains(word))
            return kind;
    }
    return std::nullopt;
}

} // namespace

QStringList SearchQuery::fields()
{
    return {u"is"_s, u"model"_s, u"name"_s, u"status"_s, u"zone"_s, u"type"_s, u"message"_s};
}

QString SearchQuery::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Application:
        return u"application"_s;
    case Kind::Unit:
        return u"unit"_s;
    case Kind::Machine:
        return u"machine"_s;
    case Kind::Any:
        break;
    }
    return {};
}

SearchQuery SearchQuery::parse(const QString &text)
{
    if (text.size() > Limits::maxSearchLength)
        throw BerthError(Text::tr("search: the query is %1 characters long; expected at most %2")
                             .arg(text.size())
                             .arg(Limits::maxSearchLength));
    SearchQuery query;
    for (const QString &word : words(text)) {
        const qsizetype colon = word.indexOf(u':');
        Term term;
        if (colon > 0) {
            term.field = word.left(colon).toLower();
            term.text = word.mid(colon + 1).toLower();
            if (term.field == u"kind")
                term.field = u"is"_s;
            if (!fields().contains(term.field))
                throw BerthError(Text::tr("search: \"%1\" is not a field; expected one of %2, "
                                          "as in zone:sim-east-a")
                                     .arg(printable(word.left(colon)), fields().join(u", ")));
            if (term.text.isEmpty())
                throw BerthError(
                    Text::tr("search: %1: has no value; expected %1:TEXT").arg(term.field));
        } else {
            term.text = word.toLower();
        }
        if (term.field == u"is") {
            const auto kind = kindNamed(term.text);
            if (!kind)
                throw BerthError(Text::tr("search: \"%1\" is not a kind; expected is:application, "
                                          "is:unit or is:machine")
                                     .arg(printable(term.text)));
            if (query.m_kind != Kind::Any && query.m_kind != *kind)
                throw BerthError(Text::tr("search: asks for two kinds at once; expected one is:"));
            query.m_kind = *kind;
            continue;
        }
        query.m_terms << term;
    }
    return query;
}

} // namespace berth
