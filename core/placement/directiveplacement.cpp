#include "core/placement/directiveplacement.h"

#include "core/bertherror.h"

namespace berth {

namespace {

using Directive = PlacementDirective::Kind;

// A new machine that keeps the directive, checked with the cloud.
DirectivePlacement keptBy(const PlacementDirective &d)
{
    DirectivePlacement where;
    where.placement = d.toString();
    if (d.kind == Directive::Region)
        where.region = d.value;
    where.cloudChecks = d;
    return where;
}

DirectivePlacement container(const PlacementDirective &d)
{
    DirectivePlacement where;
    where.kind = DirectivePlacement::Kind::NewContainer;
    where.machine = d.target;
    return where;
}

} // namespace

DirectivePlacement DirectivePlacement::forUnit(const std::optional<PlacementDirective> &directive,
                                               const QString &policyZone)
{
    DirectivePlacement where;
    if (!directive) {
        if (!policyZone.isEmpty())
            where.placement = QStringLiteral("zone=") + policyZone;
        return where;
    }
    const PlacementDirective &d = *directive;
    switch (d.kind) {
    case Directive::Machine:
    case Directive::Container:
        where.kind = Kind::ExistingMachine;
        where.machine = d.target;
        return where;
    case Directive::NewContainer:
        return container(d);
    case Directive::Zone:
    case Directive::Region:
    case Directive::Hostname:
    case Directive::SystemId:
        return keptBy(d);
    case Directive::Ssh:
        break;
    }
    throw BerthError(tr("invalid placement directive \"%1\": ssh: is only valid for add-machine")
                         .arg(d.toString()));
}

DirectivePlacement
DirectivePlacement::forMachine(const std::optional<PlacementDirective> &directive)
{
    if (!directive)
        return {};
    const PlacementDirective &d = *directive;
    if (d.targetsExistingMachine())
        throw BerthError(tr("add-machine: machine-id cannot be specified"));
    if (d.kind == Directive::NewContainer)
        return container(d);
    return keptBy(d);
}

} // namespace berth
