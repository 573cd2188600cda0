// tests/view/test_temporaries.cpp: the view functions on temporaries (the view owns them) and on
// expressions (transpose, broadcasting, axes and slices stay lazy; reshape evaluates once).
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <type_traits>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;

namespace {

template <class E>
std::vector<double> doubles(const E& e) {
    const loom::array<double> a = loom::astype<double>(e);
    return std::vector<double>(a.begin(), a.end());
}

template <class V>
inline constexpr bool owns = loom::is_owning_view<std::remove_cvref_t<V>>::value;

}  // namespace

TEST_CASE("views of temporary arrays own them", "[view][temporaries]") {
    const auto m = loom::reshape(loom::arange<int>(12), {3, 4});
    static_assert(owns<decltype(m)>);
    REQUIRE(m.shape() == shape_t{3, 4});
    CHECK(m(2, 1) == 9);
    // views of the owning view keep the memory alive, whatever the temporaries in between
    const auto t = loom::transpose(loom::reshape(loom::arange<int>(6), {2, 3}));
    static_assert(owns<decltype(t)>);
    CHECK(doubles(t) == std::vector<double>{0, 3, 1, 4, 2, 5});
    const auto row = loom::view(loom::transpose(loom::reshape(loom::arange<double>(6), {2, 3})), 2);
    CHECK(doubles(row) == std::vector<double>{2, 5});
    const auto f = loom::flatten(loom::permute_dims(loom::reshape(loom::arange<int>(24), {2, 3, 4}), {0, 1, 2}));
    CHECK(f.shape() == shape_t{24});
    const auto e = loom::expand_dims(loom::squeeze(loom::reshape(loom::arange<int>(3), {1, 3})), 0);
    CHECK(e.shape() == shape_t{1, 3});
    const auto b = loom::broadcast_to(loom::arange<int>(3), {2, 3});
    CHECK(doubles(b) == std::vector<double>{0, 1, 2, 0, 1, 2});
    const auto c = loom::broadcast_in_dim(loom::arange<int>(2), {2, 3}, {0});
    CHECK(doubles(c) == std::vector<double>{0, 0, 0, 1, 1, 1});
    // a tensor and a fixed_array (elements inline) as temporaries
    const auto tt = loom::transpose(loom::tensor<int, 2>(loom::reshape(loom::arange<int>(6), {3, 2})));
    CHECK(doubles(tt) == std::vector<double>{0, 2, 4, 1, 3, 5});
    const auto fx = loom::view(loom::fixed_array<double, 4>{1, 2, 3, 4}, loom::range(1, 3));
    static_assert(owns<decltype(fx)>);
    CHECK(doubles(fx) == std::vector<double>{2, 3});
    // copies share the memory, as views of one array do; writing goes through
    auto w = loom::view(loom::arange<int>(5), loom::range(1, 4));
    auto w2 = w;
    w = 7;
    CHECK(doubles(w2) == std::vector<double>{7, 7, 7});
    w2 += 1;
    CHECK(doubles(w) == std::vector<double>{8, 8, 8});
    // as an operand of an expression, moved into it
    const loom::array<int> sum = loom::transpose(loom::reshape(loom::arange<int>(6), {2, 3})) * 10 + 1;
    CHECK(doubles(sum) == std::vector<double>{1, 31, 11, 41, 21, 51});
}

TEST_CASE("transpose, broadcasting, axes and slices of an expression stay lazy", "[view][temporaries]") {
    loom::array<double> a = {{1, 2, 3}, {4, 5, 6}};
    const loom::array<double> v = {10, 20, 30};
    const auto t = loom::transpose(a * 2 + v);
    static_assert(!loom::is_strided_view<std::remove_cvref_t<decltype(t)>>::value);  // an expression
    REQUIRE(t.shape() == shape_t{3, 2});
    CHECK(doubles(t) == std::vector<double>{12, 18, 24, 30, 36, 42});
    // lazy: it reads a when it is evaluated, not when it was made
    a(0, 0) = 100;
    CHECK(doubles(t)[0] == 210);
    const auto p = loom::permute_dims(loom::expand_dims(a - 1, 0), {2, 0, 1});
    CHECK(p.shape() == shape_t{3, 1, 2});
    CHECK(doubles(p) == std::vector<double>{99, 3, 1, 4, 2, 5});
    const auto b = loom::broadcast_to(v / 10, {2, 3});
    CHECK(doubles(b) == std::vector<double>{1, 2, 3, 1, 2, 3});
    const auto bd = loom::broadcast_in_dim(loom::sqrt(v * 0 + 4), {3, 2}, {0});
    CHECK(doubles(bd) == std::vector<double>{2, 2, 2, 2, 2, 2});
    const auto s = loom::squeeze(loom::view(a * 1, loom::all, loom::range(1, 2)));
    CHECK(doubles(s) == std::vector<double>{2, 5});
    const auto col = loom::view(loom::transpose(a + v), loom::range(loom::none, loom::none, -1), 1);
    CHECK(doubles(col) == std::vector<double>{36, 25, 14});
    // a scalar in the tree stays a scalar; an rvalue array in the tree is kept alive
    const auto r = loom::transpose(loom::reshape(loom::arange<double>(6), {2, 3}) + 0.5);
    CHECK(doubles(r) == std::vector<double>{0.5, 3.5, 1.5, 4.5, 2.5, 5.5});
    const auto r2 = loom::transpose(loom::eval(a) * 1.0);
    CHECK(doubles(r2) == std::vector<double>{100, 4, 2, 5, 3, 6});
    // operands that do not broadcast: the error now, when the view is made
    const loom::array<double> four = {1, 2, 3, 4};
    CHECK_THROWS_AS(loom::transpose(a + four), loom::broadcast_error);
}

TEST_CASE("reshape and flatten of an expression evaluate it once", "[view][temporaries]") {
    loom::array<int> a = loom::arange<int>(6);
    const auto m = loom::reshape(a * 2, {2, 3});
    static_assert(owns<decltype(m)>);
    a(0) = 100;  // evaluated when reshaped: later changes to a are not seen
    CHECK(doubles(m) == std::vector<double>{0, 2, 4, 6, 8, 10});
    CHECK(doubles(loom::flatten(loom::transpose(loom::reshape(a, {2, 3})) + 0)) ==
          std::vector<double>{100, 3, 1, 4, 2, 5});
    // a reduction in the tree: the tree is evaluated, then viewed
    const loom::array<double> x = {{1, 2}, {3, 4}};
    const auto tr = loom::transpose(x - loom::mean(x, 0, loom::keepdims));
    CHECK(doubles(tr) == std::vector<double>{-1, 1, -1, 1});
}
