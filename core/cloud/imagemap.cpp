#include "core/cloud/imagemap.h"

#include "core/model/base.h"

namespace berth {

namespace ImageMap {

std::optional<QString> normalise(const QString &value)
{
    QStringList entries;
    for (const QString &entry : value.split(u',', Qt::SkipEmptyParts)) {
        const qsizetype eq = entry.indexOf(u'=');
        const auto base = Base::parse(entry.left(eq).trimmed());
        const QString image = eq < 0 ? QString() : entry.mid(eq + 1).trimmed();
        if (eq < 0 || !base.ok() || image.isEmpty() || image.contains(u' '))
            return std::nullopt;
        entries << base.base.toString() + u'=' + image;
    }
    return entries.join(u',');
}

QString imageOf(const QString &base, const QString &map)
{
    for (const QString &entry : map.split(u',', Qt::SkipEmptyParts)) {
        if (entry.section(u'=', 0, 0) == base)
            return entry.section(u'=', 1);
    }
    return {};
}

QStringList basesOf(const QString &map)
{
    QStringList bases;
    for (const QString &entry : map.split(u',', Qt::SkipEmptyParts))
        bases << entry.section(u'=', 0, 0);
    return bases;
}

} // namespace ImageMap

} // namespace berth
