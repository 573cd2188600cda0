// tests/core/test_extents.cpp: loom::extents, static_shape_t and static_rank_v: compile-time broadcasting of static shapes.
#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <cstddef>
#include <cstdint>
#include <type_traits>

using loom::dynamic_rank;
using loom::extents;
using loom::static_rank_v;
using loom::static_shape_t;

namespace {

template <class T, std::size_t... D>
using fixed = loom::fixed_array<T, D...>;

// The static shape and element type of `a op b` for lvalue operands of types A and B.
template <class A, class B>
using sum_t = decltype(std::declval<const A&>() + std::declval<const B&>());
template <class A, class B>
using sum_shape = static_shape_t<sum_t<A, B>>;

// The broadcast of two extents as the library computes it (axis 0: they broadcast).
template <class A, class B>
using bcast = loom::detail::static_broadcast<A, B>;

}  // namespace

// --- extents itself ---
static_assert(extents<>::rank == 0 && extents<>::size == 1);
static_assert(extents<2, 3>::rank == 2 && extents<2, 3>::size == 6);
static_assert(extents<4, 0, 2>::size == 0);
static_assert(std::is_same_v<static_shape_t<fixed<double, 2, 3>>, extents<2, 3>>);
static_assert(std::is_same_v<static_shape_t<const fixed<int, 5>&>, extents<5>>);
static_assert(static_rank_v<fixed<float, 1, 2, 3>> == 3);

// --- the example: element type and shape ---
static_assert(std::is_same_v<sum_shape<fixed<double, 2, 3>, fixed<float, 3>>, extents<2, 3>>);
static_assert(std::is_same_v<sum_t<fixed<double, 2, 3>, fixed<float, 3>>::value_type, double>);
static_assert(std::is_same_v<static_shape_t<decltype(fixed<double, 2, 3>{} + fixed<float, 3>{})>, extents<2, 3>>);
static_assert(std::is_same_v<decltype(fixed<double, 2, 3>{} + fixed<float, 3>{})::value_type, double>);
static_assert(static_rank_v<sum_t<fixed<double, 2, 3>, fixed<float, 3>>> == 2);

// --- element types follow the promotion rules, shapes the broadcast ---
static_assert(std::is_same_v<sum_t<fixed<float, 4>, fixed<float, 4>>::value_type, float>);
static_assert(std::is_same_v<sum_t<fixed<std::int32_t, 4>, fixed<double, 1>>::value_type, double>);
static_assert(std::is_same_v<sum_t<fixed<std::int8_t, 3, 1>, fixed<std::int16_t, 1, 5>>::value_type, std::int16_t>);
static_assert(std::is_same_v<sum_shape<fixed<std::int8_t, 3, 1>, fixed<std::int16_t, 1, 5>>, extents<3, 5>>);
static_assert(std::is_same_v<decltype(std::declval<const fixed<int, 2, 2>&>() <
                                      std::declval<const fixed<int, 2>&>())::value_type,
                             bool>);

// --- C++ numbers are rank 0: static, and weak in promotion ---
static_assert(std::is_same_v<static_shape_t<decltype(std::declval<const fixed<float, 3, 4>&>() * 2.0)>, extents<3, 4>>);
static_assert(std::is_same_v<decltype(std::declval<const fixed<float, 3, 4>&>() * 2.0)::value_type, float>);
static_assert(std::is_same_v<static_shape_t<decltype(1 + std::declval<const fixed<std::uint8_t, 7>&>())>, extents<7>>);
static_assert(std::is_same_v<static_shape_t<decltype(2.0 * std::declval<const fixed<double>&>())>, extents<>>);
static_assert(static_rank_v<decltype(2.0 * std::declval<const fixed<double>&>())> == 0);

// --- the Array API examples of broadcastable shapes ---
static_assert(std::is_same_v<sum_shape<fixed<double, 8, 1, 6, 1>, fixed<double, 7, 1, 5>>, extents<8, 7, 6, 5>>);
static_assert(std::is_same_v<sum_shape<fixed<double, 7, 1, 5>, fixed<double, 8, 1, 6, 1>>, extents<8, 7, 6, 5>>);
static_assert(std::is_same_v<sum_shape<fixed<double, 5, 4>, fixed<double, 1>>, extents<5, 4>>);
static_assert(std::is_same_v<sum_shape<fixed<double, 5, 4>, fixed<double, 4>>, extents<5, 4>>);
static_assert(std::is_same_v<sum_shape<fixed<double, 15, 3, 5>, fixed<double, 15, 1, 5>>, extents<15, 3, 5>>);
static_assert(std::is_same_v<sum_shape<fixed<double, 15, 3, 5>, fixed<double, 3, 5>>, extents<15, 3, 5>>);
static_assert(std::is_same_v<sum_shape<fixed<double, 15, 3, 5>, fixed<double, 3, 1>>, extents<15, 3, 5>>);
// size 0 broadcasts against 1 only, and stays 0
static_assert(std::is_same_v<sum_shape<fixed<double, 0, 3>, fixed<double, 1, 3>>, extents<0, 3>>);
static_assert(std::is_same_v<sum_shape<fixed<double, 1>, fixed<double, 0>>, extents<0>>);
// outer product
static_assert(std::is_same_v<sum_shape<fixed<double, 4, 1>, fixed<double, 1, 9>>, extents<4, 9>>);

// --- the Array API examples that do not broadcast: the axis nearest the right ---
static_assert(bcast<extents<3>, extents<4>>::axis == -1);
static_assert(bcast<extents<2, 1>, extents<8, 4, 3>>::axis == -2);
static_assert(bcast<extents<15, 3, 5>, extents<15, 3>>::axis == -1);
static_assert(bcast<extents<2, 3>, extents<4>>::axis == -1);
static_assert(bcast<extents<4, 3>, extents<5, 3>>::axis == -2);
static_assert(bcast<extents<0>, extents<3>>::axis == -1);
static_assert(bcast<extents<8, 1, 6, 1>, extents<7, 1, 5>>::axis == 0);
static_assert(bcast<extents<>, extents<>>::axis == 0);
static_assert(std::is_same_v<bcast<extents<>, extents<>>::type, extents<>>);

// --- the in-place rule: the value must broadcast to the target (axis 0: it does) ---
template <class V, class T>
inline constexpr int fit_axis = loom::detail::static_fit<V, T>::axis;
static_assert(fit_axis<extents<2, 3>, extents<2, 3>> == 0);
static_assert(fit_axis<extents<3>, extents<2, 3>> == 0);
static_assert(fit_axis<extents<1, 3>, extents<2, 3>> == 0);
static_assert(fit_axis<extents<>, extents<2, 3>> == 0);
static_assert(fit_axis<extents<2, 1>, extents<2, 3>> == 0);
static_assert(fit_axis<extents<2, 3>, extents<4, 4>> == -1);
static_assert(fit_axis<extents<2, 4>, extents<4, 4>> == -2);
static_assert(fit_axis<extents<2, 3>, extents<3>> == -2);  // more axes than the target: the first extra one
static_assert(fit_axis<extents<1, 3>, extents<3>> == -2);  // even a leading 1: the rank may not grow
static_assert(fit_axis<extents<3>, extents<1>> == -1);     // the target's 1 does not stretch

// --- N-ary functions: where, clip, and friends ---
namespace {
using cond_t = fixed<bool, 3, 1>;
using x_t = fixed<float, 1, 4>;
using y_t = fixed<double, 4>;
using where_t = decltype(loom::where(std::declval<const cond_t&>(), std::declval<const x_t&>(),
                                     std::declval<const y_t&>()));
using clip_t = decltype(loom::clip(std::declval<const fixed<int, 2, 1, 3>&>(), std::declval<const fixed<int, 5, 1>&>(), 7));
using nested_t = decltype(loom::sqrt(std::declval<const fixed<float, 6>&>()) * std::declval<const fixed<float, 2, 1>&>() -
                          loom::maximum(std::declval<const fixed<float, 1, 6>&>(), 0.5f));
}  // namespace
static_assert(std::is_same_v<static_shape_t<where_t>, extents<3, 4>>);
static_assert(std::is_same_v<where_t::value_type, double>);
static_assert(std::is_same_v<static_shape_t<clip_t>, extents<2, 5, 3>>);
static_assert(std::is_same_v<clip_t::value_type, int>);
static_assert(std::is_same_v<static_shape_t<nested_t>, extents<2, 6>>);
static_assert(std::is_same_v<nested_t::value_type, float>);
static_assert(static_rank_v<nested_t> == 2);

// --- mixing with array<T>: the shape is dynamic, and so is the rank ---
namespace {
using with_array_t = sum_t<fixed<double, 2, 3>, loom::array<double>>;
using with_view_t = decltype(std::declval<const fixed<double, 2, 3>&>() + loom::transpose(std::declval<const fixed<double, 3, 2>&>()));
using deep_array_t = decltype(loom::where(std::declval<const cond_t&>(), std::declval<const loom::array<float>&>(), 1.0) +
                              std::declval<const fixed<double, 3, 4>&>());
}  // namespace
static_assert(std::is_void_v<static_shape_t<loom::array<double>>>);
static_assert(static_rank_v<loom::array<double>> == dynamic_rank);
static_assert(std::is_void_v<static_shape_t<with_array_t>>);
static_assert(static_rank_v<with_array_t> == dynamic_rank);
static_assert(std::is_void_v<static_shape_t<with_view_t>>);
static_assert(static_rank_v<with_view_t> == dynamic_rank);
static_assert(std::is_void_v<static_shape_t<deep_array_t>>);
static_assert(static_rank_v<deep_array_t> == dynamic_rank);

// --- mixing with tensor<T, N>: the rank is known (the largest), the shape is not ---
namespace {
using t2 = loom::tensor<double, 2>;
using t3 = loom::tensor<float, 3>;
}  // namespace
static_assert(std::is_void_v<static_shape_t<t2>>);
static_assert(static_rank_v<t2> == 2);
static_assert(static_rank_v<sum_t<t2, fixed<double, 5>>> == 2);
static_assert(static_rank_v<sum_t<t2, fixed<double, 1, 1, 5>>> == 3);
static_assert(static_rank_v<sum_t<t2, t3>> == 3);
static_assert(static_rank_v<sum_t<t3, t2>> == 3);
static_assert(std::is_void_v<static_shape_t<sum_t<t2, fixed<double, 5>>>>);
static_assert(std::is_same_v<sum_t<t2, t3>::value_type, double>);
static_assert(static_rank_v<decltype(std::declval<const t2&>() * 3)> == 2);
static_assert(static_rank_v<sum_t<t2, loom::array<double>>> == dynamic_rank);
static_assert(static_rank_v<loom::tensor<int, 0>> == 0);

// A program of static checks still needs test cases: the static shapes agree with the run-time
// shapes of the same expressions, and the element types with the values computed.
TEST_CASE("static shapes agree with the run-time shape of the same expression", "[core][extents]") {
    const fixed<double, 8, 1, 6, 1> a;
    const fixed<double, 7, 1, 5> b;
    const auto e = a + b;
    static_assert(std::is_same_v<static_shape_t<decltype(e)>, extents<8, 7, 6, 5>>);
    CHECK(e.shape() == loom::shape_t{8, 7, 6, 5});
    CHECK(e.ndim() == static_rank_v<decltype(e)>);
    CHECK(e.size() == extents<8, 7, 6, 5>::size);

    const fixed<bool, 3, 1> c;
    const fixed<float, 1, 4> x;
    const fixed<double, 4> y;
    const auto w = loom::where(c, x, y);
    CHECK(w.shape() == loom::shape_t{3, 4});

    const fixed<int, 2, 1, 3> v;
    const fixed<int, 5, 1> lo;
    CHECK(loom::clip(v, lo, 7).shape() == loom::shape_t{2, 5, 3});
    CHECK((2.0 * fixed<double>{}).shape() == loom::shape_t{});
}

TEST_CASE("a tensor's static rank is the run-time rank; array operands make it dynamic", "[core][extents]") {
    const loom::tensor<double, 2> t(loom::shape_t{4, 5});
    const fixed<double, 3, 1, 5> f;
    const auto e = t + f;
    static_assert(static_rank_v<decltype(e)> == 3);
    CHECK(e.shape() == loom::shape_t{3, 4, 5});
    const loom::array<double> a(loom::shape_t{2, 1, 1, 1});
    const auto g = e * a;
    static_assert(static_rank_v<decltype(g)> == dynamic_rank);
    CHECK(g.shape() == loom::shape_t{2, 3, 4, 5});
}

TEST_CASE("the promoted element type is the type of the values computed", "[core][extents]") {
    fixed<std::int32_t, 3> i{1, 2, 3};
    fixed<double, 2, 1> d{{0.5}, {0.25}};
    fixed<double, 2, 3> r = i + d;
    CHECK(r(0, 0) == 1.5);
    CHECK(r(1, 2) == 3.25);
    fixed<float, 3> f = i * 0.5f;  // a float scalar is weak: float, not double
    static_assert(std::is_same_v<decltype(i * 0.5f)::value_type, float>);
    CHECK(f(2) == 1.5f);
}
