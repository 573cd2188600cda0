// tests/select/test_indices.cpp: argwhere, unravel_index and ravel_multi_index against plain loops (every
// index of a shape, round trips) and values NumPy 1.24 gives for the same calls, errors included.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>
#include <loom/select/indices.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;
using ref::index_t;

namespace {
constexpr double nan_v = std::numeric_limits<double>::quiet_NaN();
using i64 = std::vector<std::int64_t>;
template <class T>
std::vector<T> vals(const loom::array<T>& a) {
    return std::vector<T>(a.begin(), a.end());
}
}  // namespace

TEMPLATE_LIST_TEST_CASE("argwhere: one row of indices per non-zero element, in C order", "[select][argwhere]",
                        ref::all_types) {
    using T = TestType;
    for (const std::vector<std::size_t>& s : std::vector<std::vector<std::size_t>>{{7}, {3, 5}, {2, 3, 4}, {0, 3}, {1, 1, 9}}) {
        const auto x = ref::filled<T>(s, 4);
        // the definition: every multi-index of s whose element is not zero
        i64 want;
        std::size_t count = 0, flat = 0;
        ref::for_each_index(s, [&](const index_t& i) {
            if (x.data()[flat++] != T(0)) {
                for (std::size_t e : i) want.push_back(static_cast<std::int64_t>(e));
                ++count;
            }
        });
        ref::each_layout(x, [&](const auto& operand, const char* layout) {
            INFO(layout << " of shape " << ref::to_shape(s));
            const loom::array<std::int64_t> r = loom::argwhere(operand);
            CHECK(r.shape() == shape_t{count, s.size()});
            CHECK(vals(r) == want);
        });
    }
}

TEST_CASE("argwhere: NumPy's values, rank 0, NaN and -0.0", "[select][argwhere]") {
    // NumPy 1.24: np.argwhere([[0, 1], [2, 0]]), np.argwhere([nan, 0, -0.0]), np.argwhere(np.array(5))
    const auto r = loom::argwhere(loom::array<int>{{0, 1}, {2, 0}});
    CHECK(r.shape() == shape_t{2, 2});
    CHECK(vals(r) == i64{0, 1, 1, 0});
    const auto n = loom::argwhere(loom::array<double>{nan_v, 0.0, -0.0});
    CHECK(n.shape() == shape_t{1, 1});
    CHECK(vals(n) == i64{0});
    CHECK(loom::argwhere(loom::array<int>(shape_t{}, 5)).shape() == shape_t{1, 0});
    CHECK(loom::argwhere(loom::array<int>(shape_t{}, 0)).shape() == shape_t{0, 0});
    CHECK(loom::argwhere(loom::array<double>(shape_t{2, 0, 3})).shape() == shape_t{0, 3});
    CHECK(loom::argwhere(loom::array<bool>{false, false}).shape() == shape_t{0, 1});
    // a transposed view and a comparison: the indices of the view's own order
    const loom::array<int> m = {{1, 0, 3}, {0, 5, 0}};
    CHECK(vals(loom::argwhere(loom::permute_dims(m, {1, 0}))) == i64{0, 0, 1, 1, 2, 0});
    CHECK(vals(loom::argwhere(m > 2)) == i64{0, 2, 1, 1});
}

TEMPLATE_LIST_TEST_CASE("unravel_index and ravel_multi_index: every index of a shape, both ways", "[select][unravel_index]",
                        ref::integer_types) {
    using T = TestType;
    for (const shape_t& s : {shape_t{2, 3, 4}, shape_t{5}, shape_t{1, 1, 7}, shape_t{3, 1, 2, 2}}) {
        const std::size_t n = loom::size_of(s);
        loom::array<T> flat(shape_t{n});
        for (std::size_t i = 0; i < n; ++i) flat.data()[i] = static_cast<T>(n - 1 - i);  // backwards
        ref::each_layout(flat, [&](const auto& indices, const char* layout) {
            INFO(layout << " into " << s);
            const auto coords = loom::unravel_index(indices, s);
            REQUIRE(coords.size() == s.size());
            for (std::size_t k = 0; k < n; ++k) {
                // the definition: sum of coordinate * C stride is the index, each coordinate in range
                std::int64_t back = 0, stride = 1;
                for (std::size_t a = s.size(); a-- > 0;) {
                    const std::int64_t c = coords[a].data()[k];
                    CHECK((c >= 0 && c < static_cast<std::int64_t>(s[a])));
                    back += c * stride;
                    stride *= static_cast<std::int64_t>(s[a]);
                }
                CHECK(back == static_cast<std::int64_t>(n - 1 - k));
            }
            // and back: one coordinate array per axis, of T, as a std::vector
            std::vector<loom::array<T>> parts;
            for (const auto& c : coords) parts.push_back(loom::astype<T>(c));
            CHECK(vals(loom::ravel_multi_index(parts, s)) == ref::values(loom::astype<std::int64_t>(flat)));
        });
    }
}

TEST_CASE("unravel_index: NumPy's values and errors", "[select][unravel_index]") {
    // NumPy 1.24: np.unravel_index(5, (2, 3)) is (1, 2), rank-0 arrays here
    auto c = loom::unravel_index(5, {2, 3});
    REQUIRE(c.size() == 2);
    CHECK(c[0].shape() == shape_t{});
    CHECK((c[0].data()[0] == 1 && c[1].data()[0] == 2));
    // np.unravel_index([1, 5, 3], (2, 3))
    c = loom::unravel_index(loom::array<int>{1, 5, 3}, {2, 3});
    CHECK(vals(c[0]) == i64{0, 1, 1});
    CHECK(vals(c[1]) == i64{1, 2, 0});
    // the indices' shape is kept: np.unravel_index(np.array([[1, 2], [3, 4]], np.uint8), (5,))
    c = loom::unravel_index(loom::array<std::uint8_t>{{1, 2}, {3, 4}}, {5});
    REQUIRE(c.size() == 1);
    CHECK(c[0].shape() == shape_t{2, 2});
    CHECK(vals(c[0]) == i64{1, 2, 3, 4});
    // shape (): no coordinates, index 0 the only one; empty indices into an empty shape
    CHECK(loom::unravel_index(0, shape_t{}).empty());
    c = loom::unravel_index(loom::array<std::int64_t>(shape_t{0}), {0, 3});
    CHECK((c.size() == 2 && c[0].size() == 0 && c[1].shape() == shape_t{0}));
    // an expression of indices, and a view with negative strides
    const loom::array<int> idx = {0, 2, 4};
    CHECK(vals(loom::unravel_index(idx + 1, {2, 3})[1]) == i64{1, 0, 2});
    CHECK(vals(loom::unravel_index(loom::flip(idx), {2, 3})[0]) == i64{1, 0, 0});
    // errors: ValueError in NumPy ("index 6 is out of bounds for array with size 6"), index_error here
    CHECK_THROWS_AS(loom::unravel_index(6, {2, 3}), loom::index_error);
    CHECK_THROWS_WITH(loom::unravel_index(6, {2, 3}), Catch::Contains("index 6 is out of bounds for shape (2, 3)"));
    CHECK_THROWS_WITH(loom::unravel_index(-1, {2, 3}), Catch::Contains("index -1 is out of bounds"));
    CHECK_THROWS_WITH(loom::unravel_index(loom::array<int>{1, 7}, {2, 3}), Catch::Contains("index 7"));
    CHECK_THROWS_AS(loom::unravel_index(1, shape_t{}), loom::index_error);
    CHECK_THROWS_AS(loom::unravel_index(0, {0, 3}), loom::index_error);
    CHECK_THROWS_AS(loom::unravel_index(std::numeric_limits<std::uint64_t>::max(), {2, 3}), loom::index_error);
    const std::size_t big = std::size_t{1} << 40;
    CHECK_THROWS_WITH(loom::unravel_index(0, {big, big}), Catch::Contains("more elements than std::int64_t"));
}

TEST_CASE("ravel_multi_index: NumPy's values, broadcasting and errors", "[select][ravel_multi_index]") {
    // NumPy 1.24: np.ravel_multi_index(([0, 1, 1], [2, 0, 1]), (2, 3))
    CHECK(vals(loom::ravel_multi_index({loom::array<int>{0, 1, 1}, loom::array<int>{2, 0, 1}}, {2, 3})) == i64{2, 3, 4});
    // np.ravel_multi_index((1, 2), (2, 3)) is 5 (rank 0 here)
    const auto five = loom::ravel_multi_index({1, 2}, {2, 3});
    CHECK(five.shape() == shape_t{});
    CHECK(five.data()[0] == 5);
    // numbers and arrays of different types broadcast: ([1], [[0], [1], [2]]) and (array, number)
    const auto b = loom::ravel_multi_index({loom::array<std::uint8_t>{1}, ref::make<std::int16_t>({3, 1}, {0, 1, 2})}, {2, 3});
    CHECK(b.shape() == shape_t{3, 1});
    CHECK(vals(b) == i64{3, 4, 5});
    CHECK(vals(loom::ravel_multi_index({loom::array<int>{0, 1}, 2}, {2, 3})) == i64{2, 5});
    CHECK(vals(loom::ravel_multi_index({loom::array<int>{3, 0}, loom::array<int>{1, 4}, 2}, {4, 5, 6})) ==
          i64{3 * 30 + 6 + 2, 4 * 6 + 2});
    // views (negative strides) and expressions as coordinates
    const loom::array<int> i0 = {0, 1}, i1 = {1, 2};
    CHECK(vals(loom::ravel_multi_index({loom::flip(i0), i1 - 1}, {2, 3})) == i64{3, 1});
    // (), (): the one element of a rank-0 shape; empty coordinates into an empty shape
    CHECK(vals(loom::ravel_multi_index(std::vector<loom::array<int>>{}, shape_t{})) == i64{0});
    CHECK(loom::ravel_multi_index({loom::array<int>(shape_t{0}), loom::array<int>(shape_t{0})}, {0, 3}).shape() ==
          shape_t{0});
    // errors: NumPy's ValueError "invalid entry in coordinates array" is index_error here, naming it
    CHECK_THROWS_AS(loom::ravel_multi_index({2, 2}, {2, 3}), loom::index_error);
    CHECK_THROWS_WITH(loom::ravel_multi_index({2, 2}, {2, 3}), Catch::Contains("index 2 is out of bounds for axis 0 with size 2"));
    CHECK_THROWS_WITH(loom::ravel_multi_index({-1, 2}, {2, 3}), Catch::Contains("index -1 is out of bounds for axis 0"));
    CHECK_THROWS_WITH(loom::ravel_multi_index({loom::array<int>{1, 1}, loom::array<int>{2, 9}}, {2, 3}),
                      Catch::Contains("index 9 is out of bounds for axis 1 with size 3"));
    CHECK_THROWS_AS(loom::ravel_multi_index({0, 0}, {0, 3}), loom::index_error);
    CHECK_THROWS_WITH(loom::ravel_multi_index({loom::array<int>{1, 0}}, {2, 3}),
                      Catch::Contains("multi_index has 1 coordinate arrays; shape (2, 3) needs 2"));
    CHECK_THROWS_AS(loom::ravel_multi_index({loom::array<int>{1, 0}}, {2, 3}), std::invalid_argument);
    CHECK_THROWS_AS(loom::ravel_multi_index({loom::array<int>{1, 0}, loom::array<int>{0, 1, 2}}, {2, 3}),
                    loom::broadcast_error);
    const std::size_t big = std::size_t{1} << 40;
    CHECK_THROWS_WITH(loom::ravel_multi_index({1, 2, 3}, {big, big, big}), Catch::Contains("more elements than std::int64_t"));
}
