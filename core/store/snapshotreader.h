#pragma once

#include "core/model/change.h"
#include "core/model/modelrecords.h"

namespace berth {

class TxScope;

// Reads a model as one snapshot (ordered for display) in one transaction:
// whole, brought up to date from the change log, or the part around some
// names.
class SnapshotReader
{
public:
    explicit SnapshotReader(TxScope &scope)
        : m_scope(scope)
    {}

    // The whole model.
    ModelSnapshot whole();
    // The whole model, from `before` (read earlier in this transaction) and
    // the change log written since: only the rows the log names, and rows
    // added since (they come last), are read again.
    // `before` by value: a caller done with its snapshot moves it in, and
    // the rows are updated in place rather than copied first.
    ModelSnapshot after(ModelSnapshot before, const ChangeList &changes);
    // The part of the model around these names, for `status NAME...`: every
    // application, relation and policy; the units of `applications`, the
    // `units`, the machines named and their containers with the units on
    // them; the principals and subordinates of those units; the machines
    // of all these units and their hosts. Ordered as whole() orders.
    ModelSnapshot around(const QStringList &applications, const QStringList &units,
                         const QStringList &machines);

    // Every application, relation and policy, with the units of
    // `applications`; for those with a spread constraint, what their skew
    // is counted from as well: their units' machines and hosts, and every
    // machine that is no container. For `show-application`.
    ModelSnapshot ofApplications(const QStringList &applications);
    // How many applications, units and machines the model has, counted by the store.
    struct Sizes
    {
        qint64 applications = 0;
        qint64 units = 0;
        qint64 machines = 0;
    };
    Sizes sizes();

private:
    // The model, its applications, relations and policies.
    ModelSnapshot applicationsOnly();

    TxScope &m_scope;
};

} // namespace berth
