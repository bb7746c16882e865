#pragma once

#include <QPair>
#include <QString>

namespace berth {

// Name rules shared by every entry point (CLI, window, store).
namespace Names {

bool isValidApplicationName(const QString &name);
bool isValidModelName(const QString &name);
bool isValidCloudName(const QString &name);
// A machine id ("3") or container id ("3/lxd/0/lxd/1").
bool isValidMachineId(const QString &id);
// "app/N"
bool isValidUnitName(const QString &name);

// Splits a `key=value` setting; throws BerthError when it has no key or no "=".
QPair<QString, QString> splitSetting(const QString &setting);

// Throw BerthError with a one-line explanation when the name is invalid.
void checkApplicationName(const QString &name);
// A charm's relation endpoint, as Juju names them ("db", "shared-db",
// "identity_service"): lower-case letters and digits, joined by single
// hyphens or underscores, starting with a letter.
bool isValidEndpointName(const QString &name);
void checkEndpointName(const QString &name);
void checkCharmName(const QString &name);
void checkModelName(const QString &name);
void checkCloudName(const QString &name);

} // namespace Names

} // namespace berth
