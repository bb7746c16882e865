#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>
#include <QTextStream>

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

// Builds the document as a QJsonValue, for a command that adds to it (show-machine).
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

// `value` into `out`, each object's keys in `order` first, the others sorted.
void writeDocument(JsonSink &out, const QJsonValue &value, const QStringList &order = {});

// The whole text a `Writer` (a JsonSink over a QTextStream) makes of `value`,
// ending with a newline.
template <typename Writer> QString documentText(const QJsonValue &value, const QStringList &order)
{
    QString text;
    {
        QTextStream stream(&text);
        Writer writer(stream);
        writeDocument(writer, value, order);
    }
    // A writer ends a document at its outermost container's end.
    if (!value.isObject() && !value.isArray())
        text += u'\n';
    return text;
}

} // namespace berth
