#pragma once

#include <QByteArray>
#include <QPair>
#include <QString>

#include <optional>

namespace berth {

// Files a user names (bundles, policies, secrets, exports), read and written
// so that no request can hang, grow without bound, half-write, or cost the
// process its store's locks.
//
// POSIX record locks belong to the process, not to a descriptor: closing any
// descriptor of a file drops every lock the process holds on it (SQLite's
// "How To Corrupt An SQLite Database File", 2.2). Another client then takes
// the store for unused and removes its write-ahead log under us. So the files
// of every store this process has open are kept in one process-wide list (the
// locks are process-wide too), and nothing here opens one of them.
namespace UserFiles {

// The store's database file at `path` (with its -wal, -shm and -journal) is
// open in this process until released; calls nest.
void protect(const QString &path);
void release(const QString &path);
// True when `path` is, or names the same file as, one of those files.
bool isProtected(const QString &path);

// `path` made absolute and clean: how a file is named in such lists.
QString absolutePath(const QString &path);
// The file `path` names, as (device, inode); none when it is not there.
std::optional<QPair<quint64, quint64>> identity(const QString &path);

// The whole of a regular file, at most maxBytes; `name` says it in messages
// ("bundle \"b.yaml\""), `expected` what it should be ("a YAML file").
// Refused with one line: a store's file, a directory, a FIFO or device (never
// waited on), a file larger than maxBytes.
QByteArray read(const QString &path, const QString &name, qint64 maxBytes,
                const QString &expected = {});
// All of an open descriptor up to end of file (a pipe's writer may pause),
// refused beyond maxBytes.
QByteArray readDescriptor(int fd, const QString &name, qint64 maxBytes);

// Replaces `path` with `data` as one step: written to a new file beside it,
// flushed, then renamed over it, so a failure leaves the old file whole.
// Refused: a store's file (open here or not), a directory, a FIFO or device.
// A failure names the system's reason (No space left on device).
void write(const QString &path, const QByteArray &data, const QString &name);

} // namespace UserFiles

} // namespace berth
