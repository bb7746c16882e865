#pragma once

#include "cli/output.h"
#include "core/model/modelrecords.h"

#include <QJsonObject>

class QTextStream;

namespace berth {

// `berthctl status`: the whole model as the documented JSON shape, or as tables.
namespace StatusReport {
QJsonObject toJson(const ModelSnapshot &snapshot);
// The same document as JSON text, written to `out` as it is made: a model of
// 100,000 units is never held whole.
void writeJson(const ModelSnapshot &snapshot, QTextStream &out);
// And as YAML, the same way.
void writeYaml(const ModelSnapshot &snapshot, QTextStream &out);
// One machine's fields, as status gives them.
QJsonObject machineJson(const MachineRecord &machine);
// Machines by name, containers nested under their hosts ("containers").
QJsonObject machinesJson(const QList<MachineRecord> &machines);
// Machines as a table, containers indented under their hosts; status words
// in colour when `colour`.
QString machinesTable(const QList<MachineRecord> &machines, bool colour = false);
struct TableOptions
{
    bool relations = false; // --relations: the table of relations too
    bool colour = false;    // status words in ANSI colours
    // Relations with their endpoints ("wordpress:db", "mysql:db"), as bundles
    // recorded them; subordinate relations without endpoints come from the model.
    QList<std::pair<QString, QString>> endpointRelations;
};
// The model, App, Unit and Machine tables, as Juju's status gives them.
QString toTable(const ModelSnapshot &snapshot, const TableOptions &options = {});
// The order of keys in status's JSON and YAML: Juju's.
const Output::KeyOrder &keyOrder();
} // namespace StatusReport

} // namespace berth
