// tests/manipulation/test_join.cpp: hstack, vstack, dstack and column_stack against concat of the operands given
// NumPy's least rank by hand, over element types and layouts; NumPy 1.24's shapes and values for ranks 0 to 3.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>
#include <loom/manipulation/join.hpp>

#include <cstdint>
#include <stdexcept>
#include <tuple>
#include <type_traits>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;
using ref::index_t;
using ref::values;

TEMPLATE_LIST_TEST_CASE("hstack, vstack, dstack and column_stack join along their axis, over every layout",
                        "[manipulation][join]", ref::all_types) {
    using T = TestType;
    const std::vector<std::size_t> s{3, 4};
    const auto a = ref::filled<T>(s, 1);
    const auto b = ref::filled<T>(s, 2);
    const auto av = values(a), bv = values(b);
    ref::each_layout(a, [&](const auto& xa, const char* how) {
        INFO(how);
        // (3, 4) operands: hstack along axis 1, vstack along 0, dstack along a new axis 2
        const loom::array<T> h = loom::hstack(std::tie(xa, b));
        CHECK(ref::mismatch(h, {3, 8}, [&](const index_t& i) {
                  return i[1] < 4 ? ref::at(av, s, i) : ref::at(bv, s, {i[0], i[1] - 4});
              }) == "");
        const loom::array<T> v = loom::vstack(std::tie(xa, b));
        CHECK(ref::mismatch(v, {6, 4}, [&](const index_t& i) {
                  return i[0] < 3 ? ref::at(av, s, i) : ref::at(bv, s, {i[0] - 3, i[1]});
              }) == "");
        const loom::array<T> d = loom::dstack(std::tie(xa, b));
        CHECK(ref::mismatch(d, {3, 4, 2}, [&](const index_t& i) {
                  return i[2] == 0 ? ref::at(av, s, {i[0], i[1]}) : ref::at(bv, s, {i[0], i[1]});
              }) == "");
        CHECK(values(loom::column_stack(std::tie(xa, b))) == values(h));
    });
    // rank 1: hstack joins them, vstack makes rows, column_stack columns, dstack (1, n, 2)
    const auto r = ref::filled<T>({5}, 3);
    const auto rv = values(r);
    ref::each_layout(r, [&](const auto& xr, const char* how) {
        INFO(how);
        const loom::array<T> h = loom::hstack(std::tie(xr, r));
        CHECK(ref::mismatch(h, {10}, [&](const index_t& i) { return rv[i[0] % 5]; }) == "");
        const loom::array<T> v = loom::vstack(std::tie(xr, r));
        CHECK(ref::mismatch(v, {2, 5}, [&](const index_t& i) { return rv[i[1]]; }) == "");
        const loom::array<T> c = loom::column_stack(std::tie(xr, r));
        CHECK(ref::mismatch(c, {5, 2}, [&](const index_t& i) { return rv[i[0]]; }) == "");
        const loom::array<T> d = loom::dstack(std::tie(xr, r));
        CHECK(ref::mismatch(d, {1, 5, 2}, [&](const index_t& i) { return rv[i[1]]; }) == "");
    });
}

TEST_CASE("hstack, vstack, dstack, column_stack: NumPy's shapes and values for ranks 0 to 3", "[manipulation][join]") {
    const auto s0 = loom::full<int>(shape_t{}, 7);
    const loom::array<int> v = {1, 2};
    const loom::array<int> m = {{1, 2}, {3, 4}};
    const auto c = loom::reshape(loom::arange<int>(8), {2, 2, 2});
    // np.hstack
    CHECK(values(loom::hstack({s0, loom::full<int>(shape_t{}, 1)})) == std::vector<int>{7, 1});
    CHECK(values(loom::hstack(std::tie(s0, v))) == std::vector<int>{7, 1, 2});
    CHECK(values(loom::hstack({v, v})) == std::vector<int>{1, 2, 1, 2});
    CHECK(loom::hstack({m, m}).shape() == shape_t{2, 4});
    CHECK(loom::hstack({c, c}).shape() == shape_t{2, 4, 2});
    // np.vstack
    CHECK(loom::vstack({s0, s0}).shape() == shape_t{2, 1});
    CHECK(values(loom::vstack({s0, s0})) == std::vector<int>{7, 7});
    CHECK(values(loom::vstack({v, v})) == std::vector<int>{1, 2, 1, 2});
    const auto vm = loom::vstack(std::tie(v, m));
    CHECK(vm.shape() == shape_t{3, 2});
    CHECK(values(vm) == std::vector<int>{1, 2, 1, 2, 3, 4});
    CHECK(loom::vstack({c, c}).shape() == shape_t{4, 2, 2});
    // np.dstack
    CHECK(loom::dstack({s0, s0}).shape() == shape_t{1, 1, 2});
    CHECK(loom::dstack({v, v}).shape() == shape_t{1, 2, 2});
    CHECK(values(loom::dstack({v, v})) == std::vector<int>{1, 1, 2, 2});
    CHECK(values(loom::dstack({m, m})) == std::vector<int>{1, 1, 2, 2, 3, 3, 4, 4});
    CHECK(loom::dstack({c, c}).shape() == shape_t{2, 2, 4});
    // np.column_stack
    CHECK(loom::column_stack({s0, s0}).shape() == shape_t{1, 2});
    CHECK(values(loom::column_stack({v, v})) == std::vector<int>{1, 1, 2, 2});
    const auto cm = loom::column_stack(std::tie(v, m));
    CHECK(cm.shape() == shape_t{2, 3});
    CHECK(values(cm) == std::vector<int>{1, 1, 2, 2, 3, 4});
    // promoted element types (np.hstack of uint8 and int8 is int16), ranges, expressions
    const loom::array<std::uint8_t> u = {1, 2};
    const loom::array<std::int8_t> i = {-1};
    const auto ui = loom::hstack(std::tie(u, i));
    STATIC_REQUIRE(std::is_same_v<decltype(ui)::value_type, std::int16_t>);
    CHECK(values(ui) == std::vector<std::int16_t>{1, 2, -1});
    const std::vector<loom::array<double>> rows{loom::array<double>{1, 2}, loom::array<double>{3, 4}, loom::array<double>{5, 6}};
    CHECK(loom::vstack(rows).shape() == shape_t{3, 2});
    CHECK(values(loom::vstack(loom::unstack(loom::eval(loom::vstack(rows))))) == std::vector<double>{1, 2, 3, 4, 5, 6});
    CHECK(values(loom::hstack(std::tuple{v * 10, v + 1})) == std::vector<int>{10, 20, 2, 3});
    CHECK(values(loom::vstack({v * 10, v * 2})) == std::vector<int>{10, 20, 2, 4});
    // empty operands take part as concat's do
    CHECK(loom::vstack({loom::array<double>(shape_t{0, 3}), loom::array<double>(shape_t{2, 3})}).shape() == shape_t{2, 3});
    CHECK(loom::hstack({loom::array<double>(shape_t{0}), loom::array<double>(shape_t{0})}).shape() == shape_t{0});
}

TEST_CASE("hstack, vstack, dstack, column_stack: errors name the function and the shapes", "[manipulation][join]") {
    const loom::array<int> v = {1, 2};
    const loom::array<int> w = {1, 2, 3};
    const loom::array<int> m = {{1, 2}, {3, 4}};
    CHECK_THROWS_WITH(loom::vstack({v, w}),
                      Catch::Contains("loom::vstack: x2 has shape (1, 3) where x1 has (1, 2): they differ along axis 1"));
    CHECK_THROWS_WITH(loom::hstack({v, m}), Catch::Contains("loom::hstack: x2 has shape (2, 2) where x1 has (2,): the ranks differ"));
    CHECK_THROWS_AS(loom::hstack({m, v}), std::invalid_argument);
    CHECK_THROWS_WITH(loom::dstack({m, loom::array<int>{{1, 2, 3}, {4, 5, 6}}}), Catch::Contains("loom::dstack:"));
    CHECK_THROWS_WITH(loom::column_stack({v, w}), Catch::Contains("loom::column_stack:"));
    CHECK_THROWS_WITH(loom::hstack(std::vector<loom::array<int>>{}), Catch::Contains("loom::hstack: no operands"));
    CHECK_THROWS_AS(loom::vstack(std::vector<loom::array<int>>{}), std::invalid_argument);
    CHECK(values(v) == std::vector<int>{1, 2});
}
