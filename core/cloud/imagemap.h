#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace berth {

// A cloud account's `image-map` setting: which image (alias, name or id)
// each base starts from, as "ubuntu@22.04=jammy,ubuntu@24.04=noble".
namespace ImageMap {

// The setting in its normal form; nullopt when an entry is not base=image.
std::optional<QString> normalise(const QString &value);
// The image mapped to `base`; empty when the map names none.
QString imageOf(const QString &base, const QString &map);
// The bases the map names: bases the cloud can start beyond Berth's own.
QStringList basesOf(const QString &map);

} // namespace ImageMap

} // namespace berth
