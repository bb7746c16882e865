#pragma once

#include <QStringList>

namespace berth {

// The store's schema, as an ordered list of migrations. Each migration is a
// list of statements; `{pk}` stands for the backend's auto-increment key,
// `{session-user}` for the server's name of the session's role (PostgreSQL),
// `{write-lock-key}` for the key of the writers' lock (PostgreSQL's advisory
// lock); a statement that begins with `{postgres}` is PostgreSQL's alone.
namespace Schema {
QList<QStringList> migrations();
}

} // namespace berth
