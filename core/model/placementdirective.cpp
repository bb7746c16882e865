#include "core/model/placementdirective.h"

#include "core/model/names.h"
#include "core/printable.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace berth {

namespace {

// This file's words, through Qt's translation system: the window shows them
// in the user's language, berthctl (no translator) as written here.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(PlacementDirective)
};

} // namespace

namespace {

PlacementDirective::ParseResult failure(const QString &message)
{
    PlacementDirective::ParseResult result;
    result.error = printable(message);
    return result;
}

const QString expected = QStringLiteral(
    "expected a machine id, a container id, lxd, lxd:<machine>, zone=<zone>, region=<region>, "
    "system-id=<id>, ssh:[user@]host[:port] or a node hostname");

bool isHostname(const QString &text)
{
    static const QRegularExpression re(
        QStringLiteral("^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\\z"));
    return text.size() <= 253 && re.match(text).hasMatch();
}

PlacementDirective::ParseResult parseSsh(const QString &text, const QString &rest)
{
    static const QRegularExpression re(QStringLiteral(
        "^(?:([a-z_][a-z0-9_.-]*)@)?([A-Za-z0-9.-]+|\\[[0-9A-Fa-f:.]+\\])(?::([0-9]{1,5}))?\\z"));
    const auto m = re.match(rest);
    if (!m.hasMatch()) {
        return failure(Text::tr("invalid placement directive \"%1\": expected "
                                "ssh:[user@]host[:port]")
                           .arg(text));
    }
    PlacementDirective::ParseResult result;
    result.directive.kind = PlacementDirective::Kind::Ssh;
    result.directive.user = m.captured(1);
    result.directive.host = m.captured(2);
    if (m.hasCaptured(3) && !m.captured(3).isEmpty()) {
        const int port = m.captured(3).toInt();
        if (port < 1 || port > 65535) {
            return failure(Text::tr("invalid placement directive \"%1\": port must be "
                                    "between 1 and 65535")
                               .arg(text));
        }
        result.directive.port = port;
    }
    return result;
}

} // namespace

PlacementDirective::ParseResult PlacementDirective::parse(const QString &text)
{
    ParseResult result;
    PlacementDirective &d = result.directive;
    if (text.isEmpty())
        return failure(Text::tr("empty placement directive: ") + expected);
    if (Names::isValidMachineId(text)) {
        d.kind = text.contains(u'/') ? Kind::Container : Kind::Machine;
        d.target = text;
        return result;
    }
    if (text == u"lxd" || text == u"lxc") {
        d.kind = Kind::NewContainer;
        return result;
    }
    const qsizetype colon = text.indexOf(u':');
    const qsizetype eq = text.indexOf(u'=');
    if (colon > 0 && (eq < 0 || colon < eq)) {
        const QString scope = text.left(colon);
        const QString rest = text.mid(colon + 1);
        if (scope == u"lxd" || scope == u"lxc") {
            if (!Names::isValidMachineId(rest)) {
                return failure(
                    Text::tr("invalid value \"%1\" for \"lxd\" scope: expected machine-id")
                        .arg(rest));
            }
            d.kind = Kind::NewContainer;
            d.target = rest;
            return result;
        }
        if (scope == u"ssh")
            return parseSsh(text, rest);
        return failure(Text::tr("invalid placement directive \"%1\": unknown scope \"%2\"; "
                                "expected lxd or ssh")
                           .arg(text, scope));
    }
    if (eq > 0) {
        const QString key = text.left(eq);
        const QString value = text.mid(eq + 1);
        static const QRegularExpression word(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._-]*\\z"));
        Kind kind;
        if (key == u"zone")
            kind = Kind::Zone;
        else if (key == u"region")
            kind = Kind::Region;
        else if (key == u"system-id")
            kind = Kind::SystemId;
        else
            return failure(Text::tr("invalid placement directive \"%1\": unknown key \"%2\"; "
                                    "expected zone, region or system-id")
                               .arg(text, key));
        if (!word.match(value).hasMatch()) {
            return failure(
                Text::tr("invalid placement directive \"%1\": expected %2=<name>").arg(text, key));
        }
        d.kind = kind;
        d.value = value;
        return result;
    }
    if (isHostname(text) && !text.front().isDigit()) {
        d.kind = Kind::Hostname;
        d.value = text;
        return result;
    }
    return failure(Text::tr("invalid placement directive \"%1\": ").arg(text) + expected);
}

PlacementDirective::ListResult PlacementDirective::parseList(const QString &text)
{
    ListResult result;
    const QStringList parts = text.split(u',');
    for (const QString &part : parts) {
        // Spaces after the commas are the list's; a newline or tab is no directive's.
        qsizetype from = 0;
        qsizetype to = part.size();
        while (from < to && part.at(from) == u' ')
            ++from;
        while (to > from && part.at(to - 1) == u' ')
            --to;
        auto parsed = parse(part.mid(from, to - from));
        if (!parsed.ok()) {
            result.error = parsed.error;
            result.directives.clear();
            return result;
        }
        result.directives << parsed.directive;
    }
    return result;
}

QString PlacementDirective::toString() const
{
    switch (kind) {
    case Kind::Machine:
    case Kind::Container:
        return target;
    case Kind::NewContainer:
        return target.isEmpty() ? QStringLiteral("lxd") : QStringLiteral("lxd:") + target;
    case Kind::Zone:
        return QStringLiteral("zone=") + value;
    case Kind::Region:
        return QStringLiteral("region=") + value;
    case Kind::SystemId:
        return QStringLiteral("system-id=") + value;
    case Kind::Hostname:
        return value;
    case Kind::Ssh: {
        QString s = QStringLiteral("ssh:");
        if (!user.isEmpty())
            s += user + u'@';
        s += host;
        if (port != 22)
            s += u':' + QString::number(port);
        return s;
    }
    }
    return {};
}

} // namespace berth
