#pragma once

#include <QStringList>

class QMimeData;

namespace berth {

// Units dragged from a view: their names under Berth's own MIME type.
namespace UnitMimeData {

QString format();
QMimeData *create(const QStringList &units);
// The unit names a drag carries; empty when it carries none.
QStringList units(const QMimeData *data);

} // namespace UnitMimeData

} // namespace berth
