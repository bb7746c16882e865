// The parts of the LXD provider that need no server: how its answers are read
// and classified, how images and names are chosen.
#include "core/bertherror.h"
#include "providers/lxd/lxdprovider.h"
#include "providers/tls/pinnedtls.h"

#include <QTest>

using namespace berth;

class TestLxdParts : public QObject
{
    Q_OBJECT

private slots:
    void errorsAreClassifiedForTheProvisioner_data();
    void errorsAreClassifiedForTheProvisioner();
    void sizesAndCpuLimitsAreRead();
    void imagesFollowTheMapOrTheBase();
    void instanceNamesAreOnePerMachine();
    void fingerprintsAreNormalised();
    void configIsChecked();
};

void TestLxdParts::errorsAreClassifiedForTheProvisioner_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("kind");
    using Kind = ProviderError::Kind;
    QTest::newRow("untrusted") << 403 << QStringLiteral("not authorized") << int(Kind::Auth);
    QTest::newRow("no image") << 404 << QStringLiteral("Image not found") << int(Kind::NotFound);
    QTest::newRow("image in operation")
        << 0 << QStringLiteral("Failed getting image: not found") << int(Kind::NotFound);
    QTest::newRow("member offline")
        << 0 << QStringLiteral("Target cluster member is offline") << int(Kind::ZoneConstrained);
    QTest::newRow("disk full") << 0 << QStringLiteral("write: no space left on device")
                               << int(Kind::ZoneConstrained);
    QTest::newRow("unavailable") << 503 << QString() << int(Kind::Transient);
    QTest::newRow("bad request") << 400 << QStringLiteral("Invalid config key")
                                 << int(Kind::Permanent);
    QTest::newRow("other failure")
        << 0 << QStringLiteral("Failed to run: exit status 1") << int(Kind::ZoneIndependent);
}

void TestLxdParts::errorsAreClassifiedForTheProvisioner()
{
    QFETCH(int, status);
    QFETCH(QString, text);
    QFETCH(int, kind);
    const ProviderError error = classifyLxdError(status, text);
    QCOMPARE(int(error.kind), kind);
    QVERIFY(!error.message.isEmpty());
    if (!text.isEmpty())
        QVERIFY(error.message.contains(text)); // LXD's words reach the machine's message
}

void TestLxdParts::sizesAndCpuLimitsAreRead()
{
    QCOMPARE(LxdProvider::parseSizeMiB(QStringLiteral("256MiB")), 256u);
    QCOMPARE(LxdProvider::parseSizeMiB(QStringLiteral("2GiB")), 2048u);
    QCOMPARE(LxdProvider::parseSizeMiB(QStringLiteral("1073741824")), 1024u);
    QCOMPARE(LxdProvider::parseSizeMiB(QStringLiteral("1GB")), 953u);
    QCOMPARE(LxdProvider::parseSizeMiB(QStringLiteral("50%")), 0u);
    QCOMPARE(LxdProvider::parseCpuLimit(QStringLiteral("2")), 2u);
    QCOMPARE(LxdProvider::parseCpuLimit(QStringLiteral("0-3")), 4u);
    QCOMPARE(LxdProvider::parseCpuLimit(QStringLiteral("0,2-3")), 3u);
}

void TestLxdParts::imagesFollowTheMapOrTheBase()
{
    const QString map = QStringLiteral("ubuntu@22.04=jammy-local,centos@9=c9");
    QCOMPARE(LxdProvider::imageFor(QStringLiteral("ubuntu@22.04"), map),
             QStringLiteral("jammy-local"));
    QCOMPARE(LxdProvider::imageFor(QStringLiteral("ubuntu@24.04"), map),
             QStringLiteral("ubuntu/24.04"));
    QCOMPARE(LxdProvider::imageFor(QStringLiteral("ubuntu@22.04/stable"), QString()),
             QStringLiteral("ubuntu/22.04"));
}

void TestLxdParts::instanceNamesAreOnePerMachine()
{
    const QMap<QString, QString> tags{
        {QStringLiteral("berth-model-uuid"),
         QStringLiteral("59243da8-606c-4be0-9176-3e36a80cc650")},
        {QStringLiteral("berth-machine-id"), QStringLiteral("3/lxd/1")},
        {QStringLiteral("berth-nonce"), QStringLiteral("n1")}};
    QCOMPARE(LxdProvider::instanceName(tags), QStringLiteral("berth-59243da8-3-lxd-1"));
    QMap<QString, QString> again = tags;
    again.insert(QStringLiteral("berth-nonce"), QStringLiteral("n2"));
    QCOMPARE(LxdProvider::instanceName(again), LxdProvider::instanceName(tags));
}

void TestLxdParts::fingerprintsAreNormalised()
{
    const QString colons = QStringLiteral(
        "D9:75:92:A5:BF:3C:52:C3:BD:5E:B4:C0:CE:D3:68:E2:83:C0:BB:35:FC:6F:6E:71:12:9D:E0:8F:08:32:"
        "23:51");
    const QByteArray hex = PinnedTls::normaliseFingerprint(colons);
    QCOMPARE(hex.size(), 64);
    QCOMPARE(PinnedTls::normaliseFingerprint(QString::fromLatin1(hex)), hex);
    QCOMPARE(PinnedTls::displayFingerprint(hex), colons.toLower());
    QVERIFY(PinnedTls::normaliseFingerprint(QStringLiteral("d9:75")).isEmpty());
}

void TestLxdParts::configIsChecked()
{
    QCOMPARE(
        LxdProvider::checkConfig(QStringLiteral("image-map"), QStringLiteral("jammy=local-jammy")),
        QStringLiteral("ubuntu@22.04=local-jammy"));
    QVERIFY_THROWS_EXCEPTION(BerthError, LxdProvider::checkConfig(QStringLiteral("image-map"),
                                                                  QStringLiteral("ubuntu")));
    QVERIFY_THROWS_EXCEPTION(
        BerthError, LxdProvider::checkConfig(QStringLiteral("profiles"), QStringLiteral("a b")));
    QVERIFY_THROWS_EXCEPTION(
        BerthError, LxdProvider::checkConfig(QStringLiteral("latency"), QStringLiteral("1")));
    // A plain http endpoint is refused before anything is stored.
    QVERIFY_THROWS_EXCEPTION(BerthError,
                             LxdProvider(CloudAccount{QStringLiteral("l"),
                                                      QStringLiteral("lxd"),
                                                      QStringLiteral("http://127.0.0.1:8443"),
                                                      {},
                                                      {}}));
}

QTEST_GUILESS_MAIN(TestLxdParts)
#include "tst_lxdparts.moc"
