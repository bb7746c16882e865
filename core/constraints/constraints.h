#pragma once

#include <QString>
#include <QStringList>

#include <array>
#include <optional>

namespace berth {

// The constraint keys, in canonical output order (Juju's order).
enum class ConstraintKey {
    Arch,
    Container,
    Cores,
    CpuPower,
    InstanceType,
    Mem,
    RootDisk,
    RootDiskSource,
    Tags,
    Spaces,
    VirtType,
    Zones,
    AllocatePublicIp,
    ImageId,
};
inline constexpr int ConstraintKeyCount = int(ConstraintKey::ImageId) + 1;

// One key's value. `empty` is "key=": set, blocking inheritance, meaning "the
// default"; a count or size of 0 is the same, as in Juju ("mem=0" is "mem=").
struct ConstraintValue
{
    bool empty = false;
    bool max = false;   // "max" for mem, cores, root-disk
    quint64 number = 0; // cores, cpu-power; mem and root-disk in MiB
    bool flag = false;  // allocate-public-ip
    QString text;       // arch, container, instance-type, virt-type, ...
    QStringList list;   // tags, spaces, zones
    bool operator==(const ConstraintValue &) const = default;
};

// A set of hardware and placement constraints (`mem=3G cores=2 arch=arm64`).
// Parsing is strict and reports one precise error; formatting is canonical
// and round-trips through parse().
class Constraints
{
public:
    struct ParseResult;

    static ParseResult parse(const QString &text);
    // parse(), throwing BerthError with the parse error.
    static Constraints parseOrThrow(const QString &text);
    static QString keyName(ConstraintKey key);
    static std::optional<ConstraintKey> keyFromName(const QString &name);

    QString toString() const;
    bool isEmpty() const;
    bool operator==(const Constraints &) const = default;

    bool has(ConstraintKey key) const { return m_values[index(key)].has_value(); }
    // Set to a real value: neither unset nor "key=".
    bool hasValue(ConstraintKey key) const { return has(key) && !m_values[index(key)]->empty; }
    bool isMax(ConstraintKey key) const { return hasValue(key) && m_values[index(key)]->max; }
    const std::optional<ConstraintValue> &value(ConstraintKey key) const
    {
        return m_values[index(key)];
    }
    // The numeric value when set to a number other than 0 ("0 means do not filter").
    std::optional<quint64> minimum(ConstraintKey key) const;
    QString text(ConstraintKey key) const;
    QStringList list(ConstraintKey key) const;

    void set(ConstraintKey key, ConstraintValue value) { m_values[index(key)] = std::move(value); }
    void unset(ConstraintKey key) { m_values[index(key)].reset(); }

private:
    static constexpr std::size_t index(ConstraintKey key) { return std::size_t(key); }
    std::array<std::optional<ConstraintValue>, ConstraintKeyCount> m_values;
};

struct Constraints::ParseResult
{
    Constraints constraints;
    QString error;
    bool ok() const { return error.isEmpty(); }
};

// A value with the canonical text it is stored as, formatted once: a unit's
// constraints snapshot is written to its row and to its machine's.
struct FormattedConstraints
{
    FormattedConstraints() = default;
    explicit FormattedConstraints(Constraints c)
        : value(std::move(c))
        , text(value.toString())
    {}
    // `formatted` must be `c` formatted (a row read back).
    FormattedConstraints(Constraints c, QString formatted)
        : value(std::move(c))
        , text(std::move(formatted))
    {}

    Constraints value;
    QString text;
};

// Formats a size in MiB the canonical way ("2048M").
QString formatMiB(quint64 mib);
// Juju's name for an architecture the kernel names (x86_64 → amd64, aarch64 → arm64).
QString archFromKernel(const QString &kernelArch);

} // namespace berth
