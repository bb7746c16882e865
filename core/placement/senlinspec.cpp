#include "core/placement/senlinspec.h"

#include "core/bertherror.h"
#include <QCoreApplication>

namespace berth {

namespace {

// This file's words, through Qt's translation system: the window shows them
// in the user's language, berthctl (no translator) as written here.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(SenlinSpec)
};

} // namespace

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
        throw BerthError(Text::tr("unsupported version \"%1\" of %2; expected %3")
                             .arg(text, spec.value(QStringLiteral("type")).toString(),
                                  known.join(QStringLiteral(" or "))));
    }
}

} // namespace SenlinSpec

} // namespace berth
