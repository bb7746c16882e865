#include "cli/jsonwriter.h"

#include <QJsonDocument>
#include <QTextStream>

namespace berth {

namespace {

constexpr qsizetype flushAt = 1 << 16; // characters

} // namespace

JsonWriter::JsonWriter(QTextStream &out)
    : m_out(out)
{
    m_buffer.reserve(flushAt + 4096);
}

JsonWriter::~JsonWriter()
{
    m_out << m_buffer;
    m_out.flush();
}

void JsonWriter::flushIfFull()
{
    if (m_buffer.size() >= flushAt) {
        m_out << m_buffer;
        m_buffer.clear();
    }
}

// The start of an entry of the innermost container: a comma after the one
// before, a new line, the indent.
void JsonWriter::newEntry()
{
    if (m_entries.isEmpty())
        return;
    m_buffer += m_entries.last()++ > 0 ? QStringLiteral(",\n") : QStringLiteral("\n");
    indent();
}

void JsonWriter::indent()
{
    static const QString spaces(256, u' ');
    for (qsizetype left = 4 * m_entries.size(); left > 0; left -= spaces.size())
        m_buffer.append(spaces.constData(), std::min(left, spaces.size()));
}

void JsonWriter::beforeValue()
{
    if (m_afterKey)
        m_afterKey = false;
    else
        newEntry(); // an array's item
}

void JsonWriter::open(QChar bracket)
{
    beforeValue();
    m_buffer += bracket;
    m_entries.append(0);
    m_closers.append(bracket == u'{' ? u'}' : u']');
}

void JsonWriter::end()
{
    const qsizetype entries = m_entries.takeLast();
    const QChar closer = m_closers.takeLast();
    if (entries > 0) {
        m_buffer += u'\n';
        indent();
    }
    m_buffer += closer;
    if (m_entries.isEmpty())
        m_buffer += u'\n';
    flushIfFull();
}

void JsonWriter::key(const QString &name)
{
    newEntry();
    appendString(name);
    m_buffer += QStringLiteral(": ");
    m_afterKey = true;
}

void JsonWriter::value(const QString &text)
{
    beforeValue();
    appendString(text);
}

void JsonWriter::value(bool flag)
{
    beforeValue();
    m_buffer += flag ? QStringLiteral("true") : QStringLiteral("false");
}

void JsonWriter::scalar(const QJsonValue &value)
{
    beforeValue();
    // As Qt writes it: inside a one-item array, brackets cut off.
    const QByteArray text = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    m_buffer += QString::fromUtf8(text.mid(1, text.size() - 2));
}

// A JSON string as Qt writes one: quotes, backslashes and control
// characters escaped, everything else as it is. The runs between escapes
// are copied whole.
void JsonWriter::appendString(const QString &text)
{
    m_buffer += u'"';
    const QChar *run = text.constData();
    const QChar *const end = run + text.size();
    for (const QChar *at = run; at != end; ++at) {
        const char16_t c = at->unicode();
        if (c >= 0x20 && c != u'"' && c != u'\\')
            continue;
        m_buffer.append(run, at - run);
        run = at + 1;
        switch (c) {
        case u'"':
            m_buffer += QStringLiteral("\\\"");
            break;
        case u'\\':
            m_buffer += QStringLiteral("\\\\");
            break;
        case u'\b':
            m_buffer += QStringLiteral("\\b");
            break;
        case u'\f':
            m_buffer += QStringLiteral("\\f");
            break;
        case u'\n':
            m_buffer += QStringLiteral("\\n");
            break;
        case u'\r':
            m_buffer += QStringLiteral("\\r");
            break;
        case u'\t':
            m_buffer += QStringLiteral("\\t");
            break;
        default:
            m_buffer += QStringLiteral("\\u%1").arg(int(c), 4, 16, QLatin1Char('0'));
        }
    }
    m_buffer.append(run, end - run);
    m_buffer += u'"';
}

} // namespace berth
