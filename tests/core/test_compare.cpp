// tests/core/test_compare.cpp: array_equal and allclose.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <cmath>
#include <limits>

#include "../support/reference.hpp"

using loom::shape_t;

TEST_CASE("array_equal needs the same shape and equal elements", "[core][compare]") {
    const loom::array<int> a = {{1, 2}, {3, 4}};
    const loom::array<int> b = {{1, 2}, {3, 4}};
    const loom::array<int> c = {{1, 2}, {3, 5}};
    const loom::array<int> flat = {1, 2, 3, 4};
    CHECK(loom::array_equal(a, b));
    CHECK_FALSE(loom::array_equal(a, c));
    CHECK_FALSE(loom::array_equal(a, flat));  // same elements, other shape
    // no broadcasting: (1, 2) is not equal to (2, 2) even when every row matches
    const loom::array<int> row = {{1, 2}};
    const loom::array<int> rows = {{1, 2}, {1, 2}};
    CHECK_FALSE(loom::array_equal(row, rows));
    // element types may differ; expressions are evaluated
    const loom::array<double> d = {{1, 2}, {3, 4}};
    CHECK(loom::array_equal(a, d));
    CHECK(loom::array_equal(a * 2, d + d));
    CHECK_FALSE(loom::array_equal(a * 2, d + 1.0));
    // NaN is not equal to itself
    const loom::array<double> n = {std::nan("")};
    CHECK_FALSE(loom::array_equal(n, n));
    // empty arrays of one shape are equal
    CHECK(loom::array_equal(loom::zeros<int>({0, 3}), loom::ones<int>({0, 3})));
    CHECK_FALSE(loom::array_equal(loom::zeros<int>({0, 3}), loom::zeros<int>({3, 0})));
}

TEST_CASE("allclose is NumPy's |a - b| <= atol + rtol * |b|", "[core][compare]") {
    const loom::array<double> a = {1.0, 100.0};
    CHECK(loom::allclose(a, loom::array<double>{1.0 + 1e-6, 100.0 + 1e-4}));
    CHECK_FALSE(loom::allclose(a, loom::array<double>{1.0 + 1e-4, 100.0}));
    // rtol scales with |b|, not |a|: |1 - 2| = 1 <= 0.5 * 2 but not <= 0.5 * 1
    const loom::array<double> one = {1.0}, two = {2.0};
    CHECK(loom::allclose(one, two, 0.5, 0.0));
    CHECK_FALSE(loom::allclose(two, one, 0.5, 0.0));
    // atol near zero
    const loom::array<double> z = {0.0};
    CHECK(loom::allclose(z, loom::array<double>{1e-9}));
    CHECK_FALSE(loom::allclose(z, loom::array<double>{1e-7}));
    CHECK(loom::allclose(z, loom::array<double>{1e-7}, 0.0, 1e-6));
    // NaN is close to nothing; equal infinities are close, opposite ones are not
    const double inf = std::numeric_limits<double>::infinity();
    const loom::array<double> n = {std::nan("")};
    CHECK_FALSE(loom::allclose(n, n));
    const loom::array<double> pinf = {inf}, ninf = {-inf};
    CHECK(loom::allclose(pinf, pinf));
    CHECK_FALSE(loom::allclose(pinf, ninf));
    CHECK_FALSE(loom::allclose(pinf, loom::array<double>{1e308}));
}

TEST_CASE("allclose broadcasts and takes any element types", "[core][compare]") {
    const loom::array<float> a = {{1, 2}, {1, 2}};
    const loom::array<int> row = {1, 2};
    CHECK(loom::allclose(a, row));
    CHECK(loom::allclose(a * 3, row * 3.0));
    CHECK_FALSE(loom::allclose(a, loom::array<int>{1, 3}));
    CHECK_THROWS_AS(loom::allclose(a, loom::array<int>{1, 2, 3}), loom::broadcast_error);
    // big integers compare through double
    const loom::array<std::uint64_t> u = {18446744073709551615ull};
    CHECK(loom::allclose(u, u));
}
