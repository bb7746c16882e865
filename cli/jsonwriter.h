#pragma once

#include "core/placement/documentsink.h"

#include <QList>
#include <QString>

class QTextStream;

namespace berth {

// JSON as berthctl prints it (four-space indents, Qt's escapes) written to a
// stream as it comes, a few kilobytes at a time: nothing held whole. Ends
// the document with a newline when the outermost container closes.
class JsonWriter final : public JsonSink
{
public:
    explicit JsonWriter(QTextStream &out);
    ~JsonWriter() override;
    JsonWriter(const JsonWriter &) = delete;
    JsonWriter &operator=(const JsonWriter &) = delete;

    void beginObject() override { open(u'{'); }
    void beginArray() override { open(u'['); }
    void end() override;
    void key(const QString &name) override;
    void value(const QString &text) override;
    void value(bool flag) override;
    void scalar(const QJsonValue &value) override;
    using JsonSink::value;

private:
    void open(QChar bracket);
    void beforeValue();
    void newEntry();
    void indent(); // four spaces a level
    void appendString(const QString &text);
    void flushIfFull();

    QTextStream &m_out;
    QString m_buffer;
    QList<qsizetype> m_entries; // entries written so far, per open container
    QList<QChar> m_closers;
    bool m_afterKey = false;
};

} // namespace berth
