// tests/linalg/test_outer.cpp: outer, inner and kron against plain loops over element types and layouts, and
// NumPy 1.24's values, shapes and element types (np.outer, np.inner, np.kron).
#include <catch2/catch.hpp>

#include <loom/loom.hpp>
#include <loom/linalg/outer.hpp>

#include <complex>
#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;
using ref::index_t;
using ref::values;

namespace {

// a * b, as the element type's own product (AND for bool), and s + p (OR for bool), wrapping as NumPy's.
template <class T>
T times(T a, T b) {
    if constexpr (std::is_same_v<T, bool>) return a && b;
    else return static_cast<T>(a * b);
}
template <class T>
T plus(T a, T b) {
    if constexpr (std::is_same_v<T, bool>) return a || b;
    else return static_cast<T>(a + b);
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("outer: out(i, j) = x1[i] * x2[j] of the flattened operands, over every layout", "[linalg][outer]",
                        ref::all_types) {
    using T = TestType;
    const auto a = ref::filled<T>({2, 3}, 1);
    const auto b = ref::filled<T>({4}, 2);
    const auto av = values(a), bv = values(b);
    const auto check = [&](const auto& xa, const auto& xb, const char* how) {
        INFO(how);
        const auto e = loom::outer(xa, xb);
        STATIC_REQUIRE(std::is_same_v<typename decltype(e)::value_type, T>);
        const loom::array<T> r = e;
        CHECK(ref::mismatch(r, {6, 4}, [&](const index_t& i) { return times(av[i[0]], bv[i[1]]); }) == "");
    };
    // each operand in every layout (the other an array): the layouts of one do not depend on the other's
    ref::each_layout(a, [&](const auto& xa, const char* how) { check(xa, b, how); });
    ref::each_layout(b, [&](const auto& xb, const char* how) { check(a, xb, how); });
    // a transposed view does not flatten in place: copied, the same values as its evaluation
    const loom::array<T> t = loom::outer(loom::transpose(a), b);
    CHECK(values(t) == values(loom::outer(loom::eval(loom::transpose(a)), b)));
}

TEMPLATE_LIST_TEST_CASE("inner: the sums of products over the last axes", "[linalg][inner]", ref::all_types) {
    using T = TestType;
    const std::vector<std::size_t> sa{2, 3, 4}, sb{5, 4};
    const auto a = ref::filled<T>(sa, 3);
    const auto b = ref::filled<T>(sb, 4);
    const auto av = values(a), bv = values(b);
    ref::each_layout(a, [&](const auto& xa, const char* how) {
        INFO(how);
        const auto r = loom::inner(xa, b);
        STATIC_REQUIRE(std::is_same_v<typename decltype(r)::value_type, T>);
        CHECK(ref::mismatch_near(r, {2, 3, 5}, [&](const index_t& i) {
                  T acc = T(0);
                  for (std::size_t k = 0; k < 4; ++k)
                      acc = plus(acc, times(ref::at(av, sa, {i[0], i[1], k}), ref::at(bv, sb, {i[2], k})));
                  return acc;
              }, 1e-5, 1e-5) == "");
    });
    // two vectors: rank 0
    const auto v = ref::filled<T>({4}, 5);
    const auto vv = values(v);
    const auto d = loom::inner(v, loom::flip(v));
    CHECK(d.shape() == shape_t{});
    T acc = T(0);
    for (std::size_t k = 0; k < 4; ++k) acc = plus(acc, times(vv[k], vv[3 - k]));
    CHECK(ref::near(d.data()[0], acc, 1e-5, 1e-5));
}

TEMPLATE_LIST_TEST_CASE("kron: blocks x1[i, j] * x2, over every layout", "[linalg][kron]", ref::all_types) {
    using T = TestType;
    const std::vector<std::size_t> sa{2, 3}, sb{3, 2};
    const auto a = ref::filled<T>(sa, 5);
    const auto b = ref::filled<T>(sb, 6);
    const auto av = values(a), bv = values(b);
    const auto check = [&](const auto& xa, const auto& xb, const char* how) {
        INFO(how);
        const auto r = loom::kron(xa, xb);
        STATIC_REQUIRE(std::is_same_v<typename decltype(r)::value_type, T>);
        CHECK(ref::mismatch(r, {6, 6}, [&](const index_t& i) {
                  return times(ref::at(av, sa, {i[0] / 3, i[1] / 2}), ref::at(bv, sb, {i[0] % 3, i[1] % 2}));
              }) == "");
    };
    ref::each_layout(a, [&](const auto& xa, const char* how) { check(xa, b, how); });
    ref::each_layout(b, [&](const auto& xb, const char* how) { check(a, xb, how); });
    // ranks that differ: the shorter shape takes 1s in front
    const auto v = ref::filled<T>({4}, 7);
    const auto vv = values(v);
    CHECK(ref::mismatch(loom::kron(v, b), {3, 8}, [&](const index_t& i) {
              return times(vv[i[1] / 2], ref::at(bv, sb, {i[0], i[1] % 2}));
          }) == "");
    CHECK(ref::mismatch(loom::kron(b, v), {3, 8}, [&](const index_t& i) {
              return times(ref::at(bv, sb, {i[0], i[1] / 4}), vv[i[1] % 4]);
          }) == "");
}

TEST_CASE("outer, inner and kron: NumPy's values and element types", "[linalg][outer][inner][kron]") {
    // np.outer([[1, 2], [3, 4]], [1, 10, 100])
    const loom::array<int> m = {{1, 2}, {3, 4}};
    const loom::array<int> p = {1, 10, 100};
    const loom::array<int> o = loom::outer(m, p);
    CHECK(o.shape() == shape_t{4, 3});
    CHECK(values(o) == std::vector<int>{1, 10, 100, 2, 20, 200, 3, 30, 300, 4, 40, 400});
    CHECK(values(loom::outer(loom::array<bool>{true, false}, loom::array<bool>{true, true})) ==
          std::vector<bool>{true, true, false, false});
    STATIC_REQUIRE(std::is_same_v<decltype(loom::outer(loom::array<std::int8_t>{1}, loom::array<std::uint8_t>{200}))::value_type,
                                  std::int16_t>);
    CHECK(values(loom::outer(loom::array<std::int8_t>{-1}, loom::array<std::uint8_t>{200})) == std::vector<std::int16_t>{-200});
    CHECK(loom::outer(loom::full<int>(shape_t{}, 3), p).shape() == shape_t{1, 3});
    CHECK(loom::outer(loom::array<double>(shape_t{0, 2}), p).shape() == shape_t{0, 3});
    // np.inner(a, b) for a = np.arange(6).reshape(2, 3), b = np.arange(12).reshape(4, 3)
    const auto a = loom::reshape(loom::arange<int>(6), {2, 3});
    const auto b = loom::reshape(loom::arange<int>(12), {4, 3});
    CHECK(loom::inner(a, b).shape() == shape_t{2, 4});
    CHECK(values(loom::inner(a, b)) == std::vector<int>{5, 14, 23, 32, 14, 50, 86, 122});
    CHECK(values(loom::inner(loom::arange<int>(3), b)) == std::vector<int>{5, 14, 23, 32});
    CHECK(values(loom::inner(loom::full<int>(shape_t{}, 2), loom::arange<int>(3))) == std::vector<int>{0, 2, 4});
    CHECK(values(loom::inner(loom::array<bool>{true, false}, loom::array<bool>{true, true})) == std::vector<bool>{true});
    // int8 wraps as NumPy's: 100 * 1 + 100 * 2 is 44; complex numbers are not conjugated
    CHECK(values(loom::inner(loom::array<std::int8_t>{100, 100}, loom::array<std::int8_t>{1, 2})) ==
          std::vector<std::int8_t>{44});
    using C = std::complex<double>;
    CHECK(values(loom::inner(loom::array<C>{C(1, 2), C(3, 0)}, loom::array<C>{C(0, 1), C(1, 0)})) == std::vector<C>{C(1, 1)});
    CHECK(values(loom::inner(loom::array<double>(shape_t{0}), loom::array<double>(shape_t{0}))) == std::vector<double>{0});
    // np.kron
    CHECK(values(loom::kron(m, loom::array<int>{{0, 1}, {1, 0}})) ==
          std::vector<int>{0, 1, 0, 2, 1, 0, 2, 0, 0, 3, 0, 4, 3, 0, 4, 0});
    CHECK(values(loom::kron(loom::array<int>{1, 10, 100}, loom::array<int>{5, 6, 7})) ==
          std::vector<int>{5, 6, 7, 50, 60, 70, 500, 600, 700});
    CHECK(values(loom::kron(loom::array<int>{1, 2}, loom::ones<int>({2, 2}))) == std::vector<int>{1, 1, 2, 2, 1, 1, 2, 2});
    CHECK(loom::kron(loom::ones<int>({2, 1, 2}), loom::array<int>{{1, 2}}).shape() == shape_t{2, 1, 4});
    const auto three = loom::full<int>(shape_t{}, 3);
    CHECK(values(loom::kron(three, loom::array<int>{1, 2})) == std::vector<int>{3, 6});
    CHECK(values(loom::kron(loom::array<int>{1, 2}, three)) == std::vector<int>{3, 6});
    CHECK(loom::kron(three, loom::full<int>(shape_t{}, 4)).shape() == shape_t{});
    CHECK(values(loom::kron(three, loom::full<int>(shape_t{}, 4))) == std::vector<int>{12});
    CHECK(loom::kron(loom::array<double>(shape_t{0, 2}), loom::ones<double>({3, 3})).shape() == shape_t{0, 6});
    CHECK(values(loom::kron(loom::array<int>{1, 2} * 2, loom::transpose(loom::array<int>{{1, 2}}))) ==
          std::vector<int>{2, 4, 4, 8});
}

TEST_CASE("outer is lazy: it reads its operands when evaluated; expressions are evaluated once", "[linalg][outer]") {
    loom::array<double> x = {1, 2};
    const loom::array<double> y = {1, 10};
    const auto e = loom::outer(x, y);
    x(1) = 3;  // read in place: the change shows
    CHECK(values(e) == std::vector<double>{1, 10, 3, 30});
    const auto f = loom::outer(x * 2, y);  // evaluated into memory f owns
    x(0) = 100;
    CHECK(values(f) == std::vector<double>{2, 20, 6, 60});
    const auto g = loom::outer(loom::array<double>{1, 2}, loom::array<double>{1, 2});  // temporaries: owned
    CHECK(values(g) == std::vector<double>{1, 2, 2, 4});
    CHECK(values(loom::outer(x, y) + 1.0) == std::vector<double>{101, 1001, 4, 31});  // fuses into a larger expression
}

TEST_CASE("inner: errors", "[linalg][inner]") {
    const auto a = loom::reshape(loom::arange<int>(6), {2, 3});
    CHECK_THROWS_WITH(loom::inner(a, loom::arange<int>(2)),
                      Catch::Contains("loom::inner: x1 has shape (2, 3) and x2 (2,): their last axes differ (3 and 2 elements)"));
    CHECK_THROWS_AS(loom::inner(loom::arange<int>(2), a), std::invalid_argument);
}
