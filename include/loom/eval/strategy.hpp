// loom/eval/strategy.hpp: the routes and strategies an assignment runs by, which one a plan takes, and whether a tree runs in SIMD.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "../simd/simd.hpp"
#include "walk.hpp"

namespace loom::detail {

// The routes an assignment takes, chosen once by classify (classify.hpp),
// top to bottom; the first two run without a plan (direct.hpp), the last
// through the plan and driver::run, which picks the strategy below:
//
//   route       when                                                  runs
//   (owning)    compile time: owning leaves all of an array's shape    run_flat (direct.hpp assign_owning)
//   fill        no leaf (a number, numbers combined)                  fill
//   flat        every leaf of the target's shape, all contiguous,     row_flat
//               none overlapping the target out of step; not large
//   rows        a 2-D target, leaves of rank <= 2 with contiguous     row_flat per row, or
//               rows, each axis 1 or the target's; not large          rows_of<S> (splatted)
//   unresolved  neither shows e's shape: the caller checks or
//               resolves it, then classifies again
//   copied      a leaf reads the target's memory out of step          planned into a temporary, copied
//   planned     everything else; every large assignment (threads      driver::run
//               may start or the stores may stream)
//
// Threads, non-temporal stores and the bytes moved are decided in driver::run
// only: a large assignment never takes flat or rows.
enum class route : std::uint8_t { unresolved, fill, flat, rows, copied, planned };

// The loops an assignment can run, one per way the innermost axis sees the
// operands (docs/design/pipeline.md). Each is chosen once per assignment:
//
//   strategy     when                                            loop
//   fill         no leaf (a number, numbers combined)            loops/fill.hpp      fill
//   contiguous   every leaf and the target step by one element   loops/contiguous.hpp row_flat
//   splatted     a leaf broadcast along the row (stride 0)       loops/splatted.hpp  rows_of<S>
//   gathered     a strided leaf or target: chunks gathered       loops/gathered.hpp  row_packed
//   turned       strided leaves down the target's columns:       loops/turned.hpp    pack_transposed,
//                tiles turned into rows                                              then splatted
//   scalar       the tree has no batch body in some op           loops/scalar.hpp    row_scalar
//   fixed        a static shape into a fixed_array (chosen at    static_assign.hpp   static_rows
//                compile time, not traced)
//
// Non-temporal stores are a flag beside contiguous, splatted and turned
// (driver::prepare decides, loops/streamed.hpp stores), tiles beside
// splatted and gathered (driver::run).
enum class strategy : std::uint8_t { none, fill, contiguous, splatted, gathered, turned, scalar, fixed };

// What the last assignment of this thread ran, in a build with
// LOOM_TRACE_STRATEGY (config.hpp): for tests, which check that each
// strategy is reached and gives the plain loop's values.
struct traversal {
    strategy kind = strategy::none;
    bool streamed = false;
    int threads = 1;  // the threads its loop ran on
};
#if LOOM_TRACE_STRATEGY
inline constinit thread_local traversal last_traversal_{};
inline void ran(strategy kind, bool streamed = false) noexcept { last_traversal_ = {kind, streamed, 1}; }
inline void ran_on(int threads) noexcept { last_traversal_.threads = threads; }
inline traversal last_traversal() noexcept { return last_traversal_; }
#else
inline void ran(strategy, bool = false) noexcept {}
inline void ran_on(int) noexcept {}
#endif

// The type whose batches set the lanes of an assignment of E into T: the
// first type an operation of the tree computes in; with none (a leaf, casts of
// leaves), T itself, or bytes for a bool target.
template <class T, class E>
using lane_type = typename first_lane<typename walker<E>::lane,
                                      std::conditional_t<std::is_same_v<T, bool>, std::uint8_t, T>>::type;

// Whether an assignment of E into T elements runs in SIMD batches: every op of
// the tree has a batch body in its compute type, and every compute type has
// the lanes of lane_type (leaves and results of other element types are
// converted in registers).
template <class T, class E>
inline constexpr bool runs_simd = [] {
    if constexpr (!LOOM_SIMD || !simd::vectorizable<lane_type<T, E>>) return false;
    else return walker<E>::template vec<simd::lanes<lane_type<T, E>>>;
}();

}  // namespace loom::detail
