// loom/eval/extensions.hpp: the evaluator's traits for reduction and cumulative nodes, declared beside the primary templates (eval/walk.hpp includes this) so that every translation unit sees the same specialisations.
#pragma once

#include <cstddef>
#include <type_traits>

#include "walk.hpp"

namespace loom {
template <class Kind, class R, class X>
struct reduction;
template <class Kind, class R, class X>
struct cumulative;
}  // namespace loom

namespace loom::detail {

template <class E>
struct walker;

// Defined in eval/reduce/computed.hpp, which expr/reduction.hpp includes: a
// program that names a reduction has them.
template <class K, class R, class X>
struct walker<reduction<K, R, X>>;
template <class K, class R, class X>
struct walker<cumulative<K, R, X>>;

template <class K, class R, class X>
struct mean_readers<reduction<K, R, X>> : std::integral_constant<int, (K::divides || K::moment) && memory_leaf<X>> {};

// At most this many elements reduced into each result of a reduction that
// the element-wise pass evaluates itself (eval/unroll.hpp).
inline constexpr std::size_t unroll_max = 4;

// The reductions the element-wise pass can evaluate itself: sums, products,
// means, maxima and minima of expressions (an array's own short rows are
// read as they are by reduce_memory).
template <class K, class R, class X>
inline constexpr bool unrollable = [] {
    if constexpr (!is_fn<X>::value || needs_rank<X>::value || K::arg || K::moment) return false;
    else return K::simd && !std::is_same_v<R, bool> && walker<X>::leaves > 0 && walker<X>::leaves * unroll_max <= 32;
}();

template <class K, class R, class X>
struct short_reductions<reduction<K, R, X>> {
    static constexpr int count = unrollable<K, R, X> ? 1 : 0;
    static constexpr bool blocked = !unrollable<K, R, X>;
};

}  // namespace loom::detail
