#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace berth {

// A model's settings (`model-config`): known keys, their defaults, and typed
// access. Values are stored as text; check() rejects a bad one with a line
// saying what is expected.
class ModelConfig
{
public:
    struct KeyInfo
    {
        QString name;
        QString defaultValue;
        QString description;
    };

    ModelConfig() = default;
    explicit ModelConfig(QMap<QString, QString> values)
        : m_values(std::move(values))
    {}

    static const QList<KeyInfo> &keys();
    // Throws BerthError when the key is unknown or the value malformed; returns
    // the value in its normal form. `cloudBases`: the model's cloud's own bases
    // (CloudInfo::bases), also allowed as default-base.
    static QString check(const QString &key, const QString &value,
                         const QStringList &cloudBases = {});
    static QString defaultValue(const QString &key);

    QString value(const QString &key) const;
    bool isDefault(const QString &key) const { return !m_values.contains(key); }
    const QMap<QString, QString> &explicitValues() const { return m_values; }

    QString harvestMode() const { return value(QStringLiteral("harvest-mode")); }
    // Which instances the provisioner stops (Juju's harvest-mode): those of
    // dead machines (Destroyed), those no machine claims (Unknown), both
    // (All), or none.
    enum class Harvest { None, Destroyed, Unknown, All };
    Harvest harvest() const;
    int provisionWorkers() const;
    int containerProvisionWorkers() const;
    // resource-tags: what every instance of the model carries besides Berth's own tags.
    QMap<QString, QString> resourceTags() const;
    bool requiresPrompts() const { return value(QStringLiteral("mode")) == u"requires-prompts"; }
    // Berth's name for a setting Juju names otherwise (num-provision-workers,
    // provisioner-harvest-mode); any other key as it is.
    static QString canonicalKey(const QString &key);
    // "key=value ..." into tags; nullopt when a word is no key=value or takes
    // a key of Berth's own (berth-...).
    static std::optional<QMap<QString, QString>> parseResourceTags(const QString &text);
    int retryCount() const;
    qint64 retryDelayMs() const;
    quint64 defaultMemMiB() const;
    QString defaultBase() const { return value(QStringLiteral("default-base")); }

    // A Go duration as Juju takes one ("90s", "1h30m", "1.5s", "500ms", or
    // plain seconds); nullopt for anything else.
    static std::optional<qint64> parseDurationMs(const QString &text);

    // Nova's server group policies, for `server-group-policy` and Senlin's
    // affinity policy.
    static const QStringList &serverGroupPolicies();
    struct ServerGroup
    {
        QString policy; // empty: none
        int maxPerHost = 0;
    };
    // "none", a policy, or "anti-affinity/N" (at most N on one host);
    // nullopt when it is none of these.
    static std::optional<ServerGroup> parseServerGroup(const QString &text);
    // Every application's own server group, unless its affinity policy says otherwise.
    ServerGroup serverGroup() const;

private:
    QMap<QString, QString> m_values;
};

} // namespace berth
