// Fuzzes what a Senlin policy file goes through: the bounded YAML reader and
// the placement and deletion spec readers. No crash, no hang, no runaway
// memory (an alias bomb included); every refusal is one line; every accepted
// placement policy reads back the same from its own spec.
#include "core/bertherror.h"
#include "core/placement/deletionpolicy.h"
#include "core/placement/placementpolicy.h"
#include "core/placement/yamldocument.h"

#include <QJsonObject>

#include <cstdint>
#include <cstdlib>

using namespace berth;

namespace {
void checkOneLine(const BerthError &error)
{
    if (error.message().isEmpty() || error.message().contains(u'\n'))
        std::abort();
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    QJsonObject spec;
    try {
        spec =
            YamlDocument::parse(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)),
                                QStringLiteral("policy file"))
                .toObject();
    } catch (const BerthError &error) {
        checkOneLine(error);
        return 0;
    }
    try {
        const PlacementPolicy policy = PlacementPolicy::fromSpec(spec);
        if (PlacementPolicy::fromSpec(policy.toSpec()).toSpec() != policy.toSpec())
            std::abort();
    } catch (const BerthError &error) {
        checkOneLine(error);
    }
    try {
        QStringList ignored;
        DeletionPolicy::fromSpec(spec, &ignored);
    } catch (const BerthError &error) {
        checkOneLine(error);
    }
    return 0;
}
