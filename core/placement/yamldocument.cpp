#include "core/placement/yamldocument.h"

#include "core/bertherror.h"
#include "core/inputlimits.h"
#include "core/userfiles.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTextStream>

#include <QCoreApplication>
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <sstream>

namespace berth {

namespace {

// This file's words, through Qt's translation system: the window shows them
// in the user's language, berthctl (no translator) as written here.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(YamlDocument)
};

} // namespace

namespace YamlDocument {

namespace {

// Converts a parsed document, counting every value it produces: an alias
// is a reference to a node already read, so counting what is produced (not
// what was parsed) is what bounds the expansion.
class Converter
{
public:
    // `maxValues`: what the text may expand to (Limits::maxNodesOf its size).
    Converter(const QString &name, qint64 maxValues)
        : m_name(name)
        , m_maxValues(maxValues)
    {}

    // `inText`: the node is inside an annotations map, where Juju reads
    // every value as text.
    QJsonValue convert(const YAML::Node &node, int depth, bool inText = false)
    {
        if (++m_values > m_maxValues) {
            throw BerthError(Text::tr("%1 expands to more than %2 values (aliases "
                                      "included); expected a smaller document")
                                 .arg(m_name)
                                 .arg(m_maxValues));
        }
        if (depth > Limits::maxDocumentDepth) {
            throw BerthError(Text::tr("%1 nests deeper than %2 levels; expected a flatter "
                                      "document")
                                 .arg(m_name)
                                 .arg(Limits::maxDocumentDepth));
        }
        switch (node.Type()) {
        case YAML::NodeType::Map: {
            QJsonObject o;
            QList<QJsonValue> merged; // "<<: *anchor": keys given here win
            for (const auto &entry : node) {
                if (!entry.first.IsScalar()) {
                    throw BerthError(Text::tr("%1: line %2: a key that is not plain text; "
                                              "expected name: value")
                                         .arg(m_name)
                                         .arg(entry.first.Mark().line + 1));
                }
                const QString key = QString::fromStdString(entry.first.Scalar());
                if (key == u"<<" && entry.first.Tag() != "!") {
                    const QJsonValue value = convert(entry.second, depth + 1, inText);
                    if (value.isArray()) {
                        for (const QJsonValue &each : value.toArray())
                            merged << each;
                    } else {
                        merged << value;
                    }
                    continue;
                }
                // As Juju's YAML reader does: a key given twice is refused, not the last kept.
                if (o.contains(key)) {
                    throw BerthError(Text::tr("%1: line %2: \"%3\" is given twice; expected "
                                              "each key once")
                                         .arg(m_name)
                                         .arg(entry.first.Mark().line + 1)
                                         .arg(key));
                }
                o.insert(key, convert(entry.second, depth + 1, inText || key == u"annotations"));
            }
            for (const QJsonValue &source : std::as_const(merged)) {
                if (!source.isObject()) {
                    throw BerthError(Text::tr("%1: line %2: \"<<\" merges a mapping (or a list "
                                              "of them) into this one")
                                         .arg(m_name)
                                         .arg(node.Mark().line + 1));
                }
                const QJsonObject from = source.toObject();
                for (auto it = from.begin(); it != from.end(); ++it) {
                    if (!o.contains(it.key()))
                        o.insert(it.key(), it.value());
                }
            }
            return o;
        }
        case YAML::NodeType::Sequence: {
            QJsonArray a;
            for (const auto &item : node)
                a.append(convert(item, depth + 1, inText));
            return a;
        }
        case YAML::NodeType::Scalar:
            return inText ? QJsonValue(QString::fromStdString(node.Scalar())) : scalar(node);
        case YAML::NodeType::Null:
        case YAML::NodeType::Undefined:
            break;
        }
        return QJsonValue(QJsonValue::Null);
    }

private:
    static QJsonValue scalar(const YAML::Node &node)
    {
        const QString text = QString::fromStdString(node.Scalar());
        if (node.Tag() == "!") // quoted: text, whatever it looks like
            return text;
        if (const auto n = Limits::parseInteger(text))
            return *n;
        if (const auto d = Limits::parseNumber(text))
            return *d;
        // YAML 1.1's booleans, as Juju's YAML (and Senlin's) reads them.
        static const QStringList yes{
            QStringLiteral("y"),    QStringLiteral("Y"),    QStringLiteral("yes"),
            QStringLiteral("Yes"),  QStringLiteral("YES"),  QStringLiteral("true"),
            QStringLiteral("True"), QStringLiteral("TRUE"), QStringLiteral("on"),
            QStringLiteral("On"),   QStringLiteral("ON")};
        static const QStringList no{
            QStringLiteral("n"),     QStringLiteral("N"),     QStringLiteral("no"),
            QStringLiteral("No"),    QStringLiteral("NO"),    QStringLiteral("false"),
            QStringLiteral("False"), QStringLiteral("FALSE"), QStringLiteral("off"),
            QStringLiteral("Off"),   QStringLiteral("OFF")};
        if (yes.contains(text))
            return true;
        if (no.contains(text))
            return false;
        return text;
    }

    QString m_name;
    qint64 m_values = 0;
    qint64 m_maxValues = 0;
};

} // namespace

namespace {

// The top-level keys of a document that only hold YAML anchors for the rest
// of it: the key's value is anchored, or every value directly in it is
// (`variables: {origin: &origin distro}`, `x-defaults: &defaults {...}`).
class AnchorScan : public YAML::EventHandler
{
public:
    QSet<QString> anchorOnly;

    void OnDocumentStart(const YAML::Mark &) override {}
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark &, YAML::anchor_t anchor) override { node(anchor, nullptr, {}); }
    void OnAlias(const YAML::Mark &, YAML::anchor_t) override { node(0, nullptr, {}); }
    void OnScalar(const YAML::Mark &, const std::string &, YAML::anchor_t anchor,
                  const std::string &value) override
    {
        node(anchor, nullptr, QString::fromStdString(value));
    }
    void OnSequenceStart(const YAML::Mark &, const std::string &, YAML::anchor_t anchor,
                         YAML::EmitterStyle::value) override
    {
        const bool map = false;
        node(anchor, &map, {});
    }
    void OnSequenceEnd() override { close(); }
    void OnMapStart(const YAML::Mark &, const std::string &, YAML::anchor_t anchor,
                    YAML::EmitterStyle::value) override
    {
        const bool map = true;
        node(anchor, &map, {});
    }
    void OnMapEnd() override { close(); }

private:
    struct Level
    {
        bool map = false;
        int children = 0;
        bool allAnchored = true;
        QString key; // the top-level key whose value this is
        bool anchored = false;
    };

    // A node: `opens` says a map (true) or a list (false) begins.
    void node(YAML::anchor_t anchor, const bool *opens, const QString &text)
    {
        if (m_levels.isEmpty()) {
            if (opens)
                m_levels.append(Level{*opens, 0, true, {}, false});
            return;
        }
        Level &parent = m_levels.last();
        const bool isKey = parent.map && parent.children % 2 == 0;
        ++parent.children;
        if (m_levels.size() == 1) {
            if (isKey)
                m_key = text;
            if (opens)
                m_levels.append(Level{*opens, 0, true, isKey ? QString() : m_key, anchor != 0});
            else if (!isKey && anchor != 0 && parent.map)
                anchorOnly << m_key;
            return;
        }
        if (!isKey && m_levels.size() == 2)
            parent.allAnchored = parent.allAnchored && anchor != 0;
        if (opens)
            m_levels.append(Level{*opens, 0, true, {}, false});
    }

    void close()
    {
        if (m_levels.isEmpty())
            return;
        const Level level = m_levels.takeLast();
        if (m_levels.size() == 1 && m_levels.first().map && !level.key.isEmpty() &&
            (level.anchored || (level.children > 0 && level.allAnchored)))
            anchorOnly << level.key;
    }

    QList<Level> m_levels;
    QString m_key;
};

// Every document of `text`, one converter (one count of values) over all;
// top-level keys not in `known` (when given) that only hold anchors are left out.
QList<QJsonValue> parseDocuments(const QByteArray &text, const QString &name,
                                 const QStringList &known, qint64 maxBytes)
{
    if (text.size() > maxBytes) {
        throw BerthError(Text::tr("%1 is %2 bytes; expected at most %3")
                             .arg(name)
                             .arg(text.size())
                             .arg(maxBytes));
    }
    try {
        // Documents split at their "---" lines and each read alone: yaml-cpp's
        // LoadAll can loop for ever on some broken input ("," alone).
        Converter converter(name, Limits::maxNodesOf(text.size()));
        QList<QJsonValue> documents;
        QList<QByteArray> chunks{QByteArray()};
        for (const QByteArray &line : text.split('\n')) {
            if (line == "---" || line.startsWith("--- ") || line.startsWith("---\t") ||
                line == "---\r")
                chunks << QByteArray();
            else
                chunks.last() += line + '\n';
        }
        for (const QByteArray &chunk : std::as_const(chunks)) {
            QJsonValue document = converter.convert(YAML::Load(chunk.toStdString()), 0);
            if (!known.isEmpty() && document.isObject()) {
                std::stringstream stream(chunk.toStdString());
                YAML::Parser parser(stream);
                AnchorScan scan;
                parser.HandleNextDocument(scan);
                QJsonObject object = document.toObject();
                for (const QString &key : std::as_const(scan.anchorOnly)) {
                    if (!known.contains(key))
                        object.remove(key);
                }
                document = object;
            }
            if (!document.isNull())
                documents << document; // an empty document (before the first "---") is none
        }
        return documents;
    } catch (const YAML::Exception &error) {
        // yaml-cpp's own depth guard (500 levels) throws DeepRecursion with the
        // message "bad file"; say it in the user's terms.
        if (dynamic_cast<const YAML::DeepRecursion *>(&error) ||
            QString::fromStdString(error.msg).contains(QStringLiteral("recursion")))
            throw BerthError(Text::tr("%1 nests deeper than %2 levels; expected a flatter "
                                      "document")
                                 .arg(name)
                                 .arg(Limits::maxDocumentDepth));
        throw BerthError(Text::tr("%1 is not valid YAML: %2 (line %3, column %4)")
                             .arg(name, QString::fromStdString(error.msg))
                             .arg(error.mark.line + 1)
                             .arg(error.mark.column + 1));
    }
}

QByteArray readBounded(const QString &path, const QString &name, qint64 maxBytes)
{
    return UserFiles::read(path, name, maxBytes, Text::tr("a YAML file"));
}

} // namespace

QJsonValue parse(const QByteArray &text, const QString &name)
{
    const QList<QJsonValue> documents = parseDocuments(text, name, {}, Limits::maxDocumentBytes);
    if (documents.size() > 1)
        throw BerthError(
            Text::tr("%1 holds %2 YAML documents; expected one").arg(name).arg(documents.size()));
    return documents.isEmpty() ? QJsonValue(QJsonValue::Null) : documents.first();
}

QJsonValue readFile(const QString &path, const QString &name)
{
    return parse(readBounded(path, name, Limits::maxDocumentBytes), name);
}

QList<QJsonValue> parseAll(const QByteArray &text, const QString &name,
                           const QStringList &knownKeys)
{
    return parseDocuments(text, name, knownKeys, Limits::maxBundleBytes);
}

QList<QJsonValue> readDocuments(const QString &path, const QString &name,
                                const QStringList &knownKeys)
{
    return parseDocuments(readBounded(path, name, Limits::maxBundleBytes), name, knownKeys,
                          Limits::maxBundleBytes);
}

KeyRanks ranksOf(const QStringList &order)
{
    KeyRanks ranks;
    for (qsizetype i = 0; i < order.size(); ++i)
        ranks.insert(order.at(i), i);
    return ranks;
}

QStringList orderedKeys(const QJsonObject &object, const KeyRanks &ranks)
{
    QStringList keys = object.keys(); // sorted
    if (ranks.isEmpty())
        return keys;
    std::stable_sort(keys.begin(), keys.end(), [&](const QString &a, const QString &b) {
        return ranks.value(a, ranks.size()) < ranks.value(b, ranks.size());
    });
    return keys;
}

QString write(const QJsonValue &value, const QStringList &order)
{
    return documentText<YamlWriter>(value, order);
}

} // namespace YamlDocument

} // namespace berth

namespace berth {

struct YamlWriter::Emitter
{
    std::ostringstream bytes;
    YAML::Emitter out{bytes};
};

YamlWriter::YamlWriter(QTextStream &out)
    : m_out(out)
    , m_emitter(std::make_unique<Emitter>())
{}

YamlWriter::~YamlWriter()
{
    flushIfFull(true);
    m_out.flush();
}

// What the emitter has written, to the stream: only between values, where
// no character is cut in two.
void YamlWriter::flushIfFull(bool always)
{
    constexpr std::streamoff flushAt = 1 << 16; // bytes
    if (!always && m_emitter->bytes.tellp() < flushAt)
        return;
    m_out << QString::fromStdString(m_emitter->bytes.str());
    m_emitter->bytes.str({});
}

void YamlWriter::beginObject()
{
    m_emitter->out << YAML::BeginMap;
    m_maps.append(true);
}

void YamlWriter::beginArray()
{
    m_emitter->out << YAML::BeginSeq;
    m_maps.append(false);
}

void YamlWriter::end()
{
    m_emitter->out << (m_maps.takeLast() ? YAML::EndMap : YAML::EndSeq);
    if (m_maps.isEmpty()) {
        flushIfFull(true);
        m_out << u'\n';
    } else {
        flushIfFull();
    }
}

void YamlWriter::key(const QString &name)
{
    // A key YAML would read as a number or a flag ("0", "true") is quoted,
    // so that it comes back as the text it is.
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z_./@-][A-Za-z0-9_./@-]*\\z"));
    YAML::Emitter &out = m_emitter->out;
    out << YAML::Key;
    // YAML 1.1's flags and nulls in any case ("on", "No", "NULL", "y").
    static const QRegularExpression word(QStringLiteral("^(y|n|yes|no|on|off|true|false|null)\\z"),
                                         QRegularExpression::CaseInsensitiveOption);
    if (plain.match(name).hasMatch() && !word.match(name).hasMatch())
        out << name.toStdString();
    else
        out << YAML::DoubleQuoted << name.toStdString();
    out << YAML::Value;
}

void YamlWriter::value(const QString &text)
{
    m_emitter->out << YAML::DoubleQuoted << text.toStdString();
}

void YamlWriter::value(bool flag)
{
    m_emitter->out << flag;
}

void YamlWriter::scalar(const QJsonValue &value)
{
    YAML::Emitter &out = m_emitter->out;
    if (value.isDouble()) {
        const double d = value.toDouble();
        if (d == double(qint64(d)))
            out << qint64(d);
        else
            out << d;
    } else {
        out << YAML::Null;
    }
}

} // namespace berth
