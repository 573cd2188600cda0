// tests/view/test_indexing.cpp: loom::view with integers, Python slices (negative steps, clipping), all, newaxis, ellipsis.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "../support/reference.hpp"

using loom::all;
using loom::ellipsis;
using loom::newaxis;
using loom::none;
using loom::range;
using loom::shape_t;

namespace {

using ref::values;
using ref::iota;

// The elements of an expression in row-major order, through the evaluator.

template <class X, class... A>
concept can_view = requires(X&& x, A... a) { loom::view(static_cast<X&&>(x), a...); };
using ref::assignable_from_double;

}  // namespace

TEMPLATE_TEST_CASE("view: integers drop axes, negative ones count from the end", "[view][indexing]", std::int8_t,
                   std::int32_t, std::uint16_t, std::int64_t, float, double) {
    const auto x = iota<TestType>({3, 4});  // x[i][j] = 4 i + j
    auto row = loom::view(x, 1);
    CHECK(row.shape() == shape_t{4});
    CHECK(values(row) == std::vector<TestType>{4, 5, 6, 7});
    CHECK(values(loom::view(x, -1)) == std::vector<TestType>{8, 9, 10, 11});
    auto col = loom::view(x, all, -2);
    CHECK(col.shape() == shape_t{3});
    CHECK(values(col) == std::vector<TestType>{2, 6, 10});
    auto one = loom::view(x, 2, 1);
    CHECK(one.shape() == shape_t{});
    CHECK(values(one) == std::vector<TestType>{9});
    CHECK(values(loom::view(x, -3, -4)) == std::vector<TestType>{0});
}

TEST_CASE("view: slices with positive steps and clipped bounds", "[view][indexing]") {
    const auto x = iota({10});
    CHECK(values(loom::view(x, range(2, 5))) == std::vector<double>{2, 3, 4});
    CHECK(values(loom::view(x, range(1, 8, 3))) == std::vector<double>{1, 4, 7});
    CHECK(values(loom::view(x, range(1, 9, 3))) == std::vector<double>{1, 4, 7});
    CHECK(values(loom::view(x, range(1, 10, 3))) == std::vector<double>{1, 4, 7});
    CHECK(values(loom::view(x, range(-3, none))) == std::vector<double>{7, 8, 9});
    CHECK(values(loom::view(x, range(none, -7))) == std::vector<double>{0, 1, 2});
    CHECK(values(loom::view(x, range(-100, 100))).size() == 10);
    CHECK(values(loom::view(x, range(8, 100, 4))) == std::vector<double>{8});
    CHECK(loom::view(x, range(5, 2)).shape() == shape_t{0});
    CHECK(loom::view(x, range(100, 200)).shape() == shape_t{0});
    CHECK(loom::view(x, range(none, -100)).shape() == shape_t{0});
    CHECK(values(loom::view(x, range(none, none, none))).size() == 10);
    CHECK(values(loom::view(x, range(3u, 6ull))) == std::vector<double>{3, 4, 5});
}

TEST_CASE("view: slices with negative steps, checked by hand", "[view][indexing][negative_step]") {
    const auto x = iota({10});
    // x[::-1]
    CHECK(values(loom::view(x, range(none, none, -1))) == std::vector<double>{9, 8, 7, 6, 5, 4, 3, 2, 1, 0});
    // x[8:1:-3] -> 8, 5, 2
    CHECK(values(loom::view(x, range(8, 1, -3))) == std::vector<double>{8, 5, 2});
    // x[-1:-8:-2] -> 9, 7, 5, 3
    CHECK(values(loom::view(x, range(-1, -8, -2))) == std::vector<double>{9, 7, 5, 3});
    // x[:3:-1] -> 9 .. 4
    CHECK(values(loom::view(x, range(none, 3, -1))) == std::vector<double>{9, 8, 7, 6, 5, 4});
    // x[2::-1] -> 2, 1, 0
    CHECK(values(loom::view(x, range(2, none, -1))) == std::vector<double>{2, 1, 0});
    // x[100::-4] -> start clipped to 9: 9, 5, 1
    CHECK(values(loom::view(x, range(100, none, -4))) == std::vector<double>{9, 5, 1});
    // x[-100::-1] -> start before the beginning: empty
    CHECK(loom::view(x, range(-100, none, -1)).shape() == shape_t{0});
    // x[5:-100:-2] -> stop clipped before the beginning: 5, 3, 1
    CHECK(values(loom::view(x, range(5, -100, -2))) == std::vector<double>{5, 3, 1});
    // x[3:7:-1] -> empty
    CHECK(loom::view(x, range(3, 7, -1)).shape() == shape_t{0});
    // x[::-20] -> 9 only
    CHECK(values(loom::view(x, range(none, none, -20))) == std::vector<double>{9});
    const auto nothing = iota({0});
    CHECK(loom::view(nothing, range(none, none, -1)).shape() == shape_t{0});

    // 2-d: x[::-1, 3:0:-2] on x[i][j] = 4 i + j, rows 2 1 0 and columns 3 1
    const auto m = iota({3, 4});
    auto v = loom::view(m, range(none, none, -1), range(3, 0, -2));
    CHECK(v.shape() == shape_t{2 + 1, 2});
    CHECK(values(v) == std::vector<double>{11, 9, 7, 5, 3, 1});
    // used as an operand: v + x[::-1][:2] broadcast along rows
    const auto w = loom::view(x, range(1, none, -1));  // x[1::-1] -> 1, 0
    CHECK(values(v + w) == std::vector<double>{12, 9, 8, 5, 4, 1});
}

TEST_CASE("view: all, newaxis and ellipsis", "[view][indexing]") {
    const auto x = iota({2, 3, 4});  // x[i][j][k] = 12 i + 4 j + k
    CHECK(loom::view(x, ellipsis).shape() == shape_t{2, 3, 4});
    auto a = loom::view(x, ellipsis, 1);
    CHECK(a.shape() == shape_t{2, 3});
    CHECK(values(a) == std::vector<double>{1, 5, 9, 13, 17, 21});
    auto b = loom::view(x, 1, ellipsis);
    CHECK(b.shape() == shape_t{3, 4});
    CHECK(values(b).front() == 12);
    CHECK(values(b).back() == 23);
    auto c = loom::view(x, 0, ellipsis, range(none, none, -3));  // x[0, ..., ::-3] -> columns 3, 0
    CHECK(c.shape() == shape_t{3, 2});
    CHECK(values(c) == std::vector<double>{3, 0, 7, 4, 11, 8});
    CHECK(loom::view(x, newaxis, ellipsis, newaxis).shape() == shape_t{1, 2, 3, 4, 1});
    // x[:, None, 2]: the integer indexes axis 1 of x
    CHECK(loom::view(x, all, newaxis, 2).shape() == shape_t{2, 1, 4});
    CHECK(values(loom::view(x, all, newaxis, 2)) == std::vector<double>{8, 9, 10, 11, 20, 21, 22, 23});
    CHECK(loom::view(x, 1, ellipsis, all, 0).shape() == shape_t{3});
    CHECK(values(loom::view(x, 1, all, ellipsis, 0)) == std::vector<double>{12, 16, 20});
    // a newaxis column broadcasts against a row: an outer sum
    const auto v = iota({3});
    CHECK(values(loom::view(v, all, newaxis) + v) == std::vector<double>{0, 1, 2, 1, 2, 3, 2, 3, 4});
    // an ellipsis that stands for no axis
    CHECK(values(loom::view(x, 1, 2, ellipsis, 3)) == std::vector<double>{23});
    // rank 0
    auto s = loom::view(x, 1, 2, 3);
    CHECK(loom::view(s, newaxis).shape() == shape_t{1});
    CHECK(loom::view(s, ellipsis).shape() == shape_t{});
}

TEST_CASE("view: views of views compose", "[view][indexing]") {
    const auto x = iota({4, 5});  // 5 i + j
    auto v1 = loom::view(x, range(1, none), range(none, none, -1));  // rows 1..3, columns 4..0
    auto v2 = loom::view(v1, range(none, none, 2), range(1, 4, 2));  // rows 1, 3; columns 3, 1
    CHECK(v2.shape() == shape_t{2, 2});
    CHECK(values(v2) == std::vector<double>{8, 6, 18, 16});
    auto v3 = loom::view(v2, -1, ellipsis);
    CHECK(values(v3) == std::vector<double>{18, 16});
    CHECK(values(loom::view(loom::view(v3, range(none, none, -1)), newaxis)) == std::vector<double>{16, 18});
}

TEST_CASE("view: writing through views and views of views", "[view][indexing][inplace]") {
    auto x = iota({4, 5});  // 5 i + j
    auto expect = [](std::size_t i, std::size_t j) { return static_cast<double>(5 * i + j); };

    // views keep pointing at x's buffer: refill it in place, never reassign x
    auto reset = [&] {
        for (std::size_t i = 0; i < x.size(); ++i) x.data()[i] = static_cast<double>(i);
    };
    loom::view(x, 1) = -1.0;
    for (std::size_t j = 0; j < 5; ++j) CHECK(x(1, j) == -1.0);
    CHECK(x(0, 0) == 0.0);
    CHECK(x(2, 0) == 10.0);

    reset();
    auto outer = loom::view(x, range(none, none, -1), range(1, none));  // rows 3..0, columns 1..4
    auto inner = loom::view(outer, range(1, 3), range(none, none, -2));  // rows 2, 1; columns 4, 2
    loom::array<double> src = {{100, 200}, {300, 400}};
    inner = src;
    for (std::size_t i = 0; i < 4; ++i)
        for (std::size_t j = 0; j < 5; ++j) {
            double want = expect(i, j);
            if (i == 2 && j == 4) want = 100;
            if (i == 2 && j == 2) want = 200;
            if (i == 1 && j == 4) want = 300;
            if (i == 1 && j == 2) want = 400;
            CHECK(x(i, j) == want);
        }

    reset();
    // compound assignment through a view of a view, with a broadcast row
    loom::array<double> row = {1000, 2000};
    inner += row;
    CHECK(x(2, 4) == expect(2, 4) + 1000);
    CHECK(x(2, 2) == expect(2, 2) + 2000);
    CHECK(x(1, 4) == expect(1, 4) + 1000);
    CHECK(x(1, 2) == expect(1, 2) + 2000);
    CHECK(x(1, 3) == expect(1, 3));
    CHECK(x(3, 4) == expect(3, 4));

    // an expression of the view itself
    reset();
    auto col = loom::view(x, all, 0);
    col = col * 2.0 + 1.0;
    for (std::size_t i = 0; i < 4; ++i) CHECK(x(i, 0) == expect(i, 0) * 2 + 1);
    CHECK(x(3, 1) == expect(3, 1));
}

TEST_CASE("view: reversing in place reads every element before writing", "[view][indexing][alias]") {
    auto x = iota({7});
    loom::view(x, range(none, none, -1)) = x;
    CHECK(values(x) == std::vector<double>{6, 5, 4, 3, 2, 1, 0});
    auto m = iota({3, 3});
    loom::view(m, range(none, none, -1), all) = m + 0.0;  // flip rows
    CHECK(values(m) == std::vector<double>{6, 7, 8, 3, 4, 5, 0, 1, 2});
    auto y = iota({6});
    loom::view(y, range(1, none)) = loom::view(y, range(none, -1));  // shift right by one
    CHECK(values(y) == std::vector<double>{0, 0, 1, 2, 3, 4});
}

TEST_CASE("view: the Array API in-place example", "[view][indexing][inplace]") {
    loom::array<double> x = loom::zeros<double>({2, 3, 4});
    const loom::array<double> a = loom::ones<double>({1, 3, 4});
    loom::view(x, ellipsis) = a;
    for (double v : x) CHECK(v == 1.0);

    for (std::size_t i = 0; i < x.size(); ++i) x.data()[i] = static_cast<double>(i);
    const std::string msg = ref::what_of<std::exception>([&] { loom::view(x, 1, ellipsis) = a; });
    CHECK(msg.find("(1, 3, 4)") != std::string::npos);
    CHECK(msg.find("(3, 4)") != std::string::npos);
    CHECK_THROWS_AS(loom::view(x, 1, ellipsis) = a, loom::broadcast_error);
    CHECK_THROWS_AS(loom::view(x, 1, ellipsis) += a, loom::broadcast_error);
    for (std::size_t i = 0; i < x.size(); ++i) CHECK(x.data()[i] == static_cast<double>(i));
    // a value with fewer axes is fine
    loom::view(x, 1, ellipsis) = loom::view(a, 0, 0);
    CHECK(x(1, 2, 3) == 1.0);
    CHECK(x(0, 2, 3) == 11.0);
}

TEST_CASE("view: constness follows the base", "[view][indexing]") {
    loom::array<double> x = {{1, 2}, {3, 4}};
    const loom::array<double>& cx = x;
    STATIC_REQUIRE(std::is_same_v<decltype(loom::view(x, 0)), loom::strided_view<double>>);
    STATIC_REQUIRE(std::is_same_v<decltype(loom::view(cx, 0)), loom::strided_view<const double>>);
    STATIC_REQUIRE(std::is_same_v<decltype(loom::view(loom::view(cx, 0), all)), loom::strided_view<const double>>);
    STATIC_REQUIRE(assignable_from_double<decltype(loom::view(x, 0))>);
    STATIC_REQUIRE(!assignable_from_double<decltype(loom::view(cx, 0))>);
    // a temporary array is taken: the view owns it (tests/view/test_temporaries.cpp)
    STATIC_REQUIRE(can_view<loom::array<double>&, int>);
    STATIC_REQUIRE(can_view<loom::array<double>, int>);
    STATIC_REQUIRE(loom::is_owning_view<decltype(loom::view(loom::array<double>{1, 2}, 0))>::value);
    STATIC_REQUIRE(can_view<loom::strided_view<double>, int>);
    STATIC_REQUIRE(!can_view<loom::array<double>&, bool>);
    STATIC_REQUIRE(!can_view<loom::array<double>&, double>);
    // views of caller-owned memory
    double buf[6] = {0, 1, 2, 3, 4, 5};
    auto m = loom::adapt(buf, {2, 3});
    loom::view(m, all, range(none, none, 2)) = 9.0;
    CHECK(std::vector<double>(buf, buf + 6) == std::vector<double>{9, 1, 9, 9, 4, 9});
}

TEST_CASE("view: misuse throws index_error naming the value, before anything changes", "[view][indexing][errors]") {
    auto x = iota({2, 3});
    const auto before = values(x);
    CHECK_THROWS_AS(loom::view(x, 2), loom::index_error);
    CHECK_THROWS_AS(loom::view(x, -3), loom::index_error);
    CHECK_THROWS_AS(loom::view(x, 0, 3), loom::index_error);
    CHECK_THROWS_AS(loom::view(x, 0, range(0, 2, 0)), loom::index_error);
    CHECK_THROWS_AS(loom::view(x, ellipsis, 0, ellipsis), loom::index_error);
    CHECK_THROWS_AS(loom::view(x, 0, 0, 0), loom::index_error);
    CHECK_THROWS_AS(loom::view(x, all, all, all), loom::index_error);
    CHECK(ref::what_of<std::exception>([&] { (void)loom::view(x, 0, 7); }).find("index 7") != std::string::npos);
    CHECK(ref::what_of<std::exception>([&] { (void)loom::view(x, 0, 7); }).find("size 3") != std::string::npos);
    CHECK(ref::what_of<std::exception>([&] { (void)loom::view(x, -5); }).find("-5") != std::string::npos);
    CHECK(ref::what_of<std::exception>([&] { (void)loom::view(x, range(1, 2, 0)); }).find("range(1, 2, 0)") != std::string::npos);
    CHECK(ref::what_of<std::exception>([&] { (void)loom::view(x, ellipsis, ellipsis); }).find("2") != std::string::npos);
    CHECK(ref::what_of<std::exception>([&] { (void)loom::view(x, 0, 0, 0); }).find("3") != std::string::npos);
    CHECK_THROWS_AS(loom::view(x, 5) = 1.0, loom::index_error);
    CHECK(values(x) == before);
}
