#include "core/constraints/hardwarefit.h"

namespace berth {

namespace HardwareFit {

namespace {

QString one(ConstraintKey key, const Constraints &from)
{
    Constraints c;
    c.set(key, *from.value(key));
    return c.toString();
}

} // namespace

std::optional<Shortfall> shortfall(const Constraints &needs, const Constraints &has)
{
    for (ConstraintKey key : {ConstraintKey::Mem, ConstraintKey::Cores, ConstraintKey::RootDisk}) {
        const auto need = needs.minimum(key);
        const auto got = has.minimum(key);
        if (need && got && *need > *got)
            return Shortfall{one(key, has), one(key, needs)};
    }
    const QString arch = needs.text(ConstraintKey::Arch);
    const QString hostArch = has.text(ConstraintKey::Arch);
    if (!arch.isEmpty() && !hostArch.isEmpty() && arch != hostArch)
        return Shortfall{one(ConstraintKey::Arch, has), one(ConstraintKey::Arch, needs)};
    return std::nullopt;
}

} // namespace HardwareFit

} // namespace berth
