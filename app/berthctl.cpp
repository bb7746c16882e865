// berthctl: Berth's command line, over the same core as the window.
#include "cli/cli.h"
#include "keychain/keychainsecretstore.h"
#include "providers/builtinproviders.h"

#include <QCoreApplication>

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
    return Cli(out, err, types, secrets).run(QCoreApplication::arguments().mid(1));
}
