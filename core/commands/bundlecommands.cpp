#include "core/commands/bundlecommands.h"

#include "core/bertherror.h"
#include "core/commands/applicationcommands.h"
#include "core/commands/bundledeployment.h"
#include "core/commands/bundlediff.h"
#include "core/commands/machinecommands.h"
#include "core/commands/scalingcommands.h"
#include "core/inputlimits.h"
#include "core/model/names.h"
#include "core/placement/affinitypolicy.h"
#include "core/placement/deletionpolicy.h"
#include "core/placement/placementpolicy.h"
#include "core/placement/yamldocument.h"
#include "core/store/bundlerows.h"
#include "core/userfiles.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

#include <limits>

namespace berth {

namespace {

const QString regionsKey = QStringLiteral("berth.regions");
const QString zonesKey = QStringLiteral("berth.zones");
const QString deletionKey = QStringLiteral("berth.deletion");
// The affinity policy, as the model setting says it: anti-affinity/2.
const QString serverGroupKey = QStringLiteral("berth.server-group");

// "name=weight[/cap],..." from a placement policy, and back.
QString targetsText(const PlacementPolicy &policy)
{
    QStringList parts;
    for (const PlacementPlanner::Target &t : policy.targets()) {
        parts << t.name + u'=' + QString::number(t.weight) +
                     (t.cap >= 0 ? u'/' + QString::number(t.cap) : QString());
    }
    return parts.join(u',');
}

QJsonObject policyFromText(PlacementPolicy::Kind kind, const QString &text, const QString &where)
{
    QList<PlacementPlanner::Target> targets;
    static const QRegularExpression entry(
        QStringLiteral("^([A-Za-z0-9][A-Za-z0-9._-]*)=([0-9]+)(?:/(-1|[0-9]+))?\\z"));
    for (const QString &part : text.split(u',', Qt::SkipEmptyParts)) {
        const auto m = entry.match(part.trimmed());
        if (!m.hasMatch())
            throw BerthError(BundleCommands::tr("%1: \"%2\" is not name=weight or "
                                                "name=weight/cap")
                                 .arg(where, part));
        PlacementPlanner::Target t;
        t.name = m.captured(1);
        // A number past 64 bits is too large, as 5,000,000 is, never 0.
        const auto number = [](const QString &digits) {
            return Limits::parseInteger(digits).value_or(std::numeric_limits<qint64>::max());
        };
        t.weight = number(m.captured(2));
        t.cap = m.captured(3).isEmpty() ? -1 : number(m.captured(3));
        targets << t;
    }
    return PlacementPolicy::fromTargets(kind, targets).toSpec();
}

bool holds(const QList<Bundle::Relation> &list, const Bundle::Relation &r)
{
    return std::any_of(list.cbegin(), list.cend(),
                       [&](const Bundle::Relation &p) { return p.sameAs(r); });
}

// The model's rows read as a bundle's applications and machines.
class ModelExport
{
public:
    ModelExport(const ModelSnapshot &snapshot, QHash<qint64, QJsonObject> details)
        : m_s(snapshot)
        , m_details(std::move(details))
    {
        for (const MachineRecord &m : m_s.machines)
            m_machineById.insert(m.id, &m);
        for (const UnitRecord &u : m_s.units) {
            if (!u.subordinate && u.machineId != 0)
                ++m_principalsOn[u.machineId];
        }
    }

    // `a` as the bundle has it; `used` gets the top-level machines its units are on.
    Bundle::Application application(const ApplicationRecord &a, QSet<qint64> &used) const
    {
        const QJsonObject d = m_details.value(a.id);
        Bundle::Application app;
        app.name = a.name;
        app.charm = a.charm;
        app.charmUrl = d.value(QStringLiteral("charm-url")).toString(a.charm);
        app.channel = d.value(QStringLiteral("channel")).toString();
        if (d.contains(QStringLiteral("revision")))
            app.revision = d.value(QStringLiteral("revision")).toInteger();
        app.base = a.base;
        app.subordinate = a.subordinate;
        app.constraints = a.constraints.toString();
        app.options = d.value(QStringLiteral("options")).toObject();
        app.annotations = BundleCommands::annotationsOf(a.id, d, m_s.policies, m_s.spreads);
        if (a.subordinate)
            app.annotations.insert(QStringLiteral("berth.subordinate"), QStringLiteral("true"));
        app.expose = d.value(QStringLiteral("expose")).toBool();
        if (!a.subordinate)
            placeUnits(a, app, used);
        return app;
    }

    // The machines in `used`, a started one's zone kept as a constraint.
    QList<Bundle::Machine> machines(const QSet<qint64> &used,
                                    const QList<BundleRows::MachineMark> &marks) const
    {
        QHash<qint64, QJsonObject> annotations;
        for (const BundleRows::MachineMark &m : marks)
            annotations.insert(m.machineId, m.annotations);
        QList<Bundle::Machine> machines;
        for (const MachineRecord &m : m_s.machines) {
            if (!used.contains(m.id))
                continue;
            Bundle::Machine machine;
            machine.id = m.name;
            machine.base = m.base;
            Constraints c = Constraints::parse(m.constraints).constraints;
            // A started machine's zone, so that a deploy lands where it is.
            if (!m.zone.isEmpty() && !c.hasValue(ConstraintKey::Zones)) {
                ConstraintValue zones;
                zones.list = QStringList{m.zone};
                c.set(ConstraintKey::Zones, zones);
            }
            machine.constraints = c.toString();
            machine.annotations = annotations.value(m.id);
            machines << machine;
        }
        return machines;
    }

private:
    // The units of `a` and their `to` entries.
    void placeUnits(const ApplicationRecord &a, Bundle::Application &app, QSet<qint64> &used) const
    {
        // Units a placement policy spread, each alone on a machine made for
        // it, are left for the policy to place again (their regions are
        // not a constraint a bundle can say).
        const bool spread =
            app.annotations.contains(regionsKey) || app.annotations.contains(zonesKey);
        for (const UnitRecord &u : m_s.units) {
            if (u.applicationId != a.id)
                continue;
            ++app.units;
            const MachineRecord *m = m_machineById.value(u.machineId);
            if (!m || !m->state.isAlive() ||
                (spread && m->forUnit && !m->isContainer() && m_principalsOn.value(m->id) == 1)) {
                app.to << QStringLiteral("new");
                continue;
            }
            const MachineRecord *host = m;
            while (host && host->isContainer())
                host = m_machineById.value(host->parentId);
            if (!host) {
                app.to << QStringLiteral("new");
                continue;
            }
            used.insert(host->id);
            app.to << (m->isContainer() ? QStringLiteral("lxd:") + host->name : host->name);
        }
        while (!app.to.isEmpty() && app.to.last() == u"new")
            app.to.removeLast();
    }

    const ModelSnapshot &m_s;
    const QHash<qint64, QJsonObject> m_details;
    QHash<qint64, const MachineRecord *> m_machineById;
    QHash<qint64, int> m_principalsOn;
};

} // namespace

namespace {

// Include directives in the values of `map` (options or annotations) read
// relative to `dir`, only from under one of `roots`.
void resolveIncludes(QJsonObject &map, const QString &dir, const QStringList &roots,
                     const QString &where)
{
    static const QString file = QStringLiteral("include-file://");
    static const QString base64 = QStringLiteral("include-base64://");
    for (auto it = map.begin(); it != map.end(); ++it) {
        const QString value = it.value().toString();
        const bool asText = value.startsWith(file);
        if (!asText && !value.startsWith(base64))
            continue;
        const QString given = value.mid(asText ? file.size() : base64.size());
        const QString path = QFileInfo(QDir(dir), given).absoluteFilePath();
        const QString real = QFileInfo(path).canonicalFilePath();
        const bool inside =
            !real.isEmpty() && std::any_of(roots.cbegin(), roots.cend(), [&](const QString &root) {
                return real.startsWith(root + u'/');
            });
        if (!inside)
            throw BerthError(BundleCommands::tr("%1 \"%2\": %3 is not a file in or below the "
                                                "directory of the bundle or an overlay; expected "
                                                "a path relative to the file that names it")
                                 .arg(where, it.key(), value));
        const QByteArray data = UserFiles::read(
            real, BundleCommands::tr("include \"%1\"").arg(given), Limits::maxDocumentBytes);
        it.value() = asText ? QString::fromUtf8(data) : QString::fromLatin1(data.toBase64());
    }
}

} // namespace

QList<QJsonValue> BundleCommands::readDocuments(const QString &bundle, const QStringList &overlays)
{
    QStringList roots;
    for (const QString &path : QStringList{bundle} + overlays)
        roots << QFileInfo(QFileInfo(path).absolutePath()).canonicalFilePath();
    QList<QJsonValue> all;
    for (const QString &path : QStringList{bundle} + overlays) {
        const QString source =
            (path == bundle ? tr("bundle \"%1\"") : tr("overlay \"%1\"")).arg(path);
        const QString dir = QFileInfo(path).absolutePath();
        for (QJsonValue document :
             YamlDocument::readDocuments(path, source, Bundle::topLevelKeys())) {
            QJsonObject doc = document.toObject();
            for (const QString &section :
                 {QStringLiteral("applications"), QStringLiteral("services"),
                  QStringLiteral("machines")}) {
                if (!doc.value(section).isObject())
                    continue;
                QJsonObject entries = doc.value(section).toObject();
                for (auto it = entries.begin(); it != entries.end(); ++it) {
                    if (!it.value().isObject())
                        continue;
                    QJsonObject entry = it.value().toObject();
                    const QString where = section == u"machines"
                                              ? tr("%1: machine \"%2\"").arg(source, it.key())
                                              : tr("%1: application \"%2\"").arg(source, it.key());
                    for (const QString &key :
                         {QStringLiteral("options"), QStringLiteral("annotations")}) {
                        if (!entry.value(key).isObject() ||
                            (section == u"machines" && key == u"options"))
                            continue;
                        QJsonObject map = entry.value(key).toObject();
                        resolveIncludes(map, dir, roots,
                                        where + u' ' +
                                            (key == u"options" ? tr("option") : tr("annotation")));
                        entry.insert(key, map);
                    }
                    it.value() = entry;
                }
                doc.insert(section, entries);
            }
            all << (document.isObject() ? QJsonValue(doc) : document);
        }
    }
    return all;
}

QJsonObject BundleCommands::originOf(const Bundle::Application &app)
{
    QJsonObject origin{{QStringLiteral("charm-url"), app.charmUrl}};
    if (!app.channel.isEmpty())
        origin.insert(QStringLiteral("channel"), app.channel);
    if (app.revision)
        origin.insert(QStringLiteral("revision"), *app.revision);
    return origin;
}

QJsonObject BundleCommands::annotationsOf(qint64 applicationId, const QJsonObject &details,
                                          const QList<PolicyRecord> &policies,
                                          const QList<SpreadRecord> &spreads)
{
    QJsonObject annotations = details.value(QStringLiteral("annotations")).toObject();
    QList<PolicyRecord> own;
    for (const PolicyRecord &p : policies) {
        if (p.applicationId == applicationId)
            own << p;
    }
    const QJsonObject policyNotes = policyAnnotations(own);
    for (auto it = policyNotes.begin(); it != policyNotes.end(); ++it)
        annotations.insert(it.key(), it.value());
    for (const SpreadRecord &s : spreads) {
        if (s.applicationId == applicationId)
            annotations.insert(SpreadConstraint::annotationKey(s.constraint.level),
                               s.constraint.annotation());
    }
    return annotations;
}

QJsonObject BundleCommands::withoutPolicies(QJsonObject annotations)
{
    for (const QString &key : {regionsKey, zonesKey, deletionKey, serverGroupKey})
        annotations.remove(key); // kept as the application's policies
    for (const QString &key : annotations.keys()) {
        if (SpreadConstraint::levelOfAnnotationKey(key))
            annotations.remove(key); // kept as its spread constraints
    }
    return annotations;
}

const QStringList &BundleCommands::keyOrder()
{
    static const QStringList order{QStringLiteral("name"),         QStringLiteral("description"),
                                   QStringLiteral("default-base"), QStringLiteral("applications"),
                                   QStringLiteral("machines"),     QStringLiteral("relations"),
                                   QStringLiteral("charm"),        QStringLiteral("channel"),
                                   QStringLiteral("revision"),     QStringLiteral("base"),
                                   QStringLiteral("num_units"),    QStringLiteral("to"),
                                   QStringLiteral("expose"),       QStringLiteral("options"),
                                   QStringLiteral("annotations"),  QStringLiteral("constraints"),
                                   QStringLiteral("missing"),      QStringLiteral("bundle"),
                                   QStringLiteral("model")};
    return order;
}

QString BundleCommands::yaml(const QJsonObject &bundle)
{
    return YamlDocument::write(bundle, keyOrder());
}

BundleCommands::MachineMap BundleCommands::MachineMap::parse(const QString &text)
{
    MachineMap map;
    for (const QString &part : text.split(u',', Qt::SkipEmptyParts)) {
        if (part == u"existing") {
            map.existing = true;
            continue;
        }
        const QString from = part.section(u'=', 0, 0);
        const QString to = part.section(u'=', 1);
        static const QRegularExpression id(QStringLiteral("^(0|[1-9][0-9]*)\\z"));
        if (!part.contains(u'=') || !id.match(from).hasMatch() || !Names::isValidMachineId(to))
            throw BerthError(tr("bad --map-machines entry \"%1\": expected existing or "
                                "BUNDLE=MODEL (1=4)")
                                 .arg(part));
        map.machines.insert(from, to);
    }
    return map;
}

QJsonObject BundleCommands::policyAnnotations(const QList<PolicyRecord> &policies)
{
    QJsonObject annotations;
    for (const PolicyRecord &p : policies) {
        if (p.kind == u"deletion") {
            annotations.insert(deletionKey, p.spec.value(QStringLiteral("properties"))
                                                .toObject()
                                                .value(QStringLiteral("criteria"))
                                                .toString());
        } else if (p.kind == u"affinity") {
            const HostSpread spread = AffinityPolicy::fromSpec(p.spec);
            annotations.insert(
                serverGroupKey,
                spread.maxPerHost > 0
                    ? QStringLiteral("%1/%2").arg(spread.policy).arg(spread.maxPerHost)
                    : spread.policy);
        } else {
            const PlacementPolicy policy = PlacementPolicy::fromSpec(p.spec);
            annotations.insert(policy.kind() == PlacementPolicy::Kind::Region ? regionsKey
                                                                              : zonesKey,
                               targetsText(policy));
        }
    }
    return annotations;
}

QList<SpreadConstraint> BundleCommands::spreadsFrom(const QJsonObject &annotations,
                                                    const QString &where)
{
    QList<SpreadConstraint> spreads;
    for (auto it = annotations.begin(); it != annotations.end(); ++it) {
        const auto level = SpreadConstraint::levelOfAnnotationKey(it.key());
        if (!level) {
            if (it.key().startsWith(QStringLiteral("berth.spread.")))
                throw BerthError(
                    tr("%1: unknown spread level in \"%2\"; expected "
                       "berth.spread.zone, berth.spread.region or berth.spread.machine")
                        .arg(where, it.key()));
            continue;
        }
        try {
            spreads << SpreadConstraint::fromAnnotation(*level, it.value().toString());
        } catch (const BerthError &error) {
            throw BerthError(tr("%1: %2: %3").arg(where, it.key(), error.message()));
        }
    }
    return spreads;
}

QList<QJsonObject> BundleCommands::policySpecs(const QJsonObject &annotations, const QString &where)
{
    QList<QJsonObject> specs;
    if (annotations.contains(regionsKey))
        specs << policyFromText(PlacementPolicy::Kind::Region,
                                annotations.value(regionsKey).toString(), where);
    if (annotations.contains(zonesKey))
        specs << policyFromText(PlacementPolicy::Kind::Zone, annotations.value(zonesKey).toString(),
                                where);
    if (annotations.contains(deletionKey)) {
        const QString criteria = annotations.value(deletionKey).toString();
        if (!DeletionPolicy::criteriaFromName(criteria))
            throw BerthError(tr("%1: %2 \"%3\"; expected OLDEST_FIRST, YOUNGEST_FIRST, "
                                "OLDEST_PROFILE_FIRST or RANDOM")
                                 .arg(where, deletionKey, criteria));
        specs << QJsonObject{
            {QStringLiteral("type"), QStringLiteral("senlin.policy.deletion")},
            {QStringLiteral("version"), QStringLiteral("1.0")},
            {QStringLiteral("properties"), QJsonObject{{QStringLiteral("criteria"), criteria}}}};
    }
    if (annotations.contains(serverGroupKey)) {
        const QString text = annotations.value(serverGroupKey).toString();
        const auto group = ModelConfig::parseServerGroup(text);
        if (!group || group->policy.isEmpty())
            throw BerthError(
                tr("%1: %2 \"%3\"; expected %4, or anti-affinity/N")
                    .arg(where, serverGroupKey, text,
                         ModelConfig::serverGroupPolicies().join(QStringLiteral(", "))));
        specs << AffinityPolicy::toSpec({{}, group->policy, group->maxPerHost});
    }
    return specs;
}

CommandResult BundleCommands::deploy(const QString &model, const Deploy &request,
                                     QJsonArray *records)
{
    const auto run = [&] {
        return m_ws.inModelJoined(model, [&](ModelTx &tx) {
            BundleDeployment deployment(m_ws, model, request, tx);
            CommandResult result = deployment.run();
            if (records)
                *records = BundlePlan::records(deployment.plan());
            return result;
        });
    };
    if (request.dryRun)
        return m_ws.store().trial([&](SqlSession &) { return run(); });
    return run();
}

Bundle BundleCommands::exportBundle(const QString &model)
{
    return m_ws.readModel(model, [&](ModelTx &tx) {
        BundleRows rows(tx.scope());
        const ModelSnapshot s = tx.snapshots().whole();
        const ModelExport exported(s, rows.details());
        Bundle bundle;
        QSet<qint64> used; // top-level machines a unit is placed on
        for (const ApplicationRecord &a : s.applications)
            bundle.applications << exported.application(a, used);
        bundle.machines = exported.machines(used, rows.machineMarks());
        for (const BundleRows::EndpointRelation &r : rows.endpointRelations())
            bundle.relations.append({r.first, r.second});
        for (const RelationRecord &r : s.relations) {
            const Bundle::Relation plain{r.subordinate, r.principal};
            if (!holds(bundle.relations, plain))
                bundle.relations << plain;
        }
        return bundle;
    });
}

QJsonObject BundleCommands::diff(const QString &model, const Bundle &bundle, const MachineMap &map,
                                 bool annotations)
{
    // What deploy would refuse, refused here too: the deploy tried and undone.
    // A store this client may not write (a read-only file, a PostgreSQL role
    // that only reads) gets the diff without the try: store errors carry the
    // driver's detail, a bundle's refusals none.
    if (!m_ws.store().isReadOnly()) {
        try {
            deploy(model, {bundle, map, true});
        } catch (const BerthError &error) {
            if (error.detail().isEmpty())
                throw;
        }
    }
    BundleDiff::ModelSide side;
    side.applications = exportBundle(model);
    m_ws.readModel(model, [&](ModelTx &tx) {
        QHash<qint64, QJsonObject> marks;
        for (const BundleRows::MachineMark &mark : BundleRows(tx.scope()).machineMarks()) {
            marks.insert(mark.machineId, mark.annotations);
            if (mark.bundle == bundle.name)
                side.marked.insert(mark.bundleMachine, mark.machine);
        }
        for (const MachineRecord &m : tx.machines().all()) {
            if (!m.isContainer() && m.state.isAlive())
                side.machines.append({m.name, {}, m.base, marks.value(m.id)});
        }
        return 0;
    });
    return BundleDiff::of(bundle, side, map, annotations);
}

} // namespace berth
