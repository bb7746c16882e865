#pragma once

#include <QJsonValue>
#include <QList>
#include <QStringList>

namespace berth {

// Rendering for `--format json|yaml|tabular`.
namespace Output {

enum class Format { Tabular, Json, Yaml };

// Parses a --format value; nullopt when it is none of the three.
std::optional<Format> parseFormat(const QString &text);

QString toJson(const QJsonValue &value);
QString toYaml(const QJsonValue &value);

// Left-aligned columns separated by two spaces, a header row first.
class Table
{
public:
    explicit Table(QStringList header)
        : m_header(std::move(header))
    {}
    void addRow(QStringList row) { m_rows.append(std::move(row)); }
    bool isEmpty() const { return m_rows.isEmpty(); }
    QString render() const;

private:
    QStringList m_header;
    QList<QStringList> m_rows;
};

} // namespace Output

} // namespace berth
