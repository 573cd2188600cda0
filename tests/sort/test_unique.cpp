// tests/sort/test_unique.cpp: unique_values, unique_counts, unique_inverse and unique_all against hand-written values
// and a quadratic reference (NaN each distinct and last, -0.0 one value with 0.0, first occurrences).
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;

namespace {

const double qnan = std::numeric_limits<double>::quiet_NaN();
using i64 = std::vector<std::int64_t>;

template <class T>
bool same(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
        if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
        return a == b && std::signbit(a) == std::signbit(b);
    } else {
        return a == b;
    }
}

// The Array API's answer by brute force: groups of == elements in the order of their first
// occurrence, then ordered by value (NaN, each its own group, last in the order of x).
template <class T>
struct expected {
    std::vector<T> values;
    i64 indices, inverse, counts;
};
template <class T>
expected<T> brute(const std::vector<T>& x) {
    std::vector<std::size_t> group(x.size());
    std::vector<std::size_t> firsts;
    for (std::size_t i = 0; i < x.size(); ++i) {
        std::size_t g = 0;
        while (g < firsts.size() && !(x[firsts[g]] == x[i])) ++g;
        if (g == firsts.size()) firsts.push_back(i);
        group[i] = g;
    }
    // rank of each group by its value: the groups before it
    const auto less = [&](std::size_t a, std::size_t b) {  // group a before group b
        const T va = x[firsts[a]], vb = x[firsts[b]];
        if constexpr (std::is_floating_point_v<T>) {
            if (std::isnan(va) && std::isnan(vb)) return firsts[a] < firsts[b];
            if (std::isnan(va)) return false;
            if (std::isnan(vb)) return true;
        }
        return va < vb;
    };
    std::vector<std::size_t> rank(firsts.size(), 0);
    for (std::size_t a = 0; a < firsts.size(); ++a)
        for (std::size_t b = 0; b < firsts.size(); ++b) rank[a] += less(b, a);
    expected<T> e;
    e.values.resize(firsts.size());
    e.indices.resize(firsts.size());
    e.counts.assign(firsts.size(), 0);
    for (std::size_t g = 0; g < firsts.size(); ++g) {
        e.values[rank[g]] = x[firsts[g]];
        e.indices[rank[g]] = static_cast<std::int64_t>(firsts[g]);
    }
    for (std::size_t i = 0; i < x.size(); ++i) {
        e.inverse.push_back(static_cast<std::int64_t>(rank[group[i]]));
        ++e.counts[rank[group[i]]];
    }
    return e;
}

template <class X>
void check_all(const X& x) {
    using T = typename X::value_type;
    const std::vector<T> flat = ref::values(x);
    const auto e = brute(flat);
    const auto all = loom::unique_all(x);
    const auto vals = loom::unique_values(x);
    const auto [cv, cc] = loom::unique_counts(x);
    const auto [iv, inv] = loom::unique_inverse(x);
    REQUIRE(all.values.shape() == shape_t{e.values.size()});
    REQUIRE(vals.shape() == shape_t{e.values.size()});
    REQUIRE(cv.shape() == shape_t{e.values.size()});
    REQUIRE(iv.shape() == shape_t{e.values.size()});
    for (std::size_t g = 0; g < e.values.size(); ++g) {
        CHECK(same<T>(all.values.data()[g], e.values[g]));
        CHECK(same<T>(vals.data()[g], e.values[g]));
        CHECK(same<T>(cv.data()[g], e.values[g]));
        CHECK(same<T>(iv.data()[g], e.values[g]));
    }
    CHECK(ref::values(all.indices) == e.indices);
    CHECK(ref::values(all.counts) == e.counts);
    CHECK(ref::values(cc) == e.counts);
    CHECK(all.inverse_indices.shape() == x.shape());
    CHECK(inv.shape() == x.shape());
    CHECK(ref::values(all.inverse_indices) == e.inverse);
    CHECK(ref::values(inv) == e.inverse);
}

}  // namespace

TEST_CASE("the unique functions on hand-written values", "[sort][unique]") {
    const loom::array<int> x = {{3, 1}, {3, 2}};
    CHECK(ref::values(loom::unique_values(x)) == std::vector<int>{1, 2, 3});
    const auto [v, c] = loom::unique_counts(x);
    CHECK(ref::values(v) == std::vector<int>{1, 2, 3});
    CHECK(ref::values(c) == i64{1, 1, 2});
    const auto [iv, inv] = loom::unique_inverse(x);
    CHECK(inv.shape() == shape_t{2, 2});
    CHECK(ref::values(inv) == i64{2, 0, 2, 1});
    const auto u = loom::unique_all(x);
    CHECK(ref::values(u.indices) == i64{1, 3, 0});
    CHECK(ref::values(u.counts) == i64{1, 1, 2});
    CHECK(ref::values(u.inverse_indices) == i64{2, 0, 2, 1});
    // take(values, inverse) gives x back
    for (std::size_t i = 0; i < 4; ++i) CHECK(u.values.data()[u.inverse_indices.data()[i]] == x.data()[i]);
}

TEST_CASE("unique: each NaN distinct and last, -0.0 and 0.0 one value reported as the first", "[sort][unique]") {
    const loom::array<double> x = {qnan, 0.0, 2.0, -0.0, qnan, 2.0};
    const auto u = loom::unique_all(x);
    REQUIRE(u.values.size() == 4);
    CHECK(same(u.values.data()[0], 0.0));
    CHECK(u.values.data()[1] == 2.0);
    CHECK(std::isnan(u.values.data()[2]));
    CHECK(std::isnan(u.values.data()[3]));
    CHECK(ref::values(u.indices) == i64{1, 2, 0, 4});
    CHECK(ref::values(u.counts) == i64{2, 2, 1, 1});
    CHECK(ref::values(u.inverse_indices) == i64{2, 0, 1, 0, 3, 1});
    const loom::array<double> y = {1.0, -0.0, 0.0};  // -0.0 first: reported
    CHECK(same(loom::unique_values(y).data()[0], -0.0));
    CHECK(same(loom::unique_counts(y).values.data()[0], -0.0));
    CHECK(ref::values(loom::unique_counts(y).counts) == i64{2, 1});
}

TEST_CASE("unique matches a brute-force reference on arrays, views and expressions", "[sort][unique]") {
    // long enough for the radix sort (64 elements and more) and short ones
    for (const std::size_t n : {1, 7, 40, 300}) {
        loom::array<double> d(shape_t{n});
        for (std::size_t i = 0; i < n; ++i) {
            const std::size_t h = (i * 2654435761u) % 101;
            d.data()[i] = h % 23 == 0 ? qnan : h % 11 == 0 ? (h % 2 ? -0.0 : 0.0) : static_cast<double>(h % 37) - 18.0;
        }
        INFO("n = " << n);
        check_all(d);
        check_all(loom::view(d, loom::range(loom::none, loom::none, -1)));
    }
    const auto c = ref::filled<std::int16_t>({3, 4, 5}, 4);
    check_all(c);
    check_all(loom::permute_dims(c, {2, 0, 1}));
    check_all(c * 3 + 1);
    const auto b = ref::filled<bool>({4, 70}, 1);
    check_all(b);
    const auto u8 = ref::filled<std::uint8_t>({300}, 9);
    check_all(u8);
    check_all(loom::broadcast_to(loom::array<float>{2.5f, -1.0f, 2.5f}, {2, 3}));
}

TEST_CASE("unique of empty and rank-0 arrays", "[sort][unique]") {
    const loom::array<int> e(shape_t{0, 3});
    CHECK(loom::unique_values(e).shape() == shape_t{0});
    const auto u = loom::unique_all(e);
    CHECK(u.values.shape() == shape_t{0});
    CHECK(u.indices.shape() == shape_t{0});
    CHECK(u.counts.shape() == shape_t{0});
    CHECK(u.inverse_indices.shape() == shape_t{0, 3});
    CHECK(loom::unique_counts(e).counts.shape() == shape_t{0});
    const loom::array<double> s(shape_t{}, 4.5);
    const auto r = loom::unique_all(s);
    CHECK(ref::values(r.values) == std::vector<double>{4.5});
    CHECK(r.inverse_indices.shape() == shape_t{});
    CHECK(r.inverse_indices.data()[0] == 0);
    CHECK(ref::values(r.indices) == i64{0});
    CHECK(ref::values(loom::unique_inverse(s).inverse_indices) == i64{0});
}
