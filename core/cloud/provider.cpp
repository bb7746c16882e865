#include "core/cloud/provider.h"

namespace berth {

QString ProviderError::kindName(Kind kind)
{
    switch (kind) {
    case Kind::None:
        return QStringLiteral("none");
    case Kind::ZoneConstrained:
        return QStringLiteral("zone-constrained");
    case Kind::ZoneIndependent:
        return QStringLiteral("zone-independent");
    case Kind::Transient:
        return QStringLiteral("transient");
    case Kind::Permanent:
        return QStringLiteral("permanent");
    case Kind::Auth:
        return QStringLiteral("auth");
    case Kind::NotFound:
        return QStringLiteral("not-found");
    }
    return {};
}

} // namespace berth
