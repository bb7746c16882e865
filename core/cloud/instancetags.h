#pragma once

#include <QString>

namespace berth {

// The tags every instance Berth starts carries, which the provisioner and the
// providers read back (provisioning: Starting one machine, Crash safety).
namespace InstanceTags {

inline const QString model = QStringLiteral("berth-model-uuid");
inline const QString machine = QStringLiteral("berth-machine-id");
inline const QString nonce = QStringLiteral("berth-nonce");
inline const QString units = QStringLiteral("berth-units");
// Which provisioner started an instance: for the operator, and the proof that
// two never start at once.
inline const QString provisioner = QStringLiteral("berth-provisioner");

} // namespace InstanceTags

} // namespace berth
