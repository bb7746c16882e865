// Which subordinate units a machine must carry: one per subordinate
// application related to a principal there, following the oldest principal
// unit, none of any other. Given the units on a machine and the relations,
// the plan says what to add, attach and remove.
#include "core/placement/subordinates.h"

#include <QTest>

using namespace berth;

namespace {

// Applications by id: 1 wordpress, 2 mysql (principals), 10 telegraf, 11 ntp
// (subordinates).
UnitRecord principal(qint64 id, qint64 app)
{
    UnitRecord u;
    u.id = id;
    u.applicationId = app;
    u.application = app == 1 ? QStringLiteral("wordpress") : QStringLiteral("mysql");
    u.number = id;
    return u;
}

UnitRecord subordinate(qint64 id, qint64 app, qint64 follows)
{
    UnitRecord u;
    u.id = id;
    u.applicationId = app;
    u.application = app == 10 ? QStringLiteral("telegraf") : QStringLiteral("ntp");
    u.number = id;
    u.subordinate = true;
    u.principalId = follows;
    return u;
}

// The plan as short text, e.g. "add 10 following 3; follow telegraf/7 -> 3; remove ntp/9".
QString describe(const Subordinates::Plan &plan)
{
    QStringList parts;
    for (const auto &a : plan.add)
        parts << QStringLiteral("add %1 following %2").arg(a.applicationId).arg(a.principalId);
    for (const auto &f : plan.follow)
        parts << QStringLiteral("follow %1 -> %2").arg(f.unit.name()).arg(f.principalId);
    for (const auto &r : plan.remove)
        parts << QStringLiteral("remove %1").arg(r.name());
    return parts.join(QStringLiteral("; "));
}

} // namespace

using Units = QList<UnitRecord>;
using Relations = QList<Subordinates::Relation>;
Q_DECLARE_METATYPE(Units)
Q_DECLARE_METATYPE(Relations)

class TestSubordinates : public QObject
{
    Q_OBJECT

private slots:
    void plan_data();
    void plan();
};

void TestSubordinates::plan_data()
{
    QTest::addColumn<Units>("units");
    QTest::addColumn<Relations>("relations");
    QTest::addColumn<QString>("expected");

    const Relations telegrafOnWordpress{{10, 1}};
    QTest::addRow("an empty machine carries nothing") << Units{} << telegrafOnWordpress << "";
    QTest::addRow("an unrelated principal carries nothing")
        << Units{principal(1, 2)} << telegrafOnWordpress << "";
    QTest::addRow("a related principal gets its subordinate")
        << Units{principal(3, 1)} << telegrafOnWordpress << "add 10 following 3";
    QTest::addRow("the subordinate follows the oldest principal")
        << Units{principal(5, 1), principal(3, 1)} << telegrafOnWordpress << "add 10 following 3";
    QTest::addRow("one subordinate unit for two related principals")
        << Units{principal(4, 2), principal(3, 1)} << Relations{{10, 1}, {10, 2}}
        << "add 10 following 3";
    QTest::addRow("each related subordinate application, in id order")
        << Units{principal(3, 1)} << Relations{{11, 1}, {10, 1}}
        << "add 10 following 3; add 11 following 3";
    QTest::addRow("a subordinate already there is kept")
        << Units{principal(3, 1), subordinate(7, 10, 3)} << telegrafOnWordpress << "";
    QTest::addRow("a subordinate without a principal is attached")
        << Units{principal(3, 1), subordinate(7, 10, 0)} << telegrafOnWordpress
        << "follow telegraf/7 -> 3";
    QTest::addRow("a subordinate whose principal left goes")
        << Units{subordinate(7, 10, 3)} << telegrafOnWordpress << "remove telegraf/7";
    QTest::addRow("a subordinate no relation asks for goes")
        << Units{principal(3, 1), subordinate(9, 11, 3)} << telegrafOnWordpress
        << "add 10 following 3; remove ntp/9";
    QTest::addRow("subordinate units are never principals")
        << Units{subordinate(7, 10, 0)} << Relations{{11, 10}} << "remove telegraf/7";
}

void TestSubordinates::plan()
{
    QFETCH(Units, units);
    QFETCH(Relations, relations);
    QFETCH(QString, expected);
    QCOMPARE(describe(Subordinates::plan(units, relations)), expected);
}

QTEST_GUILESS_MAIN(TestSubordinates)
#include "tst_subordinates.moc"
