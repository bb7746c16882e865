#include "cli/output.h"

#include "cli/jsonwriter.h"
#include "core/placement/yamldocument.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTextStream>

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

QString toJson(const QJsonValue &value, const KeyOrder &order)
{
    return documentText<JsonWriter>(value, order);
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
