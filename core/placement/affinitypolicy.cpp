#include "core/placement/affinitypolicy.h"

#include "core/bertherror.h"
#include "core/model/modelconfig.h"
#include "core/placement/senlinspec.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QRegularExpression>

namespace berth {

namespace {

// This file's words, through Qt's translation system: the window shows them
// in the user's language, berthctl (no translator) as written here.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(AffinityPolicy)
};

constexpr int maxPerHostLimit = 1000;

QString checkedPolicy(const QString &policy)
{
    if (!ModelConfig::serverGroupPolicies().contains(policy)) {
        throw BerthError(
            Text::tr("invalid server group policy \"%1\"; expected %2")
                .arg(policy, ModelConfig::serverGroupPolicies().join(QStringLiteral(", "))));
    }
    return policy;
}

} // namespace

namespace AffinityPolicy {

HostSpread fromSpec(const QJsonObject &spec, QStringList *ignored)
{
    const QString type = spec.value(QStringLiteral("type")).toString();
    if (type != u"senlin.policy.affinity") {
        throw BerthError(
            Text::tr("unknown policy type \"%1\"; expected senlin.policy.affinity").arg(type));
    }
    SenlinSpec::checkVersion(spec, {QStringLiteral("1.0")});
    const QJsonObject properties = spec.value(QStringLiteral("properties")).toObject();
    HostSpread spread;
    spread.policy = QStringLiteral("anti-affinity"); // Senlin's default
    for (auto it = properties.begin(); it != properties.end(); ++it) {
        if (it.key() != u"servergroup") {
            if (ignored)
                *ignored << it.key();
            continue;
        }
        const QJsonObject group = it.value().toObject();
        for (auto g = group.begin(); g != group.end(); ++g) {
            if (g.key() == u"name") {
                spread.group = g.value().toString();
                static const QRegularExpression name(
                    QStringLiteral("^[A-Za-z0-9][A-Za-z0-9_.-]{0,254}\\z"));
                if (!name.match(spread.group).hasMatch())
                    throw BerthError(Text::tr("invalid server group name \"%1\"; expected "
                                              "letters, digits, '-', '_' and '.'")
                                         .arg(g.value().toVariant().toString()));
            } else if (g.key() == u"policies") {
                // A string, as Senlin has it; older specs give a list of one.
                const QJsonValue value = g.value().isArray() && g.value().toArray().size() == 1
                                             ? g.value().toArray().first()
                                             : g.value();
                spread.policy = checkedPolicy(value.toVariant().toString());
            } else if (g.key() == u"max_server_per_host") {
                const double n = g.value().toDouble(-1);
                if (!g.value().isDouble() || n != std::floor(n) || n < 1 || n > maxPerHostLimit)
                    throw BerthError(Text::tr("invalid max_server_per_host \"%1\"; expected a "
                                              "whole number from 1 to %2")
                                         .arg(g.value().toVariant().toString())
                                         .arg(maxPerHostLimit));
                spread.maxPerHost = int(n);
            } else if (ignored) {
                *ignored << QStringLiteral("servergroup.") + g.key();
            }
        }
    }
    if (spread.maxPerHost > 0 && spread.policy != u"anti-affinity")
        throw BerthError(Text::tr("max_server_per_host goes with the anti-affinity policy only"));
    return spread;
}

QJsonObject toSpec(const HostSpread &spread)
{
    QJsonObject group{{QStringLiteral("policies"), spread.policy}};
    if (!spread.group.isEmpty())
        group.insert(QStringLiteral("name"), spread.group);
    if (spread.maxPerHost > 0)
        group.insert(QStringLiteral("max_server_per_host"), spread.maxPerHost);
    return {{QStringLiteral("type"), QStringLiteral("senlin.policy.affinity")},
            {QStringLiteral("version"), QStringLiteral("1.0")},
            {QStringLiteral("properties"), QJsonObject{{QStringLiteral("servergroup"), group}}}};
}

} // namespace AffinityPolicy

} // namespace berth
