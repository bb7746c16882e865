#include "core/model/modelconfig.h"

#include "core/bertherror.h"
#include "core/constraints/constraints.h"
#include "core/model/base.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace berth {

namespace {

// This file's words, through Qt's translation system: the window shows them
// in the user's language, berthctl (no translator) as written here.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(ModelConfig)
};

} // namespace

const QList<ModelConfig::KeyInfo> &ModelConfig::keys()
{
    static const QList<KeyInfo> table{
        {QStringLiteral("default-base"), QStringLiteral("ubuntu@22.04"),
         Text::tr("base for applications and machines deployed without --base")},
        {QStringLiteral("default-mem"), QStringLiteral("2048M"),
         Text::tr("memory required when neither mem nor instance-type is set")},
        {QStringLiteral("harvest-mode"), QStringLiteral("destroyed"),
         Text::tr("which instances the provisioner removes: none, destroyed, unknown, all")},
        {QStringLiteral("mode"), QString(),
         Text::tr("requires-prompts: destructive commands ask on a terminal unless "
                  "--no-prompt; empty: they do not ask")},
        {QStringLiteral("num-container-provision-workers"), QStringLiteral("4"),
         Text::tr("containers started in parallel")},
        {QStringLiteral("provision-workers"), QStringLiteral("16"),
         Text::tr("instances started in parallel")},
        {QStringLiteral("resource-tags"), QString(),
         Text::tr("tags every instance carries, for cost allocation: \"key=value ...\"")},
        {QStringLiteral("retry-count"), QStringLiteral("10"),
         Text::tr("attempts for a start that fails with a retryable error")},
        {QStringLiteral("retry-delay"), QStringLiteral("10s"),
         Text::tr("delay before the first retry, doubled after each (e.g. 500ms, 10s, 1m)")},
        {QStringLiteral("server-group-policy"), QStringLiteral("none"),
         Text::tr("OpenStack server groups: none, anti-affinity[/N per host], "
                  "soft-anti-affinity, affinity, soft-affinity")},
    };
    return table;
}

QString ModelConfig::defaultValue(const QString &key)
{
    for (const KeyInfo &info : keys()) {
        if (info.name == key)
            return info.defaultValue;
    }
    return {};
}

std::optional<qint64> ModelConfig::parseDurationMs(const QString &text)
{
    // Go's durations, as Juju's settings and flags take them: "90s", "1h30m",
    // "1.5s", "500ms"; a plain number is seconds.
    static const QRegularExpression part(
        QStringLiteral("([0-9]{1,9}(?:\\.[0-9]{1,9})?)(ms|s|m|h)"));
    static const QRegularExpression plain(QStringLiteral("^[0-9]{1,9}\\z"));
    if (plain.match(text).hasMatch())
        return text.toLongLong() * 1000;
    double total = 0;
    qsizetype at = 0;
    for (auto m = part.match(text); m.hasMatch() && m.capturedStart() == at;
         m = part.match(text, at)) {
        const QString unit = m.captured(2);
        const double scale = unit == u"ms"  ? 1
                             : unit == u"s" ? 1000
                             : unit == u"m" ? 60'000
                                            : 3'600'000;
        total += m.captured(1).toDouble() * scale;
        at = m.capturedEnd();
    }
    if (at == 0 || at != text.size() || total > 1e12)
        return std::nullopt;
    return qint64(total);
}

QString ModelConfig::canonicalKey(const QString &key)
{
    // Juju's names for settings Berth calls otherwise.
    if (key == u"num-provision-workers")
        return QStringLiteral("provision-workers");
    if (key == u"provisioner-harvest-mode")
        return QStringLiteral("harvest-mode");
    return key;
}

std::optional<QMap<QString, QString>> ModelConfig::parseResourceTags(const QString &text)
{
    static const QRegularExpression tag(
        QStringLiteral("^([A-Za-z0-9_.:/-]{1,63})=(\\S{0,255})\\z"));
    QMap<QString, QString> tags;
    for (const QString &word : text.split(u' ', Qt::SkipEmptyParts)) {
        const auto m = tag.match(word);
        if (!m.hasMatch() || m.captured(1).startsWith(QStringLiteral("berth-")))
            return std::nullopt;
        tags.insert(m.captured(1), m.captured(2));
    }
    return tags;
}

QString ModelConfig::check(const QString &key, const QString &value, const QStringList &cloudBases)
{
    const auto bad = [&](const QString &expected) {
        return BerthError(
            Text::tr("bad value \"%1\" for model config \"%2\": %3").arg(value, key, expected));
    };
    const auto integer = [&](int minimum, int maximum) {
        bool ok = false;
        const int n = value.toInt(&ok);
        if (!ok || n < minimum || n > maximum)
            throw bad(Text::tr("expected an integer from %1 to %2").arg(minimum).arg(maximum));
        return QString::number(n);
    };
    if (key == u"harvest-mode") {
        static const QStringList modes{QStringLiteral("none"), QStringLiteral("destroyed"),
                                       QStringLiteral("unknown"), QStringLiteral("all")};
        if (!modes.contains(value))
            throw bad(Text::tr("expected one of none, destroyed, unknown, all"));
        return value;
    }
    if (key == u"provision-workers")
        return integer(1, 256);
    if (key == u"num-container-provision-workers")
        return integer(1, 256);
    if (key == u"mode") {
        if (!value.isEmpty() && value != u"requires-prompts")
            throw bad(Text::tr("expected requires-prompts, or nothing"));
        return value;
    }
    if (key == u"resource-tags") {
        if (!parseResourceTags(value))
            throw bad(Text::tr("expected key=value pairs separated by spaces, keys of letters, "
                               "digits and _.:/- not starting with berth-"));
        return value.split(u' ', Qt::SkipEmptyParts).join(u' ');
    }
    if (key == u"retry-count")
        return integer(0, 1000);
    if (key == u"retry-delay") {
        const auto ms = parseDurationMs(value);
        if (!ms || *ms > 24LL * 3600 * 1000)
            throw bad(Text::tr("expected a duration such as 500ms, 10s or 1m, up to 24h"));
        return value;
    }
    if (key == u"server-group-policy") {
        if (!parseServerGroup(value))
            throw bad(Text::tr("expected none, %1, or anti-affinity/N with N from 1 to 1000")
                          .arg(serverGroupPolicies().join(QStringLiteral(", "))));
        return value;
    }
    if (key == u"default-mem") {
        const auto parsed = Constraints::parse(QStringLiteral("mem=") + value);
        if (!parsed.ok() || !parsed.constraints.minimum(ConstraintKey::Mem))
            throw bad(Text::tr("expected a positive size such as 2G or 512M"));
        return formatMiB(*parsed.constraints.minimum(ConstraintKey::Mem));
    }
    if (key == u"default-base") {
        const auto parsed = Base::parse(value);
        if (!parsed.ok())
            throw bad(Text::tr("expected a base such as ubuntu@22.04"));
        if (const QString refusal = Base::unsupported(parsed.base, cloudBases); !refusal.isEmpty())
            throw bad(refusal.section(QStringLiteral(": "), 1));
        return parsed.base.toString();
    }
    QStringList names;
    for (const KeyInfo &info : keys())
        names << info.name;
    throw BerthError(Text::tr("unknown model config key \"%1\"; valid keys are: %2")
                         .arg(key, names.join(QStringLiteral(", "))));
}

const QStringList &ModelConfig::serverGroupPolicies()
{
    static const QStringList names{QStringLiteral("anti-affinity"),
                                   QStringLiteral("soft-anti-affinity"), QStringLiteral("affinity"),
                                   QStringLiteral("soft-affinity")};
    return names;
}

std::optional<ModelConfig::ServerGroup> ModelConfig::parseServerGroup(const QString &text)
{
    if (text == u"none")
        return ServerGroup{};
    static const QRegularExpression setting(QStringLiteral("^([a-z-]+)(?:/([0-9]{1,4}))?\\z"));
    const auto match = setting.match(text);
    if (!match.hasMatch() || !serverGroupPolicies().contains(match.captured(1)))
        return std::nullopt;
    ServerGroup group{match.captured(1), 0};
    if (match.hasCaptured(2)) {
        group.maxPerHost = match.captured(2).toInt();
        if (group.policy != u"anti-affinity" || group.maxPerHost < 1 || group.maxPerHost > 1000)
            return std::nullopt;
    }
    return group;
}

ModelConfig::ServerGroup ModelConfig::serverGroup() const
{
    return parseServerGroup(value(QStringLiteral("server-group-policy"))).value_or(ServerGroup{});
}

QString ModelConfig::value(const QString &key) const
{
    return m_values.value(key, defaultValue(key));
}

ModelConfig::Harvest ModelConfig::harvest() const
{
    const QString mode = harvestMode();
    if (mode == u"none")
        return Harvest::None;
    if (mode == u"unknown")
        return Harvest::Unknown;
    if (mode == u"all")
        return Harvest::All;
    return Harvest::Destroyed; // the default; check() lets nothing else in
}

int ModelConfig::provisionWorkers() const
{
    return value(QStringLiteral("provision-workers")).toInt();
}

int ModelConfig::containerProvisionWorkers() const
{
    return value(QStringLiteral("num-container-provision-workers")).toInt();
}

QMap<QString, QString> ModelConfig::resourceTags() const
{
    return parseResourceTags(value(QStringLiteral("resource-tags")))
        .value_or(QMap<QString, QString>{});
}

int ModelConfig::retryCount() const
{
    return value(QStringLiteral("retry-count")).toInt();
}

qint64 ModelConfig::retryDelayMs() const
{
    return parseDurationMs(value(QStringLiteral("retry-delay"))).value_or(10'000);
}

quint64 ModelConfig::defaultMemMiB() const
{
    const auto parsed =
        Constraints::parse(QStringLiteral("mem=") + value(QStringLiteral("default-mem")));
    return parsed.constraints.minimum(ConstraintKey::Mem).value_or(2048);
}

} // namespace berth
