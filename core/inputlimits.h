#pragma once

#include <QJsonValue>
#include <QString>

#include <optional>

namespace berth {

// Berth's documented bounds on what one request may ask for (docs/limits.md),
// and the one strict way user text becomes a number. Each bound is there so
// that bad or hostile input is refused in well under a second, before any
// allocation or write, with a line that says why.
namespace Limits {

// Units or machines one command may add or remove. Every command is one
// transaction, and a larger one would hold the store's write lock long enough
// that other writers give up after the busy timeout.
inline constexpr qint64 maxUnitsPerCommand = 10'000;
// Units an application may be scaled to, and the counts a placement plan takes.
inline constexpr qint64 maxUnits = 1'000'000;
// A Senlin placement policy's weights and caps.
inline constexpr qint64 maxWeight = 1'000'000;
inline constexpr qint64 maxPolicyEntries = 1'000;
// Policy files: their size. Every YAML document: the values it expands to
// (aliases included), 100,000 and one more for every 8 bytes of its text
// (Berth's own exports hold one for every 20), so that an alias bomb stays
// about as small as its file; and how deep it nests.
inline constexpr qint64 maxDocumentBytes = 1024 * 1024;
inline constexpr qint64 maxDocumentNodes = 100'000;
inline constexpr qint64 documentBytesPerNode = 8;
inline constexpr int maxDocumentDepth = 64;
constexpr qint64 maxNodesOf(qint64 bytes)
{
    return maxDocumentNodes + bytes / documentBytesPerNode;
}
// Bundles and overlays: as large as Berth's own export of a model of
// maxBundleUnits units (about 82 bytes a unit: its machine and its place in
// `to`; 128 allowed for constraints, zones and annotations), so that what
// export-bundle writes reads back.
inline constexpr qint64 maxBundleUnits = 250'000;
inline constexpr qint64 bundleBytesPerUnit = 128;
inline constexpr qint64 maxBundleBytes = maxBundleUnits * bundleBytesPerUnit;
// Account secrets read from a file or stdin.
inline constexpr qint64 maxSecretBytes = 1024 * 1024;
// A search over every model: its words, each a LIKE over every row.
inline constexpr qint64 maxSearchLength = 1'000;

// A whole number written plainly: optional sign, decimal digits, nothing
// else (no spaces, exponent or fraction), within qint64.
std::optional<qint64> parseInteger(QStringView text);
// A finite decimal number (exponent allowed), within ±1e15 so that arithmetic
// on it stays exact enough to count units with.
std::optional<double> parseNumber(QStringView text);

// A whole number from `minimum` to maxUnits in JSON (Senlin's data); throws
// BerthError naming `what` for anything else (1e300, "2", 1.5), never reads it as 0.
qint64 wholeNumber(const QJsonValue &value, const QString &what, qint64 minimum);

// Throws BerthError unless 1 ≤ count ≤ maxUnitsPerCommand; `what` names the
// things counted ("units", "machines").
void checkCommandCount(qint64 count, const QString &what);

} // namespace Limits

} // namespace berth
