// Fuzzes Senlin's resize rules with numbers as users type them, and the
// secrets read from standard input: no crash, no undefined behaviour (UBSan
// watches the casts that once read 1e300 as 0), and a resize either refuses
// with a message or asks for a change within Berth's bounds.
#include "core/commands/cloudcommands.h"
#include "core/inputlimits.h"
#include "core/placement/resizeparameters.h"

#include <cstdint>
#include <cstdlib>

using namespace berth;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    // A secret keeps every byte but a one-line value's final newline.
    const QByteArray secret = CloudCommands::secretFromInput(bytes);
    if (secret != bytes && secret + '\n' != bytes && secret + "\r\n" != bytes)
        std::abort();

    const QStringList fields = QString::fromUtf8(bytes).split(u' ');
    using namespace ResizeParameters;
    const auto adjustment = Adjustment(size % 3);
    QString error;
    const auto number = readNumber(adjustment, fields.value(0), &error);
    if (!number) {
        if (error.isEmpty())
            std::abort();
        return 0;
    }
    Request request;
    request.adjustment = adjustment;
    request.number = *number;
    const auto integer = [&](int i) -> std::optional<qint64> {
        return fields.size() > i ? Limits::parseInteger(fields.at(i)) : std::nullopt;
    };
    request.minStep = integer(1);
    request.minSize = integer(2);
    request.maxSize = integer(3);
    request.strict = size % 2 == 0;
    const qint64 current = integer(4).value_or(6);
    const Result result = resize({0, -1, current}, request);
    if (result.ok() &&
        (result.creation < 0 || result.deletion < 0 || result.creation > 3 * Limits::maxUnits ||
         result.deletion > Limits::maxUnits))
        std::abort();
    return 0;
}
