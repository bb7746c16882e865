#pragma once

#include "core/model/modelrecords.h"

namespace berth {

class ModelTx;

// Removing units and machines in one model transaction, each machine left
// as Retirement decides: remove-unit and remove-application (many units at
// once, in a few statements for all of them), remove-machine, and
// destroy-model.
class MachineRetirement
{
public:
    explicit MachineRetirement(ModelTx &tx)
        : m_tx(tx)
    {}

    // Removes principal units; then each machine they were on, once, is left
    // as removing them one at a time would leave it: its subordinates follow
    // the principals left, and a machine made for units goes when empty.
    void removeUnits(const QList<UnitRecord> &units);
    // Removes a machine never started at once; otherwise marks it dead for
    // the provisioner. An emptied host made for units follows.
    void retire(const MachineRecord &machine);
    // After units left the machines `ids`: each made for units and empty
    // now retires, and then its host if that is emptied too.
    // `syncSubordinates`: first let the subordinates there follow the
    // principals left.
    void retireEmptied(const QList<qint64> &ids, bool syncSubordinates);
    // destroy-model: the model's applications, units, relations and change
    // set go; each machine retires (containers before their hosts, so that
    // a host never started goes once its containers have), and the model is
    // marked dying.
    void destroyModel();

private:
    ModelTx &m_tx;
};

} // namespace berth
