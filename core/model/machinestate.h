#pragma once

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace berth {

// The machine life cycle in one place (in the manner of Juju's machine_fsm.go):
// what a machine's life, its own status and its instance's status can be,
// their stored text, and the one table of moves between them. Every status
// change in core/ is one of these moves, checked here before it is written.
//
//  life alive                                               machine / instance
//
//            recordStart             recordInstance
//  pending/pending ───▶ pending/provisioning ───▶ started/running
//                        (again, in the next zone)
//        ▲ ▲  │              │     │    ▲
//        │ │  │ enlistHost   │     │    └─ (an ssh: host is enlisted as found)
//        │ │  └──────────────┼─────┼──────▶ started/running
//        │ └─ forgetStart ───┘     │
//        │    recordRetry          │ recordError (also from pending/pending,
//        │                         ▼  when no instance type fits)
//        └── resetForRetry ── error/provisioning error
//
//  pending/pending ── holdForHost ──▶ error/pending (a container whose host failed)
//  alive, any status ── markDead ──▶ dead (the provisioner stops its instance
//  and removes it); an instance found for a start already recorded is adopted
//  with recordInstance, whatever became of the machine meanwhile.
//
// A new state (a machine staged in a change set, say) is a new value here and
// rows in the table; the provisioner asks awaitsStart() and needs no change.
struct MachineState
{
    Q_DECLARE_TR_FUNCTIONS(MachineState)

public:
    enum class Life { Alive, Dead };
    enum class Status { Pending, Started, Error };
    enum class InstanceStatus { Pending, Provisioning, Running, ProvisioningError };
    enum class Move {
        RecordStart,    // a start is recorded (with its nonce) before the provider is asked
        RecordInstance, // the provider started it, or an interrupted start is adopted
        ForgetStart,    // a recorded start had no instance behind it
        RecordRetry,    // a start failed and will be tried again later
        RecordError,    // a start failed for good: the user retries it
        ResetForRetry,  // retry-provisioning on a machine in error
        EnlistHost,     // an existing host (ssh:) recorded as found
        HoldForHost,    // a container whose host is in error or gone
        MarkDead,       // removed by the user: the provisioner stops and forgets it
    };

    Life life = Life::Alive;
    Status status = Status::Pending;
    InstanceStatus instance = InstanceStatus::Pending;

    // The state after `move`; throws BerthError naming `machine` when the
    // table does not allow the move from this state.
    MachineState after(Move move, const QString &machine) const;
    bool allows(Move move) const;

    bool isAlive() const { return life == Life::Alive; }
    bool isDead() const { return life == Life::Dead; }
    bool inError() const { return status == Status::Error; }
    // The provisioner may start it (given that it has no instance yet).
    bool awaitsStart() const { return allows(Move::RecordStart); }
    // Held in error by its host's failure (holdForHost), not by a failure of its own.
    bool heldByHost() const
    {
        return isAlive() && inError() && instance == InstanceStatus::Pending;
    }
    // A start is recorded and its outcome not yet.
    bool starting() const { return instance == InstanceStatus::Provisioning; }

    static QString text(Life life);
    static QString text(Status status);
    static QString text(InstanceStatus status);
    // The stored text back; nullopt for text this Berth does not know.
    static std::optional<Life> lifeFrom(QStringView text);
    static std::optional<Status> statusFrom(QStringView text);
    static std::optional<InstanceStatus> instanceStatusFrom(QStringView text);
    static QString text(Move move);
    // The same words in the user's language, for the window (text() is what
    // the store holds and berthctl prints).
    static QString label(Life life);
    static QString label(Status status);
    static QString label(InstanceStatus status);

    bool operator==(const MachineState &) const = default;
};

} // namespace berth
