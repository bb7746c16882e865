#include "core/commands/bundleplan.h"

#include "core/bertherror.h"

#include <QSet>

#include <algorithm>

namespace berth {

namespace {

// One `to` entry as Juju reads it: `(<container>:)?(<application>(/<unit>)?|<machine>|new)`.
struct Directive
{
    bool container = false; // lxd:
    QString machine;        // a bundle machine id, or "new"
    QString application;    // with unit >= 0: that unit of it
    int unit = -1;
};

Directive directiveOf(const QString &entry)
{
    const Bundle::Placement p = Bundle::placementOf(entry);
    Directive d;
    d.container = p.container;
    switch (p.kind) {
    case Bundle::Placement::Kind::New:
        d.machine = QStringLiteral("new");
        break;
    case Bundle::Placement::Kind::Machine:
        d.machine = p.target;
        break;
    case Bundle::Placement::Kind::Unit:
        d.application = p.target.section(u'/', 0, 0);
        d.unit = p.target.section(u'/', 1).toInt();
        break;
    case Bundle::Placement::Kind::Application:
        d.application = p.target;
        break;
    }
    return d;
}

bool isContainer(const QString &machine)
{
    return machine.contains(u'/');
}

QString topLevel(const QString &machine)
{
    return machine.section(u'/', 0, 0);
}

QString placeholder(const QString &id)
{
    return u'$' + id;
}

// Where one new unit goes, as Juju's planner says it.
struct Placement
{
    QString target;      // Juju's `to`: "3", "lxd:3", a placeholder, or empty (a new machine)
    QString baseMachine; // the top-level machine
    QStringList needs;
    QString description;    // what follows "add unit X to ", when not "new machine N"
    bool satisfies = false; // said "to satisfy [entry]": the entry names a unit or application
    QString machine;        // where the unit lands
    bool makesMachine = false;
};

// The keys of `wanted` whose value `current` does not already have.
QJsonObject changedValues(const QJsonObject &current, const QJsonObject &wanted)
{
    QJsonObject changed;
    for (auto it = wanted.begin(); it != wanted.end(); ++it) {
        if (!current.contains(it.key()) || current.value(it.key()) != it.value())
            changed.insert(it.key(), it.value());
    }
    return changed;
}

QStringList naturallySorted(QStringList names)
{
    std::sort(names.begin(), names.end(), BundlePlan::naturalLess);
    return names;
}

class Planner
{
public:
    Planner(const Bundle &bundle, const BundlePlan::Model &model)
        : m_bundle(bundle)
        , m_model(model)
        , m_sequences(model.sequences)
    {
        for (const Bundle::Application &app : bundle.applications)
            m_names << app.name;
        m_names = naturallySorted(m_names);
        qint64 units = 0;
        for (const Bundle::Application &app : bundle.applications)
            units += app.units;
        m_changes.reserve(qsizetype(3 * units + 3 * bundle.applications.size() +
                                    2 * bundle.machines.size() + bundle.relations.size()));
        startSequences();
    }

    QList<BundlePlan::Change> run()
    {
        inferMachineMap();
        addApplications();
        addMachines();
        addRelations();
        addUnits();
        checkAllMachinesUsed();
        return sorted();
    }

private:
    using Change = BundlePlan::Change;

    // The sequences go on from the largest name in use, whatever the store says.
    void startSequences()
    {
        const auto atLeast = [&](const QString &key, qint64 value) {
            m_sequences[key] = std::max(m_sequences.value(key), value);
        };
        for (auto it = m_model.machines.cbegin(); it != m_model.machines.cend(); ++it) {
            const QString &name = it.key();
            if (isContainer(name))
                atLeast(QStringLiteral("container:") + name.section(u'/', 0, -2) + u'/',
                        name.section(u'/', -1).toLongLong() + 1);
            else
                atLeast(QStringLiteral("machine"), name.toLongLong() + 1);
        }
        for (auto it = m_model.applications.cbegin(); it != m_model.applications.cend(); ++it) {
            for (const BundlePlan::Unit &u : it->units) {
                atLeast(QStringLiteral("unit:") + it.key(),
                        u.name.section(u'/', 1).toLongLong() + 1);
                m_machineOfUnit.insert(u.name, u.machine);
            }
        }
    }

    QString nextMachine() { return QString::number(m_sequences[QStringLiteral("machine")]++); }

    QString nextContainer(const QString &host)
    {
        const QString prefix = host + QStringLiteral("/lxd/");
        return prefix + QString::number(m_sequences[QStringLiteral("container:") + prefix]++);
    }

    QString nextUnit(const QString &app)
    {
        return app + u'/' + QString::number(m_sequences[QStringLiteral("unit:") + app]++);
    }

    int add(Change change)
    {
        change.id = change.method + u'-' + QString::number(m_changes.size());
        m_changes << std::move(change);
        return int(m_changes.size() - 1);
    }

    const BundlePlan::Application *existing(const QString &app) const
    {
        const auto it = m_model.applications.constFind(app);
        return it == m_model.applications.cend() ? nullptr : &*it;
    }

    // The model machine of the unit `app`/`number`, empty when there is none.
    QString unitMachine(const QString &app, int number) const
    {
        return m_machineOfUnit.value(app + u'/' + QString::number(number));
    }

    // A unit of `app` on `machine` (mapped when it is a bundle machine), or
    // in a container on it; empty when there is none.
    QString unitOn(QString machine, const QString &app, bool container) const
    {
        machine = m_map.value(machine, machine);
        const BundlePlan::Application *a = existing(app);
        if (!a)
            return {};
        // The first unit of the application on each machine, and in a
        // container on each, found once an application.
        auto index = m_unitsOn.find(app);
        if (index == m_unitsOn.end()) {
            UnitsOn on;
            for (const BundlePlan::Unit &u : a->units) {
                const bool inContainer = isContainer(u.machine);
                QHash<QString, QString> &first = inContainer ? on.inContainer : on.onMachine;
                const QString host = inContainer ? topLevel(u.machine) : u.machine;
                if (!first.contains(host))
                    first.insert(host, u.name);
            }
            index = m_unitsOn.insert(app, on);
        }
        return (container ? index->inContainer : index->onMachine).value(machine);
    }

    // Bundle machines found again in the model where a deployed unit already
    // stands where the bundle places one (Juju's InferMachineMap).
    void inferMachineMap()
    {
        m_map = m_model.machineMap;
        QSet<QString> taken;
        for (const QString &target : std::as_const(m_map))
            taken << target;
        // Each application's units on machines not mapped yet, in order; the
        // next to map is the first not taken below.
        QHash<QString, QList<BundlePlan::Unit>> unused;
        QSet<QString> mappedUnits;
        QHash<QString, qsizetype> nextUnused;
        for (auto it = m_model.applications.cbegin(); it != m_model.applications.cend(); ++it) {
            for (const BundlePlan::Unit &u : it->units) {
                if (!u.machine.isEmpty() && !taken.contains(topLevel(u.machine)))
                    unused[it.key()] << u;
            }
        }
        const auto firstUnused = [&](const QString &app) -> const BundlePlan::Unit * {
            const QList<BundlePlan::Unit> &units = unused[app];
            qsizetype &i = nextUnused[app];
            while (i < units.size() && mappedUnits.contains(units.at(i).name))
                ++i;
            return i < units.size() ? &units.at(i) : nullptr;
        };
        // Bundle machine -> the applications (by name) with an open placement on it.
        QHash<QString, QStringList> openOn;
        for (const Bundle::Application &app : m_bundle.applications) {
            for (const QString &entry : app.to) {
                const Directive d = directiveOf(entry);
                if (d.machine.isEmpty() || m_map.contains(d.machine)) {
                    openOn[d.machine] << app.name;
                    continue;
                }
                const QString unit = unitOn(d.machine, app.name, d.container);
                if (unit.isEmpty()) {
                    openOn[d.machine] << app.name;
                    continue;
                }
                m_map.insert(d.machine, d.machine);
                taken << d.machine;
                mappedUnits << unit;
            }
        }
        for (QStringList &apps : openOn) {
            apps.sort();
            apps.removeDuplicates();
        }
        QStringList ids;
        for (const Bundle::Machine &m : m_bundle.machines)
            ids << m.id;
        for (const QString &id : naturallySorted(ids)) {
            if (m_map.contains(id))
                continue;
            for (const QString &app : openOn.value(id)) {
                const BundlePlan::Unit *u = firstUnused(app);
                if (!u)
                    continue;
                const QString machine = topLevel(u->machine);
                if (taken.contains(machine))
                    continue;
                m_map.insert(id, machine);
                mappedUnits << u->name;
                break;
            }
        }
    }

    QString deployLine(const Bundle::Application &app, const QString &base) const
    {
        // Juju names where the charm comes from by its URL's schema; a plain
        // name is a Charmhub charm.
        const QString schema =
            app.charmUrl.contains(u':') ? app.charmUrl.section(u':', 0, 0) : QStringLiteral("ch");
        QString line = QStringLiteral("deploy application ") + app.name;
        if (schema == u"ch")
            line += QStringLiteral(" from charm-hub");
        else if (schema == u"local")
            line += QStringLiteral(" from local");
        if (!base.isEmpty())
            line += QStringLiteral(" on ") + base;
        if (!app.channel.isEmpty())
            line += QStringLiteral(" with ") + app.channel;
        if (app.name != app.charm)
            line += QStringLiteral(" using ") + app.charm;
        return line;
    }

    void addApplications()
    {
        for (const QString &name : std::as_const(m_names)) {
            const Bundle::Application &app = *m_bundle.application(name);
            const BundlePlan::Application *had = existing(name);
            QString deployId;
            if (!had) {
                Change deploy;
                deploy.method = QStringLiteral("deploy");
                deploy.application = name;
                deploy.base = app.base.isEmpty() ? m_model.defaultBase : app.base;
                deploy.args = QJsonObject{{QStringLiteral("charm"), app.charmUrl},
                                          {QStringLiteral("application"), name}};
                if (!deploy.base.isEmpty())
                    deploy.args.insert(QStringLiteral("base"), deploy.base);
                if (!app.options.isEmpty())
                    deploy.args.insert(QStringLiteral("options"), app.options);
                if (!app.constraintsWritten.isEmpty())
                    deploy.args.insert(QStringLiteral("constraints"), app.constraintsWritten);
                if (!app.channel.isEmpty())
                    deploy.args.insert(QStringLiteral("channel"), app.channel);
                deploy.description = deployLine(app, deploy.base);
                deployId = m_changes.at(add(deploy)).id;
                m_deployOf.insert(name, deployId);
            } else {
                const QJsonObject options = changedValues(had->options, app.options);
                if (!options.isEmpty()) {
                    Change set;
                    set.method = QStringLiteral("setOptions");
                    set.application = name;
                    set.values = options;
                    set.args = QJsonObject{{QStringLiteral("application"), name},
                                           {QStringLiteral("options"), options}};
                    set.description = QStringLiteral("set application options for ") + name;
                    add(set);
                }
                if (!app.subordinate && had->constraints != app.constraints) {
                    Change set;
                    set.method = QStringLiteral("setConstraints");
                    set.application = name;
                    set.constraints = app.constraints;
                    set.args = QJsonObject{{QStringLiteral("application"), name},
                                           {QStringLiteral("constraints"), app.constraintsWritten}};
                    set.description = QStringLiteral("set constraints for %1 to \"%2\"")
                                          .arg(name, app.constraintsWritten);
                    add(set);
                }
            }
            // Juju exposes, never unexposes.
            if (app.expose && (!had || !had->exposed)) {
                Change expose;
                expose.method = QStringLiteral("expose");
                expose.application = name;
                expose.args = QJsonObject{
                    {QStringLiteral("application"), had ? name : placeholder(deployId)}};
                if (!had)
                    expose.needs << deployId;
                expose.description = QStringLiteral("expose all endpoints of %1 and allow access "
                                                    "from CIDRs 0.0.0.0/0 and ::/0")
                                         .arg(name);
                add(expose);
            }
            const QJsonObject annotations =
                had ? changedValues(had->annotations, app.annotations) : app.annotations;
            if (!annotations.isEmpty()) {
                Change set;
                set.method = QStringLiteral("setAnnotations");
                set.application = name;
                set.values = annotations;
                set.args =
                    QJsonObject{{QStringLiteral("id"), had ? name : placeholder(deployId)},
                                {QStringLiteral("entity-type"), QStringLiteral("application")},
                                {QStringLiteral("annotations"), annotations}};
                if (!had)
                    set.needs << deployId;
                set.description = QStringLiteral("set annotations for ") + name;
                add(set);
            }
        }
    }

    void addMachines()
    {
        QStringList ids;
        for (const Bundle::Machine &m : m_bundle.machines)
            ids << m.id;
        const QHash<QString, const Bundle::Machine *> byId = m_bundle.machinesById();
        for (const QString &id : naturallySorted(ids)) {
            const Bundle::Machine &spec = *byId.value(id);
            const QString modelMachine = m_map.value(id);
            const auto found = m_model.machines.constFind(modelMachine);
            Change annotate;
            annotate.method = QStringLiteral("setAnnotations");
            annotate.bundleMachine = id;
            QString target;
            if (modelMachine.isEmpty() || found == m_model.machines.cend()) {
                Change add;
                add.method = QStringLiteral("addMachines");
                add.machine = nextMachine();
                add.bundleMachine = id;
                add.base = spec.base.isEmpty() ? m_model.defaultBase : spec.base;
                add.constraints = spec.constraints;
                if (!add.base.isEmpty())
                    add.args.insert(QStringLiteral("base"), add.base);
                if (!spec.constraints.isEmpty())
                    add.args.insert(QStringLiteral("constraints"), spec.constraints);
                add.description =
                    QStringLiteral("add new machine ") + add.machine +
                    (id == add.machine ? QString()
                                       : QStringLiteral(" (bundle machine %1)").arg(id));
                const Change &made = m_changes.at(this->add(add));
                m_bundleMachineChange.insert(id, int(m_changes.size() - 1));
                annotate.machine = made.machine;
                annotate.needs << made.id;
                annotate.values = spec.annotations;
                annotate.args.insert(QStringLiteral("id"), placeholder(made.id));
                target = QStringLiteral("new machine ") + made.machine;
            } else {
                annotate.machine = modelMachine;
                annotate.values = changedValues(found->annotations, spec.annotations);
                annotate.args.insert(QStringLiteral("id"), modelMachine);
                target = QStringLiteral("existing machine ") + modelMachine;
            }
            if (annotate.values.isEmpty())
                continue;
            annotate.args.insert(QStringLiteral("entity-type"), QStringLiteral("machine"));
            annotate.args.insert(QStringLiteral("annotations"), annotate.values);
            annotate.description = QStringLiteral("set annotations for ") + target;
            add(annotate);
        }
    }

    void addRelations()
    {
        for (const Bundle::Relation &r : m_bundle.relations) {
            if (std::any_of(m_model.relations.cbegin(), m_model.relations.cend(),
                            [&](const Bundle::Relation &had) { return had.sameAs(r); }))
                continue;
            Change relate;
            relate.method = QStringLiteral("addRelation");
            relate.endpoint1 = r.first;
            relate.endpoint2 = r.second;
            const auto endpoint = [&](const QString &written) {
                const QString app = Bundle::applicationOf(written);
                if (existing(app))
                    return written;
                const QString deployId = m_deployOf.value(app);
                relate.needs << deployId;
                return QString(placeholder(deployId) + written.mid(app.size()));
            };
            relate.args = QJsonObject{{QStringLiteral("endpoint1"), endpoint(r.first)},
                                      {QStringLiteral("endpoint2"), endpoint(r.second)}};
            relate.description = QStringLiteral("add relation %1 - %2").arg(r.first, r.second);
            add(relate);
        }
    }

    void addUnits()
    {
        // Every unit the model lacks, application by application...
        for (const QString &name : std::as_const(m_names)) {
            const Bundle::Application &app = *m_bundle.application(name);
            const BundlePlan::Application *had = existing(name);
            for (qint64 i = had ? had->units.size() : 0; i < app.units; ++i) {
                Change unit;
                unit.method = QStringLiteral("addUnit");
                unit.application = name;
                unit.unit = nextUnit(name);
                if (had) {
                    unit.argApplication = name;
                } else {
                    unit.needs << m_deployOf.value(name);
                    unit.argApplication = placeholder(m_deployOf.value(name));
                }
                const int at = add(unit);
                m_unitChange.insert(name + u'/' + QString::number(i), at);
                m_unitChanges[name] << at;
            }
        }
        // ...then placed, the applications a placement names first.
        QStringList toDo = m_names;
        toDo.sort();
        QHash<QString, QSet<QString>> needs; // the applications each one's placements name
        for (const Bundle::Application &app : m_bundle.applications) {
            QSet<QString> &named = needs[app.name];
            for (const QString &entry : app.to) {
                if (const QString other = directiveOf(entry).application; !other.isEmpty())
                    named << other;
            }
        }
        QSet<QString> done;
        while (!toDo.isEmpty()) {
            int placed = 0;
            for (const QString &name : QStringList(toDo)) {
                const QSet<QString> &named = needs[name];
                if (std::any_of(named.cbegin(), named.cend(),
                                [&](const QString &other) { return !done.contains(other); }))
                    continue;
                placeUnitsOf(*m_bundle.application(name));
                done << name;
                toDo.removeOne(name);
                ++placed;
            }
            if (placed == 0)
                throw BerthError(BundlePlan::tr("cycle in placement directives for: %1")
                                     .arg(toDo.join(QStringLiteral(", "))));
        }
    }

    // The `to` entries no unit in the model satisfies yet, in order.
    QStringList unsatisfied(const Bundle::Application &app) const
    {
        if (!existing(app.name))
            return app.to;
        QStringList open;
        for (const QString &entry : app.to) {
            const Directive d = directiveOf(entry);
            bool keep = true;
            if (d.machine == u"new" || (d.machine.isEmpty() && d.unit < 0)) {
                keep = true;
            } else if (!d.machine.isEmpty()) {
                keep = unitOn(d.machine, app.name, d.container).isEmpty();
            } else {
                const QString machine = unitMachine(d.application, d.unit);
                keep = machine.isEmpty() || unitOn(machine, app.name, d.container).isEmpty();
            }
            if (keep)
                open << entry;
        }
        return open;
    }

    void placeUnitsOf(const Bundle::Application &app)
    {
        const BundlePlan::Application *had = existing(app.name);
        // A last `new` or application entry is used again for the units beyond the list.
        QString last;
        if (!app.to.isEmpty()) {
            const Directive d = directiveOf(app.to.last());
            if (d.machine == u"new" || (!d.application.isEmpty() && d.unit < 0))
                last = app.to.last();
        }
        QStringList open = unsatisfied(app);
        QString previous;
        for (qint64 i = had ? had->units.size() : 0; i < app.units; ++i) {
            const QString directive = open.isEmpty() ? last : open.takeFirst();
            const Placement p = placementFor(app, directive);
            const int at = m_unitChange.value(app.name + u'/' + QString::number(i));
            Change &unit = m_changes[at];
            unit.argTo = p.target;
            unit.needs += p.needs;
            if (!previous.isEmpty())
                unit.needs << previous;
            previous = unit.id;
            unit.machine = p.machine;
            unit.makesMachine = p.makesMachine;
            QString where = p.description.isEmpty() ? QStringLiteral("new machine ") + p.baseMachine
                                                    : p.description;
            if (p.satisfies)
                where += QStringLiteral(" to satisfy [%1]").arg(directive);
            unit.description = QStringLiteral("add unit %1 to %2").arg(unit.unit, where);
            m_placed.insert(at, p);
        }
    }

    Placement newMachineForUnit()
    {
        Placement p;
        p.baseMachine = nextMachine();
        p.machine = p.baseMachine;
        p.makesMachine = true;
        return p;
    }

    Placement placementFor(const Bundle::Application &app, const QString &directive)
    {
        if (directive.isEmpty())
            return newMachineForUnit();
        const Directive d = directiveOf(directive);
        if (d.machine == u"new")
            return addNewMachine(app, d.container);
        if (!d.machine.isEmpty())
            return definedMachine(app, d);
        return d.unit >= 0 ? definedUnit(app, d) : definedApplication(app, d);
    }

    QString baseOf(const Bundle::Application &app) const
    {
        return app.base.isEmpty() ? m_model.defaultBase : app.base;
    }

    // A new machine made for a unit of `app` (Juju's "new" and "lxd:new").
    Placement addNewMachine(const Bundle::Application &app, bool container)
    {
        Change add;
        add.method = QStringLiteral("addMachines");
        add.application = app.name;
        add.base = baseOf(app);
        add.constraints = app.constraints;
        const QString machine = nextMachine();
        Placement p;
        p.baseMachine = machine;
        if (container) {
            add.machine = nextContainer(machine);
            add.parent = machine;
            add.newParent = true;
            add.description =
                QStringLiteral("add lxd container %1 on new machine %2").arg(add.machine, machine);
            p.description = add.machine;
        } else {
            add.machine = machine;
            add.description = QStringLiteral("add new machine ") + machine;
            p.description = QStringLiteral("new machine ") + machine;
        }
        add.argConstraints = app.constraintsWritten;
        const Change &made = m_changes.at(this->add(add));
        p.target = placeholder(made.id);
        p.needs << made.id;
        p.machine = made.machine;
        return p;
    }

    // A model machine, or a new container on it made with the unit.
    Placement onModelMachine(const QString &machine, bool container)
    {
        Placement p;
        p.baseMachine = machine;
        p.machine = machine;
        p.target = machine;
        p.description = QStringLiteral("existing machine ") + machine;
        if (container) {
            // A container beside a unit in a container is its sibling.
            p.baseMachine = topLevel(machine);
            p.target = QStringLiteral("lxd:") + p.baseMachine;
            p.machine = nextContainer(p.baseMachine);
            p.description = p.machine;
            p.makesMachine = true;
        }
        return p;
    }

    // A container on the machine `on` places another unit on.
    Placement addContainer(const Bundle::Application &app, const Placement &on)
    {
        Change add;
        add.method = QStringLiteral("addMachines");
        add.application = app.name;
        add.base = baseOf(app);
        add.constraints = app.constraints;
        add.machine = nextContainer(on.baseMachine);
        add.parent = on.baseMachine;
        add.needs = on.needs;
        add.argParent = on.target;
        add.argConstraints = app.constraintsWritten;
        add.description =
            QStringLiteral("add lxd container %1 on %2 machine %3")
                .arg(add.machine,
                     m_model.machines.contains(on.baseMachine) ? QStringLiteral("existing")
                                                               : QStringLiteral("new"),
                     on.baseMachine);
        const Change &made = m_changes.at(this->add(add));
        Placement p;
        p.target = placeholder(made.id);
        p.needs << made.id;
        p.baseMachine = on.baseMachine;
        p.description = made.machine;
        p.machine = made.machine;
        return p;
    }

    Placement definedMachine(const Bundle::Application &app, const Directive &d)
    {
        const QString modelMachine = m_map.value(d.machine);
        if (!modelMachine.isEmpty() && m_model.machines.contains(modelMachine))
            return onModelMachine(modelMachine, d.container);
        const Change &made = m_changes.at(m_bundleMachineChange.value(d.machine));
        Placement p;
        p.target = placeholder(made.id);
        p.needs << made.id;
        p.baseMachine = made.machine;
        p.machine = made.machine;
        p.description = QStringLiteral("new machine ") + made.machine;
        return d.container ? addContainer(app, p) : p;
    }

    // Where the new unit changes[at] went, for a unit placed beside it.
    Placement besideNewUnit(const Bundle::Application &app, int at, bool container)
    {
        const Placement &other = m_placed.value(at);
        Placement p;
        p.target = placeholder(m_changes.at(at).id);
        p.needs << m_changes.at(at).id;
        p.baseMachine = other.baseMachine;
        p.description = other.description;
        p.machine = other.machine;
        return container ? addContainer(app, p) : p;
    }

    Placement definedUnit(const Bundle::Application &app, const Directive &d)
    {
        const QString machine = unitMachine(d.application, d.unit);
        Placement p;
        if (!machine.isEmpty()) {
            p = onModelMachine(machine, d.container);
        } else {
            const int at = m_unitChange.value(d.application + u'/' + QString::number(d.unit), -1);
            if (at < 0)
                return addNewMachine(app, d.container); // said without the directive
            p = besideNewUnit(app, at, d.container);
        }
        p.satisfies = true;
        return p;
    }

    // The top-level machines with a unit of `source` and no unit of `target`
    // (in a container when `container`), in natural order.
    QStringList machinesWithout(const QString &source, const QString &target, bool container) const
    {
        const BundlePlan::Application *from = existing(source);
        if (!from)
            return {};
        QSet<QString> machines;
        for (const BundlePlan::Unit &u : from->units) {
            if (!u.machine.isEmpty())
                machines << topLevel(u.machine);
        }
        if (const BundlePlan::Application *to = existing(target)) {
            for (const BundlePlan::Unit &u : to->units) {
                if (!container)
                    machines.remove(u.machine);
                else if (isContainer(u.machine))
                    machines.remove(topLevel(u.machine));
            }
        }
        return naturallySorted(QStringList(machines.cbegin(), machines.cend()));
    }

    Placement definedApplication(const Bundle::Application &app, const Directive &d)
    {
        const QString key = app.name + u'/' + d.application;
        if (!m_machinesWithout.contains(key))
            m_machinesWithout.insert(key, machinesWithout(d.application, app.name, d.container));
        QStringList &machines = m_machinesWithout[key];
        Placement p;
        if (!machines.isEmpty()) {
            p = onModelMachine(machines.takeFirst(), d.container);
        } else {
            if (!m_newUnitsLeft.contains(key))
                m_newUnitsLeft.insert(key, m_unitChanges.value(d.application));
            QList<int> &left = m_newUnitsLeft[key];
            if (left.isEmpty())
                return newMachineForUnit(); // said without the directive
            p = besideNewUnit(app, left.takeFirst(), d.container);
        }
        p.satisfies = true;
        return p;
    }

    // A bundle machine made for nothing: the machine map left it out.
    void checkAllMachinesUsed() const
    {
        QSet<QString> required;
        for (const Change &c : m_changes) {
            for (const QString &r : c.needs)
                required << r;
        }
        QStringList ids = m_bundleMachineChange.keys();
        for (const QString &id : naturallySorted(ids)) {
            if (required.contains(m_changes.at(m_bundleMachineChange.value(id)).id))
                continue;
            QSet<QString> free;
            for (auto it = m_model.machines.cbegin(); it != m_model.machines.cend(); ++it) {
                if (!isContainer(it.key()))
                    free << it.key();
            }
            for (const Bundle::Machine &m : m_bundle.machines)
                free.remove(m_map.value(m.id));
            QStringList quoted;
            for (const QString &m : naturallySorted(QStringList(free.cbegin(), free.cend())))
                quoted << u'"' + m + u'"';
            QString perhaps;
            if (quoted.size() == 1)
                perhaps =
                    QStringLiteral(", perhaps to unreferenced model machine ") + quoted.first();
            else if (quoted.size() > 1)
                perhaps = QStringLiteral(", perhaps to one of model machines [%1]")
                              .arg(quoted.join(QStringLiteral(", ")));
            QStringList hosts;
            for (const Bundle::Application &app : m_bundle.applications) {
                if (app.to.contains(id))
                    hosts << app.name;
            }
            const QString host = hosts.isEmpty()
                                     ? QString()
                                     : QStringLiteral(" - the target should host [%1]")
                                           .arg(naturallySorted(hosts).join(QStringLiteral(", ")));
            throw BerthError(BundlePlan::tr("bundle and machine mapping are inconsistent: need an "
                                            "explicit entry mapping bundle machine \"%1\"%2%3")
                                 .arg(id, perhaps, host));
        }
    }

    // Each change after those it needs, in rounds that keep the order
    // the changes were made in (Juju's toposortFlatten).
    QList<Change> sorted()
    {
        QHash<QString, int> waiting;
        QHash<QString, QStringList> followers;
        for (Change &c : m_changes) {
            c.needs.sort();
            waiting.insert(c.id, int(c.needs.size()));
            for (const QString &r : std::as_const(c.needs))
                followers[r] << c.id;
        }
        QList<qsizetype> order;
        order.reserve(m_changes.size());
        while (!waiting.isEmpty()) {
            const qsizetype before = waiting.size();
            for (qsizetype i = 0; i < m_changes.size(); ++i) {
                const QString &id = m_changes.at(i).id;
                const auto it = waiting.constFind(id);
                if (it == waiting.cend() || *it != 0)
                    continue;
                order << i;
                waiting.erase(it);
                if (const auto f = followers.constFind(id); f != followers.cend()) {
                    for (const QString &follower : *f)
                        --waiting[follower];
                }
            }
            if (waiting.size() == before)
                throw BerthError(BundlePlan::tr("the bundle's changes require each other"));
        }
        QList<Change> out;
        out.reserve(m_changes.size());
        for (const qsizetype i : std::as_const(order))
            out << std::move(m_changes[i]);
        return out;
    }

    const Bundle &m_bundle;
    const BundlePlan::Model &m_model;
    QHash<QString, qint64> m_sequences;
    QHash<QString, QString> m_machineOfUnit; // each unit of the model -> its machine
    struct UnitsOn
    {
        QHash<QString, QString> onMachine;   // model machine -> the first unit on it
        QHash<QString, QString> inContainer; // model machine -> the first in a container on it
    };
    mutable QHash<QString, UnitsOn> m_unitsOn; // by application, found by unitOn()
    QStringList m_names;                       // the bundle's applications in natural order
    QHash<QString, QString> m_map;
    QList<Change> m_changes;
    QHash<QString, QString> m_deployOf;            // application -> its deploy change
    QHash<QString, int> m_bundleMachineChange;     // bundle machine -> its addMachines
    QHash<QString, int> m_unitChange;              // "app/i" -> the addUnit of its i-th unit
    QHash<QString, QList<int>> m_unitChanges;      // application -> its addUnits
    QHash<int, Placement> m_placed;                // addUnit -> where it went
    QHash<QString, QStringList> m_machinesWithout; // "app/other" -> model machines left
    QHash<QString, QList<int>> m_newUnitsLeft;     // "app/other" -> new units left
};

} // namespace

QList<BundlePlan::Change> BundlePlan::of(const Bundle &bundle, const Model &model)
{
    return Planner(bundle, model).run();
}

QJsonObject BundlePlan::Change::jujuArgs() const
{
    QJsonObject out = args;
    if (method == u"addUnit") {
        out.insert(QStringLiteral("application"), argApplication);
        if (!argTo.isEmpty())
            out.insert(QStringLiteral("to"), argTo);
    } else if (method == u"addMachines" && bundleMachine.isEmpty()) {
        // A machine or container for a unit.
        if (!parent.isEmpty())
            out.insert(QStringLiteral("container-type"), QStringLiteral("lxd"));
        if (!argParent.isEmpty())
            out.insert(QStringLiteral("parent-id"), argParent);
        if (!base.isEmpty())
            out.insert(QStringLiteral("base"), base);
        if (!argConstraints.isEmpty())
            out.insert(QStringLiteral("constraints"), argConstraints);
    }
    return out;
}

QJsonArray BundlePlan::records(const QList<Change> &changes)
{
    QJsonArray out;
    for (const Change &c : changes)
        out.append(QJsonObject{{QStringLiteral("id"), c.id},
                               {QStringLiteral("method"), c.method},
                               {QStringLiteral("args"), c.jujuArgs()},
                               {QStringLiteral("requires"), QJsonArray::fromStringList(c.needs)},
                               {QStringLiteral("description"), c.description}});
    return out;
}

bool BundlePlan::naturalLess(const QString &a, const QString &b)
{
    qsizetype i = 0;
    qsizetype j = 0;
    while (i < a.size() && j < b.size()) {
        if (a.at(i).isDigit() && b.at(j).isDigit()) {
            qsizetype ei = i;
            qsizetype ej = j;
            while (ei < a.size() && a.at(ei).isDigit())
                ++ei;
            while (ej < b.size() && b.at(ej).isDigit())
                ++ej;
            // Numbers compare by value: by length without leading zeros, then digits.
            QStringView x = QStringView(a).mid(i, ei - i);
            QStringView y = QStringView(b).mid(j, ej - j);
            while (x.size() > 1 && x.front() == u'0')
                x = x.mid(1);
            while (y.size() > 1 && y.front() == u'0')
                y = y.mid(1);
            if (x.size() != y.size())
                return x.size() < y.size();
            if (const int c = x.compare(y); c != 0)
                return c < 0;
            i = ei;
            j = ej;
        } else {
            if (a.at(i) != b.at(j))
                return a.at(i) < b.at(j);
            ++i;
            ++j;
        }
    }
    return a.size() - i < b.size() - j;
}

} // namespace berth
