#pragma once

#include "core/constraints/constraints.h"
#include "core/model/machinestate.h"
#include "core/model/modelconfig.h"
#include "core/model/spreadconstraint.h"

#include <QJsonObject>
#include <QList>
#include <QSet>
#include <QString>

namespace berth {

// Plain records of what the store holds, as read by ModelReader and ModelTx.

struct ModelRecord
{
    qint64 id = 0;
    QString uuid;
    QString name;
    QString cloud;
    QString region;
    QString credential;
    Constraints constraints; // parsed where the row is read
    ModelConfig config;
    // destroy-model has begun: the provisioner stops its instances, then the
    // model goes; nothing else changes it meanwhile.
    bool dying = false;
};

struct ApplicationRecord
{
    qint64 id = 0;
    QString name;
    QString charm;
    QString base;
    bool subordinate = false;
    Constraints constraints; // parsed where the row is read
    qint64 minSize = 0;      // bounds for scale-application (Senlin's cluster bounds)
    qint64 maxSize = -1;     // -1: unbounded

    bool operator==(const ApplicationRecord &) const = default;
};

// What a machine's stored placement pins, read in one place: the zone or
// region it must start in, an existing host (ssh:), or a node the provider
// itself picks by name or id. None for a machine placed anywhere.
struct MachinePlacement
{
    enum class Kind { None, Zone, Region, ExistingHost, ProviderNode };
    Kind kind = Kind::None;
    QString value; // the zone, the region, "user@host[:port]", the node

    static MachinePlacement of(const QString &stored);
    // For the provider to read when it starts the machine (an existing host,
    // a node); empty for a zone or a region, which the provisioner chooses by.
    bool forProvider() const { return kind == Kind::ExistingHost || kind == Kind::ProviderNode; }
};

struct MachineRecord
{
    qint64 id = 0;
    QString name; // "3", "3/lxd/0"
    qint64 parentId = 0;
    QString base;
    QString constraints;
    QString placement;
    bool forUnit = false; // created to host a unit: removed with its last unit
    MachineState state;   // life, the machine's status and its instance's
    QString machineMessage;
    QString instanceMessage;
    QString instanceId;
    QString instanceType;
    QString hardware;
    QString region;
    QString zone;
    QString nonce;
    qint64 createdAt = 0;
    int attempts = 0;   // failed starts so far
    qint64 retryAt = 0; // ms since epoch before which no new start is made

    bool isContainer() const { return parentId != 0; }
    // An existing host enlisted with add-machine ssh:, not the cloud's: Berth
    // never starts or stops it.
    bool isExistingHost() const { return placed().kind == MachinePlacement::Kind::ExistingHost; }
    MachinePlacement placed() const { return MachinePlacement::of(placement); }
    QString parentName() const;
    // Where it runs: its own zone, or (a container not given one) its host's.
    QString zoneOn(const MachineRecord *host) const
    {
        return zone.isEmpty() && host ? host->zone : zone;
    }
    // Where it runs, or will: zoneOn(host), else the zone its placement (or
    // its host's) asks for. What a spread and a deletion policy count it in.
    QString expectedZone(const MachineRecord *host) const;
    // A container on `host` cannot start: its host is gone, in error or going.
    static bool hostBlocks(const MachineRecord *host);
    // What the user is shown of it: the instance's message, else the machine's.
    const QString &message() const
    {
        return instanceMessage.isEmpty() ? machineMessage : instanceMessage;
    }
    // Never got an instance and no start is in flight: it can go at once.
    bool neverProvisioned() const { return instanceId.isEmpty() && !state.starting(); }
    bool operator==(const MachineRecord &) const = default;
};

struct UnitRecord
{
    qint64 id = 0;
    qint64 applicationId = 0;
    QString application;
    qint64 number = 0;
    qint64 machineId = 0;
    QString machine;
    qint64 principalId = 0;
    QString principal;
    bool subordinate = false;
    QString constraints;
    qint64 createdAt = 0;

    QString name() const { return application + u'/' + QString::number(number); }
    bool operator==(const UnitRecord &) const = default;
};

} // namespace berth

// Records hold only Qt's implicitly shared values and plain numbers: a list
// of 100,000 grows by moving its memory, not by moving each record.
Q_DECLARE_TYPEINFO(berth::MachineRecord, Q_RELOCATABLE_TYPE);
Q_DECLARE_TYPEINFO(berth::UnitRecord, Q_RELOCATABLE_TYPE);

namespace berth {

// A unit of one application and where it is, as the Senlin policies see it.
struct UnitPlacement
{
    // From the unit, its machine (null: unplaced) and that machine's host
    // (null: not a container).
    static UnitPlacement of(const UnitRecord &unit, const MachineRecord *machine,
                            const MachineRecord *host);

    qint64 unitId = 0;
    qint64 number = 0;
    qint64 createdAt = 0;
    QString constraints;
    QString region;       // its machine's
    QString zone;         // its machine's, its host's, or the zone its placement asks for
    bool inError = false; // its machine, or that machine's host, is in error
};

} // namespace berth

Q_DECLARE_TYPEINFO(berth::UnitPlacement, Q_RELOCATABLE_TYPE);

namespace berth {

// One move of a machine's life cycle, as its status history keeps it.
struct StatusLogEntry
{
    qint64 at = 0;      // ms since epoch
    MachineState state; // after the move
    QString message;
    bool operator==(const StatusLogEntry &) const = default;
};

// One of an application's Senlin policies as stored: its kind (region,
// zone or deletion) and spec.
struct PolicyRecord
{
    qint64 applicationId = 0;
    QString kind;
    QJsonObject spec;
};

// A change waiting in a model's change set: a berthctl command and its
// arguments (see ModelChange), in the order staged.
struct StagedChangeRecord
{
    qint64 id = 0;
    QString key; // unique, chosen by the client that stages it
    QString command;
    QJsonObject args;
    QString author;  // the person who staged it, for other clients to see
    QString program; // and from which program ("berthctl", "berth") and host
    QString host;
    qint64 createdAt = 0;
    bool operator==(const StagedChangeRecord &) const = default;
};

// What a model's change set would change, marked on the snapshot of the
// model as it would be after it (ChangeSet::plannedSnapshot): added or
// changed rows by id, and the rows it removes (kept in the snapshot, so
// views can show them struck out).
struct PlannedMarks
{
    QSet<qint64> applications;
    QSet<qint64> units;
    QSet<qint64> machines;
    QSet<qint64> removedApplications;
    QSet<qint64> removedUnits;
    QSet<qint64> removedMachines;
    int changes = 0; // staged changes behind the marks

    bool isEmpty() const { return changes == 0; }
};

struct RelationRecord
{
    QString subordinate;
    QString principal;
};

// A relation between two principal applications (Juju's integrate): kept
// with its endpoints, placing nothing.
struct IntegrationRecord
{
    QString first;
    QString firstEndpoint; // empty when not named
    QString second;
    QString secondEndpoint;
};

struct ModelSnapshot
{
    ModelRecord model;
    QList<ApplicationRecord> applications;
    QList<UnitRecord> units;
    QList<MachineRecord> machines;
    QList<RelationRecord> relations;
    QList<IntegrationRecord> integrations;
    QList<PolicyRecord> policies;
    QList<SpreadRecord> spreads;
    PlannedMarks planned; // empty unless read with the change set applied
};

} // namespace berth
