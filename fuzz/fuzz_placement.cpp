// Fuzzes the placement-directive parser: no crash, no hang, and every
// directive that parses prints a form that parses to the same directive.
#include "core/model/placementdirective.h"

#include <QString>

#include <cstdint>
#include <cstdlib>

using namespace berth;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    const auto list = PlacementDirective::parseList(text);
    if (!list.ok()) {
        if (list.error.isEmpty() || list.error.contains(u'\n'))
            std::abort();
        return 0;
    }
    for (const PlacementDirective &d : list.directives) {
        const auto again = PlacementDirective::parse(d.toString());
        if (!again.ok() || again.directive.kind != d.kind || again.directive.target != d.target ||
            again.directive.value != d.value || again.directive.toString() != d.toString())
            std::abort();
    }
    return 0;
}
