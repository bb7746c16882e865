#pragma once

#include <QJsonObject>
#include <QStringList>

namespace berth {

// What every Senlin policy spec shares (type, version, properties).
namespace SenlinSpec {

// Throws BerthError when the spec names a version not in `known` ("1.0").
// A spec without a version is read as the first one (the window's own specs
// leave it out); YAML's 1.0 is a number and is read as "1.0", as Senlin does.
void checkVersion(const QJsonObject &spec, const QStringList &known);

} // namespace SenlinSpec

} // namespace berth
