#pragma once

#include <QJsonObject>
#include <QString>

namespace berth {

// Senlin policy spec files (YAML, as `openstack cluster policy create
// --spec-file` takes them) read into JSON objects.
namespace PolicyFile {

// Throws BerthError when the file cannot be read or is not YAML.
QJsonObject read(const QString &path);

} // namespace PolicyFile

} // namespace berth
