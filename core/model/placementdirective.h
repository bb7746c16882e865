#pragma once

#include <QList>
#include <QString>

namespace berth {

// One placement directive (`3`, `3/lxd/0`, `lxd`, `lxd:3`, `zone=Z`,
// `region=R`, `ssh:user@host:port`, `system-id=ID`, a node hostname).
struct PlacementDirective
{
    enum class Kind {
        Machine,      // existing machine: target
        Container,    // existing container: target
        NewContainer, // new lxd container on target ("" = on a new machine)
        Zone,         // new machine in zone `value`
        Region,       // new machine in region `value`
        Ssh,          // existing host: user, host, port
        SystemId,     // provider node by id: value
        Hostname,     // provider node by hostname: value
    };
    struct ParseResult;
    struct ListResult;

    Kind kind = Kind::Machine;
    QString target;
    QString value;
    QString user;
    QString host;
    int port = 22;

    static ParseResult parse(const QString &text);
    // A comma list (`--to 1,lxd:2,zone=a`), one directive per unit.
    static ListResult parseList(const QString &text);

    bool targetsExistingMachine() const { return kind == Kind::Machine || kind == Kind::Container; }
    bool operator==(const PlacementDirective &) const = default;
    QString toString() const;
};

struct PlacementDirective::ParseResult
{
    PlacementDirective directive;
    QString error;
    bool ok() const { return error.isEmpty(); }
};

struct PlacementDirective::ListResult
{
    QList<PlacementDirective> directives;
    QString error;
    bool ok() const { return error.isEmpty(); }
};

} // namespace berth
