// loom/simd/simd.hpp: the one seam to xsimd: batch types, loads and stores, which element types vectorize.
#pragma once

#include <complex>
#include <cstddef>
#include <cstdint>
#include <cmath>
#include <cstring>
#include <limits>
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
#if defined(__AVX512BW__)
#define LOOM_X86_AVX512BW 1
#else
#define LOOM_X86_AVX512BW 0
#endif
#if defined(__AVX2__)
#define LOOM_X86_AVX2 1
#else
#define LOOM_X86_AVX2 0
#endif
#if defined(__SSE4_1__)
#define LOOM_X86_SSE41 1
#else
#define LOOM_X86_SSE41 0
#endif
#endif

namespace loom::simd {

// The integer type of S bytes, signed or not.
template <std::size_t S, bool Signed>
using int_of = std::conditional_t<
    S == 1, std::conditional_t<Signed, std::int8_t, std::uint8_t>,
    std::conditional_t<S == 2, std::conditional_t<Signed, std::int16_t, std::uint16_t>,
                       std::conditional_t<S == 4, std::conditional_t<Signed, std::int32_t, std::uint32_t>,
                                          std::conditional_t<Signed, std::int64_t, std::uint64_t>>>>;

#if LOOM_SIMD
template <class T>
using batch = xsimd::batch<T>;

//! Element types the evaluator runs in SIMD batches (bool stays scalar). A batch
//! of a complex type holds as many numbers as one of its real type, as two
//! registers (real parts, imaginary parts); loads and stores interleave them.
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

// a * b + c for float and double: one rounding where the target has FMA (xsimd
// 8.1 fuses it for FMA3 targets but not for AVX-512, where it gives a product
// and a sum), a product and a sum where it has none (SSE2).
template <class T>
    requires std::is_floating_point_v<T>
inline batch<T> fma(const batch<T>& a, const batch<T>& b, const batch<T>& c) noexcept {
#if defined(__AVX512F__)
    if constexpr (sizeof(typename batch<T>::register_type) == 64) {
        if constexpr (std::is_same_v<T, double>) return _mm512_fmadd_pd(a, b, c);
        else return _mm512_fmadd_ps(a, b, c);
    } else
#endif
        return xsimd::fma(a, b, c);
}

// The sum of a batch's lanes.
template <class T>
inline T sum(const batch<T>& b) noexcept {
    return xsimd::hadd(b);
}

// The first (High false: zip_lo) or second (zip_hi) halves of a and b interleaved: a0 b0 a1 b1 ...
// (xsimd 8.1's zips interleave within each 128-bit lane on AVX and AVX-512).
template <bool High, class T>
inline batch<T> zip_half(const batch<T>& a, const batch<T>& b) noexcept {
    [[maybe_unused]] constexpr std::size_t bytes = sizeof(typename batch<T>::register_type);
#if defined(__AVX512F__)
    if constexpr (bytes == 64 && std::is_same_v<T, double>)
        return _mm512_permutex2var_pd(a, High ? _mm512_setr_epi64(4, 12, 5, 13, 6, 14, 7, 15)
                                              : _mm512_setr_epi64(0, 8, 1, 9, 2, 10, 3, 11), b);
    else if constexpr (bytes == 64 && std::is_same_v<T, float>)
        return _mm512_permutex2var_ps(
            a, High ? _mm512_setr_epi32(8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31)
                    : _mm512_setr_epi32(0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23), b);
    else
#endif
#if defined(__AVX__)
    if constexpr (bytes == 32 && std::is_same_v<T, double>)
        return _mm256_permute2f128_pd(_mm256_unpacklo_pd(a, b), _mm256_unpackhi_pd(a, b), High ? 0x31 : 0x20);
    else if constexpr (bytes == 32 && std::is_same_v<T, float>)
        return _mm256_permute2f128_ps(_mm256_unpacklo_ps(a, b), _mm256_unpackhi_ps(a, b), High ? 0x31 : 0x20);
    else
#endif
    if constexpr (High) return xsimd::zip_hi(a, b);
    else return xsimd::zip_lo(a, b);
}
template <class T>
inline batch<T> zip_lo(const batch<T>& a, const batch<T>& b) noexcept { return zip_half<false>(a, b); }
template <class T>
inline batch<T> zip_hi(const batch<T>& a, const batch<T>& b) noexcept { return zip_half<true>(a, b); }

// a's lanes in reverse order: a[W - 1], ..., a[0].
template <class T>
inline batch<T> reverse(const batch<T>& a) noexcept {
    [[maybe_unused]] constexpr std::size_t bytes = sizeof(typename batch<T>::register_type);
#if defined(__AVX512F__)
    if constexpr (bytes == 64 && std::is_same_v<T, double>)
        return _mm512_permutexvar_pd(_mm512_setr_epi64(7, 6, 5, 4, 3, 2, 1, 0), a);
    else if constexpr (bytes == 64 && std::is_same_v<T, float>)
        return _mm512_permutexvar_ps(_mm512_setr_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0), a);
    else
#endif
#if defined(__AVX2__)
    if constexpr (bytes == 32 && std::is_same_v<T, double>)
        return _mm256_permute4x64_pd(a, 0x1B);
    else if constexpr (bytes == 32 && std::is_same_v<T, float>)
        return _mm256_permutevar8x32_ps(a, _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, 0));
    else
#endif
#if defined(__SSE2__)
    if constexpr (bytes == 16 && std::is_same_v<T, double>)
        return _mm_shuffle_pd(a, a, 1);
    else if constexpr (bytes == 16 && std::is_same_v<T, float>)
        return _mm_shuffle_ps(a, a, 0x1B);
    else
#endif
    {
        alignas(64) T v[batch<T>::size];
        a.store_aligned(v);
        for (std::size_t i = 0, j = batch<T>::size - 1; i < j; ++i, --j) std::swap(v[i], v[j]);
        return batch<T>::load_aligned(v);
    }
}

// A square block of batch<T>::size rows transposed in registers: rows[i][j] becomes rows[j][i]
// (log2 of the width rounds of perfect shuffles: row i interleaved with row i + W / 2).
template <class T>
inline void transpose(batch<T>* rows) noexcept {
    constexpr std::size_t w = batch<T>::size;
    for (std::size_t round = 1; round < w; round *= 2) {
        batch<T> next[w];
        for (std::size_t i = 0; i < w / 2; ++i) {
            next[2 * i] = zip_lo(rows[i], rows[i + w / 2]);
            next[2 * i + 1] = zip_hi(rows[i], rows[i + w / 2]);
        }
        for (std::size_t i = 0; i < w; ++i) rows[i] = next[i];
    }
}

// The mask over batches of T: over those of its real type for a complex T.
template <class T>
using mask = xsimd::batch_bool<real_of_t<T>>;

// An unsigned integer type with W lanes in a batch: the type bool values of a
// W-lane expression are held as masks of when no other type is at hand.
template <std::size_t W>
using uint_lanes = std::conditional_t<
    lanes<std::uint8_t> == W, std::uint8_t,
    std::conditional_t<lanes<std::uint16_t> == W, std::uint16_t,
                       std::conditional_t<lanes<std::uint32_t> == W, std::uint32_t, std::uint64_t>>>;

// W elements of T in a vector of the compiler's (bool as its bytes, 0 or 1):
// how a leaf of another element type than the expression computes in is
// loaded, and a result of another type than the target's stored. A struct,
// so that passing one by value is not a vector argument (GCC's -Wpsabi).
template <class T>
using lane_of = std::conditional_t<std::is_same_v<T, bool>, std::uint8_t, T>;
// (Complex numbers are kept as an array: no vector extension holds them.)
template <class T, std::size_t W>
struct pack_vec {
    struct type {
        lane_of<T> x[W];
    };
};
#if defined(__GNUC__)
template <class T, std::size_t W>
    requires(!is_complex_v<T>)
struct pack_vec<T, W> {
    typedef lane_of<T> type __attribute__((vector_size(W * sizeof(lane_of<T>))));
};
#endif
template <class T, std::size_t W>
struct pack {
    using vec = typename pack_vec<T, W>::type;
    vec v;
};

template <class T, std::size_t W>
inline pack<T, W> load_pack(const T* p) noexcept {
    pack<T, W> r;
    std::memcpy(static_cast<void*>(&r.v), p, sizeof r.v);
    return r;
}
template <class T, std::size_t W>
inline void store_pack(T* p, const pack<T, W>& x) noexcept {
    std::memcpy(static_cast<void*>(p), &x.v, sizeof x.v);
}
template <class T, std::size_t W>
inline pack<T, W> splat_pack(T value) noexcept {
    pack<T, W> r;
#if defined(__GNUC__)
    if constexpr (!is_complex_v<T>) r.v = typename pack<T, W>::vec{} + static_cast<lane_of<T>>(value);
    else
#endif
        for (auto& x : r.v.x) x = static_cast<lane_of<T>>(value);
    return r;
}

// Integer widening in one instruction (x86 SSE4.1, AVX2, AVX-512), where the
// result is one register: GCC 12 splits such vector conversions into halves
// and shuffles. widens<X, U, W> tells where it applies.
template <class X, class U, std::size_t W>
inline constexpr bool widens = [] {
    if constexpr (!std::is_integral_v<X> || !std::is_integral_v<U> || sizeof(X) <= sizeof(U)) return false;
    else if constexpr (W * sizeof(X) == 16) return LOOM_X86_SSE41 != 0;
    else if constexpr (W * sizeof(X) == 32) return LOOM_X86_AVX2 != 0;
    else if constexpr (W * sizeof(X) == 64) return LOOM_X86_AVX512 != 0 && (sizeof(X) >= 4 || LOOM_X86_AVX512BW != 0);
    else return false;
}();

#if LOOM_X86_SSE41
template <class X, class U, std::size_t W>
inline pack<X, W> widen(const pack<U, W>& p) noexcept {
    constexpr bool s = std::is_signed_v<U>;
    constexpr std::size_t from = sizeof(U), to = sizeof(X), bytes = W * sizeof(X);
    pack<X, W> r;
    if constexpr (bytes == 16) {
        __m128i v = _mm_setzero_si128();
        std::memcpy(&v, &p.v, sizeof p.v);
        __m128i o;
        if constexpr (from == 1 && to == 2) o = s ? _mm_cvtepi8_epi16(v) : _mm_cvtepu8_epi16(v);
        else if constexpr (from == 1 && to == 4) o = s ? _mm_cvtepi8_epi32(v) : _mm_cvtepu8_epi32(v);
        else if constexpr (from == 1) o = s ? _mm_cvtepi8_epi64(v) : _mm_cvtepu8_epi64(v);
        else if constexpr (from == 2 && to == 4) o = s ? _mm_cvtepi16_epi32(v) : _mm_cvtepu16_epi32(v);
        else if constexpr (from == 2) o = s ? _mm_cvtepi16_epi64(v) : _mm_cvtepu16_epi64(v);
        else o = s ? _mm_cvtepi32_epi64(v) : _mm_cvtepu32_epi64(v);
        std::memcpy(&r.v, &o, sizeof o);
#if LOOM_X86_AVX2
    } else if constexpr (bytes == 32) {
        __m128i v = _mm_setzero_si128();
        std::memcpy(&v, &p.v, sizeof p.v);
        __m256i o;
        if constexpr (from == 1 && to == 2) o = s ? _mm256_cvtepi8_epi16(v) : _mm256_cvtepu8_epi16(v);
        else if constexpr (from == 1 && to == 4) o = s ? _mm256_cvtepi8_epi32(v) : _mm256_cvtepu8_epi32(v);
        else if constexpr (from == 1) o = s ? _mm256_cvtepi8_epi64(v) : _mm256_cvtepu8_epi64(v);
        else if constexpr (from == 2 && to == 4) o = s ? _mm256_cvtepi16_epi32(v) : _mm256_cvtepu16_epi32(v);
        else if constexpr (from == 2) o = s ? _mm256_cvtepi16_epi64(v) : _mm256_cvtepu16_epi64(v);
        else o = s ? _mm256_cvtepi32_epi64(v) : _mm256_cvtepu32_epi64(v);
        std::memcpy(&r.v, &o, sizeof o);
#endif
#if LOOM_X86_AVX512
    } else if constexpr (bytes == 64) {
        __m256i v = _mm256_setzero_si256();
        std::memcpy(&v, &p.v, sizeof p.v);
        const __m128i h = _mm256_castsi256_si128(v);
        __m512i o;
        if constexpr (from == 1 && to == 2) {
#if LOOM_X86_AVX512BW
            o = s ? _mm512_cvtepi8_epi16(v) : _mm512_cvtepu8_epi16(v);
#endif
        } else if constexpr (from == 1 && to == 4) o = s ? _mm512_cvtepi8_epi32(h) : _mm512_cvtepu8_epi32(h);
        else if constexpr (from == 1) o = s ? _mm512_cvtepi8_epi64(h) : _mm512_cvtepu8_epi64(h);
        else if constexpr (from == 2 && to == 4) o = s ? _mm512_cvtepi16_epi32(v) : _mm512_cvtepu16_epi32(v);
        else if constexpr (from == 2) o = s ? _mm512_cvtepi16_epi64(h) : _mm512_cvtepu16_epi64(h);
        else o = s ? _mm512_cvtepi32_epi64(v) : _mm512_cvtepu32_epi64(v);
        std::memcpy(&r.v, &o, sizeof o);
#endif
    }
    return r;
}
#endif

// static_cast<X> lane by lane (never to bool: truth is a comparison, not a
// conversion). Integers widen or narrow by one size at a time, and an integer
// narrower than 4 bytes goes to or from a floating type through int32: GCC 12
// converts other vectors one lane at a time.
template <class X, class U, std::size_t W>
inline pack<X, W> convert(const pack<U, W>& p) noexcept {
    static_assert(!std::is_same_v<X, bool> || std::is_same_v<U, bool>, "loom: a truth value is a comparison");
    using A = lane_of<U>;
    using B = lane_of<X>;
    if constexpr (std::is_same_v<A, B>) {
        return {p.v};
    } else if constexpr (is_complex_v<A> || is_complex_v<B>) {
        // to a complex type from a real or complex one, lane by lane (or to bool: not zero)
        pack<X, W> r;
        A in[W];
        std::memcpy(static_cast<void*>(in), &p.v, sizeof in);
        for (std::size_t i = 0; i < W; ++i) {
            if constexpr (is_complex_v<B>) r.v.x[i] = B(in[i]);
            else r.v.x[i] = static_cast<B>(in[i] != A(0));
        }
        return r;
    } else if constexpr (widens<B, A, W>) {
#if LOOM_X86_SSE41
        return {widen<B>(pack<A, W>{p.v}).v};
#endif
    } else if constexpr (std::is_integral_v<A> && std::is_integral_v<B> && sizeof(B) > 2 * sizeof(A)) {
        return convert<X>(convert<int_of<2 * sizeof(A), std::is_signed_v<A>>>(p));
    } else if constexpr (std::is_integral_v<A> && std::is_integral_v<B> && 2 * sizeof(B) < sizeof(A)) {
        return convert<X>(convert<int_of<sizeof(A) / 2, std::is_signed_v<A>>>(p));
    } else if constexpr (std::is_floating_point_v<A> != std::is_floating_point_v<B> &&
                         sizeof(std::conditional_t<std::is_floating_point_v<A>, B, A>) < 4) {
        return convert<X>(convert<std::int32_t>(p));
    } else {
        pack<X, W> r;
#if defined(__GNUC__)
        r.v = __builtin_convertvector(p.v, typename pack<X, W>::vec);
#else
        for (std::size_t i = 0; i < W; ++i) r.v.x[i] = static_cast<B>(p.v.x[i]);
#endif
        return r;
    }
}

// A pack of lanes<X> elements as a batch, and back: the same bits.
template <class X>
inline batch<X> to_batch(const pack<X, lanes<X>>& p) noexcept {
    if constexpr (is_complex_v<X>) {
        return batch<X>::load_unaligned(p.v.x);
    } else {
        typename batch<X>::register_type r;
        static_assert(sizeof r == sizeof p.v);
        std::memcpy(&r, &p.v, sizeof r);
        return batch<X>(r);
    }
}
template <class X>
inline pack<X, lanes<X>> to_pack(const batch<X>& b) noexcept {
    pack<X, lanes<X>> p;
    if constexpr (is_complex_v<X>) {
        b.store_unaligned(p.v.x);
    } else {
        const typename batch<X>::register_type r = b;
        std::memcpy(&p.v, &r, sizeof r);
    }
    return p;
}
// A batch of C as one of X with as many lanes, each value converted (a real
// batch as the real parts of a complex one).
template <class X, class C>
inline batch<X> convert(const batch<C>& b) noexcept {
    if constexpr (std::is_same_v<X, C>) return b;
    else if constexpr (is_complex_v<X> && !is_complex_v<C>) {
        using R = real_of_t<X>;
        return batch<X>(convert<R>(b), batch<R>(R(0)));
    } else return to_batch<X>(convert<X>(to_pack(b)));
}
// A mask over batches of C as one over batches of X (as many lanes): the same
// bits where the two are registers of one size, else through 0/1 values.
template <class X, class C, class A>
inline mask<X> mask_as(const xsimd::batch_bool<C, A>& m) noexcept {
    if constexpr (std::is_same_v<X, C>) {
        return m;
    } else if constexpr (sizeof(typename mask<X>::register_type) == sizeof(typename mask<C>::register_type)) {
        const typename mask<C>::register_type r = m;
        typename mask<X>::register_type o;
        std::memcpy(&o, &r, sizeof o);
        return mask<X>(o);
    } else {
        return convert<X>(xsimd::select(m, batch<C>(C(1)), batch<C>(C(0)))) != batch<X>(X(0));
    }
}
// Whether each lane is not zero (NaN counts as true: == is false for it; a
// complex number is zero when both parts are).
template <class X>
inline mask<X> truth(const batch<X>& b) noexcept {
    if constexpr (is_complex_v<X>) {
        using R = real_of_t<X>;
        return ~((b.real() == batch<R>(R(0))) & (b.imag() == batch<R>(R(0))));
    } else return ~(b == batch<X>(X(0)));
}
// Whether each of W elements of U is not zero, as a mask over batches of X
// (W lanes): tested in U, so that 0.5 is true whatever X is.
template <class X, class U, std::size_t W>
inline mask<X> truth_of(const pack<U, W>& p) noexcept {
    if constexpr (vectorizable<U> && lanes<U> == W) {
        return mask_as<X>(truth(to_batch<U>(p)));
    } else {
        using I = int_of<sizeof(real_of_t<X>), true>;
        pack<int_of<sizeof(real_of_t<lane_of<U>>), true>, W> nz;  // -1 or 0, in U's (real) size
#if defined(__GNUC__)
        if constexpr (is_complex_v<U>)
            for (std::size_t i = 0; i < W; ++i) nz.v[i] = p.v.x[i] != U(0) ? -1 : 0;
        else nz.v = p.v != 0;
#else
        for (std::size_t i = 0; i < W; ++i) nz.v.x[i] = p.v.x[i] != lane_of<U>(0) ? -1 : 0;
#endif
        return mask_as<X>(to_batch<I>(convert<I>(nz)) != batch<I>(I(0)));
    }
}

// A mask as W bools (bytes 0 and 1).
template <class X, class A>
inline pack<bool, lanes<X>> to_bools(const xsimd::batch_bool<X, A>& m) noexcept {
    return {convert<std::uint8_t>(to_pack(xsimd::select(m, batch<X>(X(1)), batch<X>(X(0))))).v};
}

// Masks held as vector registers (lanes all ones or zero; AVX-512's are bit masks, not these)
// whose lanes are wider than a byte: sizeof(X) of them are stored as bools together (wide_bools).
template <class X>
inline constexpr bool vector_masks =
    std::is_integral_v<X> && sizeof(X) > 1 && sizeof(typename mask<X>::register_type) == sizeof(typename batch<X>::register_type);

#if defined(__GNUC__)
namespace narrowing {
template <class U, std::size_t Bytes>
struct vec {
    typedef U type __attribute__((vector_size(Bytes)));
};
// The low halves of the lanes of a and b (lanes of S bytes), as one register of lanes of S / 2.
template <std::size_t S, std::size_t R>
inline typename vec<int_of<S / 2, false>, R>::type halves(typename vec<int_of<S, false>, R>::type a,
                                                         typename vec<int_of<S, false>, R>::type b) noexcept {
    using H = typename vec<int_of<S / 2, false>, R>::type;
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
        return __builtin_shufflevector((H)a, (H)b, (2 * I)...);
    }(std::make_index_sequence<R / (S / 2)>{});
}
// S registers of lanes of S bytes, each lane all ones or zero, as one register of bytes.
template <std::size_t S, std::size_t R>
inline typename vec<std::uint8_t, R>::type to_bytes(const typename vec<int_of<S, false>, R>::type* v) noexcept {
    if constexpr (S == 1) {
        return v[0];
    } else {
        typename vec<int_of<S / 2, false>, R>::type h[S / 2];
        for (std::size_t i = 0; i < S / 2; ++i) h[i] = halves<S, R>(v[2 * i], v[2 * i + 1]);
        return to_bytes<S / 2, R>(h);
    }
}
}  // namespace narrowing

// out[0 .. sizeof(X) * lanes<X>) <- the sizeof(X) masks m as bools: lanes narrowed by halves,
// pairs of registers at a time, as a compiler narrows a hand loop's comparisons (vector_masks<X>).
template <class X, class A>
inline void store_bools(bool* out, const xsimd::batch_bool<X, A>* m) noexcept {
    constexpr std::size_t S = sizeof(X), R = sizeof(typename batch<X>::register_type);
    typename narrowing::vec<int_of<S, false>, R>::type v[S];
    for (std::size_t i = 0; i < S; ++i) {
        const typename mask<X>::register_type r = m[i];
        std::memcpy(&v[i], &r, R);
    }
    const typename narrowing::vec<std::uint8_t, R>::type bytes = narrowing::to_bytes<S, R>(v) & 1;
    std::memcpy(static_cast<void*>(out), &bytes, R);
}
#endif

template <class B>
B shift_left(const B& a, const B& n) noexcept {
#if defined(__GNUC__)
    auto p = to_pack(a);
    p.v = p.v << to_pack(n).v;
    return to_batch<typename B::value_type>(p);
#else
    return a << n;
#endif
}
template <class B>
B shift_right(const B& a, const B& n) noexcept {
#if defined(__GNUC__)
    auto p = to_pack(a);
    p.v = p.v >> to_pack(n).v;
    return to_batch<typename B::value_type>(p);
#else
    return a >> n;
#endif
}

// Non-temporal stores (x86 only): a batch written to memory without the line
// being read into the cache first and without keeping it there. For targets
// far larger than the caches: a plain store reads every line before writing
// it (a fourth stream beside a triad's three). stream_align: the alignment
// stream() needs, 0 where there are no such stores (store() is used instead).
template <class T>
using register_of = typename batch<T>::register_type;
template <class T>
constexpr std::size_t stream_align_of() {
    if constexpr (is_complex_v<T>) return 0;  // two registers: plain stores
    else {
#if defined(__SSE2__)
        constexpr std::size_t r = sizeof(register_of<T>);
        return r == 16 || (r == 32 && LOOM_X86_AVX) || (r == 64 && LOOM_X86_AVX512) ? r : 0;
#else
        return 0;
#endif
    }
}
template <class T>
inline constexpr std::size_t stream_align = stream_align_of<T>();

// *p <- b, p aligned to stream_align<T> (which is not 0).
template <class T>
inline void stream(T* p, const batch<T>& b) noexcept {
    if constexpr (is_complex_v<T>) {
        b.store_unaligned(p);  // (not reached: stream_align is 0)
        return;
    } else {
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

// a << n and a >> n lane by lane for counts within the width (arithmetic for
// signed types): xsimd 8.1 shifts by a batch of counts one lane at a time on
// AVX-512, and for 8- and 16-bit lanes elsewhere.
template <class B>
B shift_left(const B& a, const B& n) noexcept;
template <class B>
B shift_right(const B& a, const B& n) noexcept;

// a ^ b on masks, written with & | ~: xsimd 8.1's AVX-512 mask ^ computes a | b.
template <class M>
inline M mask_xor(const M& a, const M& b) noexcept {
    return (a & ~b) | (~a & b);
}

// Whether X is a batch (is_batch) or a mask of batches (is_mask): what the
// element-wise functions take besides arrays and numbers, so that a user's
// function given to vectorize runs on batches as on numbers.
template <class X>
inline constexpr bool is_batch = false;
template <class X>
inline constexpr bool is_mask = false;
#if LOOM_SIMD
template <class T, class A>
inline constexpr bool is_batch<xsimd::batch<T, A>> = true;
template <class T, class A>
inline constexpr bool is_mask<xsimd::batch_bool<T, A>> = true;

#endif
// m ? x : y lane by lane.
template <class M, class B>
inline B select(const M& m, const B& x, const B& y) noexcept {
#if LOOM_SIMD
    return xsimd::select(m, x, y);
#else
    return m ? x : y;
#endif
}

// f applied to each lane of b: for a function whose batch body is not accurate
// enough, kept callable on batches.
template <class B, class F>
inline B per_lane(const B& b, F f) {
    alignas(64) typename B::value_type v[B::size];
    b.store_aligned(v);
    for (auto& x : v) x = f(x);
    return B::load_aligned(v);
}

// f(a, b) lane by lane, for two batches: as per_lane.
template <class B, class F>
inline B per_lane(const B& a, const B& b, F f) {
    alignas(64) typename B::value_type v[B::size], w[B::size];
    a.store_aligned(v);
    b.store_aligned(w);
    for (std::size_t i = 0; i < B::size; ++i) v[i] = f(v[i], w[i]);
    return B::load_aligned(v);
}

// Whether a lane of b is subnormal: xsimd 8.1's log, log2, log10 and cbrt of doubles
// are wrong there, so their callers take the C library's lane by lane on such
// batches (rare: a branch, not a select).
template <class B>
inline bool any_subnormal(const B& b) noexcept {
#if LOOM_SIMD
    using T = typename B::value_type;
    return xsimd::any((xsimd::abs(b) < B(std::numeric_limits<T>::min())) & (b != B(T(0))));
#else
    return std::fpclassify(b) == FP_SUBNORMAL;
#endif
}

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
