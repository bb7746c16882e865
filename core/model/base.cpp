#include "core/model/base.h"

#include "core/printable.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace berth {

namespace {

// This file's words, through Qt's translation system: the window shows them
// in the user's language, berthctl (no translator) as written here.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(Base)
};

} // namespace

namespace {

struct Series
{
    const char *name;
    const char *channel;
};

// Juju's older series names, accepted on input only.
constexpr Series ubuntuSeries[] = {
    {"xenial", "16.04"}, {"bionic", "18.04"}, {"focal", "20.04"},
    {"jammy", "22.04"},  {"noble", "24.04"},
};

} // namespace

Base::ParseResult Base::parse(const QString &text)
{
    ParseResult result;
    for (const Series &series : ubuntuSeries) {
        if (text == QLatin1StringView(series.name)) {
            result.base = Base(QStringLiteral("ubuntu"), QString::fromLatin1(series.channel));
            return result;
        }
    }
    static const QRegularExpression pattern(
        QStringLiteral("^([a-z][a-z0-9]*)@([0-9]+(?:\\.[0-9]+)?(?:/[a-z]+)?)\\z"));
    const auto match = pattern.match(text);
    if (!match.hasMatch()) {
        result.error = Text::tr("invalid base \"%1\": expected os@channel (e.g. "
                                "ubuntu@22.04) or a series name (focal, jammy, noble)")
                           .arg(printable(text));
        return result;
    }
    result.base = Base(match.captured(1), match.captured(2));
    return result;
}

QString Base::series() const
{
    for (const Series &s : ubuntuSeries) {
        if (m_os == u"ubuntu" && m_channel == QLatin1StringView(s.channel))
            return QString::fromLatin1(s.name);
    }
    return {};
}

const QStringList &Base::knownBases()
{
    static const QStringList bases{
        QStringLiteral("ubuntu@16.04"), QStringLiteral("ubuntu@18.04"),
        QStringLiteral("ubuntu@20.04"), QStringLiteral("ubuntu@22.04"),
        QStringLiteral("ubuntu@24.04"), QStringLiteral("centos@7"),
        QStringLiteral("centos@9"),     QStringLiteral("debian@11"),
        QStringLiteral("debian@12"),
    };
    return bases;
}

QString Base::unsupported(const Base &base, const QStringList &cloudBases)
{
    const QString track = base.os() + u'@' + base.channel().section(u'/', 0, 0);
    if (knownBases().contains(track) || cloudBases.contains(track) ||
        cloudBases.contains(base.toString()))
        return {};
    QStringList all = knownBases();
    for (const QString &extra : cloudBases) {
        if (!all.contains(extra))
            all << extra;
    }
    return Text::tr("unsupported base \"%1\": expected one of %2")
        .arg(printable(base.toString()), all.join(QStringLiteral(", ")));
}

} // namespace berth
