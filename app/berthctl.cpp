// berthctl: Berth's command line, over the same core as the window.
#include "cli.h"

#include <QCoreApplication>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("berth"));
    QTextStream out(stdout);
    QTextStream err(stderr);
    return Cli(out, err).run(QCoreApplication::arguments().mid(1));
}
