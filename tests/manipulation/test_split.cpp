// tests/manipulation/test_split.cpp: split and array_split against slices taken by hand, over element types and
// layouts; the pieces as views of the operand; NumPy 1.24's values for np.split and np.array_split.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>
#include <loom/manipulation/split.hpp>

#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;
using ref::index_t;
using ref::values;

namespace {

// The lengths of the pieces a list of pieces has along axis a.
template <class P>
std::vector<std::size_t> lengths(const P& pieces, std::size_t a) {
    std::vector<std::size_t> l;
    for (const auto& p : pieces) l.push_back(p.shape()[a]);
    return l;
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("split: the pieces are x's slices between the cuts, over every layout", "[manipulation][split]",
                        ref::all_types) {
    using T = TestType;
    const std::vector<std::size_t> s{4, 6};
    const auto x = ref::filled<T>(s, 2);
    const auto xv = values(x);
    for (std::ptrdiff_t axis : {0, 1, -1}) {
        const std::size_t a = axis < 0 ? 1 : static_cast<std::size_t>(axis);
        ref::each_layout(x, [&](const auto& xx, const char* how) {
            INFO(how << " along " << axis);
            // two equal sections, and the cuts {1, 3}
            for (int form = 0; form < 2; ++form) {
                const auto pieces = form == 0 ? loom::split(xx, 2, axis) : loom::split(xx, {1, 3}, axis);
                const std::vector<std::size_t> starts = form == 0 ? std::vector<std::size_t>{0, s[a] / 2}
                                                                  : std::vector<std::size_t>{0, 1, 3};
                REQUIRE(pieces.size() == starts.size());
                for (std::size_t p = 0; p < pieces.size(); ++p) {
                    const std::size_t end = p + 1 < starts.size() ? starts[p + 1] : s[a];
                    std::vector<std::size_t> ps = s;
                    ps[a] = end - starts[p];
                    const loom::array<T> got(pieces[p]);
                    CHECK(ref::mismatch(got, ps, [&](const index_t& i) {
                              index_t j = i;
                              j[a] += starts[p];
                              return ref::at(xv, s, j);
                          }) == "");
                }
                // joined again, the pieces give x back
                CHECK(values(loom::concat(pieces, axis)) == xv);
            }
        });
    }
}

TEST_CASE("split: NumPy's values for cuts and sections", "[manipulation][split]") {
    const auto v = loom::arange<int>(10) * 2;
    // np.split(np.arange(10) * 2, [3, -2, 20]): negative cuts count from the end, cuts past it give empty pieces
    auto p = loom::split(v, {3, -2, 20});
    REQUIRE(p.size() == 4);
    CHECK(values(p[0]) == std::vector<int>{0, 2, 4});
    CHECK(values(p[1]) == std::vector<int>{6, 8, 10, 12, 14});
    CHECK(values(p[2]) == std::vector<int>{16, 18});
    CHECK(p[3].shape() == shape_t{0});
    // np.split(np.arange(5), [3, 1]): a cut before the previous one gives an empty piece
    const auto q = loom::split(loom::arange<int>(5), std::vector<int>{3, 1});
    CHECK(lengths(q, 0) == std::vector<std::size_t>{3, 0, 4});
    CHECK(values(q[2]) == std::vector<int>{1, 2, 3, 4});
    // np.split(np.arange(6), [-10, 2])
    CHECK(lengths(loom::split(loom::arange<int>(6), {-10, 2}), 0) == std::vector<std::size_t>{0, 2, 4});
    // np.split(np.arange(12).reshape(3, 4), [1, 3], axis=1)
    const auto m = loom::reshape(loom::arange<int>(12), {3, 4});
    const auto c = loom::split(m, {1, 3}, 1);
    CHECK(values(c[0]) == std::vector<int>{0, 4, 8});
    CHECK(values(c[1]) == std::vector<int>{1, 2, 5, 6, 9, 10});
    CHECK(values(c[2]) == std::vector<int>{3, 7, 11});
    // no cut: x itself
    CHECK(values(loom::split(m, {})[0]) == values(m));
    // np.array_split(np.arange(7), 3) and np.array_split(np.arange(2), 4)
    CHECK(lengths(loom::array_split(loom::arange<int>(7), 3), 0) == std::vector<std::size_t>{3, 2, 2});
    CHECK(values(loom::array_split(loom::arange<int>(7), 3)[1]) == std::vector<int>{3, 4});
    CHECK(lengths(loom::array_split(loom::arange<int>(2), 4), 0) == std::vector<std::size_t>{1, 1, 0, 0});
    CHECK(lengths(loom::array_split(loom::arange<int>(6), {2, 5}), 0) == std::vector<std::size_t>{2, 3, 1});
    CHECK(lengths(loom::split(loom::arange<int>(6), std::uint8_t{3}), 0) == std::vector<std::size_t>{2, 2, 2});
}

TEST_CASE("split: the pieces are views: writes reach x; temporaries stay alive; empty axes", "[manipulation][split]") {
    loom::array<double> x = ref::iota<double>({3, 4});
    auto cols = loom::split(x, 2, 1);
    STATIC_REQUIRE(std::is_same_v<decltype(cols), std::vector<loom::strided_view<double>>>);
    cols[1] = -1.0;
    CHECK(values(x) == std::vector<double>{0, 1, -1, -1, 4, 5, -1, -1, 8, 9, -1, -1});
    cols[0] += loom::array<double>{10, 20};  // in place, broadcast over the rows
    CHECK(values(loom::view(x, 0)) == std::vector<double>{10, 21, -1, -1});
    // a const array gives read-only views
    const loom::array<double>& cx = x;
    STATIC_REQUIRE(!ref::assignable_from_double<decltype(loom::split(cx, 3)[0])>);
    // pieces of a view walking backwards
    const auto r = loom::split(loom::flip(x, 1), {1});
    CHECK(values(r[0]) == std::vector<double>{-1, -1, 21, 10});
    // an expression is evaluated once, its pieces own the memory
    auto e = loom::split(loom::arange<int>(6) * 3, 3);
    CHECK(values(e[2]) == std::vector<int>{12, 15});
    // empty axes: pieces of nothing
    const loom::array<double> z(shape_t{0, 4});
    const auto zp = loom::split(z, 2, 1);
    REQUIRE(zp.size() == 2);
    CHECK(zp[1].shape() == shape_t{0, 2});
    CHECK(lengths(loom::split(z, 3), 0) == std::vector<std::size_t>{0, 0, 0});
}

TEST_CASE("split: errors", "[manipulation][split]") {
    const auto v = loom::arange<int>(5);
    CHECK_THROWS_WITH(loom::split(v, 2), Catch::Contains("loom::split: 2 sections cannot divide an axis of 5 elements equally"));
    CHECK_THROWS_WITH(loom::split(v, 0), Catch::Contains("loom::split: the number of sections must be 1 or more, not 0"));
    CHECK_THROWS_AS(loom::array_split(v, -1), std::invalid_argument);
    CHECK_THROWS_WITH(loom::split(v, 1, 1), Catch::Contains("split: axis 1 is out of bounds for rank 1"));
    CHECK_THROWS_AS(loom::split(loom::full<int>(shape_t{}, 1), 1), loom::index_error);
    CHECK_THROWS_AS(loom::split(loom::full<int>(shape_t{}, 1), {1}), loom::index_error);
    CHECK_THROWS_AS(loom::array_split(v, {1}, -2), loom::index_error);
}
