#include "policyfile.h"

#include "bertherror.h"

#include <QJsonArray>

#include <yaml-cpp/yaml.h>

namespace PolicyFile {

namespace {

QJsonValue toJson(const YAML::Node &node)
{
    switch (node.Type()) {
    case YAML::NodeType::Map: {
        QJsonObject o;
        for (const auto &entry : node)
            o.insert(QString::fromStdString(entry.first.as<std::string>()), toJson(entry.second));
        return o;
    }
    case YAML::NodeType::Sequence: {
        QJsonArray a;
        for (const auto &item : node)
            a.append(toJson(item));
        return a;
    }
    case YAML::NodeType::Scalar: {
        const QString text = QString::fromStdString(node.Scalar());
        bool isNumber = false;
        const qint64 n = text.toLongLong(&isNumber);
        if (isNumber && node.Tag() != "!")
            return n;
        if (text == u"true" || text == u"false")
            return text == u"true";
        return text;
    }
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined:
        break;
    }
    return QJsonValue();
}

} // namespace

QJsonObject read(const QString &path)
{
    QJsonValue spec;
    try {
        spec = toJson(YAML::LoadFile(path.toStdString()));
    } catch (const YAML::BadFile &) {
        throw BerthError(QStringLiteral("cannot read policy file \"%1\"").arg(path));
    } catch (const YAML::Exception &error) {
        throw BerthError(QStringLiteral("policy file \"%1\" is not valid YAML: %2")
                             .arg(path, QString::fromStdString(error.msg)));
    }
    if (!spec.isObject()) {
        throw BerthError(QStringLiteral("policy file \"%1\" is not a policy spec: expected a "
                                        "mapping with type, version and properties")
                             .arg(path));
    }
    return spec.toObject();
}

} // namespace PolicyFile
