#include "cli/output.h"

#include "core/placement/yamldocument.h"

#include <QHash>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace berth {

namespace Output {

std::optional<Format> parseFormat(const QString &text)
{
    if (text == u"tabular")
        return Format::Tabular;
    if (text == u"json")
        return Format::Json;
    if (text == u"yaml")
        return Format::Yaml;
    return std::nullopt;
}

namespace {

// A JSON string as Qt writes one: quotes, backslashes and control
// characters escaped, everything else as it is.
void appendJsonString(QString &out, const QString &text)
{
    out += u'"';
    for (const QChar c : text) {
        switch (c.unicode()) {
        case '"':
            out += QStringLiteral("\\\"");
            break;
        case '\\':
            out += QStringLiteral("\\\\");
            break;
        case '\b':
            out += QStringLiteral("\\b");
            break;
        case '\f':
            out += QStringLiteral("\\f");
            break;
        case '\n':
            out += QStringLiteral("\\n");
            break;
        case '\r':
            out += QStringLiteral("\\r");
            break;
        case '\t':
            out += QStringLiteral("\\t");
            break;
        default:
            if (c.unicode() < 0x20)
                out += QStringLiteral("\\u%1").arg(int(c.unicode()), 4, 16, QLatin1Char('0'));
            else
                out += c;
        }
    }
    out += u'"';
}

void emitJson(QString &out, const QJsonValue &value, const YamlDocument::KeyRanks &order, int depth)
{
    // Indents written in place: no string made for each value.
    const auto indent = [&out](int level) { out.append(QString(4 * level, u' ')); };
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        if (object.isEmpty()) {
            out += QStringLiteral("{}");
            return;
        }
        out += QStringLiteral("{\n");
        const QStringList keys = YamlDocument::orderedKeys(object, order);
        for (qsizetype i = 0; i < keys.size(); ++i) {
            indent(depth + 1);
            appendJsonString(out, keys.at(i));
            out += QStringLiteral(": ");
            emitJson(out, object.value(keys.at(i)), order, depth + 1);
            out += i + 1 < keys.size() ? QStringLiteral(",\n") : QStringLiteral("\n");
        }
        indent(depth);
        out += u'}';
    } else if (value.isArray()) {
        const QJsonArray array = value.toArray();
        if (array.isEmpty()) {
            out += QStringLiteral("[]");
            return;
        }
        out += QStringLiteral("[\n");
        for (qsizetype i = 0; i < array.size(); ++i) {
            indent(depth + 1);
            emitJson(out, array.at(i), order, depth + 1);
            out += i + 1 < array.size() ? QStringLiteral(",\n") : QStringLiteral("\n");
        }
        indent(depth);
        out += u']';
    } else if (value.isString()) {
        appendJsonString(out, value.toString());
    } else {
        // A number, true, false or null as Qt writes it: inside a one-item
        // array, brackets cut off.
        const QByteArray text = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
        out += QString::fromUtf8(text.mid(1, text.size() - 2));
    }
}

} // namespace

QString toJson(const QJsonValue &value, const KeyOrder &order)
{
    QString out;
    emitJson(out, value, YamlDocument::ranksOf(order), 0);
    return out + u'\n';
}

QString toYaml(const QJsonValue &value, const KeyOrder &order)
{
    return YamlDocument::write(value, order);
}

QString Table::render() const
{
    QList<qsizetype> widths(m_header.size(), 0);
    const auto measure = [&widths](const QStringList &row) {
        for (qsizetype i = 0; i < row.size() && i < widths.size(); ++i)
            widths[i] = std::max(widths[i], row.at(i).size());
    };
    measure(m_header);
    for (const QStringList &row : m_rows)
        measure(row);
    QString text;
    const auto line = [&](const QStringList &row) {
        QString out;
        for (qsizetype i = 0; i < widths.size(); ++i) {
            const QString cell = i < row.size() ? row.at(i) : QString();
            const QString padded = i + 1 < widths.size() ? cell.leftJustified(widths[i] + 2) : cell;
            const QString colour =
                m_colour && &row != &m_header ? m_colour(int(i), cell) : QString();
            if (colour.isEmpty() || cell.isEmpty())
                out += padded;
            else
                out += colour + cell + QStringLiteral("\x1b[0m") + padded.mid(cell.size());
        }
        while (out.endsWith(u' '))
            out.chop(1);
        text += out + u'\n';
    };
    line(m_header);
    for (const QStringList &row : m_rows)
        line(row);
    return text;
}

} // namespace Output

} // namespace berth
