#include "core/constraints/constraints.h"
#include "core/constraints/constraintsvalidator.h"
#include "providers/sim/simcloud.h"

#include <QTest>

using namespace berth;

class TestConstraints : public QObject
{
    Q_OBJECT

private slots:
    void parsesToCanonicalForm_data();
    void parsesToCanonicalForm();
    void rejectsBadInput_data();
    void rejectsBadInput();
    void roundTrips_data();
    void roundTrips();
    void typedAccess();
    void mergesLevels_data();
    void mergesLevels();
    void validatorReportsUnsupportedAndVocabulary();
};

void TestConstraints::parsesToCanonicalForm_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("canonical");
    QTest::newRow("empty") << ""
                           << "";
    QTest::newRow("mem G") << "mem=2G"
                           << "mem=2048M";
    QTest::newRow("mem fraction rounds up") << "mem=0.5M"
                                            << "mem=1M";
    QTest::newRow("mem plain is MiB") << "mem=512"
                                      << "mem=512M";
    QTest::newRow("mem T") << "mem=1.5T"
                           << "mem=1572864M";
    QTest::newRow("mem P") << "mem=1P"
                           << "mem=1073741824M";
    QTest::newRow("root-disk") << "root-disk=8G"
                               << "root-disk=8192M";
    QTest::newRow("cpu-cores alias") << "cpu-cores=4"
                                     << "cores=4";
    QTest::newRow("canonical order") << "zones=a,b mem=1G arch=arm64 cores=2"
                                     << "arch=arm64 cores=2 mem=1024M zones=a,b";
    QTest::newRow("empty value is set to empty") << "mem= arch="
                                                 << "arch= mem=";
    QTest::newRow("max") << "mem=max cores=max root-disk=max"
                         << "cores=max mem=max root-disk=max";
    // Juju's rules, from its own tables: 0 is printed as Juju prints it.
    QTest::newRow("zero means no filter, printed as Juju does") << "mem=0"
                                                                << "mem=";
    QTest::newRow("cores=0 is cores=") << "cores=0 root-disk=0G"
                                       << "cores= root-disk=";
    QTest::newRow("zone names with escaped spaces") << R"(zones=Availability\ zone\ 1,az2)"
                                                    << R"(zones=Availability\ zone\ 1,az2)";
    QTest::newRow("allocate-public-ip= is as if not given") << "allocate-public-ip= mem=1G"
                                                            << "mem=1024M";
    QTest::newRow("allocate-public-ip= never already set")
        << "allocate-public-ip=true allocate-public-ip="
        << "allocate-public-ip=true";
    QTest::newRow("space names") << "spaces=db,^dmz-2"
                                 << "spaces=db,^dmz-2";
    QTest::newRow("tags with exclusions") << "tags=ssd,^gpu"
                                          << "tags=ssd,^gpu";
    QTest::newRow("spaces") << "spaces=db,^dmz"
                            << "spaces=db,^dmz";
    QTest::newRow("bool") << "allocate-public-ip=true"
                          << "allocate-public-ip=true";
    QTest::newRow("container") << "container=lxd"
                               << "container=lxd";
    QTest::newRow("escaped space in value") << "image-id=my\\ image"
                                            << "image-id=my\\ image";
    QTest::newRow("trailing backslash in value") << R"(image-id=a\\ mem=1G)"
                                                 << R"(mem=1024M image-id=a\\)";
    QTest::newRow("lone backslash is literal") << R"(image-id=a\b)"
                                               << R"(image-id=a\\b)";
    QTest::newRow("every key")
        << "image-id=ami-1 allocate-public-ip=false zones=z1 virt-type=virtual-machine "
           "spaces=s instance-type=m5.large tags=t root-disk-source=ssd root-disk=1G mem=2G "
           "cpu-power=100 cores=1 container=none arch=amd64"
        << "arch=amd64 container=none cores=1 cpu-power=100 instance-type=m5.large mem=2048M "
           "root-disk=1024M root-disk-source=ssd tags=t spaces=s virt-type=virtual-machine "
           "zones=z1 allocate-public-ip=false image-id=ami-1";
    QTest::newRow("extra white space") << "  mem=1G\t cores=1 "
                                       << "cores=1 mem=1024M";
}

void TestConstraints::parsesToCanonicalForm()
{
    QFETCH(QString, input);
    QFETCH(QString, canonical);
    const auto result = Constraints::parse(input);
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(result.constraints.toString(), canonical);
}

void TestConstraints::rejectsBadInput_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("error");
    QTest::newRow("unknown key") << "foo=1"
                                 << R"(unknown constraint "foo")";
    QTest::newRow("missing =") << "foo"
                               << R"(malformed constraint "foo")";
    QTest::newRow("missing key") << "=2G"
                                 << R"(malformed constraint "=2G")";
    QTest::newRow("twice") << "mem=1G mem=2G"
                           << R"(bad "mem" constraint: already set)";
    QTest::newRow("alias twice") << "cores=1 cpu-cores=2"
                                 << R"(bad "cpu-cores" constraint: already set)";
    QTest::newRow("bad mem")
        << "mem=lots"
        << R"(bad "mem" constraint: must be a non-negative float with optional M/G/T/P suffix)";
    QTest::newRow("negative mem")
        << "mem=-1G"
        << R"(bad "mem" constraint: must be a non-negative float with optional M/G/T/P suffix)";
    QTest::newRow("lower-case suffix")
        << "mem=2g"
        << R"(bad "mem" constraint: must be a non-negative float with optional M/G/T/P suffix)";
    QTest::newRow("exponent")
        << "mem=1e3"
        << R"(bad "mem" constraint: must be a non-negative float with optional M/G/T/P suffix)";
    QTest::newRow("bad root-disk")
        << "root-disk=big"
        << R"(bad "root-disk" constraint: must be a non-negative float with optional M/G/T/P suffix)";
    QTest::newRow("bad cores")
        << "cores=1.5"
        << R"(bad "cores" constraint: must be a non-negative integer or "max")";
    QTest::newRow("negative cores")
        << "cores=-2"
        << R"(bad "cores" constraint: must be a non-negative integer or "max")";
    QTest::newRow("cpu-power max")
        << "cpu-power=max"
        << R"(bad "cpu-power" constraint: must be a non-negative integer)";
    QTest::newRow("bad arch")
        << "arch=x86"
        << R"(bad "arch" constraint: must be one of amd64, arm64, ppc64el, s390x, riscv64)";
    QTest::newRow("bad container") << "container=kvm"
                                   << R"(bad "container" constraint: must be "none" or "lxd")";
    QTest::newRow("bad bool")
        << "allocate-public-ip=yes"
        << R"(bad "allocate-public-ip" constraint: must be "true" or "false")";
    QTest::newRow("empty list item")
        << "tags=a,,b"
        << R"(bad "tags" constraint: must be a comma-separated list of names)";
    QTest::newRow("negated zone")
        << "zones=^a"
        << R"(bad "zones" constraint: must be a comma-separated list of names)";
    QTest::newRow("space name as Juju checks it")
        << "spaces=%$pace"
        << R"(bad "spaces" constraint: "%$pace" is not a valid space name)";
    QTest::newRow("negated space name checked too")
        << "spaces=db,^Bad_Space"
        << R"(bad "spaces" constraint: "Bad_Space" is not a valid space name)";
    QTest::newRow("control characters are shown escaped") << "me\x01m"
                                                          << R"(malformed constraint "me\u0001m")";
    QTest::newRow("first error wins") << "mem=2G foo=1 bar"
                                      << R"(unknown constraint "foo")";
}

void TestConstraints::rejectsBadInput()
{
    QFETCH(QString, input);
    QFETCH(QString, error);
    const auto result = Constraints::parse(input);
    QCOMPARE(result.error, error);
}

void TestConstraints::roundTrips_data()
{
    parsesToCanonicalForm_data();
}

void TestConstraints::roundTrips()
{
    QFETCH(QString, input);
    const auto first = Constraints::parse(input);
    QVERIFY(first.ok());
    const auto second = Constraints::parse(first.constraints.toString());
    QVERIFY2(second.ok(), qPrintable(second.error));
    QCOMPARE(second.constraints, first.constraints);
    QCOMPARE(second.constraints.toString(), first.constraints.toString());
}

void TestConstraints::typedAccess()
{
    const auto c = Constraints::parse(QStringLiteral("mem=3G cores=0 arch= zones=a,b")).constraints;
    QCOMPARE(c.minimum(ConstraintKey::Mem), std::optional<quint64>(3072));
    QVERIFY(!c.minimum(ConstraintKey::Cores)); // 0: do not filter
    QVERIFY(c.has(ConstraintKey::Arch));
    QVERIFY(!c.hasValue(ConstraintKey::Arch)); // set to empty
    QVERIFY(!c.has(ConstraintKey::CpuPower));
    QCOMPARE(c.list(ConstraintKey::Zones), QStringList({QStringLiteral("a"), QStringLiteral("b")}));
}

void TestConstraints::mergesLevels_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("application");
    QTest::addColumn<QString>("merged");
    QTest::newRow("seeds: zone from model, mem from app") << "zones=sim-east-a mem=1G"
                                                          << "mem=2G"
                                                          << "mem=2048M zones=sim-east-a";
    QTest::newRow("app key wins") << "mem=4G cores=2"
                                  << "mem=8G"
                                  << "cores=2 mem=8192M";
    QTest::newRow("empty value blocks inheritance") << "mem=4G cores=2"
                                                    << "mem="
                                                    << "cores=2 mem=";
    QTest::newRow("instance-type knocks out model sizes")
        << "mem=4G cores=2 cpu-power=100 arch=amd64"
        << "instance-type=m5.large"
        << "arch=amd64 instance-type=m5.large";
    QTest::newRow("model instance-type dropped by app mem") << "instance-type=m5.large"
                                                            << "mem=2G"
                                                            << "mem=2048M";
    QTest::newRow("empty app instance-type does not knock out") << "mem=4G"
                                                                << "instance-type="
                                                                << "instance-type= mem=4096M";
    QTest::newRow("nothing set") << ""
                                 << ""
                                 << "";
    QTest::newRow("only model") << "arch=arm64"
                                << ""
                                << "arch=arm64";
}

void TestConstraints::mergesLevels()
{
    QFETCH(QString, model);
    QFETCH(QString, application);
    QFETCH(QString, merged);
    const ConstraintsValidator v = SimCloud::describe().validator(QStringLiteral("sim-east"));
    const auto result =
        v.merge(Constraints::parse(model).constraints, Constraints::parse(application).constraints);
    QCOMPARE(result.toString(), merged);
}

void TestConstraints::validatorReportsUnsupportedAndVocabulary()
{
    const CloudInfo sim = SimCloud::describe();
    const ConstraintsValidator east = sim.validator(QStringLiteral("sim-east"));
    auto report = east.validate(Constraints::parse(QStringLiteral("spaces=db mem=1G")).constraints);
    QVERIFY(report.ok());
    QCOMPARE(report.warnings,
             QStringList{QStringLiteral("unsupported constraints ignored: spaces")});

    report = east.validate(Constraints::parse(QStringLiteral("instance-type=x9.huge")).constraints);
    QVERIFY(report.error.startsWith(QStringLiteral(
        R"(bad "instance-type" constraint: "x9.huge" is not available; valid values are: t3.micro)")));

    report = east.validate(Constraints::parse(QStringLiteral("zones=sim-west-a")).constraints);
    QCOMPARE(
        report.error,
        QStringLiteral(
            R"(bad "zones" constraint: "sim-west-a" is not available; valid values are: sim-east-a, sim-east-b, sim-east-c)"));

    // sim-north offers no arm64 types.
    const ConstraintsValidator north = sim.validator(QStringLiteral("sim-north"));
    report = north.validate(Constraints::parse(QStringLiteral("arch=arm64")).constraints);
    QCOMPARE(report.error,
             QStringLiteral(
                 R"(bad "arch" constraint: "arm64" is not available; valid values are: amd64)"));
}

QTEST_GUILESS_MAIN(TestConstraints)
#include "tst_constraints.moc"
