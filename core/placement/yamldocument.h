#pragma once

#include "core/placement/documentsink.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>

class QTextStream;

namespace berth {

// YAML documents that users hand Berth (Senlin policy specs, bundles), read
// into JSON values within Berth's bounds (Limits): a policy larger than
// maxDocumentBytes or a bundle larger than maxBundleBytes, a document that
// expands to more values than maxNodesOf its size (an alias "bomb"
// included) or nests deeper than maxDocumentDepth is refused at once, with
// one line naming the file and the bound.
namespace YamlDocument {

// `name` says what the text is in messages ("policy file \"web.yaml\"").
// Throws BerthError when the text is not YAML or is out of bounds.
QJsonValue parse(const QByteArray &text, const QString &name);
// Reads and parses the file at `path`; throws BerthError when it is not a
// readable regular file within the size bound, or as parse() does.
QJsonValue readFile(const QString &path, const QString &name);
// Every document of a file (`---` between them: a bundle and its overlays),
// within the same bounds taken over all of them. With `knownKeys`, a
// top-level key outside them that only holds YAML anchors for the rest of the
// document (`x-defaults: &defaults {...}`) is left out, as Juju's reader
// passes over it.
QList<QJsonValue> readDocuments(const QString &path, const QString &name,
                                const QStringList &knownKeys = {});
// The same from text.
QList<QJsonValue> parseAll(const QByteArray &text, const QString &name,
                           const QStringList &knownKeys = {});

// Keys that come first in every object, in this order; the rest follow sorted.
using KeyRanks = QHash<QString, qsizetype>;
KeyRanks ranksOf(const QStringList &order);
QStringList orderedKeys(const QJsonObject &object, const KeyRanks &ranks);
// `value` as YAML: keys in `order` first, strings quoted, keys that would
// read back as numbers or flags quoted.
QString write(const QJsonValue &value, const QStringList &order = {});

} // namespace YamlDocument

// YAML as write() gives it, written to a stream as the document comes (by
// yaml-cpp's emitter), a few kilobytes at a time: nothing held whole. The
// caller gives keys in the order they are to appear. Ends the document with
// a newline when the outermost container closes.
class YamlWriter final : public JsonSink
{
public:
    explicit YamlWriter(QTextStream &out);
    ~YamlWriter() override;
    YamlWriter(const YamlWriter &) = delete;
    YamlWriter &operator=(const YamlWriter &) = delete;

    void beginObject() override;
    void beginArray() override;
    void end() override;
    void key(const QString &name) override;
    void value(const QString &text) override;
    void value(bool flag) override;
    void scalar(const QJsonValue &value) override;
    using JsonSink::value;

private:
    struct Emitter; // yaml-cpp's, and the bytes it has written
    void flushIfFull(bool always = false);

    QTextStream &m_out;
    std::unique_ptr<Emitter> m_emitter;
    QList<bool> m_maps; // the open containers: a map (true) or a sequence
};

} // namespace berth
