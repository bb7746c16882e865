#pragma once

#include "core/cloud/cloudinfo.h"
#include "core/model/modelrecords.h"

#include <QCoreApplication>
#include <QMap>

namespace berth {

// What the provisioner would start once a change set is committed, by its
// own rules (zone spread over healthy zones, the cheapest instance type that
// fits), what it would stop (every running instance whose machine the
// changes remove), and how each application touched would be spread over
// zones then. Pure: from the model before and after the changes.
struct StartForecast
{
    Q_DECLARE_TR_FUNCTIONS(StartForecast)

public:
    // Instances of one type to start in one zone of a region.
    struct Starts
    {
        QString region;
        QString zone; // empty: the cloud picks (a named node, a region without zones)
        QString instanceType;
        int count = 0;
        double hourlyCost = 0; // all of them, from the catalogue
    };
    // An instance the changes stop: its machine goes (removed, or with the
    // last unit it was made for), and what it costs now.
    struct Stop
    {
        QString machine;
        QString instanceId;
        QString region;
        QString zone;
        QString instanceType;
        double hourlyCost = 0; // from the catalogue; 0 when it lists no such type
    };
    // A new machine no instance type fits: its start would fail.
    struct Unfit
    {
        QString machine;
        QString reason;
    };
    // An application's units per zone before and after, and the skew (most
    // minus fewest units over the zones it may use).
    struct Spread
    {
        QString application;
        QMap<QString, int> before;
        QMap<QString, int> after;
        int skewBefore = 0;
        int skewAfter = 0;
    };

    QList<Starts> starts;
    double hourlyCost = 0; // of the starts
    QList<Stop> stops;
    double stoppedHourlyCost = 0; // what the stops save
    QList<Unfit> unfit;
    // New machines a `wait` spread bound holds until a zone can take them,
    // with the bound's words.
    QList<Unfit> held;
    QList<Spread> spreads;

    int instances() const;
    // What the commit changes the model's hourly cost by: starts less stops.
    double costChange() const { return hourlyCost - stoppedHourlyCost; }
    static StartForecast of(const ModelSnapshot &before, const ModelSnapshot &after,
                            const CloudInfo &cloud);
};

} // namespace berth
