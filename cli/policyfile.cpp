#include "cli/policyfile.h"

#include "core/bertherror.h"
#include "core/placement/yamldocument.h"

namespace berth {

namespace PolicyFile {

QJsonObject read(const QString &path)
{
    const QString name = QStringLiteral("policy file \"%1\"").arg(path);
    const QJsonValue spec = YamlDocument::readFile(path, name);
    if (!spec.isObject()) {
        throw BerthError(QStringLiteral("%1 is not a policy spec: expected a mapping with type, "
                                        "version and properties")
                             .arg(name));
    }
    return spec.toObject();
}

} // namespace PolicyFile

} // namespace berth
