#pragma once

#include "core/model/modelrecords.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace berth {

class TxScope;

// What bundles carry beyond the model, read and written in the model
// transaction `tx`: each application's details (Juju's charm URL, channel,
// revision, options, annotations, expose), the bundle machine each machine
// was made for, and relations between principals with their endpoints.
class BundleRows
{
public:
    explicit BundleRows(TxScope &scope);

    // Application id -> its details, for the model's applications that have any.
    QHash<qint64, QJsonObject> details();
    void setDetails(const ApplicationRecord &app, const QJsonObject &details);

    struct MachineMark
    {
        qint64 machineId = 0;
        QString machine;       // the model machine's name, as read
        QString bundle;        // the bundle's name ("" when it has none)
        QString bundleMachine; // its id for the machine ("0")
        QJsonObject annotations;
    };
    QList<MachineMark> machineMarks();
    void markMachine(const MachineRecord &machine, const MachineMark &mark);

    struct EndpointRelation
    {
        QString first; // app[:endpoint]
        QString second;
    };
    QList<EndpointRelation> endpointRelations();
    // Whether a relation with endpoints joins the two (in either order).
    bool hasEndpointRelation(const ApplicationRecord &first, const ApplicationRecord &second);
    void addEndpointRelation(const ApplicationRecord &first, const QString &firstEndpoint,
                             const ApplicationRecord &second, const QString &secondEndpoint);
    // The endpoints kept for relations between the two, gone with the relation.
    void removeEndpointRelations(const ApplicationRecord &first, const ApplicationRecord &second);

private:
    TxScope &m_scope;
};

} // namespace berth
