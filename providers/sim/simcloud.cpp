#include "simcloud.h"

namespace {

constexpr quint64 GiB = 1024;

struct TypeRow
{
    const char *name;
    const char *arch;
    quint64 cores;
    quint64 cpuPower;
    quint64 memMiB;
    quint64 rootDiskMiB;
    double cost;
};

// An EC2-like catalogue. The 4 GiB and 6 GiB general-purpose types make the
// seeds' example hold: mem=3G picks the 4 GiB one.
constexpr TypeRow catalogue[] = {
    {"t3.micro", "amd64", 1, 100, 1 * GiB, 8 * GiB, 0.0104},
    {"t3.small", "amd64", 1, 100, 2 * GiB, 8 * GiB, 0.0208},
    {"m5.medium", "amd64", 2, 200, 4 * GiB, 16 * GiB, 0.0416},
    {"m5.large", "amd64", 2, 300, 6 * GiB, 32 * GiB, 0.0624},
    {"c5.xlarge", "amd64", 4, 800, 8 * GiB, 32 * GiB, 0.1700},
    {"r5.large", "amd64", 2, 300, 16 * GiB, 32 * GiB, 0.1260},
    {"m5.xlarge", "amd64", 4, 600, 16 * GiB, 64 * GiB, 0.1920},
    {"m5.2xlarge", "amd64", 8, 1200, 32 * GiB, 128 * GiB, 0.3840},
    {"c5.4xlarge", "amd64", 16, 3200, 32 * GiB, 128 * GiB, 0.6800},
    {"m5.4xlarge", "amd64", 16, 2400, 64 * GiB, 256 * GiB, 0.7680},
    {"r5.4xlarge", "amd64", 16, 2400, 128 * GiB, 256 * GiB, 1.0080},
    {"t4g.small", "arm64", 1, 100, 2 * GiB, 8 * GiB, 0.0168},
    {"m6g.medium", "arm64", 2, 200, 4 * GiB, 16 * GiB, 0.0336},
    {"m6g.large", "arm64", 2, 300, 6 * GiB, 32 * GiB, 0.0504},
    {"m6g.xlarge", "arm64", 4, 600, 16 * GiB, 64 * GiB, 0.1540},
    {"m6g.4xlarge", "arm64", 16, 2400, 64 * GiB, 256 * GiB, 0.6160},
};

RegionInfo region(const QString &name, double priceFactor, bool withArm)
{
    RegionInfo r;
    r.name = name;
    for (const char *suffix : {"-a", "-b", "-c"})
        r.zones.append({name + QLatin1StringView(suffix), true});
    for (const TypeRow &row : catalogue) {
        const QString arch = QString::fromLatin1(row.arch);
        if (!withArm && arch == u"arm64")
            continue;
        InstanceType t;
        t.name = QString::fromLatin1(row.name);
        t.arch = arch;
        t.cores = row.cores;
        t.cpuPower = row.cpuPower;
        t.memMiB = row.memMiB;
        t.rootDiskMiB = row.rootDiskMiB;
        t.cost = row.cost * priceFactor;
        t.virtType = QStringLiteral("virtual-machine");
        r.catalogue.append(t);
    }
    return r;
}

} // namespace

CloudInfo SimCloud::describe()
{
    CloudInfo cloud;
    cloud.name = QStringLiteral("sim");
    cloud.type = QStringLiteral("sim");
    cloud.description = QStringLiteral("Berth's built-in simulated cloud");
    cloud.regions = {region(QStringLiteral("sim-east"), 1.0, true),
                     region(QStringLiteral("sim-west"), 1.1, true),
                     region(QStringLiteral("sim-north"), 0.9, false)};
    // Like EC2: no spaces or root-disk sources, and an instance type stands for its size.
    cloud.unsupported = {ConstraintKey::Spaces, ConstraintKey::RootDiskSource, ConstraintKey::Tags};
    cloud.conflicts = {{{ConstraintKey::InstanceType},
                        {ConstraintKey::Mem, ConstraintKey::Cores, ConstraintKey::CpuPower}}};
    return cloud;
}
