#include "cli/output.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <yaml-cpp/yaml.h>

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

QString toJson(const QJsonValue &value)
{
    const QJsonDocument doc =
        value.isArray() ? QJsonDocument(value.toArray()) : QJsonDocument(value.toObject());
    return QString::fromUtf8(doc.toJson(QJsonDocument::Indented));
}

namespace {
void emitYaml(YAML::Emitter &out, const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Object: {
        const QJsonObject object = value.toObject();
        out << YAML::BeginMap;
        for (auto it = object.begin(); it != object.end(); ++it) {
            out << YAML::Key << it.key().toStdString() << YAML::Value;
            emitYaml(out, it.value());
        }
        out << YAML::EndMap;
        break;
    }
    case QJsonValue::Array: {
        out << YAML::BeginSeq;
        for (const auto &item : value.toArray())
            emitYaml(out, item);
        out << YAML::EndSeq;
        break;
    }
    case QJsonValue::Bool:
        out << value.toBool();
        break;
    case QJsonValue::Double: {
        const double d = value.toDouble();
        if (d == double(qint64(d)))
            out << qint64(d);
        else
            out << d;
        break;
    }
    case QJsonValue::String:
        out << YAML::DoubleQuoted << value.toString().toStdString();
        break;
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        out << YAML::Null;
        break;
    }
}
} // namespace

QString toYaml(const QJsonValue &value)
{
    YAML::Emitter out;
    emitYaml(out, value);
    return QString::fromStdString(out.c_str()) + u'\n';
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
            out += i + 1 < widths.size() ? cell.leftJustified(widths[i] + 2) : cell;
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
