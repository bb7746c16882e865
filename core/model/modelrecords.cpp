#include "core/model/modelrecords.h"

QString MachineRecord::parentName() const
{
    const qsizetype slash = name.lastIndexOf(QStringLiteral("/lxd/"));
    return slash < 0 ? QString() : name.left(slash);
}

bool MachineRecord::hostBlocks(const MachineRecord *host)
{
    return !host || host->state.inError() || !host->state.isAlive();
}
