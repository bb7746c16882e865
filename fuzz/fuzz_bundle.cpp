// Fuzzes what a bundle file goes through: the bounded YAML reader (every
// document of it, keys that only hold anchors passed over) and the bundle
// reader with its overlays. No crash, no hang;
// every refusal is one line; every accepted bundle reads back the same from
// what it writes.
#include "core/bertherror.h"
#include "core/model/bundle.h"
#include "core/placement/yamldocument.h"

#include <cstdint>
#include <cstdlib>

using namespace berth;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    try {
        const QList<QJsonValue> documents = YamlDocument::parseAll(
            QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)),
            QStringLiteral("bundle"), Bundle::topLevelKeys());
        const Bundle bundle = Bundle::fromDocuments(documents, QStringLiteral("bundle"));
        const QJsonObject written = bundle.toJson();
        if (Bundle::fromDocuments({written}, QStringLiteral("again")).toJson() != written)
            std::abort();
    } catch (const BerthError &error) {
        if (error.message().isEmpty() || error.message().contains(u'\n'))
            std::abort();
    }
    return 0;
}
