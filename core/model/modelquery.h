#pragma once

#include "core/model/modelrecords.h"
#include "core/model/waitquery.h"

#include <QHash>

namespace berth {

// wait-for's view of a model: the fields Juju's wait-for exposes for a
// model, an application, a machine and a unit, and Berth's own (zones, the
// zone skew, the change set), read from one snapshot.
class ModelQuery final : public QuerySource
{
public:
    // The kinds, as wait-for names them.
    static const QStringList &kinds();
    static const QuerySchema &schema();

    // `zones`: the zones of the model's region, for an application's
    // zone-skew; `stagedChanges`: how many changes its change set holds.
    ModelQuery(const ModelSnapshot &snapshot, const QStringList &zones, int stagedChanges);

    // The thing of `kind` named `name` ("web/0", "3", the model's name);
    // nullopt while the model has none.
    std::optional<Entity> find(const QString &kind, const QString &name) const;

    QString describe(const Entity &entity) const override;
    QVariant value(const Entity &entity, const QString &field) const override;
    QList<Entity> collection(const Entity &entity, const QString &field) const override;

private:
    QVariant modelValue(const QString &field) const;
    QVariant applicationValue(qsizetype index, const QString &field) const;
    QVariant machineValue(qsizetype index, const QString &field) const;
    QVariant unitValue(qsizetype index, const QString &field) const;
    const MachineRecord *machineOf(const UnitRecord &unit) const;
    QString zoneOf(const MachineRecord *machine) const; // a container's is its host's
    // Units of the application on each zone of the model's region (and any
    // other zone its machines are in).
    QHash<QString, int> unitsByZone(qsizetype application) const;

    const ModelSnapshot &m_snapshot;
    QStringList m_zones;
    int m_stagedChanges = 0;
    QHash<qint64, qsizetype> m_machineById;
    QHash<qint64, QList<qsizetype>> m_unitsByApplication;
    QHash<qint64, QList<qsizetype>> m_unitsByMachine;
    QHash<qint64, QList<qsizetype>> m_containersByHost;
};

} // namespace berth
