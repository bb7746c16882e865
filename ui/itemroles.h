#pragma once

#include "core/model/modelrecords.h"

#include <QCoreApplication>
#include <QFont>
#include <QModelIndex>
#include <QStringList>
#include <Qt>

namespace berth {

// Roles shared by Berth's item models and their filter/sort proxy.
namespace ItemRoles {
enum : int {
    SortRole = Qt::UserRole + 1, // numbers sort as numbers ("10" after "9")
    ProblemRole,                 // bool: in error, or a machine/unit needing attention
    NameRole,                    // the record's name: "web", "web/3", "3/lxd/0"
    IdRole,                      // the record's store id
    UnplacedRole,                // bool: a principal unit with no machine yet
    PlanRole,                    // Plan: what the model's change set does to the row
};
}

// What a screen reader says of a row: `lead` ("Machine 7"), then the
// non-empty texts of `columns` ("started, sim-east-a, 2 containers"), as
// Qt::AccessibleTextRole of the row's first column.
inline QString spokenRow(const QModelIndex &index, const QString &lead,
                         std::initializer_list<int> columns)
{
    QStringList parts{lead};
    for (const int column : columns) {
        const QString text = index.siblingAtColumn(column).data(Qt::DisplayRole).toString();
        if (!text.isEmpty())
            parts << text;
    }
    return parts.join(QStringLiteral(", "));
}

// A row as the change set leaves it: untouched, added or changed by a staged
// change, or removed by one (shown until the set is committed or discarded).
enum class Plan { None, Planned, Removed };

inline Plan planOf(qint64 id, const QSet<qint64> &planned, const QSet<qint64> &removed)
{
    return removed.contains(id) ? Plan::Removed
                                : (planned.contains(id) ? Plan::Planned : Plan::None);
}

// How a planned row looks: italic when planned, struck out when going; from
// the font alone, so it reads on every palette.
inline QVariant planFont(Plan plan)
{
    if (plan == Plan::None)
        return {};
    QFont font;
    font.setItalic(plan == Plan::Planned);
    font.setStrikeOut(plan == Plan::Removed);
    return font;
}

// The status word of a planned row ("planned", "to be removed").
inline QString planLabel(Plan plan)
{
    return plan == Plan::Removed ? QCoreApplication::translate("Plan", "to be removed")
                                 : QCoreApplication::translate("Plan", "planned");
}

} // namespace berth
