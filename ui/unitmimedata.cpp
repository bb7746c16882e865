#include "ui/unitmimedata.h"

#include <QMimeData>

namespace berth {

namespace UnitMimeData {

QString format()
{
    return QStringLiteral("application/x-berth-units");
}

QMimeData *create(const QStringList &units)
{
    auto *data = new QMimeData;
    data->setData(format(), units.join(u'\n').toUtf8());
    data->setText(units.join(u' '));
    return data;
}

QStringList units(const QMimeData *data)
{
    if (!data || !data->hasFormat(format()))
        return {};
    return QString::fromUtf8(data->data(format())).split(u'\n', Qt::SkipEmptyParts);
}

} // namespace UnitMimeData

} // namespace berth
