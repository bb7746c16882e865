#pragma once

#include "core/constraints/constraints.h"
#include "core/model/modelrecords.h"

#include <QCoreApplication>
#include <QHash>

#include <optional>

namespace berth {

class TxScope;

// A model's machines and containers as stored, read and written in one
// model transaction: look-ups, new machines named from the model's
// sequences, and removal. Their life-cycle moves are MachineLife's.
class MachineRows
{
    Q_DECLARE_TR_FUNCTIONS(MachineRows)

public:
    explicit MachineRows(TxScope &scope)
        : m_scope(scope)
    {}

    std::optional<MachineRecord> find(const QString &name);
    // find(), or BerthError "machine N not found".
    MachineRecord get(const QString &name);
    // The machines with these ids that exist, by id.
    QHash<qint64, MachineRecord> withIds(const QList<qint64> &ids);
    // Every machine of the model, by id.
    QList<MachineRecord> all();
    // The containers of `machineId`, by id.
    QList<MachineRecord> children(qint64 machineId);
    // How many containers each of `hostIds` has, and how many of them alive
    // (hosts without any are left out).
    struct Containers
    {
        int all = 0;
        int alive = 0;
    };
    QHash<qint64, Containers> containersOf(const QList<qint64> &hostIds);
    // The alive machines whose placement starts with `prefix` (e.g. "ssh:").
    QList<MachineRecord> alivePlaced(const QString &prefix);
    // The names of the model's machines in error.
    QStringList inError();
    // The names of the machines whose recorded start has no instance behind it.
    QStringList startsWithoutInstance();

    struct NewMachine
    {
        QString base;
        FormattedConstraints constraints;
        QString placement;
        QString region;
        bool forUnit = false;
        const MachineRecord *parent = nullptr; // a container on this host
        // The name to take ("4", "3/lxd/1") instead of the sequence's next;
        // the sequence goes on after it. A bundle's plan names its machines.
        QString name;
    };
    // A new machine named by the model's sequence ("3"), or a container on
    // its parent ("3/lxd/0").
    MachineRecord create(const NewMachine &spec);
    // Where one of many like machines goes.
    struct Place
    {
        QString region;
        QString placement;
    };
    // Top-level machines like `spec` (named by the sequence), one in each of
    // `places`, their rows written together.
    QList<MachineRecord> create(const NewMachine &spec, const QList<Place> &places);

    // Deletes machines never started (and without containers) at once.
    void remove(const QList<MachineRecord> &machines);
    // Deletes a dead machine the provisioner is done with, and the units left on it.
    void forget(const MachineRecord &machine);

private:
    // A new machine's record from `spec`, named `name` (not written yet).
    MachineRecord recordOf(const NewMachine &spec, const QString &name) const;
    QStringList names(const QString &condition, const QVariant &value);

    TxScope &m_scope;
};

} // namespace berth
