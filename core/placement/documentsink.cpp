#include "core/placement/documentsink.h"

#include "core/placement/yamldocument.h"

#include <functional>

namespace berth {

void JsonTree::beginObject()
{
    m_open.append(Open{});
}

void JsonTree::beginArray()
{
    m_open.append(Open{true, {}, {}, {}});
}

void JsonTree::end()
{
    const Open done = m_open.takeLast();
    put(done.array ? QJsonValue(done.items) : QJsonValue(done.object));
}

void JsonTree::key(const QString &name)
{
    m_open.last().key = name;
}

void JsonTree::put(const QJsonValue &value)
{
    if (m_open.isEmpty()) {
        m_result = value;
        return;
    }
    Open &into = m_open.last();
    if (into.array)
        into.items.append(value);
    else
        into.object.insert(into.key, value);
}

void writeDocument(JsonSink &out, const QJsonValue &value, const QStringList &order)
{
    const YamlDocument::KeyRanks ranks = YamlDocument::ranksOf(order);
    const std::function<void(const QJsonValue &)> write = [&](const QJsonValue &v) {
        if (v.isObject()) {
            const QJsonObject object = v.toObject();
            out.beginObject();
            for (const QString &key : YamlDocument::orderedKeys(object, ranks)) {
                out.key(key);
                write(object.value(key));
            }
            out.end();
        } else if (v.isArray()) {
            out.beginArray();
            for (const QJsonValue &item : v.toArray())
                write(item);
            out.end();
        } else if (v.isString()) {
            out.value(v.toString());
        } else if (v.isBool()) {
            out.value(v.toBool());
        } else {
            out.scalar(v);
        }
    };
    write(value);
}

} // namespace berth
