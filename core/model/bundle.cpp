#include "core/model/bundle.h"

#include "core/bertherror.h"
#include "core/constraints/constraints.h"
#include "core/inputlimits.h"
#include "core/model/base.h"
#include "core/model/names.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <utility>

namespace berth {

namespace {

// A scalar as text: YAML's unquoted 0 and true arrive as a number and a bool.
std::optional<QString> textOf(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::String:
        return value.toString();
    case QJsonValue::Double: {
        const double d = value.toDouble();
        if (d == std::trunc(d) && std::abs(d) < 1e15)
            return QString::number(qint64(d));
        return QString::number(d);
    }
    case QJsonValue::Bool:
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    default:
        return std::nullopt;
    }
}

// A base from `base` or a series name, with a risk (`/stable`) dropped.
QString baseOf(const QJsonValue &value, const QString &where, const QString &key)
{
    const auto text = textOf(value);
    if (!text || text->isEmpty())
        throw BerthError(Bundle::tr("%1: %2 must be a base (ubuntu@22.04) or a series name "
                                    "(jammy)")
                             .arg(where, key));
    const QString plain = text->section(u'/', 0, 0);
    const auto parsed = Base::parse(plain);
    if (!parsed.ok())
        throw BerthError(Bundle::tr("%1: %2").arg(where, parsed.error));
    return parsed.base.toString();
}

QString constraintsOf(const QJsonValue &value, const QString &where)
{
    if (!value.isString())
        throw BerthError(
            Bundle::tr("%1: constraints must be one string (\"mem=4G cores=2\")").arg(where));
    const auto parsed = Constraints::parse(value.toString());
    if (!parsed.ok())
        throw BerthError(Bundle::tr("%1: %2").arg(where, parsed.error));
    return parsed.constraints.toString();
}

QJsonObject stringPairs(const QJsonValue &value, const QString &where, const QString &key)
{
    if (value.isNull() || value.isUndefined())
        return {};
    if (!value.isObject())
        throw BerthError(Bundle::tr("%1: %2 must be a map of names to values").arg(where, key));
    QJsonObject out;
    const QJsonObject in = value.toObject();
    for (auto it = in.begin(); it != in.end(); ++it) {
        const auto text = textOf(it.value());
        if (!text)
            throw BerthError(
                Bundle::tr("%1: %2 \"%3\" must be a single value").arg(where, key, it.key()));
        out.insert(it.key(), *text);
    }
    return out;
}

// The charm's name from what a bundle writes: ch:ceph-mon, cs:~me/xenial/mysql-5,
// local:jammy/app, ./charm, mysql.
QString charmNameOf(const QString &url)
{
    QString name = url;
    const qsizetype colon = name.indexOf(u':');
    const QString scheme = colon > 0 ? name.left(colon) : QString();
    if (colon > 0)
        name = name.mid(colon + 1);
    name = name.section(u'/', -1);
    static const QRegularExpression revision(QStringLiteral("-[0-9]+\\z"));
    if (scheme == u"cs" || scheme == u"local")
        name.remove(revision);
    return name;
}

const QStringList &ignoredApplicationKeys()
{
    static const QStringList keys{QStringLiteral("bindings"), QStringLiteral("storage"),
                                  QStringLiteral("devices"),  QStringLiteral("resources"),
                                  QStringLiteral("trust"),    QStringLiteral("plan"),
                                  QStringLiteral("requires"), QStringLiteral("offers")};
    return keys;
}

} // namespace

QJsonObject Bundle::merged(const QList<QJsonValue> &documents, const QString &source)
{
    if (documents.isEmpty() || !documents.first().isObject())
        throw BerthError(tr("%1 is not a bundle: expected a map with applications").arg(source));
    QJsonObject out = documents.first().toObject();
    for (qsizetype i = 1; i < documents.size(); ++i) {
        if (documents.at(i).isNull())
            continue; // an empty document
        if (!documents.at(i).isObject())
            throw BerthError(tr("%1: overlay %2 is not a map").arg(source).arg(i));
        const QJsonObject overlay = documents.at(i).toObject();
        if (overlay.contains(QStringLiteral("services")))
            throw BerthError(tr("%1: bundle overlay file used deprecated 'services' key, this is "
                                "not valid for bundle overlay files")
                                 .arg(source));
        for (auto it = overlay.begin(); it != overlay.end(); ++it) {
            const QString key = it.key();
            if (key == u"applications") {
                mergeApplications(out, it.value().toObject());
            } else if (key == u"relations") {
                QJsonArray relations = out.value(key).toArray();
                for (const QJsonValue &r : it.value().toArray())
                    relations.append(r);
                out.insert(key, relations);
            } else if (!it.value().isNull() && it.value() != QJsonValue(QString())) {
                out.insert(key, it.value()); // machines, series and the rest: replaced
            }
        }
    }
    return out;
}

void Bundle::mergeApplications(QJsonObject &bundle, const QJsonObject &given)
{
    // Juju's overlay rules (ReadAndMergeBundleData in juju/charm).
    QJsonObject apps = bundle.value(QStringLiteral("applications")).toObject();
    for (auto app = given.begin(); app != given.end(); ++app) {
        const QString name = app.key();
        if (app.value().isNull() || app.value().toObject().isEmpty()) {
            // Given with no values: removed, with the relations that name it.
            apps.remove(name);
            QJsonArray kept;
            for (const QJsonValue &r : bundle.value(QStringLiteral("relations")).toArray()) {
                const QJsonArray pair = r.toArray();
                const bool names =
                    pair.size() == 2 &&
                    std::any_of(pair.begin(), pair.end(), [&](const QJsonValue &end) {
                        return applicationOf(end.toString()) == name;
                    });
                if (!names)
                    kept.append(r);
            }
            if (bundle.contains(QStringLiteral("relations")))
                bundle.insert(QStringLiteral("relations"), kept);
            continue;
        }
        if (!apps.contains(name) || !apps.value(name).isObject()) {
            apps.insert(name, app.value());
            continue;
        }
        QJsonObject merged = apps.value(name).toObject();
        const QJsonObject fields = app.value().toObject();
        for (auto field = fields.begin(); field != fields.end(); ++field) {
            const QJsonValue &value = field.value();
            const bool mapField = merged.value(field.key()).isObject() || value.isObject();
            if (value.isNull() || (mapField && value.toObject().isEmpty())) {
                merged.remove(field.key()); // null, or an empty map: cleared
            } else if (mapField && merged.value(field.key()).isObject()) {
                // A map's keys set one by one; a key given null is removed.
                QJsonObject map = merged.value(field.key()).toObject();
                const QJsonObject keys = value.toObject();
                for (auto k = keys.begin(); k != keys.end(); ++k) {
                    if (k.value().isNull())
                        map.remove(k.key());
                    else
                        map.insert(k.key(), k.value());
                }
                merged.insert(field.key(), map);
            } else {
                merged.insert(field.key(), value); // scalars and lists: replaced
            }
        }
        apps.insert(name, merged);
    }
    bundle.insert(QStringLiteral("applications"), apps);
}

bool Bundle::Relation::sameAs(const Relation &other) const
{
    const auto endsMatch = [](const QString &p, const QString &q) {
        if (applicationOf(p) != applicationOf(q))
            return false;
        return !p.contains(u':') || !q.contains(u':') || p == q;
    };
    return (endsMatch(first, other.first) && endsMatch(second, other.second)) ||
           (endsMatch(first, other.second) && endsMatch(second, other.first));
}

Bundle::Placement Bundle::placementOf(const QString &entry)
{
    Placement p;
    QString rest = entry;
    if (rest.contains(u':')) {
        p.container = true;
        rest = rest.section(u':', 1);
    } else if (rest == u"lxd") {
        p.container = true;
        rest = QStringLiteral("new");
    }
    if (rest == u"new") {
        p.kind = Placement::Kind::New;
    } else if (Names::isValidUnitName(rest)) {
        p.kind = Placement::Kind::Unit;
        p.target = rest;
    } else if (Names::isValidApplicationName(rest)) {
        p.kind = Placement::Kind::Application;
        p.target = rest;
    } else {
        p.kind = Placement::Kind::Machine;
        p.target = rest;
    }
    return p;
}

QString Bundle::applicationOf(const QString &endpoint)
{
    return endpoint.section(u':', 0, 0);
}

const Bundle::Application *Bundle::application(const QString &appName) const
{
    for (const Application &a : applications) {
        if (a.name == appName)
            return &a;
    }
    return nullptr;
}

const Bundle::Machine *Bundle::machine(const QString &id) const
{
    for (const Machine &m : machines) {
        if (m.id == id)
            return &m;
    }
    return nullptr;
}

QHash<QString, const Bundle::Machine *> Bundle::machinesById() const
{
    QHash<QString, const Machine *> byId;
    byId.reserve(machines.size());
    for (const Machine &m : machines)
        byId.insert(m.id, &m);
    return byId;
}

qint64 Bundle::units() const
{
    qint64 total = 0;
    for (const Application &app : applications)
        total += app.units;
    return total;
}

const QStringList &Bundle::topLevelKeys()
{
    static const QStringList keys{
        QStringLiteral("name"),         QStringLiteral("description"),  QStringLiteral("series"),
        QStringLiteral("default-base"), QStringLiteral("applications"), QStringLiteral("services"),
        QStringLiteral("machines"),     QStringLiteral("relations"),    QStringLiteral("bundle"),
        QStringLiteral("saas"),         QStringLiteral("docs"),         QStringLiteral("issues"),
        QStringLiteral("source"),       QStringLiteral("website"),      QStringLiteral("tags"),
        QStringLiteral("variables")};
    return keys;
}

void Bundle::checkKeys(const QJsonObject &doc, const QString &source)
{
    static const QStringList metadata{QStringLiteral("docs"),   QStringLiteral("issues"),
                                      QStringLiteral("source"), QStringLiteral("website"),
                                      QStringLiteral("tags"),   QStringLiteral("variables")};
    for (auto it = doc.begin(); it != doc.end(); ++it) {
        const QString key = it.key();
        if (key == u"bundle" && it.value().toString() == u"kubernetes")
            throw BerthError(tr("%1 is a Kubernetes bundle (bundle: kubernetes); Berth deploys "
                                "machine bundles")
                                 .arg(source));
        if (key == u"saas")
            throw BerthError(tr("%1: saas (offers of other models) is not supported; remove it "
                                "or deploy it with Juju")
                                 .arg(source));
        static const QStringList known{
            QStringLiteral("name"),         QStringLiteral("description"),
            QStringLiteral("series"),       QStringLiteral("default-base"),
            QStringLiteral("applications"), QStringLiteral("services"),
            QStringLiteral("machines"),     QStringLiteral("relations"),
            QStringLiteral("bundle")};
        if (!known.contains(key) && !metadata.contains(key))
            throw BerthError(tr("%1: unknown key \"%2\"; expected applications, machines, "
                                "relations, series or default-base")
                                 .arg(source, key));
    }
    // What Juju's reader refuses: one list of applications, each part of its kind.
    if (doc.contains(QStringLiteral("applications")) && doc.contains(QStringLiteral("services")))
        throw BerthError(tr("%1 gives both applications and services (their old name); "
                            "expected one of them")
                             .arg(source));
    for (const auto &[key, map] :
         {std::pair{QStringLiteral("applications"), true},
          std::pair{QStringLiteral("services"), true}, std::pair{QStringLiteral("machines"), true},
          std::pair{QStringLiteral("relations"), false}}) {
        const QJsonValue value = doc.value(key);
        if (value.isUndefined() || value.isNull() || (map ? value.isObject() : value.isArray()))
            continue;
        throw BerthError(
            map ? tr("%1: %2 is not a map; expected name: {...} entries").arg(source, key)
                : tr("%1: relations is not a list; expected a list of pairs "
                     "([[\"wordpress:db\", \"mysql:db\"]])")
                      .arg(source));
    }
}

QString Bundle::defaultBaseOf(const QJsonObject &doc, const QString &source)
{
    QString defaultBase;
    if (doc.contains(QStringLiteral("default-base")))
        defaultBase = baseOf(doc.value(QStringLiteral("default-base")), source,
                             QStringLiteral("default-base"));
    else if (doc.contains(QStringLiteral("series")))
        defaultBase = baseOf(doc.value(QStringLiteral("series")), source, QStringLiteral("series"));

    return defaultBase;
}

QList<Bundle::Machine> Bundle::machinesOf(const QJsonObject &doc, const QString &defaultBase,
                                          const QString &source)
{
    QList<Machine> list;
    const QJsonValue machinesValue = doc.value(QStringLiteral("machines"));
    if (!machinesValue.isUndefined() && !machinesValue.isNull() && !machinesValue.isObject())
        throw BerthError(tr("%1: machines must be a map of machine ids").arg(source));
    const QJsonObject machines = machinesValue.toObject();
    for (auto it = machines.begin(); it != machines.end(); ++it) {
        const QString where = tr("%1: machine \"%2\"").arg(source, it.key());
        static const QRegularExpression id(QStringLiteral("^(0|[1-9][0-9]{0,8})\\z"));
        if (!id.match(it.key()).hasMatch())
            throw BerthError(tr("%1: a bundle machine id is a whole number (\"0\")").arg(where));
        if (!it.value().isNull() && !it.value().isObject())
            throw BerthError(
                tr("%1: expected constraints, base, series or annotations").arg(where));
        const QJsonObject m = it.value().toObject();
        Machine machine;
        machine.id = it.key();
        machine.base = defaultBase;
        for (auto field = m.begin(); field != m.end(); ++field) {
            const QString key = field.key();
            if (key == u"constraints")
                machine.constraints = constraintsOf(field.value(), where);
            else if (key == u"base" || key == u"series")
                machine.base = baseOf(field.value(), where, key);
            else if (key == u"annotations")
                machine.annotations = stringPairs(field.value(), where, key);
            else
                throw BerthError(tr("%1: unknown key \"%2\"; expected constraints, base, series "
                                    "or annotations")
                                     .arg(where, key));
        }
        list << machine;
    }
    std::sort(list.begin(), list.end(), [](const Machine &a, const Machine &b) {
        return a.id.toLongLong() < b.id.toLongLong();
    });

    return list;
}

QList<Bundle::Relation> Bundle::relationsOf(const QJsonObject &doc, const QString &source)
{
    QList<Relation> list;
    const QJsonArray relations = doc.value(QStringLiteral("relations")).toArray();
    for (const QJsonValue &r : relations) {
        const QJsonArray pair = r.toArray();
        if (pair.size() != 2 || !pair.at(0).isString() || !pair.at(1).isString())
            throw BerthError(tr("%1: a relation is a pair of endpoints ([\"wordpress:db\", "
                                "\"mysql:db\"])")
                                 .arg(source));
        list.append({pair.at(0).toString(), pair.at(1).toString()});
    }

    return list;
}

void Bundle::readApplicationKey(Application &app, const QString &key, const QJsonValue &v,
                                const QString &where, bool &unitsGiven, QStringList &warnings)
{
    if (key == u"charm") {
        app.charmUrl = textOf(v).value_or(QString());
    } else if (key == u"channel") {
        app.channel = textOf(v).value_or(QString());
    } else if (key == u"revision") {
        if (!v.isDouble() || v.toDouble() < 0 || v.toDouble() != std::trunc(v.toDouble()))
            throw BerthError(tr("%1: revision must be a whole number").arg(where));
        app.revision = qint64(v.toDouble());
    } else if (key == u"base" || key == u"series") {
        app.base = baseOf(v, where, key);
    } else if (key == u"num_units") {
        if (!v.isDouble() || v.toDouble() < 0 || v.toDouble() != std::trunc(v.toDouble()) ||
            v.toDouble() > double(Limits::maxBundleUnits))
            throw BerthError(tr("%1: num_units must be a whole number from 0 to %2")
                                 .arg(where)
                                 .arg(Limits::maxBundleUnits));
        app.units = qint64(v.toDouble());
        unitsGiven = true;
    } else if (key == u"to") {
        const QJsonArray list = v.isArray() ? v.toArray() : QJsonArray{v};
        for (const QJsonValue &entry : list) {
            const auto text = textOf(entry);
            if (!text || text->isEmpty())
                throw BerthError(tr("%1: to must be a list of placements (\"0\", "
                                    "\"lxd:1\", \"new\", \"django/0\")")
                                     .arg(where));
            app.to << *text;
        }
    } else if (key == u"constraints") {
        app.constraints = constraintsOf(v, where);
        app.constraintsWritten = v.toString();
    } else if (key == u"options") {
        if (!v.isObject() && !v.isNull())
            throw BerthError(tr("%1: options must be a map of names to values").arg(where));
        app.options = v.toObject();
    } else if (key == u"annotations") {
        app.annotations = stringPairs(v, where, key);
    } else if (key == u"expose") {
        if (!v.isBool())
            throw BerthError(tr("%1: expose must be true or false").arg(where));
        app.expose = v.toBool();
    } else if (key == u"scale" || key == u"placement") {
        throw BerthError(tr("%1: %2 belongs to Kubernetes bundles; Berth deploys machine "
                            "bundles")
                             .arg(where, key));
    } else if (ignoredApplicationKeys().contains(key) || key == u"exposed-endpoints") {
        warnings << tr("%1: %2 is kept out: Berth does not act on it")
                        .arg(tr("application \"%1\"").arg(app.name), key);
    } else {
        throw BerthError(tr("%1: unknown key \"%2\"; expected charm, channel, revision, "
                            "base, series, num_units, to, constraints, options, "
                            "annotations or expose")
                             .arg(where, key));
    }
}

void Bundle::checkApplication(Application &app, const QString &where, bool unitsGiven,
                              const QSet<QString> &related)
{
    if (app.charmUrl.isEmpty())
        throw BerthError(tr("%1: charm is missing").arg(where));
    app.charm = charmNameOf(app.charmUrl);
    if (!Names::isValidApplicationName(app.charm))
        throw BerthError(tr("%1: cannot read a charm name from \"%2\"").arg(where, app.charmUrl));
    const QJsonValue marked = app.annotations.value(QStringLiteral("berth.subordinate"));
    const QString mark = marked.isBool()
                             ? (marked.toBool() ? QStringLiteral("true") : QStringLiteral("false"))
                             : marked.toString();
    if (!marked.isUndefined() && mark != u"true" && mark != u"false")
        throw BerthError(tr("%1: berth.subordinate is \"%2\"; expected true or false")
                             .arg(where, marked.toVariant().toString()));
    app.subordinate = marked.isUndefined()
                          ? !unitsGiven && app.to.isEmpty() && related.contains(app.name)
                          : mark == u"true";
    if (app.subordinate && (app.units > 0 || !app.to.isEmpty()))
        throw BerthError(tr("%1: a subordinate has no units of its own; its units follow its "
                            "principals")
                             .arg(where));
    if (app.subordinate && !app.constraints.isEmpty())
        throw BerthError(tr("%1: a subordinate takes no constraints").arg(where));
    if (app.to.size() > app.units)
        throw BerthError(tr("%1: %2 placements for %3 units; expected at most one a unit")
                             .arg(where)
                             .arg(app.to.size())
                             .arg(app.units));
}

void Bundle::checkReferences(const QString &source) const
{
    // Every placement names what the bundle holds, and every machine is used.
    const QHash<QString, const Machine *> byId = machinesById();
    QSet<QString> used;
    for (const Application &app : std::as_const(applications)) {
        const QString where = tr("%1: application \"%2\"").arg(source, app.name);
        for (const QString &entry : app.to) {
            const Placement p = placementOf(entry);
            if (entry.contains(u':') && entry.section(u':', 0, 0) != u"lxd")
                throw BerthError(
                    tr("%1: placement \"%2\": Berth runs lxd containers only").arg(where, entry));
            if (entry.startsWith(QStringLiteral("zone=")) || entry.contains(u'='))
                throw BerthError(tr("%1: placement \"%2\": zones are not placements in a bundle; "
                                    "use the zones= constraint")
                                     .arg(where, entry));
            switch (p.kind) {
            case Placement::Kind::New:
                break;
            case Placement::Kind::Machine:
                if (!byId.contains(p.target))
                    throw BerthError(tr("%1: placement \"%2\" names machine \"%3\", which the "
                                        "bundle's machines do not hold")
                                         .arg(where, entry, p.target));
                used << p.target;
                break;
            case Placement::Kind::Unit: {
                const Application *other = application(p.target.section(u'/', 0, 0));
                if (!other || p.target.section(u'/', 1).toLongLong() >= other->units)
                    throw BerthError(tr("%1: placement \"%2\" names unit %3, which the bundle "
                                        "does not make")
                                         .arg(where, entry, p.target));
                if (other->name == app.name)
                    throw BerthError(tr("%1: placement \"%2\" names the application's own unit")
                                         .arg(where, entry));
                break;
            }
            case Placement::Kind::Application: {
                const Application *other = application(p.target);
                if (!other || other->units == 0 || other->name == app.name)
                    throw BerthError(tr("%1: placement \"%2\" names no other application with "
                                        "units in the bundle")
                                         .arg(where, entry));
                break;
            }
            }
        }
    }
    for (const Machine &m : std::as_const(machines)) {
        if (!used.contains(m.id))
            throw BerthError(
                tr("%1: machine \"%2\" is not used by any placement").arg(source, m.id));
    }
    for (const Relation &r : std::as_const(relations)) {
        for (const QString &end : {r.first, r.second}) {
            if (!application(applicationOf(end)))
                throw BerthError(tr("%1: relation %2 - %3 names application \"%4\", which the "
                                    "bundle does not hold")
                                     .arg(source, r.first, r.second, applicationOf(end)));
        }
    }
}

Bundle Bundle::fromDocuments(const QList<QJsonValue> &documents, const QString &source)
{
    const QJsonObject doc = merged(documents, source);
    checkKeys(doc, source);
    Bundle bundle;
    bundle.name = textOf(doc.value(QStringLiteral("name"))).value_or(QString());
    bundle.description = textOf(doc.value(QStringLiteral("description"))).value_or(QString());
    const QString defaultBase = defaultBaseOf(doc, source);
    bundle.machines = machinesOf(doc, defaultBase, source);
    bundle.relations = relationsOf(doc, source);

    // Applications ("services" is their old name).
    QJsonObject apps = doc.value(QStringLiteral("applications")).toObject();
    const QJsonObject services = doc.value(QStringLiteral("services")).toObject();
    for (auto it = services.begin(); it != services.end(); ++it)
        apps.insert(it.key(), it.value());
    if (apps.isEmpty())
        throw BerthError(tr("%1 has no applications").arg(source));
    QSet<QString> related;
    for (const Relation &r : std::as_const(bundle.relations)) {
        related << applicationOf(r.first) << applicationOf(r.second);
    }
    for (auto it = apps.begin(); it != apps.end(); ++it) {
        const QString where = tr("%1: application \"%2\"").arg(source, it.key());
        if (!Names::isValidApplicationName(it.key()))
            throw BerthError(tr("%1: invalid application name; expected lower-case letters, "
                                "digits and single hyphens, starting with a letter")
                                 .arg(where));
        if (it.value().isNull())
            throw BerthError(tr("%1: base application \"%2\" has no body").arg(source, it.key()));
        if (!it.value().isObject())
            throw BerthError(tr("%1: expected a map with charm, num_units, to, ...").arg(where));
        const QJsonObject a = it.value().toObject();
        Application app;
        app.name = it.key();
        app.base = defaultBase;
        bool unitsGiven = false;
        for (auto field = a.begin(); field != a.end(); ++field)
            readApplicationKey(app, field.key(), field.value(), where, unitsGiven, bundle.warnings);
        checkApplication(app, where, unitsGiven, related);
        bundle.applications << app;
    }
    // What it adds to a model is bounded when it is deployed (one
    // transaction); here, what an export of Berth's may hold.
    if (const qint64 totalUnits = bundle.units(); totalUnits > Limits::maxBundleUnits)
        throw BerthError(tr("%1 has %2 units; expected at most %3")
                             .arg(source)
                             .arg(totalUnits)
                             .arg(Limits::maxBundleUnits));

    bundle.checkReferences(source);
    return bundle;
}

QJsonObject Bundle::toJson() const
{
    QJsonObject apps;
    for (const Application &a : applications) {
        QJsonObject app{{QStringLiteral("charm"), a.charmUrl}};
        if (!a.channel.isEmpty())
            app.insert(QStringLiteral("channel"), a.channel);
        if (a.revision)
            app.insert(QStringLiteral("revision"), *a.revision);
        if (!a.base.isEmpty())
            app.insert(QStringLiteral("base"), a.base);
        if (!a.subordinate)
            app.insert(QStringLiteral("num_units"), a.units);
        if (!a.to.isEmpty())
            app.insert(QStringLiteral("to"), QJsonArray::fromStringList(a.to));
        if (!a.constraints.isEmpty())
            app.insert(QStringLiteral("constraints"), a.constraints);
        if (!a.options.isEmpty())
            app.insert(QStringLiteral("options"), a.options);
        if (!a.annotations.isEmpty())
            app.insert(QStringLiteral("annotations"), a.annotations);
        if (a.expose)
            app.insert(QStringLiteral("expose"), true);
        apps.insert(a.name, app);
    }
    QJsonObject out{{QStringLiteral("applications"), apps}};
    if (!name.isEmpty())
        out.insert(QStringLiteral("name"), name);
    if (!description.isEmpty())
        out.insert(QStringLiteral("description"), description);
    if (!machines.isEmpty()) {
        QJsonObject ms;
        for (const Machine &m : machines) {
            QJsonObject machine;
            if (!m.constraints.isEmpty())
                machine.insert(QStringLiteral("constraints"), m.constraints);
            if (!m.base.isEmpty())
                machine.insert(QStringLiteral("base"), m.base);
            if (!m.annotations.isEmpty())
                machine.insert(QStringLiteral("annotations"), m.annotations);
            ms.insert(m.id, machine);
        }
        out.insert(QStringLiteral("machines"), ms);
    }
    if (!relations.isEmpty()) {
        QJsonArray rs;
        for (const Relation &r : relations)
            rs.append(QJsonArray{r.first, r.second});
        out.insert(QStringLiteral("relations"), rs);
    }
    return out;
}

} // namespace berth
