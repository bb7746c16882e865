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

namespace {

// The object's keys: those in `order` first, in its order, then the rest sorted.
QStringList orderedKeys(const QJsonObject &object, const KeyOrder &order)
{
    QStringList keys = object.keys(); // sorted
    std::stable_sort(keys.begin(), keys.end(), [&](const QString &a, const QString &b) {
        const qsizetype ia = order.indexOf(a);
        const qsizetype ib = order.indexOf(b);
        return (ia < 0 ? order.size() : ia) < (ib < 0 ? order.size() : ib);
    });
    return keys;
}

void emitJson(QString &out, const QJsonValue &value, const KeyOrder &order, int depth)
{
    const QString indent(4 * (depth + 1), u' ');
    const QString closing(4 * depth, u' ');
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        if (object.isEmpty()) {
            out += QStringLiteral("{}");
            return;
        }
        out += QStringLiteral("{\n");
        const QStringList keys = orderedKeys(object, order);
        for (qsizetype i = 0; i < keys.size(); ++i) {
            out += indent;
            emitJson(out, keys.at(i), order, depth + 1);
            out += QStringLiteral(": ");
            emitJson(out, object.value(keys.at(i)), order, depth + 1);
            out += i + 1 < keys.size() ? QStringLiteral(",\n") : QStringLiteral("\n");
        }
        out += closing + u'}';
    } else if (value.isArray()) {
        const QJsonArray array = value.toArray();
        if (array.isEmpty()) {
            out += QStringLiteral("[]");
            return;
        }
        out += QStringLiteral("[\n");
        for (qsizetype i = 0; i < array.size(); ++i) {
            out += indent;
            emitJson(out, array.at(i), order, depth + 1);
            out += i + 1 < array.size() ? QStringLiteral(",\n") : QStringLiteral("\n");
        }
        out += closing + u']';
    } else {
        // A scalar as Qt writes it: inside a one-item array, brackets cut off.
        const QByteArray text = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
        out += QString::fromUtf8(text.mid(1, text.size() - 2));
    }
}

} // namespace

QString toJson(const QJsonValue &value, const KeyOrder &order)
{
    QString out;
    emitJson(out, value, order, 0);
    return out + u'\n';
}

namespace {
void emitYaml(YAML::Emitter &out, const QJsonValue &value, const KeyOrder &order)
{
    switch (value.type()) {
    case QJsonValue::Object: {
        const QJsonObject object = value.toObject();
        out << YAML::BeginMap;
        for (const QString &key : orderedKeys(object, order)) {
            out << YAML::Key << key.toStdString() << YAML::Value;
            emitYaml(out, object.value(key), order);
        }
        out << YAML::EndMap;
        break;
    }
    case QJsonValue::Array: {
        out << YAML::BeginSeq;
        for (const auto &item : value.toArray())
            emitYaml(out, item, order);
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

QString toYaml(const QJsonValue &value, const KeyOrder &order)
{
    YAML::Emitter out;
    emitYaml(out, value, order);
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
