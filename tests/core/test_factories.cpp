// tests/core/test_factories.cpp: zeros, ones, full, empty, arange, linspace.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;

namespace {

template <class T>
std::vector<T> values(const loom::array<T>& a) {
    return std::vector<T>(a.begin(), a.end());
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("zeros, ones, full and empty for every element type", "[core][factories]", ref::every_type) {
    using T = TestType;
    const auto z = loom::zeros<T>({2, 3});
    const auto o = loom::ones<T>({4});
    const auto f = loom::full(shape_t{3, 1, 2}, T(1));
    const auto e = loom::empty<T>({5, 2});
    static_assert(std::is_same_v<decltype(f), const loom::array<T>>);
    CHECK(z.shape() == shape_t{2, 3});
    CHECK(o.shape() == shape_t{4});
    CHECK(f.shape() == shape_t{3, 1, 2});
    CHECK(e.shape() == shape_t{5, 2});
    for (T v : z) CHECK(v == T(0));
    for (T v : o) CHECK(v == T(1));
    for (T v : f) CHECK(v == T(1));
    CHECK(loom::zeros<T>({}).size() == 1);
    CHECK(loom::ones<T>({0, 4}).size() == 0);
}

TEST_CASE("full keeps the given value", "[core][factories]") {
    const auto f = loom::full(shape_t{2, 2}, 7.25);
    for (double v : f) CHECK(v == 7.25);
    const auto i = loom::full<std::int8_t>({3}, -5);
    for (auto v : i) CHECK(v == -5);
}

TEST_CASE("arange counts from start below stop by step", "[core][factories][arange]") {
    CHECK(values(loom::arange<int>(5)) == std::vector<int>{0, 1, 2, 3, 4});
    CHECK(values(loom::arange<int>(2, 11, 3)) == std::vector<int>{2, 5, 8});
    CHECK(values(loom::arange<int>(2, 12, 3)) == std::vector<int>{2, 5, 8, 11});
    CHECK(values(loom::arange<int>(5, 0, -2)) == std::vector<int>{5, 3, 1});
    CHECK(values(loom::arange<std::int8_t>(-3, 3, 2)) == std::vector<std::int8_t>{-3, -1, 1});
    CHECK(values(loom::arange<std::uint8_t>(250, 255, 2)) == std::vector<std::uint8_t>{250, 252, 254});
    CHECK(values(loom::arange<double>(0, 1, 0.25)) == std::vector<double>{0, 0.25, 0.5, 0.75});
    CHECK(values(loom::arange<double>(1, -1, -0.5)) == std::vector<double>{1, 0.5, 0, -0.5});
    // NumPy: ceil((stop - start) / step) elements; float arange(0, 1, 0.1) has 10
    CHECK(loom::arange<float>(0.0f, 1.0f, 0.1f).size() == 10);
    CHECK(loom::arange<double>(0, 1, 0.1).size() == 10);
    // empty ranges
    CHECK(loom::arange<int>(0).size() == 0);
    CHECK(loom::arange<int>(5, 5, 1).size() == 0);
    CHECK(loom::arange<int>(5, 0, 1).size() == 0);
    CHECK(loom::arange<int>(0, 5, -1).size() == 0);
    CHECK(loom::arange<int>(-4).size() == 0);
    CHECK(loom::arange<int>(3).shape() == shape_t{3});
    CHECK_THROWS_AS(loom::arange<int>(0, 5, 0), std::invalid_argument);
    // large 64-bit values are exact
    const auto big = loom::arange<std::int64_t>(9007199254740993LL, 9007199254740996LL, 1);
    CHECK(values(big) == std::vector<std::int64_t>{9007199254740993LL, 9007199254740994LL, 9007199254740995LL});
}

TEST_CASE("linspace includes both ends", "[core][factories][linspace]") {
    CHECK(values(loom::linspace<double>(0, 1, 5)) == std::vector<double>{0, 0.25, 0.5, 0.75, 1});
    CHECK(values(loom::linspace<double>(2, -2, 3)) == std::vector<double>{2, 0, -2});
    CHECK(values(loom::linspace<double>(3, 7, 1)) == std::vector<double>{3});
    CHECK(loom::linspace<double>(3, 7, 0).size() == 0);
    CHECK(values(loom::linspace<int>(0, 10, 6)) == std::vector<int>{0, 2, 4, 6, 8, 10});
    const auto f = loom::linspace<float>(0.0f, 0.3f, 4);
    CHECK(f(3) == 0.3f);  // the end is exact
    const auto l = loom::linspace<double>(0.1, 0.7, 7);
    CHECK(l(6) == 0.7);
    for (std::size_t i = 0; i < 7; ++i) CHECK(l(i) == Approx(0.1 + 0.1 * static_cast<double>(i)));
}
