// loom/core/tensor.hpp: the include path of loom 0.1; the header is <loom/containers/tensor.hpp>.
#pragma once

#include "../containers/tensor.hpp"
