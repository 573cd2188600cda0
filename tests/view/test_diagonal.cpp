// tests/view/test_diagonal.cpp: diagonal and trace against index arithmetic done by hand, over element types,
// offsets, pairs of axes and layouts; diagonal as a view of the operand; NumPy 1.24's values and element types.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>
#include <loom/view/diagonal.hpp>

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

// The shape of diagonal(x, offset, a1, a2) for x of shape s and the element of x at its index i, by hand.
struct diag_ref {
    std::vector<std::size_t> s;
    std::ptrdiff_t offset;
    std::size_t a1, a2;
    std::size_t row() const { return offset < 0 ? static_cast<std::size_t>(-offset) : 0; }
    std::size_t col() const { return offset > 0 ? static_cast<std::size_t>(offset) : 0; }
    std::vector<std::size_t> shape() const {
        std::vector<std::size_t> d;
        for (std::size_t k = 0; k < s.size(); ++k)
            if (k != a1 && k != a2) d.push_back(s[k]);
        const std::size_t len = row() < s[a1] && col() < s[a2] ? std::min(s[a1] - row(), s[a2] - col()) : 0;
        d.push_back(len);
        return d;
    }
    index_t source(const index_t& i) const {
        index_t j(s.size(), 0);
        std::size_t next = 0;
        for (std::size_t k = 0; k < s.size(); ++k)
            if (k != a1 && k != a2) j[k] = i[next++];
        j[a1] = i.back() + row();
        j[a2] = i.back() + col();
        return j;
    }
};

}  // namespace

TEMPLATE_LIST_TEST_CASE("diagonal: x[..., i, ..., i + offset, ...] on a last axis, over every layout", "[view][diagonal]",
                        ref::all_types) {
    using T = TestType;
    const std::vector<std::size_t> s{3, 4, 5};
    const auto x = ref::filled<T>(s, 1);
    const auto xv = values(x);
    const std::vector<std::pair<std::ptrdiff_t, std::ptrdiff_t>> pairs{{0, 1}, {1, 2}, {2, 0}, {-1, -3}, {1, 0}};
    for (const auto& pair : pairs) {
        const std::ptrdiff_t p1 = pair.first, p2 = pair.second;  // not a structured binding: lambdas below name them
        for (std::ptrdiff_t offset = -6; offset <= 6; offset += 2) {
            const diag_ref d{s, offset, static_cast<std::size_t>(p1 < 0 ? p1 + 3 : p1), static_cast<std::size_t>(p2 < 0 ? p2 + 3 : p2)};
            ref::each_layout(x, [&](const auto& xx, const char* how) {
                INFO(how << ", offset " << offset << ", axes " << p1 << " and " << p2);
                const loom::array<T> r = loom::diagonal(xx, offset, p1, p2);
                CHECK(ref::mismatch(r, d.shape(), [&](const index_t& i) { return ref::at(xv, s, d.source(i)); }) == "");
            });
        }
    }
}

TEMPLATE_LIST_TEST_CASE("trace: the sums of the diagonals, of sum's element type", "[view][trace]", ref::all_types) {
    using T = TestType;
    const std::vector<std::size_t> s{4, 3, 2};
    const auto x = ref::filled<T>(s, 2);
    const auto xv = values(x);
    using S = typename decltype(loom::sum(x))::value_type;
    STATIC_REQUIRE(std::is_same_v<typename decltype(loom::trace(x))::value_type, S>);
    // np.trace: floating types keep theirs, unsigned integers give uint64, signed ones and bool int64
    using want = std::conditional_t<std::is_floating_point_v<T>, T,
                                    std::conditional_t<std::is_unsigned_v<T> && !std::is_same_v<T, bool>, std::uint64_t, std::int64_t>>;
    STATIC_REQUIRE(std::is_same_v<S, want>);
    for (std::ptrdiff_t offset = -4; offset <= 3; ++offset) {
        ref::each_layout(x, [&](const auto& xx, const char* how) {
            INFO(how << ", offset " << offset);
            const loom::array<S> t = loom::trace(xx, offset);
            const diag_ref d{s, offset, 0, 1};
            CHECK(ref::mismatch(t, {2}, [&](const index_t& i) {
                      S acc = 0;
                      const auto ds = d.shape();
                      for (std::size_t k = 0; k < ds.back(); ++k) acc = static_cast<S>(acc + static_cast<S>(ref::at(xv, s, d.source({i[0], k}))));
                      return acc;
                  }) == "");
        });
    }
}

TEST_CASE("diagonal and trace: NumPy's values", "[view][diagonal][trace]") {
    const auto m = loom::reshape(loom::arange<int>(12), {3, 4});
    // np.diagonal(np.arange(12).reshape(3, 4), offset) and np.trace
    const std::vector<std::pair<std::ptrdiff_t, std::vector<int>>> diagonals{
        {-3, {}}, {-2, {8}}, {-1, {4, 9}}, {0, {0, 5, 10}}, {1, {1, 6, 11}}, {2, {2, 7}}, {3, {3}}, {4, {}}, {-9, {}}};
    for (const auto& [offset, want] : diagonals) {
        INFO("offset " << offset);
        CHECK(values(loom::diagonal(m, offset)) == want);
        std::int64_t sum = 0;
        for (int v : want) sum += v;
        CHECK(std::int64_t(loom::trace(m, offset)) == sum);
    }
    // np.diagonal(c) for c = np.arange(24).reshape(2, 3, 4): the other axis first, the diagonal last
    const auto c = loom::reshape(loom::arange<int>(24), {2, 3, 4});
    CHECK(loom::diagonal(c).shape() == shape_t{4, 2});
    CHECK(values(loom::diagonal(c)) == std::vector<int>{0, 16, 1, 17, 2, 18, 3, 19});
    CHECK(values(loom::diagonal(c, 1, 1, 2)) == std::vector<int>{1, 6, 11, 13, 18, 23});
    CHECK(values(loom::diagonal(c, 0, 2, 0)) == std::vector<int>{0, 13, 4, 17, 8, 21});
    CHECK(values(loom::diagonal(c, -1, 2, 1)) == std::vector<int>{1, 6, 11, 13, 18, 23});
    // np.trace(c), np.trace(c, 0, 1, 2), np.trace(c, 1, 2, 0)
    CHECK(values(loom::trace(c)) == std::vector<std::int64_t>{16, 18, 20, 22});
    CHECK(values(loom::trace(c, 0, 1, 2)) == std::vector<std::int64_t>{15, 51});
    CHECK(values(loom::trace(c, 1, 2, 0)) == std::vector<std::int64_t>{12, 16, 20});
    // np.trace of int8 [[100, 1], [1, 100]] is 200 (int64); bool counts
    CHECK(std::int64_t(loom::trace(loom::array<std::int8_t>{{100, 1}, {1, 100}})) == 200);
    CHECK(std::int64_t(loom::trace(loom::eye<bool>(3))) == 3);
    CHECK(std::uint64_t(loom::trace(loom::full<std::uint8_t>(shape_t{3, 3}, 200))) == 600);
    using C = std::complex<double>;
    CHECK(C(loom::trace(loom::array<C>{{C(1, 1), C(5, 5)}, {C(7, 0), C(2, -3)}})) == C(3, -2));
    double t = loom::trace(loom::eye<double>(4) * 2.5);
    CHECK(t == 10.0);
}

TEST_CASE("diagonal is a view: writes reach x; empty diagonals; expressions", "[view][diagonal]") {
    loom::array<double> x = ref::iota<double>({3, 3});
    auto d = loom::diagonal(x);
    STATIC_REQUIRE(std::is_same_v<decltype(d), loom::strided_view<double>>);
    d = 0.0;
    CHECK(values(x) == std::vector<double>{0, 1, 2, 3, 0, 5, 6, 7, 0});
    loom::diagonal(x, 1) += 10.0;
    CHECK(values(x) == std::vector<double>{0, 11, 2, 3, 0, 15, 6, 7, 0});
    loom::diagonal(x, -2) = 99.0;
    CHECK(x(2, 0) == 99.0);
    const loom::array<double>& cx = x;
    STATIC_REQUIRE(!ref::assignable_from_double<decltype(loom::diagonal(cx))>);
    // a view walking backwards, an expression (a lazy view), a temporary
    CHECK(values(loom::diagonal(loom::flip(x, 1))) == std::vector<double>{2, 0, 99});
    CHECK(values(loom::diagonal(x * 2)) == std::vector<double>{0, 0, 0});
    CHECK(values(loom::diagonal(loom::eye<int>(3) + 1, 0)) == std::vector<int>{2, 2, 2});
    CHECK(values(loom::diagonal(loom::reshape(loom::arange<int>(4), {2, 2}))) == std::vector<int>{0, 3});
    // empty: past the corner, empty axes
    CHECK(loom::diagonal(x, 3).shape() == shape_t{0});
    CHECK(loom::diagonal(loom::array<double>(shape_t{0, 4, 2})).shape() == shape_t{2, 0});
    CHECK(loom::diagonal(loom::array<double>(shape_t{2, 3, 0}), 0, 0, 1).shape() == shape_t{0, 2});
    CHECK(double(loom::trace(loom::array<double>(shape_t{0, 0}))) == 0.0);
    CHECK(loom::trace(loom::array<double>(shape_t{2, 2, 0})).shape() == shape_t{0});
}

TEST_CASE("diagonal and trace: errors", "[view][diagonal][trace]") {
    const loom::array<int> m = {{1, 2}, {3, 4}};
    CHECK_THROWS_WITH(loom::diagonal(loom::array<int>{1, 2, 3}),
                      Catch::Contains("loom::diagonal: x has shape (3,); it needs two axes or more"));
    CHECK_THROWS_AS(loom::diagonal(loom::full<int>(shape_t{}, 1)), std::invalid_argument);
    CHECK_THROWS_WITH(loom::trace(loom::array<int>{1, 2, 3}), Catch::Contains("loom::trace: x has shape (3,)"));
    CHECK_THROWS_WITH(loom::diagonal(m, 0, 0, 0), Catch::Contains("diagonal: axis1 0 and axis2 0 name one axis"));
    CHECK_THROWS_AS(loom::diagonal(m, 0, 1, -1), loom::index_error);
    CHECK_THROWS_WITH(loom::diagonal(m, 0, 0, 2), Catch::Contains("diagonal: axis 2 is out of bounds for rank 2"));
    CHECK_THROWS_AS(loom::trace(m, 0, -3, 0), loom::index_error);
}
