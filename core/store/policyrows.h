#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

#include "core/model/modelrecords.h"

namespace berth {

class TxScope;

// An application's policy specs as stored (Senlin's region and zone
// placement and deletion policies), at most one per kind, read and written
// in one model transaction.
class PolicyRows
{
public:
    explicit PolicyRows(TxScope &scope);

    QList<PolicyRecord> of(qint64 applicationId);
    // Every policy of the model's applications.
    QList<PolicyRecord> ofModel();
    // Sets the application's policy of `kind`, replacing the one it had.
    void put(const ApplicationRecord &app, const QString &kind, const QJsonObject &spec);
    // Removes the application's policy of `kind` (empty: all of them);
    // gives how many there were.
    qint64 remove(const ApplicationRecord &app, const QString &kind = {});

private:
    TxScope &m_scope;
};

} // namespace berth
