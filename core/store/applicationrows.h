#pragma once

#include "core/constraints/constraints.h"
#include "core/model/modelrecords.h"

#include <QCoreApplication>

#include <optional>

namespace berth {

class TxScope;

// A model's applications and the subordinate relations between them as
// stored, read and written in one model transaction.
class ApplicationRows
{
    Q_DECLARE_TR_FUNCTIONS(ApplicationRows)

public:
    explicit ApplicationRows(TxScope &scope)
        : m_scope(scope)
    {}

    std::optional<ApplicationRecord> find(const QString &name);
    // find(), or BerthError "application not found".
    ApplicationRecord get(const QString &name);
    // Every application of the model, by name (the store's collation).
    QList<ApplicationRecord> all();

    // The application written with its record's values; gives it with its id.
    ApplicationRecord create(ApplicationRecord app);
    void setConstraints(const ApplicationRecord &app, const Constraints &constraints);
    // Senlin's cluster bounds (maxSize -1: unbounded).
    void setBounds(const ApplicationRecord &app, qint64 minSize, qint64 maxSize);
    // Removes the application's row; its units and relations must be gone.
    void remove(const ApplicationRecord &app);

    // Every relation of the model, by subordinate then principal name.
    QList<RelationRecord> relations();
    bool hasRelation(const ApplicationRecord &subordinate, const ApplicationRecord &principal);
    void addRelation(const ApplicationRecord &subordinate, const ApplicationRecord &principal);
    void removeRelation(const ApplicationRecord &subordinate, const ApplicationRecord &principal);
    // Drops every relation the application is in (either side).
    void removeRelationsOf(const ApplicationRecord &app);
    // Whether a subordinate application is related to this one (read once a
    // transaction).
    bool isPrincipalOfSubordinates(qint64 applicationId);

private:
    TxScope &m_scope;
};

} // namespace berth
