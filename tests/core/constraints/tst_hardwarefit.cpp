// Hardware fit: what a machine has against what is asked of it, key by key,
// in the words a refusal quotes.
#include "core/constraints/hardwarefit.h"

#include <QTest>

using namespace berth;

class TestHardwareFit : public QObject
{
    Q_OBJECT

private slots:
    void shortfall_data();
    void shortfall();
};

void TestHardwareFit::shortfall_data()
{
    QTest::addColumn<QString>("needs");
    QTest::addColumn<QString>("has");
    QTest::addColumn<QString>("offered"); // empty: it fits
    QTest::addColumn<QString>("wanted");

    const auto row = [](const char *tag, const char *needs, const char *has,
                        const char *offered = "", const char *wanted = "") {
        QTest::addRow("%s", tag) << QString::fromLatin1(needs) << QString::fromLatin1(has)
                                 << QString::fromLatin1(offered) << QString::fromLatin1(wanted);
    };
    row("nothing asked fits anything", "", "mem=1G cores=1");
    row("an unknown machine fits anything", "mem=64G cores=32", "");
    row("equal memory fits", "mem=4G", "mem=4096M");
    row("more memory than asked fits", "mem=2G", "mem=8G");
    row("too little memory", "mem=4G", "mem=2G cores=8", "mem=2048M", "mem=4096M");
    row("too few cores", "cores=4", "cores=2 mem=64G", "cores=2", "cores=4");
    row("too small a root disk", "root-disk=100G", "root-disk=20G", "root-disk=20480M",
        "root-disk=102400M");
    row("memory is checked before cores", "mem=8G cores=8", "mem=4G cores=2", "mem=4096M",
        "mem=8192M");
    row("another architecture", "arch=arm64", "arch=amd64 mem=8G", "arch=amd64", "arch=arm64");
    row("the same architecture fits", "arch=arm64 mem=1G", "arch=arm64 mem=1G");
    row("an architecture not stated fits", "arch=arm64", "mem=8G");
    row("zero means no filter", "mem=0 cores=0", "mem=1G cores=1");
    row("max is not a minimum", "mem=max", "mem=1G");
    row("placement keys are not hardware", "zones=a tags=gpu", "mem=1G");
}

void TestHardwareFit::shortfall()
{
    QFETCH(QString, needs);
    QFETCH(QString, has);
    QFETCH(QString, offered);
    QFETCH(QString, wanted);

    const auto result =
        HardwareFit::shortfall(Constraints::parseOrThrow(needs), Constraints::parseOrThrow(has));
    if (offered.isEmpty()) {
        QVERIFY2(!result, qPrintable(result ? result->offered : QString()));
        return;
    }
    QVERIFY(result);
    QCOMPARE(result->offered, offered);
    QCOMPARE(result->wanted, wanted);
}

QTEST_GUILESS_MAIN(TestHardwareFit)
#include "tst_hardwarefit.moc"
