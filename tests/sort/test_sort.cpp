// tests/sort/test_sort.cpp: sort and argsort against a stable insertion sort written here: every element type, lane
// lengths on both sides of each algorithm's threshold, every axis, views, expressions, NaN and -0.0, errors.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;

namespace {

// The order the tests expect: NaN after everything, in both directions; otherwise < (or >).
template <class T>
bool before(T a, T b, bool desc) {
    if constexpr (std::is_floating_point_v<T>) {
        if (std::isnan(a)) return false;
        if (std::isnan(b)) return true;
    }
    return desc ? b < a : a < b;
}

// The stable order of v: positions, by insertion sort.
template <class T>
std::vector<std::int64_t> stable_order(const std::vector<T>& v, bool desc) {
    std::vector<std::int64_t> p;
    for (std::size_t i = 0; i < v.size(); ++i) {
        std::size_t j = p.size();
        p.push_back(static_cast<std::int64_t>(i));
        for (; j > 0 && before(v[i], v[static_cast<std::size_t>(p[j - 1])], desc); --j) p[j] = p[j - 1];
        p[j] = static_cast<std::int64_t>(i);
    }
    return p;
}

// Equal as values and, for floats, in sign and NaN-ness (so -0.0 and 0.0 differ).
template <class T>
bool same(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
        if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
        return a == b && std::signbit(a) == std::signbit(b);
    } else {
        return a == b;
    }
}

// Element i of a test operand with many ties; floats get NaN, -0.0 and 0.0 among them.
template <class T>
T value(std::size_t i, std::size_t seed) {
    const std::size_t h = (i * 2654435761u + seed * 97u + (i >> 3) * 40503u) % 1009;
    if constexpr (std::is_same_v<T, bool>) {
        return h % 3 == 0;
    } else if constexpr (std::is_floating_point_v<T>) {
        if (h % 17 == 0) return std::numeric_limits<T>::quiet_NaN();
        if (h % 13 == 0) return h % 2 ? T(-0.0) : T(0.0);
        if (h % 19 == 0) return h % 2 ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::infinity();
        return static_cast<T>(static_cast<double>(h % 200) / 4.0 - 25.0);
    } else if constexpr (std::is_signed_v<T>) {
        return static_cast<T>(static_cast<int>(h % 120) - 60);
    } else {
        return static_cast<T>(h % 250);
    }
}

template <class T>
std::vector<T> values_of(std::size_t n, std::size_t seed) {
    std::vector<T> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = value<T>(i, seed);
    return v;
}

template <class T>
loom::array<T> array_of(const std::vector<T>& v, const shape_t& s) {
    loom::array<T> a(s);
    for (std::size_t i = 0; i < v.size(); ++i) a.data()[i] = v[i];
    return a;
}

// Checks sort and argsort of x along axis against the reference, lane by lane: x's
// elements (row-major, shape s) are `v`.
template <class T, class X>
void check_axis(const X& x, const std::vector<T>& v, const std::vector<std::size_t>& s, std::size_t axis, bool desc) {
    const auto got = desc ? loom::sort(x, static_cast<std::ptrdiff_t>(axis), loom::descending)
                          : loom::sort(x, static_cast<std::ptrdiff_t>(axis));
    const auto idx = desc ? loom::argsort(x, static_cast<std::ptrdiff_t>(axis), loom::descending)
                          : loom::argsort(x, static_cast<std::ptrdiff_t>(axis));
    REQUIRE(got.shape() == ref::to_shape(s));
    REQUIRE(idx.shape() == ref::to_shape(s));
    const auto st = ref::row_major(s);
    const std::size_t len = s[axis];
    std::size_t lanes = 0, bad = 0;
    ref::for_each_index(s, [&](const ref::index_t& at) {
        if (at[axis] != 0) return;
        std::ptrdiff_t base = 0;
        for (std::size_t d = 0; d < s.size(); ++d) base += static_cast<std::ptrdiff_t>(at[d]) * st[d];
        std::vector<T> lane(len);
        for (std::size_t i = 0; i < len; ++i) lane[i] = v[static_cast<std::size_t>(base + static_cast<std::ptrdiff_t>(i) * st[axis])];
        const auto order = stable_order(lane, desc);
        for (std::size_t i = 0; i < len; ++i) {
            const auto off = static_cast<std::size_t>(base + static_cast<std::ptrdiff_t>(i) * st[axis]);
            bad += !same<T>(got.data()[off], lane[static_cast<std::size_t>(order[i])]) || idx.data()[off] != order[i];
        }
        ++lanes;
    });
    CHECK(bad == 0);
    CHECK(lanes == (len ? ref::count(s) / len : 0));
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("sort and argsort match a stable insertion sort", "[sort][sort]", ref::all_types) {
    using T = TestType;
    // lengths on both sides of each algorithm: insertion (<= 16), merge (< 64), radix;
    // counting for 1-byte types from 64
    for (const std::size_t n : {0, 1, 2, 5, 16, 17, 40, 63, 64, 65, 300, 1000}) {
        const auto v = values_of<T>(n, n);
        const auto a = array_of(v, shape_t{n});
        for (const bool desc : {false, true}) {
            INFO("n = " << n << ", descending " << desc);
            check_axis(a, v, {n}, 0, desc);
        }
    }
}

TEST_CASE("sort along every axis of a rank-3 array, and of views and expressions", "[sort][sort]") {
    const std::vector<std::size_t> s{3, 4, 5};
    const auto v = values_of<double>(60, 3);
    const auto a = array_of(v, ref::to_shape(s));
    for (std::size_t axis = 0; axis < 3; ++axis)
        for (const bool desc : {false, true}) {
            INFO("axis " << axis << ", descending " << desc);
            check_axis(a, v, s, axis, desc);
        }
    // negative axes count from the end
    const auto s0 = loom::sort(a, -3), s0p = loom::sort(a, 0);
    for (std::size_t i = 0; i < 60; ++i) CHECK(same(s0.data()[i], s0p.data()[i]));
    CHECK(loom::array_equal(loom::argsort(a, -2), loom::argsort(a, 1)));
    CHECK(loom::array_equal(loom::argsort(a), loom::argsort(a, 2)));
    // a transposed view, a reversed one (negative stride) and a broadcast one (zero stride): their elements in row-major order
    const auto t = loom::transpose(a);
    const auto r = loom::view(a, loom::range(loom::none, loom::none, -1), loom::all, loom::range(loom::none, loom::none, -2));
    const auto b = loom::broadcast_to(loom::view(a, 1, 2), {4, 5});
    for (std::size_t axis = 0; axis < 3; ++axis) {
        check_axis(t, ref::values(t), {5, 4, 3}, axis, false);
        check_axis(r, ref::values(r), {3, 4, 3}, axis, true);
    }
    check_axis(b, ref::values(b), {4, 5}, 0, false);
    check_axis(b, ref::values(b), {4, 5}, 1, true);
    // an expression, evaluated once
    const auto e = a * 2.0 - 1.0;
    check_axis(e, ref::values(e), s, 1, false);
    // long strided lanes: the radix sort behind the copies into contiguous lanes, in groups with a remainder
    const std::vector<std::size_t> tall{300, 21};
    const auto w = values_of<float>(300 * 21, 5);
    const auto fa = array_of(w, ref::to_shape(tall));
    check_axis(fa, w, tall, 0, false);
    check_axis(loom::transpose(fa), ref::values(loom::transpose(fa)), {21, 300}, 1, true);
}

TEST_CASE("sort puts NaN last and keeps -0.0 and 0.0 in their order", "[sort][sort]") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const loom::array<double> x = {0.0, -0.0, nan, -1.0, -0.0, 0.0};
    const auto up = loom::sort(x), down = loom::sort(x, loom::descending);
    const std::vector<double> want_up{-1.0, 0.0, -0.0, -0.0, 0.0, nan}, want_down{0.0, -0.0, -0.0, 0.0, -1.0, nan};
    for (std::size_t i = 0; i < 6; ++i) {
        CHECK(same(up.data()[i], want_up[i]));
        CHECK(same(down.data()[i], want_down[i]));
    }
    CHECK(ref::values(loom::argsort(x)) == std::vector<std::int64_t>{3, 0, 1, 4, 5, 2});
    CHECK(ref::values(loom::argsort(x, loom::descending)) == std::vector<std::int64_t>{0, 1, 4, 5, 3, 2});
    // NaNs of either sign keep their order (the radix sort's length too)
    loom::array<float> f(shape_t{600});
    for (std::size_t i = 0; i < 600; ++i)
        f.data()[i] = i % 5 == 0 ? (i % 10 ? -std::numeric_limits<float>::quiet_NaN() : std::numeric_limits<float>::quiet_NaN())
                                 : static_cast<float>(i % 7) - 3.0f;
    const auto fi = loom::argsort(f, loom::descending);
    for (std::size_t i = 0; i < 120; ++i) CHECK(fi.data()[480 + i] == static_cast<std::int64_t>(5 * i));
    const auto fs = loom::sort(f);
    for (std::size_t i = 0; i < 120; ++i) CHECK(std::signbit(fs.data()[480 + i]) == (i % 2 == 1));
}

TEST_CASE("argsort is stable for many equal keys, descending too", "[sort][sort]") {
    for (const std::size_t n : {30, 999}) {
        loom::array<std::int32_t> x(shape_t{n});
        for (std::size_t i = 0; i < n; ++i) x.data()[i] = static_cast<std::int32_t>(i % 3);
        const auto up = loom::argsort(x), down = loom::argsort(x, -1, loom::descending);
        // ascending: every i with i % 3 == 0 in increasing order, then 1, then 2; descending: 2, 1, 0
        std::size_t k = 0;
        for (std::size_t r = 0; r < 3; ++r)
            for (std::size_t i = r; i < n; i += 3, ++k) {
                CHECK(up.data()[k] == static_cast<std::int64_t>(i));
                CHECK(down.data()[k] == static_cast<std::int64_t>(i + 2 - 2 * r));
            }
    }
}

TEST_CASE("sort of empty arrays, of one element and of bool", "[sort][sort]") {
    const loom::array<double> e(shape_t{3, 0});
    CHECK(loom::sort(e).shape() == shape_t{3, 0});
    CHECK(loom::sort(e, 0).shape() == shape_t{3, 0});
    CHECK(loom::argsort(e, 0, loom::descending).shape() == shape_t{3, 0});
    CHECK(loom::sort(loom::array<int>(shape_t{0})).size() == 0);
    const loom::array<int> one = {{7}, {3}};
    CHECK(ref::values(loom::sort(one)) == std::vector<int>{7, 3});
    CHECK(ref::values(loom::sort(one, 0)) == std::vector<int>{3, 7});
    CHECK(ref::values(loom::argsort(one)) == std::vector<std::int64_t>{0, 0});
    const loom::array<bool> b = {true, false, true, false};
    CHECK(ref::values(loom::sort(b)) == std::vector<bool>{false, false, true, true});
    CHECK(ref::values(loom::argsort(b, loom::descending)) == std::vector<std::int64_t>{0, 2, 1, 3});
}

TEST_CASE("sort and argsort refuse a bad axis and leave x as it was", "[sort][sort]") {
    loom::array<double> x = {{3, 1, 2}, {6, 5, 4}};
    const auto before_values = ref::values(x);
    REQUIRE_THROWS_AS(loom::sort(x, 2), loom::index_error);
    REQUIRE_THROWS_WITH(loom::sort(x, 2), Catch::Contains("loom::sort: axis 2 is out of range for shape (2, 3)"));
    REQUIRE_THROWS_WITH(loom::sort(x, -3, loom::descending), Catch::Contains("loom::sort: axis -3"));
    REQUIRE_THROWS_AS(loom::argsort(x, 5), loom::index_error);
    REQUIRE_THROWS_WITH(loom::argsort(x, -4), Catch::Contains("loom::argsort: axis -4 is out of range for shape (2, 3)"));
    // rank 0 has no axis to sort along
    REQUIRE_THROWS_WITH(loom::sort(loom::array<double>(shape_t{}, 1.0)), Catch::Contains("axis -1 is out of range for shape ()"));
    CHECK(ref::values(x) == before_values);
}
