#include "core/model/change.h"

namespace berth {

QString Change::opName(Op op)
{
    switch (op) {
    case Op::Added:
        return QStringLiteral("added");
    case Op::Removed:
        return QStringLiteral("removed");
    case Op::Changed:
        break;
    }
    return QStringLiteral("changed");
}

Change::Op Change::opFromName(const QString &name)
{
    if (name == u"added")
        return Op::Added;
    if (name == u"removed")
        return Op::Removed;
    return Op::Changed;
}

} // namespace berth
