#pragma once

#include <QByteArray>
#include <QString>

namespace berth {

// One SSH session of the manual provider's host probe: connect, check the
// host key against ~/.ssh/known_hosts (adding it only when the user accepted
// its fingerprint), log in with the user's agent or keys, run a script and
// read what it prints. It lives in a module of its own (libberth-ssh, built
// with libssh), loaded when a host is probed: libssh and the Kerberos
// libraries it pulls in cost every other command some 2 ms to load.
namespace SshSession {

struct Request
{
    QString user; // empty: the current user
    QString host;
    int port = 22;
    QString acceptFingerprint; // "SHA256:..." the user accepts on first use
    QString sshDir;            // ~/.ssh: known_hosts, keys and config
    QByteArray script;
    long timeoutSeconds = 15;
};

struct Reply
{
    QByteArray output;
    QString error;      // one line, without the host: what is wrong and what to do
    QString unknownKey; // the host key's fingerprint when it is not known yet
};

using Run = void (*)(const Request &request, Reply &reply);
// The module's one entry point, of type Run.
inline constexpr char runSymbol[] = "berth_ssh_run";

} // namespace SshSession

} // namespace berth
