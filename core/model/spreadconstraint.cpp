#include "core/model/spreadconstraint.h"

#include "core/bertherror.h"

#include <algorithm>
#include <array>
#include <limits>

namespace berth {

namespace {

constexpr std::array levels{
    std::pair{SpreadConstraint::Level::Zone, QStringView(u"zone")},
    std::pair{SpreadConstraint::Level::Region, QStringView(u"region")},
    std::pair{SpreadConstraint::Level::Machine, QStringView(u"machine")},
};

const QString annotationPrefix = QStringLiteral("berth.spread.");

int wholeNumber(const QString &key, const QString &text)
{
    bool ok = false;
    const int value = text.toInt(&ok);
    if (!ok || text.startsWith(u'+')) {
        throw BerthError(SpreadConstraint::tr("bad %1 \"%2\": expected a whole number of at "
                                              "least 1")
                             .arg(key, text));
    }
    return value;
}

} // namespace

QString SpreadConstraint::levelName(Level level)
{
    for (const auto &[value, name] : levels) {
        if (value == level)
            return name.toString();
    }
    return {};
}

std::optional<SpreadConstraint::Level> SpreadConstraint::levelFrom(const QString &name)
{
    for (const auto &[value, text] : levels) {
        if (text == name)
            return value;
    }
    return std::nullopt;
}

QString SpreadConstraint::levelChoices()
{
    return QStringLiteral("zone, region or machine");
}

QString SpreadConstraint::unsatisfiableName(Unsatisfiable value)
{
    return value == Unsatisfiable::Wait ? QStringLiteral("wait") : QStringLiteral("anyway");
}

std::optional<SpreadConstraint::Unsatisfiable>
SpreadConstraint::unsatisfiableFrom(const QString &name)
{
    if (name == u"wait")
        return Unsatisfiable::Wait;
    if (name == u"anyway")
        return Unsatisfiable::Anyway;
    return std::nullopt;
}

void SpreadConstraint::check() const
{
    if (maxSkew < 1)
        throw BerthError(tr("bad max-skew %1: expected a whole number of at least 1").arg(maxSkew));
    if (minDomains < 1) {
        throw BerthError(
            tr("bad min-domains %1: expected a whole number of at least 1").arg(minDomains));
    }
    if (minDomains > 1 && !hard()) {
        throw BerthError(tr("min-domains %1 needs when-unsatisfiable=wait: with anyway a "
                            "placement is never held back, so there is nothing to wait for")
                             .arg(minDomains));
    }
}

QString SpreadConstraint::annotation() const
{
    return QStringLiteral("max-skew=%1,min-domains=%2,when-unsatisfiable=%3")
        .arg(maxSkew)
        .arg(minDomains)
        .arg(unsatisfiableName(whenUnsatisfiable));
}

QString SpreadConstraint::annotationKey(Level level)
{
    return annotationPrefix + levelName(level);
}

std::optional<SpreadConstraint::Level> SpreadConstraint::levelOfAnnotationKey(const QString &key)
{
    if (!key.startsWith(annotationPrefix))
        return std::nullopt;
    return levelFrom(key.mid(annotationPrefix.size()));
}

SpreadConstraint SpreadConstraint::fromAnnotation(Level level, const QString &text)
{
    SpreadConstraint c;
    c.level = level;
    for (const QString &part : text.split(u',', Qt::SkipEmptyParts)) {
        const QString key = part.section(u'=', 0, 0).trimmed();
        const QString value = part.section(u'=', 1).trimmed();
        if (!part.contains(u'='))
            throw BerthError(tr("bad spread \"%1\": expected KEY=VALUE pairs such as "
                                "max-skew=1,min-domains=3,when-unsatisfiable=wait")
                                 .arg(text));
        if (key == u"max-skew") {
            c.maxSkew = wholeNumber(key, value);
        } else if (key == u"min-domains") {
            c.minDomains = wholeNumber(key, value);
        } else if (key == u"when-unsatisfiable") {
            const auto when = unsatisfiableFrom(value);
            if (!when)
                throw BerthError(
                    tr("bad when-unsatisfiable \"%1\": expected wait or anyway").arg(value));
            c.whenUnsatisfiable = *when;
        } else {
            throw BerthError(tr("unknown spread key \"%1\": expected max-skew, min-domains or "
                                "when-unsatisfiable")
                                 .arg(key));
        }
    }
    c.check();
    return c;
}

QJsonObject SpreadConstraint::toJson() const
{
    return {{QStringLiteral("level"), levelName(level)},
            {QStringLiteral("max-skew"), maxSkew},
            {QStringLiteral("min-domains"), minDomains},
            {QStringLiteral("when-unsatisfiable"), unsatisfiableName(whenUnsatisfiable)}};
}

SpreadConstraint SpreadConstraint::fromJson(const QJsonObject &json)
{
    SpreadConstraint c;
    const QString levelText = json.value(QStringLiteral("level")).toString();
    const auto level = levelFrom(levelText);
    if (!level) {
        throw BerthError(
            tr("unknown spread level \"%1\": expected %2").arg(levelText, levelChoices()));
    }
    c.level = *level;
    const auto number = [&](const QString &key, int fallback) {
        const QJsonValue value = json.value(key);
        if (value.isUndefined())
            return fallback;
        const double n = value.toDouble(-1);
        if (!value.isDouble() || n != double(int(n)))
            throw BerthError(tr("bad %1: expected a whole number of at least 1").arg(key));
        return int(n);
    };
    c.maxSkew = number(QStringLiteral("max-skew"), 1);
    c.minDomains = number(QStringLiteral("min-domains"), 1);
    const QString whenText = json.value(QStringLiteral("when-unsatisfiable")).toString();
    if (!whenText.isEmpty()) {
        const auto when = unsatisfiableFrom(whenText);
        if (!when)
            throw BerthError(
                tr("bad when-unsatisfiable \"%1\": expected wait or anyway").arg(whenText));
        c.whenUnsatisfiable = *when;
    }
    c.check();
    return c;
}

QString SpreadConstraint::describe(const QList<SpreadConstraint> &constraints)
{
    QStringList parts;
    for (const SpreadConstraint &c : constraints) {
        parts << tr("%1 max-skew %2, %3")
                     .arg(SpreadConstraint::levelName(c.level))
                     .arg(c.maxSkew)
                     .arg(SpreadConstraint::unsatisfiableName(c.whenUnsatisfiable));
    }
    return parts.join(QStringLiteral("; "));
}

int spreadSkew(const QHash<QString, int> &counts, const QStringList &domains, bool emptyDomain,
               bool countAll)
{
    int most = 0;
    int least = std::numeric_limits<int>::max();
    for (const QString &d : domains) {
        const int n = counts.value(d);
        most = std::max(most, n);
        least = std::min(least, n);
    }
    if (countAll) {
        for (const int n : counts)
            most = std::max(most, n);
    }
    if (emptyDomain || domains.isEmpty())
        least = 0;
    return most - least;
}

} // namespace berth
