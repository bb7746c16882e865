#pragma once

#include <QString>

namespace berth {

// The parts of Berth built as modules of their own, loaded at their first
// use rather than by every program that starts: the SSH session of the
// manual provider (libssh) and the system keychain (QtKeychain, D-Bus). They
// live in lib/berth beside the executables' directory (build/lib/berth in
// the build tree, lib/berth where installed).
namespace BerthModule {

// The function `symbol` of module `name` ("berth-ssh"), loaded once; null
// with `error` set (one line, the library's words) when it cannot be.
QFunctionPointer resolve(const QString &name, const char *symbol, QString *error);

} // namespace BerthModule

} // namespace berth
