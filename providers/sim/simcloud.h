#pragma once

#include "cloudinfo.h"

// The built-in `sim` cloud: three regions of three zones each, with an
// EC2-like catalogue over amd64 and arm64. Berth runs on it with nothing else
// installed.
namespace SimCloud {
CloudInfo describe();
}
