#include "core/store/schema.h"

#include <tuple>

namespace berth {

namespace Schema {

namespace {

// Migration 12 (PostgreSQL only): the references of units and machines,
// and of the rows that name them, checked once a statement over the rows it
// inserted or deleted (its transition tables) instead of by the server's
// per-row foreign-key triggers, which ran a query for each row inserted or
// deleted: most of a bulk write's time (adding 10,000 units, removing an
// application). The same rules as the constraints they replace (their
// names and messages included): a reference must name a row that exists, a
// row still referred to cannot go, and what was ON DELETE CASCADE or SET
// NULL still follows. Each check takes the writers' lock first, which
// Berth's own writers already hold, so that no other writer can remove a
// row between the check and the commit. SQLite keeps its own foreign keys
// (in process, they cost little). Made again where they exist: a store
// migrated twice ends as one migrated once.
QStringList postgresReferences()
{
    enum class OnDelete { Refuse, Cascade, SetNull };
    struct Reference
    {
        QString table;
        QString column;
        QString referenced;
        OnDelete onDelete;
    };
    const auto ref = [](const char *table, const char *column, const char *referenced,
                        OnDelete onDelete) {
        return Reference{QLatin1String(table), QLatin1String(column), QLatin1String(referenced),
                         onDelete};
    };
    const QList<Reference> references{
        ref("units", "model_id", "models", OnDelete::Cascade),
        ref("units", "application_id", "applications", OnDelete::Refuse),
        ref("units", "machine_id", "machines", OnDelete::Refuse),
        ref("units", "principal_id", "units", OnDelete::SetNull),
        ref("machines", "model_id", "models", OnDelete::Cascade),
        ref("machines", "parent_id", "machines", OnDelete::Refuse),
        ref("machine_status_log", "machine_id", "machines", OnDelete::Cascade),
        ref("bundle_machines", "machine_id", "machines", OnDelete::Cascade),
        ref("rebalance_moves", "remove_unit_id", "units", OnDelete::Cascade),
        ref("rebalance_moves", "new_unit_id", "units", OnDelete::Cascade),
    };

    // The server's own words for a broken reference.
    QStringList statements{
        QStringLiteral(R"(CREATE OR REPLACE FUNCTION
berth_missing_reference(tab text, col text, key bigint, ref text) RETURNS void
LANGUAGE plpgsql AS $$ BEGIN RAISE foreign_key_violation USING
MESSAGE = format('insert or update on table "%s" violates foreign key constraint "%s_%s_fkey"',
                 tab, tab, col),
DETAIL = format('Key (%s)=(%s) is not present in table "%s".', col, key, ref); END $$)"),
        QStringLiteral(R"(CREATE OR REPLACE FUNCTION
berth_still_referenced(tab text, col text, key bigint, ref text) RETURNS void
LANGUAGE plpgsql AS $$ BEGIN RAISE foreign_key_violation USING
MESSAGE = format('update or delete on table "%s" violates foreign key constraint "%s_%s_fkey"'
                 ' on table "%s"', ref, tab, col, tab),
DETAIL = format('Key (id)=(%s) is still referenced from table "%s".', key, tab); END $$)"),
    };
    const auto function = [](const QString &name, const QString &body) {
        return QStringLiteral("CREATE OR REPLACE FUNCTION %1() RETURNS trigger LANGUAGE plpgsql"
                              " AS $$ DECLARE key bigint; BEGIN%2 RETURN NULL; END $$")
            .arg(name, body);
    };
    // "CREATE TRIGGER name <timing> ON table <rest> EXECUTE FUNCTION fn()".
    const auto trigger = [](const QString &name, const QString &table, const QString &timing,
                            const QString &rest, const QString &fn) {
        return QStringList{QStringLiteral("DROP TRIGGER IF EXISTS %1 ON %2").arg(name, table),
                           QStringLiteral("CREATE TRIGGER %1 %2 ON %3 %4 EXECUTE FUNCTION %5()")
                               .arg(name, timing, table, rest, fn)};
    };
    const QString lock = QStringLiteral(" PERFORM pg_advisory_xact_lock({write-lock-key});");
    QStringList writers;
    QStringList referenced;
    for (const Reference &r : references) {
        if (!writers.contains(r.table))
            writers << r.table;
        if (!referenced.contains(r.referenced))
            referenced << r.referenced;
        statements << QStringLiteral("ALTER TABLE %1 DROP CONSTRAINT IF EXISTS %1_%2_fkey")
                          .arg(r.table, r.column);
    }

    // What a table's written rows name exists: inserted rows checked once a
    // statement; updated rows too for units (placements move thousands at
    // once), and for the other tables row by row, only where a reference
    // changed (never, for the provisioner's updates of machines: its
    // writes run no check at all).
    for (const QString &table : writers) {
        QString body = lock;
        QString rowBody = lock;
        QStringList columns;
        QStringList changed;
        for (const Reference &r : references) {
            if (r.table != table)
                continue;
            body += QStringLiteral(" SELECT w.%2 INTO key FROM written w WHERE w.%2 IS NOT NULL"
                                   " AND NOT EXISTS (SELECT FROM %3 r WHERE r.id = w.%2) LIMIT 1;"
                                   " IF FOUND THEN PERFORM berth_missing_reference('%1', '%2',"
                                   " key, '%3'); END IF;")
                        .arg(r.table, r.column, r.referenced);
            rowBody += QStringLiteral(" IF NEW.%2 IS NOT NULL AND NOT EXISTS (SELECT FROM %3 r"
                                      " WHERE r.id = NEW.%2) THEN PERFORM"
                                      " berth_missing_reference('%1', '%2', NEW.%2, '%3');"
                                      " END IF;")
                           .arg(r.table, r.column, r.referenced);
            columns << r.column;
            changed << QStringLiteral("OLD.%1 IS DISTINCT FROM NEW.%1").arg(r.column);
        }
        const QString name = QStringLiteral("berth_%1_written").arg(table);
        const QString eachStatement =
            QStringLiteral("REFERENCING NEW TABLE AS written FOR EACH STATEMENT");
        statements << function(name, body)
                   << trigger(table + QStringLiteral("_insert"), table,
                              QStringLiteral("AFTER INSERT"), eachStatement, name);
        if (table == QLatin1String("units")) {
            statements << trigger(table + QStringLiteral("_update"), table,
                                  QStringLiteral("AFTER UPDATE"), eachStatement, name);
        } else {
            const QString rowName = QStringLiteral("berth_%1_row_written").arg(table);
            statements << function(rowName, rowBody)
                       << trigger(table + QStringLiteral("_update"), table,
                                  QStringLiteral("AFTER UPDATE OF ") +
                                      columns.join(QLatin1String(", ")),
                                  QStringLiteral("FOR EACH ROW WHEN (%1)")
                                      .arg(changed.join(QLatin1String(" OR "))),
                                  rowName);
        }
    }

    // What names removed rows goes with them, is unset, or stops the removal.
    for (const QString &table : referenced) {
        // A model goes with its units and machines before its applications
        // (which cascade after it, and may not go while units name them):
        // row by row, before the model's row (models go one at a time).
        const bool beforeEachRow = table == QLatin1String("models");
        const QString removed = beforeEachRow ? QStringLiteral("SELECT OLD.id")
                                              : QStringLiteral("SELECT id FROM removed");
        QString body = lock;
        QString refusals;
        for (const Reference &r : references) {
            if (r.referenced != table)
                continue;
            switch (r.onDelete) {
            case OnDelete::Cascade:
                body += QStringLiteral(" DELETE FROM %1 WHERE %2 IN (%3);")
                            .arg(r.table, r.column, removed);
                break;
            case OnDelete::SetNull:
                body += QStringLiteral(" UPDATE %1 SET %2 = NULL WHERE %2 IN (%3);")
                            .arg(r.table, r.column, removed);
                break;
            case OnDelete::Refuse:
                refusals += QStringLiteral(" SELECT t.%2 INTO key FROM %1 t WHERE t.%2 IN (%3)"
                                           " LIMIT 1; IF FOUND THEN PERFORM"
                                           " berth_still_referenced('%1', '%2', key, '%4');"
                                           " END IF;")
                                .arg(r.table, r.column, removed, table);
                break;
            }
        }
        const QString name = QStringLiteral("berth_%1_removed").arg(table);
        if (beforeEachRow) {
            statements << function(name, body + refusals)
                              .replace(QLatin1String("RETURN NULL"), QLatin1String("RETURN OLD"))
                       << trigger(table + QStringLiteral("_removing"), table,
                                  QStringLiteral("BEFORE DELETE"), QStringLiteral("FOR EACH ROW"),
                                  name);
        } else {
            statements << function(name, body + refusals)
                       << trigger(table + QStringLiteral("_delete"), table,
                                  QStringLiteral("AFTER DELETE"),
                                  QStringLiteral("REFERENCING OLD TABLE AS removed FOR EACH"
                                                 " STATEMENT"),
                                  name);
        }
    }
    for (QString &statement : statements)
        statement.prepend(QStringLiteral("{postgres}"));
    return statements;
}

} // namespace

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
    // Migration 13: the indexes of references that most rows leave empty (a
    // principal unit's principal, a top-level machine's host, an unplaced
    // unit's machine) hold only the rows that have one: every statement
    // that reads them asks for a value (=, IN, a join), which both stores'
    // planners prove non-null, and adding 10,000 units or machines writes
    // no index entry for their empty references.
    QStringList v13;
    for (const auto &[index, table, column] :
         {std::tuple{"units_principal", "units", "principal_id"},
          std::tuple{"units_machine", "units", "machine_id"},
          std::tuple{"machines_parent", "machines", "parent_id"}}) {
        v13 << QStringLiteral("DROP INDEX IF EXISTS %1").arg(QLatin1String(index))
            << QStringLiteral("CREATE INDEX %1 ON %2(%3) WHERE %3 IS NOT NULL")
                   .arg(QLatin1String(index), QLatin1String(table), QLatin1String(column));
    }
    return {v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, postgresReferences(), v13};
}

} // namespace Schema

} // namespace berth
