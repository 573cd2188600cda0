// tests/core/test_fixed_array_o2.cpp: the static evaluator's law (tests/support/static_laws.hpp) once more as
// users build it: optimized (-O2), 256-bit batches, warnings as errors (tests/meson.build). The static
// evaluator inlines every row with its length a constant; g++ 12 warns about such loops at -O2 only, and
// did for rows of exactly one 256-bit batch (a fixed 4x4 of double) until kernel.hpp's tail loop walked
// a pointer. The cases are rows of one and two batches of each width, rows written out batch by batch
// (kernel::row_steps with a constant length) and one longer than that, and a few with tails.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <stdexcept>

#include "../support/static_laws.hpp"

using laws::check_broadcast;
using loom::fixed_array;

TEST_CASE("optimized static evaluator: rows of whole batches and rows with tails", "[core][fixed_array][o2]") {
    // double: 4 a 256-bit batch, 8 a 512-bit one
    check_broadcast<fixed_array<double, 4, 4>, fixed_array<double, 4, 4>>(1);
    check_broadcast<fixed_array<double, 4, 4>, fixed_array<double, 4>>(2);
    check_broadcast<fixed_array<double, 2, 8>, fixed_array<double, 2, 1>>(3);
    check_broadcast<fixed_array<double, 3, 16>, fixed_array<double, 1, 16>>(4);
    check_broadcast<fixed_array<double, 4, 1>, fixed_array<double, 1, 4>>(5);
    // float: 8 a 256-bit batch
    check_broadcast<fixed_array<float, 4, 8>, fixed_array<float, 8>>(6);
    check_broadcast<fixed_array<float, 16>, fixed_array<float, 1>>(7);
    // a row longer than kernel::row_steps writes out batch by batch (8 batches): its loop, with a tail
    check_broadcast<fixed_array<double, 2, 37>, fixed_array<double, 37>>(11);
    // tails
    check_broadcast<fixed_array<double, 3, 5>, fixed_array<double, 3, 5>>(8);
    check_broadcast<fixed_array<double, 7, 9>, fixed_array<double, 7, 1>>(9);
    check_broadcast<fixed_array<float, 3, 11>, fixed_array<float, 11>>(10);
}

TEST_CASE("optimized fixed_array braces of another length throw invalid_argument", "[core][fixed_array][o2]") {
    // g++ -O2 saw the copy of a fourth element into three (-Warray-bounds) until each innermost
    // list copied exactly its static extent, after the check that throws
    using v3 = fixed_array<int, 3>;
    CHECK_THROWS_AS(v3({1, 2, 3, 4}), std::invalid_argument);
    CHECK_THROWS_AS(v3({1, 2}), std::invalid_argument);
    const fixed_array<int, 2, 3> m = {{1, 2, 3}, {4, 5, 6}};
    CHECK(m(1, 2) == 6);
}
