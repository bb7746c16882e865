#pragma once

#include "core/bertherror.h"

#include <QSqlError>

namespace berth {

// What a failed store operation means in the user's terms. The message says
// what happened and what to do; the driver's own text and the statement it ran
// go into the error's detail, shown only on request (berthctl --debug).
namespace StoreError {

// A statement that failed on a SQLite or PostgreSQL connection; `sqliteFile`
// is the SQLite store's file, whose disk is looked at when the error may
// come from it.
BerthError fromStatement(const QSqlError &error, const QString &statement,
                         const QString &sqliteFile = {});
// A PostgreSQL connection that could not be made.
BerthError fromPostgresConnect(const QSqlError &error, const QString &host, int port,
                               const QString &user, const QString &database);
// A SQLite store whose write-ahead log was removed under this process.
BerthError detached(const QString &displayLocation);
// A write on a store opened read-only.
BerthError readOnly(const QString &displayLocation);

} // namespace StoreError

} // namespace berth
