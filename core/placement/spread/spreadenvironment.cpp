#include "core/placement/spread/spreadenvironment.h"

#include "core/constraints/hardwarefit.h"

namespace berth {

namespace {

// A pool node's hardware, as a started machine states it.
QString hardwareOf(const InstanceType &node)
{
    return QStringLiteral("arch=%1 cores=%2 mem=%3M root-disk=%4M")
        .arg(node.arch)
        .arg(node.cores)
        .arg(node.memMiB)
        .arg(node.rootDiskMiB);
}

} // namespace

SpreadEnvironment SpreadEnvironment::of(const CloudInfo &cloud, const ModelRecord &model,
                                        const QStringList &policyRegions)
{
    SpreadEnvironment env;
    env.modelRegion = model.region;
    env.region = cloud.region(model.region);
    env.regions = policyRegions.isEmpty() ? QStringList{model.region} : policyRegions;
    // A bare-metal pool or enlisted hosts: what is there is all there is.
    env.startsMachines = env.region && env.region->nodeNames.isEmpty() && cloud.type != u"manual";
    return env;
}

bool SpreadEnvironment::fits(const QString &hardware, const Constraints &constraints) const
{
    if (hardware.isEmpty())
        return true;
    const auto has = Constraints::parse(hardware);
    return !has.ok() || !HardwareFit::shortfall(constraints, has.constraints);
}

QStringList SpreadEnvironment::eligible(SpreadConstraint::Level level,
                                        const Constraints &constraints) const
{
    QStringList domains;
    const QStringList allowed = constraints.list(ConstraintKey::Zones);
    const auto allows = [&](const QString &zone) {
        return allowed.isEmpty() || allowed.contains(zone);
    };
    switch (level) {
    case SpreadConstraint::Level::Zone: {
        if (!region)
            return domains;
        for (const ZoneInfo &zone : region->zones) {
            if (!zone.healthy || !allows(zone.name))
                continue;
            bool usable = startsMachines;
            // A bare-metal pool: a zone where a node fits the unit.
            for (auto node = region->nodeZones.cbegin();
                 !usable && node != region->nodeZones.cend(); ++node) {
                const InstanceType *hardware = region->instanceType(node.key());
                usable = node.value() == zone.name &&
                         (!hardware || fits(hardwareOf(*hardware), constraints));
            }
            // Enlisted hosts: a zone where one of them fits.
            for (qsizetype i = 0; !usable && region->nodeNames.isEmpty() && i < hosts.size(); ++i)
                usable = hosts.at(i).zone == zone.name && fits(hosts.at(i).hardware, constraints);
            if (usable)
                domains << zone.name;
        }
        return domains;
    }
    case SpreadConstraint::Level::Region:
        return regions;
    case SpreadConstraint::Level::Machine:
        for (const MachineRecord &host : hosts) {
            if (!host.isContainer() && host.state.isAlive() && allows(host.zone) &&
                fits(host.hardware, constraints))
                domains << host.name;
        }
        return domains;
    }
    return domains;
}

bool SpreadEnvironment::counts(const SpreadMember &member, const Constraints &constraints) const
{
    if (startsMachines)
        return true;
    const QStringList allowed = constraints.list(ConstraintKey::Zones);
    return (allowed.isEmpty() || member.zone.isEmpty() || allowed.contains(member.zone)) &&
           fits(member.hardware, constraints);
}

} // namespace berth
