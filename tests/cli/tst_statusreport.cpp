#include "../testsupport.h"

#include "cli/output.h"
#include "cli/statusreport.h"
#include "core/commands/applicationcommands.h"
#include "core/placement/yamldocument.h"

#include <QBuffer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <QTextStream>

// berthctl status --format json, written as it is made.
class TestStatusReport : public QObject
{
    Q_OBJECT

private slots:
    void streamedJsonIsTheDocumentAsWritten();
    void largeModelStreamsInPieces();
};

namespace {

const QString model = QStringLiteral("default");

// web: two units on new machines; db in a container on machine 0; ntp a
// subordinate of web; idle without units. A machine's message with a quote,
// a backslash, control characters and text beyond ASCII.
ModelSnapshot richModel(TestWorkspace &t)
{
    ApplicationCommands apps(t.ws());
    ApplicationCommands::Deploy web;
    web.charm = QStringLiteral("web");
    web.count = 2;
    web.constraints = QStringLiteral("mem=1G");
    apps.deploy(model, web);
    ApplicationCommands::Deploy db;
    db.charm = QStringLiteral("db");
    db.to = QStringLiteral("lxd:0");
    apps.deploy(model, db);
    deploySubordinate(t.ws(), model, QStringLiteral("ntp"), QStringLiteral("web"));
    ApplicationCommands::Deploy idle;
    idle.charm = QStringLiteral("idle");
    idle.unplaced = true;
    idle.count = 0;
    apps.deploy(model, idle);
    ModelSnapshot snapshot = t.ws().snapshot(model);
    snapshot.machines[1].machineMessage = QStringLiteral(
        "no \"valid\" host\\\nat all\t\r\b\f\x01\x1f \u00e9t\u00e9 \u2014 \U0001F680");
    return snapshot;
}

QString streamed(const ModelSnapshot &snapshot)
{
    QString text;
    QTextStream out(&text);
    StatusReport::writeJson(snapshot, out);
    return text;
}

} // namespace

void TestStatusReport::streamedJsonIsTheDocumentAsWritten()
{
    TestWorkspace t;
    const ModelSnapshot snapshot = richModel(t);
    const QString text = streamed(snapshot);
    // Byte for byte what the whole document gives; YAML too.
    QCOMPARE(text, Output::toJson(StatusReport::toJson(snapshot), StatusReport::keyOrder()));
    QString yaml;
    QTextStream yamlStream(&yaml);
    StatusReport::writeYaml(snapshot, yamlStream);
    QCOMPARE(yaml, Output::toYaml(StatusReport::toJson(snapshot), StatusReport::keyOrder()));
    const QJsonValue readBack = YamlDocument::parse(yaml.toUtf8(), QStringLiteral("status"));
    QCOMPARE(readBack.toObject(), StatusReport::toJson(snapshot));

    QJsonParseError error;
    const QJsonObject status = QJsonDocument::fromJson(text.toUtf8(), &error).object();
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    // Juju's order: the model, its machines, then its applications.
    QVERIFY(text.indexOf(u"\"model\"") < text.indexOf(u"\"machines\""));
    QVERIFY(text.indexOf(u"\"machines\"") < text.indexOf(u"\"applications\""));
    const QJsonObject machines = status.value(u"machines").toObject();
    QCOMPARE(machines.keys(), (QStringList{QStringLiteral("0"), QStringLiteral("1")}));
    const QJsonObject container = machines.value(u"0")
                                      .toObject()
                                      .value(u"containers")
                                      .toObject()
                                      .value(u"0/lxd/0")
                                      .toObject();
    QCOMPARE(container.value(u"base").toString(), snapshot.machines.first().base);
    QCOMPARE(machines.value(u"1")
                 .toObject()
                 .value(u"machine-status")
                 .toObject()
                 .value(u"message")
                 .toString(),
             snapshot.machines[1].machineMessage);
    const QJsonObject apps = status.value(u"applications").toObject();
    QCOMPARE(apps.value(u"ntp").toObject().value(u"subordinate-to").toArray(),
             QJsonArray{QStringLiteral("web")});
    QCOMPARE(apps.value(u"web").toObject().value(u"relations").toArray(),
             QJsonArray{QStringLiteral("ntp")});
    const QJsonObject webUnits = apps.value(u"web").toObject().value(u"units").toObject();
    QCOMPARE(webUnits.size(), 2);
    for (const QString &name : webUnits.keys()) {
        const QJsonObject unit = webUnits.value(name).toObject();
        QCOMPARE(unit.value(u"constraints").toString(), QStringLiteral("mem=1024M"));
        QCOMPARE(unit.value(u"subordinates").toObject().size(), 1);
    }
    QCOMPARE(apps.value(u"db")
                 .toObject()
                 .value(u"units")
                 .toObject()
                 .value(u"db/0")
                 .toObject()
                 .value(u"machine")
                 .toString(),
             QStringLiteral("0/lxd/0"));
    QVERIFY(apps.value(u"idle").toObject().value(u"units").toObject().isEmpty());
    QVERIFY(text.contains(u"\"units\": {}"));
}

void TestStatusReport::largeModelStreamsInPieces()
{
    TestWorkspace t;
    ApplicationCommands::Deploy web;
    web.charm = QStringLiteral("web");
    web.count = 3000;
    ApplicationCommands(t.ws()).deploy(model, web);
    const ModelSnapshot snapshot = t.ws().snapshot(model);

    // Into a device: what reaches it before the end is already whole JSON text.
    QByteArray bytes;
    QBuffer device(&bytes);
    QVERIFY(device.open(QIODevice::WriteOnly));
    QTextStream out(&device);
    StatusReport::writeJson(snapshot, out);
    const QJsonObject status = QJsonDocument::fromJson(bytes).object();
    QCOMPARE(status.value(u"machines").toObject().size(), 3000);
    QCOMPARE(status.value(u"applications")
                 .toObject()
                 .value(u"web")
                 .toObject()
                 .value(u"units")
                 .toObject()
                 .size(),
             3000);
    // Units in the order JSON objects keep their keys (names sorted).
    QVERIFY(bytes.indexOf("\"web/10\"") < bytes.indexOf("\"web/9\""));
    QCOMPARE(QString::fromUtf8(bytes),
             Output::toJson(StatusReport::toJson(snapshot), StatusReport::keyOrder()));
}

QTEST_GUILESS_MAIN(TestStatusReport)
#include "tst_statusreport.moc"
