// tests/consumers/precompiled_header/loom_pch.hpp: loom as a project's precompiled header.
#include <loom/loom.hpp>
