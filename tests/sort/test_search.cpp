// tests/sort/test_search.cpp: searchsorted (both sides, NaN, C++ numbers, sorter) and nonzero, against hand-written
// values and plain loops; their errors.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;

namespace {

const double qnan = std::numeric_limits<double>::quiet_NaN();

using i64 = std::vector<std::int64_t>;

// searchsorted by counting: left, the elements before v (NaN after every number); right,
// those not after it.
std::int64_t count_before(const std::vector<double>& x1, double v, bool right) {
    std::int64_t c = 0;
    for (const double e : x1) {
        const bool less = std::isnan(v) ? !std::isnan(e) : e < v;
        const bool equal = std::isnan(v) ? std::isnan(e) : e == v;
        c += less || (right && equal);
    }
    return c;
}

}  // namespace

TEST_CASE("searchsorted finds the first and the last position, NaN last", "[sort][search]") {
    const loom::array<double> x1 = {1, 2, 2, 3, qnan, qnan};
    const loom::array<double> v = {{0, 2, 2.5}, {3, 4, qnan}};
    const auto l = loom::searchsorted(x1, v), r = loom::searchsorted(x1, v, loom::side::right);
    REQUIRE(l.shape() == shape_t{2, 3});
    CHECK(ref::values(l) == i64{0, 1, 3, 3, 4, 4});
    CHECK(ref::values(r) == i64{0, 3, 3, 4, 4, 6});
    CHECK(ref::values(loom::searchsorted(x1, v, loom::side::left)) == ref::values(l));
    // -0.0 equals 0.0
    const loom::array<double> z = {-1.0, -0.0, 0.0, 1.0};
    CHECK(ref::values(loom::searchsorted(z, loom::array<double>{0.0, -0.0})) == i64{1, 1});
    CHECK(ref::values(loom::searchsorted(z, loom::array<double>{0.0, -0.0}, loom::side::right)) == i64{3, 3});
    // against counting, on a longer x1 and values of every kind
    std::vector<double> xs;
    for (int i = 0; i < 40; ++i) xs.push_back(static_cast<double>(i / 3) - 4.0);
    xs.push_back(std::numeric_limits<double>::infinity());
    xs.push_back(qnan);
    const loom::array<double> big(xs);
    const loom::array<double> probes = {-10, -4, -3.5, 0, 0.5, 8, 9, 1e300, std::numeric_limits<double>::infinity(), qnan};
    for (const bool right : {false, true}) {
        const auto got = loom::searchsorted(big, probes, right ? loom::side::right : loom::side::left);
        for (std::size_t i = 0; i < probes.size(); ++i) CHECK(got.data()[i] == count_before(xs, probes.data()[i], right));
    }
}

TEST_CASE("searchsorted takes views, expressions and C++ numbers, comparing in the promoted type", "[sort][search]") {
    const loom::array<int> desc = {9, 7, 7, 4, 1};
    const auto x1 = loom::view(desc, loom::range(loom::none, loom::none, -1));  // 1 4 7 7 9, negative stride
    CHECK(ref::values(loom::searchsorted(x1, loom::array<int>{7, 8, 0, 10})) == i64{2, 4, 0, 5});
    CHECK(ref::values(loom::searchsorted(x1 * 2, loom::array<int>{7, 8}, loom::side::right)) == i64{1, 2});  // 2 8 14 14 18
    // a broadcast (zero-stride) x2 and a rank-0 result
    const auto b = loom::broadcast_to(loom::array<int>{4, 7}, {3, 2});
    CHECK(ref::values(loom::searchsorted(x1, b, loom::side::right)) == i64{2, 4, 2, 4, 2, 4});
    const auto s = loom::searchsorted(x1, 7, loom::side::right);
    CHECK(s.shape() == shape_t{});
    CHECK(s.data()[0] == 4);
    // int with a double: compared as double
    CHECK(loom::searchsorted(x1, 6.5).data()[0] == 2);
    CHECK(ref::values(loom::searchsorted(x1, loom::array<double>{6.5, 7.0, 7.5})) == i64{2, 2, 4});
    // a C++ integer outside an int8 array's type is before or after every element
    const loom::array<std::int8_t> small = {-100, 0, 100};
    CHECK(loom::searchsorted(small, 1000).data()[0] == 3);
    CHECK(loom::searchsorted(small, -1000, loom::side::right).data()[0] == 0);
    CHECK(loom::searchsorted(small, 0, loom::side::right).data()[0] == 2);
    // bool, and empty operands
    CHECK(ref::values(loom::searchsorted(loom::array<bool>{false, true, true}, loom::array<bool>{true, false})) == i64{1, 0});
    CHECK(ref::values(loom::searchsorted(loom::array<double>(shape_t{0}), loom::array<double>{1.0, 2.0})) == i64{0, 0});
    CHECK(loom::searchsorted(x1, loom::array<int>(shape_t{0, 3})).shape() == shape_t{0, 3});
}

TEST_CASE("searchsorted through a sorter, and its errors", "[sort][search]") {
    const loom::array<double> x1 = {30, 10, 20, 10};
    const auto order = loom::argsort(x1);  // 1 3 2 0: 10 10 20 30
    CHECK(ref::values(loom::searchsorted(x1, loom::array<double>{10, 25, 40}, loom::side::left, order)) == i64{0, 3, 4});
    CHECK(ref::values(loom::searchsorted(x1, 10.0, loom::side::right, loom::array<int>{1, 3, 2, 0})) == i64{2});
    REQUIRE_THROWS_AS(loom::searchsorted(x1, 1.0, loom::side::left, loom::array<int>{1, 3, 4, 0}), loom::index_error);
    REQUIRE_THROWS_WITH(loom::searchsorted(x1, 1.0, loom::side::left, loom::array<int>{1, -1, 2, 0}),
                        Catch::Contains("loom::searchsorted: sorter[1] is -1, out of range for x1 of length 4"));
    REQUIRE_THROWS_WITH(loom::searchsorted(x1, 1.0, loom::side::left, loom::array<std::uint8_t>{1, 3, 200, 0}),
                        Catch::Contains("sorter[2] is 200"));
    REQUIRE_THROWS_WITH(loom::searchsorted(x1, 1.0, loom::side::left, loom::array<int>{1, 2}),
                        Catch::Contains("the sorter has shape (2,)"));
    const loom::array<double> m = {{1, 2}, {3, 4}};
    REQUIRE_THROWS_AS(loom::searchsorted(m, 1.0), std::invalid_argument);
    REQUIRE_THROWS_WITH(loom::searchsorted(m, 1.0), Catch::Contains("loom::searchsorted: x1 has shape (2, 2)"));
    REQUIRE_THROWS_WITH(loom::searchsorted(loom::array<double>(shape_t{}, 1.0), m), Catch::Contains("x1 has shape ()"));
    CHECK(ref::values(x1) == std::vector<double>{30, 10, 20, 10});
}

TEST_CASE("nonzero gives one index array per axis in C order", "[sort][search]") {
    const loom::array<int> m = {{0, 7, 0}, {5, 0, 6}};
    auto ij = loom::nonzero(m);
    REQUIRE(ij.size() == 2);
    CHECK(ref::values(ij[0]) == i64{0, 1, 1});
    CHECK(ref::values(ij[1]) == i64{1, 0, 2});
    // a transposed view, an expression, NaN (non-zero) and -0.0 (zero), bool
    const auto t = loom::nonzero(loom::transpose(m));
    CHECK(ref::values(t[0]) == i64{0, 1, 2});
    CHECK(ref::values(t[1]) == i64{1, 0, 1});
    CHECK(ref::values(loom::nonzero(m > 5)[1]) == i64{1, 2});
    CHECK(ref::values(loom::nonzero(loom::array<double>{-0.0, qnan, 0.0, 2.0})[0]) == i64{1, 3});
    CHECK(ref::values(loom::nonzero(loom::array<bool>{true, false, true})[0]) == i64{0, 2});
    // rank 3, against a plain loop, through a reversed view
    const auto c = ref::filled<std::int16_t>({3, 4, 5}, 2);
    const auto r = loom::view(c, loom::all, loom::range(loom::none, loom::none, -1), loom::all);
    const auto got = loom::nonzero(r);
    REQUIRE(got.size() == 3);
    std::vector<i64> want(3);
    ref::for_each_index({3, 4, 5}, [&](const ref::index_t& at) {
        if (c(at[0], 3 - at[1], at[2]) == 0) return;
        for (std::size_t d = 0; d < 3; ++d) want[d].push_back(static_cast<std::int64_t>(at[d]));
    });
    for (std::size_t d = 0; d < 3; ++d) CHECK(ref::values(got[d]) == want[d]);
    // empty: one empty array per axis
    const auto e = loom::nonzero(loom::array<float>(shape_t{0, 4}));
    REQUIRE(e.size() == 2);
    CHECK(e[1].shape() == shape_t{0});
    CHECK(loom::nonzero(loom::zeros<int>({2, 2}))[0].size() == 0);
}

TEST_CASE("nonzero of rank 0 throws std::invalid_argument", "[sort][search]") {
    const loom::array<int> s(shape_t{}, 3);
    REQUIRE_THROWS_AS(loom::nonzero(s), std::invalid_argument);
    REQUIRE_THROWS_WITH(loom::nonzero(s), Catch::Contains("loom::nonzero: x has rank 0"));
    CHECK(s.data()[0] == 3);
}
