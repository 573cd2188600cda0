// tests/core/test_factories.cpp: zeros, ones, full, empty, arange, linspace, eye, the *_like ones, tril, triu, meshgrid.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;
using Catch::Contains;
using Catch::StartsWith;

namespace {

using ref::values;

// tril (lower) or triu of the elements `v` of shape `s`, by index: element (..., i, j)
// stays when j - i <= k (tril) or j - i >= k (triu), else 0.
template <class T>
std::vector<T> triangle_ref(const std::vector<T>& v, const std::vector<std::size_t>& s, std::ptrdiff_t k, bool lower) {
    std::vector<T> r(v.size());
    std::size_t f = 0;
    ref::for_each_index(s, [&](const ref::index_t& idx) {
        const auto i = static_cast<std::ptrdiff_t>(idx[idx.size() - 2]), j = static_cast<std::ptrdiff_t>(idx.back());
        r[f] = (lower ? j - i <= k : j - i >= k) ? v[f] : T(0);
        ++f;
    });
    return r;
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

TEST_CASE("linspace without the endpoint, as NumPy's endpoint=False", "[core][factories][linspace]") {
    CHECK(values(loom::linspace<double>(0, 1, 4, loom::endpoint(false))) == std::vector<double>{0, 0.25, 0.5, 0.75});
    CHECK(values(loom::linspace<double>(2, -2, 2, loom::endpoint(false))) == std::vector<double>{2, 0});
    CHECK(values(loom::linspace<double>(3, 7, 1, loom::endpoint(false))) == std::vector<double>{3});
    CHECK(values(loom::linspace<int>(0, 10, 5, loom::endpoint(false))) == std::vector<int>{0, 2, 4, 6, 8});
    CHECK(values(loom::linspace<double>(0, 1, 3, loom::endpoint(true))) == std::vector<double>{0, 0.5, 1});
    const auto z = loom::linspace<std::complex<double>>({0, 0}, {4, -8}, 4, loom::endpoint(false));
    CHECK(z(3) == std::complex<double>(3, -6));
}

// ---- eye ----------------------------------------------------------------------

TEMPLATE_LIST_TEST_CASE("eye has ones on the k-th diagonal", "[core][factories][eye]", ref::every_type) {
    using T = TestType;
    const loom::array<T> i3 = loom::eye<T>(3);
    static_assert(std::is_same_v<decltype(loom::eye<T>(3)), loom::array<T>>);
    CHECK(i3.shape() == shape_t{3, 3});
    for (std::size_t n : {0u, 1u, 4u})
        for (std::size_t m : {0u, 1u, 3u, 5u})
            for (std::ptrdiff_t k : {-6, -3, -1, 0, 1, 2, 4, 6}) {
                const auto e = loom::eye<T>(n, m, k);
                REQUIRE(e.shape() == shape_t{n, m});
                for (std::size_t i = 0; i < n; ++i)
                    for (std::size_t j = 0; j < m; ++j)
                        CHECK(e(i, j) == T(static_cast<std::ptrdiff_t>(j) - static_cast<std::ptrdiff_t>(i) == k ? 1 : 0));
            }
}

TEST_CASE("eye as NumPy gives it", "[core][factories][eye]") {
    // numpy.eye(3, 4, k=1)
    CHECK(loom::array_equal(loom::eye<double>(3, 4, 1), loom::array<double>{{0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}));
    // numpy.eye(4, 3, k=-1, dtype=int)
    CHECK(loom::array_equal(loom::eye<int>(4, 3, -1), loom::array<int>{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}));
    CHECK(values(loom::eye<int>(2)) == std::vector<int>{1, 0, 0, 1});
    // k beyond the matrix, however far: all zeros
    for (std::ptrdiff_t k : {std::ptrdiff_t{3}, std::ptrdiff_t{-2}, std::numeric_limits<std::ptrdiff_t>::max(),
                             std::numeric_limits<std::ptrdiff_t>::min()})
        CHECK(values(loom::eye<int>(2, 3, k)) == std::vector<int>(6, 0));
    CHECK(values(loom::eye<int>(2, 3, -1)) == std::vector<int>{0, 0, 0, 1, 0, 0});
}

// ---- zeros_like, ones_like, full_like, empty_like --------------------------------

TEMPLATE_LIST_TEST_CASE("the *_like factories take the shape and element type of arrays, views and expressions",
                        "[core][factories][like]", ref::every_type) {
    using T = TestType;
    const loom::array<T> a = ref::filled<T>({2, 3, 4}, 1);
    const std::vector<T> before = values(a);
    const auto z = loom::zeros_like(a);
    const auto o = loom::ones_like(a);
    const auto e = loom::empty_like(a);
    const auto f = loom::full_like(a, true);
    static_assert(std::is_same_v<decltype(z), const loom::array<T>>);
    static_assert(std::is_same_v<decltype(o), const loom::array<T>>);
    static_assert(std::is_same_v<decltype(e), const loom::array<T>>);
    static_assert(std::is_same_v<decltype(f), const loom::array<T>>);
    for (const auto* r : {&z, &o, &e, &f}) CHECK(r->shape() == shape_t{2, 3, 4});
    CHECK(values(z) == std::vector<T>(24, T(0)));
    CHECK(values(e) == std::vector<T>(24, T(0)));
    CHECK(values(o) == std::vector<T>(24, T(1)));
    CHECK(values(f) == std::vector<T>(24, T(1)));
    // a view (negative step, a dropped axis) and an expression: their shape, not evaluated
    const auto v = loom::view(a, 1, loom::range(loom::none, loom::none, -2));
    CHECK(loom::zeros_like(v).shape() == shape_t{2, 4});
    static_assert(std::is_same_v<decltype(loom::ones_like(v)), loom::array<T>>);
    CHECK(loom::ones_like(a == a).shape() == shape_t{2, 3, 4});
    static_assert(std::is_same_v<decltype(loom::ones_like(a == a)), loom::array<bool>>);
    CHECK(loom::empty_like(loom::sum(a, 1)).shape() == shape_t{2, 4});
    // an explicit element type
    const auto zf = loom::zeros_like<float>(a);
    static_assert(std::is_same_v<decltype(zf), const loom::array<float>>);
    CHECK(zf.shape() == shape_t{2, 3, 4});
    static_assert(std::is_same_v<decltype(loom::ones_like<std::int8_t>(v)), loom::array<std::int8_t>>);
    static_assert(std::is_same_v<decltype(loom::empty_like<bool>(v)), loom::array<bool>>);
    static_assert(std::is_same_v<decltype(loom::full_like<double>(a, 2)), loom::array<double>>);
    CHECK(values(loom::full_like<double>(v, 2.5)) == std::vector<double>(8, 2.5));
    CHECK(values(a) == before);
}

TEST_CASE("full_like converts the value as a C++ number in an expression", "[core][factories][like]") {
    const loom::array<std::int8_t> i8 = {1, 2, 3};
    const loom::array<float> f = {1, 2};
    const loom::array<std::uint8_t> u8 = {1, 2};
    CHECK(values(loom::full_like(i8, 100)) == std::vector<std::int8_t>{100, 100, 100});
    CHECK(values(loom::full_like(i8, -128)) == std::vector<std::int8_t>{-128, -128, -128});
    CHECK(values(loom::full_like(f, 0.1)) == std::vector<float>{0.1f, 0.1f});  // double to float: the same kind
    CHECK(values(loom::full_like(f, 3)) == std::vector<float>{3, 3});
    CHECK(values(loom::full_like(u8, 255u)) == std::vector<std::uint8_t>{255, 255});
    // an integer that does not fit: NumPy 2's OverflowError
    REQUIRE_THROWS_AS(loom::full_like(i8, 1000), std::overflow_error);
    REQUIRE_THROWS_WITH(loom::full_like(i8, 1000),
                        StartsWith("loom::full_like:") && Contains("1000") && Contains("int8"));
    REQUIRE_THROWS_WITH(loom::full_like(u8, -1), StartsWith("loom::full_like:") && Contains("-1") && Contains("uint8"));
    REQUIRE_THROWS_WITH(loom::full_like<std::int16_t>(f, 40000), Contains("40000") && Contains("int16"));
    // a failed fill changes nothing it is assigned to
    loom::array<std::int8_t> target = {7, 8};
    REQUIRE_THROWS(target = loom::full_like(i8, 300));
    CHECK(values(target) == std::vector<std::int8_t>{7, 8});
    CHECK(values(i8) == std::vector<std::int8_t>{1, 2, 3});
}

// ---- tril, triu ---------------------------------------------------------------

TEMPLATE_LIST_TEST_CASE("tril and triu zero one side of the k-th diagonal", "[core][factories][tril]", ref::all_types) {
    using T = TestType;
    for (const std::vector<std::size_t>& s : std::vector<std::vector<std::size_t>>{
             {3, 4}, {4, 3}, {1, 5}, {5, 1}, {3, 3}, {2, 3, 4}, {2, 2, 4, 3}, {0, 3}, {3, 0}, {2, 0, 3}}) {
        const loom::array<T> x = ref::filled<T>(s, 3);
        const auto v = values(x);
        for (std::ptrdiff_t k : {-5, -3, -2, -1, 0, 1, 2, 3, 5}) {
            INFO("shape " << ref::to_shape(s) << ", k " << k);
            const auto lo = loom::tril(x, k);
            const auto up = loom::triu(x, k);
            static_assert(std::is_same_v<decltype(lo), const loom::array<T>>);
            CHECK(lo.shape() == ref::to_shape(s));
            CHECK(up.shape() == ref::to_shape(s));
            CHECK(values(lo) == triangle_ref(v, s, k, true));
            CHECK(values(up) == triangle_ref(v, s, k, false));
        }
        CHECK(values(loom::tril(x)) == triangle_ref(v, s, 0, true));
        CHECK(values(loom::triu(x)) == triangle_ref(v, s, 0, false));
        CHECK(values(x) == v);  // the input is not changed
    }
}

TEST_CASE("tril and triu as NumPy gives them", "[core][factories][tril]") {
    const loom::array<int> a = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};
    // numpy.tril(a, -1), numpy.triu(a, 1), numpy.tril(a, 2), numpy.triu(a, -1)
    CHECK(loom::array_equal(loom::tril(a, -1), loom::array<int>{{0, 0, 0, 0}, {5, 0, 0, 0}, {9, 10, 0, 0}}));
    CHECK(loom::array_equal(loom::triu(a, 1), loom::array<int>{{0, 2, 3, 4}, {0, 0, 7, 8}, {0, 0, 0, 12}}));
    CHECK(loom::array_equal(loom::tril(a, 2), loom::array<int>{{1, 2, 3, 0}, {5, 6, 7, 8}, {9, 10, 11, 12}}));
    CHECK(loom::array_equal(loom::triu(a, -1), loom::array<int>{{1, 2, 3, 4}, {5, 6, 7, 8}, {0, 10, 11, 12}}));
    CHECK(loom::array_equal(loom::tril(a), loom::array<int>{{1, 0, 0, 0}, {5, 6, 0, 0}, {9, 10, 11, 0}}));
    CHECK(loom::array_equal(loom::triu(a), loom::array<int>{{1, 2, 3, 4}, {0, 6, 7, 8}, {0, 0, 11, 12}}));
    // k beyond the matrix, however far
    const std::ptrdiff_t big = std::numeric_limits<std::ptrdiff_t>::max(), small = std::numeric_limits<std::ptrdiff_t>::min();
    CHECK(loom::array_equal(loom::tril(a, 4), a));
    CHECK(loom::array_equal(loom::tril(a, big), a));
    CHECK(values(loom::tril(a, -3)) == std::vector<int>(12, 0));
    CHECK(values(loom::tril(a, small)) == std::vector<int>(12, 0));
    CHECK(loom::array_equal(loom::triu(a, -3), a));
    CHECK(loom::array_equal(loom::triu(a, small), a));
    CHECK(values(loom::triu(a, 4)) == std::vector<int>(12, 0));
    CHECK(values(loom::triu(a, big)) == std::vector<int>(12, 0));
    // a batch of two: numpy.tril(numpy.arange(8).reshape(2, 2, 2))
    const loom::array<int> r8 = loom::arange<int>(8);
    const auto b = loom::reshape(r8, {2, 2, 2});
    CHECK(values(loom::tril(b)) == std::vector<int>{0, 0, 2, 3, 4, 0, 6, 7});
    CHECK(values(loom::triu(b)) == std::vector<int>{0, 1, 0, 3, 4, 5, 0, 7});
}

TEST_CASE("tril and triu of views and expressions", "[core][factories][tril]") {
    const loom::array<double> x = ref::iota<double>({2, 3, 4});
    const std::vector<double> before = values(x);
    // rows and columns reversed (negative steps), a transpose, a strided slice, an expression
    const auto rev = loom::view(x, loom::all, loom::range(loom::none, loom::none, -1), loom::range(loom::none, loom::none, -1));
    const auto tr = loom::permute_dims(x, {0, 2, 1});
    const auto sl = loom::view(x, loom::range(loom::none, loom::none, -1), loom::range(0, 3, 2), loom::all);
    for (std::ptrdiff_t k : {-2, -1, 0, 1, 3}) {
        INFO("k " << k);
        CHECK(values(loom::tril(rev, k)) == triangle_ref(ref::values(rev), {2, 3, 4}, k, true));
        CHECK(values(loom::triu(rev, k)) == triangle_ref(ref::values(rev), {2, 3, 4}, k, false));
        CHECK(values(loom::tril(tr, k)) == triangle_ref(ref::values(tr), {2, 4, 3}, k, true));
        CHECK(values(loom::triu(tr, k)) == triangle_ref(ref::values(tr), {2, 4, 3}, k, false));
        CHECK(values(loom::tril(sl, k)) == triangle_ref(ref::values(sl), {2, 2, 4}, k, true));
        CHECK(values(loom::triu(x * 2 + 1, k)) == triangle_ref(ref::values(x * 2 + 1), {2, 3, 4}, k, false));
    }
    // the value type of an expression
    static_assert(std::is_same_v<decltype(loom::tril(x > 3.0)), loom::array<bool>>);
    CHECK(values(loom::tril(loom::view(x, 0) > 3.0)) ==
          std::vector<bool>{false, false, false, false, true, true, false, false, true, true, true, false});
    // numpy.triu(numpy.arange(12).reshape(3, 4)[::-1, ::-1])
    const loom::array<int> r12 = loom::arange<int>(12);
    const loom::array<int> m = loom::reshape(r12, {3, 4});
    CHECK(loom::array_equal(loom::triu(loom::view(m, loom::range(loom::none, loom::none, -1), loom::range(loom::none, loom::none, -1))),
                            loom::array<int>{{11, 10, 9, 8}, {0, 6, 5, 4}, {0, 0, 1, 0}}));
    CHECK(values(x) == before);
}

TEST_CASE("tril and triu need two axes", "[core][factories][tril]") {
    const loom::array<double> v = {1, 2, 3};
    loom::array<double> target = {{1, 2}, {3, 4}};
    REQUIRE_THROWS_AS(loom::tril(v), std::invalid_argument);
    REQUIRE_THROWS_WITH(loom::tril(v), StartsWith("loom::tril:") && Contains("(3,)"));
    REQUIRE_THROWS_WITH(loom::triu(v, 1), StartsWith("loom::triu:") && Contains("(3,)"));
    REQUIRE_THROWS_WITH(loom::tril(loom::sum(v)), StartsWith("loom::tril:") && Contains("shape ()"));
    REQUIRE_THROWS_WITH(loom::triu(v * 2.0), StartsWith("loom::triu:") && Contains("(3,)"));
    REQUIRE_THROWS(target = loom::tril(v));
    CHECK(values(target) == std::vector<double>{1, 2, 3, 4});
    CHECK(values(v) == std::vector<double>{1, 2, 3});
    // operands that do not broadcast: their broadcast_error
    const loom::array<double> w = {1, 2};
    CHECK_THROWS_AS(loom::tril(v + w), loom::broadcast_error);
}

// ---- meshgrid -----------------------------------------------------------------

TEST_CASE("meshgrid of two inputs, xy and ij, as NumPy gives them", "[core][factories][meshgrid]") {
    const loom::array<int> x = {1, 2, 3};
    const loom::array<int> y = {4, 5};
    // X, Y = numpy.meshgrid([1, 2, 3], [4, 5])
    const auto xy = loom::meshgrid(x, y);
    static_assert(std::is_same_v<decltype(xy), const std::vector<loom::array<int>>>);
    REQUIRE(xy.size() == 2);
    CHECK(loom::array_equal(xy[0], loom::array<int>{{1, 2, 3}, {1, 2, 3}}));
    CHECK(loom::array_equal(xy[1], loom::array<int>{{4, 4, 4}, {5, 5, 5}}));
    const auto xy2 = loom::meshgrid(x, y, loom::indexing::xy);
    CHECK(loom::array_equal(xy2[0], xy[0]));
    CHECK(loom::array_equal(xy2[1], xy[1]));
    // numpy.meshgrid([1, 2, 3], [4, 5], indexing='ij')
    const auto ij = loom::meshgrid(x, y, loom::indexing::ij);
    REQUIRE(ij.size() == 2);
    CHECK(loom::array_equal(ij[0], loom::array<int>{{1, 1}, {2, 2}, {3, 3}}));
    CHECK(loom::array_equal(ij[1], loom::array<int>{{4, 5}, {4, 5}, {4, 5}}));
    // chosen at run time
    const loom::indexing how = ij[0].size() > 0 ? loom::indexing::ij : loom::indexing::xy;
    CHECK(loom::meshgrid(x, y, how)[0].shape() == shape_t{3, 2});
}

TEST_CASE("meshgrid of one input is a copy of it, both ways", "[core][factories][meshgrid]") {
    const loom::array<double> x = {0.5, 1.5, 2.5, 3.5};
    for (const auto how : {loom::indexing::xy, loom::indexing::ij}) {
        const auto g = loom::meshgrid(x, how);
        REQUIRE(g.size() == 1);
        CHECK(loom::array_equal(g[0], x));
    }
    const auto d = loom::meshgrid(x);
    REQUIRE(d.size() == 1);
    CHECK(d[0].shape() == shape_t{4});
}

TEST_CASE("meshgrid of three inputs: element (i, j, k) by index, both ways", "[core][factories][meshgrid]") {
    const loom::array<std::int8_t> x = {1, 2};
    const loom::array<std::uint8_t> y = {10, 20, 30};
    const loom::array<std::int16_t> z = {-1, -2, -3, -4};
    // int8, uint8, int16 promote to int16
    const auto xy = loom::meshgrid(x, y, z);
    const auto ij = loom::meshgrid(x, y, z, loom::indexing::ij);
    static_assert(std::is_same_v<decltype(xy), const std::vector<loom::array<std::int16_t>>>);
    REQUIRE(xy.size() == 3);
    REQUIRE(ij.size() == 3);
    // numpy.meshgrid(x, y, z)[k].shape == (3, 2, 4); with indexing='ij', (2, 3, 4)
    for (std::size_t g = 0; g < 3; ++g) {
        CHECK(xy[g].shape() == shape_t{3, 2, 4});
        CHECK(ij[g].shape() == shape_t{2, 3, 4});
    }
    for (std::size_t i = 0; i < 2; ++i)
        for (std::size_t j = 0; j < 3; ++j)
            for (std::size_t k = 0; k < 4; ++k) {
                CHECK(ij[0](i, j, k) == x(i));
                CHECK(ij[1](i, j, k) == y(j));
                CHECK(ij[2](i, j, k) == z(k));
                CHECK(xy[0](j, i, k) == x(i));
                CHECK(xy[1](j, i, k) == y(j));
                CHECK(xy[2](j, i, k) == z(k));
            }
    // numpy.meshgrid([1, 2], [10, 20, 30], [-1, -2, -3, -4])[1][:, 0, 0] == [10, 20, 30]
    CHECK(ref::values(loom::view(xy[1], loom::all, 0, 0)) == std::vector<std::int16_t>{10, 20, 30});
    CHECK(ref::values(loom::view(xy[0], 0, loom::all, 0)) == std::vector<std::int16_t>{1, 2});
}

TEST_CASE("meshgrid takes views and expressions, promotes, and handles empty inputs", "[core][factories][meshgrid]") {
    const loom::array<float> a = {1, 2, 3, 4};
    const loom::array<double> b = {10, 20};
    const auto rev = loom::view(a, loom::range(loom::none, loom::none, -2));  // 4, 2
    const auto g = loom::meshgrid(rev, b * 2.0, loom::indexing::ij);
    static_assert(std::is_same_v<decltype(g), const std::vector<loom::array<double>>>);
    CHECK(loom::array_equal(g[0], loom::array<double>{{4, 4}, {2, 2}}));
    CHECK(loom::array_equal(g[1], loom::array<double>{{20, 40}, {20, 40}}));
    // an empty input: empty grids of the right shapes
    const loom::array<int> none = loom::zeros<int>({0});
    const auto e = loom::meshgrid(none, loom::arange<int>(3));
    CHECK(e[0].shape() == shape_t{3, 0});
    CHECK(e[1].shape() == shape_t{3, 0});
    // bool with int: int
    const loom::array<bool> t = {true, false};
    static_assert(std::is_same_v<decltype(loom::meshgrid(t, none)), std::vector<loom::array<int>>>);
}

TEST_CASE("meshgrid inputs must have one axis", "[core][factories][meshgrid]") {
    const loom::array<double> x = {1, 2, 3};
    const loom::array<double> m = {{1, 2, 3}, {4, 5, 6}};
    REQUIRE_THROWS_AS(loom::meshgrid(x, m), std::invalid_argument);
    REQUIRE_THROWS_WITH(loom::meshgrid(x, m), StartsWith("loom::meshgrid:") && Contains("x2") && Contains("(2, 3)"));
    REQUIRE_THROWS_WITH(loom::meshgrid(m, x, loom::indexing::ij), StartsWith("loom::meshgrid:") && Contains("x1") && Contains("(2, 3)"));
    REQUIRE_THROWS_WITH(loom::meshgrid(x, x, loom::sum(x)), Contains("x3") && Contains("shape ()"));
    std::vector<loom::array<double>> target = loom::meshgrid(x, x);
    REQUIRE_THROWS(target = loom::meshgrid(x, m));
    REQUIRE(target.size() == 2);
    CHECK(target[0].shape() == shape_t{3, 3});
    CHECK(values(x) == std::vector<double>{1, 2, 3});
    CHECK(values(m) == std::vector<double>{1, 2, 3, 4, 5, 6});
}
