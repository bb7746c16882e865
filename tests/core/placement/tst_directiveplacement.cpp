// Where a placement directive puts what is made for it, for a unit and for
// add-machine: each directive of the spec's table, and the ones refused.
#include "core/bertherror.h"
#include "core/placement/directiveplacement.h"

#include <QTest>

using namespace berth;

namespace {

// The answer as short text: "existing 3", "container on 3", "container on new host",
// "new machine [placement] [in region] [checked]", or the refusal.
QString describe(const std::function<DirectivePlacement()> &where)
{
    try {
        const DirectivePlacement w = where();
        switch (w.kind) {
        case DirectivePlacement::Kind::ExistingMachine:
            return QStringLiteral("existing ") + w.machine;
        case DirectivePlacement::Kind::NewContainer:
            return w.machine.isEmpty() ? QStringLiteral("container on new host")
                                       : QStringLiteral("container on ") + w.machine;
        case DirectivePlacement::Kind::NewMachine:
            break;
        }
        QStringList parts{QStringLiteral("new machine")};
        if (!w.placement.isEmpty())
            parts << w.placement;
        if (!w.region.isEmpty())
            parts << QStringLiteral("in ") + w.region;
        if (w.cloudChecks)
            parts << QStringLiteral("checked");
        return parts.join(u' ');
    } catch (const BerthError &error) {
        return QStringLiteral("refused: ") + error.message();
    }
}

std::optional<PlacementDirective> parsed(const QString &text)
{
    if (text.isEmpty())
        return std::nullopt;
    const auto result = PlacementDirective::parse(text);
    if (!result.ok())
        qFatal("bad test directive %s", qPrintable(result.error));
    return result.directive;
}

} // namespace

class TestDirectivePlacement : public QObject
{
    Q_OBJECT

private slots:
    void placement_data();
    void placement();
};

void TestDirectivePlacement::placement_data()
{
    QTest::addColumn<QString>("directive");
    QTest::addColumn<QString>("forUnit");
    QTest::addColumn<QString>("forMachine");

    const auto row = [](const char *tag, const char *directive, const char *unit,
                        const char *machine) {
        QTest::addRow("%s", tag) << QString::fromUtf8(directive) << QString::fromUtf8(unit)
                                 << QString::fromUtf8(machine);
    };
    row("none: a new machine", "", "new machine", "new machine");
    row("an existing machine", "3", "existing 3",
        "refused: add-machine: machine-id cannot be specified");
    row("an existing container", "3/lxd/0", "existing 3/lxd/0",
        "refused: add-machine: machine-id cannot be specified");
    row("a container on a new machine", "lxd", "container on new host", "container on new host");
    row("a container on machine 3", "lxd:3", "container on 3", "container on 3");
    row("a zone", "zone=sim-east-b", "new machine zone=sim-east-b checked",
        "new machine zone=sim-east-b checked");
    row("a region", "region=sim-west", "new machine region=sim-west in sim-west checked",
        "new machine region=sim-west in sim-west checked");
    row("a node by name", "node7", "new machine node7 checked", "new machine node7 checked");
    row("a node by system id", "system-id=abc", "new machine system-id=abc checked",
        "new machine system-id=abc checked");
    row("an existing host is add-machine's", "ssh:ubuntu@db1",
        "refused: invalid placement directive \"ssh:ubuntu@db1\": ssh: is only valid for "
        "add-machine",
        "new machine ssh:ubuntu@db1 checked");
}

void TestDirectivePlacement::placement()
{
    QFETCH(QString, directive);
    QFETCH(QString, forUnit);
    QFETCH(QString, forMachine);
    const auto d = parsed(directive);
    QCOMPARE(describe([&] { return DirectivePlacement::forUnit(d); }), forUnit);
    QCOMPARE(describe([&] { return DirectivePlacement::forMachine(d); }), forMachine);
    // A zone chosen by a placement policy goes with a new machine, unchecked
    // (the policy chose among the cloud's own zones).
    if (!d) {
        QCOMPARE(describe([] {
                     return DirectivePlacement::forUnit(std::nullopt, QStringLiteral("sim-east-a"));
                 }),
                 QStringLiteral("new machine zone=sim-east-a"));
    }
}

QTEST_GUILESS_MAIN(TestDirectivePlacement)
#include "tst_directiveplacement.moc"
