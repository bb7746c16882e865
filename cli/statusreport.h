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
// Columns that matter least are left out to fit `width` (0: no limit).
QString machinesTable(const QList<MachineRecord> &machines, bool colour = false, int width = 0);
struct TableOptions
{
    bool relations = false; // --relations: the table of relations too
    bool colour = false;    // status words in ANSI colours
    // Relations with their endpoints ("wordpress:db", "mysql:db"), as bundles
    // recorded them; subordinate relations without endpoints come from the model.
    QList<std::pair<QString, QString>> endpointRelations;
    int width = 0;     // the terminal's columns: what matters least is left out to fit
    QString timestamp; // the model table's Timestamp, as Juju's: "14:03:22+01:00"
};
// The model, App, Unit and Machine tables, as Juju's status gives them.
QString toTable(const ModelSnapshot &snapshot, const TableOptions &options = {});
// --format summary: what a large model needs first: machines and units by
// status, machines by region and zone, applications by status.
QString toSummary(const ModelSnapshot &snapshot);
// --format oneline (short, line): a unit a line, subordinates under their
// principals, as Juju's.
QString toOneline(const ModelSnapshot &snapshot);
// The order of keys in status's JSON and YAML: Juju's.
const Output::KeyOrder &keyOrder();
} // namespace StatusReport

} // namespace berth
