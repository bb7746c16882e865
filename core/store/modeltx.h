#pragma once

#include "core/cloud/cloudinfo.h"
#include "core/cloud/cloudregistry.h"
#include "core/model/change.h"
#include "core/model/modelrecords.h"
#include "core/store/applicationrows.h"
#include "core/store/machinelife.h"
#include "core/store/machinerows.h"
#include "core/store/snapshotreader.h"
#include "core/store/txscope.h"
#include "core/store/unitrows.h"

#include <QCoreApplication>

#include <functional>

namespace berth {

class SqlSession;

// One model's write transaction: the model, its cloud, and the scope its
// row classes (machines, units, applications, snapshots, policies, the
// change set) share, with the sequences and the change log written by
// finish(). Commands build one, do their work through the row classes and
// core/commands/' placement and retirement, and call finish() before commit.
class ModelTx
{
    Q_DECLARE_TR_FUNCTIONS(ModelTx)

public:
    // Why the cloud's provider refuses a directive of its own (a node name,
    // a system id) in a region; empty when it takes it.
    using PlacementPrecheck =
        std::function<QString(const QString &region, const QString &directive)>;

    // `precheck` (may be empty: such directives are refused) checks
    // provider-specific placement directives. The model's cloud is opened in
    // `clouds` only when the transaction first needs it (cloud(), region(),
    // validator()): reading the model asks no cloud.
    ModelTx(SqlSession &sql, ModelRecord model, const CloudRegistry &clouds,
            PlacementPrecheck precheck = {});

    const ModelRecord &model() const { return m_scope.model(); }
    const CloudInfo &cloud() const;
    const RegionInfo &region() const;
    ConstraintsValidator validator() const { return cloud().validator(model().region); }
    const PlacementPrecheck &precheck() const { return m_precheck; }

    // What the row classes share; each row class is a view over it.
    TxScope &scope() { return m_scope; }
    MachineRows machines() { return MachineRows(m_scope); }
    MachineLife machineLife() { return MachineLife(m_scope); }
    UnitRows units() { return UnitRows(m_scope); }
    ApplicationRows applications() { return ApplicationRows(m_scope); }
    SnapshotReader snapshots() { return SnapshotReader(m_scope); }

    void setModelConstraints(const Constraints &constraints);
    void setModelConfig(const QString &key, const QString &value);
    // destroy-model's writes on the model itself: its applications, units,
    // relations and change set go, and it is marked dying. Its machines are
    // MachineRetirement's.
    void emptyAndMarkDying();
    // Removes the model once it is dying and its last machine is gone; true when it did.
    bool removeIfDestroyed();

    // Noted now, written by finish().
    void logChange(const QString &kind, const QString &name, Change::Op op)
    {
        m_scope.logChange(kind, name, op);
    }
    // What has been noted and not yet written, in order.
    const ChangeList &pendingChanges() const { return m_scope.pendingChanges(); }
    // Writes sequences and the change log; call once, last.
    void finish() { m_scope.finish(); }

private:
    TxScope m_scope;
    const CloudRegistry &m_clouds;
    mutable const CloudInfo *m_cloud = nullptr; // once cloud() opened it
    PlacementPrecheck m_precheck;
};

} // namespace berth
