#pragma once

#include "core/model/modelrecords.h"

#include <QJsonObject>

namespace berth {

// `berthctl status`: the whole model as the documented JSON shape, or as tables.
namespace StatusReport {
QJsonObject toJson(const ModelSnapshot &snapshot);
// One machine's fields, as status gives them.
QJsonObject machineJson(const MachineRecord &machine);
// Machines by name, containers nested under their hosts ("containers").
QJsonObject machinesJson(const QList<MachineRecord> &machines);
// Machines as a table, containers indented under their hosts.
QString machinesTable(const QList<MachineRecord> &machines);
QString toTable(const ModelSnapshot &snapshot);
} // namespace StatusReport

} // namespace berth
