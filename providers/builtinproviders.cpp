#include "providers/builtinproviders.h"

#include "providers/lxd/lxdprovider.h"
#include "providers/manual/sshhostprobe.h"
#include "providers/openstack/openstackprovider.h"
#include "providers/sim/simprovider.h"

namespace berth {

ProviderTypes builtinProviderTypes()
{
    ProviderTypes types;
    types.add({QStringLiteral("sim"),
               [](const CloudAccount &account) { return std::make_unique<SimProvider>(account); },
               &SimProvider::checkConfig,
               SimProvider::configKeys(),
               {QStringLiteral("access-key")},
               SimProvider::meanings()});
    types.add({QStringLiteral("lxd"),
               [](const CloudAccount &account) { return std::make_unique<LxdProvider>(account); },
               &LxdProvider::checkConfig, LxdProvider::configKeys(), LxdProvider::secretKeys(),
               LxdProvider::meanings()});
    types.add(
        {QStringLiteral("openstack"),
         [](const CloudAccount &account) { return std::make_unique<OpenStackProvider>(account); },
         &OpenStackProvider::checkConfig, OpenStackProvider::configKeys(),
         OpenStackProvider::secretKeys(), OpenStackProvider::meanings()});
    types.setHostProbe(std::make_shared<SshHostProbe>());
    return types;
}

} // namespace berth
