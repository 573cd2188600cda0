// tests/pch/tests_pch.hpp: the precompiled header of the Catch2 test program (tests/meson.build).
// g++ parsed catch.hpp and loom.hpp in about 1.4 s per test file; precompiled, the test files pay
// that once per build instead of once each. Each test file still includes what it uses, and
// tests/hygiene/ compiles every header on its own.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>
