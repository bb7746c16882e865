#pragma once

#include <QByteArray>
#include <QString>

namespace berth {

// One job of the system keychain (QtKeychain: Secret Service, KWallet, …),
// run to its end. It lives in a module of its own (libberth-keychain), loaded
// at the first secret read or written: QtKeychain and the D-Bus libraries it
// pulls in are not loaded by every command that starts (see BerthModule).
namespace KeychainAccess {

enum class Op { Read, Write, Remove };
enum class Outcome {
    Done,       // read (value), written or removed
    NotFound,   // nothing stored: nothing to read or remove
    NoKeychain, // no keychain service answered
    Refused,    // the keychain is there but refused (error)
};

struct Request
{
    Op op = Op::Read;
    QString service;
    QString key;
    QByteArray value; // to write
};

struct Reply
{
    Outcome outcome = Outcome::NoKeychain;
    QByteArray value; // read
    QString error;    // the keychain's words when it refused
};

using Run = void (*)(const Request &request, Reply &reply);
// The module's one entry point, of type Run.
inline constexpr char runSymbol[] = "berth_keychain_run";

} // namespace KeychainAccess

} // namespace berth
