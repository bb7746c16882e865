#pragma once

#include "core/cloud/providertypes.h"

namespace berth {

// The provider types this build of Berth can drive.
ProviderTypes builtinProviderTypes();

} // namespace berth
