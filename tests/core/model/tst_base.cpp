#include "core/model/base.h"

#include <QTest>

using namespace berth;

class TestBase : public QObject
{
    Q_OBJECT

private slots:
    void parses_data();
    void parses();
    void rejects_data();
    void rejects();
};

void TestBase::parses_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("base");
    QTest::newRow("os@channel") << "ubuntu@22.04"
                                << "ubuntu@22.04";
    QTest::newRow("centos") << "centos@9"
                            << "centos@9";
    QTest::newRow("jammy") << "jammy"
                           << "ubuntu@22.04";
    QTest::newRow("noble") << "noble"
                           << "ubuntu@24.04";
    QTest::newRow("focal") << "focal"
                           << "ubuntu@20.04";
    QTest::newRow("with risk") << "ubuntu@24.04/edge"
                               << "ubuntu@24.04/edge";
}

void TestBase::parses()
{
    QFETCH(QString, text);
    QFETCH(QString, base);
    const auto result = Base::parse(text);
    QVERIFY2(result.ok(), qPrintable(result.error));
    QCOMPARE(result.base.toString(), base);
}

void TestBase::rejects_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("empty") << "";
    QTest::newRow("no channel") << "ubuntu@";
    QTest::newRow("unknown series") << "trusty-ish";
    QTest::newRow("upper case") << "Ubuntu@22.04";
    QTest::newRow("two ats") << "ubuntu@22@04";
}

void TestBase::rejects()
{
    QFETCH(QString, text);
    const auto result = Base::parse(text);
    QCOMPARE(result.error, QStringLiteral("invalid base \"%1\": expected os@channel (e.g. "
                                          "ubuntu@22.04) or a series name (focal, jammy, noble)")
                               .arg(text));
}

QTEST_GUILESS_MAIN(TestBase)
#include "tst_base.moc"
