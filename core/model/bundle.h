#pragma once

#include <QCoreApplication>
#include <QHash>
#include <QJsonObject>
#include <QJsonValue>
#include <QSet>
#include <QStringList>

#include <optional>

namespace berth {

// A Juju bundle (`bundle.yaml`): applications, their units' placements, the
// bundle's own machines and the relations, read from its documents (the
// first the bundle, the others overlays merged over it) with every check made
// before anything is deployed. Read from JSON values (YamlDocument turns the
// YAML into them); written back as the JSON of a bundle Juju's reader takes.
//
// Where the format leaves a choice, Berth's:
// - fewer `to` entries than units: the remaining units go to new machines;
// - an application is a subordinate when it gives no `num_units` and no
//   `to` and is in a relation (Juju learns it from the charm, which Berth
//   does not fetch); the annotation `berth.subordinate: "true"|"false"` says
//   it outright;
// - keys Berth keeps but does not act on (bindings, storage, devices,
//   resources, trust, offers) are named in warnings; a Kubernetes bundle,
//   `saas`, and keys Juju does not know are refused.
class Bundle
{
    Q_DECLARE_TR_FUNCTIONS(Bundle)

public:
    struct Application
    {
        QString name;
        QString charmUrl; // as written: ch:ceph-mon, cs:~me/xenial/mysql-5, mysql
        QString charm;    // the charm's name: ceph-mon
        QString channel;
        std::optional<qint64> revision;
        QString base; // canonical (ubuntu@20.04); empty: the model's default base
        qint64 units = 0;
        QStringList to;
        QString constraints;        // canonical
        QString constraintsWritten; // as the bundle writes them ("cpu-cores=4")
        QJsonObject options;
        QJsonObject annotations;
        bool expose = false;
        bool subordinate = false;
    };
    struct Machine
    {
        QString id; // the bundle's own name for it ("0")
        QString constraints;
        QString base;
        QJsonObject annotations;
    };
    struct Relation
    {
        QString first; // app[:endpoint]
        QString second;
        // The same relation: the applications match, and the endpoints do
        // where both name one, in either order.
        bool sameAs(const Relation &other) const;
    };
    // One `to` entry: `(<container>:)?(<unit>|<machine>|<application>|new)`.
    struct Placement
    {
        enum class Kind { New, Machine, Unit, Application };
        bool container = false; // lxd:...
        Kind kind = Kind::New;
        QString target; // the bundle machine id, the unit or the application
    };

    // `documents`: the bundle, then each overlay in order. `source` names it
    // in messages ("bundle \"ceph.yaml\""). Throws BerthError with one line
    // naming the key (and the application or machine) that cannot be read.
    static Bundle fromDocuments(const QList<QJsonValue> &documents, const QString &source);
    // Juju's overlay rules, on the documents as written: an application
    // given with no values is removed with its relations; an application's
    // keys are merged (a map's keys one by one, a key given null removed, an
    // empty map or null clearing it; the rest replaced); a `machines` section
    // replaces the bundle's, relations are added.
    static QJsonObject merged(const QList<QJsonValue> &documents, const QString &source);
    static Placement placementOf(const QString &entry);
    // Every top-level key Juju's bundle format has.
    static const QStringList &topLevelKeys();
    // "mysql" from "mysql:db".
    static QString applicationOf(const QString &endpoint);

    QString name;
    QString description;
    QList<Application> applications; // by name
    QList<Machine> machines;         // by id as a number
    QList<Relation> relations;
    QStringList warnings; // what is read but not acted on, one line each

    const Application *application(const QString &name) const;
    const Machine *machine(const QString &id) const;
    // Every machine by id, for look-ups in a loop (machine() reads them all).
    QHash<QString, const Machine *> machinesById() const;
    // The units of all its applications.
    qint64 units() const;
    // A bundle document Juju's reader accepts.
    QJsonObject toJson() const;

private:
    // fromDocuments's phases, in order.
    // The top-level keys: known ones, of their kinds.
    static void checkKeys(const QJsonObject &doc, const QString &source);
    // An overlay's applications merged into `bundle`'s (relations of removed ones go too).
    static void mergeApplications(QJsonObject &bundle, const QJsonObject &given);
    // default-base, or the older series; empty when neither is given.
    static QString defaultBaseOf(const QJsonObject &doc, const QString &source);
    static QList<Machine> machinesOf(const QJsonObject &doc, const QString &defaultBase,
                                     const QString &source);
    static QList<Relation> relationsOf(const QJsonObject &doc, const QString &source);
    // One key of an application's map, read into `app` (unitsGiven: it was
    // num_units); keys Berth keeps out are said in `warnings`.
    static void readApplicationKey(Application &app, const QString &key, const QJsonValue &v,
                                   const QString &where, bool &unitsGiven, QStringList &warnings);
    // An application read whole: its charm, whether it is a subordinate
    // (`related`: the applications relations name), and its unit count.
    static void checkApplication(Application &app, const QString &where, bool unitsGiven,
                                 const QSet<QString> &related);
    // Every placement names what the bundle holds, every machine is used,
    // and every relation names a bundle application.
    void checkReferences(const QString &source) const;
};

} // namespace berth
