#include "core/commands/bundlediff.h"

#include <QJsonArray>
#include <QSet>

#include <algorithm>

namespace berth {

namespace {

QJsonObject differ(const QJsonValue &bundle, const QJsonValue &model)
{
    return QJsonObject{{QStringLiteral("bundle"), bundle}, {QStringLiteral("model"), model}};
}

QJsonObject missing(const char *side)
{
    return QJsonObject{{QStringLiteral("missing"), QString::fromLatin1(side)}};
}

bool isPolicyKey(const QString &key)
{
    return key.startsWith(QStringLiteral("berth.")) && key != u"berth.subordinate";
}

// The keys two maps differ in; a key one side lacks is null there (options)
// or empty (annotations, which are text).
QJsonObject keysDiff(const QJsonObject &bundle, const QJsonObject &model, bool text,
                     const std::function<bool(const QString &)> &compared)
{
    QSet<QString> keys;
    for (const QString &k : bundle.keys() + model.keys())
        keys.insert(k);
    const QJsonValue absent = text ? QJsonValue(QString()) : QJsonValue(QJsonValue::Null);
    QJsonObject changed;
    for (const QString &k : std::as_const(keys)) {
        if (!compared(k) || bundle.value(k) == model.value(k))
            continue;
        changed.insert(k, differ(bundle.contains(k) ? bundle.value(k) : absent,
                                 model.contains(k) ? model.value(k) : absent));
    }
    return changed;
}

QJsonObject exposedAll()
{
    return QJsonObject{{QStringLiteral("expose_to_cidrs"),
                        QJsonArray{QStringLiteral("0.0.0.0/0"), QStringLiteral("::/0")}}};
}

QJsonObject applicationDiff(const Bundle::Application &b, const Bundle::Application &m,
                            bool annotations)
{
    QJsonObject d;
    const auto strings = [&](const char *key, const QString &bundle, const QString &model) {
        if (bundle != model)
            d.insert(QString::fromLatin1(key), differ(bundle, model));
    };
    strings("charm", b.charmUrl, m.charmUrl);
    strings("base", b.base, m.base);
    strings("channel", b.channel, m.channel);
    strings("constraints", b.constraints, m.constraints);
    if (b.revision.value_or(-1) != m.revision.value_or(-1))
        d.insert(QStringLiteral("revision"),
                 differ(b.revision.value_or(-1), m.revision.value_or(-1)));
    if (!m.subordinate && b.units != m.units)
        d.insert(QStringLiteral("num_units"), differ(b.units, m.units));
    if (b.expose != m.expose) {
        // Juju's implicit endpoints of an application exposed to all.
        d.insert(QStringLiteral("expose"), differ(b.expose, m.expose));
        d.insert(
            QStringLiteral("exposed_endpoints"),
            QJsonObject{{QString(), differ(b.expose ? QJsonValue(exposedAll()) : QJsonValue(),
                                           m.expose ? QJsonValue(exposedAll()) : QJsonValue())}});
    }
    const auto all = [](const QString &) { return true; };
    if (const QJsonObject changed = keysDiff(b.options, m.options, false, all); !changed.isEmpty())
        d.insert(QStringLiteral("options"), changed);
    const QJsonObject changed =
        keysDiff(b.annotations, m.annotations, true, [&](const QString &key) {
            return key != u"berth.subordinate" && (annotations || isPolicyKey(key));
        });
    if (!changed.isEmpty())
        d.insert(QStringLiteral("annotations"), changed);
    return d;
}

QJsonObject applicationsDiff(const Bundle &bundle, const Bundle &now, bool annotations)
{
    QJsonObject applications;
    for (const Bundle::Application &b : bundle.applications) {
        const Bundle::Application *m = now.application(b.name);
        if (!m)
            applications.insert(b.name, missing("model"));
        else if (const QJsonObject d = applicationDiff(b, *m, annotations); !d.isEmpty())
            applications.insert(b.name, d);
    }
    for (const Bundle::Application &m : now.applications) {
        if (!bundle.application(m.name))
            applications.insert(m.name, missing("bundle"));
    }
    return applications;
}

QJsonObject machinesDiff(const Bundle &bundle, const BundleDiff::ModelSide &model,
                         const BundleCommands::MachineMap &map, bool annotations)
{
    QHash<QString, const Bundle::Machine *> byName;
    for (const Bundle::Machine &m : model.machines)
        byName.insert(m.id, &m);
    QSet<QString> unseen(byName.keyBegin(), byName.keyEnd());
    QJsonObject machines;
    for (const Bundle::Machine &b : bundle.machines) {
        const QString id = map.machines.value(b.id, model.marked.value(b.id, b.id));
        unseen.remove(id);
        const Bundle::Machine *m = byName.value(id);
        if (!m) {
            machines.insert(id, missing("model"));
            continue;
        }
        QJsonObject d;
        if (b.base != m->base)
            d.insert(QStringLiteral("base"), differ(b.base, m->base));
        if (annotations) {
            const QJsonObject changed =
                keysDiff(b.annotations, m->annotations, true, [](const QString &) { return true; });
            if (!changed.isEmpty())
                d.insert(QStringLiteral("annotations"), changed);
        }
        if (!d.isEmpty())
            machines.insert(id, d);
    }
    for (const QString &id : std::as_const(unseen))
        machines.insert(id, missing("bundle"));
    return machines;
}

// A relation as Juju compares it: its two ends sorted, each "app:endpoint".
QStringList canonical(const Bundle::Relation &r)
{
    QStringList ends{r.first, r.second};
    ends.sort();
    for (QString &end : ends) {
        if (!end.contains(u':'))
            end += u':';
    }
    return ends;
}

QJsonArray additions(const QList<Bundle::Relation> &from, const QList<Bundle::Relation> &other)
{
    QList<QStringList> out;
    for (const Bundle::Relation &r : from) {
        const bool held = std::any_of(other.cbegin(), other.cend(),
                                      [&](const Bundle::Relation &o) { return o.sameAs(r); });
        if (!held)
            out << canonical(r);
    }
    std::sort(out.begin(), out.end(), [](const QStringList &a, const QStringList &b) {
        const auto parts = [](const QStringList &r) {
            return QStringList{r.at(0).section(u':', 0, 0), r.at(0).section(u':', 1),
                               r.at(1).section(u':', 0, 0), r.at(1).section(u':', 1)};
        };
        return parts(a) < parts(b);
    });
    QJsonArray array;
    for (const QStringList &r : std::as_const(out))
        array.append(QJsonArray::fromStringList(r));
    return array;
}

} // namespace

QJsonObject BundleDiff::of(const Bundle &bundle, const ModelSide &model,
                           const BundleCommands::MachineMap &map, bool annotations)
{
    QJsonObject out;
    const QJsonObject applications = applicationsDiff(bundle, model.applications, annotations);
    if (!applications.isEmpty())
        out.insert(QStringLiteral("applications"), applications);
    const QJsonObject machines = machinesDiff(bundle, model, map, annotations);
    if (!machines.isEmpty())
        out.insert(QStringLiteral("machines"), machines);
    QJsonObject relations;
    const QJsonArray bundleAdditions = additions(bundle.relations, model.applications.relations);
    const QJsonArray modelAdditions = additions(model.applications.relations, bundle.relations);
    if (!bundleAdditions.isEmpty())
        relations.insert(QStringLiteral("bundle-additions"), bundleAdditions);
    if (!modelAdditions.isEmpty())
        relations.insert(QStringLiteral("model-additions"), modelAdditions);
    if (!relations.isEmpty())
        out.insert(QStringLiteral("relations"), relations);
    return out;
}

} // namespace berth
