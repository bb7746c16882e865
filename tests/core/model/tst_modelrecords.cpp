// What a machine's stored placement pins, as the provisioner, the start plan
// and the commands read it.
#include "core/model/modelrecords.h"

#include <QTest>

using namespace berth;

Q_DECLARE_METATYPE(MachinePlacement::Kind)

class TestModelRecords : public QObject
{
    Q_OBJECT

private slots:
    void aStoredPlacementReadsAsWhatItPins_data()
    {
        using Kind = MachinePlacement::Kind;
        QTest::addColumn<QString>("stored");
        QTest::addColumn<Kind>("kind");
        QTest::addColumn<QString>("value");
        QTest::addColumn<bool>("forProvider");
        QTest::addColumn<bool>("existingHost");
        QTest::addRow("anywhere") << QString() << Kind::None << QString() << false << false;
        QTest::addRow("a zone") << QStringLiteral("zone=sim-east-b") << Kind::Zone
                                << QStringLiteral("sim-east-b") << false << false;
        QTest::addRow("a region") << QStringLiteral("region=sim-west") << Kind::Region
                                  << QStringLiteral("sim-west") << false << false;
        QTest::addRow("an existing host")
            << QStringLiteral("ssh:ubuntu@10.0.0.5:2222") << Kind::ExistingHost
            << QStringLiteral("ubuntu@10.0.0.5:2222") << true << true;
        QTest::addRow("a node by id") << QStringLiteral("system-id=abc123") << Kind::ProviderNode
                                      << QStringLiteral("system-id=abc123") << true << false;
        QTest::addRow("a node by name") << QStringLiteral("rack-7") << Kind::ProviderNode
                                        << QStringLiteral("rack-7") << true << false;
    }

    void aStoredPlacementReadsAsWhatItPins()
    {
        QFETCH(QString, stored);
        QFETCH(MachinePlacement::Kind, kind);
        QFETCH(QString, value);
        QFETCH(bool, forProvider);
        QFETCH(bool, existingHost);
        MachineRecord machine;
        machine.placement = stored;
        QCOMPARE(machine.placed().kind, kind);
        QCOMPARE(machine.placed().value, value);
        QCOMPARE(machine.placed().forProvider(), forProvider);
        QCOMPARE(machine.isExistingHost(), existingHost);
    }
};

QTEST_GUILESS_MAIN(TestModelRecords)
#include "tst_modelrecords.moc"
