// loom/core/fixed_array.hpp: the include path of loom 0.1; the header is <loom/containers/fixed_array.hpp>.
#pragma once

#include "../containers/fixed_array.hpp"
