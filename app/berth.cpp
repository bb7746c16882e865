// berth: the desktop window.
#include "app/berthapplication.h"
#include "cli/cli.h"
#include "core/bertherror.h"
#include "core/cloud/cloudregistry.h"
#include "core/commands/modelcommands.h"
#include "core/store/cloudaccounts.h"
#include "core/store/store.h"
#include "keychain/keychainsecretstore.h"
#include "providers/builtinproviders.h"
#include "ui/colourscheme.h"
#include "ui/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDBusConnection>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

#include <cstdio>
#include <optional>

using namespace berth;

namespace {

void addOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(QStringLiteral("Model and placement management"));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("db"),
                      QStringLiteral("the store: a SQLite file or postgresql://URL"),
                      QStringLiteral("PATH|URL")});
    parser.addOption(
        {QStringLiteral("m"), QStringLiteral("the model to open"), QStringLiteral("MODEL")});
    parser.addOption({QStringLiteral("debug"),
                      QStringLiteral("show what lies under an error (the store driver's text)")});
}

// --help needs no display: it is answered before the window's application
// (which needs one) is made. Without a display and without a platform the
// user chose, one line says what to do instead of Qt's platform plugin dump.
std::optional<int> answerWithoutDisplay(int argc, char *argv[])
{
    bool help = false;
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        help = help || arg == "--help" || arg == "-h" || arg == "--help-all" || arg == "-?";
    }
    const bool display = !qEnvironmentVariableIsEmpty("DISPLAY") ||
                         !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") ||
                         !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
    if (!help && display)
        return std::nullopt;
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("berth"));
    if (help) {
        QCommandLineParser parser;
        addOptions(parser);
        parser.process(app); // prints the help and exits
    }
    std::fprintf(stderr, "berth: no display to open the window on (DISPLAY and WAYLAND_DISPLAY "
                         "are unset); run it in a desktop session, or use berthctl\n");
    return 1;
}

} // namespace

int main(int argc, char *argv[])
{
    if (const auto code = answerWithoutDisplay(argc, argv))
        return *code;
    BerthApplication app(argc, argv);
    app.closeWindowsOnSignals();
    QApplication::setApplicationName(QStringLiteral("berth"));
    QApplication::setOrganizationName(QStringLiteral("berth"));
    QApplication::setApplicationDisplayName(QStringLiteral("Berth"));
    QApplication::setDesktopFileName(QStringLiteral("berth"));
    // Dark, light or high contrast, as the desktop asks, also when that changes.
    ColourScheme colourScheme(QDBusConnection::sessionBus());

    // Berth's own strings (embedded by qt_add_translations) and Qt's, in the user's language.
    QTranslator qtTranslator;
    if (qtTranslator.load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
                          QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(&qtTranslator);
    QTranslator translator;
    if (translator.load(QLocale(), QStringLiteral("berth"), QStringLiteral("_"),
                        QStringLiteral(":/i18n")))
        QApplication::installTranslator(&translator);

    QCommandLineParser parser;
    addOptions(parser);
    parser.process(app);
    app.setDebug(parser.isSet(QStringLiteral("debug")));

    // --db, else $BERTH_DB, else the store opened last (File → Open store…), else the default.
    QString db = parser.value(QStringLiteral("db"));
    if (parser.isSet(QStringLiteral("db")) && db.isEmpty()) {
        app.showError(nullptr, QStringLiteral("--db needs a SQLite file or a postgresql:// "
                                              "address; it was given an empty one"));
        return 2;
    }
    if (db.isEmpty() && qEnvironmentVariableIsEmpty("BERTH_DB"))
        db = QSettings().value(QStringLiteral("store/location")).toString();
    db = Store::resolveLocation(db);

    try {
        Store store(db);
        const ProviderTypes types = builtinProviderTypes();
        KeychainSecretStore secrets;
        CloudRegistry clouds = CloudAccounts::registry(store, types, &secrets);
        // The window's event loop runs while a provider waits on its cloud:
        // every cloud is opened before it starts (see openAll).
        clouds.openAll();
        Workspace workspace(store, clouds);
        workspace.setProgram(QStringLiteral("berth"));
        ModelCommands(workspace).ensureDefaultModel();
        MainWindow::Options options;
        options.storeLocation = db;
        options.provisionedModels =
            QSettings().value(MainWindow::provisioningSetting(db)).toStringList();
        options.types = &types;
        options.secrets = &secrets;
        options.reloadClouds = [&] {
            clouds = CloudAccounts::registry(store, types, &secrets);
            clouds.openAll();
        };
        // The command bar's berthctl lines: berthctl's own parser and
        // commands, in this process, on the same store.
        options.commandNames = Cli::lineCommands();
        options.commandLine = [&](const QStringList &args, const QString &model, bool stage) {
            const Cli::LineRun run =
                Cli::runLine(types, secrets, db, model, args, stage, QStringLiteral("berth"));
            return CommandBar::LineResult{run.code, run.out, run.err};
        };
        QString model = parser.value(QStringLiteral("m"));
        if (model.isEmpty()) // the model open last time, if it is still there
            model = QSettings().value(QStringLiteral("window/lastModel")).toString();
        model = ModelCommands(workspace).modelToOpen(model);
        MainWindow window(workspace, model, options);
        window.show();
        return QApplication::exec();
    } catch (const BerthError &error) {
        app.showError(nullptr, error.message(), error.detail());
        return 1;
    } catch (const std::exception &error) {
        app.showError(nullptr, printable(QString::fromLocal8Bit(error.what())));
        return 1;
    }
}
