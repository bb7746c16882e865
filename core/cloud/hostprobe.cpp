#include "core/cloud/hostprobe.h"

#include "core/constraints/constraints.h"

#include <QStringList>

namespace berth {

QString HostFacts::hardware() const
{
    QStringList parts{QStringLiteral("arch=") + arch};
    if (cores)
        parts << QStringLiteral("cores=%1").arg(cores);
    if (memMiB)
        parts << QStringLiteral("mem=") + formatMiB(memMiB);
    if (rootDiskMiB)
        parts << QStringLiteral("root-disk=") + formatMiB(rootDiskMiB);
    return parts.join(u' ');
}

} // namespace berth
