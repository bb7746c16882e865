#pragma once

#include <QString>

namespace berth {

// The parts of Berth built as modules of their own, loaded at their first
// use rather than by every program that starts: the SSH session of the
// manual provider (libssh), the system keychain (QtKeychain, D-Bus) and the
// HTTP client of the LXD and OpenStack providers (Qt Network). They live in
// lib/berth beside the executables' directory (build/lib/berth in
// the build tree, lib/berth where installed).
namespace BerthModule {

// The function `symbol` of module `name` ("berth-ssh"), loaded once; null
// with `error` set (one line, the library's words) when it cannot be.
QFunctionPointer resolve(const QString &name, const char *symbol, QString *error);

// The same, as `Function`: the type the module's entry point is declared with.
template <typename Function>
Function resolve(const QString &name, const char *symbol, QString *error)
{
    return reinterpret_cast<Function>(resolve(name, symbol, error));
}

} // namespace BerthModule

} // namespace berth
