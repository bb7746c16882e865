#pragma once

#include "core/cloud/providertypes.h"

// The provider types this build of Berth can drive.
ProviderTypes builtinProviderTypes();
