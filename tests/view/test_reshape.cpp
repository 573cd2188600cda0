// tests/view/test_reshape.cpp: reshape and flatten: views that share memory, -1, layouts that cannot be viewed.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <string>
#include <type_traits>
#include <vector>

#include "../support/reference.hpp"

using loom::all;
using loom::none;
using loom::range;
using loom::shape_t;

namespace {

using ref::values;
using ref::iota;

std::vector<double> iota_values(std::size_t n) {
    std::vector<double> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<double>(i);
    return v;
}

}  // namespace

TEST_CASE("reshape of contiguous memory is a view sharing it", "[view][reshape]") {
    auto a = iota({6});
    auto m = loom::reshape(a, {2, 3});
    STATIC_REQUIRE(std::is_same_v<decltype(m), loom::strided_view<double>>);
    CHECK(m.shape() == shape_t{2, 3});
    CHECK(m.data() == a.data());
    CHECK(values(m) == iota_values(6));
    m(1, 0) = 30;  // element 3
    CHECK(a(3) == 30);
    CHECK(loom::reshape(a, {3, -1}).shape() == shape_t{3, 2});
    CHECK(loom::reshape(a, {-1}).shape() == shape_t{6});
    CHECK(loom::reshape(a, {1, 2, 1, 3, 1}).shape() == shape_t{1, 2, 1, 3, 1});
    CHECK(loom::reshape(a, shape_t{6, 1}).shape() == shape_t{6, 1});
    CHECK(loom::reshape(a, std::vector<long>{2, -1}).shape() == shape_t{2, 3});
    const auto c = iota({2, 3, 4});
    auto r = loom::reshape(c, {4, 6});
    STATIC_REQUIRE(std::is_same_v<decltype(r), loom::strided_view<const double>>);
    CHECK(values(r) == iota_values(24));
}

TEST_CASE("reshape of strided views that still merge", "[view][reshape]") {
    const auto x = iota({4, 6});  // 6 i + j
    // every other row: rows 0 and 2, each contiguous -> (2, 2, 3) is a view
    auto rows = loom::view(x, range(none, none, 2));
    auto r = loom::reshape(rows, {2, 2, 3});
    CHECK(values(r) == std::vector<double>{0, 1, 2, 3, 4, 5, 12, 13, 14, 15, 16, 17});
    // reversed rank 1: x[::-1] of 6 elements as (2, 3): 5 4 3 / 2 1 0
    const auto v = iota({6});
    auto rev = loom::reshape(loom::view(v, range(none, none, -1)), {2, 3});
    CHECK(values(rev) == std::vector<double>{5, 4, 3, 2, 1, 0});
    // every other element as (3, 1): strided but no axes merge
    auto odd = loom::reshape(loom::view(v, range(1, none, 2)), {3, 1});
    CHECK(values(odd) == std::vector<double>{1, 3, 5});
    // splitting a strided axis is fine too: x[:, ::2] (4, 3) as (2, 2, 3)
    auto split = loom::reshape(loom::view(x, all, range(none, none, 2)), {2, 2, 3});
    CHECK(values(split) == std::vector<double>{0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22});
    // size-1 axes anywhere do not matter
    auto col = loom::view(x, all, range(2, 3));  // (4, 1) with row stride 6
    CHECK(values(loom::reshape(col, {2, 2})) == std::vector<double>{2, 8, 14, 20});
}

TEST_CASE("reshape refuses layouts that cannot be viewed and bad sizes", "[view][reshape][errors]") {
    const auto x = iota({2, 3});
    const auto t = loom::transpose(x);
    std::string msg = ref::what_of<loom::index_error>([&] { (void)loom::reshape(t, {6}); });
    CHECK(msg.find("(3, 2)") != std::string::npos);
    CHECK(msg.find("eval") != std::string::npos);
    CHECK_THROWS_AS(loom::flatten(t), loom::index_error);
    CHECK_THROWS_AS(loom::reshape(loom::view(x, all, range(0, 2)), {4}), loom::index_error);
    // evaluating first is the way
    const auto copy = loom::eval(t);
    CHECK(values(loom::flatten(copy)) == std::vector<double>{0, 3, 1, 4, 2, 5});

    CHECK(ref::what_of<loom::index_error>([&] { (void)loom::reshape(x, {4}); }).find("(4,)") != std::string::npos);
    CHECK(ref::what_of<loom::index_error>([&] { (void)loom::reshape(x, {4, -1}); }).find("(4, -1)") != std::string::npos);
    CHECK(ref::what_of<loom::index_error>([&] { (void)loom::reshape(x, {-1, -1}); }).find("-1") != std::string::npos);
    CHECK(ref::what_of<loom::index_error>([&] { (void)loom::reshape(x, {-2, -3}); }).find("-2") != std::string::npos);
    CHECK_THROWS_AS(loom::reshape(x, {7}), loom::index_error);
    const auto empty = iota({0, 3});
    CHECK(loom::reshape(empty, {3, 0, 5}).shape() == shape_t{3, 0, 5});
    CHECK(loom::reshape(empty, {-1}).shape() == shape_t{0});
    CHECK_THROWS_AS(loom::reshape(empty, {-1, 0}), loom::index_error);
}

TEST_CASE("flatten: all elements in row-major order", "[view][reshape]") {
    auto x = iota({2, 3, 2});
    auto f = loom::flatten(x);
    CHECK(f.shape() == shape_t{12});
    CHECK(values(f) == iota_values(12));
    f = 1.0;
    for (double e : x) CHECK(e == 1.0);
    const auto three = iota({3});
    const auto s = loom::view(three, 1);  // a rank-0 view
    CHECK(loom::flatten(s).shape() == shape_t{1});
    CHECK(values(loom::flatten(s)) == std::vector<double>{1});
}

TEST_CASE("reshape with copy_if_needed: a view where one can be, else a copy it owns", "[view][reshape]") {
    auto x = iota({2, 3});
    // a view: x's memory, read-only
    const auto v = loom::reshape(x, {3, 2}, loom::copy_if_needed);
    STATIC_REQUIRE(!decltype(v)::writable);
    CHECK(v.data() == x.data());
    CHECK(v.shape() == shape_t{3, 2});
    // a transposed view cannot be: NumPy's copy, in row-major order of the transpose
    const auto t = loom::transpose(x);
    const auto c = loom::reshape(t, {-1}, loom::copy_if_needed);
    CHECK(c.shape() == shape_t{6});
    CHECK(values(c) == std::vector<double>{0, 3, 1, 4, 2, 5});
    CHECK(c.data() != x.data());
    // the copy is a snapshot: x written later does not change it; the view does follow x
    x.data()[1] = 100;
    CHECK(values(c) == std::vector<double>{0, 3, 1, 4, 2, 5});
    CHECK(values(v)[1] == 100);
    // sliced views, expressions and temporaries
    CHECK(values(loom::reshape(loom::view(x, all, range(0, 2)), std::vector<int>{4}, loom::copy_if_needed)) ==
          std::vector<double>{0, 100, 3, 4});
    CHECK(values(loom::reshape(x + 1.0, {6}, loom::copy_if_needed)) == std::vector<double>{1, 101, 3, 4, 5, 6});
    CHECK(values(loom::reshape(iota({2, 2}), {4}, loom::copy_if_needed)) == std::vector<double>{0, 1, 2, 3});
    // the sizes are checked as by reshape
    CHECK_THROWS_AS(loom::reshape(t, {4}, loom::copy_if_needed), loom::index_error);
}
