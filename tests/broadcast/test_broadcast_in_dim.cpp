// tests/broadcast/test_broadcast_in_dim.cpp: broadcast_in_dim, XLA BroadcastInDim as a read-only view: the spec's examples, validation.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <string>
#include <type_traits>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;

namespace {

using ref::assignable_from_double;
using ref::has;
using ref::values;

}  // namespace

TEMPLATE_TEST_CASE("broadcast_in_dim: the vector 7 8 9 as rows and as columns", "[broadcast][broadcast_in_dim][xla]",
                   std::int32_t, std::uint64_t, float, double) {
    const loom::array<TestType> v = {7, 8, 9};
    auto rows = loom::broadcast_in_dim(v, {3, 3}, {1});
    STATIC_REQUIRE(std::is_same_v<decltype(rows), loom::strided_view<const TestType>>);
    CHECK(rows.shape() == shape_t{3, 3});
    CHECK(values(rows) == std::vector<TestType>{7, 8, 9, 7, 8, 9, 7, 8, 9});
    auto cols = loom::broadcast_in_dim(v, {3, 3}, {0});
    CHECK(values(cols) == std::vector<TestType>{7, 7, 7, 8, 8, 8, 9, 9, 9});
    CHECK(values(loom::broadcast_in_dim(v, {2, 3}, {1})) == std::vector<TestType>{7, 8, 9, 7, 8, 9});
    // matrix (2,3) + the broadcast vector: 8 10 12 / 11 13 15
    const loom::array<TestType> X = {{1, 2, 3}, {4, 5, 6}};
    CHECK(values(X + loom::broadcast_in_dim(v, {2, 3}, {1})) == std::vector<TestType>{8, 10, 12, 11, 13, 15});
}

TEST_CASE("broadcast_in_dim: a 3x4 matrix into 2x3x4 with dims {1, 2}, size-1 axes stretch", "[broadcast][broadcast_in_dim][xla]") {
    loom::array<int> M(shape_t{3, 4});
    for (std::size_t j = 0; j < 3; ++j)
        for (std::size_t k = 0; k < 4; ++k) M(j, k) = static_cast<int>(10 * j + k);
    auto b = loom::broadcast_in_dim(M, {2, 3, 4}, {1, 2});
    REQUIRE(b.shape() == shape_t{2, 3, 4});
    const auto bv = values(b);
    std::size_t flat = 0;
    for (std::size_t i = 0; i < 2; ++i)
        for (std::size_t j = 0; j < 3; ++j)
            for (std::size_t k = 0; k < 4; ++k) CHECK(bv[flat++] == static_cast<int>(10 * j + k));
    // (1, 2) into (4, 3, 2) with dims {1, 2}: the size-1 axis stretches to 3
    const loom::array<int> a = {{5, 6}};
    auto c = loom::broadcast_in_dim(a, {4, 3, 2}, {1, 2});
    CHECK(c.shape() == shape_t{4, 3, 2});
    const auto cv = values(c);
    for (std::size_t i = 0; i < cv.size(); ++i) CHECK(cv[i] == (i % 2 == 0 ? 5 : 6));
    // vector (4) into (4, 2) with dims {0}, then + the 1x2 matrix 5 6
    const loom::array<int> v = {1, 2, 3, 4};
    CHECK(values(loom::broadcast_in_dim(v, {4, 2}, {0}) + a) == std::vector<int>{6, 7, 7, 8, 8, 9, 9, 10});
    // rank 0 operand, empty dims
    const auto s = loom::view(v, 2);
    CHECK(values(loom::broadcast_in_dim(s, {2, 2}, {})) == std::vector<int>{3, 3, 3, 3});
    // dims from a range; a size-0 target axis
    CHECK(loom::broadcast_in_dim(v, shape_t{0, 4}, std::vector<unsigned>{1}).shape() == shape_t{0, 4});
    // under rank_promotion::raise, the explicit form is fine
    loom::rank_promotion_scope guard(loom::rank_promotion::raise);
    CHECK(values(loom::broadcast_in_dim(v, {4, 2}, {0}) + a) == std::vector<int>{6, 7, 7, 8, 8, 9, 9, 10});
}

TEST_CASE("broadcast_in_dim: XLA's invalid dims throw broadcast_error naming the value", "[broadcast][broadcast_in_dim][xla][errors]") {
    const loom::array<double> v = {7, 8, 9};
    const loom::array<double> M(shape_t{3, 4});
    auto err = [&](auto&& f) { return ref::what_of<loom::broadcast_error>(f); };
    // dims count equals operand rank
    CHECK(has(err([&] { (void)loom::broadcast_in_dim(v, {3, 3}, {}); }), "0 entries for an operand of rank 1"));
    CHECK(has(err([&] { (void)loom::broadcast_in_dim(v, {3, 3}, {0, 1}); }), "2 entries"));
    // in range
    CHECK(has(err([&] { (void)loom::broadcast_in_dim(v, {3, 3}, {2}); }), "entry 2"));
    CHECK(has(err([&] { (void)loom::broadcast_in_dim(v, {3, 3}, {-1}); }), "entry -1"));
    CHECK(has(err([&] { (void)loom::broadcast_in_dim(M, {3, 4}, {0, 2}); }), "entry 2"));
    // strictly increasing
    CHECK(has(err([&] { (void)loom::broadcast_in_dim(M, {2, 3, 4}, {2, 1}); }), "does not follow 2"));
    CHECK(has(err([&] { (void)loom::broadcast_in_dim(M, {2, 3, 4}, {1, 1}); }), "strictly increasing"));
    // sizes: equal to the target axis or 1
    const std::string size = err([&] { (void)loom::broadcast_in_dim(v, {3, 4}, {1}); });
    CHECK(has(size, "axis 0 has 3"));
    CHECK(has(size, "(3, 4)"));
    CHECK(has(size, "has 4 at dim 1"));
    CHECK(has(err([&] { (void)loom::broadcast_in_dim(M, {2, 4, 3}, {1, 2}); }), "axis 0 has 3"));
    CHECK(err([&] { (void)loom::broadcast_in_dim(M, {2, 3, 4}, {1, 2}); }) == "(no error)");
}

TEST_CASE("broadcast_in_dim is read-only", "[broadcast][broadcast_in_dim]") {
    using B = decltype(loom::broadcast_in_dim(std::declval<loom::array<double>&>(), loom::shape_t{2}, {0}));
    STATIC_REQUIRE(!assignable_from_double<B>);
    STATIC_REQUIRE(assignable_from_double<loom::strided_view<double>>);
}
