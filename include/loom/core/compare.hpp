// loom/core/compare.hpp: the include path of loom 0.1; the header is <loom/containers/compare.hpp>.
#pragma once

#include "../containers/compare.hpp"
