// tests/manipulation/test_pad.cpp: pad against the index arithmetic of each mode done by hand, over element types
// and layouts, and against values NumPy 1.24's np.pad gives (widths larger than the axis included).
#include <catch2/catch.hpp>

#include <loom/loom.hpp>
#include <loom/manipulation/pad.hpp>

#include <complex>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

#include "../support/reference.hpp"

using loom::pad_mode;
using loom::shape_t;
using ref::index_t;

namespace {

template <class T>
std::vector<T> vals(const loom::array<T>& a) {
    return std::vector<T>(a.begin(), a.end());  // not braces: a vector<bool> would take the two iterators as bools
}

// Where padded index i of an axis of n elements (before elements added in front) reads from, for
// widths up to n - 1 (reflect), n (symmetric, wrap) or any (edge): the textbook definitions, which
// NumPy's rounds agree with at those widths. -1 for a constant element.
std::ptrdiff_t source(pad_mode m, std::ptrdiff_t i, std::ptrdiff_t n, std::ptrdiff_t before) {
    const std::ptrdiff_t j = i - before;
    if (j >= 0 && j < n) return j;
    switch (m) {
        case pad_mode::constant: return -1;
        case pad_mode::edge: return j < 0 ? 0 : n - 1;
        case pad_mode::reflect: return j < 0 ? -j : 2 * (n - 1) - j;
        case pad_mode::symmetric: return j < 0 ? -j - 1 : 2 * n - 1 - j;
        case pad_mode::wrap: return (j % n + n) % n;
    }
    return -1;
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("pad: each mode is its definition, over every layout", "[manipulation][pad]", ref::all_types) {
    using T = TestType;
    const std::vector<std::size_t> s{4, 5};
    const auto x = ref::filled<T>(s, 1);
    const auto xv = ref::values(x);
    const T fill = ref::pattern<T>(7, 3);
    const std::vector<std::vector<std::pair<std::size_t, std::size_t>>> widths{
        {{0, 0}, {0, 0}}, {{1, 2}, {3, 0}}, {{3, 3}, {1, 4}}, {{0, 2}, {2, 0}}};
    for (const pad_mode m : {pad_mode::constant, pad_mode::edge, pad_mode::reflect, pad_mode::symmetric, pad_mode::wrap}) {
        for (const auto& w : widths) {
            ref::each_layout(x, [&](const auto& xx, const char* how) {
                INFO(how << ", mode " << static_cast<int>(m) << ", widths (" << w[0].first << ", " << w[0].second
                          << "), (" << w[1].first << ", " << w[1].second << ")");
                const loom::array<T> r = loom::pad(xx, w, m, fill);
                const std::vector<std::size_t> rs{4 + w[0].first + w[0].second, 5 + w[1].first + w[1].second};
                CHECK(ref::mismatch(r, rs, [&](const index_t& i) {
                          const auto a = source(m, static_cast<std::ptrdiff_t>(i[0]), 4, static_cast<std::ptrdiff_t>(w[0].first));
                          const auto b = source(m, static_cast<std::ptrdiff_t>(i[1]), 5, static_cast<std::ptrdiff_t>(w[1].first));
                          return a < 0 || b < 0 ? fill : ref::at(xv, s, {static_cast<std::size_t>(a), static_cast<std::size_t>(b)});
                      }) == "");
            });
        }
    }
}

TEST_CASE("pad: NumPy's values, widths larger than the axis included", "[manipulation][pad]") {
    const loom::array<int> v = {0, 1, 2};
    // np.pad(np.arange(3), (10, 1), mode): NumPy pads in rounds, so reflect and wrap need not repeat evenly
    CHECK(vals(loom::pad(v, {10, 1}, pad_mode::wrap)) == std::vector<int>{0, 1, 2, 0, 1, 2, 0, 0, 1, 2, 0, 1, 2, 0});
    CHECK(vals(loom::pad(v, {10, 1}, pad_mode::reflect)) == std::vector<int>{0, 1, 2, 1, 2, 1, 0, 1, 2, 1, 0, 1, 2, 1});
    CHECK(vals(loom::pad(v, {10, 1}, pad_mode::symmetric)) == std::vector<int>{2, 2, 1, 0, 0, 1, 2, 2, 1, 0, 0, 1, 2, 2});
    CHECK(vals(loom::pad(v, {1, 10}, pad_mode::reflect)) == std::vector<int>{1, 0, 1, 2, 1, 0, 1, 2, 1, 0, 1, 0, 1, 2});
    CHECK(vals(loom::pad(v, 7, pad_mode::reflect)) ==
          std::vector<int>{1, 2, 1, 0, 1, 2, 1, 0, 1, 2, 1, 0, 1, 2, 1, 0, 1});
    // one element: reflect repeats it, as edge does (NumPy's legacy rule)
    CHECK(vals(loom::pad(loom::array<int>{0}, {2, 3}, pad_mode::reflect)) == std::vector<int>(6, 0));
    CHECK(vals(loom::pad(loom::array<int>{5}, {2, 3}, pad_mode::wrap)) == std::vector<int>(6, 5));
    CHECK(vals(loom::pad(loom::array<int>{1, 2, 3}, {2, 1}, pad_mode::reflect)) == std::vector<int>{3, 2, 1, 2, 3, 2});
    // np.pad(x, ((3, 4), (5, 2)), mode) for x = [[1, 2, 3], [4, 5, 6]]
    const loom::array<int> x = {{1, 2, 3}, {4, 5, 6}};
    const std::vector<std::pair<int, int>> w{{3, 4}, {5, 2}};
    const std::vector<int> r_row0{5, 4, 5, 6, 5, 4, 5, 6, 5, 4}, r_row1{2, 1, 2, 3, 2, 1, 2, 3, 2, 1};
    const std::vector<int> w_row0{4, 5, 4, 5, 6, 4, 5, 6, 4, 5}, w_row1{1, 2, 1, 2, 3, 1, 2, 3, 1, 2};
    const std::vector<int> s_row0{5, 6, 6, 5, 4, 4, 5, 6, 6, 5}, s_row1{2, 3, 3, 2, 1, 1, 2, 3, 3, 2};
    std::vector<int> reflect, wrap, symmetric;
    for (int i = 0; i < 9; ++i) {  // the rows alternate: reflect 0 1 0 1 ..., wrap the same, symmetric 0 0 1 1 0 0 ...
        const auto& r = i % 2 == 0 ? r_row0 : r_row1;
        const auto& wr = i % 2 == 0 ? w_row0 : w_row1;
        const auto& sy = (i / 2) % 2 == 0 ? s_row0 : s_row1;
        reflect.insert(reflect.end(), r.begin(), r.end());
        wrap.insert(wrap.end(), wr.begin(), wr.end());
        symmetric.insert(symmetric.end(), sy.begin(), sy.end());
    }
    CHECK(loom::pad(x, w, pad_mode::reflect).shape() == shape_t{9, 10});
    CHECK(vals(loom::pad(x, w, pad_mode::reflect)) == reflect);
    CHECK(vals(loom::pad(x, w, pad_mode::wrap)) == wrap);
    CHECK(vals(loom::pad(x, w, pad_mode::symmetric)) == symmetric);
    const auto e = vals(loom::pad(x, w, pad_mode::edge));
    CHECK(std::vector<int>(e.begin(), e.begin() + 10) == std::vector<int>{1, 1, 1, 1, 1, 1, 2, 3, 3, 3});
    CHECK(std::vector<int>(e.end() - 10, e.end()) == std::vector<int>{4, 4, 4, 4, 4, 4, 5, 6, 6, 6});
}

TEST_CASE("pad: the forms of widths, the constant, rank 0, empty axes and types", "[manipulation][pad]") {
    const loom::array<int> x = {{1, 2}, {3, 4}};
    // one pair for every axis, a braced list of one pair, a pair per axis, an integer, a range
    const auto all = vals(loom::pad(x, {1, 0}));
    CHECK(all == std::vector<int>{0, 0, 0, 0, 1, 2, 0, 3, 4});
    CHECK(vals(loom::pad(x, {{1, 0}})) == all);
    CHECK(vals(loom::pad(x, {{1, 0}, {1, 0}})) == all);
    CHECK(vals(loom::pad(x, std::vector<std::pair<std::size_t, std::size_t>>{{1, 0}, {1, 0}})) == all);
    CHECK(vals(loom::pad(x, std::pair<std::size_t, std::size_t>{1, 0})) == all);
    CHECK(loom::pad(x, 2).shape() == shape_t{6, 6});
    CHECK(vals(loom::pad(x, {{0, 0}, {0, 1}}, pad_mode::constant, 9)) == std::vector<int>{1, 2, 9, 3, 4, 9});
    // the constant converts to the element type, as NumPy casts it: np.pad([1, 2], 1, constant_values=1.7)
    CHECK(vals(loom::pad(loom::array<int>{1, 2}, 1, pad_mode::constant, static_cast<int>(1.7))) ==
          std::vector<int>{1, 1, 2, 1});
    CHECK(vals(loom::pad(loom::array<double>{1.5, -2}, {{1, 2}}, pad_mode::constant, 7)) ==
          std::vector<double>{7, 1.5, -2, 7, 7});
    using C = std::complex<double>;
    CHECK(vals(loom::pad(loom::array<C>{C(1, 2)}, 1, pad_mode::constant, C(3, -1))) ==
          std::vector<C>{C(3, -1), C(1, 2), C(3, -1)});
    CHECK(vals(loom::pad(loom::array<bool>{true, false}, 2, pad_mode::wrap)) ==
          std::vector<bool>{true, false, true, false, true, false});
    // rank 0: nothing to pad (np.pad(np.array(5), 1) is array(5))
    const auto z = loom::pad(loom::full<int>(shape_t{}, 5), 1);
    CHECK(z.shape() == shape_t{});
    CHECK(vals(z) == std::vector<int>{5});
    // empty axes: constant extends them; the other modes pad only the non-empty ones
    CHECK(vals(loom::pad(loom::array<double>(shape_t{0, 2}), {{1, 1}, {0, 1}}, pad_mode::constant, 4)) ==
          std::vector<double>(6, 4));
    CHECK(loom::pad(loom::array<double>(shape_t{0, 3}), {{0, 0}, {1, 1}}, pad_mode::edge).shape() == shape_t{0, 5});
    CHECK(loom::pad(loom::array<double>(shape_t{2, 0}), {{2, 2}, {0, 0}}, pad_mode::wrap).shape() == shape_t{6, 0});
    // an expression, and a temporary
    CHECK(vals(loom::pad(loom::array<int>{1, 2} * 10, {1, 1}, pad_mode::edge)) == std::vector<int>{10, 10, 20, 20});
    // the operand is not changed
    CHECK(vals(x) == std::vector<int>{1, 2, 3, 4});
}

TEST_CASE("pad: errors", "[manipulation][pad]") {
    const loom::array<int> x = {{1, 2}, {3, 4}};
    CHECK_THROWS_AS(loom::pad(x, {1, -1}), std::invalid_argument);
    CHECK_THROWS_WITH(loom::pad(x, {{1, 2}, {-3, 0}}), Catch::Contains("loom::pad: widths (-3, 0): a width cannot be negative"));
    CHECK_THROWS_WITH(loom::pad(x, {{1, 2}, {3, 0}, {0, 0}}),
                      Catch::Contains("loom::pad: 3 pairs of widths for shape (2, 2) of rank 2"));
    CHECK_THROWS_WITH(loom::pad(x, std::vector<std::pair<int, int>>{}), Catch::Contains("0 pairs of widths"));
    CHECK_THROWS_AS(loom::pad(loom::full<int>(shape_t{}, 5), {{1, 2}, {3, 4}}), std::invalid_argument);
    // np.pad: "can't extend empty axis 0 using modes other than 'constant' or 'empty'"
    for (const pad_mode m : {pad_mode::edge, pad_mode::reflect, pad_mode::symmetric, pad_mode::wrap})
        CHECK_THROWS_WITH(loom::pad(loom::array<double>(shape_t{0, 3}), {{1, 0}, {0, 0}}, m),
                          Catch::Contains("cannot extend the empty axis 0 of shape (0, 3)"));
    CHECK_THROWS_WITH(loom::pad(loom::array<double>(shape_t{0}), 1, pad_mode::reflect), Catch::Contains("with mode reflect"));
    // widths whose sum a size cannot hold (a shape too large to allocate is a std::length_error, as size_of's)
    const auto huge = std::numeric_limits<std::ptrdiff_t>::max();
    CHECK_THROWS_AS(loom::pad(x, {{huge, huge}, {0, 0}}), std::length_error);
    CHECK_THROWS_AS(loom::pad(x, {{huge, 0}, {huge, 0}}), std::length_error);
}
