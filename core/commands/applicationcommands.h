#pragma once

#include "core/store/workspace.h"

#include <QCoreApplication>

namespace berth {

// Applications and their units: deploy, add and remove units, constraints,
// subordinate relations.
class ApplicationCommands
{
    Q_DECLARE_TR_FUNCTIONS(ApplicationCommands)

public:
    struct Deploy
    {
        QString charm;
        QString application; // defaults to the charm's name
        QString base;        // defaults to the model's default-base
        int count = 1;
        QString to; // comma list of placement directives
        QString constraints;
        bool subordinate = false;
        bool unplaced = false; // units wait to be placed (window's machine view, place-unit)
    };

    explicit ApplicationCommands(Workspace &workspace)
        : m_ws(workspace)
    {}

    CommandResult deploy(const QString &model, const Deploy &request);
    // A charm Charmhub publishes only as a subordinate (ntp, nrpe, telegraf...):
    // Juju deploys it as one from its metadata, which Berth does not fetch.
    static bool isKnownSubordinateCharm(const QString &charm);
    // `added` (may be null) gets the units made.
    CommandResult addUnits(const QString &model, const QString &application, int count,
                           const QString &to, const QString &unitConstraints = {},
                           QList<UnitRecord> *added = nullptr);
    // Units with no machine yet, to be placed later.
    CommandResult addUnplacedUnits(const QString &model, const QString &application, int count,
                                   const QString &unitConstraints = {});
    // Places unplaced units by one directive (empty: a new machine each).
    CommandResult placeUnits(const QString &model, const QStringList &units, const QString &to);
    // Takes units off machines never started (a placement undone).
    CommandResult unplaceUnits(const QString &model, const QStringList &units);
    // Why `units` cannot all go on `machine`; empty when they can. Changes nothing.
    QString placementProblem(const QString &model, const QStringList &units,
                             const QString &machine);
    CommandResult removeUnits(const QString &model, const QStringList &units);
    CommandResult removeApplication(const QString &model, const QString &application);
    CommandResult setConstraints(const QString &model, const QString &application,
                                 const QString &constraints);
    QString constraints(const QString &model, const QString &application);
    // "added unit app/3 to machine 5" for each unit, or one line for many.
    static void reportAdded(const ApplicationRecord &app, const QList<UnitRecord> &units,
                            CommandResult &result);
    CommandResult relate(const QString &model, const QString &first, const QString &second);
    // Juju's remove-relation: the subordinate's units on the principal's machines go.
    CommandResult unrelate(const QString &model, const QString &first, const QString &second);

private:
    // The principal application units are added to, unit-level constraints checked.
    ApplicationRecord principalForUnits(ModelTx &tx, const QString &application,
                                        const Constraints &unitLevel, CommandResult &result);
    void addUnplaced(ModelTx &tx, const ApplicationRecord &app, int count,
                     const Constraints &unitLevel, CommandResult &result);
    // Adds `count` principal units, the i-th placed by the i-th directive of `to`.
    void addPrincipalUnits(ModelTx &tx, const ApplicationRecord &app, int count, const QString &to,
                           const Constraints &unitLevel, CommandResult &result,
                           QList<UnitRecord> *made = nullptr);
    // Gives each machine of `principal`'s units the subordinates its relations call for.
    static void syncPrincipalMachines(ModelTx &tx, const ApplicationRecord &principal);
    Workspace &m_ws;
};

} // namespace berth
