#include "cli/output.h"

#include "cli/jsonwriter.h"
#include "core/placement/yamldocument.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTextStream>

#include <functional>

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

void writeJson(JsonSink &out, const QJsonValue &value, const KeyOrder &order)
{
    const YamlDocument::KeyRanks ranks = YamlDocument::ranksOf(order);
    const std::function<void(const QJsonValue &)> write = [&](const QJsonValue &v) {
        if (v.isObject()) {
            const QJsonObject object = v.toObject();
            out.beginObject();
            for (const QString &key : YamlDocument::orderedKeys(object, ranks)) {
                out.key(key);
                write(object.value(key));
            }
            out.end();
        } else if (v.isArray()) {
            out.beginArray();
            for (const QJsonValue &item : v.toArray())
                write(item);
            out.end();
        } else if (v.isString()) {
            out.value(v.toString());
        } else if (v.isBool()) {
            out.value(v.toBool());
        } else {
            out.scalar(v);
        }
    };
    write(value);
}

QString toJson(const QJsonValue &value, const KeyOrder &order)
{
    QString text;
    {
        QTextStream stream(&text);
        JsonWriter writer(stream);
        writeJson(writer, value, order);
    }
    // The writer ends a document at its outermost container's end.
    if (!value.isObject() && !value.isArray())
        text += u'\n';
    return text;
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
