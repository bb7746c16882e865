#pragma once

#include <QJsonValue>
#include <QList>
#include <QStringList>

#include <functional>

namespace berth {

// Rendering for `--format json|yaml|tabular`.
namespace Output {

enum class Format { Tabular, Json, Yaml };

// Parses a --format value; nullopt when it is none of the three.
std::optional<Format> parseFormat(const QString &text);

// Keys that come first in every object, in this order (Juju's: "model"
// before "machines" before "applications"); the others follow, sorted.
using KeyOrder = QStringList;

QString toJson(const QJsonValue &value, const KeyOrder &order = {});
QString toYaml(const QJsonValue &value, const KeyOrder &order = {});

// Left-aligned columns separated by two spaces, a header row first.
class Table
{
public:
    explicit Table(QStringList header)
        : m_header(std::move(header))
    {}
    void addRow(QStringList row) { m_rows.append(std::move(row)); }
    // ANSI colours on a terminal: the escape that starts `cell` of `column`,
    // empty for none. Widths are counted without them.
    using Colour = std::function<QString(int column, const QString &cell)>;
    void setColour(Colour colour) { m_colour = std::move(colour); }
    bool isEmpty() const { return m_rows.isEmpty(); }
    // Columns to leave out, first to last, when a row is wider than the
    // terminal; a row still too wide is cut with "…".
    void setDropOrder(QList<int> columns) { m_dropOrder = std::move(columns); }
    // `width`: the terminal's columns; 0 for no limit.
    QString render(int width = 0) const;

private:
    QString renderColumns(const QList<int> &dropped) const;
    QStringList m_header;
    QList<int> m_dropOrder;
    QList<QStringList> m_rows;
    Colour m_colour;
};

} // namespace Output

} // namespace berth
