#include "core/store/storeerror.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QStorageInfo>

namespace berth {

namespace {

// This file's words, through Qt's translation system: the window shows them
// in the user's language, berthctl (no translator) as written here.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(StoreError)
};

} // namespace

using namespace Qt::StringLiterals;

namespace {

QString detailOf(const QSqlError &error, const QString &statement)
{
    QString detail = error.text().simplified();
    if (!error.nativeErrorCode().isEmpty())
        detail += u" [code "_s + error.nativeErrorCode() + u']';
    if (!statement.isEmpty())
        detail += u" (in: "_s + statement.simplified().left(200) + u')';
    return detail;
}

// Below this much free space, a disk error on a SQLite store is taken for a
// full disk: SQLite's -shm file wants 32 KiB, and more as the log grows.
constexpr qint64 fullDiskBytes = 1024 * 1024;

// Meanings both backends share.
QString conflict()
{
    return Text::tr(
        "the change conflicts with what the store holds (a record it refers to is gone, "
        "or one like it already exists); look at the model and try again");
}

QString missingTables()
{
    return Text::tr(
        "the store does not have the tables this Berth expects: it is damaged, or it was "
        "changed by another program");
}

QString busy()
{
    return Text::tr(
        "the store is busy: another client held it for longer than Berth waits (30 s); try again");
}

// SQLite's primary result codes (the low byte of an extended code).
QString sqliteMeaning(int code, const QString &driverText)
{
    switch (code & 0xff) {
    case 5: // SQLITE_BUSY
    case 6: // SQLITE_LOCKED
        return busy();
    case 8: // SQLITE_READONLY
        return Text::tr(
            "the store cannot be written (read-only file or file system); commands that only "
            "read the model still work");
    case 10: // SQLITE_IOERR
        return Text::tr(
            "the disk reported an error while reading or writing the store; check the disk "
            "and try again");
    case 11: // SQLITE_CORRUPT
    case 26: // SQLITE_NOTADB
        return Text::tr(
            "the store is damaged or is not a Berth store; open another with --db or restore "
            "it from a backup");
    case 13: // SQLITE_FULL
        return Text::tr("the disk holding the store is full; free some space and try again");
    case 14: // SQLITE_CANTOPEN
        return Text::tr(
            "the store's file cannot be opened (a missing, read-only or inaccessible folder?)");
    case 3:  // SQLITE_PERM
    case 23: // SQLITE_AUTH
        return Text::tr("the store may not be accessed by this user (permission denied)");
    case 19: // SQLITE_CONSTRAINT
        return conflict();
    default:
        break;
    }
    if (driverText.contains(u"no such table"_s) || driverText.contains(u"no such column"_s) ||
        driverText.contains(u"has no column"_s)) {
        return missingTables();
    }
    return {};
}

// PostgreSQL's SQLSTATE codes, by class where the class says enough.
QString postgresMeaning(const QString &state)
{
    if (state.startsWith(u"08"_s) || state.startsWith(u"57P"_s))
        return Text::tr(
            "the connection to the PostgreSQL server was lost; try again when it is back");
    if (state == u"25006"_s)
        return Text::tr(
            "the PostgreSQL server takes no writes (a read-only server or transaction); "
            "commands that only read the model still work");
    if (state == u"42501"_s)
        return Text::tr(
            "the PostgreSQL role may not do this (permission denied); ask the database's "
            "owner to grant it");
    if (state == u"42P01"_s || state == u"42703"_s)
        return missingTables();
    if (state.startsWith(u"23"_s))
        return conflict();
    if (state == u"53100"_s)
        return Text::tr("the PostgreSQL server's disk is full");
    if (state.startsWith(u"53"_s))
        return Text::tr(
            "the PostgreSQL server is out of resources (memory or connections); try again "
            "later");
    if (state == u"40001"_s || state == u"40P01"_s)
        return Text::tr("other clients' changes kept conflicting with this one; try again");
    if (state == u"55P03"_s) // lock_timeout
        return busy();
    if (state == u"57014"_s)
        return Text::tr("the store is busy: another client held it for too long; try again");
    return {};
}

} // namespace

namespace StoreError {

BerthError fromStatement(const QSqlError &error, const QString &statement,
                         const QString &sqliteFile)
{
    const QString code = error.nativeErrorCode();
    // Qt's SQLite driver gives SQLite's (extended) result code as a number
    // (at most 4 digits); the PostgreSQL driver gives the SQLSTATE, five
    // characters, often digits only (42501, 25006), which are no SQLite code.
    bool numeric = false;
    const int sqliteCode = code.toInt(&numeric);
    numeric = numeric && code.size() < 5;
    QString meaning =
        numeric ? sqliteMeaning(sqliteCode, error.databaseText()) : postgresMeaning(code);
    // A disk error on a full disk: even a read needs room for the store's
    // shared-memory (-shm) file, which SQLite makes at the first read.
    if (numeric && !sqliteFile.isEmpty() &&
        ((sqliteCode & 0xff) == 10 || (sqliteCode & 0xff) == 13)) {
        const QStorageInfo disk(QFileInfo(sqliteFile).absolutePath());
        if (disk.isValid() && disk.bytesAvailable() < fullDiskBytes)
            meaning = Text::tr("the disk holding the store is full (%1 KiB free); even reading "
                               "the store needs room for its -shm file; free some space and "
                               "try again")
                          .arg(disk.bytesAvailable() / 1024);
    }
    // A server that went away mid-command leaves libpq's words and no SQLSTATE.
    const QString text = error.text();
    if (meaning.isEmpty() && !numeric &&
        (text.contains(u"closed the connection"_s) ||
         text.contains(u"no connection to the server"_s) ||
         text.contains(u"could not send data"_s) || text.contains(u"could not receive data"_s) ||
         text.contains(u"connection to server"_s)))
        meaning = postgresMeaning(u"08006"_s);
    if (meaning.isEmpty())
        meaning = Text::tr("the store failed to carry out this command");
    // Serialization failures and deadlocks: the store runs the transaction again.
    const bool transient = code == u"40001"_s || code == u"40P01"_s;
    return BerthError(meaning + Text::tr("; nothing was changed"), detailOf(error, statement),
                      transient);
}

BerthError fromPostgresConnect(const QSqlError &error, const QString &host, int port,
                               const QString &user, const QString &database)
{
    const QString text = error.text();
    QString meaning;
    if (text.contains(u"password authentication failed"_s) ||
        text.contains(u"no password supplied"_s)) {
        meaning =
            Text::tr(
                "the PostgreSQL server refused user \"%1\": wrong or missing password (give it "
                "in the URL or in ~/.pgpass)")
                .arg(user);
    } else if (text.contains(u"database \""_s) && text.contains(u"does not exist"_s)) {
        meaning =
            Text::tr("the PostgreSQL server has no database \"%1\"; create it or name another")
                .arg(database);
    } else if (text.contains(u"role \""_s) && text.contains(u"does not exist"_s)) {
        meaning = Text::tr("the PostgreSQL server has no user \"%1\"").arg(user);
    } else if (text.contains(u"pg_hba.conf"_s)) {
        meaning =
            Text::tr(
                "the PostgreSQL server does not let user \"%1\" connect from here (pg_hba.conf)")
                .arg(user);
    } else if (text.contains(u"does not support SSL"_s)) {
        meaning = Text::tr("the PostgreSQL server at %1:%2 does not offer TLS, which the address "
                           "asks for (sslmode)")
                      .arg(host)
                      .arg(port);
    } else if (text.contains(u"sslmode"_s)) {
        meaning = Text::tr("bad sslmode in the address: expected disable, allow, prefer, require, "
                           "verify-ca or verify-full");
    } else if (text.contains(u"configuration parameter"_s) ||
               text.contains(u"invalid value for parameter"_s) ||
               text.contains(u"invalid command-line argument"_s)) {
        meaning = Text::tr("the PostgreSQL server refused a setting in the address's options "
                           "(expected -c name=value for settings it knows)");
    } else if (text.contains(u"connection info string"_s) || text.contains(u"unterminated"_s)) {
        meaning = Text::tr("the address has a setting PostgreSQL's client cannot read (a quote or "
                           "a space in a value?)");
    } else {
        meaning = Text::tr("cannot reach the PostgreSQL server at %1:%2 (is it running, and is the "
                           "address right?)")
                      .arg(host)
                      .arg(port);
    }
    return BerthError(meaning, detailOf(error, {}));
}

BerthError detached(const QString &displayLocation)
{
    return BerthError(
        Text::tr("the store \"%1\" was lost under this process: another program removed its "
                 "write-ahead log while it was open here (after something in this process "
                 "dropped its locks); what this process did since may not be kept, and it "
                 "neither reads nor writes the store again. Reopen the store")
            .arg(displayLocation));
}

BerthError readOnly(const QString &displayLocation)
{
    return BerthError(
        Text::tr("the store \"%1\" is read-only: this command changes the model, and only "
                 "commands that read it (status, show-…, the window's views) work on it")
            .arg(displayLocation));
}

} // namespace StoreError

} // namespace berth
