#include "core/cloud/instancetypechooser.h"

#include <QCoreApplication>
#include <algorithm>
#include <tuple>

namespace berth {

namespace {

// This file's words, through Qt's translation system: the window shows them
// in the user's language, berthctl (no translator) as written here.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(InstanceTypeChooser)
};

} // namespace

namespace {

bool tagsMatch(const InstanceType &type, const QStringList &wanted)
{
    for (const QString &tag : wanted) {
        if (tag.startsWith(u'^')) {
            if (type.tags.contains(tag.mid(1)))
                return false;
        } else if (!type.tags.contains(tag)) {
            return false;
        }
    }
    return true;
}

struct Requirements
{
    QString arch;
    quint64 cores = 0;
    quint64 cpuPower = 0;
    quint64 memMiB = 0;
    quint64 rootDiskMiB = 0;
    QString virtType;
    QStringList tags;
};

// A catalogue figure of 0 for cpu-power or root-disk is unknown, and (as in
// Juju) an unknown figure meets any constraint on it.
bool meets(const InstanceType &type, const Requirements &req)
{
    return (req.arch.isEmpty() || type.arch == req.arch) && type.cores >= req.cores &&
           (type.cpuPower == 0 || type.cpuPower >= req.cpuPower) && type.memMiB >= req.memMiB &&
           (type.rootDiskMiB == 0 || type.rootDiskMiB >= req.rootDiskMiB) &&
           (req.virtType.isEmpty() || type.virtType == req.virtType) && tagsMatch(type, req.tags);
}

// Keeps, for each key set to "max", only the types with the largest value of it.
QList<InstanceType> keepLargest(QList<InstanceType> types, const Constraints &c)
{
    const auto filterMax = [&types](auto member) {
        quint64 best = 0;
        for (const InstanceType &t : types)
            best = std::max(best, t.*member);
        types.removeIf([&](const InstanceType &t) { return t.*member != best; });
    };
    if (c.isMax(ConstraintKey::Mem))
        filterMax(&InstanceType::memMiB);
    if (c.isMax(ConstraintKey::Cores))
        filterMax(&InstanceType::cores);
    if (c.isMax(ConstraintKey::RootDisk))
        filterMax(&InstanceType::rootDiskMiB);
    return types;
}

} // namespace

bool InstanceTypeChooser::cheaperThan(const InstanceType &a, const InstanceType &b)
{
    return std::tie(a.cost, a.memMiB, a.cpuPower, a.cores, a.rootDiskMiB, a.name) <
           std::tie(b.cost, b.memMiB, b.cpuPower, b.cores, b.rootDiskMiB, b.name);
}

InstanceTypeChooser::Choice InstanceTypeChooser::choose(const RegionInfo &region,
                                                        const Constraints &c) const
{
    Requirements req;
    req.arch = c.text(ConstraintKey::Arch);
    req.cores = c.minimum(ConstraintKey::Cores).value_or(0);
    req.cpuPower = c.minimum(ConstraintKey::CpuPower).value_or(0);
    req.memMiB = c.minimum(ConstraintKey::Mem).value_or(0);
    req.rootDiskMiB = c.minimum(ConstraintKey::RootDisk).value_or(0);
    req.virtType = c.text(ConstraintKey::VirtType);
    if (m_filterTags)
        req.tags = c.list(ConstraintKey::Tags);

    const QString named = c.text(ConstraintKey::InstanceType);
    bool memDefaulted = false;
    if (!named.isEmpty()) {
        const InstanceType *type = region.instanceType(named);
        if (!type) {
            return {
                {},
                Text::tr("instance type \"%1\" is not available in %2").arg(named, region.name)};
        }
        // Tightest wins: no smaller than the named type, and every generic key met.
        if (req.arch.isEmpty())
            req.arch = type->arch;
        req.cores = std::max(req.cores, type->cores);
        req.cpuPower = std::max(req.cpuPower, type->cpuPower);
        req.memMiB = std::max(req.memMiB, type->memMiB);
        req.rootDiskMiB = std::max(req.rootDiskMiB, type->rootDiskMiB);
        if (meets(*type, req))
            return {*type, {}};
    } else {
        // As Juju does: with no arch and no named type, the default arch is amd64
        // where the region offers it, so a cheaper arm64 type is never a surprise.
        if (req.arch.isEmpty() &&
            std::any_of(region.catalogue.cbegin(), region.catalogue.cend(),
                        [](const InstanceType &t) { return t.arch == u"amd64"; }))
            req.arch = QStringLiteral("amd64");
        // Only a key not given at all is defaulted: "mem=" and "mem=0" are one
        // value, no minimum, as in Juju (whose default memory applies to an
        // unset mem only).
        if (!c.has(ConstraintKey::Cores))
            req.cores = std::max<quint64>(req.cores, 1);
        if (!c.has(ConstraintKey::Mem)) {
            memDefaulted = req.memMiB < m_defaultMemMiB;
            req.memMiB = std::max(req.memMiB, m_defaultMemMiB);
        }
    }

    const auto matching = [&](const Requirements &r) {
        QList<InstanceType> found;
        for (const InstanceType &type : region.catalogue) {
            if (meets(type, r))
                found << type;
        }
        return keepLargest(found, c);
    };

    QList<InstanceType> found = matching(req);
    if (!found.isEmpty())
        return {*std::min_element(found.cbegin(), found.cend(), cheaperThan), {}};

    if (memDefaulted) {
        Requirements relaxed = req;
        relaxed.memMiB = 0;
        found = matching(relaxed);
        if (!found.isEmpty()) {
            return {*std::max_element(found.cbegin(), found.cend(),
                                      [](const InstanceType &a, const InstanceType &b) {
                                          return std::tie(a.memMiB, b.cost) <
                                                 std::tie(b.memMiB, a.cost);
                                      }),
                    {}};
        }
    }
    return {{},
            Text::tr("no instance types in %1 matching constraints \"%2\"")
                .arg(region.name, c.toString())};
}

} // namespace berth
