// berth: the desktop window.
#include "bertherror.h"
#include "cloudregistry.h"
#include "mainwindow.h"
#include "modelcommands.h"
#include "simcloud.h"
#include "store.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QMessageBox>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("berth"));
    QApplication::setApplicationDisplayName(QStringLiteral("Berth"));
    QApplication::setDesktopFileName(QStringLiteral("berth"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Model and placement management"));
    parser.addHelpOption();
    parser.addOption(
        {QStringLiteral("db"), QStringLiteral("the store (SQLite file)"), QStringLiteral("PATH")});
    parser.addOption(
        {QStringLiteral("m"), QStringLiteral("the model to open"), QStringLiteral("MODEL")});
    parser.process(app);

    QString db = parser.value(QStringLiteral("db"));
    if (db.isEmpty())
        db = qEnvironmentVariable("BERTH_DB");
    if (db.isEmpty())
        db = Store::defaultLocation();

    CloudRegistry clouds;
    clouds.add(SimCloud::describe());
    try {
        Store store(db);
        Workspace workspace(store, clouds);
        ModelCommands(workspace).ensureDefaultModel();
        MainWindow window(workspace, workspace.resolveModel(parser.value(QStringLiteral("m"))));
        window.show();
        return QApplication::exec();
    } catch (const BerthError &error) {
        QMessageBox::critical(nullptr, QStringLiteral("Berth"), error.message());
        return 1;
    }
}
