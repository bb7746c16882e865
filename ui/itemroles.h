#pragma once

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
};
}

} // namespace berth
