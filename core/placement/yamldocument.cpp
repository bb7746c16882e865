#include "core/placement/yamldocument.h"

#include "core/bertherror.h"
#include "core/inputlimits.h"
#include "core/userfiles.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTextStream>

#include <QCoreApplication>
#include <yaml-cpp/depthguard.h>
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
    explicit Converter(const QString &name)
        : m_name(name)
    {}

    QJsonValue convert(const YAML::Node &node, int depth)
    {
        if (++m_values > Limits::maxDocumentNodes) {
            throw BerthError(Text::tr("%1 expands to more than %2 values (aliases "
                                      "included); expected a smaller document")
                                 .arg(m_name)
                                 .arg(Limits::maxDocumentNodes));
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
                    const QJsonValue value = convert(entry.second, depth + 1);
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
                o.insert(key, convert(entry.second, depth + 1));
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
                a.append(convert(item, depth + 1));
            return a;
        }
        case YAML::NodeType::Scalar:
            return scalar(node);
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
        if (text == u"true" || text == u"false")
            return text == u"true";
        return text;
    }

    QString m_name;
    qint64 m_values = 0;
};

} // namespace

namespace {

// Every document of `text`, one converter (one count of values) over all.
QList<QJsonValue> parseDocuments(const QByteArray &text, const QString &name)
{
    if (text.size() > Limits::maxDocumentBytes) {
        throw BerthError(Text::tr("%1 is %2 bytes; expected at most %3")
                             .arg(name)
                             .arg(text.size())
                             .arg(Limits::maxDocumentBytes));
    }
    try {
        // Documents split at their "---" lines and each read alone: yaml-cpp's
        // LoadAll can loop for ever on some broken input ("," alone).
        Converter converter(name);
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
            const QJsonValue document = converter.convert(YAML::Load(chunk.toStdString()), 0);
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

QByteArray readBounded(const QString &path, const QString &name)
{
    return UserFiles::read(path, name, Limits::maxDocumentBytes, Text::tr("a YAML file"));
}

} // namespace

QJsonValue parse(const QByteArray &text, const QString &name)
{
    const QList<QJsonValue> documents = parseDocuments(text, name);
    if (documents.size() > 1)
        throw BerthError(
            Text::tr("%1 holds %2 YAML documents; expected one").arg(name).arg(documents.size()));
    return documents.isEmpty() ? QJsonValue(QJsonValue::Null) : documents.first();
}

QJsonValue readFile(const QString &path, const QString &name)
{
    return parse(readBounded(path, name), name);
}

QList<QJsonValue> parseAll(const QByteArray &text, const QString &name)
{
    return parseDocuments(text, name);
}

QList<QJsonValue> readDocuments(const QString &path, const QString &name)
{
    return parseDocuments(readBounded(path, name), name);
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
    if (plain.match(name).hasMatch() && name != u"true" && name != u"false" && name != u"null" &&
        name != u"yes" && name != u"no")
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
