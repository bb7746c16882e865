#pragma once

#include "core/model/modelrecords.h"

#include <QJsonObject>

namespace berth {

// `berthctl status`: the whole model as the documented JSON shape, or as tables.
namespace StatusReport {
QJsonObject toJson(const ModelSnapshot &snapshot);
QString toTable(const ModelSnapshot &snapshot);
} // namespace StatusReport

} // namespace berth
