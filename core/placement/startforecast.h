#pragma once

#include "core/cloud/cloudinfo.h"
#include "core/model/modelrecords.h"

#include <QCoreApplication>
#include <QMap>

namespace berth {

// What the provisioner would start once a change set is committed, by its
// own rules (zone spread over healthy zones, the cheapest instance type that
// fits), and how each application touched would be spread over zones then.
// Pure: from the model before and after the changes.
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
    double hourlyCost = 0;
    QList<Unfit> unfit;
    QList<Spread> spreads;

    int instances() const;
    static StartForecast of(const ModelSnapshot &before, const ModelSnapshot &after,
                            const CloudInfo &cloud);
};

} // namespace berth
