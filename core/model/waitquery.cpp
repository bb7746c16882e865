#include "core/model/waitquery.h"

#include "core/inputlimits.h"
#include "core/printable.h"

#include <QSet>

#include <cmath>
#include <vector>

namespace berth {

struct WaitQuery::Node
{
    enum class Op { Literal, Field, Param, Member, Not, And, Or, Compare, Call };
    enum class Type { Bool, Number, String, Entity, Collection };
    Op op = Op::Literal;
    Type type = Type::Bool;
    QString kind; // an entity's, or a collection's elements'
    int begin = 0;
    int end = 0;
    QVariant literal;
    QString name;  // the field, parameter, operator or function
    QString param; // a call's lambda parameter; its body is the last argument
    std::vector<std::shared_ptr<const Node>> kids;
};

namespace {

using Node = WaitQuery::Node;
using NodePtr = std::shared_ptr<const Node>;
using Entity = QuerySource::Entity;

// Deeper nesting than any query a person writes; it bounds the parser's stack.
constexpr int maxDepth = 100;
constexpr qsizetype maxQueryLength = 4096;
constexpr qsizetype maxSeen = 200;

struct Token
{
    enum class Kind {
        End,
        Ident,
        String,
        Number,
        True,
        False,
        LParen,
        RParen,
        Comma,
        Dot,
        Arrow,
        And,
        Or,
        Not,
        Eq,
        Ne,
        Lt,
        Le,
        Gt,
        Ge
    };
    Kind kind = Kind::End;
    int begin = 0; // offset in the query
    int end = 0;
    QString text; // an identifier's name, a string's value
    double number = 0;
};

bool identStart(QChar c)
{
    return c.isLetter() || c == u'_';
}

bool identPart(QChar c)
{
    return c.isLetterOrNumber() || c == u'_' || c == u'-';
}

std::vector<Token> tokenize(const QString &text)
{
    std::vector<Token> tokens;
    int i = 0;
    const int n = int(text.size());
    const auto fail = [](int at, const QString &message) {
        throw QueryError{at + 1, printable(message)};
    };
    while (true) {
        while (i < n && text.at(i).isSpace())
            ++i;
        Token t;
        t.begin = i;
        if (i >= n) {
            t.end = i;
            tokens.push_back(t);
            return tokens;
        }
        const QChar c = text.at(i);
        const QChar next = i + 1 < n ? text.at(i + 1) : QChar();
        const auto two = [&](Token::Kind kind) {
            t.kind = kind;
            i += 2;
        };
        const auto one = [&](Token::Kind kind) {
            t.kind = kind;
            i += 1;
        };
        if (identStart(c)) {
            while (i < n && identPart(text.at(i)))
                ++i;
            t.text = text.mid(t.begin, i - t.begin);
            t.kind = t.text == u"true"    ? Token::Kind::True
                     : t.text == u"false" ? Token::Kind::False
                                          : Token::Kind::Ident;
        } else if (c.isDigit() || (c == u'-' && next.isDigit())) {
            ++i;
            while (i < n && (text.at(i).isDigit() || text.at(i) == u'.'))
                ++i;
            const auto value = Limits::parseNumber(QStringView(text).mid(t.begin, i - t.begin));
            if (!value)
                fail(t.begin,
                     QStringLiteral("\"%1\" is not a number").arg(text.mid(t.begin, i - t.begin)));
            t.kind = Token::Kind::Number;
            t.number = *value;
        } else if (c == u'"' || c == u'\'') {
            ++i;
            QString value;
            while (i < n && text.at(i) != c) {
                if (text.at(i) == u'\\' && i + 1 < n)
                    ++i;
                value += text.at(i++);
            }
            if (i >= n)
                fail(t.begin,
                     QStringLiteral("a string is left open: expected a closing %1").arg(c));
            ++i;
            t.kind = Token::Kind::String;
            t.text = value;
        } else if (c == u'=' && next == u'=') {
            two(Token::Kind::Eq);
        } else if (c == u'=' && next == u'>') {
            two(Token::Kind::Arrow);
        } else if (c == u'!' && next == u'=') {
            two(Token::Kind::Ne);
        } else if (c == u'<' && next == u'=') {
            two(Token::Kind::Le);
        } else if (c == u'>' && next == u'=') {
            two(Token::Kind::Ge);
        } else if (c == u'&' && next == u'&') {
            two(Token::Kind::And);
        } else if (c == u'|' && next == u'|') {
            two(Token::Kind::Or);
        } else if (c == u'!') {
            one(Token::Kind::Not);
        } else if (c == u'<') {
            one(Token::Kind::Lt);
        } else if (c == u'>') {
            one(Token::Kind::Gt);
        } else if (c == u'(') {
            one(Token::Kind::LParen);
        } else if (c == u')') {
            one(Token::Kind::RParen);
        } else if (c == u',') {
            one(Token::Kind::Comma);
        } else if (c == u'.') {
            one(Token::Kind::Dot);
        } else if (c == u'=') {
            fail(i, QStringLiteral("\"=\" alone: compare with \"==\""));
        } else if (c == u'&' || c == u'|') {
            fail(i, QStringLiteral("\"%1\" alone: expected \"%1%1\"").arg(c));
        } else {
            fail(i, QStringLiteral("unexpected \"%1\"").arg(c));
        }
        t.end = i;
        tokens.push_back(t);
    }
}

// "a unit", "an application" (a vowel sound: "a unit", "an item").
QString withArticle(const QString &kind)
{
    static const QString vowels = QStringLiteral("aeio");
    return (vowels.contains(kind.left(1)) ? QStringLiteral("an ") : QStringLiteral("a ")) + kind;
}

QString typeName(Node::Type type, const QString &kind)
{
    switch (type) {
    case Node::Type::Bool:
        return QStringLiteral("true or false");
    case Node::Type::Number:
        return QStringLiteral("a number");
    case Node::Type::String:
        return QStringLiteral("a string");
    case Node::Type::Entity:
        return withArticle(kind);
    case Node::Type::Collection:
        return QStringLiteral("a list of %1s").arg(kind);
    }
    return {};
}

class Parser
{
public:
    Parser(const QString &text, const QuerySchema &schema, const QString &rootKind)
        : m_text(text)
        , m_schema(schema)
        , m_rootKind(rootKind)
        , m_tokens(tokenize(text))
    {}

    NodePtr query()
    {
        if (peek().kind == Token::Kind::End)
            fail(peek(), QStringLiteral("the query is empty; expected something like "
                                        "status == \"active\""));
        NodePtr root = orExpr();
        if (peek().kind != Token::Kind::End)
            fail(peek(), QStringLiteral("unexpected %1 after a whole query").arg(quoted(peek())));
        requireBool(*root, QStringLiteral("the query"));
        return root;
    }

private:
    const Token &peek() const { return m_tokens.at(m_at); }
    const Token &take() { return m_tokens.at(m_at++); }
    // The message quotes the query: a newline in it must not break the line.
    [[noreturn]] void fail(int offset, const QString &message) const
    {
        throw QueryError{offset + 1, printable(message)};
    }
    [[noreturn]] void fail(const Token &t, const QString &message) const { fail(t.begin, message); }
    QString quoted(const Token &t) const
    {
        if (t.kind == Token::Kind::End)
            return QStringLiteral("the end");
        return u'"' + m_text.mid(t.begin, t.end - t.begin) + u'"';
    }
    void expect(Token::Kind kind, const QString &what)
    {
        if (peek().kind != kind)
            fail(peek(), QStringLiteral("expected %1 but found %2").arg(what, quoted(peek())));
        take();
    }
    QString source(const Node &node) const { return m_text.mid(node.begin, node.end - node.begin); }
    void requireBool(const Node &node, const QString &what) const
    {
        if (node.type != Node::Type::Bool)
            fail(node.begin, QStringLiteral("%1 must be true or false, and %2 is %3%4")
                                 .arg(what, source(node), typeName(node.type, node.kind),
                                      node.type == Node::Type::Collection
                                          ? QStringLiteral(" (compare len(%1) with a number, "
                                                           "or use forEach)")
                                                .arg(source(node))
                                          : QString()));
    }
    std::shared_ptr<Node> make(Node::Op op, int begin)
    {
        auto node = std::make_shared<Node>();
        node->op = op;
        node->begin = begin;
        return node;
    }
    struct DepthGuard
    {
        explicit DepthGuard(Parser &p)
            : parser(p)
        {
            if (++parser.m_depth > maxDepth)
                parser.fail(parser.peek(),
                            QStringLiteral("the query nests deeper than %1 levels").arg(maxDepth));
        }
        ~DepthGuard() { --parser.m_depth; }
        Parser &parser;
    };

    NodePtr logical(Node::Op op, Token::Kind token, NodePtr (Parser::*operand)())
    {
        NodePtr left = (this->*operand)();
        while (peek().kind == token) {
            const Token &t = take();
            NodePtr right = (this->*operand)();
            const QString word = op == Node::Op::And ? QStringLiteral("&&") : QStringLiteral("||");
            requireBool(*left, QStringLiteral("each side of \"%1\"").arg(word));
            requireBool(*right, QStringLiteral("each side of \"%1\"").arg(word));
            auto node = make(op, left->begin);
            node->name = m_text.mid(t.begin, t.end - t.begin);
            node->end = right->end;
            node->kids = {left, right};
            left = node;
        }
        return left;
    }
    NodePtr orExpr() { return logical(Node::Op::Or, Token::Kind::Or, &Parser::andExpr); }
    NodePtr andExpr() { return logical(Node::Op::And, Token::Kind::And, &Parser::notExpr); }

    NodePtr notExpr()
    {
        DepthGuard guard(*this);
        if (peek().kind != Token::Kind::Not)
            return comparison();
        const Token &t = take();
        NodePtr operand = notExpr();
        requireBool(*operand, QStringLiteral("what \"!\" negates"));
        auto node = make(Node::Op::Not, t.begin);
        node->end = operand->end;
        node->kids = {operand};
        return node;
    }

    NodePtr comparison()
    {
        NodePtr left = postfix();
        const Token::Kind k = peek().kind;
        if (k != Token::Kind::Eq && k != Token::Kind::Ne && k != Token::Kind::Lt &&
            k != Token::Kind::Le && k != Token::Kind::Gt && k != Token::Kind::Ge)
            return left;
        const Token &t = take();
        const QString op = m_text.mid(t.begin, t.end - t.begin);
        NodePtr right = postfix();
        const bool ordered = k != Token::Kind::Eq && k != Token::Kind::Ne;
        for (const NodePtr &side : {left, right}) {
            const bool comparable = side->type == Node::Type::Number ||
                                    side->type == Node::Type::String ||
                                    (!ordered && side->type == Node::Type::Bool);
            if (!comparable)
                fail(side->begin, QStringLiteral("\"%1\" compares %2, and %3 is %4")
                                      .arg(op,
                                           ordered ? QStringLiteral("numbers or strings")
                                                   : QStringLiteral("numbers, strings or flags"),
                                           source(*side), typeName(side->type, side->kind)));
        }
        if (left->type != right->type)
            fail(right->begin, QStringLiteral("%1 is %2 and cannot be compared with %3, %4")
                                   .arg(source(*left), typeName(left->type, left->kind),
                                        source(*right), typeName(right->type, right->kind)));
        auto node = make(Node::Op::Compare, left->begin);
        node->name = op;
        node->end = right->end;
        node->kids = {left, right};
        return node;
    }

    NodePtr postfix()
    {
        NodePtr node = primary();
        while (peek().kind == Token::Kind::Dot) {
            take();
            const Token &field = peek();
            if (field.kind != Token::Kind::Ident)
                fail(field, QStringLiteral("expected a field name after \".\" but found %1")
                                .arg(quoted(field)));
            take();
            if (node->type != Node::Type::Entity)
                fail(node->begin, QStringLiteral("%1 is %2 and has no fields")
                                      .arg(source(*node), typeName(node->type, node->kind)));
            auto member = make(Node::Op::Member, node->begin);
            bindField(*member, node->kind, field);
            member->kids = {node};
            node = member;
        }
        return node;
    }

    void bindField(Node &node, const QString &kind, const Token &t)
    {
        node.name = t.text;
        node.end = t.end;
        QStringList names;
        for (const QueryField &f : m_schema.value(kind)) {
            names << f.name;
            if (f.name != t.text)
                continue;
            switch (f.type) {
            case QueryField::Type::Bool:
                node.type = Node::Type::Bool;
                break;
            case QueryField::Type::Number:
                node.type = Node::Type::Number;
                break;
            case QueryField::Type::String:
                node.type = Node::Type::String;
                break;
            case QueryField::Type::Collection:
                node.type = Node::Type::Collection;
                node.kind = f.elementKind;
                break;
            }
            return;
        }
        fail(t, QStringLiteral("%1 has no field \"%2\"; it has %3")
                    .arg(withArticle(kind), t.text, names.join(QStringLiteral(", "))));
    }

    NodePtr primary()
    {
        const Token t = take();
        switch (t.kind) {
        case Token::Kind::String:
        case Token::Kind::Number:
        case Token::Kind::True:
        case Token::Kind::False: {
            auto node = make(Node::Op::Literal, t.begin);
            node->end = t.end;
            if (t.kind == Token::Kind::String) {
                node->type = Node::Type::String;
                node->literal = t.text;
            } else if (t.kind == Token::Kind::Number) {
                node->type = Node::Type::Number;
                node->literal = t.number;
            } else {
                node->literal = t.kind == Token::Kind::True;
            }
            return node;
        }
        case Token::Kind::LParen: {
            NodePtr inner = orExpr();
            const Token &close = peek();
            expect(Token::Kind::RParen, QStringLiteral("\")\""));
            auto node = std::make_shared<Node>(*inner); // the parentheses belong to its text
            node->begin = t.begin;
            node->end = close.end;
            return node;
        }
        case Token::Kind::Ident:
            if (peek().kind == Token::Kind::LParen)
                return call(t);
            return identifier(t);
        default:
            fail(t,
                 QStringLiteral("expected a field, a value or \"(\" but found %1").arg(quoted(t)));
        }
    }

    NodePtr identifier(const Token &t)
    {
        for (auto it = m_params.crbegin(); it != m_params.crend(); ++it) {
            if (it->first != t.text)
                continue;
            auto node = make(Node::Op::Param, t.begin);
            node->end = t.end;
            node->name = t.text;
            node->type = Node::Type::Entity;
            node->kind = it->second;
            return node;
        }
        auto node = make(Node::Op::Field, t.begin);
        bindField(*node, m_rootKind, t);
        return node;
    }

    NodePtr call(const Token &name)
    {
        static const QHash<QString, int> arity{
            {QStringLiteral("len"), 1},      {QStringLiteral("startsWith"), 2},
            {QStringLiteral("endsWith"), 2}, {QStringLiteral("contains"), 2},
            {QStringLiteral("forEach"), 2},  {QStringLiteral("any"), 2},
            {QStringLiteral("count"), 2}};
        if (!arity.contains(name.text))
            fail(name, QStringLiteral("no function \"%1\"; there are len, startsWith, endsWith, "
                                      "contains, forEach, any and count")
                           .arg(name.text));
        const bool lambda = name.text == u"forEach" || name.text == u"any" || name.text == u"count";
        auto node = make(Node::Op::Call, name.begin);
        node->name = name.text;
        take(); // (
        NodePtr first = orExpr();
        node->kids.push_back(first);
        if (lambda) {
            if (first->type != Node::Type::Collection)
                fail(first->begin,
                     QStringLiteral("%1 takes a list first, and %2 is %3")
                         .arg(name.text, source(*first), typeName(first->type, first->kind)));
            expect(Token::Kind::Comma, QStringLiteral("\",\" and a lambda (x => ...)"));
            const Token &param = peek();
            if (param.kind != Token::Kind::Ident)
                fail(param, QStringLiteral("expected a lambda's name (x => ...) but found %1")
                                .arg(quoted(param)));
            take();
            expect(Token::Kind::Arrow, QStringLiteral("\"=>\""));
            node->param = param.text;
            m_params.append({param.text, first->kind});
            NodePtr body = orExpr();
            m_params.removeLast();
            requireBool(*body, QStringLiteral("a lambda's body"));
            node->kids.push_back(body);
        } else {
            while (peek().kind == Token::Kind::Comma) {
                take();
                node->kids.push_back(orExpr());
            }
        }
        const Token &close = peek();
        expect(Token::Kind::RParen, QStringLiteral("\")\""));
        node->end = close.end;
        if (int(node->kids.size()) != arity.value(name.text))
            fail(name, QStringLiteral("%1 takes %2 argument(s), not %3")
                           .arg(name.text)
                           .arg(arity.value(name.text))
                           .arg(node->kids.size()));
        if (name.text == u"len") {
            if (first->type != Node::Type::Collection && first->type != Node::Type::String)
                fail(first->begin, QStringLiteral("len takes a list or a string, and %1 is %2")
                                       .arg(source(*first), typeName(first->type, first->kind)));
            node->type = Node::Type::Number;
        } else if (name.text == u"count") {
            node->type = Node::Type::Number;
        } else if (!lambda) {
            for (const NodePtr &arg : node->kids) {
                if (arg->type != Node::Type::String)
                    fail(arg->begin,
                         QStringLiteral("%1 takes strings, and %2 is %3")
                             .arg(name.text, source(*arg), typeName(arg->type, arg->kind)));
            }
        }
        return node;
    }

    const QString &m_text;
    const QuerySchema &m_schema;
    QString m_rootKind;
    std::vector<Token> m_tokens;
    size_t m_at = 0;
    int m_depth = 0;
    QList<std::pair<QString, QString>> m_params; // lambda names in scope, and their kinds
};

// A value while a query runs: a scalar, one thing, or a list of things.
struct Value
{
    QVariant scalar;
    Entity entity;
    QList<Entity> items;
};

QString shown(const QVariant &value)
{
    if (value.typeId() == QMetaType::QString)
        return u'"' + value.toString() + u'"';
    if (value.typeId() == QMetaType::Bool)
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    const double number = value.toDouble();
    if (std::floor(number) == number && std::abs(number) < 1e15)
        return QString::number(qint64(number));
    return QString::number(number);
}

class Evaluator
{
public:
    Evaluator(const QString &text, const QuerySource &source, const Entity &root)
        : m_text(text)
        , m_source(source)
        , m_root(root)
    {}

    void recordSeen(QStringList *seen) { m_seen = seen; }

    Value eval(const Node &node)
    {
        switch (node.op) {
        case Node::Op::Literal:
            return {node.literal, {}, {}};
        case Node::Op::Param:
            for (auto it = m_params.crbegin(); it != m_params.crend(); ++it) {
                if (it->first == node.name)
                    return {{}, it->second, {}};
            }
            return {};
        case Node::Op::Field:
            return field(m_root, node);
        case Node::Op::Member:
            return field(eval(*node.kids.front()).entity, node);
        case Node::Op::Not:
            return {!truth(*node.kids.front()), {}, {}};
        case Node::Op::And:
            return {truth(*node.kids.front()) && truth(*node.kids.back()), {}, {}};
        case Node::Op::Or:
            return {truth(*node.kids.front()) || truth(*node.kids.back()), {}, {}};
        case Node::Op::Compare:
            return {compare(node), {}, {}};
        case Node::Op::Call:
            return call(node);
        }
        return {};
    }

    bool truth(const Node &node) { return eval(node).scalar.toBool(); }

    // Why `node`, a flag, is false (or, negated, true): its smallest false
    // part, with the values it read.
    QString explain(const Node &node)
    {
        switch (node.op) {
        case Node::Op::And:
            return explain(truth(*node.kids.front()) ? *node.kids.back() : *node.kids.front());
        case Node::Op::Or:
            return explain(*node.kids.front()) + QStringLiteral(", and ") +
                   explain(*node.kids.back());
        case Node::Op::Not:
            return QStringLiteral("%1 (%2 is true)").arg(text(node), text(*node.kids.front()));
        case Node::Op::Call:
            if (!node.param.isEmpty())
                return explainLambda(node);
            break;
        default:
            break;
        }
        QStringList values;
        const auto note = [&](const Node &part) {
            if (part.op != Node::Op::Literal)
                values << QStringLiteral("%1 is %2").arg(text(part), shown(eval(part).scalar));
        };
        if (node.op == Node::Op::Compare || node.op == Node::Op::Call) {
            for (const NodePtr &kid : node.kids)
                note(*kid);
        } else if (node.op != Node::Op::Literal) {
            note(node);
        }
        return values.isEmpty() ? text(node)
                                : QStringLiteral("%1 (%2)").arg(text(node), values.join(u", "));
    }

private:
    QString text(const Node &node) const { return m_text.mid(node.begin, node.end - node.begin); }

    Value field(const Entity &entity, const Node &node)
    {
        if (node.type == Node::Type::Collection)
            return {{}, {}, m_source.collection(entity, node.name)};
        QVariant value = m_source.value(entity, node.name);
        if (m_seen && m_seen->size() < maxSeen) {
            const QString line =
                QStringLiteral("%1 %2: %3").arg(m_source.describe(entity), node.name, shown(value));
            if (!m_seenSet.contains(line)) {
                m_seenSet.insert(line);
                m_seen->append(line);
            }
        }
        return {value, {}, {}};
    }

    bool compare(const Node &node)
    {
        const QVariant a = eval(*node.kids.front()).scalar;
        const QVariant b = eval(*node.kids.back()).scalar;
        int order = 0;
        if (node.kids.front()->type == Node::Type::String) {
            order = a.toString().compare(b.toString());
        } else {
            const double x = a.toDouble();
            const double y = b.toDouble();
            order = x < y ? -1 : (x > y ? 1 : 0);
        }
        const QString &op = node.name;
        if (op == u"==")
            return order == 0;
        if (op == u"!=")
            return order != 0;
        if (op == u"<")
            return order < 0;
        if (op == u"<=")
            return order <= 0;
        if (op == u">")
            return order > 0;
        return order >= 0;
    }

    // The lambda's body for one item.
    bool bodyHolds(const Node &node, const Entity &item)
    {
        m_params.append({node.param, item});
        const bool holds = truth(*node.kids.back());
        m_params.removeLast();
        return holds;
    }

    Value call(const Node &node)
    {
        const Value first = eval(*node.kids.front());
        if (node.name == u"len")
            return {qint64(node.kids.front()->type == Node::Type::String
                               ? first.scalar.toString().size()
                               : first.items.size()),
                    {},
                    {}};
        if (node.name == u"forEach") {
            bool all = !first.items.isEmpty(); // Juju's: false over nothing
            for (const Entity &item : first.items)
                all = all && bodyHolds(node, item);
            return {all, {}, {}};
        }
        if (node.name == u"any") {
            for (const Entity &item : first.items) {
                if (bodyHolds(node, item))
                    return {true, {}, {}};
            }
            return {false, {}, {}};
        }
        if (node.name == u"count") {
            qint64 n = 0;
            for (const Entity &item : first.items)
                n += bodyHolds(node, item) ? 1 : 0;
            return {n, {}, {}};
        }
        const QString s = first.scalar.toString();
        const QString part = eval(*node.kids.back()).scalar.toString();
        if (node.name == u"startsWith")
            return {s.startsWith(part), {}, {}};
        if (node.name == u"endsWith")
            return {s.endsWith(part), {}, {}};
        return {s.contains(part), {}, {}};
    }

    QString explainLambda(const Node &node)
    {
        const Value first = eval(*node.kids.front());
        if (first.items.isEmpty())
            return QStringLiteral("%1 (%2 is empty)").arg(text(node), text(*node.kids.front()));
        if (node.name == u"any")
            return QStringLiteral("%1 (it holds for none of the %2 in %3)")
                .arg(text(node))
                .arg(first.items.size())
                .arg(text(*node.kids.front()));
        for (const Entity &item : first.items) {
            if (bodyHolds(node, item))
                continue;
            m_params.append({node.param, item});
            const QString why = explain(*node.kids.back());
            m_params.removeLast();
            return QStringLiteral("%1 (not for %2: %3)")
                .arg(text(node), m_source.describe(item), why);
        }
        return text(node);
    }

    const QString &m_text;
    const QuerySource &m_source;
    Entity m_root;
    QList<std::pair<QString, Entity>> m_params;
    QStringList *m_seen = nullptr;
    QSet<QString> m_seenSet;
};

} // namespace

WaitQuery WaitQuery::parse(const QString &text, const QuerySchema &schema, const QString &rootKind)
{
    if (text.size() > maxQueryLength)
        throw QueryError{
            int(maxQueryLength) + 1,
            QStringLiteral("the query is longer than %1 characters").arg(maxQueryLength)};
    WaitQuery query;
    query.m_text = text;
    query.m_root = Parser(query.m_text, schema, rootKind).query();
    return query;
}

WaitQuery::Outcome WaitQuery::evaluate(const QuerySource &source,
                                       const QuerySource::Entity &root) const
{
    Outcome outcome;
    Evaluator evaluator(m_text, source, root);
    evaluator.recordSeen(&outcome.seen);
    outcome.holds = evaluator.truth(*m_root);
    evaluator.recordSeen(nullptr);
    if (!outcome.holds)
        outcome.falsePart = printable(evaluator.explain(*m_root)); // printed on one line
    for (QString &line : outcome.seen)
        line = printable(line);
    return outcome;
}

} // namespace berth
