#include "core/cloud/providertypes.h"

#include "core/bertherror.h"
#include <QCoreApplication>

namespace berth {

namespace {

// This file's words, through Qt's translation system: the window shows them
// in the user's language, berthctl (no translator) as written here.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(ProviderTypes)
};

} // namespace

const ProviderTypes::Type &ProviderTypes::get(const QString &name) const
{
    QStringList names;
    for (const Type &type : m_types) {
        if (type.name == name)
            return type;
        names << type.name;
    }
    throw BerthError(Text::tr("unknown cloud type \"%1\"; expected one of %2")
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
