#include "core/model/names.h"

#include "core/bertherror.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace berth {

namespace {

// This file's words, through Qt's translation system: the window shows them
// in the user's language, berthctl (no translator) as written here.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(Names)
};

} // namespace

namespace Names {

namespace {
const QString applicationPattern = QStringLiteral("^[a-z][a-z0-9]*(-[a-z0-9]*[a-z][a-z0-9]*)*\\z");
const QString modelPattern = QStringLiteral("^[a-z0-9]+[a-z0-9-]*\\z");

bool matches(const QString &pattern, const QString &text)
{
    return QRegularExpression(pattern).match(text).hasMatch();
}
} // namespace

bool isValidApplicationName(const QString &name)
{
    static const QRegularExpression re(applicationPattern);
    return name.size() <= 64 && re.match(name).hasMatch();
}

bool isValidModelName(const QString &name)
{
    return name.size() <= 64 && matches(modelPattern, name);
}

bool isValidCloudName(const QString &name)
{
    return name.size() <= 64 && matches(modelPattern, name);
}

bool isValidMachineId(const QString &id)
{
    static const QRegularExpression re(
        QStringLiteral("^(0|[1-9][0-9]*)(/lxd/(0|[1-9][0-9]*))*\\z"));
    return re.match(id).hasMatch();
}

bool isValidUnitName(const QString &name)
{
    const qsizetype slash = name.lastIndexOf(u'/');
    if (slash <= 0)
        return false;
    static const QRegularExpression number(QStringLiteral("^(0|[1-9][0-9]*)\\z"));
    return isValidApplicationName(name.left(slash)) && number.match(name.mid(slash + 1)).hasMatch();
}

bool isValidEndpointName(const QString &name)
{
    static const QRegularExpression re(QStringLiteral("^[a-z][a-z0-9]*([_-][a-z0-9]+)*\\z"));
    return name.size() <= 64 && re.match(name).hasMatch();
}

void checkEndpointName(const QString &name)
{
    if (!isValidEndpointName(name))
        throw BerthError(Text::tr("invalid endpoint \"%1\": expected lower-case letters and "
                                  "digits joined by single hyphens or underscores, starting "
                                  "with a letter (e.g. db, shared-db)")
                             .arg(name));
}

QPair<QString, QString> splitSetting(const QString &setting)
{
    const qsizetype eq = setting.indexOf(u'=');
    if (eq <= 0)
        throw BerthError(Text::tr("malformed setting \"%1\": expected key=value").arg(setting));
    return {setting.left(eq), setting.mid(eq + 1)};
}

void checkApplicationName(const QString &name)
{
    if (!isValidApplicationName(name))
        throw BerthError(Text::tr("invalid application name \"%1\": expected lower-case "
                                  "letters, digits and single hyphens, starting with a "
                                  "letter (e.g. wordpress, my-db2)")
                             .arg(name));
}

void checkCharmName(const QString &name)
{
    if (!isValidApplicationName(name))
        throw BerthError(Text::tr("invalid charm name \"%1\": expected lower-case letters, "
                                  "digits and single hyphens, starting with a letter")
                             .arg(name));
}

void checkModelName(const QString &name)
{
    if (!isValidModelName(name))
        throw BerthError(Text::tr("invalid model name \"%1\": expected lower-case letters, "
                                  "digits and hyphens, starting with a letter or digit")
                             .arg(name));
}

void checkCloudName(const QString &name)
{
    if (!isValidCloudName(name))
        throw BerthError(Text::tr("invalid cloud name \"%1\": expected lower-case letters, "
                                  "digits and hyphens, starting with a letter or digit")
                             .arg(name));
}

} // namespace Names

} // namespace berth
