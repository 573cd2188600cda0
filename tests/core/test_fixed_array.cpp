// tests/core/test_fixed_array.cpp: loom::fixed_array<T, D...>: construction, access, the static evaluator, in-place rules, views.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "../support/reference.hpp"
#include "../support/static_laws.hpp"

using loom::extents;
using loom::fixed_array;
using loom::shape_t;

namespace {

using laws::check_broadcast;
using laws::patterned;
using ref::at;

// Snapshot of the elements, to check that a failed assignment wrote nothing.
template <class X>
std::vector<typename X::value_type> elements(const X& x) {
    return std::vector<typename X::value_type>(x.begin(), x.end());
}

}  // namespace

TEST_CASE("a default fixed_array is zero-filled; its shape is in its type", "[core][fixed_array]") {
    const fixed_array<double, 2, 3> z;
    static_assert(decltype(z)::rank == 2 && decltype(z)::size() == 6);
    CHECK(z.shape() == shape_t{2, 3});
    CHECK(z.strides() == loom::strides_t{3, 1});
    CHECK(z.ndim() == 2);
    CHECK(z.size() == 6);
    for (double v : z) CHECK(v == 0.0);
    CHECK(z.end() - z.begin() == 6);
    const fixed_array<int> s;  // rank 0: one element
    CHECK(s.shape() == shape_t{});
    CHECK(s.size() == 1);
    CHECK(s() == 0);
    static_assert(sizeof(fixed_array<float, 4, 4>) == 16 * sizeof(float));  // inline, never padded
}

TEST_CASE("fixed_array from nested braces of rank 1 to 3", "[core][fixed_array][braces]") {
    const fixed_array<double, 3> r1 = {1, 2, 3};
    CHECK(r1(0) == 1.0);
    CHECK(r1(2) == 3.0);
    const fixed_array<int, 2, 3> r2 = {{1, 2, 3}, {4, 5, 6}};
    CHECK(r2(1, 0) == 4);
    CHECK(r2(0, 2) == 3);
    const fixed_array<int, 2, 3, 2> r3 = {{{1, 2}, {3, 4}, {5, 6}}, {{7, 8}, {9, 10}, {11, 12}}};
    CHECK(r3(1, 2, 0) == 11);
    int want = 1;
    for (int v : r3) CHECK(v == want++);  // row-major: the order of the braces
    const fixed_array<float, 3, 1> col = {{1}, {2}, {3}};
    CHECK(col(2, 0) == 3.0f);
}

TEST_CASE("fixed_array braces of another length throw invalid_argument", "[core][fixed_array][braces]") {
    using v3 = fixed_array<int, 3>;
    using m23 = fixed_array<int, 2, 3>;
    using c223 = fixed_array<int, 2, 2, 3>;
    CHECK_THROWS_AS(v3({1, 2}), std::invalid_argument);
    CHECK_THROWS_AS(v3({1, 2, 3, 4}), std::invalid_argument);
    CHECK_THROWS_AS(m23({{1, 2, 3}}), std::invalid_argument);
    CHECK_THROWS_AS(m23({{1, 2, 3}, {4, 5}}), std::invalid_argument);
    CHECK_THROWS_AS(m23({{1, 2}, {4, 5, 6}}), std::invalid_argument);
    CHECK_THROWS_AS(m23({{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}), std::invalid_argument);
    CHECK_THROWS_AS(c223({{{1, 2, 3}, {1, 2, 3}}, {{1, 2, 3}, {1, 2}}}), std::invalid_argument);
    CHECK_THROWS_WITH(m23({{1, 2, 3}, {4, 5}}), Catch::Contains("depth 1") && Catch::Contains("(2, 3)"));
    CHECK_NOTHROW(c223({{{1, 2, 3}, {1, 2, 3}}, {{1, 2, 3}, {1, 2, 3}}}));
}

TEST_CASE("fixed_array element access: (), at with negative indices, index_error", "[core][fixed_array][access]") {
    fixed_array<int, 2, 3> m = {{1, 2, 3}, {4, 5, 6}};
    CHECK(m(1, 2) == 6);
    m(0, 1) = 20;
    CHECK(m.data()[1] == 20);
    CHECK(m.at(-1, -1) == 6);
    CHECK(m.at(-2, 0) == 1);
    CHECK(m.at(1, -3) == 4);
    m.at(-1, 0) = 40;
    CHECK(m(1, 0) == 40);
    CHECK_THROWS_AS(m.at(2, 0), loom::index_error);
    CHECK_THROWS_AS(m.at(0, 3), loom::index_error);
    CHECK_THROWS_AS(m.at(-3, 0), loom::index_error);
    CHECK_THROWS_AS(m.at(0, -4), loom::index_error);
    const fixed_array<double, 5> v = {1, 2, 3, 4, 5};
    CHECK(v.at(-5) == 1.0);
    CHECK_THROWS_AS(v.at(5), loom::index_error);
}

TEST_CASE("static evaluator: every broadcasting pattern against a scalar loop", "[core][fixed_array][broadcast]") {
    // same shape, odd sizes that leave SIMD tails
    check_broadcast<fixed_array<double, 3, 5>, fixed_array<double, 3, 5>>(1);
    check_broadcast<fixed_array<double, 17>, fixed_array<double, 17>>(2);
    // rows of exactly one and two batches (256-bit and 512-bit), no tail
    check_broadcast<fixed_array<double, 4, 4>, fixed_array<double, 4, 4>>(16);
    check_broadcast<fixed_array<double, 2, 8>, fixed_array<double, 8>>(17);
    check_broadcast<fixed_array<double, 3, 16>, fixed_array<double, 3, 1>>(18);
    // rows of more batches than kernel::row_steps writes out one by one (unrolled_batches, 8): its loop
    check_broadcast<fixed_array<double, 2, 37>, fixed_array<double, 37>>(19);
    // row, column, outer product
    check_broadcast<fixed_array<double, 7, 9>, fixed_array<double, 9>>(3);
    check_broadcast<fixed_array<double, 7, 9>, fixed_array<double, 7, 1>>(4);
    check_broadcast<fixed_array<double, 13, 1>, fixed_array<double, 1, 13>>(5);
    // the Array API's 4-D example, and a 3-D one with the middle axis stretched both ways
    check_broadcast<fixed_array<double, 8, 1, 6, 1>, fixed_array<double, 7, 1, 5>>(6);
    check_broadcast<fixed_array<double, 5, 1, 3>, fixed_array<double, 1, 7, 1>>(7);
    check_broadcast<fixed_array<double, 2, 3, 4>, fixed_array<double, 3, 1>>(8);
    // rank 0 and size-1 axes
    check_broadcast<fixed_array<double, 3, 5>, fixed_array<double>>(9);
    check_broadcast<fixed_array<double, 1, 13>, fixed_array<double, 1, 1>>(10);
    check_broadcast<fixed_array<double, 1, 13>, fixed_array<double, 13>>(11);
    check_broadcast<fixed_array<double, 1, 1>, fixed_array<double, 1>>(12);
    check_broadcast<fixed_array<double, 17>, fixed_array<double, 1>>(13);
    check_broadcast<fixed_array<double, 5, 1>, fixed_array<double, 1>>(14);  // a column target
    check_broadcast<fixed_array<double>, fixed_array<double>>(15);          // rank 0
}

TEST_CASE("static evaluator: mixed element types", "[core][fixed_array][broadcast][dtype]") {
    check_broadcast<fixed_array<std::int32_t, 7, 9>, fixed_array<double, 9>>(21);
    check_broadcast<fixed_array<float, 3, 5>, fixed_array<float, 3, 1>>(22);
    check_broadcast<fixed_array<float, 17>, fixed_array<double, 1>>(23);
    check_broadcast<fixed_array<float, 4, 8>, fixed_array<float, 8>>(29);
    check_broadcast<fixed_array<float, 16>, fixed_array<float, 1>>(30);
    check_broadcast<fixed_array<std::int8_t, 1, 13>, fixed_array<std::int16_t, 5, 1>>(24);
    check_broadcast<fixed_array<std::uint8_t, 3, 17>, fixed_array<std::uint8_t, 17>>(25);
    check_broadcast<fixed_array<std::int64_t, 4, 1, 3>, fixed_array<std::int32_t, 5, 1>>(26);
    // a leaf broadcast along the row whose element type is not the result's
    check_broadcast<fixed_array<double, 7, 9>, fixed_array<std::int32_t, 7, 1>>(27);
    check_broadcast<fixed_array<double, 3, 5>, fixed_array<float, 1>>(28);
}

TEST_CASE("an empty fixed shape writes nothing", "[core][fixed_array][broadcast]") {
    const fixed_array<double, 0, 3> a;
    const fixed_array<double, 3> b = {1, 2, 3};
    fixed_array<double, 0, 3> r = a + b;
    CHECK(r.size() == 0);
    CHECK(r.begin() == r.end());
}

TEST_CASE("fixed_array compound assignment with a broadcast operand", "[core][fixed_array][compound]") {
    const fixed_array<double, 3, 5> a = patterned<fixed_array<double, 3, 5>>(31);
    const fixed_array<double, 5> row = {1.5, -2, 4, 0.5, 8};
    const fixed_array<double, 3, 1> col = {{2}, {-4}, {0.25}};
    const std::vector<std::size_t> s{3, 5};
    auto r = a;
    r += row;
    CHECK(ref::mismatch(r, s, [&](const ref::index_t& i) { return a(i[0], i[1]) + row(i[1]); }) == "");
    r = a;
    r -= col;
    CHECK(ref::mismatch(r, s, [&](const ref::index_t& i) { return a(i[0], i[1]) - col(i[0], 0); }) == "");
    r = a;
    r *= row;
    CHECK(ref::mismatch(r, s, [&](const ref::index_t& i) { return a(i[0], i[1]) * row(i[1]); }) == "");
    r = a;
    r /= col;
    CHECK(ref::mismatch(r, s, [&](const ref::index_t& i) { return a(i[0], i[1]) / col(i[0], 0); }) == "");
    r = a;
    r += 2.5;
    CHECK(ref::mismatch(r, s, [&](const ref::index_t& i) { return a(i[0], i[1]) + 2.5; }) == "");
    // a float target keeps its type: double operands are converted on the way in
    fixed_array<float, 3, 5> f = a;
    f *= col;
    CHECK(ref::mismatch(f, s, [&](const ref::index_t& i) {
              return static_cast<float>(static_cast<float>(a(i[0], i[1])) * col(i[0], 0));
          }) == "");
}

TEST_CASE("fixed_array integer compound operators, bitwise and shifts", "[core][fixed_array][compound]") {
    using m = fixed_array<std::int32_t, 7, 9>;
    m a;
    for (std::size_t i = 0; i < m::size(); ++i) a.data()[i] = static_cast<std::int32_t>(i * 37 % 101) - 13;
    const fixed_array<std::int32_t, 9> row = {3, 5, 7, 1, 2, 6, 4, 9, 11};
    const fixed_array<std::int32_t, 7, 1> sh = {{0}, {1}, {2}, {3}, {1}, {4}, {2}};
    const std::vector<std::size_t> s{7, 9};
    m r = a;
    r %= row;
    CHECK(ref::mismatch(r, s, [&](const ref::index_t& i) {
              return a(i[0], i[1]) % row(i[1]);  // C++'s sign, that of the dividend (docs/reliability.md)
          }) == "");
    r = a;
    r &= row;
    CHECK(ref::mismatch(r, s, [&](const ref::index_t& i) { return a(i[0], i[1]) & row(i[1]); }) == "");
    r = a;
    r |= sh;
    CHECK(ref::mismatch(r, s, [&](const ref::index_t& i) { return a(i[0], i[1]) | sh(i[0], 0); }) == "");
    r = a;
    r ^= row;
    CHECK(ref::mismatch(r, s, [&](const ref::index_t& i) { return a(i[0], i[1]) ^ row(i[1]); }) == "");
    r = a;
    r <<= sh;
    CHECK(ref::mismatch(r, s, [&](const ref::index_t& i) {
              return static_cast<std::int32_t>(static_cast<std::uint32_t>(a(i[0], i[1])) << sh(i[0], 0));
          }) == "");
    r = a;
    r >>= sh;
    CHECK(ref::mismatch(r, s, [&](const ref::index_t& i) { return a(i[0], i[1]) >> sh(i[0], 0); }) == "");
}

TEST_CASE("assigning a number fills a fixed_array", "[core][fixed_array][fill]") {
    fixed_array<double, 3, 5> r = patterned<fixed_array<double, 3, 5>>(41);
    r = 2.0;
    for (double v : r) CHECK(v == 2.0);
    fixed_array<std::int16_t, 17> i;
    i = 7;
    for (std::int16_t v : i) CHECK(v == 7);
    i.fill(-1);
    for (std::int16_t v : i) CHECK(v == -1);
    fixed_array<float> z;
    z = 0.5;
    CHECK(z() == 0.5f);
}

TEST_CASE("fixed_array reading itself: r = r + r, r += r, r += a row of r", "[core][fixed_array][alias]") {
    using m = fixed_array<double, 3, 5>;
    const m a = patterned<m>(51);
    const std::vector<std::size_t> s{3, 5};
    m r = a;
    r = r + r;
    CHECK(ref::mismatch(r, s, [&](const ref::index_t& i) { return 2 * a(i[0], i[1]); }) == "");
    r = a;
    r += r;
    CHECK(ref::mismatch(r, s, [&](const ref::index_t& i) { return 2 * a(i[0], i[1]); }) == "");
    r = a;
    r = r * r - r;
    CHECK(ref::mismatch(r, s, [&](const ref::index_t& i) { return a(i[0], i[1]) * a(i[0], i[1]) - a(i[0], i[1]); }) == "");
    // NumPy: r += r[1] reads row 1 as it was before (row 1 is written midway)
    r = a;
    r += loom::view(r, 1);
    CHECK(ref::mismatch(r, s, [&](const ref::index_t& i) { return a(i[0], i[1]) + a(1, i[1]); }) == "");
    // a square fixed_array takes its own transpose: as if the value were computed first
    using sq = fixed_array<double, 5, 5>;
    const sq b = patterned<sq>(52);
    sq t = b;
    t = loom::transpose(t);
    CHECK(ref::mismatch(t, {5, 5}, [&](const ref::index_t& i) { return b(i[1], i[0]); }) == "");
    t = b;
    t += loom::transpose(t);
    CHECK(ref::mismatch(t, {5, 5}, [&](const ref::index_t& i) { return b(i[0], i[1]) + b(i[1], i[0]); }) == "");
}

TEST_CASE("fixed_array with array operands: dynamic shapes, checked at run time", "[core][fixed_array][dynamic]") {
    using m = fixed_array<double, 3, 4>;
    const m f = patterned<m>(61);
    const loom::array<double> row = ref::filled<double>({4}, 62);
    const loom::array<double> col = ref::filled<double>({3, 1}, 63);
    // fixed + array is an array expression
    const auto e = f + row;
    static_assert(std::is_void_v<loom::static_shape_t<decltype(e)>>);
    const loom::array<double> x = e;
    CHECK(ref::mismatch(x, {3, 4}, [&](const ref::index_t& i) { return f(i[0], i[1]) + row(i[1]); }) == "");
    // a fixed target takes a broadcasting dynamic value
    m r = f;
    r = row * 2.0;
    CHECK(ref::mismatch(r, {3, 4}, [&](const ref::index_t& i) { return row(i[1]) * 2.0; }) == "");
    r = f;
    r += col;
    CHECK(ref::mismatch(r, {3, 4}, [&](const ref::index_t& i) { return f(i[0], i[1]) + col(i[0], 0); }) == "");
    const m built = col - row;
    const m from_row = row;  // the constructor broadcasts too
    CHECK(ref::mismatch(from_row, {3, 4}, [&](const ref::index_t& i) { return row(i[1]); }) == "");
    CHECK(ref::mismatch(built, {3, 4}, [&](const ref::index_t& i) { return col(i[0], 0) - row(i[1]); }) == "");

    // a shape that does not broadcast to (3, 4): broadcast_error, nothing written
    const loom::array<double> bad = ref::filled<double>({5}, 64);
    const loom::array<double> wide = ref::filled<double>({2, 3, 4}, 65);
    r = f;
    const auto before = elements(r);
    CHECK_THROWS_AS(r = bad * 2.0, loom::broadcast_error);
    CHECK(elements(r) == before);
    CHECK_THROWS_AS(r += bad, loom::broadcast_error);
    CHECK(elements(r) == before);
    CHECK_THROWS_AS(r = wide, loom::broadcast_error);  // would grow the rank
    CHECK(elements(r) == before);
    CHECK_THROWS_WITH(r = col + bad, Catch::Contains("(3, 5)") && Catch::Contains("(3, 4)"));
    CHECK(elements(r) == before);
    CHECK_THROWS_AS(m(bad), loom::broadcast_error);
}

TEST_CASE("fixed_array with tensor operands", "[core][fixed_array][dynamic]") {
    using m = fixed_array<double, 3, 4>;
    const loom::tensor<double, 1> t(shape_t{4}, 1.5);
    m r = patterned<m>(71);
    const m f = r;
    r += t;
    CHECK(ref::mismatch(r, {3, 4}, [&](const ref::index_t& i) { return f(i[0], i[1]) + 1.5; }) == "");
    const loom::tensor<double, 2> bad(shape_t{3, 3}, 1.0);
    const auto before = elements(r);
    CHECK_THROWS_AS(r = bad + f(0, 0), loom::broadcast_error);
    CHECK(elements(r) == before);
}

TEST_CASE("views of fixed arrays as operands and as targets", "[core][fixed_array][view]") {
    using m = fixed_array<double, 3, 4>;
    const m a = patterned<m>(81);
    // a row and a transpose as operands
    const fixed_array<double, 4> row1 = loom::view(a, 1);
    CHECK(ref::mismatch(row1, {4}, [&](const ref::index_t& i) { return a(1, i[0]); }) == "");
    const fixed_array<double, 4, 3> at = loom::transpose(a) * 2.0;
    CHECK(ref::mismatch(at, {4, 3}, [&](const ref::index_t& i) { return 2.0 * a(i[1], i[0]); }) == "");
    const fixed_array<double, 3, 4> sum = a + loom::view(a, loom::range(loom::none, loom::none, -1), loom::all);
    CHECK(ref::mismatch(sum, {3, 4}, [&](const ref::index_t& i) { return a(i[0], i[1]) + a(2 - i[0], i[1]); }) == "");

    // views as targets: a column, a transpose, a strided slice
    m r = a;
    loom::view(r, loom::all, 2) = 7.0;
    CHECK(ref::mismatch(r, {3, 4}, [&](const ref::index_t& i) { return i[1] == 2 ? 7.0 : a(i[0], i[1]); }) == "");
    const fixed_array<double, 4, 3> src = patterned<fixed_array<double, 4, 3>>(82);
    loom::transpose(r) = src;
    CHECK(ref::mismatch(r, {3, 4}, [&](const ref::index_t& i) { return src(i[1], i[0]); }) == "");
    r = a;
    const fixed_array<double, 2> pair = {10, 20};
    loom::view(r, loom::all, loom::range(0, 4, 2)) += pair;
    CHECK(ref::mismatch(r, {3, 4}, [&](const ref::index_t& i) {
              return i[1] % 2 == 0 ? a(i[0], i[1]) + pair(i[1] / 2) : a(i[0], i[1]);
          }) == "");
    // a view target keeps the in-place rule
    r = a;
    CHECK_THROWS_AS(loom::view(r, 0) = src, loom::broadcast_error);
    CHECK(elements(r) == elements(a));
}

TEST_CASE("fixed_array prints as an array of the same values", "[core][fixed_array][print]") {
    const fixed_array<double, 2, 3> f = {{1, 2, 3}, {4, 5, 6.5}};
    std::ostringstream fs, as;
    fs << f;
    as << loom::array<double>{{1, 2, 3}, {4, 5, 6.5}};
    CHECK(fs.str() == as.str());
    const fixed_array<double, 2, 3> g = {{1, 2, 3}, {4, 5, 6}};
    std::ostringstream gs;
    gs << g;
    CHECK(gs.str() == "[[1. 2. 3.]\n [4. 5. 6.]]");
    std::ostringstream es;
    es << g * 2.0;
    CHECK(es.str() == "[[ 2.  4.  6.]\n [ 8. 10. 12.]]");
    std::ostringstream is;
    is << fixed_array<int, 3>{1, -2, 3};
    CHECK(is.str() == "[ 1 -2  3]");
}

TEST_CASE("fixed arrays and tensors in every explicit broadcasting and reshaping form", "[core][fixed_array][broadcast]") {
    const fixed_array<double, 3> v = {1, 2, 3};
    const fixed_array<double, 2, 3> m = {{10, 20, 30}, {40, 50, 60}};
    const loom::tensor<double, 2> t = m;
    const fixed_array<double, 2> col = {100, 200};
    // broadcast_to and broadcast_arrays (ONNX): views of the common shape
    CHECK(loom::array_equal(loom::broadcast_to(v, {2, 3}), loom::array<double>{{1, 2, 3}, {1, 2, 3}}));
    auto [bv, bm, bt] = loom::broadcast_arrays(v, m, t);
    CHECK(bv.shape() == loom::shape_t{2, 3});
    CHECK(loom::array_equal(bm + bt, m * 2.0));
    // in_dim and broadcast_in_dim (XLA): col on axis 0 of (2, 3)
    CHECK(loom::array_equal(m + loom::in_dim(col, {0}), loom::array<double>{{110, 120, 130}, {240, 250, 260}}));
    CHECK(loom::array_equal(loom::broadcast_in_dim(col, {2, 3}, {0}),
                            loom::array<double>{{100, 100, 100}, {200, 200, 200}}));
    // reshape, expand_dims and transpose of fixed arrays and tensors read the same memory
    CHECK(loom::array_equal(loom::reshape(m, {3, 2}), loom::array<double>{{10, 20}, {30, 40}, {50, 60}}));
    CHECK(loom::expand_dims(v, 0).shape() == loom::shape_t{1, 3});
    CHECK(loom::array_equal(loom::transpose(t), loom::transpose(m)));
    // a fixed target takes an explicit broadcast of another shape in place
    fixed_array<double, 2, 3> r;
    r = loom::broadcast_in_dim(col, {2, 3}, {0});
    CHECK(elements(r) == std::vector<double>{100, 100, 100, 200, 200, 200});
    r += loom::in_dim(col, {0});
    CHECK(elements(r) == std::vector<double>{200, 200, 200, 400, 400, 400});
}
