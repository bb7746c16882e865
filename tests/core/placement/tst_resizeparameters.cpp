#include "core/placement/resizeparameters.h"

#include <QTest>

using namespace berth;

using namespace ResizeParameters;
using OptInt = std::optional<qint64>;
Q_DECLARE_METATYPE(OptInt)
Q_DECLARE_METATYPE(ResizeParameters::Adjustment)

class TestResizeParameters : public QObject
{
    Q_OBJECT

private slots:
    void calculatesDesired_data();
    void calculatesDesired();
    void resizes_data();
    void resizes();
    void strictNullNeitherClipsNorHolds();
    void namesAdjustments();
};

void TestResizeParameters::calculatesDesired_data()
{
    QTest::addColumn<qint64>("current");
    QTest::addColumn<Adjustment>("adjustment");
    QTest::addColumn<double>("number");
    QTest::addColumn<OptInt>("minStep");
    QTest::addColumn<qint64>("desired");
    QTest::newRow("exact") << qint64(10) << Adjustment::ExactCapacity << 4.0 << OptInt()
                           << qint64(4);
    QTest::newRow("change up") << qint64(10) << Adjustment::ChangeInCapacity << 3.0 << OptInt()
                               << qint64(13);
    QTest::newRow("change down") << qint64(10) << Adjustment::ChangeInCapacity << -12.0 << OptInt()
                                 << qint64(-2);
    QTest::newRow("+15% of 10 rounds toward zero")
        << qint64(10) << Adjustment::ChangeInPercentage << 15.0 << OptInt() << qint64(11);
    QTest::newRow("-22% of 10 rounds toward zero")
        << qint64(10) << Adjustment::ChangeInPercentage << -22.0 << OptInt() << qint64(8);
    QTest::newRow("+1% of 10 rounds away from zero")
        << qint64(10) << Adjustment::ChangeInPercentage << 1.0 << OptInt() << qint64(11);
    QTest::newRow("-1% of 10 rounds away from zero")
        << qint64(10) << Adjustment::ChangeInPercentage << -1.0 << OptInt() << qint64(9);
    QTest::newRow("+1% with min_step 2")
        << qint64(10) << Adjustment::ChangeInPercentage << 1.0 << OptInt(2) << qint64(12);
    QTest::newRow("-30% with min_step 5")
        << qint64(10) << Adjustment::ChangeInPercentage << -30.0 << OptInt(5) << qint64(5);
    QTest::newRow("min_step smaller than the change")
        << qint64(10) << Adjustment::ChangeInPercentage << 50.0 << OptInt(2) << qint64(15);
}

void TestResizeParameters::calculatesDesired()
{
    QFETCH(qint64, current);
    QFETCH(Adjustment, adjustment);
    QFETCH(double, number);
    QFETCH(OptInt, minStep);
    QFETCH(qint64, desired);
    QCOMPARE(calculateDesired(current, adjustment, number, minStep), desired);
}

void TestResizeParameters::resizes_data()
{
    QTest::addColumn<qint64>("clusterMin");
    QTest::addColumn<qint64>("clusterMax");
    QTest::addColumn<qint64>("current");
    QTest::addColumn<Adjustment>("adjustment");
    QTest::addColumn<double>("number");
    QTest::addColumn<OptInt>("minSize");
    QTest::addColumn<OptInt>("maxSize");
    QTest::addColumn<bool>("strict");
    QTest::addColumn<qint64>("creation");
    QTest::addColumn<qint64>("deletion");
    QTest::addColumn<QString>("error");
    const auto exact = Adjustment::ExactCapacity;
    const auto change = Adjustment::ChangeInCapacity;
    QTest::newRow("grow") << qint64(0) << qint64(-1) << qint64(5) << change << 3.0 << OptInt()
                          << OptInt() << false << qint64(3) << qint64(0) << QString();
    QTest::newRow("shrink") << qint64(0) << qint64(-1) << qint64(5) << exact << 2.0 << OptInt()
                            << OptInt() << false << qint64(0) << qint64(3) << QString();
    QTest::newRow("not strict: clipped to max_size")
        << qint64(0) << qint64(-1) << qint64(5) << exact << 11.0 << OptInt() << OptInt(10) << false
        << qint64(5) << qint64(0) << QString();
    QTest::newRow("not strict: clipped to the cluster's min")
        << qint64(10) << qint64(20) << qint64(12) << change << -7.0 << OptInt() << OptInt() << false
        << qint64(0) << qint64(2) << QString();
    QTest::newRow("strict: above max_size")
        << qint64(0) << qint64(-1) << qint64(5) << exact << 11.0 << OptInt() << OptInt(10) << true
        << qint64(0) << qint64(0)
        << "The target capacity (11) is greater than the specified max_size (10).";
    QTest::newRow("strict: below the cluster's min")
        << qint64(10) << qint64(20) << qint64(12) << exact << 5.0 << OptInt() << OptInt() << true
        << qint64(0) << qint64(0)
        << "The target capacity (5) is less than the cluster's min_size (10).";
    QTest::newRow("strict: below min_size")
        << qint64(0) << qint64(-1) << qint64(12) << exact << 5.0 << OptInt(8) << OptInt() << true
        << qint64(0) << qint64(0)
        << "The target capacity (5) is less than the specified min_size (8).";
    QTest::newRow("strict: above the cluster's max")
        << qint64(0) << qint64(10) << qint64(5) << change << 6.0 << OptInt() << OptInt() << true
        << qint64(0) << qint64(0)
        << "The target capacity (11) is greater than the cluster's max_size (10).";
    // Not strict, Senlin clips to min_size (12), then to max_size (10), then finds 10 < 12.
    QTest::newRow("min_size above max_size")
        << qint64(0) << qint64(-1) << qint64(10) << exact << 10.0 << OptInt(12) << OptInt(10)
        << false << qint64(0) << qint64(0)
        << "The target capacity (10) is less than the specified min_size (12).";
    QTest::newRow("bounds alone: min_size above max_size")
        << qint64(0) << qint64(-1) << qint64(10) << exact << 10.0 << OptInt(12) << OptInt(10)
        << true << qint64(0) << qint64(0)
        << "The target capacity (10) is less than the specified min_size (12).";
    // Senlin holds a new size to the cluster's own bounds only when strict.
    QTest::newRow("not strict: max_size 0 does not stop a resize")
        << qint64(0) << qint64(0) << qint64(0) << exact << 5.0 << OptInt() << OptInt() << false
        << qint64(5) << qint64(0) << QString();
    QTest::newRow("strict: max_size 0 does")
        << qint64(0) << qint64(0) << qint64(0) << exact << 5.0 << OptInt() << OptInt() << true
        << qint64(0) << qint64(0)
        << "The target capacity (5) is greater than the cluster's max_size (0).";
    QTest::newRow("not strict and within bounds given: the cluster's max is not held")
        << qint64(0) << qint64(3) << qint64(2) << exact << 6.0 << OptInt() << OptInt(8) << false
        << qint64(4) << qint64(0) << QString();
    QTest::newRow("unbounded cluster grows freely")
        << qint64(0) << qint64(-1) << qint64(0) << change << 60.0 << OptInt() << OptInt() << true
        << qint64(60) << qint64(0) << QString();
}

void TestResizeParameters::resizes()
{
    QFETCH(qint64, clusterMin);
    QFETCH(qint64, clusterMax);
    QFETCH(qint64, current);
    QFETCH(Adjustment, adjustment);
    QFETCH(double, number);
    QFETCH(OptInt, minSize);
    QFETCH(OptInt, maxSize);
    QFETCH(bool, strict);
    QFETCH(qint64, creation);
    QFETCH(qint64, deletion);
    QFETCH(QString, error);
    const Result result = resize({clusterMin, clusterMax, current},
                                 {adjustment, number, std::nullopt, minSize, maxSize, strict});
    QCOMPARE(result.error, error);
    QCOMPARE(result.creation, creation);
    QCOMPARE(result.deletion, deletion);
}

void TestResizeParameters::strictNullNeitherClipsNorHolds()
{
    // Senlin's None: not "is False", so no clipping; falsy, so no strict checks.
    Request request{
        Adjustment::ExactCapacity, 12.0, std::nullopt, std::nullopt, std::nullopt, std::nullopt};
    Result result = resize({0, 10, 5}, request);
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(result.creation, 7); // not clipped to 10, and not refused either
    request.strict = false;
    QCOMPARE(resize({0, 10, 5}, request).creation, 5); // clipped
    request.strict = true;
    QCOMPARE(
        resize({0, 10, 5}, request).error,
        QStringLiteral("The target capacity (12) is greater than the cluster's max_size (10)."));
}

void TestResizeParameters::namesAdjustments()
{
    QCOMPARE(adjustmentFromName(QStringLiteral("EXACT_CAPACITY")),
             std::optional(Adjustment::ExactCapacity));
    QCOMPARE(adjustmentFromName(QStringLiteral("CHANGE_IN_PERCENTAGE")),
             std::optional(Adjustment::ChangeInPercentage));
    QVERIFY(!adjustmentFromName(QStringLiteral("change_in_capacity")));
    QCOMPARE(
        checkSizes({0, -1, 10}, std::nullopt, 12, 10, false),
        QStringLiteral("The specified min_size (12) is greater than the specified max_size (10)."));
    QCOMPARE(
        checkSizes({0, 8, 5}, std::nullopt, 9, std::nullopt, false),
        QStringLiteral(
            "The specified min_size (9) is greater than the current max_size (8) of the cluster."));
    QVERIFY(checkSizes({0, -1, 5}, std::nullopt, 7, std::nullopt, false).isEmpty());
    QCOMPARE(checkSizes({0, -1, 5}, std::nullopt, 7, std::nullopt, true),
             QStringLiteral("The specified min_size (7) is greater than the current "
                            "desired_capacity (5) of the cluster."));
    QCOMPARE(
        checkSizes({4, -1, 5}, std::nullopt, std::nullopt, 3, false),
        QStringLiteral(
            "The specified max_size (3) is less than the current min_size (4) of the cluster."));
    QVERIFY(checkSizes({0, -1, 5}, std::nullopt, std::nullopt, 4, false).isEmpty());
    QCOMPARE(checkSizes({0, -1, 5}, std::nullopt, std::nullopt, 4, true),
             QStringLiteral("The specified max_size (4) is less than the current desired_capacity "
                            "(5) of the cluster."));
}

QTEST_GUILESS_MAIN(TestResizeParameters)
#include "tst_resizeparameters.moc"
