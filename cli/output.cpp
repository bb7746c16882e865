#include "cli/output.h"

#include "cli/jsonwriter.h"
#include "core/placement/yamldocument.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QStringTokenizer>
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

QString Table::render(int width) const
{
    QList<int> dropped;
    QString text = renderColumns(dropped);
    const auto widest = [](const QString &rendered) {
        qsizetype most = 0;
        for (const QStringView line : QStringTokenizer(rendered, u'\n')) {
            qsizetype visible = line.size();
            for (qsizetype at = line.indexOf(u'\x1b'); at >= 0; at = line.indexOf(u'\x1b', at + 1))
                visible -= line.indexOf(u'm', at) - at + 1; // colour escapes take no room
            most = std::max(most, visible);
        }
        return most;
    };
    if (width <= 0)
        return text;
    for (int column : m_dropOrder) {
        if (widest(text) <= width)
            return text;
        dropped << column;
        text = renderColumns(dropped);
    }
    if (widest(text) <= width)
        return text;
    QString cut;
    for (const QStringView line : QStringTokenizer(text, u'\n', Qt::SkipEmptyParts)) {
        if (line.size() <= width || line.contains(u'\x1b'))
            cut += line + u'\n';
        else
            cut += line.left(width - 1) + QStringLiteral("…\n");
    }
    return cut;
}

QString Table::renderColumns(const QList<int> &dropped) const
{
    QList<qsizetype> widths(m_header.size(), 0);
    const auto measure = [&widths](const QStringList &row) {
        for (qsizetype i = 0; i < row.size() && i < widths.size(); ++i)
            widths[i] = std::max(widths[i], row.at(i).size());
    };
    measure(m_header);
    for (const QStringList &row : m_rows)
        measure(row);
    qsizetype last = widths.size() - 1;
    while (last > 0 && dropped.contains(int(last)))
        --last;
    qsizetype lineWidth = 1;
    for (const qsizetype w : std::as_const(widths))
        lineWidth += w + 2;
    QString text;
    text.reserve((m_rows.size() + 1) * lineWidth);
    // Each row written into `text` as it goes: cells padded to their column,
    // the spaces at the end of the line cut.
    const auto line = [&](const QStringList &row) {
        const qsizetype start = text.size();
        for (qsizetype i = 0; i < widths.size(); ++i) {
            if (dropped.contains(int(i)))
                continue;
            const QString cell = i < row.size() ? row.at(i) : QString();
            const QString colour =
                m_colour && &row != &m_header ? m_colour(int(i), cell) : QString();
            if (colour.isEmpty() || cell.isEmpty())
                text += cell;
            else
                text += colour + cell + QStringLiteral("\x1b[0m");
            if (i < last)
                text.resize(text.size() + widths[i] + 2 - cell.size(), u' ');
        }
        qsizetype end = text.size();
        while (end > start && text.at(end - 1) == u' ')
            --end;
        text.truncate(end);
        text += u'\n';
    };
    line(m_header);
    for (const QStringList &row : m_rows)
        line(row);
    return text;
}

} // namespace Output

} // namespace berth
