#pragma once

#include <QString>

// User input as it may be quoted back in a one-line message: control
// characters (newlines included) become visible escapes.
QString printable(QStringView text);
