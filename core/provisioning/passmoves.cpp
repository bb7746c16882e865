// A committed rebalance carried out launch before terminate (spread:
// Rebalance): a unit leaves only once its replacement's machine has started,
// and at most max-surge replacements of an application start at once. Each
// step is one transaction, so a pass killed at any instant leaves every
// move either still to do or done.
#include "core/provisioning/pass.h"

#include "core/model/snapshotindex.h"
#include "core/store/machineretirement.h"
#include "core/store/spreadrows.h"

namespace berth {

bool Provisioner::Pass::finishMoves(const ModelSnapshot &snapshot)
{
    QStringList done;
    // Most passes have no move to finish: they learn it without the
    // writers' lock (a write transaction each, twice a pass, on PostgreSQL).
    if (m_ws.readModel(m_p.m_model,
                       [](ModelTx &tx) { return SpreadRows(tx.scope()).moves().isEmpty(); })) {
        m_heldForSurge.clear();
        return false;
    }
    m_ws.inModel(m_p.m_model, [&](ModelTx &tx) {
        SpreadRows rows(tx.scope());
        const QList<SpreadRows::Move> moves = rows.moves();
        m_heldForSurge.clear();
        if (moves.isEmpty())
            return; // most passes: no index of the model made
        const SnapshotIndex index(snapshot);
        QHash<qint64, const UnitRecord *> unitsById;
        for (const UnitRecord &u : snapshot.units)
            unitsById.insert(u.id, &u);
        QHash<qint64, int> starting; // per application: replacements not running yet
        for (const SpreadRows::Move &move : moves) {
            const UnitRecord *added = unitsById.value(move.newUnitId);
            const UnitRecord *leaving = unitsById.value(move.removeUnitId);
            const MachineRecord *machine = added ? index.machine(added->machineId) : nullptr;
            if (!added || !leaving || !machine)
                continue; // read before a change the next pass sees
            const MachineRecord *host =
                machine->isContainer() ? index.machine(machine->parentId) : nullptr;
            const auto runs = [](const MachineRecord *m) {
                return m && !m->instanceId.isEmpty() &&
                       m->state.status == MachineState::Status::Started;
            };
            if (runs(machine) && (!machine->isContainer() || runs(host))) {
                MachineRetirement(tx).removeUnits({*leaving});
                rows.removeMove(move.id);
                done << QStringLiteral("%1 (replaced by %2 on machine %3)")
                            .arg(leaving->name(), added->name(), machine->name);
                continue;
            }
            // Beyond max-surge, a replacement's machine waits for its turn.
            if (++starting[move.applicationId] > move.maxSurge) {
                m_heldForSurge.insert(machine->id);
                if (host && host->instanceId.isEmpty())
                    m_heldForSurge.insert(host->id);
            }
        }
    });
    for (const QString &line : std::as_const(done))
        m_p.log(Provisioner::tr("rebalance: removed %1").arg(line));
    return !done.isEmpty();
}

} // namespace berth
