#include "core/bertherror.h"
#include "core/placement/deletionpolicy.h"

#include <QRandomGenerator>
#include <QTest>

using namespace berth;

using DeletionPolicy::Candidate;
using DeletionPolicy::Criteria;

namespace {

Candidate unit(qint64 id, qint64 createdAt, const QString &zone = {}, bool inError = false,
               const QString &profile = {})
{
    Candidate c;
    c.id = id;
    c.createdAt = createdAt;
    c.zone = zone;
    c.inError = inError;
    c.profile = profile;
    return c;
}

QMap<QString, int> perZone(const QList<Candidate> &all, const QList<qint64> &removed)
{
    QMap<QString, int> counts;
    for (const Candidate &c : all) {
        if (!removed.contains(c.id))
            ++counts[c.zone];
    }
    return counts;
}

} // namespace

class TestDeletionPolicy : public QObject
{
    Q_OBJECT

private slots:
    void namesRoundTrip()
    {
        for (Criteria c : {Criteria::OldestFirst, Criteria::YoungestFirst,
                           Criteria::OldestProfileFirst, Criteria::Random})
            QCOMPARE(DeletionPolicy::criteriaFromName(DeletionPolicy::criteriaName(c)), c);
        QVERIFY(!DeletionPolicy::criteriaFromName(QStringLiteral("oldest_first")));
        QCOMPARE(DeletionPolicy::defaultCriteria, Criteria::Random); // Senlin's default
    }

    void specs()
    {
        const QJsonObject spec{
            {QStringLiteral("type"), QStringLiteral("senlin.policy.deletion")},
            {QStringLiteral("version"), QStringLiteral("1.0")},
            {QStringLiteral("properties"),
             QJsonObject{{QStringLiteral("criteria"), QStringLiteral("YOUNGEST_FIRST")},
                         {QStringLiteral("grace_period"), 30}}}};
        QStringList ignored;
        QCOMPARE(DeletionPolicy::fromSpec(spec, &ignored), Criteria::YoungestFirst);
        QCOMPARE(ignored, QStringList{QStringLiteral("grace_period")});
        QCOMPARE(DeletionPolicy::fromSpec(DeletionPolicy::toSpec(Criteria::OldestProfileFirst)),
                 Criteria::OldestProfileFirst);

        QJsonObject bad = spec;
        bad.insert(QStringLiteral("properties"),
                   QJsonObject{{QStringLiteral("criteria"), QStringLiteral("BIGGEST_FIRST")}});
        try {
            DeletionPolicy::fromSpec(bad);
            QFAIL("an unknown criteria was accepted");
        } catch (const BerthError &e) {
            QCOMPARE(e.message(), QStringLiteral("invalid criteria \"BIGGEST_FIRST\"; expected "
                                                 "OLDEST_FIRST, YOUNGEST_FIRST, "
                                                 "OLDEST_PROFILE_FIRST or RANDOM"));
        }
    }

    void byCriteria_data()
    {
        QTest::addColumn<int>("criteria");
        QTest::addColumn<int>("count");
        QTest::addColumn<QList<qint64>>("expected");
        // Units 1..4 created at 10, 20, 30, 40; 5 at 20 too (ties go by id).
        QTest::newRow("oldest first") << int(Criteria::OldestFirst) << 3 << QList<qint64>{1, 2, 5};
        QTest::newRow("youngest first")
            << int(Criteria::YoungestFirst) << 3 << QList<qint64>{4, 3, 5};
        // Profiles: 1 and 4 share "mem=2G" (first seen at 10), 2, 3, 5 have "mem=4G" (20).
        QTest::newRow("oldest profile first")
            << int(Criteria::OldestProfileFirst) << 3 << QList<qint64>{1, 4, 2};
        QTest::newRow("more than there are")
            << int(Criteria::OldestFirst) << 9 << QList<qint64>{1, 2, 5, 3, 4};
    }
    void byCriteria()
    {
        QFETCH(int, criteria);
        QFETCH(int, count);
        QFETCH(QList<qint64>, expected);
        QList<Candidate> units{unit(1, 10, {}, false, QStringLiteral("mem=2G")),
                               unit(2, 20, {}, false, QStringLiteral("mem=4G")),
                               unit(3, 30, {}, false, QStringLiteral("mem=4G")),
                               unit(4, 40, {}, false, QStringLiteral("mem=2G")),
                               unit(5, 20, {}, false, QStringLiteral("mem=4G"))};
        DeletionPolicy::assignProfileAges(units);
        QRandomGenerator random(1);
        QCOMPARE(DeletionPolicy::choose(units, count, Criteria(criteria), random), expected);
    }

    void unitsInErrorGoFirst()
    {
        const QList<Candidate> units{
            unit(1, 10, QStringLiteral("a")), unit(2, 20, QStringLiteral("a"), true),
            unit(3, 30, QStringLiteral("b")), unit(4, 40, QStringLiteral("b"), true)};
        QRandomGenerator random(7);
        for (Criteria c : {Criteria::OldestFirst, Criteria::YoungestFirst, Criteria::Random}) {
            const QList<qint64> two = DeletionPolicy::choose(units, 2, c, random);
            QCOMPARE(QSet<qint64>(two.cbegin(), two.cend()), (QSet<qint64>{2, 4}));
        }
        QCOMPARE(DeletionPolicy::choose(units, 3, Criteria::OldestFirst, random),
                 (QList<qint64>{2, 4, 1}));
    }

    void fullestZoneFirst()
    {
        // Zone a holds the three oldest units; oldest-first still takes from
        // the fuller zone, so the zones end even.
        const QList<Candidate> units{
            unit(1, 10, QStringLiteral("a")), unit(2, 11, QStringLiteral("a")),
            unit(3, 12, QStringLiteral("a")), unit(4, 13, QStringLiteral("b")),
            unit(5, 14, QStringLiteral("c")), unit(6, 15, QStringLiteral("b"))};
        QRandomGenerator random(3);
        QCOMPARE(DeletionPolicy::choose(units, 1, Criteria::OldestFirst, random), QList<qint64>{1});
        // After 1 goes, a and b have two each: the older head (2 in a) goes next.
        QCOMPARE(DeletionPolicy::choose(units, 3, Criteria::OldestFirst, random),
                 (QList<qint64>{1, 2, 4}));
        QCOMPARE(DeletionPolicy::choose(units, 3, Criteria::YoungestFirst, random),
                 (QList<qint64>{3, 6, 2}));
    }

    // Removing any number from zones within skew 1 leaves them within skew 1.
    void zonesStayBalanced()
    {
        QRandomGenerator random(42);
        for (int round = 0; round < 500; ++round) {
            const int zones = 1 + int(random.bounded(5));
            const int total = int(random.bounded(40));
            QList<Candidate> units;
            for (int i = 0; i < total; ++i) {
                units << unit(i + 1, qint64(random.bounded(100)),
                              QString(QChar(u'a' + ((i + round) % zones))));
            }
            const int count = total == 0 ? 0 : int(random.bounded(total + 1));
            const auto criteria = Criteria(random.bounded(4));
            const QList<qint64> removed = DeletionPolicy::choose(units, count, criteria, random);
            QCOMPARE(removed.size(), count);
            QCOMPARE(QSet<qint64>(removed.cbegin(), removed.cend()).size(), count);
            const QMap<QString, int> left = perZone(units, removed);
            int low = total, high = 0;
            for (int z = 0; z < zones; ++z) {
                const int n = left.value(QString(QChar(u'a' + z)));
                low = std::min(low, n);
                high = std::max(high, n);
            }
            if (total - count > 0)
                QVERIFY2(high - low <= 1, qPrintable(QStringLiteral("round %1").arg(round)));
        }
    }
};

QTEST_GUILESS_MAIN(TestDeletionPolicy)
#include "tst_deletionpolicy.moc"
