#pragma once

#include <QRegularExpression>
#include <QString>

#include <optional>

namespace berth {

// The kinds of value provider settings share, each in its normal form or
// nullopt when the text is not one (the provider says what it expected).
namespace ConfigValues {

// Names separated by commas, each matching `name`.
std::optional<QString> nameList(const QString &value, const QRegularExpression &name);
// Whole seconds from 1 to a day.
std::optional<QString> seconds(const QString &value);

} // namespace ConfigValues

} // namespace berth
