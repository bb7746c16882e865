#include "core/model/placementdirective.h"

#include <QTest>

using namespace berth;

using Kind = PlacementDirective::Kind;
Q_DECLARE_METATYPE(PlacementDirective::Kind)

class TestPlacementDirective : public QObject
{
    Q_OBJECT

private slots:
    void parses_data();
    void parses();
    void rejects_data();
    void rejects();
    void parsesCommaLists();
};

void TestPlacementDirective::parses_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<Kind>("kind");
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("canonical");
    QTest::newRow("machine") << "3" << Kind::Machine << "3"
                             << ""
                             << "3";
    QTest::newRow("machine 0") << "0" << Kind::Machine << "0"
                               << ""
                               << "0";
    QTest::newRow("container") << "3/lxd/0" << Kind::Container << "3/lxd/0"
                               << ""
                               << "3/lxd/0";
    QTest::newRow("nested container") << "1/lxd/0/lxd/2" << Kind::Container << "1/lxd/0/lxd/2"
                                      << ""
                                      << "1/lxd/0/lxd/2";
    QTest::newRow("new container") << "lxd" << Kind::NewContainer << ""
                                   << ""
                                   << "lxd";
    QTest::newRow("old lxc spelling") << "lxc" << Kind::NewContainer << ""
                                      << ""
                                      << "lxd";
    QTest::newRow("container on 3") << "lxd:3" << Kind::NewContainer << "3"
                                    << ""
                                    << "lxd:3";
    QTest::newRow("lxc:1 from the seeds") << "lxc:1" << Kind::NewContainer << "1"
                                          << ""
                                          << "lxd:1";
    QTest::newRow("zone") << "zone=us-east-1a" << Kind::Zone << ""
                          << "us-east-1a"
                          << "zone=us-east-1a";
    QTest::newRow("region") << "region=sim-west" << Kind::Region << ""
                            << "sim-west"
                            << "region=sim-west";
    QTest::newRow("system-id") << "system-id=abc123" << Kind::SystemId << ""
                               << "abc123"
                               << "system-id=abc123";
    QTest::newRow("hostname") << "node-7.maas" << Kind::Hostname << ""
                              << "node-7.maas"
                              << "node-7.maas";
    QTest::newRow("ssh host") << "ssh:db.example.com" << Kind::Ssh << ""
                              << ""
                              << "ssh:db.example.com";
    QTest::newRow("ssh user host port") << "ssh:ubuntu@10.0.0.5:2222" << Kind::Ssh << ""
                                        << ""
                                        << "ssh:ubuntu@10.0.0.5:2222";
}

void TestPlacementDirective::parses()
{
    QFETCH(QString, text);
    QFETCH(Kind, kind);
    QFETCH(QString, target);
    QFETCH(QString, value);
    QFETCH(QString, canonical);
    const auto result = PlacementDirective::parse(text);
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(result.directive.kind, kind);
    QCOMPARE(result.directive.target, target);
    QCOMPARE(result.directive.value, value);
    QCOMPARE(result.directive.toString(), canonical);
}

void TestPlacementDirective::rejects_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("lxd scope needs a machine")
        << "lxd:x"
        << R"(invalid value "x" for "lxd" scope: expected machine-id)";
    QTest::newRow("lxd scope empty") << "lxd:"
                                     << R"(invalid value "" for "lxd" scope: expected machine-id)";
    QTest::newRow("unknown scope")
        << "kvm:3"
        << R"(invalid placement directive "kvm:3": unknown scope "kvm"; expected lxd or ssh)";
    QTest::newRow("unknown key")
        << "rack=4"
        << R"(invalid placement directive "rack=4": unknown key "rack"; expected zone, region or system-id)";
    QTest::newRow("empty zone") << "zone="
                                << R"(invalid placement directive "zone=": expected zone=<name>)";
    QTest::newRow("bad ssh port")
        << "ssh:host:99999"
        << R"(invalid placement directive "ssh:host:99999": port must be between 1 and 65535)";
    QTest::newRow("bad ssh")
        << "ssh:"
        << R"(invalid placement directive "ssh:": expected ssh:[user@]host[:port])";
    QTest::newRow("leading zero machine")
        << "03"
        << R"(invalid placement directive "03": expected a machine id, a container id, lxd, lxd:<machine>, zone=<zone>, region=<region>, system-id=<id>, ssh:[user@]host[:port] or a node hostname)";
    QTest::newRow("newline stays on one line")
        << "kvm\n:3"
        << R"(invalid placement directive "kvm\n:3": unknown scope "kvm\n"; expected lxd or ssh)";
    QTest::newRow("wrong container type")
        << "3/kvm/0"
        << R"(invalid placement directive "3/kvm/0": expected a machine id, a container id, lxd, lxd:<machine>, zone=<zone>, region=<region>, system-id=<id>, ssh:[user@]host[:port] or a node hostname)";
}

void TestPlacementDirective::rejects()
{
    QFETCH(QString, text);
    QFETCH(QString, error);
    QCOMPARE(PlacementDirective::parse(text).error, error);
}

void TestPlacementDirective::parsesCommaLists()
{
    auto list = PlacementDirective::parseList(QStringLiteral("1,lxd:2, zone=sim-east-b"));
    QVERIFY(list.ok());
    QCOMPARE(list.directives.size(), 3);
    QCOMPARE(list.directives.at(2).kind, Kind::Zone);
    list = PlacementDirective::parseList(QStringLiteral("1,lxd:q"));
    QCOMPARE(list.error,
             QStringLiteral(R"(invalid value "q" for "lxd" scope: expected machine-id)"));
    QVERIFY(list.directives.isEmpty());
}

QTEST_GUILESS_MAIN(TestPlacementDirective)
#include "tst_placementdirective.moc"
