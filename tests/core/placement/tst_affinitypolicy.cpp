// Senlin's affinity policy as Berth reads it (Nova's server group policies,
// with max_server_per_host), and the model's server-group-policy setting.
#include "core/bertherror.h"
#include "core/model/modelconfig.h"
#include "core/placement/affinitypolicy.h"
#include "tests/testsupport.h"

#include <QJsonArray>
#include <QTest>

using namespace berth;

namespace {

QString S(const char *text)
{
    return QString::fromUtf8(text);
}

QJsonObject spec(const QJsonObject &servergroup, const QJsonObject &more = {})
{
    QJsonObject properties = more;
    properties.insert(S("servergroup"), servergroup);
    return {{S("type"), S("senlin.policy.affinity")},
            {S("version"), S("1.0")},
            {S("properties"), properties}};
}

} // namespace

class TestAffinityPolicy : public QObject
{
    Q_OBJECT

private slots:
    void readsSenlinsSpec();
    void refusesWhatNovaWouldNot_data();
    void refusesWhatNovaWouldNot();
    void modelSettingSaysTheSame();
};

void TestAffinityPolicy::readsSenlinsSpec()
{
    // Senlin's default policy is anti-affinity.
    HostSpread spread = AffinityPolicy::fromSpec(spec({}));
    QCOMPARE(spread.policy, S("anti-affinity"));
    QCOMPARE(spread.maxPerHost, 0);
    QVERIFY(spread.group.isEmpty());

    QStringList ignored;
    spread = AffinityPolicy::fromSpec(
        spec({{S("name"), S("db-group")},
              {S("policies"), S("anti-affinity")},
              {S("max_server_per_host"), 3}},
             {{S("availability_zone"), S("az-one-a")}, {S("enable_drs_extension"), false}}),
        &ignored);
    QCOMPARE(spread.group, S("db-group"));
    QCOMPARE(spread.maxPerHost, 3);
    ignored.sort();
    QCOMPARE(ignored, (QStringList{S("availability_zone"), S("enable_drs_extension")}));
    // Round trip, and older specs' list of one policy.
    QCOMPARE(AffinityPolicy::fromSpec(AffinityPolicy::toSpec(spread)).maxPerHost, 3);
    QCOMPARE(AffinityPolicy::fromSpec(AffinityPolicy::toSpec(spread)).group, S("db-group"));
    QCOMPARE(AffinityPolicy::fromSpec(spec({{S("policies"), QJsonArray{S("soft-anti-affinity")}}}))
                 .policy,
             S("soft-anti-affinity"));
    QCOMPARE(HostSpread::groupFor(S("0862f6ad-ae3b-4789"), S("web")), S("berth-0862f6ad-web"));
}

void TestAffinityPolicy::refusesWhatNovaWouldNot_data()
{
    QTest::addColumn<QJsonObject>("given");
    QTest::addColumn<QString>("error");
    QTest::newRow("unknown policy")
        << spec({{S("policies"), S("apart")}})
        << S("invalid server group policy \"apart\"; expected anti-affinity, "
             "soft-anti-affinity, affinity, soft-affinity");
    QTest::newRow("rule on a soft policy")
        << spec({{S("policies"), S("soft-anti-affinity")}, {S("max_server_per_host"), 2}})
        << S("max_server_per_host goes with the anti-affinity policy only");
    QTest::newRow("rule not a whole number")
        << spec({{S("max_server_per_host"), 1.5}})
        << S("invalid max_server_per_host \"1.5\"; expected a whole number from 1 to 1000");
    QTest::newRow("rule zero") << spec({{S("max_server_per_host"), 0}})
                               << S("invalid max_server_per_host \"0\"; expected a whole number "
                                    "from 1 to 1000");
    QTest::newRow("bad group name")
        << spec({{S("name"), S("a group")}})
        << S("invalid server group name \"a group\"; expected letters, digits, '-', '_' and '.'");
    QTest::newRow("another policy type")
        << QJsonObject{{S("type"), S("senlin.policy.deletion")}}
        << S("unknown policy type \"senlin.policy.deletion\"; expected senlin.policy.affinity");
    QTest::newRow("another version")
        << QJsonObject{{S("type"), S("senlin.policy.affinity")}, {S("version"), S("2.0")}}
        << QString(); // said by SenlinSpec, checked below
}

void TestAffinityPolicy::refusesWhatNovaWouldNot()
{
    QFETCH(QJsonObject, given);
    QFETCH(QString, error);
    const QString said = errorOf([&] { AffinityPolicy::fromSpec(given); });
    QVERIFY(!said.isEmpty());
    if (!error.isEmpty())
        QCOMPARE(said, error);
}

void TestAffinityPolicy::modelSettingSaysTheSame()
{
    QCOMPARE(ModelConfig::check(S("server-group-policy"), S("anti-affinity/2")),
             S("anti-affinity/2"));
    const auto group = ModelConfig::parseServerGroup(S("anti-affinity/2"));
    QVERIFY(group);
    QCOMPARE(group->policy, S("anti-affinity"));
    QCOMPARE(group->maxPerHost, 2);
    QVERIFY(ModelConfig::parseServerGroup(S("none"))->policy.isEmpty());
    QCOMPARE(ModelConfig().serverGroup().policy, QString()); // the default: none
    for (const char *bad :
         {"soft-anti-affinity/2", "anti-affinity/0", "apart", "anti-affinity/x"}) {
        QCOMPARE(errorOf([&] { ModelConfig::check(S("server-group-policy"), S(bad)); }),
                 S("bad value \"%1\" for model config \"server-group-policy\": expected none, "
                   "anti-affinity, soft-anti-affinity, affinity, soft-affinity, or "
                   "anti-affinity/N with N from 1 to 1000")
                     .arg(S(bad)));
    }
}

QTEST_GUILESS_MAIN(TestAffinityPolicy)
#include "tst_affinitypolicy.moc"
