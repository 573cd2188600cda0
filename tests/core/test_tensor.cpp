// tests/core/test_tensor.cpp: loom::tensor<T, N>: constructors, value semantics of a fixed rank, compound ops, fast path, aliasing.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;
using loom::tensor;

namespace {

using t1 = tensor<double, 1>;
using t2 = tensor<double, 2>;
using t3 = tensor<double, 3>;

// A tensor of shape s holding ref::pattern<T>(i, seed) in row-major order.
template <class T, std::size_t N>
tensor<T, N> patterned(const std::vector<std::size_t>& s, std::size_t seed) {
    return tensor<T, N>(ref::filled<T>(s, seed));
}

using ref::at;

// The shape and elements, to check that a failed assignment changed nothing.
template <class X>
std::pair<shape_t, std::vector<typename X::value_type>> state(const X& x) {
    return {x.shape(), std::vector<typename X::value_type>(x.begin(), x.end())};
}

}  // namespace

TEST_CASE("tensor constructors: default, shape, fill, braces", "[core][tensor]") {
    const t2 d;
    CHECK(d.shape() == shape_t{0, 0});
    CHECK(d.size() == 0);
    static_assert(t2::ndim() == 2 && t2::rank == 2);
    const tensor<int, 0> s;
    CHECK(s.shape() == shape_t{});
    CHECK(s.size() == 1);
    CHECK(s() == 0);
    const t3 z(shape_t{2, 3, 4});
    CHECK(z.shape() == shape_t{2, 3, 4});
    CHECK(z.strides() == loom::strides_t{12, 4, 1});
    for (double v : z) CHECK(v == 0.0);
    const t2 f(shape_t{3, 5}, 2.5);
    CHECK(f.size() == 15);
    for (double v : f) CHECK(v == 2.5);
    const tensor<int, 1> b1 = {1, 2, 3};
    CHECK(b1.shape() == shape_t{3});
    CHECK(b1(2) == 3);
    const tensor<int, 2> b2 = {{1, 2, 3}, {4, 5, 6}};
    CHECK(b2.shape() == shape_t{2, 3});
    CHECK(b2.at(-1, -1) == 6);
    const tensor<int, 3> b3 = {{{1, 2}}, {{3, 4}}, {{5, 6}}};
    CHECK(b3.shape() == shape_t{3, 1, 2});
    CHECK(b3(2, 0, 1) == 6);
    CHECK_THROWS_AS(b2.at(2, 0), loom::index_error);
    CHECK(b2.as_array().shape() == shape_t{2, 3});
}

TEST_CASE("tensor constructors given a shape of another rank throw invalid_argument", "[core][tensor]") {
    CHECK_THROWS_AS(t2(shape_t{6}), std::invalid_argument);
    CHECK_THROWS_AS(t2(shape_t{1, 2, 3}), std::invalid_argument);
    CHECK_THROWS_AS(t2(shape_t{}, 1.0), std::invalid_argument);
    CHECK_THROWS_AS(t1(shape_t{2, 2}, 1.0), std::invalid_argument);
    CHECK_THROWS_WITH(t2(shape_t{1, 2, 3}), Catch::Contains("(1, 2, 3)") && Catch::Contains("rank 3"));
    CHECK_THROWS_AS(t2(loom::array<double>(shape_t{4})), std::invalid_argument);
    loom::array<double> a = ref::filled<double>({2, 3}, 1);
    const double* p = a.data();
    const t2 taken(std::move(a));  // taken over, not copied
    CHECK(taken.shape() == shape_t{2, 3});
    CHECK(taken.data() == p);
    // an expression of dynamic rank: checked before anything is evaluated
    const loom::array<double> r3 = ref::filled<double>({2, 3, 4}, 2);
    CHECK_THROWS_AS(t2(r3 * 2.0), loom::broadcast_error);
}

TEST_CASE("tensor assignment takes the value's extents, never another rank", "[core][tensor][assign]") {
    t2 t(shape_t{2, 3}, 1.0);
    const loom::array<double> a = ref::filled<double>({5, 7}, 3);
    t = a * 2.0;
    CHECK(ref::mismatch(t, {5, 7}, [&](const ref::index_t& i) { return 2.0 * a(i[0], i[1]); }) == "");
    const loom::array<double> row = ref::filled<double>({4}, 4);
    const loom::array<double> col = ref::filled<double>({3, 1}, 5);
    t = row + col;  // the broadcast shape
    CHECK(ref::mismatch(t, {3, 4}, [&](const ref::index_t& i) { return row(i[1]) + col(i[0], 0); }) == "");
    const t2 other = patterned<double, 2>({6, 2}, 6);
    t = other;
    CHECK(ref::mismatch(t, {6, 2}, [&](const ref::index_t& i) { return other(i[0], i[1]); }) == "");
    // same number of elements, another shape: the shape follows the value
    const loom::array<double> same_size = ref::filled<double>({4, 3}, 7);
    t = same_size + 1.0;
    CHECK(ref::mismatch(t, {4, 3}, [&](const ref::index_t& i) { return same_size(i[0], i[1]) + 1.0; }) == "");
    t = same_size;
    CHECK(t.shape() == shape_t{4, 3});
    const loom::array<double> empty(shape_t{0, 5});
    t = empty;
    CHECK(t.shape() == shape_t{0, 5});
    CHECK(t.size() == 0);
}

TEST_CASE("a moved-from tensor is empty and keeps its rank", "[core][tensor][assign]") {
    t2 a = patterned<double, 2>({3, 4}, 15);
    const t2 copy = a;
    t2 b = std::move(a);
    CHECK(b.shape() == shape_t{3, 4});
    CHECK(std::vector<double>(b.begin(), b.end()) == std::vector<double>(copy.begin(), copy.end()));
    CHECK(a.shape() == shape_t{0, 0});  // NOLINT(bugprone-use-after-move): the documented moved-from state
    CHECK(a.size() == 0);
    a = copy * 2.0;  // usable again, on the fast path's shape check too
    CHECK(ref::mismatch(a, {3, 4}, [&](const ref::index_t& i) { return 2.0 * copy(i[0], i[1]); }) == "");
    t2 c(shape_t{1, 1});
    c = std::move(b);
    CHECK(c.shape() == shape_t{3, 4});
    CHECK(b.shape() == shape_t{0, 0});  // NOLINT(bugprone-use-after-move)
    c = b + b;  // an empty value of rank 2
    CHECK(c.shape() == shape_t{0, 0});
    c = copy;
    c = c + copy;  // the leaves' shape is compared with the target's current one
    CHECK(ref::mismatch(c, {3, 4}, [&](const ref::index_t& i) { return 2.0 * copy(i[0], i[1]); }) == "");
}

TEST_CASE("tensor assignment of a value of another rank: broadcast_error, unchanged", "[core][tensor][assign]") {
    t2 t = patterned<double, 2>({3, 4}, 11);
    const auto before = state(t);
    const loom::array<double> r1 = ref::filled<double>({4}, 12);
    const loom::array<double> r3 = ref::filled<double>({1, 3, 4}, 13);
    CHECK_THROWS_AS(t = r1, loom::broadcast_error);  // value semantics: rank N exactly, even when it would broadcast
    CHECK(state(t) == before);
    CHECK_THROWS_AS(t = r3 * 2.0, loom::broadcast_error);
    CHECK(state(t) == before);
    CHECK_THROWS_WITH(t = r3 + 1.0, Catch::Contains("(1, 3, 4)") && Catch::Contains("rank 2"));
    CHECK(state(t) == before);
    // shapes that do not broadcast with each other
    const loom::array<double> c = ref::filled<double>({5}, 14);
    CHECK_THROWS_AS(t = t + c, loom::broadcast_error);
    CHECK(state(t) == before);
}

TEST_CASE("tensor compound assignment broadcasts in place", "[core][tensor][compound]") {
    const t2 a = patterned<double, 2>({7, 9}, 21);
    const t1 row = patterned<double, 1>({9}, 22);
    const loom::array<double> col = ref::filled<double>({7, 1}, 23);
    const std::vector<std::size_t> s{7, 9};
    t2 t = a;
    t += row;
    CHECK(ref::mismatch(t, s, [&](const ref::index_t& i) { return a(i[0], i[1]) + row(i[1]); }) == "");
    t = a;
    t -= col;
    CHECK(ref::mismatch(t, s, [&](const ref::index_t& i) { return a(i[0], i[1]) - col(i[0], 0); }) == "");
    t = a;
    t *= 3.0;
    CHECK(ref::mismatch(t, s, [&](const ref::index_t& i) { return a(i[0], i[1]) * 3.0; }) == "");
    t = a;
    t /= a;
    CHECK(ref::mismatch(t, s, [&](const ref::index_t& i) { return a(i[0], i[1]) / a(i[0], i[1]); }) == "");
    tensor<std::int32_t, 2> b(ref::filled<std::int32_t>({3, 5}, 24));
    const tensor<std::int32_t, 2> bb = b;
    const tensor<std::int32_t, 1> mask = {1, 2, 4, 8, 16};
    b |= mask;
    CHECK(ref::mismatch(b, {3, 5}, [&](const ref::index_t& i) { return bb(i[0], i[1]) | mask(i[1]); }) == "");
    b = bb;
    b <<= 2;
    CHECK(ref::mismatch(b, {3, 5}, [&](const ref::index_t& i) {
              return static_cast<std::int32_t>(static_cast<std::uint32_t>(bb(i[0], i[1])) << 2);
          }) == "");

    // in place: the value may not change the shape
    t = a;
    const auto before = state(t);
    const loom::array<double> bad = ref::filled<double>({7}, 25);
    const loom::array<double> grow = ref::filled<double>({2, 7, 9}, 26);
    CHECK_THROWS_AS(t += bad, loom::broadcast_error);
    CHECK(state(t) == before);
    CHECK_THROWS_AS(t *= grow, loom::broadcast_error);
    CHECK(state(t) == before);
    CHECK_THROWS_AS(t -= t3(shape_t{1, 7, 9}), loom::broadcast_error);
    CHECK(state(t) == before);
}

TEST_CASE("the owning fast path and the general path give the same values", "[core][tensor][fast_path]") {
    const std::vector<std::size_t> s{5, 13};
    const t2 a = patterned<double, 2>(s, 31);
    const t2 b = patterned<double, 2>(s, 32);
    const loom::array<double> c = ref::filled<double>(s, 33);
    const t2 row = patterned<double, 2>({1, 13}, 34);
    const t2 sq = patterned<double, 2>({13, 5}, 35);
    const auto want = [&](const ref::index_t& i, double y) { return a(i[0], i[1]) * y + c(i[0], i[1]); };

    t2 t(shape_t{5, 13});
    t = a * b + c;  // every leaf owning and of the target's shape
    CHECK(ref::mismatch(t, s, [&](const ref::index_t& i) { return want(i, b(i[0], i[1])); }) == "");
    t = a * row + c;  // one leaf broadcast
    CHECK(ref::mismatch(t, s, [&](const ref::index_t& i) { return want(i, row(0, i[1])); }) == "");
    t = a * loom::transpose(sq) + c;  // a view operand
    CHECK(ref::mismatch(t, s, [&](const ref::index_t& i) { return want(i, sq(i[1], i[0])); }) == "");
    // a target of another shape: the fast path does not apply, the general one resizes
    t2 u(shape_t{13, 5});
    u = a * b + c;
    CHECK(ref::mismatch(u, s, [&](const ref::index_t& i) { return want(i, b(i[0], i[1])); }) == "");
    // the same values as array<T>
    const loom::array<double> via_array = a * b + c;
    t = a * b + c;
    CHECK(std::vector<double>(via_array.begin(), via_array.end()) == std::vector<double>(t.begin(), t.end()));
    // other element types on the fast path
    tensor<float, 2> f(shape_t{5, 13});
    const tensor<std::int32_t, 2> i32(ref::filled<std::int32_t>(s, 36));
    f = a + i32;
    CHECK(ref::mismatch(f, s, [&](const ref::index_t& i) { return static_cast<float>(a(i[0], i[1]) + i32(i[0], i[1])); }) == "");
}

TEST_CASE("tensor with array and fixed_array operands", "[core][tensor][mixed]") {
    const loom::fixed_array<double, 3, 4> f = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};
    const loom::array<double> col = ref::filled<double>({3, 1}, 41);
    t2 t = f;  // from a fixed shape of the same rank
    CHECK(t.shape() == shape_t{3, 4});
    CHECK(t(2, 3) == 12.0);
    const t1 row = {0.5, 1.5, 2.5, 3.5};
    t = f * row + col;
    CHECK(ref::mismatch(t, {3, 4}, [&](const ref::index_t& i) { return f(i[0], i[1]) * row(i[1]) + col(i[0], 0); }) == "");
    const t2 copy = t;
    t += f;
    CHECK(ref::mismatch(t, {3, 4}, [&](const ref::index_t& i) { return copy(i[0], i[1]) + f(i[0], i[1]); }) == "");
    // a fixed_array of lower rank into a tensor: in place it broadcasts, by value semantics it may not
    const loom::fixed_array<double, 4> frow = {1, 2, 3, 4};
    t = copy;
    t -= frow;
    CHECK(ref::mismatch(t, {3, 4}, [&](const ref::index_t& i) { return copy(i[0], i[1]) - frow(i[1]); }) == "");
    const loom::fixed_array<double, 2, 4> two;
    const auto before = state(t);
    CHECK_THROWS_AS(t += two, loom::broadcast_error);
    CHECK(state(t) == before);
    // a tensor operand into a fixed_array target and an array
    loom::fixed_array<double, 3, 4> g = t * 2.0;
    CHECK(ref::mismatch(g, {3, 4}, [&](const ref::index_t& i) { return 2.0 * t(i[0], i[1]); }) == "");
    const loom::array<double> arr = t + col;
    CHECK(ref::mismatch(arr, {3, 4}, [&](const ref::index_t& i) { return t(i[0], i[1]) + col(i[0], 0); }) == "");
}

TEST_CASE("tensor reading itself: the value is as if computed first (NumPy)", "[core][tensor][alias]") {
    const t2 a = patterned<double, 2>({4, 4}, 51);
    t2 t = a;
    t = t + t;
    CHECK(ref::mismatch(t, {4, 4}, [&](const ref::index_t& i) { return 2 * a(i[0], i[1]); }) == "");
    t = a;
    t += t;
    CHECK(ref::mismatch(t, {4, 4}, [&](const ref::index_t& i) { return 2 * a(i[0], i[1]); }) == "");
    // square transpose: same shape, other layout
    t = a;
    t = loom::transpose(t);
    CHECK(ref::mismatch(t, {4, 4}, [&](const ref::index_t& i) { return a(i[1], i[0]); }) == "");
    t = a;
    t = t + loom::transpose(t);
    CHECK(ref::mismatch(t, {4, 4}, [&](const ref::index_t& i) { return a(i[0], i[1]) + a(i[1], i[0]); }) == "");
    t = a;
    t -= loom::transpose(t);
    CHECK(ref::mismatch(t, {4, 4}, [&](const ref::index_t& i) { return a(i[0], i[1]) - a(i[1], i[0]); }) == "");
    // non-square transpose: the shape changes from (3, 5) to (5, 3)
    const t2 n = patterned<double, 2>({3, 5}, 52);
    t = n;
    t = loom::transpose(t);
    CHECK(ref::mismatch(t, {5, 3}, [&](const ref::index_t& i) { return n(i[1], i[0]); }) == "");
    t = n;
    t = loom::transpose(t) * 2.0 + 1.0;
    CHECK(ref::mismatch(t, {5, 3}, [&](const ref::index_t& i) { return n(i[1], i[0]) * 2.0 + 1.0; }) == "");
    // a smaller window of itself: the buffer may be reused, the value must not be overwritten midway
    t = n;
    t = loom::view(t, loom::range(1, 3), loom::range(loom::none, loom::none, -1));
    CHECK(ref::mismatch(t, {2, 5}, [&](const ref::index_t& i) { return n(i[0] + 1, 4 - i[1]); }) == "");
    t = n;
    t = loom::transpose(loom::view(t, loom::range(1, 3)));
    CHECK(ref::mismatch(t, {5, 2}, [&](const ref::index_t& i) { return n(i[1] + 1, i[0]); }) == "");
    // a row of itself broadcast over itself
    t = n;
    t = t * loom::view(t, loom::range(2, 3));
    CHECK(ref::mismatch(t, {3, 5}, [&](const ref::index_t& i) { return n(i[0], i[1]) * n(2, i[1]); }) == "");
}
