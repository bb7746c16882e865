// How bundle files are read, as Juju reads them: overlays merged by
// juju/charm's rules, include-file:// and include-base64:// in options and
// annotations, YAML 1.1's flags (yes, on), and top-level keys that only hold
// anchors. Each refusal is one line naming the file, the entry and the key.
#include "core/commands/bundlecommands.h"
#include "core/placement/yamldocument.h"
#include "tests/testsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace berth;

namespace {

QString S(const char *text)
{
    return QString::fromUtf8(text);
}

void writeFile(const QString &path, const QByteArray &text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
}

Bundle read(const QString &bundle, const QStringList &overlays = {})
{
    return Bundle::fromDocuments(BundleCommands::readDocuments(bundle, overlays),
                                 S("bundle \"test\""));
}

} // namespace

class TestBundleReading : public QObject
{
    Q_OBJECT

private slots:
    void overlaysFollowJujusRules();
    void anOverlayMayNotUseServices();
    void aBaseApplicationNeedsABody();
    void includesReadFilesBesideTheBundle();
    void includesStayInsideTheBundlesDirectories();
    void yaml11FlagsReadAsJujuReadsThem();
    void keysThatOnlyHoldAnchorsArePassedOver();
};

void TestBundleReading::overlaysFollowJujusRules()
{
    QTemporaryDir dir;
    writeFile(dir.filePath(S("bundle.yaml")), R"(
applications:
  web:
    charm: web
    num_units: 2
    constraints: mem=1G
    options: {a: 1, b: 2, nested: {x: 1}}
    annotations: {keep: "1", drop: "2"}
  db: {charm: db, num_units: 1}
  cache: {charm: cache, num_units: 1}
relations:
  - [web:db, db:db]
  - [web, cache]
)");
    writeFile(dir.filePath(S("overlay.yaml")), R"(
applications:
  web:
    constraints: null
    options: {b: null, nested: {y: 2}}
    annotations: {drop: null}
  db:
  cache: {}
relations:
  - [web, proxy]
)");
    writeFile(dir.filePath(S("proxy.yaml")),
              "applications:\n  proxy: {charm: haproxy, num_units: 1}\n");
    const QList<QJsonValue> docs = BundleCommands::readDocuments(
        dir.filePath(S("bundle.yaml")),
        {dir.filePath(S("overlay.yaml")), dir.filePath(S("proxy.yaml"))});
    const Bundle b = Bundle::fromDocuments(docs, S("b"));
    const Bundle::Application *web = b.application(S("web"));
    QVERIFY(web);
    QCOMPARE(web->constraints, QString());            // null clears a value
    QCOMPARE(web->options, (QJsonObject{{S("a"), 1},  // kept
                                        {S("nested"), // a map's key replaced whole
                                         QJsonObject{{S("y"), 2}}}}));
    QCOMPARE(web->annotations, (QJsonObject{{S("keep"), S("1")}})); // null removes a key
    // db and cache removed, with their relations; the overlay's relation added.
    QVERIFY(!b.application(S("db")));
    QVERIFY(!b.application(S("cache")));
    QCOMPARE(b.relations.size(), 1);
    QCOMPARE(b.relations.first().second, S("proxy"));
}

void TestBundleReading::anOverlayMayNotUseServices()
{
    QCOMPARE(errorOf([] {
                 Bundle::merged(
                     {QJsonObject{{S("applications"),
                                   QJsonObject{{S("a"), QJsonObject{{S("charm"), S("a")}}}}}},
                      QJsonObject{{S("services"),
                                   QJsonObject{{S("a"), QJsonObject{{S("num_units"), 2}}}}}}},
                     S("bundle \"b.yaml\""));
             }),
             S("bundle \"b.yaml\": bundle overlay file used deprecated 'services' key, this is not "
               "valid for bundle overlay files"));
}

void TestBundleReading::aBaseApplicationNeedsABody()
{
    QTemporaryDir dir;
    writeFile(dir.filePath(S("b.yaml")), "applications:\n  mysql:\n  web: {charm: web}\n");
    QCOMPARE(errorOf([&] { read(dir.filePath(S("b.yaml"))); }),
             S("bundle \"test\": base application \"mysql\" has no body"));
}

void TestBundleReading::includesReadFilesBesideTheBundle()
{
    QTemporaryDir dir;
    writeFile(dir.filePath(S("bundle.yaml")), R"(
machines:
  "0": {annotations: {motd: "include-file://files/motd.txt"}}
applications:
  web:
    charm: web
    num_units: 1
    to: ["0"]
    options: {config: "include-file://files/web.conf", key: "include-base64://files/key.bin"}
    annotations: {note: "include-file://files/note.txt"}
)");
    writeFile(dir.filePath(S("files/motd.txt")), "hello\n");
    writeFile(dir.filePath(S("files/web.conf")), "port = 80\n");
    writeFile(dir.filePath(S("files/key.bin")), QByteArray("\x01\x02\x03", 3));
    writeFile(dir.filePath(S("files/note.txt")), "a note");
    // An overlay elsewhere reads relative to itself.
    writeFile(dir.filePath(S("site/overlay.yaml")),
              "applications:\n  web:\n    options: {banner: \"include-file://banner.txt\"}\n");
    writeFile(dir.filePath(S("site/banner.txt")), "site banner");
    const Bundle b = read(dir.filePath(S("bundle.yaml")), {dir.filePath(S("site/overlay.yaml"))});
    const Bundle::Application *web = b.application(S("web"));
    QCOMPARE(web->options.value(S("config")).toString(), S("port = 80\n"));
    QCOMPARE(web->options.value(S("key")).toString(), S("AQID"));
    QCOMPARE(web->options.value(S("banner")).toString(), S("site banner"));
    QCOMPARE(web->annotations.value(S("note")).toString(), S("a note"));
    QCOMPARE(b.machine(S("0"))->annotations.value(S("motd")).toString(), S("hello\n"));
}

void TestBundleReading::includesStayInsideTheBundlesDirectories()
{
    QTemporaryDir dir;
    writeFile(dir.filePath(S("secret.txt")), "not for bundles");
    writeFile(dir.filePath(S("b/bundle.yaml")),
              "applications:\n  web:\n    charm: web\n"
              "    options: {x: \"include-file://../secret.txt\"}\n");
    const QString bundle = dir.filePath(S("b/bundle.yaml"));
    QCOMPARE(errorOf([&] { read(bundle); }),
             S("bundle \"%1\": application \"web\" option \"x\": include-file://../secret.txt is "
               "not a file in or below the directory of the bundle or an overlay; expected a path "
               "relative to the file that names it")
                 .arg(bundle));
    writeFile(dir.filePath(S("b/bundle.yaml")),
              "applications:\n  web:\n    charm: web\n"
              "    annotations: {x: \"include-base64://missing.bin\"}\n");
    QVERIFY(errorOf([&] { read(bundle); }).contains(S("annotation \"x\": include-base64://")));
}

void TestBundleReading::yaml11FlagsReadAsJujuReadsThem()
{
    const QJsonValue doc = YamlDocument::parse(R"(
applications:
  web:
    charm: web
    num_units: 1
    expose: yes
    options: {debug: on, verbose: Off, level: "yes", name: y}
    annotations: {note: yes, count: 10}
)",
                                               S("b"));
    const Bundle b = Bundle::fromDocuments({doc}, S("b"));
    const Bundle::Application *web = b.application(S("web"));
    QVERIFY(web->expose);
    QCOMPARE(web->options, (QJsonObject{{S("debug"), true},
                                        {S("verbose"), false},
                                        {S("level"), S("yes")}, // quoted: text
                                        {S("name"), true}}));
    // Annotations are text in Juju: what is written stays.
    QCOMPARE(web->annotations, (QJsonObject{{S("note"), S("yes")}, {S("count"), S("10")}}));
    // Written back, a key that reads as a flag is quoted.
    const QString yaml = BundleCommands::yaml(QJsonObject{{S("on"), 1}, {S("No"), 2}});
    QVERIFY2(yaml.contains(S("\"on\":")) && yaml.contains(S("\"No\":")), qPrintable(yaml));
}

void TestBundleReading::keysThatOnlyHoldAnchorsArePassedOver()
{
    QTemporaryDir dir;
    writeFile(dir.filePath(S("b.yaml")), R"(
x-defaults: &defaults
  charm: web
  num_units: 2
settings:
  origin: &origin distro
  port: &port 8080
applications:
  web:
    <<: *defaults
    options: {origin: *origin, port: *port}
)");
    const Bundle b = read(dir.filePath(S("b.yaml")));
    QCOMPARE(b.application(S("web"))->units, 2);
    QCOMPARE(b.application(S("web"))->options,
             (QJsonObject{{S("origin"), S("distro")}, {S("port"), 8080}}));
    // A key that holds more than anchors is still refused.
    writeFile(dir.filePath(S("b.yaml")),
              "settings:\n  origin: &origin distro\n  plain: 1\n"
              "applications:\n  web: {charm: web, options: {origin: *origin}}\n");
    QCOMPARE(errorOf([&] { read(dir.filePath(S("b.yaml"))); }),
             S("bundle \"test\": unknown key \"settings\"; expected applications, machines, "
               "relations, series or default-base"));
}

QTEST_GUILESS_MAIN(TestBundleReading)
#include "tst_bundlereading.moc"
