// tests/support/static_laws.hpp: the static evaluator's law (tests/core/test_fixed_array.cpp), shared with
// tests/core/test_fixed_array_o2.cpp, which checks it once more as optimized code.
#pragma once

#include <catch2/catch.hpp>

#include <loom/loom.hpp>

#include <cstddef>
#include <type_traits>
#include <vector>

#include "reference.hpp"

namespace laws {

using loom::extents;
using loom::fixed_array;
using loom::shape_t;
using ref::at;

inline std::vector<std::size_t> vec(const shape_t& s) { return std::vector<std::size_t>(s.begin(), s.end()); }

// fixed_array<T, D...> of the extents S
template <class T, class S>
struct fixed_of;
template <class T, std::size_t... D>
struct fixed_of<T, extents<D...>> {
    using type = fixed_array<T, D...>;
    using twice = fixed_array<T, 2, D...>;  // one more leading axis of 2
};
template <class T, class S>
using fixed_of_t = typename fixed_of<T, S>::type;

// F filled with ref::pattern<T>(i, seed) in row-major order.
template <class F>
F patterned(std::size_t seed) {
    F f;
    for (std::size_t i = 0; i < F::size(); ++i) f.data()[i] = ref::pattern<typename F::value_type>(i, seed);
    return f;
}

// a * b + a through the static evaluator, of the broadcast shape, against a scalar loop;
// then the same value written in place into a target with one more leading axis of 2
// (the plan broadcasts every leaf), and `r -= b` on the first result.
template <class A, class B>
void check_broadcast(std::size_t seed) {
    const A a = patterned<A>(seed);
    const B b = patterned<B>(seed + 1);
    const auto e = a * b + a;
    using E = decltype(e);
    using C = typename E::value_type;
    using S = loom::static_shape_t<E>;
    static_assert(loom::detail::static_shaped<std::remove_cvref_t<E>>);  // the static evaluator runs
    INFO("a " << a.shape() << ", b " << b.shape());

    const fixed_of_t<C, S> r = e;
    const auto want = [&](const ref::index_t& idx) {
        return static_cast<C>(static_cast<C>(at(a, idx)) * static_cast<C>(at(b, idx)) + static_cast<C>(at(a, idx)));
    };
    const std::vector<std::size_t> rs = vec(r.shape());
    CHECK(r.shape() == e.shape());
    CHECK(ref::mismatch(r, rs, want) == "");

    // into a larger target: every element of the leading axis gets the same values
    typename fixed_of<C, S>::twice big;
    big = e;
    std::vector<std::size_t> bs = rs;
    bs.insert(bs.begin(), 2);
    CHECK(ref::mismatch(big, bs, [&](const ref::index_t& idx) {
              return want(ref::index_t(idx.begin() + 1, idx.end()));
          }) == "");

    // compound assignment, in place: r -= b
    fixed_of_t<C, S> m = r;
    m -= b;
    CHECK(ref::mismatch(m, rs, [&](const ref::index_t& idx) {
              return static_cast<C>(want(idx) - static_cast<C>(at(b, idx)));
          }) == "");
}

}  // namespace laws
