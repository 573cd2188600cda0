// tests/sort/test_sets.cpp: isin, intersect1d, union1d and setdiff1d against quadratic plain-loop definitions
// over the element types and layouts, and values NumPy 1.24 gives (NaN, -0.0, mixed types, assume_unique).
#include <catch2/catch.hpp>

#include <loom/loom.hpp>
#include <loom/sort/sets.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;

namespace {
constexpr double nan_v = std::numeric_limits<double>::quiet_NaN();
template <class T>
std::vector<T> vals(const loom::array<T>& a) {
    return std::vector<T>(a.begin(), a.end());
}
template <class T>
bool contains(const std::vector<T>& v, T x) {
    return std::any_of(v.begin(), v.end(), [&](T y) { return y == x; });
}
// The distinct values of v (by ==), ascending: the sets' definition without NaN.
template <class T>
std::vector<T> distinct(const std::vector<T>& v) {
    std::vector<T> d;
    for (T x : v)
        if (!contains(d, x)) d.push_back(x);
    std::sort(d.begin(), d.end());
    return d;
}
// Element-by-element, NaN equal to NaN and the sign of zero compared.
bool identical(const std::vector<double>& a, const std::vector<double>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::isnan(a[i]) != std::isnan(b[i])) return false;
        if (!std::isnan(a[i]) && (a[i] != b[i] || std::signbit(a[i]) != std::signbit(b[i]))) return false;
    }
    return true;
}
}  // namespace

TEMPLATE_LIST_TEST_CASE("isin: whether each element equals one of the test elements", "[sort][isin]", ref::all_types) {
    using T = TestType;
    const auto x = ref::filled<T>({5, 7}, 1);
    const auto t = ref::filled<T>({3, 2}, 9);
    const std::vector<T> tv = ref::values(t);
    ref::each_layout(x, [&](const auto& element, const char* layout) {
        INFO("element: " << layout);
        ref::each_layout(t, [&](const auto& test, const char* test_layout) {
            INFO("test elements: " << test_layout);
            const loom::array<bool> r = loom::isin(element, test);
            CHECK(ref::mismatch(r, {5, 7}, [&](const ref::index_t& i) { return contains(tv, x.data()[i[0] * 7 + i[1]]); }) == "");
            const loom::array<bool> inv = loom::isin(element, test, true);
            CHECK(ref::mismatch(inv, {5, 7}, [&](const ref::index_t& i) { return !contains(tv, x.data()[i[0] * 7 + i[1]]); }) == "");
        });
    });
    // a number either side: rank 0 for a number element
    const loom::array<bool> one = loom::isin(x.data()[3], t);
    CHECK(one.shape() == shape_t{});
    CHECK(one.data()[0] == contains(tv, x.data()[3]));
    CHECK(vals(loom::isin(x, tv[0])) == vals(loom::array<bool>(x == tv[0])));
    // empty operands: nothing found, or nothing to look for
    CHECK(loom::isin(loom::array<T>(shape_t{0, 3}), t).shape() == shape_t{0, 3});
    CHECK(vals(loom::isin(x, loom::array<T>(shape_t{0}))) == std::vector<bool>(35, false));
}

TEST_CASE("isin: NumPy's values, NaN, -0.0 and mixed types", "[sort][isin]") {
    // NumPy 1.24: np.isin([1, 2, 3, 4], [4, 2])
    CHECK(vals(loom::isin(loom::array<int>{1, 2, 3, 4}, loom::array<int>{4, 2})) == std::vector<bool>{false, true, false, true});
    // np.isin([1, nan, 0.0, -0.0, 2], [nan, 0.0, 2]): NaN is in no set, -0.0 == 0.0
    CHECK(vals(loom::isin(loom::array<double>{1, nan_v, 0.0, -0.0, 2}, loom::array<double>{nan_v, 0.0, 2})) ==
          std::vector<bool>{false, false, true, true, true});
    // np.isin([[1, 2], [3, 4]], [[2], [4]], invert=True), np.isin(3, [1, 3]), np.isin([[1, 2], [3, 4]], 2)
    const auto inv = loom::isin(loom::array<int>{{1, 2}, {3, 4}}, ref::make<int>({2, 1}, {2, 4}), true);
    CHECK(inv.shape() == shape_t{2, 2});
    CHECK(vals(inv) == std::vector<bool>{true, false, true, false});
    CHECK(loom::isin(3, loom::array<int>{1, 3}).data()[0]);
    CHECK(vals(loom::isin(loom::array<int>{{1, 2}, {3, 4}}, 2)) == std::vector<bool>{false, true, false, false});
    // compared in the promoted type: np.isin(np.array([1, 2, 3], np.uint8), [257.0, 2.5, 3.0]) and
    // np.isin(np.array([1, 2, 3], np.int8), np.array([257, 3], np.int16)): 257 is not 1
    CHECK(vals(loom::isin(loom::array<std::uint8_t>{1, 2, 3}, loom::array<double>{257.0, 2.5, 3.0})) ==
          std::vector<bool>{false, false, true});
    CHECK(vals(loom::isin(loom::array<std::int8_t>{1, 2, 3}, loom::array<std::int16_t>{257, 3})) ==
          std::vector<bool>{false, false, true});
    CHECK(vals(loom::isin(loom::array<bool>{true, false}, loom::array<int>{1})) == std::vector<bool>{true, false});
}

TEMPLATE_LIST_TEST_CASE("intersect1d, union1d, setdiff1d: sorted distinct values, by their definitions",
                        "[sort][intersect1d][union1d][setdiff1d]", ref::all_types) {
    using T = TestType;
    const auto a = ref::filled<T>({4, 6}, 2);
    const auto b = ref::filled<T>({17}, 5);
    const std::vector<T> av = ref::values(a), bv = ref::values(b);
    std::vector<T> both, either = distinct(av), only_a;
    for (T v : distinct(av)) (contains(bv, v) ? both : only_a).push_back(v);
    for (T v : bv)
        if (!contains(either, v)) either.push_back(v);
    std::sort(either.begin(), either.end());
    ref::each_layout(a, [&](const auto& x1, const char* layout) {
        INFO("ar1: " << layout);
        ref::each_layout(b, [&](const auto& x2, const char* layout2) {
            INFO("ar2: " << layout2);
            const loom::array<T> i = loom::intersect1d(x1, x2), u = loom::union1d(x1, x2), d = loom::setdiff1d(x1, x2);
            CHECK(vals(i) == both);
            CHECK(vals(u) == either);
            CHECK(vals(d) == only_a);
            CHECK(i.shape() == shape_t{both.size()});
            // the other way round: the same intersection and union
            CHECK(vals(loom::intersect1d(x2, x1)) == both);
            CHECK(vals(loom::union1d(x2, x1)) == either);
        });
    });
    // with itself: everything, nothing left over
    CHECK(vals(loom::intersect1d(a, a)) == distinct(av));
    CHECK(vals(loom::setdiff1d(a, a)).empty());
    // empty operands
    const loom::array<T> none(shape_t{0});
    CHECK(vals(loom::intersect1d(a, none)).empty());
    CHECK(vals(loom::union1d(none, a)) == distinct(av));
    CHECK(vals(loom::setdiff1d(a, none)) == distinct(av));
    CHECK(loom::setdiff1d(none, a).shape() == shape_t{0});
}

TEST_CASE("intersect1d, union1d, setdiff1d: NumPy's values, NaN, -0.0, types and assume_unique",
          "[sort][intersect1d][union1d][setdiff1d]") {
    using d = std::vector<double>;
    using i = std::vector<int>;
    // NumPy 1.24 documentation's examples
    CHECK(vals(loom::intersect1d(loom::array<int>{1, 3, 4, 3}, loom::array<int>{3, 1, 2, 1})) == i{1, 3});
    CHECK(vals(loom::union1d(loom::array<int>{-1, 0, 1}, loom::array<int>{-2, 0, 2})) == i{-2, -1, 0, 1, 2});
    CHECK(vals(loom::setdiff1d(loom::array<int>{1, 2, 3, 2, 4, 1}, loom::array<int>{3, 4, 5, 6})) == i{1, 2});
    CHECK(vals(loom::setdiff1d(loom::array<int>{{5, 1}, {2, 5}}, loom::array<int>{2})) == i{1, 5});
    // NaN: np.intersect1d([nan, 1, nan, 2, 3, 3], [nan, 3, 1, 1]) has none, np.union1d one (at the end),
    // np.setdiff1d([nan, 1, nan, 2, 3, 3], [nan, 3]) one
    const loom::array<double> x = {nan_v, 1, nan_v, 2, 3, 3};
    CHECK(identical(vals(loom::intersect1d(x, loom::array<double>{nan_v, 3, 1, 1})), d{1, 3}));
    CHECK(identical(vals(loom::union1d(x, loom::array<double>{nan_v, 3, 1, 1, -0.0, 0.0})), d{-0.0, 1, 2, 3, nan_v}));
    CHECK(identical(vals(loom::setdiff1d(x, loom::array<double>{nan_v, 3})), d{1, 2, nan_v}));
    // -0.0 and 0.0 are one value, the first met: np.union1d([0.0, -0.0], [-0.0]), np.union1d([-0.0, 0.0], [-0.0]),
    // np.intersect1d([-0.0, 1], [0.0]), np.intersect1d([0.0, 1], [-0.0])
    CHECK(identical(vals(loom::union1d(loom::array<double>{0.0, -0.0}, loom::array<double>{-0.0})), d{0.0}));
    CHECK(identical(vals(loom::union1d(loom::array<double>{-0.0, 0.0}, loom::array<double>{-0.0})), d{-0.0}));
    CHECK(identical(vals(loom::intersect1d(loom::array<double>{-0.0, 1}, loom::array<double>{0.0})), d{-0.0}));
    CHECK(identical(vals(loom::intersect1d(loom::array<double>{0.0, 1}, loom::array<double>{-0.0})), d{0.0}));
    // types: intersect1d and union1d promote (int8 with float32: float32), setdiff1d keeps ar1's
    const loom::array<std::int8_t> i8 = {1, 2, 3};
    const loom::array<float> f32 = {2.5f, 3.0f};
    const auto it = loom::intersect1d(i8, f32);
    static_assert(std::is_same_v<decltype(it)::value_type, float>);
    CHECK(vals(it) == std::vector<float>{3.0f});
    const auto st = loom::setdiff1d(i8, f32);
    static_assert(std::is_same_v<decltype(st)::value_type, std::int8_t>);
    CHECK(vals(st) == std::vector<std::int8_t>{1, 2});
    CHECK(vals(loom::union1d(i8, f32)) == std::vector<float>{1.0f, 2.0f, 2.5f, 3.0f});
    // numbers: np.union1d(5, [1])
    CHECK(vals(loom::union1d(5, loom::array<int>{1})) == i{1, 5});
    CHECK(vals(loom::intersect1d(loom::array<bool>{true, false}, loom::array<bool>{true})) == std::vector<bool>{true});
    // assume_unique: np.intersect1d([3, 1, 1, 2], [1, 1, 3], assume_unique=True) repeats what repeats;
    // np.setdiff1d([3, 1, nan, 2], [1], assume_unique=True) keeps ar1's order
    CHECK(vals(loom::intersect1d(loom::array<int>{3, 1, 1, 2}, loom::array<int>{1, 1, 3}, true)) == i{1, 1, 1, 3});
    CHECK(identical(vals(loom::setdiff1d(loom::array<double>{3, 1, nan_v, 2}, loom::array<double>{1}, true)), d{3, nan_v, 2}));
    // an expression and a transposed view as operands
    const loom::array<int> m = {{4, 1}, {2, 4}};
    CHECK(vals(loom::intersect1d(m * 2, loom::permute_dims(m, {1, 0}))) == i{2, 4});
    CHECK(vals(loom::setdiff1d(loom::flip(m), m + 1)) == i{1, 4});
}
