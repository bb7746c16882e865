#pragma once

#include "core/cloud/hostprobe.h"

namespace berth {

// The manual provider: looks at an existing host over SSH (libssh). The host
// key is checked against ~/.ssh/known_hosts, as ssh does; an unknown key is
// added only when the user accepted its fingerprint, a changed one is refused.
// Logs in with the user's agent or ~/.ssh keys and reads, without installing
// anything: arch, cores, memory, root disk and /etc/os-release.
class SshHostProbe final : public HostProbe
{
public:
    Result probe(const Target &target) override;

    // The shell commands run on the host, and how their output is read.
    static const char *script();
    // Empty when `output` describes the host; otherwise what is missing.
    static QString parseFacts(const QString &output, HostFacts *facts);
};

} // namespace berth
