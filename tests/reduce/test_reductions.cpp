// tests/reduce/test_reductions.cpp: sum, prod, mean, max, min, all, any and count_nonzero against a scalar reference over every axis set of ranks 0 to 4, layouts (views with negative steps, broadcast operands, expressions), element types, empty and NaN input, and as operands of larger expressions.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;
using ref::index_t;

namespace {

namespace rk = loom::detail::reduce_kind;

// The reference: Kind over the elements of x (row-major values of shape s)
// whose indices differ only on the axes red marks, in long double or in the
// accumulator type's own wrapping arithmetic, one element after another.
template <class Kind, class A, class V>
struct reference {
    std::vector<A> out;
    std::vector<std::size_t> shape;  // keepdims form
    std::vector<long double> sum_abs;  // sums: the size of what was added, for the tolerance
    std::vector<std::size_t> count;
};

template <class Kind, class A, class V>
reference<Kind, A, V> reduce_ref(const std::vector<V>& x, const std::vector<std::size_t>& s, const std::vector<bool>& red) {
    reference<Kind, A, V> r;
    for (std::size_t i = 0; i < s.size(); ++i) r.shape.push_back(red[i] ? 1 : s[i]);
    const std::size_t m = ref::count(r.shape);
    std::vector<long double> fl(m, 0.0L);
    std::vector<A> acc(m, Kind::template identity<A>());
    std::vector<bool> nan(m, false);
    r.sum_abs.assign(m, 0.0L);
    r.count.assign(m, 0);
    // the result's row-major strides, 0 along the reduced axes: element k of the result is
    // the dot product of an operand index with them (no allocation per element)
    std::vector<std::ptrdiff_t> to = ref::row_major(r.shape);
    for (std::size_t i = 0; i < s.size(); ++i)
        if (red[i]) to[i] = 0;
    std::size_t flat = 0;
    ref::for_each_index(s, [&](const index_t& idx) {
        std::ptrdiff_t at = 0;
        for (std::size_t i = 0; i < s.size(); ++i) at += static_cast<std::ptrdiff_t>(idx[i]) * to[i];
        const auto k = static_cast<std::size_t>(at);
        const V v = x[flat++];
        r.count[k] += 1;
        if constexpr (std::is_floating_point_v<V>) nan[k] = nan[k] || std::isnan(v);
        if constexpr (std::is_same_v<Kind, rk::sum> || std::is_same_v<Kind, rk::mean>) {
            fl[k] += static_cast<long double>(v);
            r.sum_abs[k] += std::fabs(static_cast<long double>(v));
            acc[k] = static_cast<A>(acc[k] + static_cast<A>(v));  // integers: exact or wrapping alike
        } else if constexpr (std::is_same_v<Kind, rk::prod>) {
            acc[k] = Kind::combine(acc[k], static_cast<A>(v));
        } else if constexpr (std::is_same_v<Kind, rk::max>) {
            if (!(static_cast<A>(v) <= acc[k])) acc[k] = static_cast<A>(v);
        } else if constexpr (std::is_same_v<Kind, rk::min>) {
            if (!(static_cast<A>(v) >= acc[k])) acc[k] = static_cast<A>(v);
        } else if constexpr (std::is_same_v<Kind, rk::all>) {
            acc[k] = acc[k] && v != V(0);
        } else if constexpr (std::is_same_v<Kind, rk::any>) {
            acc[k] = acc[k] || v != V(0);
        } else {
            acc[k] += v != V(0) ? 1 : 0;
        }
    });
    r.out.resize(m);
    for (std::size_t k = 0; k < m; ++k) {
        if constexpr (std::is_floating_point_v<A> && (std::is_same_v<Kind, rk::sum> || std::is_same_v<Kind, rk::mean>)) {
            r.out[k] = static_cast<A>(fl[k]);
            if constexpr (std::is_same_v<Kind, rk::mean>) r.out[k] = static_cast<A>(fl[k] / static_cast<long double>(r.count[k]));
        } else if constexpr (std::is_same_v<Kind, rk::mean>) {
            r.out[k] = static_cast<A>(fl[k] / static_cast<long double>(r.count[k]));
        } else {
            r.out[k] = acc[k];
        }
        if constexpr (std::is_floating_point_v<A> && (std::is_same_v<Kind, rk::max> || std::is_same_v<Kind, rk::min>))
            if (nan[k]) r.out[k] = std::numeric_limits<A>::quiet_NaN();
    }
    return r;
}

// Every subset of the axes of a rank-n operand, as axis lists (negative for odd subsets).
std::vector<std::vector<std::ptrdiff_t>> axis_sets(std::size_t n) {
    std::vector<std::vector<std::ptrdiff_t>> sets;
    for (std::size_t m = 0; m < (std::size_t{1} << n); ++m) {
        std::vector<std::ptrdiff_t> axes;
        for (std::size_t i = n; i-- > 0;)  // unordered: from the last axis down
            if ((m >> i) & 1) axes.push_back(m % 2 ? static_cast<std::ptrdiff_t>(i) - static_cast<std::ptrdiff_t>(n)
                                                   : static_cast<std::ptrdiff_t>(i));
        sets.push_back(axes);
    }
    return sets;
}

// The tolerance of a floating sum: a few units in the last place of the sum of
// magnitudes, times log2 of the count (pairwise grouping).
template <class A>
double sum_tolerance(long double sum_abs, std::size_t count) {
    const double eps = std::numeric_limits<A>::epsilon();
    return 4.0 * eps * static_cast<double>(sum_abs) * (std::log2(static_cast<double>(count) + 2.0) + 2.0);
}

// One law: Kind over the axes `axes` of operand x (any expression) matches the
// reference over its values, with and without keepdims, and through every
// spelling: a braced list, a vector, one integer, or none (every axis).
template <class Kind, class X>
std::string law(const X& x, const std::vector<std::ptrdiff_t>& axes, bool every) {
    using V = typename X::value_type;
    const std::vector<V> xs = ref::values(x);
    const shape_t xshape = x.shape();  // by value for an expression
    const std::vector<std::size_t> s(xshape.begin(), xshape.end());
    std::vector<bool> red(s.size(), every);
    for (std::ptrdiff_t a : axes) red[static_cast<std::size_t>(a < 0 ? a + static_cast<std::ptrdiff_t>(s.size()) : a)] = true;
    const auto call = [&](auto... keep) {
        if constexpr (std::is_same_v<Kind, rk::sum>) return every ? loom::sum(x, keep...) : loom::sum(x, axes, keep...);
        else if constexpr (std::is_same_v<Kind, rk::prod>) return every ? loom::prod(x, keep...) : loom::prod(x, axes, keep...);
        else if constexpr (std::is_same_v<Kind, rk::mean>) return every ? loom::mean(x, keep...) : loom::mean(x, axes, keep...);
        else if constexpr (std::is_same_v<Kind, rk::max>) return every ? loom::max(x, keep...) : loom::max(x, axes, keep...);
        else if constexpr (std::is_same_v<Kind, rk::min>) return every ? loom::min(x, keep...) : loom::min(x, axes, keep...);
        else if constexpr (std::is_same_v<Kind, rk::all>) return every ? loom::all(x, keep...) : loom::all(x, axes, keep...);
        else if constexpr (std::is_same_v<Kind, rk::any>) return every ? loom::any(x, keep...) : loom::any(x, axes, keep...);
        else return every ? loom::count_nonzero(x, keep...) : loom::count_nonzero(x, axes, keep...);
    };
    using R = typename decltype(call())::value_type;
    const auto want = reduce_ref<Kind, R>(xs, s, red);
    std::vector<std::size_t> squeezed;
    for (std::size_t i = 0; i < s.size(); ++i)
        if (!red[i]) squeezed.push_back(s[i]);
    for (const bool keep : {false, true}) {
        const loom::array<R> got = keep ? loom::array<R>(call(loom::keepdims)) : loom::array<R>(call());
        const auto& shape = keep ? want.shape : squeezed;
        if (std::string bad = ref::shape_mismatch(got, shape); !bad.empty()) return bad + (keep ? " (keepdims)" : "");
        for (std::size_t k = 0; k < want.out.size(); ++k) {
            const R g = got.data()[k], w = want.out[k];
            bool ok = ref::same(g, w);
            if constexpr (std::is_floating_point_v<R>) {
                if (!ok && (std::is_same_v<Kind, rk::sum> || std::is_same_v<Kind, rk::mean>)) {
                    double tol = sum_tolerance<R>(want.sum_abs[k], want.count[k]);
                    if (std::is_same_v<Kind, rk::mean> && want.count[k]) tol /= static_cast<double>(want.count[k]);
                    ok = ref::near(g, w, 0.0, tol);
                }
                if (!ok && std::is_same_v<Kind, rk::prod>) ok = ref::near(g, w, 1e-4, 0.0);
            }
            if (!ok)
                return "element " + std::to_string(k) + ": got " + ref::text(g) + ", want " + ref::text(w) +
                       (keep ? " (keepdims)" : "");
        }
    }
    return "";
}

template <class Kind, class X>
void laws_over_axes(const X& x) {
    INFO("operand shape " << loom::detail::to_string(x.shape()));
    CHECK(law<Kind>(x, {}, true) == "");
    for (const auto& axes : axis_sets(x.ndim())) {
        INFO("axes " << loom::detail::to_string(axes));
        CHECK(law<Kind>(x, axes, false) == "");
    }
}

// Shapes of ranks 0 to 4 with size-1 axes and lengths around the SIMD widths.
const std::vector<std::vector<std::size_t>> law_shapes = {
    {}, {1}, {7}, {67}, {2, 700}, {1, 5}, {3, 1}, {4, 33}, {17, 9}, {2, 3, 4}, {5, 1, 19}, {2, 3, 1, 5}, {3, 2, 4, 6},
};

template <class Kind, class T>
void laws_for() {
    for (const auto& s : law_shapes) {
        const loom::array<T> a = ref::filled<T>(s, 3);
        laws_over_axes<Kind>(a);
    }
    // a view with negative steps, a broadcast (stride 0) operand, an expression
    const loom::array<T> g = ref::filled<T>({6, 9, 8}, 5);
    laws_over_axes<Kind>(loom::view(g, loom::range(loom::none, loom::none, -1), loom::range(1, 8, 2), loom::range(loom::none, loom::none, -3)));
    laws_over_axes<Kind>(loom::view(g, 2, loom::all, loom::range(1, 7)));
    const loom::array<T> row = ref::filled<T>({1, 10}, 7);
    laws_over_axes<Kind>(loom::broadcast_to(row, shape_t{6, 10}));
    if constexpr (!std::is_same_v<T, bool>) {
        const loom::array<T> b = ref::filled<T>({9, 8}, 9);
        laws_over_axes<Kind>(view(g, loom::range(0, 4)) - b);  // fused: an expression with broadcasting
    }
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("sum, mean and count_nonzero match the reference over every axis set", "[reduce]", ref::all_types) {
    laws_for<rk::sum, TestType>();
    laws_for<rk::count, TestType>();
    if constexpr (!std::is_same_v<TestType, bool>) laws_for<rk::mean, TestType>();
}

TEMPLATE_LIST_TEST_CASE("max, min, all and any match the reference over every axis set", "[reduce]", ref::all_types) {
    laws_for<rk::max, TestType>();
    laws_for<rk::min, TestType>();
    laws_for<rk::all, TestType>();
    laws_for<rk::any, TestType>();
}

TEMPLATE_LIST_TEST_CASE("prod matches the reference over every axis set of small operands", "[reduce]", ref::number_types) {
    for (const auto& s : std::vector<std::vector<std::size_t>>{{}, {5}, {2, 3}, {3, 1, 4}, {2, 2, 1, 3}}) {
        const loom::array<TestType> a = ref::filled<TestType>(s, 11);
        laws_over_axes<rk::prod>(a);
    }
}

TEST_CASE("result element types follow the Array API", "[reduce]") {
    const loom::array<std::int8_t> i8(shape_t{2});
    const loom::array<std::uint16_t> u16(shape_t{2});
    const loom::array<bool> b(shape_t{2});
    const loom::array<float> f(shape_t{2});
    STATIC_REQUIRE(std::is_same_v<decltype(loom::sum(i8))::value_type, std::int64_t>);
    STATIC_REQUIRE(std::is_same_v<decltype(loom::sum(u16))::value_type, std::uint64_t>);
    STATIC_REQUIRE(std::is_same_v<decltype(loom::sum(b))::value_type, std::int64_t>);
    STATIC_REQUIRE(std::is_same_v<decltype(loom::sum(f))::value_type, float>);
    STATIC_REQUIRE(std::is_same_v<decltype(loom::prod(i8))::value_type, std::int64_t>);
    STATIC_REQUIRE(std::is_same_v<decltype(loom::mean(i8))::value_type, double>);
    STATIC_REQUIRE(std::is_same_v<decltype(loom::mean(f))::value_type, float>);
    STATIC_REQUIRE(std::is_same_v<decltype(loom::max(i8))::value_type, std::int8_t>);
    STATIC_REQUIRE(std::is_same_v<decltype(loom::min(u16, 0))::value_type, std::uint16_t>);
    STATIC_REQUIRE(std::is_same_v<decltype(loom::all(f))::value_type, bool>);
    STATIC_REQUIRE(std::is_same_v<decltype(loom::any(f, 0, loom::keepdims))::value_type, bool>);
    STATIC_REQUIRE(std::is_same_v<decltype(loom::count_nonzero(f))::value_type, std::int64_t>);
    STATIC_REQUIRE(std::is_same_v<decltype(loom::sum<double>(i8))::value_type, double>);
    STATIC_REQUIRE(std::is_same_v<decltype(loom::sum<float>(f, {0}))::value_type, float>);
}

TEST_CASE("sum<U> computes in U", "[reduce]") {
    const loom::array<std::int8_t> a = {100, 100, 100};
    CHECK(static_cast<std::int64_t>(loom::sum(a)) == 300);
    CHECK(static_cast<double>(loom::sum<double>(a)) == 300.0);
    CHECK(static_cast<std::int8_t>(loom::sum<std::int8_t>(a)) == static_cast<std::int8_t>(300 - 256));  // wraps in int8
    const loom::array<float> f = {0.5f, 0.25f};
    CHECK(static_cast<double>(loom::sum<double>(f * 2.0f)) == 1.5);
}

TEST_CASE("float sums are accurate along every axis: 2e7 ones in float32", "[reduce]") {
    const loom::array<float> ones(shape_t{20000000, 2}, 1.0f);
    const loom::array<float> s0 = loom::sum(ones, 0);
    CHECK(s0.data()[0] == 2e7f);
    CHECK(s0.data()[1] == 2e7f);
    CHECK(static_cast<float>(loom::sum(ones)) == 4e7f);
    const loom::array<float> m0 = loom::mean(ones, 0);
    CHECK(m0.data()[0] == 1.0f);
    const loom::array<float> s1 = loom::sum(loom::view(ones, loom::all, 0));  // strided
    CHECK(s1.data()[0] == 2e7f);
    const loom::array<float> col(shape_t{2, 20000000}, 1.0f);
    const loom::array<float> c1 = loom::sum(col, 1);
    CHECK(c1.data()[0] == 2e7f);
    CHECK(c1.data()[1] == 2e7f);
    // an alternating series whose naive float sum drifts: pairwise keeps it within eps * log2(N)
    loom::array<float> t(shape_t{1 << 22});
    for (std::size_t i = 0; i < t.size(); ++i) t.data()[i] = 0.1f;
    const double want = 0.1f * static_cast<double>(t.size());
    CHECK(std::fabs(static_cast<float>(loom::sum(t)) - want) <= want * 1e-6);
    const loom::array<float> tc = loom::sum(loom::reshape(t, shape_t{1 << 20, 4}), 0);
    CHECK(std::fabs(tc.data()[0] - want / 4) <= want / 4 * 1e-6);
}

TEST_CASE("empty reductions: identities, NaN means, and max/min throw naming the function and shape", "[reduce]") {
    const loom::array<double> e(shape_t{0, 3});
    CHECK(ref::values(loom::sum(e, 0)) == std::vector<double>{0, 0, 0});
    CHECK(ref::values(loom::prod(e, 0)) == std::vector<double>{1, 1, 1});
    CHECK(ref::values(loom::all(e, 0)) == std::vector<bool>{true, true, true});
    CHECK(ref::values(loom::any(e, 0)) == std::vector<bool>{false, false, false});
    CHECK(ref::values(loom::count_nonzero(e, 0)) == std::vector<std::int64_t>{0, 0, 0});
    CHECK(std::isnan(static_cast<double>(loom::mean(e))));
    CHECK(loom::sum(e, 1).shape() == shape_t{0});  // no reduction at all: empty, no error
    CHECK(loom::array<double>(loom::max(e, 1)).shape() == shape_t{0});
    const std::string m = ref::what_of<std::invalid_argument>([&] { loom::array<double> r = loom::max(e, 0); });
    CHECK(ref::has(m, "loom::max"));
    CHECK(ref::has(m, "(0, 3)"));
    CHECK(ref::has(ref::what_of<std::invalid_argument>([&] { (void)static_cast<double>(loom::min(e)); }), "loom::min"));
}

TEST_CASE("NaN propagates through max and min and counts as true", "[reduce]") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    loom::array<double> a = ref::iota<double>({3, 40});
    a.data()[45] = nan;
    const loom::array<double> m1 = loom::max(a, 1), m0 = loom::min(a, 0);
    CHECK(m1.data()[0] == 39.0);
    CHECK(std::isnan(m1.data()[1]));
    CHECK(m1.data()[2] == 119.0);
    CHECK(std::isnan(m0.data()[5]));
    CHECK(m0.data()[6] == 6.0);
    CHECK(std::isnan(static_cast<double>(loom::max(a))));
    const loom::array<double> z = {0.0, nan};
    CHECK(static_cast<bool>(loom::any(z)));
    CHECK_FALSE(static_cast<bool>(loom::all(z)));
    CHECK(static_cast<std::int64_t>(loom::count_nonzero(z)) == 1);
}

TEST_CASE("bad axes throw index_error naming them; nothing is written", "[reduce]") {
    const loom::array<double> a = ref::iota<double>({2, 3});
    loom::array<double> r(shape_t{3}, 7.0);
    CHECK(ref::has(ref::what_of<loom::index_error>([&] { r = loom::sum(a, 2); }), "axis 2 is out of range"));
    CHECK(ref::has(ref::what_of<loom::index_error>([&] { r = loom::sum(a, -3); }), "axis -3"));
    CHECK(ref::has(ref::what_of<loom::index_error>([&] { r = loom::sum(a, {1, -1}); }), "more than once"));
    CHECK(ref::values(r) == std::vector<double>{7, 7, 7});
    CHECK(ref::has(ref::what_of<std::invalid_argument>([&] { (void)static_cast<double>(loom::sum(a, 0)); }),
                   "only a reduction of one element"));
}

TEST_CASE("a reduction assigned alone takes no element-wise pass: it reads its target first, keeps a tensor's rank", "[reduce]") {
    loom::array<double> a = ref::iota<double>({2, 3});  // 0 1 2 / 3 4 5
    const double* const old = a.data();
    a = loom::sum(a, 0);  // reads a, then a takes the sums' buffer
    CHECK(a.shape() == shape_t{3});
    CHECK(ref::values(a) == std::vector<double>{3, 5, 7});
    CHECK(a.data() != old);
    loom::array<double> k = loom::max(ref::iota<double>({2, 3}), 1, loom::keepdims);
    CHECK(k.shape() == shape_t{2, 1});
    CHECK(ref::values(k) == std::vector<double>{2, 5});
    const loom::array<double> e = loom::sum(loom::array<double>(shape_t{0, 4}), 0);  // an empty operand: zeros
    CHECK(ref::values(e) == std::vector<double>{0, 0, 0, 0});
    const loom::array<double> none = loom::sum(loom::array<double>(shape_t{4, 0}), 0);  // an empty result
    CHECK(none.shape() == shape_t{0});
    const loom::array<std::int64_t> c = loom::cumulative_sum(loom::array<std::int64_t>{1, 2, 3}, loom::include_initial);
    CHECK(ref::values(c) == std::vector<std::int64_t>{0, 1, 3, 6});
    loom::tensor<double, 1> t = loom::mean(ref::iota<double>({2, 2}), 1);
    CHECK(ref::values(t) == std::vector<double>{0.5, 2.5});
    // a tensor of another rank throws before it changes
    loom::tensor<double, 2> t2 = ref::iota<double>({2, 2});
    CHECK(ref::has(ref::what_of<loom::broadcast_error>([&] { t2 = loom::sum(t2, 0); }), "rank 2"));
    CHECK(ref::values(t2) == std::vector<double>{0, 1, 2, 3});
    // another element type converts through the element-wise pass
    const loom::array<float> f = loom::sum(ref::iota<double>({2, 3}), 1);
    CHECK(ref::values(f) == std::vector<float>{3, 12});
}

TEST_CASE("a reduction assigned alone into memory of its shape is computed there, unless its operand is that memory", "[reduce]") {
    const loom::array<double> x = ref::iota<double>({3, 4});  // 0..11
    // value mode, the target already of the result's shape: its buffer kept
    loom::array<double> r = loom::zeros<double>(shape_t{4});
    const double* const kept = r.data();
    r = loom::sum(x, 0);
    CHECK(r.data() == kept);
    CHECK(ref::values(r) == std::vector<double>{12, 15, 18, 21});
    r = loom::mean(x, 0);
    CHECK(r.data() == kept);
    CHECK(ref::values(r) == std::vector<double>{4, 5, 6, 7});
    // in place, into a contiguous row of a matrix, and into a strided column
    loom::array<double> m = loom::zeros<double>(shape_t{2, 4});
    loom::view(m, 1, loom::all) = loom::max(x, 0);
    CHECK(ref::values(m) == std::vector<double>{0, 0, 0, 0, 8, 9, 10, 11});
    loom::array<double> c = loom::zeros<double>(shape_t{3, 2});
    loom::view(c, loom::all, 1) = loom::sum(x, 1);
    CHECK(ref::values(c) == std::vector<double>{0, 6, 0, 22, 0, 38});
    // the operand is the target's memory: its values as they were before the assignment
    loom::array<double> y = ref::iota<double>({3, 4});
    loom::view(y, 0, loom::all) = loom::max(y, 0);
    CHECK(ref::values(y) == std::vector<double>{8, 9, 10, 11, 4, 5, 6, 7, 8, 9, 10, 11});
    loom::array<double> s = ref::iota<double>({4});
    s = loom::cumulative_sum(s);  // the same shape, read in place: through a buffer of its own
    CHECK(ref::values(s) == std::vector<double>{0, 1, 3, 6});
    // an error leaves the target as it was
    loom::array<double> e = loom::full<double>(shape_t{4}, 7.0);
    CHECK_THROWS_AS(e = loom::max(loom::array<double>(shape_t{0, 4}), 0), std::invalid_argument);
    CHECK(ref::values(e) == std::vector<double>{7, 7, 7, 7});
}

TEST_CASE("a one-element reduction converts to a number; any other shape throws before anything is computed", "[reduce]") {
    const loom::array<double> x = ref::iota<double>({2, 3});
    CHECK(static_cast<double>(loom::sum(x)) == 15.0);
    CHECK(static_cast<double>(loom::mean(loom::view(x, loom::all, 0))) == 1.5);
    CHECK(static_cast<double>(loom::max(loom::mask(x, x > 1.0))) == 5.0);
    CHECK_THROWS_WITH(static_cast<double>(loom::sum(x, 0)), Catch::Contains("only a reduction of one element") &&
                                                                Catch::Contains("(3,)"));
}

TEST_CASE("arithmetic on one-element reductions and numbers converts to a number", "[reduce]") {
    const loom::array<double> x = ref::iota<double>({2, 3});
    const double half = 0.5 * loom::sum(x);
    CHECK(half == 7.5);
    const double norm = loom::sqrt(loom::sum(x * x));
    CHECK(norm == Approx(std::sqrt(55.0)));
    const double range = loom::max(x) - loom::min(x);
    CHECK(range == 5.0);
    const float f = loom::sum(loom::astype<float>(x)) / 2.0f;
    CHECK(f == 7.5f);
    // still lazy where an array is expected: the mean broadcasts against x
    const loom::array<double> centred = x - (loom::sum(x) / 6.0);
    CHECK(centred(0, 0) == -2.5);
    double out = 0;
    CHECK_THROWS_WITH(out = 0.5 * loom::sum(x, 0), Catch::Contains("only an expression of one element") &&
                                                   Catch::Contains("(3,)"));
    CHECK(out == 0);
}

TEST_CASE("nodes hold no state: one expression with reductions evaluated by several threads at once", "[reduce]") {
    const loom::array<double> x = ref::iota<double>({64, 33});
    const auto e = x - loom::mean(x, 0) + loom::in_dim(loom::sum(x, 1), {0}) + loom::max(loom::mask(x, x > 100.0));
    const loom::array<double> want = e;
    std::vector<int> wrong(2, 0);
    std::vector<std::thread> threads;
    for (int t = 0; t < 2; ++t)
        threads.emplace_back([&, t] {
            for (int i = 0; i < 200; ++i) {
                const loom::array<double> got = e;
                wrong[static_cast<std::size_t>(t)] += !(ref::values(got) == ref::values(want));
            }
        });
    for (auto& th : threads) th.join();
    CHECK(wrong == std::vector<int>{0, 0});
    // and as operands of operands: a reduction over an expression holding reductions
    const loom::array<double> nested = loom::sum(x - loom::mean(x, 0), 1) + loom::max(loom::cumulative_sum(loom::view(x, 0, loom::all)));
    const loom::array<double> centred = x - loom::mean(x, 0);
    const loom::array<double> row_sums = loom::sum(centred, 1);
    const double top = loom::max(loom::cumulative_sum(loom::view(x, 0, loom::all)));
    REQUIRE(nested.shape() == shape_t{64});
    for (std::size_t i = 0; i < 64; ++i) CHECK(nested(i) == Approx(row_sums(i) + top).margin(1e-9));
}

TEST_CASE("reductions as operands: normalisation, softmax, in place, over views and expressions", "[reduce]") {
    const loom::array<double> x = ref::filled<double>({5, 7}, 2);
    const auto& X = x;
    // x - max(x, -1, keepdims) and a softmax over the rows
    const loom::array<double> d = x - loom::max(x, -1, loom::keepdims);
    const loom::array<double> e = loom::exp(x - loom::max(x, -1, loom::keepdims));
    const loom::array<double> sm = e / loom::sum(e, -1, loom::keepdims);
    const loom::array<double> sm2 =
        loom::exp(x - loom::max(x, -1, loom::keepdims)) / loom::sum(loom::exp(x - loom::max(x, -1, loom::keepdims)), -1, loom::keepdims);
    for (std::size_t i = 0; i < 5; ++i) {
        double mx = -1e300, tot = 0;
        for (std::size_t j = 0; j < 7; ++j) mx = std::max(mx, X.data()[i * 7 + j]);
        for (std::size_t j = 0; j < 7; ++j) tot += std::exp(X.data()[i * 7 + j] - mx);
        for (std::size_t j = 0; j < 7; ++j) {
            CHECK(d.data()[i * 7 + j] == X.data()[i * 7 + j] - mx);
            CHECK(sm.data()[i * 7 + j] == Approx(std::exp(X.data()[i * 7 + j] - mx) / tot).epsilon(1e-14));
            CHECK(sm2.data()[i * 7 + j] == Approx(sm.data()[i * 7 + j]).epsilon(1e-15));
        }
    }
    // column normalisation (x - mean) / the root mean square of the deviations
    const loom::array<double> z = (x - loom::mean(x, 0, loom::keepdims)) /
                                  loom::sqrt(loom::mean(loom::square(x - loom::mean(x, 0, loom::keepdims)), 0, loom::keepdims));
    const loom::array<double> zm = loom::mean(z, 0);
    for (double v : ref::values(zm)) CHECK(std::fabs(v) < 1e-14);
    // in place, under the in-place rule: r += sum(x, 0); x -= max(x) reads x before writing it
    loom::array<double> r(shape_t{7}, 1.0);
    r += loom::sum(x, 0);
    for (std::size_t j = 0; j < 7; ++j) {
        double c = 1.0;
        for (std::size_t i = 0; i < 5; ++i) c += X.data()[i * 7 + j];
        CHECK(r.data()[j] == Approx(c).epsilon(1e-15));
    }
    loom::array<double> y = x;
    const double ymax = loom::max(y);
    y -= loom::max(y);
    CHECK(static_cast<double>(loom::max(y)) == 0.0);
    CHECK(static_cast<double>(loom::min(y)) == static_cast<double>(loom::min(x)) - ymax);
    // a reduction that does not broadcast to the target leaves it as it was
    loom::array<double> t(shape_t{5}, 3.0);
    CHECK_THROWS_AS(t += loom::sum(x, 0), loom::broadcast_error);
    CHECK(ref::values(t) == std::vector<double>(5, 3.0));
    // into a view of the operand itself: computed before anything is written
    loom::array<double> w = x;
    loom::view(w, 0) = loom::sum(w, 0);
    const loom::array<double> s0 = loom::sum(x, 0);
    CHECK(ref::values(loom::view(w, 0)) == ref::values(s0));
    // a dot product and a norm of expressions, as numbers
    const loom::array<double> a = ref::filled<double>({1000}, 4), b = ref::filled<double>({1000}, 6);
    double dot = 0, nrm = 0;
    for (std::size_t i = 0; i < 1000; ++i) {
        dot += a.data()[i] * b.data()[i];
        nrm += a.data()[i] * a.data()[i];
    }
    const double got = loom::sum(a * b);
    CHECK(got == Approx(dot).epsilon(1e-13));
    const loom::array<double> norm = loom::sqrt(loom::sum(loom::square(a)));
    CHECK(norm.data()[0] == Approx(std::sqrt(nrm)).epsilon(1e-13));
    // one reduction node used twice in a tree, and evaluated by two assignments
    const auto mx = loom::max(x, 0);
    const loom::array<double> twice = mx + mx;
    const loom::array<double> again = mx * 2.0;
    CHECK(ref::values(twice) == ref::values(again));
}

namespace {

// The reference variance over the reduced axes of a rank-2 operand by the
// definition, in long double: the mean, then the mean of squared deviations.
std::vector<double> var_ref(const std::vector<double>& x, std::size_t m, std::size_t n, int axis, double c) {
    std::vector<double> out;
    const std::size_t lines = axis == 0 ? n : m, len = axis == 0 ? m : n;
    for (std::size_t l = 0; l < lines; ++l) {
        const auto at = [&](std::size_t i) { return axis == 0 ? x[i * n + l] : x[l * n + i]; };
        long double mu = 0, v = 0;
        for (std::size_t i = 0; i < len; ++i) mu += at(i);
        mu /= static_cast<long double>(len);
        for (std::size_t i = 0; i < len; ++i) v += (at(i) - mu) * (at(i) - mu);
        const double dof = static_cast<double>(len) - c;
        out.push_back(dof > 0 ? static_cast<double>(v / dof) : std::numeric_limits<double>::quiet_NaN());
    }
    return out;
}

}  // namespace

TEST_CASE("var and stddev: two passes, correction, NaN without degrees of freedom", "[reduce]") {
    // values around 1e8 with a spread of 1: E[x^2] - E[x]^2 would lose every digit
    loom::array<double> x(shape_t{50, 7});
    for (std::size_t i = 0; i < x.size(); ++i) x.data()[i] = 1e8 + ref::pattern<double>(i, 3);
    const std::vector<double> xs = ref::values(x);
    for (int axis : {0, 1}) {
        for (double c : {0.0, 1.0}) {
            const loom::array<double> v = loom::var(x, axis, loom::correction(c));
            const loom::array<double> sd = loom::stddev(x, axis, loom::keepdims, loom::correction(c));
            const std::vector<double> want = var_ref(xs, 50, 7, axis, c);
            REQUIRE(v.size() == want.size());
            for (std::size_t k = 0; k < want.size(); ++k) {
                CHECK(v.data()[k] == Approx(want[k]).epsilon(1e-9));
                CHECK(sd.data()[k] == Approx(std::sqrt(want[k])).epsilon(1e-9));
            }
            CHECK(sd.shape() == (axis == 0 ? shape_t{1, 7} : shape_t{50, 1}));
        }
    }
    const loom::array<float> f = {1.0f, 2.0f, 3.0f, 4.0f};
    STATIC_REQUIRE(std::is_same_v<decltype(loom::var(f))::value_type, float>);
    STATIC_REQUIRE(std::is_same_v<decltype(loom::stddev(loom::array<int>{}))::value_type, double>);
    CHECK(static_cast<float>(loom::var(f)) == 1.25f);
    CHECK(static_cast<float>(loom::var(f, {0}, loom::correction(1))) == Approx(5.0f / 3.0f));
    CHECK(std::isnan(static_cast<float>(loom::var(f, loom::correction(4)))));
    CHECK(std::isnan(static_cast<double>(loom::stddev(loom::array<double>(shape_t{0})))));
    const loom::array<int> i = {1, 2, 3, 4};
    CHECK(static_cast<double>(loom::stddev(i)) == Approx(std::sqrt(1.25)));
    const loom::array<double> z = (x - loom::mean(x, 0, loom::keepdims)) / loom::stddev(x, 0, loom::keepdims);
    for (double v : ref::values(loom::stddev(z, 0))) CHECK(v == Approx(1.0).epsilon(1e-9));
}

TEST_CASE("an assignment shares a mean only between nodes over the same memory, layout, axes and type", "[reduce]") {
    loom::array<double> x(shape_t{6, 5});
    for (std::size_t i = 0; i < x.size(); ++i) x.data()[i] = ref::pattern<double>(i, 5) * double(i % 7 + 1);
    const auto each = [](const auto& e) { return ref::values(loom::array<double>(e)); };
    const auto same = [](const std::vector<double>& a, const std::vector<double>& b) {
        REQUIRE(a.size() == b.size());
        for (std::size_t k = 0; k < a.size(); ++k) CHECK(a[k] == b[k]);
    };
    // one node alone computes its own mean: the reference for the shared ones
    const std::vector<double> mu0 = each(loom::mean(x, 0, loom::keepdims)), mu1 = each(loom::mean(x, 1, loom::keepdims));
    const std::vector<double> sd0 = each(loom::stddev(x, 0, loom::keepdims)), sd1 = each(loom::stddev(x, 1, loom::keepdims));
    const std::vector<double> vt = each(loom::var(loom::transpose(x), 0)), v1 = each(loom::var(x, 1));
    const std::vector<float> muf = ref::values(loom::array<float>(loom::mean<float>(x, 1, loom::keepdims)));
    // mean and stddev of x over one axis, in either order, and next to other axes, views and types
    const loom::array<double> a = loom::mean(x, 0, loom::keepdims) + 10.0 * loom::stddev(x, 0, loom::keepdims) +
                                  100.0 * loom::mean(x, 1, loom::keepdims) + 1000.0 * loom::stddev(x, 1, loom::keepdims);
    const loom::array<double> b = loom::stddev(x, 1, loom::keepdims) + 10.0 * loom::mean(x, 1, loom::keepdims) +
                                  100.0 * loom::mean<float>(x, 1, loom::keepdims);
    const loom::array<double> c = loom::var(loom::transpose(x), 0) + 10.0 * loom::mean(x, 1) + 100.0 * loom::var(x, 1);
    const std::vector<double> av = ref::values(a), bv = ref::values(b), cv = ref::values(c);
    REQUIRE(av.size() == 30);
    REQUIRE(bv.size() == 6);
    REQUIRE(cv.size() == 6);
    // the same sums of the nodes computed alone, by the same evaluator (a
    // reference written as C++ arithmetic may be contracted into FMAs)
    const loom::array<double> M0 = loom::mean(x, 0, loom::keepdims), S0 = loom::stddev(x, 0, loom::keepdims);
    const loom::array<double> M1 = loom::mean(x, 1, loom::keepdims), S1 = loom::stddev(x, 1, loom::keepdims);
    const loom::array<double> VT = loom::var(loom::transpose(x), 0), V1 = loom::var(x, 1), M1r = loom::mean(x, 1);
    const loom::array<float> MF = loom::mean<float>(x, 1, loom::keepdims);
    same(av, each(M0 + 10.0 * S0 + 100.0 * M1 + 1000.0 * S1));
    same(bv, each(S1 + 10.0 * M1 + 100.0 * MF));
    same(cv, each(VT + 10.0 * M1r + 100.0 * V1));
    // which are the nodes' own values
    for (std::size_t i = 0; i < 6; ++i) {
        CHECK(M1.data()[i] == mu1[i]);
        CHECK(S1.data()[i] == sd1[i]);
        CHECK(VT.data()[i] == vt[i]);
        CHECK(V1.data()[i] == v1[i]);
        CHECK(MF.data()[i] == muf[i]);
    }
    for (std::size_t j = 0; j < 5; ++j) CHECK((M0.data()[j] == mu0[j] && S0.data()[j] == sd0[j]));
    // the next assignment computes anew: nothing is kept past one assignment
    loom::array<double> z = (x - loom::mean(x, 0, loom::keepdims)) / loom::stddev(x, 0, loom::keepdims);
    x *= 3.0;
    x += 1.0;
    z = (x - loom::mean(x, 0, loom::keepdims)) / loom::stddev(x, 0, loom::keepdims);
    same(ref::values(z), each((x - loom::array<double>(loom::mean(x, 0, loom::keepdims))) /
                              loom::array<double>(loom::stddev(x, 0, loom::keepdims))));
    // the same memory through another view is another operand
    const auto h = loom::view(x, loom::range(0, 3));
    same(each(loom::mean(h, 0) + 0.0 * loom::mean(x, 0) + loom::stddev(h, 0)),
         each(loom::array<double>(loom::mean(h, 0)) + loom::array<double>(loom::stddev(h, 0))));
}

TEST_CASE("argmax and argmin: flattened or along an axis, first of ties, NaN as the extreme", "[reduce]") {
    const loom::array<double> x = {{3, 1, 3, -2}, {0, 7, 7, -2}, {5, 5, 5, 5}};
    STATIC_REQUIRE(std::is_same_v<decltype(loom::argmax(x))::value_type, std::int64_t>);
    CHECK(static_cast<std::int64_t>(loom::argmax(x)) == 5);
    CHECK(static_cast<std::int64_t>(loom::argmin(x)) == 3);
    CHECK(ref::values(loom::argmax(x, 1)) == std::vector<std::int64_t>{0, 1, 0});
    CHECK(ref::values(loom::argmin(x, 1)) == std::vector<std::int64_t>{3, 3, 0});
    CHECK(ref::values(loom::argmax(x, 0)) == std::vector<std::int64_t>{2, 1, 1, 2});
    CHECK(ref::values(loom::argmin(x, -2)) == std::vector<std::int64_t>{1, 0, 0, 0});
    CHECK(loom::argmax(x, 1, loom::keepdims).shape() == shape_t{3, 1});
    CHECK(loom::argmax(x, loom::keepdims).shape() == shape_t{1, 1});
    // over a view with negative steps and an expression: indices of the operand as it reads
    const auto rev = loom::view(x, loom::all, loom::range(loom::none, loom::none, -1));
    CHECK(ref::values(loom::argmax(rev, 1)) == std::vector<std::int64_t>{1, 1, 0});
    CHECK(static_cast<std::int64_t>(loom::argmin(x * -1.0)) == 5);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const loom::array<double> n = {{1, nan, 3, nan}, {2, 4, 4, 1}};
    CHECK(ref::values(loom::argmax(n, 1)) == std::vector<std::int64_t>{1, 1});
    CHECK(ref::values(loom::argmin(n, 1)) == std::vector<std::int64_t>{1, 3});
    CHECK(static_cast<std::int64_t>(loom::argmax(n)) == 1);
    const loom::array<std::uint8_t> u = {4, 9, 9, 0};
    CHECK(static_cast<std::int64_t>(loom::argmax(u)) == 1);
    const loom::array<double> e(shape_t{2, 0});
    CHECK(ref::has(ref::what_of<std::invalid_argument>([&] { (void)static_cast<std::int64_t>(loom::argmax(e)); }), "loom::argmax"));
    CHECK(ref::has(ref::what_of<std::invalid_argument>([&] { loom::array<std::int64_t> r = loom::argmin(e, 1); }), "(2, 0)"));
    CHECK(loom::array<std::int64_t>(loom::argmin(e, 0)).shape() == shape_t{0});
    CHECK(ref::has(ref::what_of<loom::index_error>([&] { loom::array<std::int64_t> r = loom::argmax(x, 2); }), "axis 2"));
}

TEST_CASE("cumulative_sum and cumulative_prod: along an axis, include_initial, element types", "[reduce]") {
    const loom::array<int> v = {1, 2, 3, 4};
    STATIC_REQUIRE(std::is_same_v<decltype(loom::cumulative_sum(v))::value_type, std::int64_t>);
    CHECK(ref::values(loom::cumulative_sum(v)) == std::vector<std::int64_t>{1, 3, 6, 10});
    CHECK(ref::values(loom::cumulative_sum(v, loom::include_initial)) == std::vector<std::int64_t>{0, 1, 3, 6, 10});
    CHECK(ref::values(loom::cumulative_prod(v, 0, loom::include_initial)) == std::vector<std::int64_t>{1, 1, 2, 6, 24});
    const loom::array<double> x = ref::filled<double>({3, 4, 5}, 8);
    const std::vector<double> xs = ref::values(x);
    for (int axis : {0, 1, 2, -1}) {
        const std::size_t a = static_cast<std::size_t>(axis < 0 ? axis + 3 : axis);
        for (bool initial : {false, true}) {
            const loom::array<double> c = initial ? loom::array<double>(loom::cumulative_sum(x, axis, loom::include_initial))
                                                  : loom::array<double>(loom::cumulative_sum(x, axis));
            std::vector<std::size_t> cs = {3, 4, 5};
            cs[a] += initial ? 1 : 0;
            CHECK(ref::mismatch_near(c, cs, [&](const index_t& idx) {
                      double s = 0;
                      const std::size_t upto = idx[a] + (initial ? 0 : 1);
                      for (std::size_t k = 0; k < upto; ++k) {
                          index_t j = idx;
                          j[a] = k;
                          s += xs[static_cast<std::size_t>(ref::offset(j, {3, 4, 5}))];
                      }
                      return s;
                  }, 1e-13, 1e-13) == "");
        }
    }
    CHECK(ref::has(ref::what_of<std::invalid_argument>([&] { loom::array<double> r = loom::cumulative_sum(x); }), "needs an axis"));
    CHECK(ref::has(ref::what_of<loom::index_error>([&] { loom::array<double> r = loom::cumulative_sum(x, 3); }), "axis 3"));
    const loom::array<double> e(shape_t{2, 0});
    CHECK(loom::array<double>(loom::cumulative_sum(e, 1, loom::include_initial)).shape() == shape_t{2, 1});
    CHECK(ref::values(loom::cumulative_sum(e, 1, loom::include_initial)) == std::vector<double>{0, 0});
    // as an operand, and over a reversed view
    const loom::array<double> d = loom::cumulative_sum(v, loom::include_initial) * 2.0;
    CHECK(ref::values(d) == std::vector<double>{0, 2, 6, 12, 20});
    const auto rv = loom::view(v, loom::range(loom::none, loom::none, -1));
    CHECK(ref::values(loom::cumulative_sum(rv)) == std::vector<std::int64_t>{4, 7, 9, 10});
}

TEST_CASE("vecdot: products summed over an axis, broadcasting, the products' element type", "[reduce]") {
    const loom::array<double> a = ref::filled<double>({4, 3}, 1);
    const loom::array<double> b = ref::filled<double>({3}, 2);
    const loom::array<double> r = loom::vecdot(a, b);
    CHECK(ref::mismatch_near(r, {4}, [&](const index_t& idx) {
              double s = 0;
              for (std::size_t k = 0; k < 3; ++k) s += a.data()[idx[0] * 3 + k] * b.data()[k];
              return s;
          }, 1e-14) == "");
    const loom::array<double> c = ref::filled<double>({4, 1}, 3);
    const loom::array<double> r0 = loom::vecdot(a, c, 0);  // (4, 3) with (4, 1): over the first axis
    CHECK(ref::mismatch_near(r0, {3}, [&](const index_t& idx) {
              double s = 0;
              for (std::size_t k = 0; k < 4; ++k) s += a.data()[k * 3 + idx[0]] * c.data()[k];
              return s;
          }, 1e-14) == "");
    const loom::array<std::int32_t> i = {1, 2, 3};
    STATIC_REQUIRE(std::is_same_v<decltype(loom::vecdot(i, i))::value_type, std::int32_t>);
    CHECK(static_cast<std::int32_t>(loom::vecdot(i, i)) == 14);
    CHECK_THROWS_AS(loom::array<double>(loom::vecdot(a, ref::filled<double>({2}, 1))), loom::broadcast_error);
}

// The distance-like law: Kind over the last axis (d elements) of f(X(m,1,d), Y(1,n,d)),
// against a loop over the same elements in order.
template <class Kind, class T, class R, class F, class G>
void short_law(std::size_t d, F&& op, G&& loom_call) {
    const std::size_t m = 5, n = 37;  // n: batches and a tail
    const loom::array<T> X = ref::filled<T>({m, 1, d}, 3), Y = ref::filled<T>({1, n, d}, 4);
    INFO("d = " << d);
    const loom::array<R> got = loom_call(X, Y);
    REQUIRE(got.shape() == shape_t{m, n});
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < n; ++j) {
            R a = static_cast<R>(op(X.data()[i * d], Y.data()[j * d]));
            for (std::size_t k = 1; k < d; ++k) a = Kind::combine(a, static_cast<R>(op(X.data()[i * d + k], Y.data()[j * d + k])));
            if constexpr (std::is_same_v<Kind, rk::mean>) a = a / static_cast<R>(d);
            INFO("element " << i << ", " << j);
            CHECK(ref::near(got.data()[i * n + j], a, 1e-12, 0.0));
        }
}

TEST_CASE("short reductions read once per result are evaluated in the element-wise pass", "[reduce]") {
    const auto sq = [](auto x, auto y) { return (x - y) * (x - y); };
    for (std::size_t d = 1; d <= 6; ++d) {  // 1 to 4 in the element-wise pass, 5 and 6 through a buffer
        short_law<rk::sum, double, double>(d, sq, [](const auto& X, const auto& Y) { return loom::sum(loom::square(X - Y), -1); });
        short_law<rk::sum, float, float>(d, sq, [](const auto& X, const auto& Y) { return loom::sum(loom::square(X - Y), 2); });
        short_law<rk::mean, double, double>(d, sq, [](const auto& X, const auto& Y) { return loom::mean(loom::square(X - Y), -1); });
        short_law<rk::max, double, double>(d, sq, [](const auto& X, const auto& Y) { return loom::max(loom::square(X - Y), -1); });
        short_law<rk::min, float, float>(d, sq, [](const auto& X, const auto& Y) { return loom::min(loom::square(X - Y), -1); });
        short_law<rk::prod, double, double>(d, [](double x, double y) { return x * 0.5 + y; },
                                            [](const auto& X, const auto& Y) { return loom::prod(X * 0.5 + Y, -1); });
        // integers: the products in int32, their sum in int64
        short_law<rk::sum, std::int32_t, std::int64_t>(d, [](std::int32_t x, std::int32_t y) { return x * y; },
                                                       [](const auto& X, const auto& Y) { return loom::sum(X * Y, -1); });
    }
    // the consumer around it, keepdims, an outer axis and two axes at once
    const loom::array<double> X = ref::filled<double>({6, 1, 3}, 1), Y = ref::filled<double>({1, 9, 3}, 2);
    const loom::array<double> whole = loom::sum(loom::square(X - Y), -1);
    const loom::array<double> dist = loom::sqrt(loom::sum(loom::square(X - Y), -1, loom::keepdims)) + 1.0;
    REQUIRE(dist.shape() == shape_t{6, 9, 1});
    for (std::size_t k = 0; k < whole.size(); ++k) CHECK(dist.data()[k] == std::sqrt(whole.data()[k]) + 1.0);
    const loom::array<double> a = ref::filled<double>({3, 4, 70}, 5), b = ref::filled<double>({4, 70}, 6);
    const std::vector<double> av = ref::values(a), bv = ref::values(b);
    const loom::array<double> s0 = loom::sum(a * b, 0), s01 = loom::max(a + b, {1, 0});
    for (std::size_t j = 0; j < 4 * 70; ++j)
        CHECK(s0.data()[j] == Approx(av[j] * bv[j] + av[280 + j] * bv[j] + av[560 + j] * bv[j]).epsilon(1e-14));
    for (std::size_t j = 0; j < 70; ++j) {
        double m = av[j] + bv[j];
        for (std::size_t i = 0; i < 3; ++i)
            for (std::size_t k = 0; k < 4; ++k) m = std::max(m, av[i * 280 + k * 70 + j] + bv[k * 70 + j]);
        CHECK(s01.data()[j] == m);
    }
    // in place: a target of its own shape, a strided view of one, and one the operands overlap
    loom::array<double> r = ref::filled<double>({4, 70}, 7);
    const std::vector<double> r0 = ref::values(r);
    r += loom::sum(a * b, 0);
    for (std::size_t j = 0; j < r.size(); ++j) CHECK(r.data()[j] == r0[j] + s0.data()[j]);
    loom::array<double> wide = loom::zeros<double>({4, 140});
    loom::view(wide, loom::all, loom::range(loom::none, loom::none, -2)) = loom::sum(a * b, 0);
    for (std::size_t i = 0; i < 4; ++i)
        for (std::size_t j = 0; j < 70; ++j) CHECK(wide.data()[i * 140 + 139 - 2 * j] == s0.data()[i * 70 + j]);
    loom::array<double> c = a;
    const loom::array<double> shifted = loom::sum(loom::view(c, loom::all, loom::all, loom::range(0, 69)) * 2.0, 0);
    loom::view(c, 0, loom::all, loom::range(1, 70)) = loom::sum(loom::view(c, loom::all, loom::all, loom::range(0, 69)) * 2.0, 0);
    for (std::size_t i = 0; i < 4; ++i)
        for (std::size_t j = 0; j < 69; ++j) CHECK(c.data()[i * 70 + j + 1] == shifted.data()[i * 69 + j]);
    // read more than once per result (stretched by the consumer): computed once into a buffer, the same values
    const loom::array<double> centred = (a * 1.0) - loom::max(a * 1.0, 0, loom::keepdims);
    const loom::array<double> mx = loom::max(a, 0, loom::keepdims);
    for (std::size_t i = 0; i < a.size(); ++i) CHECK(centred.data()[i] == av[i] - mx.data()[i % 280]);
    // bad axes still throw before anything is written
    loom::array<double> keep = r;
    CHECK_THROWS_AS(r = loom::sum(a * b, 3), loom::index_error);
    CHECK(ref::values(r) == ref::values(keep));
}

TEMPLATE_TEST_CASE("expressions are reduced in blocks: every axis set of operands of several blocks", "[reduce]", float,
                   double, std::int32_t, std::uint8_t) {
    using T = TestType;
    // more elements than one block (2^14), split along the first, the last and a middle axis
    for (const auto& s : std::vector<std::vector<std::size_t>>{{200, 300}, {3, 70000}, {40, 30, 50}, {70001}}) {
        const loom::array<T> a = ref::filled<T>(s, 12);
        const auto e = loom::astype<T>(a);  // an expression over a: not read in place
        laws_over_axes<rk::sum>(e);
        laws_over_axes<rk::max>(e);
        laws_over_axes<rk::count>(e);
    }
    // a broadcast leaf in the operand, a reversed view inside it
    const loom::array<T> col = ref::filled<T>({300, 1}, 2), row = ref::filled<T>({1, 200}, 3);
    laws_over_axes<rk::sum>(loom::view(col, loom::range(loom::none, loom::none, -1)) + row);
    laws_over_axes<rk::min>(col * row);
}
