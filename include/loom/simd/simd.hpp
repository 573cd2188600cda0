// loom/simd/simd.hpp: the one seam to xsimd: batch types, loads and stores, which element types vectorize.
#pragma once

#include <cstddef>
#include <cstdint>
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
#if defined(__AVX__)
#define LOOM_X86_AVX 1
#else
#define LOOM_X86_AVX 0
#endif
#if defined(__AVX512F__)
#define LOOM_X86_AVX512 1
#else
#define LOOM_X86_AVX512 0
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

// Non-temporal stores (x86 only): a batch written to memory without the line
// being read into the cache first and without keeping it there. For targets
// far larger than the caches: a plain store reads every line before writing
// it (a fourth stream beside a triad's three). stream_align: the alignment
// stream() needs, 0 where there are no such stores (store() is used instead).
template <class T>
using register_of = typename batch<T>::register_type;
template <class T>
inline constexpr std::size_t stream_align =
#if defined(__SSE2__)
    sizeof(register_of<T>) == 16 || (sizeof(register_of<T>) == 32 && LOOM_X86_AVX) ||
            (sizeof(register_of<T>) == 64 && LOOM_X86_AVX512)
        ? sizeof(register_of<T>)
        : 0;
#else
    0;
#endif

// *p <- b, p aligned to stream_align<T> (which is not 0).
template <class T>
inline void stream(T* p, const batch<T>& b) noexcept {
#if defined(__SSE2__)
    const register_of<T> r = b;
    if constexpr (sizeof(r) == 16) {
        if constexpr (std::is_same_v<T, double>) _mm_stream_pd(p, r);
        else if constexpr (std::is_same_v<T, float>) _mm_stream_ps(p, r);
        else _mm_stream_si128(reinterpret_cast<__m128i*>(p), r);
#if LOOM_X86_AVX
    } else if constexpr (sizeof(r) == 32) {
        if constexpr (std::is_same_v<T, double>) _mm256_stream_pd(p, r);
        else if constexpr (std::is_same_v<T, float>) _mm256_stream_ps(p, r);
        else _mm256_stream_si256(reinterpret_cast<__m256i*>(p), r);
#endif
#if LOOM_X86_AVX512
    } else if constexpr (sizeof(r) == 64) {
        if constexpr (std::is_same_v<T, double>) _mm512_stream_pd(p, r);
        else if constexpr (std::is_same_v<T, float>) _mm512_stream_ps(p, r);
        else _mm512_stream_si512(reinterpret_cast<__m512i*>(p), r);
#endif
    } else {
        b.store_aligned(p);
    }
#else
    b.store_aligned(p);
#endif
}

// Orders the stream() stores before every later store, as plain stores are:
// once after a loop of them.
inline void stream_fence() noexcept {
#if defined(__SSE2__)
    _mm_sfence();
#endif
}
#else
template <class T>
inline constexpr bool vectorizable = false;
template <class T>
inline constexpr std::size_t lanes = 1;
template <class T>
inline constexpr std::size_t stream_align = 0;
inline void stream_fence() noexcept {}
#endif

// A hint that the line `ahead` bytes past p is read (write = false) or
// written soon: the core fetches it while it computes. Never faults; the
// address is computed as an integer, as it may lie past the array. Always
// inlined: GCC takes a function holding only __builtin_prefetch for one
// without effects and drops the calls to it.
template <bool write = false>
LOOM_INLINE void prefetch(const void* p, std::ptrdiff_t ahead) noexcept {
#if defined(__GNUC__)
    const auto at = reinterpret_cast<std::uintptr_t>(p) + static_cast<std::uintptr_t>(ahead);
    __builtin_prefetch(reinterpret_cast<const void*>(at), write ? 1 : 0, 3);
#else
    (void)p, (void)ahead;
#endif
}

}  // namespace loom::simd
