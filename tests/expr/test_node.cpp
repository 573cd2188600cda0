// tests/expr/test_node.cpp: expression nodes: laziness, operand capture, scalars as rank-0 operands, concepts.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <type_traits>
#include <utility>

#include "../support/reference.hpp"

using loom::shape_t;

namespace {

template <class E>
using vt = typename std::remove_cvref_t<E>::value_type;

loom::array<double> make_temp() { return loom::array<double>{1, 2, 3}; }

}  // namespace

TEST_CASE("building an expression computes nothing", "[expr][node][lazy]") {
    loom::array<double> a = {1, 2, 3};
    loom::array<double> b = {10, 20, 30};
    const auto e = a * b + 1.0;
    // change the operands after building: evaluation sees the new values
    a(0) = 5;
    b.fill(2);
    const loom::array<double> r = e;
    CHECK(loom::array_equal(r, loom::array<double>{11, 5, 7}));
    // the same expression evaluates again, with whatever the operands hold then
    a.fill(0);
    CHECK(loom::array_equal(loom::eval(e), loom::array<double>{1, 1, 1}));
}

TEST_CASE("the shape is resolved when asked, from the operands' current shapes", "[expr][node][lazy]") {
    loom::array<double> a = {1, 2, 3};
    const loom::array<double> b = {1, 1, 1};
    const auto e = a + b;
    CHECK(e.shape() == shape_t{3});
    a = loom::zeros<double>({4});  // now incompatible
    CHECK_THROWS_AS(e.shape(), loom::broadcast_error);
    CHECK_THROWS_AS(loom::eval(e), loom::broadcast_error);
    a = loom::zeros<double>({2, 3});
    CHECK(e.shape() == shape_t{2, 3});
    CHECK(e.ndim() == 2);
    CHECK(e.size() == 6);
}

TEST_CASE("lvalue arrays are held by reference, temporaries by value", "[expr][node][capture]") {
    loom::array<double> a = {1, 2, 3};
    const loom::array<double> c = {1, 1, 1};
    using ref_a = loom::leaf_ref<loom::array<double>>;
    static_assert(std::is_same_v<decltype(a + c), loom::fn<loom::ops::add, ref_a, ref_a>>);
    static_assert(std::is_same_v<decltype(a + make_temp()), loom::fn<loom::ops::add, ref_a, loom::array<double>>>);
    static_assert(std::is_same_v<decltype(a + 2), loom::fn<loom::ops::add, ref_a, loom::scalar_node<int>>>);
    static_assert(std::is_same_v<decltype(-(a + c)), loom::fn<loom::ops::negate, loom::fn<loom::ops::add, ref_a, ref_a>>>);
    // a reference node is a pointer, not a copy of the array
    static_assert(sizeof(decltype(a + c)) <= 2 * sizeof(void*));
    // a temporary kept alive by the expression: safe to evaluate later
    const auto e = make_temp() * 2.0 + loom::ones<double>({3});
    const loom::array<double> r = e;
    CHECK(loom::array_equal(r, loom::array<double>{3, 5, 7}));
    // a moved-in array is owned by the node
    loom::array<double> m = {4, 5, 6};
    const auto owned = std::move(m) - 1.0;
    CHECK(loom::array_equal(owned, loom::array<double>{3, 4, 5}));
    // views are held by reference when they are lvalues, by value when temporaries
    double buf[3] = {1, 2, 3};
    auto v = loom::adapt(buf, {3});
    static_assert(std::is_same_v<decltype(v + 1.0),
                                 loom::fn<loom::ops::add, loom::leaf_ref<loom::strided_view<double>>, loom::scalar_node<double>>>);
    static_assert(std::is_same_v<decltype(loom::adapt(buf, {3}) + 1.0),
                                 loom::fn<loom::ops::add, loom::strided_view<double>, loom::scalar_node<double>>>);
    const auto ve = loom::adapt(buf, {3}) * 10.0;
    buf[1] = 7;
    CHECK(loom::array_equal(ve, loom::array<double>{10, 70, 30}));
}

TEST_CASE("C++ scalars are rank-0 operands of their canonical type", "[expr][node][scalar]") {
    const loom::array<std::int8_t> a = {1, 2};
    static_assert(std::is_same_v<decltype(a + 1LL), loom::fn<loom::ops::add, loom::leaf_ref<loom::array<std::int8_t>>,
                                                            loom::scalar_node<std::int64_t>>>);
    static_assert(std::is_same_v<decltype(a + static_cast<signed char>('x')), loom::fn<loom::ops::add, loom::leaf_ref<loom::array<std::int8_t>>,
                                                            loom::scalar_node<std::int8_t>>>);
    static_assert(std::is_same_v<decltype(a + 1.0f), loom::fn<loom::ops::add, loom::leaf_ref<loom::array<std::int8_t>>,
                                                             loom::scalar_node<float>>>);
    // a scalar has no axes: it broadcasts with every shape, rank 0 included
    CHECK((a + 1).shape() == shape_t{2});
    const loom::array<double> s(shape_t{}, 2.0);
    CHECK((s * 3.0).shape() == shape_t{});
    CHECK(loom::eval(s * 3.0)() == 6.0);
    // the scalar's value is copied when the expression is built
    int k = 5;
    const auto e = a * k;
    k = 100;
    CHECK(loom::array_equal(e, loom::array<std::int8_t>{5, 10}));
}

TEST_CASE("concepts: expression, operand, memory_leaf", "[expr][node][concepts]") {
    using A = loom::array<float>;
    static_assert(loom::expression<A>);
    static_assert(loom::expression<const A&>);
    static_assert(loom::expression<decltype(std::declval<A&>() + 1)>);
    static_assert(loom::expression<loom::strided_view<const float>>);
    static_assert(!loom::expression<float>);
    static_assert(!loom::expression<shape_t>);
    static_assert(loom::operand<A&>);
    static_assert(loom::operand<double>);
    static_assert(loom::operand<const int&>);
    static_assert(!loom::operand<long double>);
    static_assert(!loom::operand<int*>);
    static_assert(loom::memory_leaf<A>);
    static_assert(loom::memory_leaf<loom::strided_view<float>>);
    static_assert(loom::memory_leaf<loom::leaf_ref<A>>);
    static_assert(!loom::memory_leaf<decltype(std::declval<A&>() + 1)>);
    static_assert(!loom::memory_leaf<loom::scalar_node<float>>);
    SUCCEED("compile-time checks");
}

TEST_CASE("expressions nest and can be reused as operands", "[expr][node]") {
    const loom::array<int> a = {1, 2, 3};
    const auto b = ref::make<int>({2, 1}, {10, 20});
    const auto e = a + b;     // (2, 3)
    const auto f = e * e - a;  // e is copied into f: its leaves still refer to a and b
    const loom::array<int> r = f;
    REQUIRE(r.shape() == shape_t{2, 3});
    for (std::size_t i = 0; i < 2; ++i)
        for (std::size_t j = 0; j < 3; ++j) {
            const int s = a.data()[j] + b.data()[i];
            CHECK(r(i, j) == s * s - a.data()[j]);
        }
    // an N-ary node built directly
    const auto g = loom::make_fn<loom::ops::clip>(a, 2, b);
    static_assert(std::is_same_v<vt<decltype(g)>, int>);
    CHECK(loom::array_equal(g, loom::array<int>{{2, 2, 3}, {2, 2, 3}}));
}

TEST_CASE("expressions of every depth keep their value type", "[expr][node]") {
    const loom::array<float> a = {1, 2};
    auto deep = a + 1.0;
    static_assert(std::is_same_v<vt<decltype(deep)>, float>);
    const auto deeper = loom::sqrt(loom::abs(-(deep * deep)) + 0.5) > 1.0;
    static_assert(std::is_same_v<vt<decltype(deeper)>, bool>);
    CHECK(loom::array_equal(deeper, loom::array<bool>{true, true}));
}
