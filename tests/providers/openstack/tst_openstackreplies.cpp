// Keystone's and Nova's replies as the OpenStack provider reads them, from
// real replies recorded on scripts/setup-openstack's two-region rig
// (tests/providers/openstack/replies/).
#include "core/bertherror.h"
#include "providers/openstack/openstackprovider.h"
#include "providers/openstack/openstackreplies.h"
#include "tests/testsupport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace berth;
using namespace berth::OpenStackReplies;

namespace {

QString S(const char *text)
{
    return QString::fromUtf8(text);
}

// A recorded reply: its status and body.
struct Recorded
{
    int status = 0;
    QJsonValue body;
};

Recorded recorded(const char *name)
{
    QFile file(S(SOURCE_DIR "/tests/providers/openstack/replies/") + S(name) + S(".json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read the recorded reply %s", name);
    const QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
    return {int(o.value(S("status")).toInteger()), o.value(S("body"))};
}

} // namespace

class TestOpenStackReplies : public QObject
{
    Q_OBJECT

private slots:
    void catalogGivesEachRegionsEndpoints();
    void zonesAndFlavors();
    void serversAsNovaDescribesThem();
    void errorsAreClassifiedForTheProvisioner_data();
    void errorsAreClassifiedForTheProvisioner();
    void tokenExpiryAndFlavorIds();
    void credentialsAskKeystoneAsItExpects();
    void accountSettingsAreCheckedBeforeAnyCall();
};

void TestOpenStackReplies::catalogGivesEachRegionsEndpoints()
{
    for (const char *name : {"keystone-token-password", "keystone-token-application-credential"}) {
        QString error;
        const auto catalog = catalogOf(recorded(name).body.toObject(), &error);
        QVERIFY2(catalog, qPrintable(error));
        QCOMPARE(catalog->regions(), (QStringList{S("RegionOne"), S("RegionTwo")}));
        QCOMPARE(catalog->compute.value(S("RegionOne")), S("http://127.0.0.1:8774/v2.1"));
        QCOMPARE(catalog->compute.value(S("RegionTwo")), S("http://127.0.0.1:8784/v2.1"));
        QCOMPARE(catalog->image.value(S("RegionTwo")), S("http://127.0.0.1:9292"));
    }
    QString error;
    QVERIFY(!catalogOf(QJsonObject{{S("token"), QJsonObject{}}}, &error));
    QVERIFY(error.startsWith(S("the token's catalog has no public compute endpoint")));
}

void TestOpenStackReplies::zonesAndFlavors()
{
    const QList<ZoneInfo> zones = zonesOf(recorded("nova-availability-zones").body.toObject());
    QCOMPARE(zones.size(), 2);
    QCOMPARE(zones.at(0).name, S("az-one-a"));
    QVERIFY(zones.at(0).healthy);
    QCOMPARE(zones.at(1).name, S("az-one-b"));

    const QList<InstanceType> types = flavorsOf(recorded("nova-flavors-detail").body.toObject());
    QCOMPARE(types.size(), 4);
    const auto named = [&](const char *name) {
        for (const InstanceType &t : types) {
            if (t.name == S(name))
                return t;
        }
        return InstanceType{};
    };
    const InstanceType tiny = named("m1.tiny");
    QCOMPARE(tiny.cores, 1u);
    QCOMPARE(tiny.memMiB, 256u);
    QCOMPARE(tiny.rootDiskMiB, 1024u);
    QCOMPARE(tiny.arch, S("amd64"));
    // Cost by size: cheaper is smaller, so the least wasteful type is chosen.
    QVERIFY(tiny.cost < named("m1.small").cost);
    QVERIFY(named("m1.small").cost < named("m1.medium").cost);
    QCOMPARE(named("m1.huge").memMiB, 1048576u);
    // A flavor's extra spec names its price outright.
    const QJsonObject priced{
        {S("flavors"),
         QJsonArray{QJsonObject{{S("name"), S("p")},
                                {S("vcpus"), 2},
                                {S("ram"), 4096},
                                {S("disk"), 20},
                                {S("extra_specs"), QJsonObject{{S("berth:cost"), S("0.25")}}}}}}};
    QCOMPARE(flavorsOf(priced).first().cost, 0.25);
}

void TestOpenStackReplies::serversAsNovaDescribesThem()
{
    const auto made = serverOf(recorded("nova-create-server-202").body.toObject());
    QVERIFY(made);
    QVERIFY(!made->id.isEmpty());

    const auto active = serverOf(recorded("nova-server-active").body.toObject());
    QCOMPARE(active->status, S("ACTIVE"));
    QCOMPARE(active->zone, S("az-one-a"));
    QCOMPARE(active->flavor, S("m1.tiny"));
    QVERIFY(active->tags.contains(S("berth-model-recorded")));
    QCOMPARE(active->metadata.value(S("berth-machine")).toString(), S("0"));
    QCOMPARE(active->id, made->id);
    // The flavor as the server carries it: the hardware Berth records.
    QCOMPARE(active->cores, 1u);
    QCOMPARE(active->memMiB, 256u);
    QCOMPARE(active->rootDiskGiB, 1u);
    QVERIFY(!active->hostId.isEmpty());

    const QList<Server> tagged = serversOf(recorded("nova-servers-detail-by-tag").body.toObject());
    QVERIFY(!tagged.isEmpty());
    QVERIFY(std::any_of(tagged.cbegin(), tagged.cend(),
                        [&](const Server &s) { return s.id == made->id; }));
    for (const Server &s : tagged)
        QVERIFY(s.tags.contains(S("berth-model-recorded"))); // Nova filtered by the tag

    const auto failed = serverOf(recorded("nova-server-error-no-valid-host").body.toObject());
    QCOMPARE(failed->status, S("ERROR"));
    QCOMPARE(failed->fault, S("No valid host was found."));
    const ProviderError error = classifyFault(*failed);
    QCOMPARE(error.kind, ProviderError::Kind::ZoneConstrained); // the next zone is tried
    QCOMPARE(error.message, S("No valid host was found."));
    Server other = *failed;
    other.fault = S("Build of instance aborted: image not found");
    QCOMPARE(classifyFault(other).kind, ProviderError::Kind::ZoneIndependent);
}

void TestOpenStackReplies::errorsAreClassifiedForTheProvisioner_data()
{
    QTest::addColumn<QString>("reply");
    QTest::addColumn<int>("status");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("message");
    using Kind = ProviderError::Kind;
    QTest::newRow("unknown zone: try the next")
        << S("nova-create-server-400-unknown-zone") << 400 << int(Kind::ZoneConstrained)
        << S("The requested availability zone is not "
             "available");
    QTest::newRow("quota: fails anywhere")
        << S("nova-create-server-403-quota") << 403 << int(Kind::ZoneIndependent)
        << S("Quota exceeded for instances: Requested 1, but already used 0 of 0 instances");
    QTest::newRow("wrong secret") << S("keystone-401-wrong-secret") << 401 << int(Kind::Auth)
                                  << S("The request you have made requires authentication.");
    QTest::newRow("token refused by Nova") << S("nova-401-bad-token") << 401 << int(Kind::Auth)
                                           << S("The request you have made requires "
                                                "authentication.");
    QTest::newRow("gone") << S("nova-server-404-after-delete") << 404 << int(Kind::NotFound)
                          << S("");
}

void TestOpenStackReplies::errorsAreClassifiedForTheProvisioner()
{
    QFETCH(QString, reply);
    QFETCH(int, status);
    QFETCH(int, kind);
    QFETCH(QString, message);
    const Recorded r = recorded(reply.toUtf8().constData());
    QCOMPARE(r.status, status);
    const ProviderError error = classify(r.status, r.body);
    QCOMPARE(int(error.kind), kind);
    if (!message.isEmpty())
        QCOMPARE(error.message, message);
    else
        QVERIFY(error.message.startsWith(S("Instance ")));
    // What no recorded reply shows: overload and server errors pass.
    QCOMPARE(classify(503, S("Service Unavailable")).kind, ProviderError::Kind::Transient);
    QCOMPARE(classify(409, QJsonValue()).message, S("HTTP 409"));
}

void TestOpenStackReplies::tokenExpiryAndFlavorIds()
{
    const QDateTime expires = expiryOf(recorded("keystone-token-password").body.toObject());
    QVERIFY(expires.isValid());
    QCOMPARE(expires.timeSpec(), Qt::UTC);
    QVERIFY(!expiryOf(QJsonObject{}).isValid());
    const QMap<QString, QString> ids = flavorIdsOf(recorded("nova-flavors-detail").body.toObject());
    QCOMPARE(ids.keys(), (QStringList{S("m1.huge"), S("m1.medium"), S("m1.small"), S("m1.tiny")}));
    for (const QString &id : ids)
        QVERIFY(!id.isEmpty());
}

void TestOpenStackReplies::credentialsAskKeystoneAsItExpects()
{
    OpenStackCredentials c;
    c.applicationCredentialId = S("d32a0ca3");
    c.applicationCredentialSecret = "s3cret";
    QJsonObject auth = c.authBody().value(S("auth")).toObject();
    // An application credential carries its scope: asking for one is refused.
    QVERIFY(!auth.contains(S("scope")));
    QCOMPARE(auth[S("identity")][S("methods")].toArray(), QJsonArray{S("application_credential")});
    QCOMPARE(auth[S("identity")][S("application_credential")][S("secret")].toString(), S("s3cret"));

    OpenStackCredentials p;
    p.username = S("berth");
    p.project = S("berth");
    p.password = "pw";
    auth = p.authBody().value(S("auth")).toObject();
    QCOMPARE(auth[S("identity")][S("password")][S("user")][S("name")].toString(), S("berth"));
    QCOMPARE(auth[S("identity")][S("password")][S("user")][S("domain")][S("name")].toString(),
             S("Default"));
    QCOMPARE(auth[S("scope")][S("project")][S("name")].toString(), S("berth"));
}

void TestOpenStackReplies::accountSettingsAreCheckedBeforeAnyCall()
{
    QCOMPARE(OpenStackProvider::imageFor(S("ubuntu@22.04"), {}), S("ubuntu-22.04"));
    QCOMPARE(OpenStackProvider::imageFor(S("ubuntu@24.04"), S("ubuntu@24.04=noble-server")),
             S("noble-server"));
    // Nova's tags hold no '/' or ','.
    QCOMPARE(OpenStackProvider::machineTag(S("3/lxd/0")), S("berth-machine-3.lxd.0"));
    QCOMPARE(OpenStackProvider::checkConfig(S("regions"), S("RegionOne,RegionTwo")),
             S("RegionOne,RegionTwo"));
    QCOMPARE(errorOf([] { OpenStackProvider::checkConfig(S("price-per-core"), S("-1")); }),
             S("bad value \"-1\" for openstack config \"price-per-core\": expected a price per "
               "hour, e.g. 0.02"));
    QVERIFY(errorOf([] {
                OpenStackProvider::checkConfig(S("flavour"), S("x"));
            }).startsWith(S("unknown openstack config key \"flavour\"; valid keys are: ")));
    QVERIFY(errorOf([] {
                OpenStackProvider::checkConfig(S("image-map"), S("jammy"));
            }).contains(S("expected base=image pairs")));

    CloudAccount account{S("os"), S("openstack"), S("ftp://10.0.0.2"), {}, {}};
    QCOMPARE(errorOf([&] { OpenStackProvider provider(account); }),
             S("openstack cloud os: endpoint \"ftp://10.0.0.2\" is not Keystone's URL; expected "
               "e.g. --endpoint https://10.0.0.2:5000/v3"));
    // Nothing to authenticate with: said without asking Keystone.
    account.endpoint = S("http://127.0.0.1:9/v3");
    OpenStackProvider bare(account);
    QCOMPARE(bare.verify().kind, ProviderError::Kind::Auth);
    QVERIFY(bare.verify().message.contains(S("needs an application credential")));
    QVERIFY(bare.describe().regions.isEmpty());
    account.config.insert(S("application-credential-id"), S("d32a0ca3"));
    QVERIFY(OpenStackProvider(account).verify().message.contains(S("no secret")));
}

QTEST_GUILESS_MAIN(TestOpenStackReplies)
#include "tst_openstackreplies.moc"
