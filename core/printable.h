#pragma once

#include <QString>

namespace berth {

// User input as it may be quoted back in a one-line message: control
// characters (newlines included) become visible escapes.
QString printable(QStringView text);

} // namespace berth
