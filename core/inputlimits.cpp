#include "core/inputlimits.h"

#include "core/bertherror.h"

#include <QCoreApplication>
#include <cmath>

namespace berth {

namespace {

// This file's words, through Qt's translation system: the window shows them
// in the user's language, berthctl (no translator) as written here.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(Limits)
};

} // namespace

namespace Limits {

std::optional<qint64> parseInteger(QStringView text)
{
    QStringView digits = text;
    if (!digits.isEmpty() && (digits.front() == u'-' || digits.front() == u'+'))
        digits = digits.mid(1);
    if (digits.isEmpty())
        return std::nullopt;
    for (QChar c : digits) {
        if (c < u'0' || c > u'9')
            return std::nullopt;
    }
    bool ok = false;
    const qint64 n = text.toLongLong(&ok);
    return ok ? std::optional<qint64>(n) : std::nullopt;
}

std::optional<double> parseNumber(QStringView text)
{
    if (text.isEmpty())
        return std::nullopt;
    for (QChar c : text) {
        const bool allowed = (c >= u'0' && c <= u'9') || c == u'.' || c == u'-' || c == u'+' ||
                             c == u'e' || c == u'E';
        if (!allowed)
            return std::nullopt; // no spaces, "nan", "inf" or hex
    }
    bool ok = false;
    const double n = text.toDouble(&ok);
    if (!ok || !std::isfinite(n) || std::fabs(n) > 1e15)
        return std::nullopt;
    return n;
}

qint64 wholeNumber(const QJsonValue &value, const QString &what, qint64 minimum)
{
    const double n = value.toDouble(std::nan(""));
    if (!value.isDouble() || n != std::trunc(n) || n < double(minimum) || n > double(maxUnits)) {
        throw BerthError(Text::tr("bad %1: expected a whole number from %2 to %3")
                             .arg(what)
                             .arg(minimum)
                             .arg(maxUnits));
    }
    return qint64(n);
}

void checkCommandCount(qint64 count, const QString &what)
{
    if (count < 1)
        throw BerthError(
            Text::tr("-n must be a positive number of %1, got %2").arg(what).arg(count));
    if (count > maxUnitsPerCommand) {
        throw BerthError(Text::tr("-n %1 is more %2 than one command adds or removes (at "
                                  "most %3): a command is one transaction, and a larger "
                                  "one would keep other clients of the store waiting; add "
                                  "more with further commands")
                             .arg(count)
                             .arg(what)
                             .arg(maxUnitsPerCommand));
    }
}

} // namespace Limits

} // namespace berth
