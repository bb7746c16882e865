#include "core/store/schema.h"

namespace berth {

namespace Schema {

QList<QStringList> migrations()
{
    // Migration 1: models, applications, units, machines, relations, the change log.
    const QStringList v1{
        QStringLiteral("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)"),
        QStringLiteral(
            "CREATE TABLE models (id {pk}, uuid TEXT NOT NULL UNIQUE, name TEXT NOT NULL UNIQUE,"
            " cloud TEXT NOT NULL, region TEXT NOT NULL, credential TEXT NOT NULL DEFAULT '',"
            " constraints TEXT NOT NULL DEFAULT '')"),
        QStringLiteral("CREATE TABLE model_config (model_id BIGINT NOT NULL REFERENCES models(id)"
                       " ON DELETE CASCADE, key TEXT NOT NULL, value TEXT NOT NULL,"
                       " PRIMARY KEY (model_id, key))"),
        QStringLiteral("CREATE TABLE sequences (model_id BIGINT NOT NULL REFERENCES models(id)"
                       " ON DELETE CASCADE, name TEXT NOT NULL, value BIGINT NOT NULL,"
                       " PRIMARY KEY (model_id, name))"),
        QStringLiteral(
            "CREATE TABLE applications (id {pk}, model_id BIGINT NOT NULL REFERENCES models(id)"
            " ON DELETE CASCADE, name TEXT NOT NULL, charm TEXT NOT NULL, base TEXT NOT NULL,"
            " subordinate INTEGER NOT NULL DEFAULT 0, constraints TEXT NOT NULL DEFAULT '',"
            " UNIQUE (model_id, name))"),
        QStringLiteral(
            "CREATE TABLE machines (id {pk}, model_id BIGINT NOT NULL REFERENCES models(id)"
            " ON DELETE CASCADE, name TEXT NOT NULL, parent_id BIGINT REFERENCES machines(id),"
            " base TEXT NOT NULL, constraints TEXT NOT NULL DEFAULT '',"
            " placement TEXT NOT NULL DEFAULT '', life TEXT NOT NULL DEFAULT 'alive',"
            " for_unit INTEGER NOT NULL DEFAULT 0,"
            " machine_status TEXT NOT NULL DEFAULT 'pending',"
            " machine_message TEXT NOT NULL DEFAULT '',"
            " instance_status TEXT NOT NULL DEFAULT 'pending',"
            " instance_message TEXT NOT NULL DEFAULT '', instance_id TEXT NOT NULL DEFAULT '',"
            " instance_type TEXT NOT NULL DEFAULT '', hardware TEXT NOT NULL DEFAULT '',"
            " region TEXT NOT NULL DEFAULT '', zone TEXT NOT NULL DEFAULT '',"
            " nonce TEXT NOT NULL DEFAULT '', created_at BIGINT NOT NULL,"
            " UNIQUE (model_id, name))"),
        QStringLiteral("CREATE INDEX machines_parent ON machines(parent_id)"),
        QStringLiteral(
            "CREATE TABLE units (id {pk}, model_id BIGINT NOT NULL REFERENCES models(id)"
            " ON DELETE CASCADE, application_id BIGINT NOT NULL REFERENCES applications(id),"
            " number BIGINT NOT NULL, machine_id BIGINT REFERENCES machines(id),"
            " principal_id BIGINT REFERENCES units(id) ON DELETE SET NULL,"
            " constraints TEXT NOT NULL DEFAULT '', created_at BIGINT NOT NULL,"
            " UNIQUE (application_id, number))"),
        QStringLiteral("CREATE INDEX units_machine ON units(machine_id)"),
        QStringLiteral("CREATE INDEX units_principal ON units(principal_id)"),
        QStringLiteral("CREATE INDEX units_model ON units(model_id)"),
        QStringLiteral(
            "CREATE TABLE relations (id {pk}, model_id BIGINT NOT NULL REFERENCES models(id)"
            " ON DELETE CASCADE, subordinate_id BIGINT NOT NULL REFERENCES applications(id),"
            " principal_id BIGINT NOT NULL REFERENCES applications(id),"
            " UNIQUE (subordinate_id, principal_id))"),
        QStringLiteral("CREATE TABLE changes (seq {pk}, model_id BIGINT NOT NULL,"
                       " kind TEXT NOT NULL, name TEXT NOT NULL, op TEXT NOT NULL)"),
    };
    // Migration 2: provider accounts (non-secret settings only); the built-in sim is one.
    const QStringList v2{
        QStringLiteral("CREATE TABLE clouds (name TEXT PRIMARY KEY, type TEXT NOT NULL,"
                       " endpoint TEXT NOT NULL DEFAULT '', config TEXT NOT NULL DEFAULT '{}',"
                       " builtin INTEGER NOT NULL DEFAULT 0)"),
        QStringLiteral("INSERT INTO clouds (name, type, builtin) VALUES ('sim', 'sim', 1)"),
        // Retry state survives restarts: attempts used and when the next may start.
        QStringLiteral("ALTER TABLE machines ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0"),
        QStringLiteral("ALTER TABLE machines ADD COLUMN retry_at BIGINT NOT NULL DEFAULT 0"),
        // Who runs the provisioner of a model, and until when (renewed while it runs).
        QStringLiteral("CREATE TABLE provisioner_leases (model_id BIGINT PRIMARY KEY REFERENCES"
                       " models(id) ON DELETE CASCADE, owner TEXT NOT NULL, host TEXT NOT NULL,"
                       " pid BIGINT NOT NULL, expires_at BIGINT NOT NULL)"),
    };
    // Migration 3: applications' size bounds and their placement and deletion
    // policies (Senlin specs as JSON, one per kind).
    const QStringList v3{
        QStringLiteral("ALTER TABLE applications ADD COLUMN min_size BIGINT NOT NULL DEFAULT 0"),
        QStringLiteral("ALTER TABLE applications ADD COLUMN max_size BIGINT NOT NULL DEFAULT -1"),
        QStringLiteral("CREATE TABLE application_policies (application_id BIGINT NOT NULL"
                       " REFERENCES applications(id) ON DELETE CASCADE, kind TEXT NOT NULL,"
                       " spec TEXT NOT NULL, PRIMARY KEY (application_id, kind))"),
    };
    // Migration 4: each machine's status history (Juju's status log), one row
    // a move of its life cycle, gone with the machine.
    const QStringList v4{
        QStringLiteral("CREATE TABLE machine_status_log (id {pk}, machine_id BIGINT NOT NULL"
                       " REFERENCES machines(id) ON DELETE CASCADE, at BIGINT NOT NULL,"
                       " life TEXT NOT NULL, machine_status TEXT NOT NULL,"
                       " instance_status TEXT NOT NULL, message TEXT NOT NULL DEFAULT '')"),
        QStringLiteral(
            "CREATE INDEX machine_status_log_machine ON machine_status_log(machine_id, id)"),
    };
    // Migration 5: the change set, model changes staged in order (a command
    // and its arguments as JSON) until a client commits or discards them;
    // `key` names a change for the changes after it that refer to what it makes.
    const QStringList v5{
        QStringLiteral("CREATE TABLE staged_changes (id {pk}, model_id BIGINT NOT NULL"
                       " REFERENCES models(id) ON DELETE CASCADE, key TEXT NOT NULL UNIQUE,"
                       " command TEXT NOT NULL,"
                       " args TEXT NOT NULL, author TEXT NOT NULL DEFAULT '',"
                       " created_at BIGINT NOT NULL)"),
        QStringLiteral("CREATE INDEX staged_changes_model ON staged_changes(model_id, id)"),
    };
    // Migration 6: a model's life: "dying" from destroy-model until the
    // provisioner has stopped its last instance and removed it.
    const QStringList v6{
        QStringLiteral("ALTER TABLE models ADD COLUMN life TEXT NOT NULL DEFAULT 'alive'"),
    };
    // Migration 7: what bundles carry beyond the model (Juju's charm origin,
    // options, annotations, expose), the bundle machine each machine was made
    // for (a bundle deployed again finds its machines), and relations between
    // principals, with their endpoints.
    const QStringList v7{
        QStringLiteral("CREATE TABLE application_details (application_id BIGINT PRIMARY KEY"
                       " REFERENCES applications(id) ON DELETE CASCADE, details TEXT NOT NULL)"),
        QStringLiteral("CREATE TABLE bundle_machines (machine_id BIGINT PRIMARY KEY REFERENCES"
                       " machines(id) ON DELETE CASCADE, bundle TEXT NOT NULL,"
                       " bundle_machine TEXT NOT NULL, annotations TEXT NOT NULL DEFAULT '{}')"),
        QStringLiteral("CREATE TABLE endpoint_relations (id {pk}, model_id BIGINT NOT NULL"
                       " REFERENCES models(id) ON DELETE CASCADE, first_id BIGINT NOT NULL"
                       " REFERENCES applications(id) ON DELETE CASCADE,"
                       " first_endpoint TEXT NOT NULL, second_id BIGINT NOT NULL"
                       " REFERENCES applications(id) ON DELETE CASCADE,"
                       " second_endpoint TEXT NOT NULL)"),
    };
    // Migration 8: applications' spread constraints (one per level), and the
    // moves of a committed rebalance still to carry out, launch before
    // terminate: the unit added for a move (once added) and the one it replaces.
    const QStringList v8{
        QStringLiteral("CREATE TABLE application_spreads (application_id BIGINT NOT NULL"
                       " REFERENCES applications(id) ON DELETE CASCADE, level TEXT NOT NULL,"
                       " max_skew INTEGER NOT NULL, min_domains INTEGER NOT NULL,"
                       " when_unsatisfiable TEXT NOT NULL, PRIMARY KEY (application_id, level))"),
        QStringLiteral("CREATE TABLE rebalance_moves (id {pk}, model_id BIGINT NOT NULL"
                       " REFERENCES models(id) ON DELETE CASCADE, application_id BIGINT NOT NULL"
                       " REFERENCES applications(id) ON DELETE CASCADE,"
                       " region TEXT NOT NULL DEFAULT '', zone TEXT NOT NULL DEFAULT '',"
                       " machine TEXT NOT NULL DEFAULT '', remove_unit_id BIGINT NOT NULL"
                       " REFERENCES units(id) ON DELETE CASCADE, new_unit_id BIGINT"
                       " REFERENCES units(id) ON DELETE CASCADE, max_surge INTEGER NOT NULL"
                       " DEFAULT 1)"),
        QStringLiteral("CREATE INDEX rebalance_moves_model ON rebalance_moves(model_id, id)"),
    };
    // Migration 9: how many units of each application with a spread
    // constraint are on machines alike (zone, placement, region, life,
    // host), kept as units and machines change (UnitTallies), so that a
    // placement's spread check reads a row per zone, not a row per unit.
    const QStringList v9{
        QStringLiteral("CREATE TABLE unit_tallies (application_id BIGINT NOT NULL REFERENCES"
                       " applications(id) ON DELETE CASCADE, zone TEXT NOT NULL,"
                       " placement TEXT NOT NULL, region TEXT NOT NULL, life TEXT NOT NULL,"
                       " parent_id BIGINT NOT NULL, unit_count BIGINT NOT NULL, PRIMARY KEY"
                       " (application_id, zone, placement, region, life, parent_id))"),
        QStringLiteral("INSERT INTO unit_tallies (application_id, zone, placement, region, life,"
                       " parent_id, unit_count) SELECT u.application_id, m.zone, m.placement,"
                       " m.region, m.life, coalesce(m.parent_id, 0), count(*) FROM units u"
                       " JOIN machines m ON m.id = u.machine_id WHERE u.application_id IN"
                       " (SELECT application_id FROM application_spreads) GROUP BY"
                       " u.application_id, m.zone, m.placement, m.region, m.life,"
                       " coalesce(m.parent_id, 0)"),
    };
    // Migration 10: the columns that refer to a unit from a rebalance move,
    // indexed: removing a unit looks up the moves that name it (the store's
    // foreign-key check), a scan of every open move each without these.
    const QStringList v10{
        QStringLiteral("CREATE INDEX rebalance_moves_remove ON rebalance_moves(remove_unit_id)"),
        QStringLiteral("CREATE INDEX rebalance_moves_new ON rebalance_moves(new_unit_id)"),
    };
    // Migration 11: the audit trail: every committed change with who made
    // it (and who staged it), when, from which program and host. No key to
    // the model: the trail outlives the change log's trimming and the
    // model itself. On PostgreSQL the person is the server's word (the
    // session's role). A staged change keeps its person's program and host.
    const QStringList v11{
        QStringLiteral("CREATE TABLE audit_log (id {pk}, model_id BIGINT NOT NULL,"
                       " model TEXT NOT NULL, at BIGINT NOT NULL,"
                       " actor TEXT NOT NULL DEFAULT {session-user},"
                       " program TEXT NOT NULL, host TEXT NOT NULL, staged_by TEXT NOT NULL,"
                       " command TEXT NOT NULL, args TEXT NOT NULL, description TEXT NOT NULL)"),
        QStringLiteral("CREATE INDEX audit_log_model ON audit_log(model, id)"),
        QStringLiteral("ALTER TABLE staged_changes ADD COLUMN program TEXT NOT NULL DEFAULT ''"),
        QStringLiteral("ALTER TABLE staged_changes ADD COLUMN host TEXT NOT NULL DEFAULT ''"),
    };
    return {v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11};
}

} // namespace Schema

} // namespace berth
