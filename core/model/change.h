#pragma once

#include <QList>
#include <QString>

namespace berth {

// One entry of the store's change log: what changed, in which model.
struct Change
{
    enum class Op { Added, Changed, Removed };

    qint64 seq = 0;
    qint64 modelId = 0;
    QString kind; // "model", "application", "unit", "machine", "relation"
    QString name; // the entity's name within its model ("wordpress/0", "3/lxd/0")
    Op op = Op::Changed;

    static QString opName(Op op);
    static Op opFromName(const QString &name);
};
using ChangeList = QList<Change>;

} // namespace berth
