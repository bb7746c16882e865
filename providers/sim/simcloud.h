#pragma once

#include "core/cloud/cloudinfo.h"

namespace berth {

// The built-in `sim` cloud's geography: three regions of three zones with an
// EC2-like catalogue over amd64 and arm64, and `sim-metal`, a bare-metal pool
// of named nodes (MAAS style).
namespace SimCloud {

struct Node
{
    QString hostname;
    QString zone;
    InstanceType hardware; // name = hostname; tags = the node's tags
};

QList<Node> defaultPool();
CloudInfo describe(const QList<Node> &pool = defaultPool());
// Reads a pool description: a JSON array of {hostname, zone, arch, cores,
// cpu-power, mem, root-disk, tags}; throws BerthError on a malformed file.
QList<Node> loadPool(const QString &path);

} // namespace SimCloud

} // namespace berth
