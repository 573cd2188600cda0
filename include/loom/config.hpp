// loom/config.hpp: build configuration (SIMD on/off) and the library version.
#pragma once

#define LOOM_VERSION_MAJOR 0
#define LOOM_VERSION_MINOR 1
#define LOOM_VERSION_PATCH 0

// SIMD through xsimd is on unless the build sets LOOM_SIMD to 0 in this one
// place (a generated config header replaces this file in installed builds).
#ifndef LOOM_SIMD
#define LOOM_SIMD 1
#endif
