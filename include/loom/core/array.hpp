// loom/core/array.hpp: the include path of loom 0.1; the header is <loom/containers/array.hpp>.
#pragma once

#include "../containers/array.hpp"
