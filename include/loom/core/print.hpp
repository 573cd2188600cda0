// loom/core/print.hpp: the include path of loom 0.1; the header is <loom/containers/print.hpp>.
#pragma once

#include "../containers/print.hpp"
