// tests/manipulation/test_manipulation.cpp: flip, moveaxis, unstack, concat, stack, repeat, tile and roll
// against index arithmetic done by hand, over contiguous arrays, reversed and strided views and expressions.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <complex>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;

namespace {

using ref::at;
using ref::each_layout;
using ref::index_t;
using ref::values;

}  // namespace

TEST_CASE("flip reverses the axes named, as a view", "[manipulation][flip]") {
    const auto x = ref::iota<double>({2, 3, 4});
    const auto xv = values(x);
    const std::vector<std::size_t> s{2, 3, 4};
    const std::vector<std::vector<std::size_t>> sets{{0}, {1}, {2}, {0, 2}, {0, 1, 2}};
    for (const auto& on : sets) {
        std::vector<std::ptrdiff_t> axes(on.begin(), on.end());
        const auto got = values(loom::flip(x, axes));
        std::size_t flat = 0;
        ref::for_each_index(s, [&](const index_t& i) {
            index_t j = i;
            for (const auto a : on) j[a] = s[a] - 1 - i[a];
            CHECK(got[flat++] == at(xv, s, j));
        });
    }
    CHECK(values(loom::flip(x)) == values(loom::flip(x, {0, 1, 2})));
    CHECK(values(loom::flip(x, -1)) == values(loom::flip(x, 2)));
    // a view: writes reach x
    auto y = ref::iota<int>({4});
    loom::flip(y) = loom::array<int>{1, 2, 3, 4};
    CHECK(values(y) == std::vector<int>{4, 3, 2, 1});
    // empty axes, rank 0, an expression
    CHECK(loom::flip(loom::array<double>(shape_t{0, 3})).shape() == shape_t{0, 3});
    CHECK(values(loom::flip(loom::array<int>{1, 2, 3} * 2)) == std::vector<int>{6, 4, 2});
    CHECK(values(loom::flip(loom::full<int>(shape_t{}, 7))) == std::vector<int>{7});
    CHECK_THROWS_WITH(loom::flip(x, 3), Catch::Contains("flip: axis 3 is out of bounds for rank 3"));
    CHECK_THROWS_WITH(loom::flip(x, {1, -2}), Catch::Contains("name axis -2 twice"));
}

TEST_CASE("moveaxis moves axes and keeps the others' order, as a view", "[manipulation][moveaxis]") {
    const auto x = ref::iota<double>({2, 3, 4});
    CHECK(loom::moveaxis(x, 0, -1).shape() == shape_t{3, 4, 2});
    CHECK(loom::moveaxis(x, -1, 0).shape() == shape_t{4, 2, 3});
    CHECK(loom::moveaxis(x, {0, 1}, {-1, -2}).shape() == shape_t{4, 3, 2});
    CHECK(values(loom::moveaxis(x, 0, 2)) == values(loom::permute_dims(x, {1, 2, 0})));
    CHECK(values(loom::moveaxis(x, 2, 0)) == values(loom::permute_dims(x, {2, 0, 1})));
    CHECK(values(loom::moveaxis(x, {0, 2}, {1, 0})) == values(loom::permute_dims(x, {2, 0, 1})));
    auto y = ref::iota<double>({2, 3});
    loom::moveaxis(y, 0, 1) = loom::array<double>{{1, 2}, {3, 4}, {5, 6}};
    CHECK(values(y) == std::vector<double>{1, 3, 5, 2, 4, 6});
    CHECK_THROWS_WITH(loom::moveaxis(x, 0, 3), Catch::Contains("moveaxis: axis 3 is out of bounds for rank 3"));
    CHECK_THROWS_WITH(loom::moveaxis(x, {0, 1}, {2}), Catch::Contains("name different numbers of axes"));
    CHECK_THROWS_WITH(loom::moveaxis(x, {0, 0}, {1, 2}), Catch::Contains("name axis 0 twice"));
}

TEST_CASE("unstack splits along an axis into views", "[manipulation][unstack]") {
    auto x = ref::iota<double>({2, 3, 4});
    const auto xv = values(x);
    const std::vector<std::size_t> s{2, 3, 4};
    for (std::ptrdiff_t axis = -3; axis < 3; ++axis) {
        const std::size_t a = static_cast<std::size_t>(axis < 0 ? axis + 3 : axis);
        const auto parts = loom::unstack(x, axis);
        REQUIRE(parts.size() == s[a]);
        for (std::size_t p = 0; p < parts.size(); ++p) {
            std::vector<std::size_t> ps = s;
            ps.erase(ps.begin() + static_cast<std::ptrdiff_t>(a));
            REQUIRE(parts[p].shape() == ref::to_shape(ps));
            const auto got = values(parts[p]);
            std::size_t flat = 0;
            ref::for_each_index(ps, [&](const index_t& i) {
                index_t j = i;
                j.insert(j.begin() + static_cast<std::ptrdiff_t>(a), p);
                CHECK(got[flat++] == at(xv, s, j));
            });
        }
    }
    // views of x: a write goes through
    auto rows = loom::unstack(x);
    rows[1] = 0.0;
    CHECK(values(loom::view(x, 1)) == std::vector<double>(12, 0.0));
    // an expression: the pieces keep its evaluated memory alive
    auto cols = loom::unstack(loom::array<int>{{1, 2}, {3, 4}} * 10, 1);
    CHECK(values(cols[1]) == std::vector<int>{20, 40});
    CHECK(loom::unstack(loom::array<double>(shape_t{0, 2})).empty());
    const auto empty_rows = loom::unstack(loom::array<double>(shape_t{5, 0}));  // no elements, five slices
    REQUIRE(empty_rows.size() == 5);
    CHECK(empty_rows[4].shape() == shape_t{0});
    CHECK_THROWS_WITH(loom::unstack(loom::full<int>(shape_t{}, 1)), Catch::Contains("unstack: the operand has shape ()"));
    CHECK_THROWS_WITH(loom::unstack(x, 3), Catch::Contains("unstack: axis 3 is out of bounds"));
}

TEST_CASE("concat joins along an axis, over every layout", "[manipulation][concat]") {
    const auto a = ref::filled<double>({2, 3, 4}, 1);
    const auto b = ref::filled<double>({2, 3, 4}, 2);
    const auto av = values(a), bv = values(b);
    for (std::size_t ax = 0; ax < 3; ++ax) {
        each_layout(a, [&](const auto& xa, const char* how) {
            each_layout(b, [&](const auto& xb, const char* how_b) {
                INFO(how << " with " << how_b << " along " << ax);
                const auto c = loom::concat(std::tie(xa, xb), static_cast<std::ptrdiff_t>(ax));
                std::vector<std::size_t> cs{2, 3, 4};
                cs[ax] *= 2;
                REQUIRE(c.shape() == ref::to_shape(cs));
                const auto got = values(c);
                std::size_t flat = 0;
                ref::for_each_index(cs, [&](const index_t& i) {
                    index_t j = i;
                    const std::size_t extent = std::vector<std::size_t>{2, 3, 4}[ax];  // a's, along the axis
                    const bool second = i[ax] >= extent;
                    if (second) j[ax] -= extent;
                    CHECK(got[flat++] == (second ? at(bv, {2, 3, 4}, j) : at(av, {2, 3, 4}, j)));
                });
            });
        });
    }
}

TEST_CASE("concat: parts of different lengths and types, lists, ranges, empty parts", "[manipulation][concat]") {
    const loom::array<int> a = {{1, 2}, {3, 4}};
    const loom::array<double> b = {{5.5, 6.5, 7.5}, {8.5, 9.5, 10.5}};
    const auto c = loom::concat(std::tie(a, b), 1);  // int with double: double
    STATIC_REQUIRE(std::is_same_v<decltype(c)::value_type, double>);
    CHECK(values(c) == std::vector<double>{1, 2, 5.5, 6.5, 7.5, 3, 4, 8.5, 9.5, 10.5});
    CHECK(values(loom::concat({a, a}, -2)) == std::vector<int>{1, 2, 3, 4, 1, 2, 3, 4});
    const std::vector<loom::array<int>> parts{loom::array<int>{1}, loom::array<int>{2, 3}, loom::array<int>(shape_t{0})};
    CHECK(values(loom::concat(parts)) == std::vector<int>{1, 2, 3});
    const loom::array<std::uint8_t> u = {250, 7};
    const loom::array<std::int8_t> s = {-3};
    const auto us = loom::concat(std::tie(u, s));
    STATIC_REQUIRE(std::is_same_v<decltype(us)::value_type, std::int16_t>);
    CHECK(values(us) == std::vector<std::int16_t>{250, 7, -3});
    const loom::array<std::complex<double>> z = {std::complex<double>(1, 2)};
    CHECK(values(loom::concat(std::tie(z, u)))[2] == std::complex<double>(7, 0));
    CHECK(loom::concat({loom::array<double>(shape_t{0, 2}), loom::array<double>(shape_t{0, 2})}).shape() == shape_t{0, 2});
    // unstack then concat of the pieces' expansions gives x back
    const auto x = ref::filled<float>({3, 4}, 5);
    const auto rows = loom::unstack(x);
    std::vector<decltype(loom::expand_dims(rows[0], 0))> back;
    for (const auto& r : rows) back.push_back(loom::expand_dims(r, 0));
    CHECK(values(loom::concat(back)) == values(x));
}

TEST_CASE("concat and stack reject what does not fit and leave the operands as they were", "[manipulation][concat][stack]") {
    const loom::array<int> a = {{1, 2}, {3, 4}};
    const loom::array<int> b = {{1, 2, 3}};
    const loom::array<int> v = {1, 2};
    CHECK_THROWS_WITH(loom::concat({a, b}, 0), Catch::Contains("concat: x2 has shape (1, 3) where x1 has (2, 2): they differ along axis 1"));
    CHECK_THROWS_WITH(loom::concat({a, v}), Catch::Contains("concat: x2 has shape (2,) where x1 has (2, 2): the ranks differ"));
    CHECK_THROWS_WITH(loom::concat({a, a}, 2), Catch::Contains("concat: axis 2 is out of bounds for rank 2"));
    CHECK_THROWS_WITH(loom::concat(std::vector<loom::array<int>>{}), Catch::Contains("concat: no operands"));
    CHECK_THROWS_WITH(loom::concat({loom::full<int>(shape_t{}, 1)}), Catch::Contains("concat: x1 has shape (); operands need one axis or more"));
    CHECK_THROWS_WITH(loom::stack({a, b}), Catch::Contains("stack: x2 has shape (1, 3) where x1 has (2, 2): stacked arrays must have one shape"));
    CHECK_THROWS_WITH(loom::stack({a, a}, 3), Catch::Contains("stack: axis 3 is out of bounds for rank 3"));
    CHECK(values(a) == std::vector<int>{1, 2, 3, 4});
}

TEST_CASE("stack joins along a new axis", "[manipulation][stack]") {
    const auto a = ref::filled<std::int32_t>({2, 3}, 1);
    const auto b = ref::filled<std::int32_t>({2, 3}, 2);
    const auto av = values(a), bv = values(b);
    for (std::ptrdiff_t axis = -3; axis < 3; ++axis) {
        const std::size_t ax = static_cast<std::size_t>(axis < 0 ? axis + 3 : axis);
        each_layout(a, [&](const auto& xa, const char* how) {
            INFO(how << " along " << axis);
            const auto c = loom::stack(std::tie(xa, b), axis);
            std::vector<std::size_t> cs{2, 3};
            cs.insert(cs.begin() + static_cast<std::ptrdiff_t>(ax), 2);
            REQUIRE(c.shape() == ref::to_shape(cs));
            const auto got = values(c);
            std::size_t flat = 0;
            ref::for_each_index(cs, [&](const index_t& i) {
                index_t j = i;
                j.erase(j.begin() + static_cast<std::ptrdiff_t>(ax));
                CHECK(got[flat++] == (i[ax] ? at(bv, {2, 3}, j) : at(av, {2, 3}, j)));
            });
        });
    }
    CHECK(values(loom::stack({loom::full<int>(shape_t{}, 1), loom::full<int>(shape_t{}, 2)})) == std::vector<int>{1, 2});
}

TEST_CASE("repeat repeats elements, by one count or one per element", "[manipulation][repeat]") {
    const auto x = ref::filled<std::int16_t>({2, 3}, 3);
    const auto xv = values(x);
    each_layout(x, [&](const auto& xx, const char* how) {
        INFO(how);
        // no axis: flattened
        const auto f = values(loom::repeat(xx, 2));
        REQUIRE(f.size() == 12);
        for (std::size_t i = 0; i < 12; ++i) CHECK(f[i] == xv[i / 2]);
        for (std::size_t ax = 0; ax < 2; ++ax) {
            const auto r = loom::repeat(xx, 3, static_cast<std::ptrdiff_t>(ax));
            std::vector<std::size_t> rs{2, 3};
            rs[ax] *= 3;
            REQUIRE(r.shape() == ref::to_shape(rs));
            const auto got = values(r);
            std::size_t flat = 0;
            ref::for_each_index(rs, [&](const index_t& i) {
                index_t j = i;
                j[ax] /= 3;
                CHECK(got[flat++] == at(xv, {2, 3}, j));
            });
        }
        // one count per column: 0, 2, 1
        const auto c = loom::repeat(xx, loom::array<std::uint8_t>{0, 2, 1}, 1);
        REQUIRE(c.shape() == shape_t{2, 3});
        const auto cv = values(c);
        for (std::size_t i = 0; i < 2; ++i) {
            CHECK(cv[3 * i + 0] == xv[3 * i + 1]);
            CHECK(cv[3 * i + 1] == xv[3 * i + 1]);
            CHECK(cv[3 * i + 2] == xv[3 * i + 2]);
        }
    });
    CHECK(values(loom::repeat(loom::array<int>{1, 2}, loom::array<long>{3})) == std::vector<int>{1, 1, 1, 2, 2, 2});
    CHECK(values(loom::repeat(loom::full<int>(shape_t{}, 4), 2)) == std::vector<int>{4, 4});
    CHECK(loom::repeat(x, 0, 1).shape() == shape_t{2, 0});
    CHECK_THROWS_WITH(loom::repeat(x, -1), Catch::Contains("repeat: count -1 is negative"));
    CHECK_THROWS_WITH(loom::repeat(x, loom::array<int>{1, -2, 1}, 1), Catch::Contains("repeat: count -2 is negative"));
    CHECK_THROWS_WITH(loom::repeat(x, loom::array<int>{1, 2}, 1),
                      Catch::Contains("repeat: 2 repeats for axis 1 of shape (2, 3), which has 3 elements"));
    CHECK_THROWS_WITH(loom::repeat(x, 2, 2), Catch::Contains("repeat: axis 2 is out of bounds for rank 2"));
    CHECK_THROWS_WITH(loom::repeat(x, loom::array<int>{{1}}), Catch::Contains("repeat: repeats has shape (1, 1)"));
}

TEST_CASE("tile repeats the whole along each axis", "[manipulation][tile]") {
    const auto x = ref::filled<float>({2, 3}, 4);
    const auto xv = values(x);
    each_layout(x, [&](const auto& xx, const char* how) {
        INFO(how);
        const auto t = loom::tile(xx, {2, 3});
        REQUIRE(t.shape() == shape_t{4, 9});
        const auto got = values(t);
        std::size_t flat = 0;
        ref::for_each_index({4, 9}, [&](const index_t& i) { CHECK(got[flat++] == at(xv, {2, 3}, {i[0] % 2, i[1] % 3})); });
        // more reps than axes: x gains leading axes of 1; fewer: reps gain leading 1s
        const auto t3 = loom::tile(xx, std::vector<int>{2, 1, 2});
        REQUIRE(t3.shape() == shape_t{2, 2, 6});
        const auto g3 = values(t3);
        flat = 0;
        ref::for_each_index({2, 2, 6}, [&](const index_t& i) { CHECK(g3[flat++] == at(xv, {2, 3}, {i[1], i[2] % 3})); });
        CHECK(values(loom::tile(xx, {2})) == values(loom::concat({loom::array<float>(xx), loom::array<float>(xx)}, 1)));
    });
    CHECK(loom::tile(x, {0, 1}).shape() == shape_t{0, 3});
    CHECK_THROWS_WITH(loom::tile(x, {1, -1}), Catch::Contains("tile: repetition -1 is negative"));
}

TEST_CASE("roll rotates along axes, or over the flattened elements", "[manipulation][roll]") {
    const auto x = ref::filled<std::int64_t>({3, 4}, 6);
    const auto xv = values(x);
    const auto mod = [](std::ptrdiff_t i, std::ptrdiff_t n) { return static_cast<std::size_t>(((i % n) + n) % n); };
    each_layout(x, [&](const auto& xx, const char* how) {
        INFO(how);
        for (const std::ptrdiff_t shift : {0, 1, -1, 5, -13, 12}) {
            const auto f = values(loom::roll(xx, shift));
            for (std::size_t i = 0; i < 12; ++i) CHECK(f[i] == xv[mod(static_cast<std::ptrdiff_t>(i) - shift, 12)]);
            for (std::size_t ax = 0; ax < 2; ++ax) {
                const auto got = values(loom::roll(xx, shift, static_cast<std::ptrdiff_t>(ax)));
                std::size_t flat = 0;
                ref::for_each_index({3, 4}, [&](const index_t& i) {
                    index_t j = i;
                    const auto n = static_cast<std::ptrdiff_t>(ax ? 4 : 3);
                    j[ax] = mod(static_cast<std::ptrdiff_t>(i[ax]) - shift, n);
                    CHECK(got[flat++] == at(xv, {3, 4}, j));
                });
            }
        }
        const auto both = values(loom::roll(xx, {1, -1}, {0, 1}));
        const auto same_axis = values(loom::roll(xx, {2, 3}, {1, 1}));  // shifts on one axis add
        std::size_t flat = 0;
        ref::for_each_index({3, 4}, [&](const index_t& i) {
            CHECK(both[flat] == at(xv, {3, 4}, {mod(static_cast<std::ptrdiff_t>(i[0]) - 1, 3), mod(static_cast<std::ptrdiff_t>(i[1]) + 1, 4)}));
            CHECK(same_axis[flat] == at(xv, {3, 4}, {i[0], mod(static_cast<std::ptrdiff_t>(i[1]) - 5, 4)}));
            ++flat;
        });
        CHECK(values(loom::roll(xx, 2, {0, 1})) == values(loom::roll(xx, {2, 2}, {0, 1})));
    });
    CHECK(loom::roll(loom::array<int>(shape_t{0, 3}), 2, 0).shape() == shape_t{0, 3});
    CHECK(values(loom::roll(loom::full<int>(shape_t{}, 9), 3)) == std::vector<int>{9});
    CHECK_THROWS_WITH(loom::roll(x, 1, 2), Catch::Contains("roll: axis 2 is out of bounds for rank 2"));
    CHECK_THROWS_WITH(loom::roll(x, {1, 2, 3}, {0, 1}), Catch::Contains("roll: 3 shifts for 2 axes"));
}
