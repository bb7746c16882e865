#pragma once

#include "core/placement/spread/spreadstate.h"

#include <QCoreApplication>
#include <QHash>
#include <QSet>

#include <unordered_map>

namespace berth {

// The zone-level spread constraints the provisioner keeps when it chooses a
// zone for a new host (spread: Where it is enforced), through the spread
// filter: each application's units counted by zone, from the model and the
// zones this pass has claimed. Used from the pass's thread only.
class ZoneBounds
{
    Q_DECLARE_TR_FUNCTIONS(ZoneBounds)

public:
    ZoneBounds() = default;
    // `claimed`: zones chosen for hosts not started yet (by machine id);
    // `outages`: zones that refused starts lately, not eligible meanwhile.
    ZoneBounds(const ModelSnapshot &snapshot, const CloudInfo &cloud,
               const QHash<qint64, QString> &claimed, const QSet<QString> &outages);

    bool isEmpty() const { return m_filters.empty(); }

    struct Choice
    {
        // The allowed candidates with the least skew, in candidate order:
        // the zone spread's tie break (ZoneSpread) chooses among them.
        QStringList zones;
        bool hard = false; // a `wait` bound applies: the host waits rather than break it
        QString why;       // when hard and no zone is allowed: the bound it would break
    };
    // Where a new host carrying `units` (application → how many of its
    // units) with `constraints` may start among `candidates`. A host with
    // no unit under a zone bound may start in any of them.
    Choice choose(const QStringList &candidates, const QHash<QString, int> &units,
                  const Constraints &constraints);
    // Counts the host's units in `zone`.
    void claim(const QString &zone, const QHash<QString, int> &units);

private:
    std::unordered_map<QString, SpreadFilter> m_filters; // application → its zone bound
    QSet<QString> m_outages;
};

} // namespace berth
