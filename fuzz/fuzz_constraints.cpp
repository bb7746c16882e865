// Fuzzes the constraints parser: no crash, no hang, and whatever parses
// formats canonically and parses back to the same value.
#include "core/cloud/instancetypechooser.h"
#include "core/constraints/constraints.h"
#include "providers/sim/simcloud.h"

#include <QString>

#include <cstdint>
#include <cstdlib>

using namespace berth;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const CloudInfo sim = SimCloud::describe();
    static const ConstraintsValidator validator = sim.validator(QStringLiteral("sim-east"));
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    const auto parsed = Constraints::parse(text);
    if (!parsed.ok()) {
        if (parsed.error.isEmpty() || parsed.error.contains(u'\n'))
            std::abort(); // errors are one line
        return 0;
    }
    const QString canonical = parsed.constraints.toString();
    const auto again = Constraints::parse(canonical);
    if (!again.ok() || !(again.constraints == parsed.constraints) ||
        again.constraints.toString() != canonical)
        std::abort();
    validator.validate(parsed.constraints);
    const Constraints merged = validator.merge(again.constraints, parsed.constraints);
    if (!(merged == parsed.constraints))
        std::abort(); // merging a value over itself changes nothing
    InstanceTypeChooser().choose(*sim.region(QStringLiteral("sim-east")), parsed.constraints);
    return 0;
}
