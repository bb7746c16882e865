#include "core/cloud/configvalues.h"

#include <QStringList>

namespace berth {

namespace ConfigValues {

std::optional<QString> nameList(const QString &value, const QRegularExpression &name)
{
    QStringList names;
    for (const QString &entry : value.split(u',', Qt::SkipEmptyParts)) {
        if (!name.match(entry.trimmed()).hasMatch())
            return std::nullopt;
        names << entry.trimmed();
    }
    return names.join(u',');
}

std::optional<QString> seconds(const QString &value)
{
    bool ok = false;
    const int n = value.toInt(&ok);
    if (!ok || n < 1 || n > 86'400)
        return std::nullopt;
    return QString::number(n);
}

} // namespace ConfigValues

} // namespace berth
