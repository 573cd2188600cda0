// tests/broadcast/test_broadcast_to.cpp: broadcast_to: read-only stride-0 views, no copy, errors, not writable.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <string>
#include <type_traits>
#include <vector>

#include "../support/reference.hpp"

using loom::shape_t;

namespace {

using ref::assignable_from_double;
using ref::values;
template <class V>
concept add_assignable = requires(V v) { v += 1.0; };
template <class V>
concept element_writable = requires(V v) { v(0, 0) = 1.0; };
template <class X>
concept can_broadcast = requires(X&& x) { loom::broadcast_to(static_cast<X&&>(x), loom::shape_t{2, 2}); };

}  // namespace

TEMPLATE_TEST_CASE("broadcast_to stretches size-1 and missing axes with stride 0", "[broadcast][broadcast_to]",
                   std::int8_t, std::uint16_t, std::int32_t, float, double) {
    loom::array<TestType> row = {1, 2, 3};
    auto b = loom::broadcast_to(row, {4, 3});
    STATIC_REQUIRE(std::is_same_v<decltype(b), loom::strided_view<const TestType>>);
    CHECK(b.shape() == shape_t{4, 3});
    CHECK(b.strides()[0] == 0);
    CHECK(b.data() == row.data());
    CHECK(values(b) == std::vector<TestType>{1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3});
    // no copy: the view sees later writes to its source
    row(1) = 7;
    CHECK(values(b) == std::vector<TestType>{1, 7, 3, 1, 7, 3, 1, 7, 3, 1, 7, 3});

    loom::array<TestType> col(shape_t{2, 1});
    col(0, 0) = 1;
    col(1, 0) = 2;
    auto c = loom::broadcast_to(col, {3, 2, 4});
    CHECK(c.shape() == shape_t{3, 2, 4});
    const auto cv = values(c);
    std::size_t flat = 0;
    for (std::size_t i = 0; i < 3; ++i)
        for (std::size_t j = 0; j < 2; ++j)
            for (std::size_t k = 0; k < 4; ++k) CHECK(cv[flat++] == static_cast<TestType>(j + 1));
}

TEST_CASE("broadcast_to: rank 0, size 0, views and operands", "[broadcast][broadcast_to]") {
    loom::array<double> one{5};
    const auto s = loom::view(one, 0);  // rank 0
    CHECK(values(loom::broadcast_to(s, {2, 2})) == std::vector<double>{5, 5, 5, 5});
    CHECK(values(loom::broadcast_to(s, {})) == std::vector<double>{5});
    CHECK(loom::broadcast_to(one, {3, 0}).shape() == shape_t{3, 0});
    // of a view: a reversed row, stretched
    loom::array<double> v = {1, 2, 3};
    auto rev = loom::view(v, loom::range(loom::none, loom::none, -1));
    CHECK(values(loom::broadcast_to(rev, {2, 3})) == std::vector<double>{3, 2, 1, 3, 2, 1});
    // as an operand and as the value of an in-place assignment
    loom::array<double> m = {{10, 20, 30}, {40, 50, 60}};
    CHECK(values(m + loom::broadcast_to(v, {2, 3})) == std::vector<double>{11, 22, 33, 41, 52, 63});
    loom::view(m, loom::ellipsis) = loom::broadcast_to(loom::view(v, loom::range(0, 1)), {2, 3});
    CHECK(values(m) == std::vector<double>{1, 1, 1, 1, 1, 1});
    // a row of the target itself, stretched over the target: read before written
    loom::array<double> t = {{1, 2}, {3, 4}};
    loom::view(t, loom::ellipsis) = loom::broadcast_to(loom::view(t, 1), {2, 2});
    CHECK(values(t) == std::vector<double>{3, 4, 3, 4});
}

TEST_CASE("broadcast_to is read-only: writing does not compile", "[broadcast][broadcast_to]") {
    using B = decltype(loom::broadcast_to(std::declval<loom::array<double>&>(), loom::shape_t{2, 2}));
    STATIC_REQUIRE(!assignable_from_double<B>);
    STATIC_REQUIRE(!add_assignable<B>);
    STATIC_REQUIRE(!element_writable<B>);
    STATIC_REQUIRE(assignable_from_double<loom::strided_view<double>>);  // the concept can hold
    STATIC_REQUIRE(element_writable<loom::strided_view<double>>);
    STATIC_REQUIRE(can_broadcast<loom::array<double>&>);
    STATIC_REQUIRE(can_broadcast<loom::array<double>>);  // a temporary: the view owns it, read-only too
    using O = decltype(loom::broadcast_to(std::declval<loom::array<double>>(), loom::shape_t{2, 2}));
    STATIC_REQUIRE(loom::is_owning_view<O>::value);
    STATIC_REQUIRE(!assignable_from_double<O>);
    STATIC_REQUIRE(!element_writable<O>);
}

TEST_CASE("broadcast_to throws broadcast_error naming the shapes", "[broadcast][broadcast_to][errors]") {
    loom::array<double> m(shape_t{2, 3});
    auto msg = [&](const shape_t& to) {
        return ref::what_of<loom::broadcast_error>([&] { (void)loom::broadcast_to(m, to); });
    };
    CHECK(msg({2, 4}).find("(2, 3)") != std::string::npos);
    CHECK(msg({2, 4}).find("(2, 4)") != std::string::npos);
    CHECK(msg({2, 4}).find("axis -1 has 3") != std::string::npos);
    CHECK(msg({3}).find("rank 2") != std::string::npos);
    CHECK(msg({4, 3}).find("axis -2 has 2") != std::string::npos);
    CHECK(msg({5, 1, 3}).find("axis -2") != std::string::npos);
    CHECK(msg({5, 2, 3}) == "(no error)");
    loom::array<double> z(shape_t{0});
    CHECK_THROWS_AS(loom::broadcast_to(z, {3}), loom::broadcast_error);
}
