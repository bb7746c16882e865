// berthctl's help, man page, docs/cli.md and shell completion: every command
// documented from its own parser, and bash completing from the store.
#include "cli/cli.h"
#include "cli/help.h"
#include "providers/builtinproviders.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace berth;

class TestHelp : public QObject
{
    Q_OBJECT

private slots:
    void everyCommandDocumentsEveryOptionItsParserTakes()
    {
        const ProviderTypes types = builtinProviderTypes();
        const QList<CommandSpec> commands = Cli::commands();
        QVERIFY(commands.size() >= 38);
        for (const CommandSpec &spec : commands) {
            const CliHelp::CommandDoc doc = CliHelp::describe(spec, types);
            const QString name = spec.name;
            // Its usage and options from its own parser, not a copy.
            QVERIFY2(doc.fromParser, qPrintable(name));
            QVERIFY2(doc.usage.startsWith(QStringLiteral("berthctl ") + name),
                     qPrintable(doc.usage));
            const QString help = CliHelp::text(doc);
            for (const QCommandLineOption &option : doc.options) {
                const QString what = name + u' ' + option.names().join(u',');
                QVERIFY2(!option.description().isEmpty(), qPrintable(what));
                // A meaning, not the option's name said again.
                QVERIFY2(option.description().size() > option.names().constLast().size() + 8,
                         qPrintable(what + u' ' + option.description()));
                for (const QString &optionName : option.names()) {
                    const QString spelled =
                        (optionName.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) +
                        optionName;
                    QVERIFY2(help.contains(spelled), qPrintable(what));
                }
            }
            // One or two examples, each of this command.
            QVERIFY2(!doc.examples.isEmpty(), qPrintable(name));
            for (const QString &example : doc.examples)
                QVERIFY2(example.startsWith(QStringLiteral("berthctl ") + name),
                         qPrintable(example));
        }
    }

    void helpExitsZeroInEveryForm()
    {
        for (const CommandSpec &spec : Cli::commands()) {
            QString first;
            for (const QStringList &args : {QStringList{spec.name, QStringLiteral("--help")},
                                            QStringList{spec.name, QStringLiteral("-h")},
                                            QStringList{QStringLiteral("help"), spec.name}}) {
                const auto [code, out, err] = berthctl(args);
                QVERIFY2(code == 0, qPrintable(args.join(u' ') + u' ' + err));
                QVERIFY2(out.startsWith(QStringLiteral("Usage: berthctl ") + spec.name),
                         qPrintable(out));
                QVERIFY(out.contains(QStringLiteral("\nExamples:\n")));
                if (first.isEmpty())
                    first = out;
                QCOMPARE(out, first); // the same text however it is asked
            }
        }
        const auto [code, out, err] = berthctl({QStringLiteral("--version")});
        QCOMPARE(code, 0);
        QCOMPARE(out, QStringLiteral("berthctl " BERTH_VERSION "\n"));
        // The general list: two spaces at least between a name and its summary.
        const auto general = berthctl({QStringLiteral("help")});
        QCOMPARE(general.code, 0);
        QVERIFY(general.out.contains(
            QStringLiteral("  remove-placement-policy  detach an application's policies\n")));
        QVERIFY(general.out.contains(QStringLiteral("\nGlobal options:\n")));
    }

    void docsAndManPageComeFromTheSameHelp()
    {
        const ProviderTypes types = builtinProviderTypes();
        const auto docs = CliHelp::describeAll(Cli::commands(), types);
        QFile committed(QStringLiteral(SOURCE_DIR "/docs/cli.md"));
        QVERIFY(committed.open(QIODevice::ReadOnly));
        QVERIFY2(QString::fromUtf8(committed.readAll()) == CliHelp::markdown(docs),
                 "docs/cli.md is out of date: run scripts/cli-docs");
        QVERIFY(CliHelp::markdown(docs).contains(
            QStringLiteral("## Where berthctl differs from Juju on purpose")));
        // The man page the build wrote holds every command and option.
        QFile man(QStringLiteral(BERTHCTL_MAN));
        QVERIFY(man.open(QIODevice::ReadOnly));
        const QString page = QString::fromUtf8(man.readAll());
        QCOMPARE(page, CliHelp::manPage(docs));
        for (const CliHelp::CommandDoc &doc : docs)
            QVERIFY2(page.contains(QStringLiteral(".SS ") +
                                   QString(doc.name).replace(u'-', QStringLiteral("\\-"))),
                     qPrintable(doc.name));
    }

    void bashCompletesCommandsOptionsAndNames()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("berth.sqlite"));
        const auto ctl = [&](const QStringList &args) { QVERIFY(berthctl(args, db).code == 0); };
        ctl({QStringLiteral("deploy"), QStringLiteral("mysql"), QStringLiteral("-n"),
             QStringLiteral("2")});
        ctl({QStringLiteral("deploy"), QStringLiteral("myapp")});
        ctl({QStringLiteral("add-model"), QStringLiteral("staging")});
        ctl({QStringLiteral("switch"), QStringLiteral("default")});

        QCOMPARE(complete({QStringLiteral("dep")}, db), QStringList{QStringLiteral("deploy")});
        QCOMPARE(complete({QStringLiteral("remove-u")}, db),
                 QStringList{QStringLiteral("remove-unit")});
        QCOMPARE(complete({QStringLiteral("deploy"), QStringLiteral("--cons")}, db),
                 QStringList{QStringLiteral("--constraints")});
        QCOMPARE(complete({QStringLiteral("remove-unit"), QStringLiteral("mysql")}, db),
                 (QStringList{QStringLiteral("mysql/0"), QStringLiteral("mysql/1")}));
        QCOMPARE(complete({QStringLiteral("add-unit"), QStringLiteral("my")}, db),
                 (QStringList{QStringLiteral("myapp"), QStringLiteral("mysql")}));
        QCOMPARE(complete({QStringLiteral("remove-machine"), QString()}, db),
                 (QStringList{QStringLiteral("0"), QStringLiteral("1"), QStringLiteral("2")}));
        QCOMPARE(complete({QStringLiteral("switch"), QStringLiteral("st")}, db),
                 QStringList{QStringLiteral("staging")});
        QCOMPARE(complete({QStringLiteral("-m"), QString()}, db),
                 (QStringList{QStringLiteral("default"), QStringLiteral("staging")}));
        QCOMPARE(
            complete({QStringLiteral("status"), QStringLiteral("--format"), QStringLiteral("y")},
                     db),
            QStringList{QStringLiteral("yaml")});
        QCOMPARE(complete({QStringLiteral("update-cloud"), QStringLiteral("s")}, db),
                 QStringList{QStringLiteral("sim")});
        // Another model's names with -m.
        QCOMPARE(complete({QStringLiteral("-m"), QStringLiteral("staging"),
                           QStringLiteral("remove-unit"), QString()},
                          db),
                 QStringList{});
    }

private:
    struct Run
    {
        int code = -1;
        QString out;
        QString err;
    };

    static Run berthctl(const QStringList &args, const QString &db = QStringLiteral(":memory:"))
    {
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("BERTH_DB"), db);
        env.insert(QStringLiteral("XDG_DATA_HOME"), s_data.path());
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(BERTHCTL_PATH), args);
        if (!process.waitForFinished(60'000))
            return {};
        return {process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()),
                QString::fromUtf8(process.readAllStandardError())};
    }

    // What bash's completion offers for the last of `words` (after "berthctl").
    static QStringList complete(const QStringList &words, const QString &db)
    {
        QString quoted;
        for (const QString &word : words)
            quoted += QStringLiteral(" '") + word + u'\'';
        const QString script =
            QStringLiteral("source '" SOURCE_DIR "/resources/completion/berthctl.bash'\n"
                           "COMP_WORDS=('" BERTHCTL_PATH "'%1)\n"
                           "COMP_CWORD=%2\n_berthctl\n"
                           "printf '%s\\n' \"${COMPREPLY[@]}\"\n")
                .arg(quoted)
                .arg(words.size());
        QProcess bash;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("BERTH_DB"), db);
        env.insert(QStringLiteral("XDG_DATA_HOME"), s_data.path());
        bash.setProcessEnvironment(env);
        bash.start(QStringLiteral("bash"), {QStringLiteral("-c"), script});
        if (!bash.waitForFinished(60'000))
            return {QStringLiteral("(bash did not finish)")};
        QStringList lines =
            QString::fromUtf8(bash.readAllStandardOutput()).split(u'\n', Qt::SkipEmptyParts);
        lines.sort();
        return lines;
    }

    static inline QTemporaryDir s_data;
};

QTEST_GUILESS_MAIN(TestHelp)
#include "tst_help.moc"
