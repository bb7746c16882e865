#include "cli/output.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace berth;

// berthctl's JSON: what Qt would write, keys in a chosen order first.
class TestOutput : public QObject
{
    Q_OBJECT

private slots:
    void jsonReadsBackAsWritten();
    void keysComeInTheGivenOrder();
};

void TestOutput::jsonReadsBackAsWritten()
{
    QJsonObject value;
    value.insert(QStringLiteral("quote\"and\\backslash"), QStringLiteral("tab\there\nnew line\r"));
    value.insert(QStringLiteral("control"),
                 QString(QString(QChar(1)) + QChar(0x1f) + QChar(u'\b') + QChar(u'\f')));
    value.insert(QStringLiteral("unicode"), QStringLiteral("Zürich ✓ 東京"));
    QJsonArray numbers;
    for (const double n : {0.0, -3.0, 2.5, 1e20})
        numbers.append(n);
    value.insert(QStringLiteral("numbers"), numbers);
    QJsonArray flags;
    flags.append(true);
    flags.append(false);
    flags.append(QJsonValue(QJsonValue::Null));
    value.insert(QStringLiteral("flags"), flags);
    value.insert(QStringLiteral("empty"), QJsonObject());
    value.insert(QStringLiteral("list"), QJsonArray());
    const QString text = Output::toJson(value);
    QJsonParseError error;
    const QJsonDocument back = QJsonDocument::fromJson(text.toUtf8(), &error);
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString() + text));
    QCOMPARE(back.object(), value);
    QVERIFY(text.contains(QStringLiteral("\"empty\": {},"))); // not Qt's "{\n    }"
    // Otherwise as Qt writes it, byte for byte, when no order is asked for.
    value.remove(QStringLiteral("empty"));
    value.remove(QStringLiteral("list"));
    QCOMPARE(Output::toJson(value).toUtf8(), QJsonDocument(value).toJson(QJsonDocument::Indented));
}

void TestOutput::keysComeInTheGivenOrder()
{
    const QJsonObject value{{QStringLiteral("applications"), 1},
                            {QStringLiteral("machines"), 2},
                            {QStringLiteral("model"), 3},
                            {QStringLiteral("extra"), 4}};
    const QString text =
        Output::toJson(value, {QStringLiteral("model"), QStringLiteral("machines")});
    QVERIFY(text.indexOf(u"\"model\"") < text.indexOf(u"\"machines\""));
    QVERIFY(text.indexOf(u"\"machines\"") < text.indexOf(u"\"applications\""));
    QVERIFY(text.indexOf(u"\"applications\"") < text.indexOf(u"\"extra\""));
    QVERIFY(Output::toYaml(value, {QStringLiteral("model")}).startsWith(QStringLiteral("model:")));
}

QTEST_GUILESS_MAIN(TestOutput)
#include "tst_output.moc"
