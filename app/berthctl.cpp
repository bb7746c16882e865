// berthctl: Berth's command line, over the same core as the window.
#include "cli/cli.h"
#include "keychain/keychainsecretstore.h"
#include "providers/builtinproviders.h"

#include <QCoreApplication>

#include <sys/ioctl.h>
#include <unistd.h>

using namespace berth;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("berth"));
    QTextStream out(stdout);
    QTextStream err(stderr);
    // The one place berthctl's concrete clouds and secret store are chosen.
    const ProviderTypes types = builtinProviderTypes();
    KeychainSecretStore secrets;
    Cli cli(out, err, types, secrets);
    // Colours for a terminal, unless the user asks for none (no-color.org).
    cli.setTerminal(isatty(STDOUT_FILENO) == 1 && qEnvironmentVariableIsEmpty("NO_COLOR") &&
                    qgetenv("TERM") != "dumb");
    // status fits the terminal's width, or COLUMNS where the user sets it.
    winsize size = {};
    if (isatty(STDOUT_FILENO) == 1 && ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 &&
        size.ws_col > 0)
        cli.setWidth(size.ws_col);
    else
        cli.setWidth(qEnvironmentVariableIntValue("COLUMNS"));
    cli.setInputTerminal(isatty(STDIN_FILENO) == 1);
    return cli.run(QCoreApplication::arguments().mid(1));
}
