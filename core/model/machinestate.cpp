#include "core/model/machinestate.h"

#include "core/bertherror.h"

#include <array>

namespace berth {

namespace {

using Life = MachineState::Life;
using Status = MachineState::Status;
using Instance = MachineState::InstanceStatus;
using Move = MachineState::Move;

constexpr unsigned bit(auto value)
{
    return 1u << unsigned(value);
}
constexpr unsigned anyOf = ~0u;

// One row per move: the states it may start from (sets of values, as bits),
// and what it sets (nullopt: unchanged).
struct Row
{
    Move move;
    unsigned lives;
    unsigned statuses;
    unsigned instances;
    std::optional<Life> life;
    std::optional<Status> status;
    std::optional<Instance> instance;
};

constexpr std::array rows{
    // From provisioning too: a start that failed in its zone is recorded again,
    // with a new nonce, for the next zone.
    Row{Move::RecordStart,
        bit(Life::Alive),
        bit(Status::Pending),
        bit(Instance::Pending) | bit(Instance::Provisioning),
        {},
        {},
        Instance::Provisioning},
    // Adoption records an instance found for a start already recorded, whatever
    // became of the machine meanwhile (one instance per machine, never a second).
    Row{Move::RecordInstance,
        anyOf,
        bit(Status::Pending) | bit(Status::Error),
        bit(Instance::Pending) | bit(Instance::Provisioning) | bit(Instance::ProvisioningError),
        {},
        Status::Started,
        Instance::Running},
    Row{Move::ForgetStart,
        anyOf,
        bit(Status::Pending),
        bit(Instance::Provisioning),
        {},
        {},
        Instance::Pending},
    Row{Move::RecordRetry,
        bit(Life::Alive),
        bit(Status::Pending),
        bit(Instance::Pending) | bit(Instance::Provisioning),
        {},
        {},
        Instance::Pending},
    Row{Move::RecordError,
        bit(Life::Alive),
        bit(Status::Pending),
        bit(Instance::Pending) | bit(Instance::Provisioning),
        {},
        Status::Error,
        Instance::ProvisioningError},
    Row{Move::ResetForRetry,
        bit(Life::Alive),
        bit(Status::Error),
        anyOf,
        {},
        Status::Pending,
        Instance::Pending},
    Row{Move::EnlistHost,
        bit(Life::Alive),
        bit(Status::Pending),
        bit(Instance::Pending),
        {},
        Status::Started,
        Instance::Running},
    Row{Move::HoldForHost,
        bit(Life::Alive),
        bit(Status::Pending),
        bit(Instance::Pending),
        {},
        Status::Error,
        {}},
    Row{Move::MarkDead, bit(Life::Alive), anyOf, anyOf, Life::Dead, {}, {}},
};

const Row &rowOf(Move move)
{
    for (const Row &row : rows) {
        if (row.move == move)
            return row;
    }
    Q_UNREACHABLE();
}

template <typename Enum, std::size_t N>
std::optional<Enum> fromText(QStringView text,
                             const std::array<std::pair<Enum, QStringView>, N> &names)
{
    for (const auto &[value, name] : names) {
        if (name == text)
            return value;
    }
    return std::nullopt;
}

template <typename Enum, std::size_t N>
QString toText(Enum value, const std::array<std::pair<Enum, QStringView>, N> &names)
{
    for (const auto &[v, name] : names) {
        if (v == value)
            return name.toString();
    }
    Q_UNREACHABLE();
}

// The text stored in the machines table and shown by status (Juju's words).
constexpr std::array lifeNames{std::pair{Life::Alive, QStringView(u"alive")},
                               std::pair{Life::Dead, QStringView(u"dead")}};
constexpr std::array statusNames{std::pair{Status::Pending, QStringView(u"pending")},
                                 std::pair{Status::Started, QStringView(u"started")},
                                 std::pair{Status::Error, QStringView(u"error")}};
constexpr std::array instanceNames{
    std::pair{Instance::Pending, QStringView(u"pending")},
    std::pair{Instance::Provisioning, QStringView(u"provisioning")},
    std::pair{Instance::Running, QStringView(u"running")},
    std::pair{Instance::ProvisioningError, QStringView(u"provisioning error")}};
constexpr std::array moveNames{
    std::pair{Move::RecordStart, QStringView(u"start")},
    std::pair{Move::RecordInstance, QStringView(u"record an instance for")},
    std::pair{Move::ForgetStart, QStringView(u"forget the start of")},
    std::pair{Move::RecordRetry, QStringView(u"schedule a retry of")},
    std::pair{Move::RecordError, QStringView(u"record an error for")},
    std::pair{Move::ResetForRetry, QStringView(u"retry")},
    std::pair{Move::EnlistHost, QStringView(u"enlist a host as")},
    std::pair{Move::HoldForHost, QStringView(u"hold for its host")},
    std::pair{Move::MarkDead, QStringView(u"remove")}};

// The same words for lupdate: label() and refusals translate them.
[[maybe_unused]] constexpr const char *translatedWords[] = {
    QT_TRANSLATE_NOOP("MachineState", "alive"),
    QT_TRANSLATE_NOOP("MachineState", "dead"),
    QT_TRANSLATE_NOOP("MachineState", "pending"),
    QT_TRANSLATE_NOOP("MachineState", "started"),
    QT_TRANSLATE_NOOP("MachineState", "error"),
    QT_TRANSLATE_NOOP("MachineState", "provisioning"),
    QT_TRANSLATE_NOOP("MachineState", "running"),
    QT_TRANSLATE_NOOP("MachineState", "provisioning error"),
    QT_TRANSLATE_NOOP("MachineState", "start"),
    QT_TRANSLATE_NOOP("MachineState", "record an instance for"),
    QT_TRANSLATE_NOOP("MachineState", "forget the start of"),
    QT_TRANSLATE_NOOP("MachineState", "schedule a retry of"),
    QT_TRANSLATE_NOOP("MachineState", "record an error for"),
    QT_TRANSLATE_NOOP("MachineState", "retry"),
    QT_TRANSLATE_NOOP("MachineState", "enlist a host as"),
    QT_TRANSLATE_NOOP("MachineState", "hold for its host"),
    QT_TRANSLATE_NOOP("MachineState", "remove"),
};

QString translated(const QString &word)
{
    return MachineState::tr(word.toUtf8().constData());
}

} // namespace

bool MachineState::allows(Move move) const
{
    const Row &row = rowOf(move);
    return (row.lives & bit(life)) && (row.statuses & bit(status)) &&
           (row.instances & bit(instance));
}

MachineState MachineState::after(Move move, const QString &machine) const
{
    if (!allows(move)) {
        throw BerthError(
            tr("cannot %1 machine %2: it is %3, %4, instance %5")
                .arg(translated(text(move)), machine, label(life), label(status), label(instance)));
    }
    const Row &row = rowOf(move);
    MachineState next = *this;
    next.life = row.life.value_or(life);
    next.status = row.status.value_or(status);
    next.instance = row.instance.value_or(instance);
    return next;
}

QString MachineState::text(Life value)
{
    return toText(value, lifeNames);
}

QString MachineState::text(Status value)
{
    return toText(value, statusNames);
}

QString MachineState::text(InstanceStatus value)
{
    return toText(value, instanceNames);
}

QString MachineState::text(Move move)
{
    return toText(move, moveNames);
}

QString MachineState::label(Life value)
{
    return translated(text(value));
}

QString MachineState::label(Status value)
{
    return translated(text(value));
}

QString MachineState::label(InstanceStatus value)
{
    return translated(text(value));
}

std::optional<MachineState::Life> MachineState::lifeFrom(QStringView text)
{
    return fromText(text, lifeNames);
}

std::optional<MachineState::Status> MachineState::statusFrom(QStringView text)
{
    return fromText(text, statusNames);
}

std::optional<MachineState::InstanceStatus> MachineState::instanceStatusFrom(QStringView text)
{
    return fromText(text, instanceNames);
}

} // namespace berth
