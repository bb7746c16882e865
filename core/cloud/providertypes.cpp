#include "core/cloud/providertypes.h"

#include "core/bertherror.h"

namespace berth {

const ProviderTypes::Type &ProviderTypes::get(const QString &name) const
{
    QStringList names;
    for (const Type &type : m_types) {
        if (type.name == name)
            return type;
        names << type.name;
    }
    throw BerthError(QStringLiteral("unknown cloud type \"%1\"; expected one of %2")
                         .arg(name, names.join(QStringLiteral(", "))));
}

QStringList ProviderTypes::names() const
{
    QStringList list;
    for (const Type &t : m_types)
        list << t.name;
    return list;
}

} // namespace berth
