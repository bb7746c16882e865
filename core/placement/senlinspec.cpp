#include "core/placement/senlinspec.h"

#include "core/bertherror.h"

namespace berth {

namespace SenlinSpec {

void checkVersion(const QJsonObject &spec, const QStringList &known)
{
    const QJsonValue version = spec.value(QStringLiteral("version"));
    if (version.isUndefined())
        return;
    QString text = version.toVariant().toString();
    if (version.isDouble()) {
        const QString oneDecimal = QString::number(version.toDouble(), 'f', 1);
        if (oneDecimal.toDouble() == version.toDouble())
            text = oneDecimal;
    }
    if (!known.contains(text)) {
        throw BerthError(QStringLiteral("unsupported version \"%1\" of %2; expected %3")
                             .arg(text, spec.value(QStringLiteral("type")).toString(),
                                  known.join(QStringLiteral(" or "))));
    }
}

} // namespace SenlinSpec

} // namespace berth
