#include "builtinproviders.h"

#include "simprovider.h"

ProviderTypes builtinProviderTypes()
{
    ProviderTypes types;
    types.add({QStringLiteral("sim"),
               [](const CloudAccount &account) { return std::make_unique<SimProvider>(account); },
               &SimProvider::checkConfig,
               SimProvider::configKeys(),
               {QStringLiteral("access-key")}});
    return types;
}
