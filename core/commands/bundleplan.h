#pragma once

#include "core/model/bundle.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

namespace berth {

// The changes deploying a bundle makes to a model, in the order and the
// words of Juju's bundle change planner (core/bundle/changes in juju/juju),
// the rules that decide what `juju deploy` does and what `juju deploy
// --dry-run` prints: every change has an id ("addMachines-4"), a method,
// Juju's arguments, the changes it needs, and one line of description.
// The order is Juju's: changes are made application by application in
// natural name order, then sorted so that each comes after what it
// needs, in rounds that keep the order they were made in.
//
// Pure: it reads a picture of the model (`Model`) and names every machine,
// container and unit it would make from the model's sequences, as the
// store would; BundleDeployment carries the changes out.
class BundlePlan
{
    Q_DECLARE_TR_FUNCTIONS(BundleCommands)

public:
    struct Unit
    {
        QString name;    // "mysql/0"
        QString machine; // "0", "0/lxd/1"; empty when the unit is not placed
    };
    struct Application
    {
        QString charm; // the charm's name
        QString base;
        QString channel;
        QString constraints; // canonical
        QJsonObject options;
        QJsonObject annotations;
        bool exposed = false;
        QList<Unit> units; // principal units, in number order
    };
    struct Machine
    {
        QString base;
        QJsonObject annotations;
    };
    struct Model
    {
        QHash<QString, Application> applications;
        QHash<QString, Machine> machines; // by name, containers too
        QList<Bundle::Relation> relations;
        // Bundle machine -> model machine, as given (--map-machines, or the
        // machines the bundle made before); the rest is inferred as Juju does.
        QHash<QString, QString> machineMap;
        // The store's sequences: "machine", "container:3/lxd/", "unit:mysql".
        QHash<QString, qint64> sequences;
        QString defaultBase; // the model's, for applications and machines with none
    };

    struct Change
    {
        QString id;
        QString method; // deploy, addMachines, addUnit, addRelation, expose, setOptions,
                        // setConstraints, setAnnotations
        QStringList needs;
        QJsonObject args; // Juju's arguments; for units and their machines see jujuArgs()
        QString description;

        // What carrying it out needs.
        QString application;       // deploy, addUnit, expose, setOptions, setConstraints,
                                   // setAnnotations of an application
        QString unit;              // addUnit: the unit made
        QString machine;           // addMachines: the machine made; addUnit: the unit's machine;
                                   // setAnnotations of a machine: the model machine
        QString parent;            // addMachines of a container: its host
        bool newParent = false;    // addMachines: the host is made too ("lxd:new")
        bool makesMachine = false; // addUnit: the machine is made with the unit
        QString bundleMachine;     // addMachines and setAnnotations of a bundle machine
        QString base;
        QString constraints; // addMachines (canonical), setConstraints
        QJsonObject values;  // setOptions, setAnnotations: the values set
        QString endpoint1;   // addRelation, as the bundle writes them
        QString endpoint2;
        // Juju's arguments of an addUnit or of an addMachines for a unit, kept
        // as text until asked for (a bundle of thousands of units makes them all).
        QString argApplication; // "$deploy-3" or the application
        QString argTo;          // a placeholder, "3" or "lxd:3"
        QString argParent;      // a container's host: a placeholder or a machine
        QString argConstraints; // as the bundle writes them

        QJsonObject jujuArgs() const;
    };

    // Throws BerthError when the placements go round in a circle, or when a
    // bundle machine the map leaves out would host nothing (Juju's
    // "bundle and machine mapping are inconsistent").
    static QList<Change> of(const Bundle &bundle, const Model &model);
    // Juju's records of the changes: id, method, args, needs, description.
    static QJsonArray records(const QList<Change> &changes);
    // Juju's natural order of names: "app2" before "app10".
    static bool naturalLess(const QString &a, const QString &b);
};

} // namespace berth
