// loom/core/factories.hpp: the include path of loom 0.1; the header is <loom/containers/factories.hpp>.
#pragma once

#include "../containers/factories.hpp"
