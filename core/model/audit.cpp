#include "core/model/audit.h"

#include <QSysInfo>

#include <pwd.h>
#include <unistd.h>

namespace berth {

Actor Actor::ofThisProcess(const QString &program)
{
    Actor actor;
    actor.program = program;
    actor.host = QSysInfo::machineHostName();
    // The account the process runs as, not $USER, which anyone may set.
    if (const passwd *entry = getpwuid(geteuid()))
        actor.user = QString::fromLocal8Bit(entry->pw_name);
    else
        actor.user = QString::number(geteuid());
    return actor;
}

} // namespace berth
