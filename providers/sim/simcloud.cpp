#include "providers/sim/simcloud.h"

#include "core/bertherror.h"
#include "core/constraints/constraints.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace berth {

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

RegionInfo metalRegion(const QList<SimCloud::Node> &pool)
{
    RegionInfo r;
    r.name = QStringLiteral("sim-metal");
    r.supportsTags = true;
    for (const char *suffix : {"-a", "-b", "-c"})
        r.zones.append({r.name + QLatin1StringView(suffix), true});
    for (const SimCloud::Node &node : pool) {
        r.catalogue.append(node.hardware);
        r.nodeNames.append(node.hostname);
        r.nodeZones.insert(node.hostname, node.zone);
        if (!r.zoneNames().contains(node.zone))
            r.zones.append({node.zone, true});
    }
    return r;
}

SimCloud::Node node(const char *hostname, const char *zone, const char *arch, quint64 cores,
                    quint64 memMiB, quint64 diskMiB, QStringList tags)
{
    SimCloud::Node n;
    n.hostname = QString::fromLatin1(hostname);
    n.zone = QString::fromLatin1(zone);
    n.hardware = {n.hostname, QString::fromLatin1(arch), cores, cores * 150, memMiB, diskMiB,
                  // Metal has no price list; bigger nodes count as dearer so the
                  // least-wasteful choice takes the smallest node that fits.
                  double(memMiB) / 1024.0 + double(cores), QStringLiteral("metal"), tags};
    return n;
}

} // namespace

QList<SimCloud::Node> SimCloud::defaultPool()
{
    const QStringList ssd{QStringLiteral("ssd")};
    const QStringList hdd{QStringLiteral("hdd")};
    return {
        node("node-1", "sim-metal-a", "amd64", 2, 4 * GiB, 100 * GiB, ssd),
        node("node-2", "sim-metal-b", "amd64", 2, 6 * GiB, 200 * GiB, hdd),
        node("node-3", "sim-metal-c", "amd64", 4, 16 * GiB, 500 * GiB,
             {QStringLiteral("ssd"), QStringLiteral("gpu")}),
        node("node-4", "sim-metal-a", "arm64", 4, 8 * GiB, 200 * GiB, ssd),
        node("node-5", "sim-metal-b", "amd64", 8, 32 * GiB, 1024 * GiB, ssd),
        node("node-6", "sim-metal-c", "amd64", 1, 2 * GiB, 50 * GiB, hdd),
    };
}

QList<SimCloud::Node> SimCloud::loadPool(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw BerthError(
            QStringLiteral("cannot read metal pool \"%1\": %2").arg(path, file.errorString()));
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (!doc.isArray()) {
        throw BerthError(QStringLiteral("metal pool \"%1\" is not a JSON array of nodes: %2")
                             .arg(path, parseError.errorString()));
    }
    QList<Node> pool;
    for (const auto &value : doc.array()) {
        const QJsonObject o = value.toObject();
        const auto size = [&](const char *key) {
            const auto parsed = Constraints::parse(QStringLiteral("mem=") +
                                                   o.value(QLatin1StringView(key)).toString());
            return parsed.constraints.minimum(ConstraintKey::Mem).value_or(0);
        };
        QStringList tags;
        for (const auto &tag : o.value(QStringLiteral("tags")).toArray())
            tags << tag.toString();
        const QString hostname = o.value(QStringLiteral("hostname")).toString();
        const QString zone = o.value(QStringLiteral("zone")).toString();
        const int cores = o.value(QStringLiteral("cores")).toInt();
        if (hostname.isEmpty() || zone.isEmpty() || cores <= 0 || size("mem") == 0) {
            throw BerthError(QStringLiteral("metal pool \"%1\": every node needs hostname, zone, "
                                            "cores and mem (e.g. {\"hostname\": \"node-1\", "
                                            "\"zone\": \"sim-metal-a\", \"cores\": 2, \"mem\": "
                                            "\"4G\"})")
                                 .arg(path));
        }
        Node n = node("", "", "amd64", quint64(cores), size("mem"), size("root-disk"), tags);
        n.hostname = hostname;
        n.zone = zone;
        n.hardware.name = hostname;
        n.hardware.arch = o.value(QStringLiteral("arch")).toString(QStringLiteral("amd64"));
        pool.append(n);
    }
    return pool;
}

CloudInfo SimCloud::describe(const QList<Node> &pool)
{
    CloudInfo cloud;
    cloud.name = QStringLiteral("sim");
    cloud.type = QStringLiteral("sim");
    cloud.description = QStringLiteral("Berth's built-in simulated cloud");
    cloud.regions = {region(QStringLiteral("sim-east"), 1.0, true),
                     region(QStringLiteral("sim-west"), 1.1, true),
                     region(QStringLiteral("sim-north"), 0.9, false), metalRegion(pool)};
    // Like EC2: no spaces or root-disk sources, and an instance type stands for its size.
    cloud.unsupported = {ConstraintKey::Spaces, ConstraintKey::RootDiskSource};
    cloud.conflicts = {{{ConstraintKey::InstanceType},
                        {ConstraintKey::Mem, ConstraintKey::Cores, ConstraintKey::CpuPower}}};
    return cloud;
}

} // namespace berth
