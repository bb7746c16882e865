#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

class QTextStream;

namespace berth {

// Receives a JSON document value by value: an object's keys each before
// their value, containers closed by end(). A document described once can
// so be streamed as text or built as a tree.
class JsonSink
{
public:
    virtual ~JsonSink() = default;
    virtual void beginObject() = 0;
    virtual void beginArray() = 0;
    virtual void end() = 0; // closes the innermost object or array
    virtual void key(const QString &name) = 0;
    virtual void value(const QString &text) = 0;
    virtual void value(bool flag) = 0;
    // A number or null (strings and flags have their own).
    virtual void scalar(const QJsonValue &value) = 0;

    void value(const char *text) = delete; // a QStringLiteral, not a bool
    // A key and its text.
    void field(const QString &name, const QString &text)
    {
        key(name);
        value(text);
    }
};

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
    void appendString(const QString &text);
    void flushIfFull();

    QTextStream &m_out;
    QString m_buffer;
    QList<qsizetype> m_entries; // entries written so far, per open container
    QList<QChar> m_closers;
    bool m_afterKey = false;
};

// Builds the document as a QJsonValue (for YAML, or a command that adds to it).
class JsonTree final : public JsonSink
{
public:
    void beginObject() override;
    void beginArray() override;
    void end() override;
    void key(const QString &name) override;
    void value(const QString &text) override { put(text); }
    void value(bool flag) override { put(flag); }
    void scalar(const QJsonValue &value) override { put(value); }
    using JsonSink::value;

    QJsonValue result() const { return m_result; }

private:
    struct Open
    {
        bool array = false;
        QJsonObject object;
        QJsonArray items;
        QString key; // of the next value put in `object`
    };
    void put(const QJsonValue &value);

    QList<Open> m_open;
    QJsonValue m_result;
};

} // namespace berth
