// loom/simd/simd.hpp: the one seam to xsimd: batch types, loads and stores, which element types vectorize.
#pragma once

#include <cstddef>
#include <type_traits>

#include "../config.hpp"
#include "../core/dtype.hpp"

#if LOOM_SIMD
// GCC 12 warns "(may be) used uninitialized" inside its own AVX-512
// intrinsics (e.g. _mm512_sqrt_pd, or _mm512_roundscale_round_ps in xsimd's
// pow) when inlined through xsimd; the warning is located in these headers,
// so it is silenced for them alone.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#include <xsimd/xsimd.hpp>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#endif

namespace loom::simd {

#if LOOM_SIMD
template <class T>
using batch = xsimd::batch<T>;

//! Element types the evaluator runs in SIMD batches (bool stays scalar).
template <class T>
inline constexpr bool vectorizable = element<T> && !std::same_as<T, bool>;

template <class T>
inline constexpr std::size_t lanes = vectorizable<T> ? batch<T>::size : 1;

template <class T>
inline batch<T> load(const T* p) noexcept { return batch<T>::load_unaligned(p); }
template <class T>
inline void store(T* p, const batch<T>& b) noexcept { b.store_unaligned(p); }
template <class T>
inline batch<T> splat(T v) noexcept { return batch<T>(v); }
#else
template <class T>
inline constexpr bool vectorizable = false;
template <class T>
inline constexpr std::size_t lanes = 1;
#endif

}  // namespace loom::simd
