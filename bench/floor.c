/* The floor of berthctl's paths: the same rows read and written, on the same
 * store, by the least a program can do with SQLite's C API (prepared
 * statements, one transaction, nothing kept but what is printed), printing
 * what berthctl prints byte for byte. bench/floor-bench runs it beside
 * berthctl; the figures are in docs/benchmarks.md.
 *
 * Usage: berth-floor STORE remove-n APP N     remove-unit APP -n N --criteria OLDEST_FIRST
 *        berth-floor STORE remove UNIT...     remove-unit UNIT...
 *        berth-floor STORE machines           machines (the table)
 *        berth-floor STORE add-n APP N        add-unit APP -n N
 * The model is "default"; its units are on machines of their own that never
 * started (as bench/floor-bench builds it), so a unit's machine goes with it,
 * and neither the model nor the application has constraints. */
#include <sqlite3.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

static sqlite3 *db;

static void fail(const char *what)
{
    fprintf(stderr, "berth-floor: %s: %s\n", what, sqlite3_errmsg(db));
    exit(1);
}

static sqlite3_stmt *prepare(const char *sql)
{
    sqlite3_stmt *statement = NULL;
    if (sqlite3_prepare_v2(db, sql, -1, &statement, NULL) != SQLITE_OK)
        fail(sql);
    return statement;
}

static void exec(const char *sql)
{
    if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK)
        fail(sql);
}

static void done(sqlite3_stmt *statement)
{
    if (sqlite3_step(statement) != SQLITE_DONE)
        fail("step");
    sqlite3_reset(statement);
}

static sqlite3_int64 modelId(void)
{
    sqlite3_stmt *q = prepare("SELECT id FROM models WHERE name = 'default'");
    if (sqlite3_step(q) != SQLITE_ROW)
        fail("no model default");
    const sqlite3_int64 id = sqlite3_column_int64(q, 0);
    sqlite3_finalize(q);
    return id;
}

/* A unit removed, with its machine: the rows berthctl deletes and the change
 * log it writes. */
struct Victim
{
    sqlite3_int64 unit, machine, number, created;
};

static void removeVictims(sqlite3_int64 model, const char *app, struct Victim *victims, int count)
{
    sqlite3_stmt *deleteUnit = prepare("DELETE FROM units WHERE id = ?");
    sqlite3_stmt *occupied = prepare("SELECT 1 FROM units WHERE machine_id = ? LIMIT 1");
    sqlite3_stmt *hosts = prepare("SELECT 1 FROM machines WHERE parent_id = ? LIMIT 1");
    sqlite3_stmt *machineName = prepare("SELECT name FROM machines WHERE id = ?");
    sqlite3_stmt *deleteMachine = prepare("DELETE FROM machines WHERE id = ?");
    sqlite3_stmt *change =
        prepare("INSERT INTO changes (model_id, kind, name, op) VALUES (?, ?, ?, 'removed')");
    char name[256];
    for (int i = 0; i < count; ++i) {
        sqlite3_bind_int64(deleteUnit, 1, victims[i].unit);
        done(deleteUnit);
        snprintf(name, sizeof name, "%s/%lld", app, (long long)victims[i].number);
        sqlite3_bind_int64(change, 1, model);
        sqlite3_bind_text(change, 2, "unit", -1, SQLITE_STATIC);
        sqlite3_bind_text(change, 3, name, -1, SQLITE_TRANSIENT);
        done(change);
    }
    for (int i = 0; i < count; ++i) {
        const sqlite3_int64 machine = victims[i].machine;
        if (machine == 0)
            continue;
        sqlite3_bind_int64(occupied, 1, machine);
        const int left = sqlite3_step(occupied) == SQLITE_ROW;
        sqlite3_reset(occupied);
        sqlite3_bind_int64(hosts, 1, machine);
        const int hosting = sqlite3_step(hosts) == SQLITE_ROW;
        sqlite3_reset(hosts);
        if (left || hosting)
            continue;
        sqlite3_bind_int64(machineName, 1, machine);
        if (sqlite3_step(machineName) != SQLITE_ROW)
            fail("machine");
        snprintf(name, sizeof name, "%s", (const char *)sqlite3_column_text(machineName, 0));
        sqlite3_reset(machineName);
        sqlite3_bind_int64(deleteMachine, 1, machine);
        done(deleteMachine);
        sqlite3_bind_int64(change, 1, model);
        sqlite3_bind_text(change, 2, "machine", -1, SQLITE_STATIC);
        sqlite3_bind_text(change, 3, name, -1, SQLITE_TRANSIENT);
        done(change);
    }
    sqlite3_finalize(deleteUnit);
    sqlite3_finalize(occupied);
    sqlite3_finalize(hosts);
    sqlite3_finalize(machineName);
    sqlite3_finalize(deleteMachine);
    sqlite3_finalize(change);
}

static int oldestFirst(const void *a, const void *b)
{
    const struct Victim *x = a, *y = b;
    if (x->created != y->created)
        return x->created < y->created ? -1 : 1;
    return x->number < y->number ? -1 : x->number > y->number;
}

/* remove-unit APP -n N: every unit of the application read with what the
 * deletion policy weighs (its machine's and host's zone, placement and
 * status), the N oldest taken. */
static void removeCount(const char *app, int count)
{
    const sqlite3_int64 model = modelId();
    exec("BEGIN IMMEDIATE");
    sqlite3_stmt *q = prepare(
        "SELECT u.id, u.number, u.created_at, u.constraints, coalesce(m.id, 0), m.region, m.zone,"
        " m.placement, m.machine_status, coalesce(h.id, 0), h.region, h.zone, h.placement,"
        " h.machine_status FROM units u JOIN applications a ON a.id = u.application_id"
        " LEFT JOIN machines m ON m.id = u.machine_id LEFT JOIN machines h ON h.id = m.parent_id"
        " WHERE a.model_id = ? AND a.name = ? ORDER BY u.number");
    sqlite3_bind_int64(q, 1, model);
    sqlite3_bind_text(q, 2, app, -1, SQLITE_STATIC);
    size_t size = 0, capacity = 1024;
    struct Victim *units = malloc(capacity * sizeof *units);
    while (sqlite3_step(q) == SQLITE_ROW) {
        if (size == capacity)
            units = realloc(units, (capacity *= 2) * sizeof *units);
        units[size].unit = sqlite3_column_int64(q, 0);
        units[size].number = sqlite3_column_int64(q, 1);
        units[size].created = sqlite3_column_int64(q, 2);
        units[size].machine = sqlite3_column_int64(q, 4);
        /* The policy weighs these; read them as berthctl does. */
        for (int column = 5; column <= 13; ++column)
            (void)sqlite3_column_text(q, column);
        ++size;
    }
    sqlite3_finalize(q);
    if ((size_t)count > size) {
        fprintf(stderr, "ERROR cannot remove %d units of \"%s\": it has %zu\n", count, app, size);
        exit(1);
    }
    qsort(units, size, sizeof *units, oldestFirst);
    removeVictims(model, app, units, count);
    exec("COMMIT");
    for (int i = 0; i < count; ++i)
        printf("removed unit %s/%lld\n", app, (long long)units[i].number);
    free(units);
}

/* remove-unit UNIT...: each unit looked up by its application and number. */
static void removeNamed(char **names, int count)
{
    const sqlite3_int64 model = modelId();
    exec("BEGIN IMMEDIATE");
    sqlite3_stmt *q = prepare("SELECT u.id, coalesce(u.machine_id, 0) FROM units u JOIN "
                              "applications a ON a.id = u.application_id WHERE a.model_id = ? "
                              "AND a.name = ? AND u.number = ?");
    struct Victim *victims = calloc((size_t)count, sizeof *victims);
    char app[256];
    for (int i = 0; i < count; ++i) {
        const char *slash = strrchr(names[i], '/');
        if (!slash || (size_t)(slash - names[i]) >= sizeof app) {
            fprintf(stderr, "ERROR invalid unit name \"%s\"\n", names[i]);
            exit(1);
        }
        memcpy(app, names[i], (size_t)(slash - names[i]));
        app[slash - names[i]] = 0;
        sqlite3_bind_int64(q, 1, model);
        sqlite3_bind_text(q, 2, app, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(q, 3, atoll(slash + 1));
        if (sqlite3_step(q) != SQLITE_ROW) {
            fprintf(stderr, "ERROR unit \"%s\" not found\n", names[i]);
            exit(1);
        }
        victims[i].unit = sqlite3_column_int64(q, 0);
        victims[i].machine = sqlite3_column_int64(q, 1);
        victims[i].number = atoll(slash + 1);
        sqlite3_reset(q);
    }
    sqlite3_finalize(q);
    /* All units named here are of one application in the bench. */
    removeVictims(model, app, victims, count);
    exec("COMMIT");
    for (int i = 0; i < count; ++i)
        printf("removed unit %s\n", names[i]);
    free(victims);
}

/* machines: the table berthctl prints, containers indented under their hosts. */
enum { Columns = 11 };
struct Machine
{
    char *cells[Columns];
    sqlite3_int64 id, parent;
    int depth;
};

static char *copy(sqlite3_stmt *q, int column)
{
    const char *text = (const char *)sqlite3_column_text(q, column);
    return strdup(text ? text : "");
}

/* Containers by host, in the order of their ids. */
static int byParent(const void *a, const void *b)
{
    const struct Machine *const *x = a, *const *y = b;
    if ((*x)->parent != (*y)->parent)
        return (*x)->parent < (*y)->parent ? -1 : 1;
    return (*x)->id < (*y)->id ? -1 : (*x)->id > (*y)->id;
}

/* The first of `kids` (sorted by byParent) on `host`. */
static size_t firstOn(struct Machine **kids, size_t count, sqlite3_int64 host)
{
    size_t low = 0, high = count;
    while (low < high) {
        const size_t mid = (low + high) / 2;
        if (kids[mid]->parent < host)
            low = mid + 1;
        else
            high = mid;
    }
    return low;
}

static void machines(void)
{
    static const char *header[Columns] = {"Machine",     "Life",        "Status", "Inst id",
                                          "Inst status", "Type",        "Region", "Zone",
                                          "Base",        "Constraints", "Message"};
    const sqlite3_int64 model = modelId();
    exec("BEGIN");
    sqlite3_stmt *q =
        prepare("SELECT id, coalesce(parent_id, 0), name, life, machine_status, instance_id,"
                " instance_status, instance_type, region, zone, base, constraints,"
                " CASE WHEN instance_message = '' THEN machine_message ELSE instance_message END"
                " FROM machines WHERE model_id = ? ORDER BY id");
    sqlite3_bind_int64(q, 1, model);
    size_t size = 0, capacity = 1024;
    struct Machine *list = malloc(capacity * sizeof *list);
    while (sqlite3_step(q) == SQLITE_ROW) {
        if (size == capacity)
            list = realloc(list, (capacity *= 2) * sizeof *list);
        struct Machine *m = &list[size++];
        m->id = sqlite3_column_int64(q, 0);
        m->parent = sqlite3_column_int64(q, 1);
        for (int c = 0; c < Columns; ++c)
            m->cells[c] = copy(q, c + 2);
        m->depth = 0;
    }
    sqlite3_finalize(q);
    exec("COMMIT");
    if (size == 0) {
        printf("No machines in model \"default\".\n");
        return;
    }
    /* The rows depth first: each host, then its containers by id. */
    struct Machine **kids = malloc(size * sizeof *kids);
    struct Machine **order = malloc(size * sizeof *order);
    struct Machine **stack = malloc(size * sizeof *stack);
    size_t kidCount = 0, rows = 0, top = 0;
    for (size_t i = 0; i < size; ++i) {
        if (list[i].parent != 0)
            kids[kidCount++] = &list[i];
    }
    qsort(kids, kidCount, sizeof *kids, byParent);
    for (size_t i = size; i-- > 0;) {
        if (list[i].parent == 0)
            stack[top++] = &list[i];
    }
    while (top > 0) {
        struct Machine *m = stack[--top];
        order[rows++] = m;
        const size_t first = firstOn(kids, kidCount, m->id);
        size_t last = first;
        while (last < kidCount && kids[last]->parent == m->id)
            ++last;
        while (last-- > first) {
            kids[last]->depth = m->depth + 1;
            stack[top++] = kids[last];
        }
    }
    size_t widths[Columns];
    for (int c = 0; c < Columns; ++c)
        widths[c] = strlen(header[c]);
    for (size_t r = 0; r < rows; ++r) {
        for (int c = 0; c < Columns; ++c) {
            const size_t w =
                strlen(order[r]->cells[c]) + (c == 0 ? 2 * (size_t)order[r]->depth : 0);
            if (w > widths[c])
                widths[c] = w;
        }
    }
    size_t lineSize = 2;
    for (int c = 0; c < Columns; ++c)
        lineSize += widths[c] + 2;
    char *line = malloc(lineSize);
    for (size_t r = 0; r <= rows; ++r) {
        size_t at = 0;
        for (int c = 0; c < Columns; ++c) {
            const char *cell = r == 0 ? header[c] : order[r - 1]->cells[c];
            size_t used = 0;
            if (c == 0 && r > 0) {
                for (int d = 0; d < order[r - 1]->depth; ++d) {
                    line[at++] = ' ';
                    line[at++] = ' ';
                    used += 2;
                }
            }
            const size_t length = strlen(cell);
            memcpy(line + at, cell, length);
            at += length;
            used += length;
            if (c < Columns - 1) {
                for (; used < widths[c] + 2; ++used)
                    line[at++] = ' ';
            }
        }
        while (at > 0 && line[at - 1] == ' ')
            --at;
        line[at++] = '\n';
        fwrite(line, 1, at, stdout);
    }
}

/* The next value of one of the model's sequences ("machine", "unit:APP"). */
static sqlite3_int64 sequence(sqlite3_int64 model, const char *name)
{
    sqlite3_stmt *q = prepare("SELECT value FROM sequences WHERE model_id = ? AND name = ?");
    sqlite3_bind_int64(q, 1, model);
    sqlite3_bind_text(q, 2, name, -1, SQLITE_STATIC);
    const sqlite3_int64 value = sqlite3_step(q) == SQLITE_ROW ? sqlite3_column_int64(q, 0) : 0;
    sqlite3_finalize(q);
    return value;
}

static void storeSequence(sqlite3_int64 model, const char *name, sqlite3_int64 value)
{
    sqlite3_stmt *q = prepare("INSERT INTO sequences (model_id, name, value) VALUES (?, ?, ?)"
                              " ON CONFLICT (model_id, name) DO UPDATE SET value = excluded.value");
    sqlite3_bind_int64(q, 1, model);
    sqlite3_bind_text(q, 2, name, -1, SQLITE_STATIC);
    sqlite3_bind_int64(q, 3, value);
    done(q);
    sqlite3_finalize(q);
}

/* add-unit APP -n N: each unit on a new machine of its own, with the change
 * log berthctl writes (the machines', then the units'). */
static void addCount(const char *app, int count)
{
    const sqlite3_int64 model = modelId();
    exec("BEGIN IMMEDIATE");
    sqlite3_stmt *q =
        prepare("SELECT a.id, a.base, m.region FROM applications a"
                " JOIN models m ON m.id = a.model_id WHERE a.model_id = ? AND a.name = ?");
    sqlite3_bind_int64(q, 1, model);
    sqlite3_bind_text(q, 2, app, -1, SQLITE_STATIC);
    if (sqlite3_step(q) != SQLITE_ROW)
        fail("no such application");
    const sqlite3_int64 appId = sqlite3_column_int64(q, 0);
    char *base = copy(q, 1), *region = copy(q, 2);
    sqlite3_finalize(q);
    char unitSequence[256];
    snprintf(unitSequence, sizeof unitSequence, "unit:%s", app);
    const sqlite3_int64 firstMachine = sequence(model, "machine");
    const sqlite3_int64 firstUnit = sequence(model, unitSequence);
    struct timeval now;
    gettimeofday(&now, NULL);
    const sqlite3_int64 createdAt = (sqlite3_int64)now.tv_sec * 1000 + now.tv_usec / 1000;
    sqlite3_stmt *machine = prepare(
        "INSERT INTO machines (model_id, name, base, constraints, placement, for_unit, region,"
        " created_at) VALUES (?, ?, ?, '', '', 1, ?, ?) RETURNING id");
    sqlite3_stmt *unit = prepare("INSERT INTO units (model_id, application_id, number, machine_id,"
                                 " constraints, created_at) VALUES (?, ?, ?, ?, '', ?)");
    sqlite3_stmt *change =
        prepare("INSERT INTO changes (model_id, kind, name, op) VALUES (?, ?, ?, 'added')");
    sqlite3_int64 *machineIds = malloc((size_t)count * sizeof *machineIds);
    char name[256];
    for (int i = 0; i < count; ++i) {
        snprintf(name, sizeof name, "%lld", (long long)(firstMachine + i));
        sqlite3_bind_int64(machine, 1, model);
        sqlite3_bind_text(machine, 2, name, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(machine, 3, base, -1, SQLITE_STATIC);
        sqlite3_bind_text(machine, 4, region, -1, SQLITE_STATIC);
        sqlite3_bind_int64(machine, 5, createdAt);
        if (sqlite3_step(machine) != SQLITE_ROW)
            fail("machine");
        machineIds[i] = sqlite3_column_int64(machine, 0);
        sqlite3_reset(machine);
    }
    for (int i = 0; i < count; ++i) {
        sqlite3_bind_int64(unit, 1, model);
        sqlite3_bind_int64(unit, 2, appId);
        sqlite3_bind_int64(unit, 3, firstUnit + i);
        sqlite3_bind_int64(unit, 4, machineIds[i]);
        sqlite3_bind_int64(unit, 5, createdAt);
        done(unit);
    }
    for (int kind = 0; kind < 2; ++kind) {
        for (int i = 0; i < count; ++i) {
            if (kind == 0)
                snprintf(name, sizeof name, "%lld", (long long)(firstMachine + i));
            else
                snprintf(name, sizeof name, "%s/%lld", app, (long long)(firstUnit + i));
            sqlite3_bind_int64(change, 1, model);
            sqlite3_bind_text(change, 2, kind == 0 ? "machine" : "unit", -1, SQLITE_STATIC);
            sqlite3_bind_text(change, 3, name, -1, SQLITE_TRANSIENT);
            done(change);
        }
    }
    storeSequence(model, unitSequence, firstUnit + count);
    storeSequence(model, "machine", firstMachine + count);
    sqlite3_finalize(machine);
    sqlite3_finalize(unit);
    sqlite3_finalize(change);
    exec("COMMIT");
    if (count > 20)
        printf("added %d units of %s\n", count, app);
    else
        for (int i = 0; i < count; ++i)
            printf("added unit %s/%lld to machine %lld\n", app, (long long)(firstUnit + i),
                   (long long)(firstMachine + i));
    free(machineIds);
    free(base);
    free(region);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(
            stderr,
            "usage: berth-floor STORE remove-n APP N | remove UNIT... | machines | add-n APP N\n");
        return 2;
    }
    if (sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK)
        fail(argv[1]);
    sqlite3_busy_timeout(db, 5000);
    exec("PRAGMA foreign_keys = ON");
    if (strcmp(argv[2], "remove-n") == 0 && argc == 5)
        removeCount(argv[3], atoi(argv[4]));
    else if (strcmp(argv[2], "remove") == 0 && argc > 3)
        removeNamed(argv + 3, argc - 3);
    else if (strcmp(argv[2], "machines") == 0)
        machines();
    else if (strcmp(argv[2], "add-n") == 0 && argc == 5)
        addCount(argv[3], atoi(argv[4]));
    else
        return 2;
    sqlite3_close(db);
    return 0;
}
