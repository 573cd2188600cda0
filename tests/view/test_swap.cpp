// tests/view/test_swap.cpp: swapaxes and rot90 against index arithmetic done by hand, over element types and
// layouts; both as views of the operand; NumPy 1.24's values for np.rot90.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>
#include <loom/view/swap.hpp>

#include <cstdint>
#include <type_traits>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;
using ref::index_t;
using ref::values;

TEMPLATE_LIST_TEST_CASE("swapaxes exchanges two axes, over every layout", "[view][swapaxes]", ref::all_types) {
    using T = TestType;
    const std::vector<std::size_t> s{2, 3, 4};
    const auto x = ref::filled<T>(s, 1);
    const auto xv = values(x);
    for (std::ptrdiff_t a1 = -3; a1 < 3; ++a1) {
        for (std::ptrdiff_t a2 = 0; a2 < 3; ++a2) {
            const std::size_t p = static_cast<std::size_t>(a1 < 0 ? a1 + 3 : a1), q = static_cast<std::size_t>(a2);
            std::vector<std::size_t> rs = s;
            std::swap(rs[p], rs[q]);
            ref::each_layout(x, [&](const auto& xx, const char* how) {
                INFO(how << ", axes " << a1 << " and " << a2);
                const loom::array<T> r = loom::swapaxes(xx, a1, a2);
                CHECK(ref::mismatch(r, rs, [&](const index_t& i) {
                          index_t j = i;
                          std::swap(j[p], j[q]);
                          return ref::at(xv, s, j);
                      }) == "");
            });
        }
    }
}

TEMPLATE_LIST_TEST_CASE("rot90 turns the plane of two axes, k taken modulo 4, over every layout", "[view][rot90]",
                        ref::all_types) {
    using T = TestType;
    const std::vector<std::size_t> s{2, 3, 4};
    const auto x = ref::filled<T>(s, 2);
    const auto xv = values(x);
    const std::vector<std::pair<std::ptrdiff_t, std::ptrdiff_t>> planes{{0, 1}, {1, 2}, {2, 0}, {-1, -3}, {1, 0}};
    for (const auto& plane : planes) {
        const std::ptrdiff_t pa = plane.first, pb = plane.second;  // not a structured binding: lambdas below name them
        const std::size_t a = static_cast<std::size_t>(pa < 0 ? pa + 3 : pa), b = static_cast<std::size_t>(pb < 0 ? pb + 3 : pb);
        for (std::ptrdiff_t k = -5; k <= 5; ++k) {
            const auto turns = static_cast<std::size_t>(((k % 4) + 4) % 4);
            std::vector<std::size_t> rs = s;
            if (turns % 2 == 1) std::swap(rs[a], rs[b]);
            ref::each_layout(x, [&](const auto& xx, const char* how) {
                INFO(how << ", axes (" << pa << ", " << pb << "), k " << k);
                const loom::array<T> r = loom::rot90(xx, k, {pa, pb});
                // one turn: r[.., i_a, .., i_b, ..] = x[.., i_b, .., n_b - 1 - i_a, ..] (n: x's extents)
                CHECK(ref::mismatch(r, rs, [&](const index_t& i) {
                          index_t j = i;
                          if (turns == 1) j[a] = i[b], j[b] = s[b] - 1 - i[a];
                          if (turns == 2) j[a] = s[a] - 1 - i[a], j[b] = s[b] - 1 - i[b];
                          if (turns == 3) j[a] = s[a] - 1 - i[b], j[b] = i[a];
                          return ref::at(xv, s, j);
                      }) == "");
            });
        }
    }
}

TEST_CASE("rot90: NumPy's values; rot90 and swapaxes are views", "[view][rot90][swapaxes]") {
    const auto x = loom::reshape(loom::arange<int>(6), {2, 3});
    // np.rot90(np.arange(6).reshape(2, 3), k)
    CHECK(values(loom::rot90(x)) == std::vector<int>{2, 5, 1, 4, 0, 3});
    CHECK(loom::rot90(x).shape() == shape_t{3, 2});
    CHECK(values(loom::rot90(x, 2)) == std::vector<int>{5, 4, 3, 2, 1, 0});
    CHECK(values(loom::rot90(x, 3)) == std::vector<int>{3, 0, 4, 1, 5, 2});
    CHECK(values(loom::rot90(x, -1)) == values(loom::rot90(x, 3)));
    CHECK(values(loom::rot90(x, 5)) == values(loom::rot90(x)));
    CHECK(values(loom::rot90(x, 4)) == values(x));
    // np.rot90(np.arange(24).reshape(2, 3, 4), 1, (1, 2)) and (2, 0); np.swapaxes(c, 0, 2)
    const auto c = loom::reshape(loom::arange<int>(24), {2, 3, 4});
    const auto r12 = values(loom::rot90(c, 1, {1, 2}));
    CHECK(loom::rot90(c, 1, {1, 2}).shape() == shape_t{2, 4, 3});
    CHECK(std::vector<int>(r12.begin(), r12.begin() + 8) == std::vector<int>{3, 7, 11, 2, 6, 10, 1, 5});
    const auto r20 = values(loom::rot90(c, 1, std::vector<int>{2, 0}));
    CHECK(std::vector<int>(r20.begin(), r20.begin() + 8) == std::vector<int>{12, 0, 16, 4, 20, 8, 13, 1});
    CHECK(loom::swapaxes(c, 0, 2).shape() == shape_t{4, 3, 2});
    const auto sw = values(loom::swapaxes(c, 0, 2));
    CHECK(std::vector<int>(sw.begin(), sw.begin() + 6) == std::vector<int>{0, 12, 4, 16, 8, 20});
    CHECK(values(loom::swapaxes(c, 1, 1)) == values(c));
    // views: writes reach the operand
    loom::array<int> m = {{1, 2}, {3, 4}};
    loom::rot90(m) = loom::array<int>{{10, 20}, {30, 40}};  // r(i, j) = m(j, 1 - i)
    CHECK(values(m) == std::vector<int>{30, 10, 40, 20});
    loom::swapaxes(m, 0, 1) += loom::array<int>{1, 2};  // s(i, j) = m(j, i): m's row 0 gains 1, row 1 gains 2
    CHECK(values(m) == std::vector<int>{31, 11, 42, 22});
    STATIC_REQUIRE(std::is_same_v<decltype(loom::rot90(m)), loom::strided_view<int>>);
    // an expression keeps its operations (a lazy view), rank 0 swaps nothing, empty axes
    CHECK(values(loom::rot90(m * 2)) == std::vector<int>{22, 44, 62, 84});
    CHECK(values(loom::swapaxes(loom::full<int>(shape_t{1}, 3), 0, -1)) == std::vector<int>{3});
    CHECK(loom::rot90(loom::array<double>(shape_t{0, 3})).shape() == shape_t{3, 0});
    CHECK(loom::rot90(loom::array<double>(shape_t{0, 3}), 2).shape() == shape_t{0, 3});
}

TEST_CASE("swapaxes and rot90: errors", "[view][rot90][swapaxes]") {
    const loom::array<int> m = {{1, 2}, {3, 4}};
    CHECK_THROWS_WITH(loom::swapaxes(m, 0, 2), Catch::Contains("swapaxes: axis 2 is out of bounds for rank 2"));
    CHECK_THROWS_AS(loom::swapaxes(m, -3, 0), loom::index_error);
    CHECK_THROWS_WITH(loom::rot90(m, 1, {0, 0}), Catch::Contains("rot90: axes (0, 0) name axis 0 twice"));
    CHECK_THROWS_AS(loom::rot90(m, 1, {0, -2}), loom::index_error);
    CHECK_THROWS_WITH(loom::rot90(m, 1, {0, 1, 2}), Catch::Contains("rot90: axes (0, 1, 2) have 3 entries"));
    CHECK_THROWS_WITH(loom::rot90(m, 1, {0, 2}), Catch::Contains("rot90: axis 2 is out of bounds for rank 2"));
    CHECK_THROWS_AS(loom::rot90(loom::array<int>{1, 2}), loom::index_error);
    CHECK_THROWS_AS(loom::swapaxes(loom::full<int>(shape_t{}, 1), 0, 0), loom::index_error);
}
