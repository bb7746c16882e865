#include "core/placement/placementpolicy.h"

#include "core/bertherror.h"
#include "core/inputlimits.h"
#include "core/placement/senlinspec.h"

#include <QJsonArray>

#include <QCoreApplication>
#include <cmath>

namespace berth {

namespace {

// This file's words, through Qt's translation system: the window shows them
// in the user's language, berthctl (no translator) as written here.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(PlacementPolicy)
};

} // namespace

namespace {

QJsonObject failed(QJsonObject data, const QString &reason)
{
    data.insert(QStringLiteral("status"), QStringLiteral("ERROR"));
    data.insert(QStringLiteral("reason"), reason);
    return data;
}

// Senlin: the count from data.<key> when an earlier policy decided, else inputs.count, else 1.
qint64 countFrom(const QJsonObject &inputs, const QJsonObject &data, const QString &key)
{
    const QString count = QStringLiteral("count");
    if (data.contains(key) && !data.value(key).isNull()) {
        const QJsonObject decided = data.value(key).toObject();
        return decided.contains(count)
                   ? Limits::wholeNumber(decided.value(count), key + u'.' + count, 0)
                   : 1;
    }
    return inputs.contains(count) ? Limits::wholeNumber(inputs.value(count), count, 0) : 1;
}

// Python's falsiness, as Senlin tests data and inputs: absent, null, false,
// 0, "" and empty objects and lists.
bool isFalsy(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Bool:
        return !value.toBool();
    case QJsonValue::Double:
        return value.toDouble() == 0;
    case QJsonValue::String:
        return value.toString().isEmpty();
    case QJsonValue::Array:
        return value.toArray().isEmpty();
    case QJsonValue::Object:
        return value.toObject().isEmpty();
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        break;
    }
    return true;
}

std::optional<qint64> optionalInt(const QJsonObject &o, const QString &key)
{
    if (!o.contains(key) || o.value(key).isNull())
        return std::nullopt;
    return Limits::wholeNumber(o.value(key), key, -1);
}

QString listKeyOf(PlacementPolicy::Kind kind)
{
    return kind == PlacementPolicy::Kind::Region ? QStringLiteral("regions")
                                                 : QStringLiteral("zones");
}

// A CLUSTER_RESIZE action's inputs read as Senlin reads them; nullopt and
// Senlin's words in `error` when they do not make a request.
std::optional<ResizeParameters::Request> resizeRequest(const QJsonObject &inputs, QString *error)
{
    ResizeParameters::Request request;
    const QString type = inputs.value(QStringLiteral("adjustment_type")).toString();
    request.adjustment = ResizeParameters::adjustmentFromName(type);
    const auto refuse = [&](const QString &why) {
        *error = why;
        return std::nullopt;
    };
    if (!type.isEmpty() && !request.adjustment)
        return refuse(Text::tr("Invalid adjustment_type: %1").arg(type));
    const QJsonValue number = inputs.value(QStringLiteral("number"));
    if (request.adjustment && number.isUndefined())
        return refuse(Text::tr("Missing number value for size adjustment."));
    if (!request.adjustment && !number.isUndefined() && !number.isNull())
        return refuse(Text::tr("Missing adjustment_type value for size adjustment."));
    if (number.isString() && request.adjustment) {
        request.number = ResizeParameters::readNumber(*request.adjustment, number.toString(), error)
                             .value_or(std::nan(""));
        if (!error->isEmpty())
            return std::nullopt;
    } else {
        request.number = number.toDouble(std::nan(""));
    }
    request.minStep = optionalInt(inputs, QStringLiteral("min_step"));
    request.minSize = optionalInt(inputs, QStringLiteral("min_size"));
    request.maxSize = optionalInt(inputs, QStringLiteral("max_size"));
    const QJsonValue strict = inputs.value(QStringLiteral("strict"));
    if (strict.isNull())
        request.strict = std::nullopt; // Senlin's None: neither clipped nor held
    else if (strict.isBool())
        request.strict = strict.toBool();
    else if (!strict.isUndefined())
        return refuse(Text::tr("strict must be true, false or null"));
    return request;
}

} // namespace

PlacementPolicy PlacementPolicy::fromSpec(const QJsonObject &spec)
{
    Kind kind = Kind::Region;
    const QString type = spec.value(QStringLiteral("type")).toString();
    if (type == u"senlin.policy.region_placement")
        kind = Kind::Region;
    else if (type == u"senlin.policy.zone_placement")
        kind = Kind::Zone;
    else
        throw BerthError(Text::tr("unknown policy type \"%1\"; expected "
                                  "senlin.policy.region_placement or "
                                  "senlin.policy.zone_placement")
                             .arg(type));
    SenlinSpec::checkVersion(spec, {QStringLiteral("1.0")});
    const QString listKey = listKeyOf(kind);
    const QJsonArray list =
        spec.value(QStringLiteral("properties")).toObject().value(listKey).toArray();
    if (list.size() > Limits::maxPolicyEntries) {
        throw BerthError(Text::tr("the policy lists %1 %2; expected at most %3")
                             .arg(list.size())
                             .arg(listKey)
                             .arg(Limits::maxPolicyEntries));
    }
    QList<PlacementPlanner::Target> targets;
    for (const auto &value : list) {
        const QJsonObject item = value.toObject();
        PlacementPlanner::Target t;
        t.name = item.value(QStringLiteral("name")).toString();
        // A misspelt key ("wieght") would leave the entry a weight it was not given.
        for (auto it = item.begin(); it != item.end(); ++it) {
            if (it.key() != u"name" && it.key() != u"weight" && it.key() != u"cap") {
                throw BerthError(Text::tr("unknown key \"%1\" in the %2 entry \"%3\"; "
                                          "expected name, weight and cap")
                                     .arg(it.key(), listKey, t.name));
            }
        }
        const auto number = [&](const QString &key, qint64 fallback, qint64 maximum,
                                const QString &expected) {
            const QJsonValue v = item.value(key);
            if (v.isUndefined())
                return fallback;
            const double n = v.toDouble(std::nan(""));
            // Below the minimum is fromTargets()' to say, as for the window's targets.
            if (!v.isDouble() || n != std::trunc(n) || n > double(maximum)) {
                throw BerthError(Text::tr("bad %1 %2 of \"%3\": expected %4")
                                     .arg(key, v.toVariant().toString(), t.name, expected));
            }
            return n < -1e15 ? qint64(-1e15) : qint64(n);
        };
        t.weight = number(QStringLiteral("weight"), 100, Limits::maxWeight,
                          Text::tr("a whole number from 0 to %1").arg(Limits::maxWeight));
        t.cap = number(QStringLiteral("cap"), -1, Limits::maxUnits,
                       Text::tr("-1 (no cap) or a whole number up to %1").arg(Limits::maxUnits));
        targets.append(t);
    }
    return fromTargets(kind, targets);
}

PlacementPolicy PlacementPolicy::fromTargets(Kind kind,
                                             const QList<PlacementPlanner::Target> &targets)
{
    const QString listKey = listKeyOf(kind);
    if (targets.isEmpty())
        throw BerthError(Text::tr("the policy names no %1: expected properties.%1 with "
                                  "name, weight and cap")
                             .arg(listKey));
    PlacementPolicy policy;
    policy.m_kind = kind;
    for (const PlacementPlanner::Target &t : targets) {
        if (t.name.isEmpty())
            throw BerthError(Text::tr("every entry of properties.%1 needs a name").arg(listKey));
        if (t.weight < 0)
            throw BerthError(Text::tr("weight of \"%1\" must be 0 or more").arg(t.name));
        if (t.cap < -1)
            throw BerthError(Text::tr("cap of \"%1\" must be -1 (none) or more").arg(t.name));
        if (t.weight > Limits::maxWeight || t.cap > Limits::maxUnits) {
            throw BerthError(Text::tr("weight or cap of \"%1\" is too large: expected a "
                                      "weight up to %2 and a cap up to %3")
                                 .arg(t.name)
                                 .arg(Limits::maxWeight)
                                 .arg(Limits::maxUnits));
        }
        for (const PlacementPlanner::Target &other : std::as_const(policy.m_targets)) {
            if (other.name == t.name)
                throw BerthError(Text::tr("\"%1\" is listed twice").arg(t.name));
        }
        policy.m_targets.append(t);
    }
    return policy;
}

QJsonObject PlacementPolicy::toSpec() const
{
    QJsonArray list;
    for (const PlacementPlanner::Target &t : m_targets) {
        QJsonObject item{{QStringLiteral("name"), t.name}, {QStringLiteral("weight"), t.weight}};
        if (t.cap >= 0)
            item.insert(QStringLiteral("cap"), t.cap);
        list.append(item);
    }
    return {{QStringLiteral("type"), m_kind == Kind::Region
                                         ? QStringLiteral("senlin.policy.region_placement")
                                         : QStringLiteral("senlin.policy.zone_placement")},
            {QStringLiteral("version"), QStringLiteral("1.0")},
            {QStringLiteral("properties"), QJsonObject{{listKeyOf(m_kind), list}}}};
}

QString PlacementPolicy::kindName() const
{
    return m_kind == Kind::Region ? QStringLiteral("region") : QStringLiteral("zone");
}

QStringList PlacementPolicy::names() const
{
    QStringList list;
    for (const PlacementPlanner::Target &t : m_targets)
        list << t.name;
    return list;
}

QString PlacementPolicy::unknownNames(const QStringList &known) const
{
    QStringList unknown;
    for (const QString &name : names()) {
        if (!known.contains(name))
            unknown << u'\'' + name + u'\'';
    }
    if (unknown.isEmpty())
        return {};
    return Text::tr("The specified %1 '[%2]' could not be found.")
        .arg(m_kind == Kind::Region ? QStringLiteral("regions") : QStringLiteral("zones"),
             unknown.join(QStringLiteral(", ")));
}

QJsonObject PlacementPolicy::decide(const Action &action, const QMap<QString, qint64> &current,
                                    const QStringList &available) const
{
    QJsonObject data = action.data;
    const QString creation = QStringLiteral("creation");
    const QString deletion = QStringLiteral("deletion");
    qint64 delta = 0;
    if (action.name == u"CLUSTER_SCALE_OUT") {
        delta = countFrom(action.inputs, data, creation);
    } else if (action.name == u"CLUSTER_SCALE_IN") {
        delta = -countFrom(action.inputs, data, deletion);
    } else if (action.name == u"NODE_CREATE") {
        // A node whose profile names its own region (Berth: --to region=R),
        // or its own zone, is left alone.
        const QJsonObject profile = action.inputs.value(QStringLiteral("profile")).toObject();
        if (m_kind == Kind::Region && profile.contains(QStringLiteral("region_name")))
            return data;
        if (m_kind == Kind::Zone && !isFalsy(profile.value(QStringLiteral("availability_zone"))))
            return data;
        delta = 1;
    } else if (action.name == u"CLUSTER_RESIZE") {
        // As Senlin: an earlier decision counts only when not empty, and a
        // deletion before a creation.
        if (!isFalsy(data.value(deletion))) {
            delta = -countFrom({}, data, deletion);
        } else if (!isFalsy(data.value(creation))) {
            delta = countFrom({}, data, creation);
        } else {
            QString error;
            const std::optional<ResizeParameters::Request> request =
                resizeRequest(action.inputs, &error);
            if (!request)
                return failed(data, error);
            // Senlin starts from the nodes the cluster has, or its desired
            // capacity when it has none.
            ResizeParameters::ClusterSize size = action.cluster;
            qint64 nodes = 0;
            for (const qint64 n : current)
                nodes += n;
            if (nodes > 0)
                size.desired = nodes;
            const ResizeParameters::Result r = ResizeParameters::resize(size, *request);
            if (!r.ok())
                return failed(data, r.error);
            delta = r.creation > 0 ? r.creation : -r.deletion;
            // What Senlin's resize writes before the policy plans.
            data.insert(delta >= 0 ? creation : deletion,
                        QJsonObject{{QStringLiteral("count"), delta >= 0 ? delta : -delta}});
        }
    } else {
        throw BerthError(Text::tr("unknown action \"%1\"; expected CLUSTER_SCALE_OUT, "
                                  "CLUSTER_SCALE_IN, CLUSTER_RESIZE or NODE_CREATE")
                             .arg(action.name));
    }

    data.insert(QStringLiteral("status"), QStringLiteral("OK"));
    // Nothing to place (a resize of the bounds alone): no plan, and no
    // region or zone need be usable.
    if (delta == 0)
        return data;
    const bool zones = m_kind == Kind::Zone;
    const PlacementPlanner::Plan plan =
        PlacementPlanner::plan(m_targets, current, delta, available, zones);
    if (!plan.ok())
        return failed(data, plan.error);
    QJsonObject perTarget;
    for (auto it = plan.counts.cbegin(); it != plan.counts.cend(); ++it)
        perTarget.insert(it.key(), it.value());
    // Into what an earlier policy decided, keeping its other keys.
    const QString key = delta >= 0 ? creation : deletion;
    QJsonObject decided = data.value(key).toObject();
    decided.insert(QStringLiteral("count"), delta >= 0 ? delta : -delta);
    decided.insert(zones ? QStringLiteral("zones") : QStringLiteral("regions"), perTarget);
    data.insert(key, decided);
    return data;
}

} // namespace berth
