#pragma once

#include <QString>

namespace berth {

// What an existing host is, as a probe over SSH found it.
struct HostFacts
{
    QString arch; // Juju's names: amd64, arm64, ...
    quint64 cores = 0;
    quint64 memMiB = 0;
    quint64 rootDiskMiB = 0;
    QString base; // "ubuntu@22.04", from /etc/os-release
    QString hostname;

    // Canonical "arch=amd64 cores=2 mem=4096M root-disk=16384M".
    QString hardware() const;
};

// Looks at an existing host (the manual provider: `add-machine ssh:...`).
// The host's key must be known (known_hosts) or be the one the user accepted.
class HostProbe
{
public:
    struct Target
    {
        QString user; // empty: the current user
        QString host;
        int port = 22;
        // The host key fingerprint ("SHA256:...") the user accepts on first use.
        QString acceptFingerprint;
    };
    struct Result
    {
        HostFacts facts;
        QString error; // one line: what is wrong and what to do
        // Set when the host key is not known yet: its fingerprint, for the user
        // to check and accept (probe again with it as acceptFingerprint).
        QString unknownKey;
        bool ok() const { return error.isEmpty(); }
    };

    virtual ~HostProbe() = default;
    virtual Result probe(const Target &target) = 0;
};

} // namespace berth
