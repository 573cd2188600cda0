// loom/linalg/gemm.hpp: loom's own matrix-product kernel, C = A B over any strides (packed and register-blocked for float and double).
#pragma once

#include <algorithm>
#include <complex>
#include <cstddef>
#include <type_traits>

#include "../config.hpp"
#include "../core/dtype.hpp"
#include "../core/storage.hpp"
#include "../expr/ops.hpp"
#include "../simd/simd.hpp"

namespace loom::detail {

// ---------------------------------------------------------------------------
// Arithmetic per element type

// The type a product accumulates in: integers in the unsigned type of their
// width (each step computed in one at least as wide as unsigned int and
// truncated: wrap-around without UB, and as many SIMD lanes as the type has),
// bool as a byte (an OR of ANDs), floating and complex types as themselves.
template <class T>
struct gemm_acc { using type = T; };
template <class T>
    requires std::is_integral_v<T>
struct gemm_acc<T> { using type = std::make_unsigned_t<T>; };
template <>
struct gemm_acc<bool> { using type = unsigned char; };
template <class T>
using gemm_acc_t = typename gemm_acc<T>::type;

template <class T>
LOOM_INLINE gemm_acc_t<T> gemm_in(T x) noexcept {
    if constexpr (std::is_same_v<T, bool>) return x ? 1 : 0;
    else return static_cast<gemm_acc_t<T>>(x);
}
template <class T>
LOOM_INLINE T gemm_out(gemm_acc_t<T> x) noexcept {
    if constexpr (std::is_same_v<T, bool>) return x != 0;
    else return static_cast<T>(x);
}
// c + a b in the accumulation type of T (NumPy's bool product: c OR (a AND b);
// complex: the schoolbook product, as loom's multiply).
template <class T>
LOOM_INLINE gemm_acc_t<T> gemm_madd(gemm_acc_t<T> c, gemm_acc_t<T> a, gemm_acc_t<T> b) noexcept {
    using U = gemm_acc_t<T>;
    if constexpr (std::is_same_v<T, bool>) return static_cast<U>(c | (a & b));
    else if constexpr (std::is_integral_v<T>) {
        using W = ops::detail::wide_unsigned<U>;
        return static_cast<U>(static_cast<W>(c) + static_cast<W>(a) * static_cast<W>(b));
    } else if constexpr (is_complex_v<T>) return c + ops::detail::wrap_mul(a, b);
    else return c + a * b;
}

// Element (i, j) of a matrix at p with strides rs, cs.
template <class T>
LOOM_INLINE T* gemm_at(T* p, std::size_t i, std::size_t j, std::ptrdiff_t rs, std::ptrdiff_t cs) noexcept {
    return p + static_cast<std::ptrdiff_t>(i) * rs + static_cast<std::ptrdiff_t>(j) * cs;
}

// A scratch buffer of the calling thread, kept across calls (grown, never
// shrunk; at most a block of A and a panel of B: under 9 MiB for double).
template <class T, int Which>
inline T* gemm_scratch(std::size_t n) {
    static thread_local buffer<T> s;
    if (s.capacity() < n) s = buffer<T>(n);
    return s.data();
}

// ---------------------------------------------------------------------------
// Products with few rows: i-k-j straight into C, nothing packed (the inner
// loop over j vectorizes when C's and B's rows are contiguous).
template <class T>
void gemm_small(std::size_t m, std::size_t n, std::size_t k, const T* a, std::ptrdiff_t rsa, std::ptrdiff_t csa,
                const T* b, std::ptrdiff_t rsb, std::ptrdiff_t csb, T* c, std::ptrdiff_t rsc, std::ptrdiff_t csc) {
    for (std::size_t i = 0; i < m; ++i) {
        T* ci = gemm_at(c, i, 0, rsc, csc);
        const T* ai = gemm_at(a, i, 0, rsa, csa);
        if (csc == 1 && csb == 1) {
            for (std::size_t j = 0; j < n; ++j) ci[j] = T(0);
            for (std::size_t p = 0; p < k; ++p) {
                const auto av = gemm_in(ai[static_cast<std::ptrdiff_t>(p) * csa]);
                const T* bp = gemm_at(b, p, 0, rsb, csb);
                for (std::size_t j = 0; j < n; ++j) ci[j] = gemm_out<T>(gemm_madd<T>(gemm_in(ci[j]), av, gemm_in(bp[j])));
            }
        } else {
            for (std::size_t j = 0; j < n; ++j) *gemm_at(ci, 0, j, 0, csc) = T(0);
            for (std::size_t p = 0; p < k; ++p) {
                const auto av = gemm_in(ai[static_cast<std::ptrdiff_t>(p) * csa]);
                const T* bp = gemm_at(b, p, 0, rsb, csb);
                for (std::size_t j = 0; j < n; ++j) {
                    T& cj = *gemm_at(ci, 0, j, 0, csc);
                    cj = gemm_out<T>(gemm_madd<T>(gemm_in(cj), av, gemm_in(*gemm_at(bp, 0, j, 0, csb))));
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// The generic blocked product (integers, bool, complex; float and double
// without SIMD): a kc x nc block of B packed into the accumulation type, then
// for each row of A an i-k-j pass over it into a row of accumulators. The
// block stays in L2 while every row of A passes over it.
template <class T>
void gemm_generic(std::size_t m, std::size_t n, std::size_t k, const T* a, std::ptrdiff_t rsa, std::ptrdiff_t csa,
                  const T* b, std::ptrdiff_t rsb, std::ptrdiff_t csb, T* c, std::ptrdiff_t rsc, std::ptrdiff_t csc) {
    using U = gemm_acc_t<T>;
    constexpr std::size_t kc = 256, nc = 512;
    U* bp = gemm_scratch<U, 0>(std::min(k, kc) * std::min(n, nc));
    U* row = gemm_scratch<U, 1>(std::min(n, nc));
    for (std::size_t jc = 0; jc < n; jc += nc) {
        const std::size_t nb = std::min(nc, n - jc);
        for (std::size_t pc = 0; pc < k; pc += kc) {
            const std::size_t kb = std::min(kc, k - pc);
            for (std::size_t p = 0; p < kb; ++p) {
                const T* src = gemm_at(b, pc + p, jc, rsb, csb);
                U* dst = bp + p * nb;
                if (csb == 1)
                    for (std::size_t j = 0; j < nb; ++j) dst[j] = gemm_in(src[j]);
                else
                    for (std::size_t j = 0; j < nb; ++j) dst[j] = gemm_in(*gemm_at(src, 0, j, 0, csb));
            }
            for (std::size_t i = 0; i < m; ++i) {
                T* ci = gemm_at(c, i, jc, rsc, csc);
                const T* ai = gemm_at(a, i, pc, rsa, csa);
                if (pc == 0)
                    for (std::size_t j = 0; j < nb; ++j) row[j] = U(0);
                else
                    for (std::size_t j = 0; j < nb; ++j) row[j] = gemm_in(*gemm_at(ci, 0, j, 0, csc));
                for (std::size_t p = 0; p < kb; ++p) {
                    const U av = gemm_in(ai[static_cast<std::ptrdiff_t>(p) * csa]);
                    // a zero adds nothing to an exact sum (a floating one would still take NaN from B)
                    if constexpr (std::is_integral_v<T>)
                        if (av == U(0)) continue;
                    const U* bq = bp + p * nb;
                    for (std::size_t j = 0; j < nb; ++j) row[j] = gemm_madd<T>(row[j], av, bq[j]);
                }
                if (csc == 1)
                    for (std::size_t j = 0; j < nb; ++j) ci[j] = gemm_out<T>(row[j]);
                else
                    for (std::size_t j = 0; j < nb; ++j) *gemm_at(ci, 0, j, 0, csc) = gemm_out<T>(row[j]);
            }
        }
    }
}

#if LOOM_SIMD
// ---------------------------------------------------------------------------
// float and double: the GotoBLAS/BLIS structure. B's kc x nc panel is packed
// into NR-wide strips (row by row), A's mc x kc block into MR-row strips
// (column by column), both zero-padded to whole strips; the micro-kernel keeps
// an MR x NR tile of C in MR * NB registers (NR = NB batches along C's rows).

// Tile and block sizes per target (chosen by measurement): a batch of W
// lanes; MR * NB accumulators plus NB rows of B and one broadcast of A within
// the register file (AVX-512: 32 registers, 6 x 4 batches; AVX2: 16, 4 x 3;
// SSE2: 16, 3 x 4, one over the register count, yet faster than 4 x 3 and
// 6 x 2); mc so that the mc x kc block of A fits in half of L2, nc so that
// the kc x nc panel of B stays in L3.
template <class T>
struct gemm_blocking {
    static constexpr std::size_t bytes = sizeof(simd::register_of<T>);
    static constexpr std::size_t W = simd::batch<T>::size;
    static constexpr std::size_t MR = bytes >= 64 ? 6 : bytes == 32 ? 4 : 3;
    static constexpr std::size_t NB = bytes >= 64 ? 4 : bytes == 32 ? 3 : 4;
    static constexpr std::size_t NR = NB * W;
    static constexpr std::size_t KC = bytes >= 64 ? 512 : 384;
    static constexpr std::size_t MC = (512 * 1024 / (KC * sizeof(T))) / MR * MR;
    static constexpr std::size_t NC = (8 * 1024 * 1024 / (KC * sizeof(T))) / NR * NR;
};

// C[0:MR, 0:NR] (row stride rsc, contiguous rows) = (add ? C : 0) + the
// product of an MR-row strip of A and an NR-wide strip of B, kc deep.
template <class T, std::size_t MR, std::size_t NB>
LOOM_INLINE void gemm_micro(std::size_t kc, const T* __restrict a, const T* __restrict b, T* c, std::ptrdiff_t rsc,
                            bool add) noexcept {
    using V = simd::batch<T>;
    constexpr std::size_t W = V::size;
    V acc[MR][NB];
#pragma GCC unroll 32
    for (std::size_t i = 0; i < MR; ++i)
#pragma GCC unroll 4
        for (std::size_t j = 0; j < NB; ++j) acc[i][j] = V(T(0));
    for (std::size_t p = 0; p < kc; ++p) {
        V bv[NB];
#pragma GCC unroll 4
        for (std::size_t j = 0; j < NB; ++j) bv[j] = simd::load(b + j * W);
#pragma GCC unroll 32
        for (std::size_t i = 0; i < MR; ++i) {
            const V av(a[i]);
#pragma GCC unroll 4
            for (std::size_t j = 0; j < NB; ++j) acc[i][j] = simd::fma(av, bv[j], acc[i][j]);
        }
        a += MR;
        b += NB * W;
    }
#pragma GCC unroll 32
    for (std::size_t i = 0; i < MR; ++i) {
        T* ci = c + static_cast<std::ptrdiff_t>(i) * rsc;
#pragma GCC unroll 4
        for (std::size_t j = 0; j < NB; ++j) {
            if (add) simd::store(ci + j * W, simd::load(ci + j * W) + acc[i][j]);
            else simd::store(ci + j * W, acc[i][j]);
        }
    }
}

// Packs rows [i0, i0 + mb) and columns [p0, p0 + kb) of A into MR-row strips, column by column.
template <class T, std::size_t MR>
void gemm_pack_a(T* dst, const T* a, std::ptrdiff_t rsa, std::ptrdiff_t csa, std::size_t i0, std::size_t mb,
                 std::size_t p0, std::size_t kb) {
    for (std::size_t s = 0; s < mb; s += MR, dst += MR * kb) {
        const std::size_t mr = std::min(MR, mb - s);
        if (mr < MR)
            for (std::size_t x = 0; x < MR * kb; ++x) dst[x] = T(0);
        if (rsa == 1 && mr == MR) {
            for (std::size_t p = 0; p < kb; ++p) {
                const T* src = gemm_at(a, i0 + s, p0 + p, rsa, csa);
                for (std::size_t i = 0; i < MR; ++i) dst[p * MR + i] = src[i];
            }
        } else {
            for (std::size_t i = 0; i < mr; ++i) {
                const T* src = gemm_at(a, i0 + s + i, p0, rsa, csa);
                if (csa == 1)
                    for (std::size_t p = 0; p < kb; ++p) dst[p * MR + i] = src[p];
                else
                    for (std::size_t p = 0; p < kb; ++p) dst[p * MR + i] = src[static_cast<std::ptrdiff_t>(p) * csa];
            }
        }
    }
}

// Packs rows [p0, p0 + kb) and columns [j0, j0 + nb) of B into NR-wide strips, row by row.
template <class T, std::size_t NR>
void gemm_pack_b(T* dst, const T* b, std::ptrdiff_t rsb, std::ptrdiff_t csb, std::size_t p0, std::size_t kb,
                 std::size_t j0, std::size_t nb) {
    if (csb == 1) {
        // B's rows along memory: each row read once, in order, its pieces into every strip (a
        // strip at a time would read the rows' pieces at B's row stride, which the hardware
        // prefetchers do not follow: products with few rows of A were bound by it)
        for (std::size_t p = 0; p < kb; ++p) {
            const T* src = gemm_at(b, p0 + p, j0, rsb, csb);
            T* d = dst + p * NR;
            std::size_t s = 0;
            for (; s + NR <= nb; s += NR)
                for (std::size_t j = 0; j < NR; ++j) d[s * kb + j] = src[s + j];
            if (s < nb)
                for (std::size_t j = 0; j < NR; ++j) d[s * kb + j] = s + j < nb ? src[s + j] : T(0);
        }
        return;
    }
    for (std::size_t s = 0; s < nb; s += NR, dst += NR * kb) {
        const std::size_t nr = std::min(NR, nb - s);
        if (nr < NR) {
            for (std::size_t p = 0; p < kb; ++p) {
                const T* src = gemm_at(b, p0 + p, j0 + s, rsb, csb);
                T* d = dst + p * NR;
                for (std::size_t j = 0; j < NR; ++j) d[j] = j < nr ? src[static_cast<std::ptrdiff_t>(j) * csb] : T(0);
            }
        } else {
            // B's columns run down memory (rsb == 1 when B is a transposed view): one column at a time
            for (std::size_t j = 0; j < NR; ++j) {
                const T* src = gemm_at(b, p0, j0 + s + j, rsb, csb);
                if (rsb == 1)
                    for (std::size_t p = 0; p < kb; ++p) dst[p * NR + j] = src[p];
                else
                    for (std::size_t p = 0; p < kb; ++p) dst[p * NR + j] = src[static_cast<std::ptrdiff_t>(p) * rsb];
            }
        }
    }
}

// y[0], y[ys], ... y[(N - 1) ys] = the dot products of N rows of a matrix (row stride rs, the
// rows contiguous) with a contiguous x of cols elements: W lanes at a time, each load of x
// shared by the N rows.
template <std::size_t N, class T>
LOOM_INLINE void gemv_rows(const T* a, std::ptrdiff_t rs, std::size_t cols, const T* x, T* y, std::ptrdiff_t ys) noexcept {
    using V = simd::batch<T>;
    constexpr std::size_t W = V::size;
    const std::size_t body = cols / W * W;
    V s[N];
#pragma GCC unroll 4
    for (std::size_t r = 0; r < N; ++r) s[r] = V(T(0));
    for (std::size_t p = 0; p < body; p += W) {
        const V v = simd::load(x + p);
#pragma GCC unroll 4
        for (std::size_t r = 0; r < N; ++r) s[r] = simd::fma(simd::load(a + static_cast<std::ptrdiff_t>(r) * rs + p), v, s[r]);
    }
#pragma GCC unroll 4
    for (std::size_t r = 0; r < N; ++r) {
        const T* row = a + static_cast<std::ptrdiff_t>(r) * rs;
        T t = simd::sum(s[r]);
        for (std::size_t p = body; p < cols; ++p) t += row[p] * x[p];
        y[static_cast<std::ptrdiff_t>(r) * ys] = t;
    }
}

// y[0 .. rows) += the sum of N columns of a matrix (column stride cs, the columns contiguous),
// each times its element of x (stride xs): y read and written once for the N columns.
template <std::size_t N, class T>
LOOM_INLINE void gemv_cols(const T* a, std::ptrdiff_t cs, std::size_t rows, const T* x, std::ptrdiff_t xs, T* y) noexcept {
    using V = simd::batch<T>;
    constexpr std::size_t W = V::size;
    const std::size_t body = rows / W * W;
    const T* c[N];
    T xv[N];
    V v[N];
#pragma GCC unroll 4
    for (std::size_t q = 0; q < N; ++q) {
        c[q] = a + static_cast<std::ptrdiff_t>(q) * cs;
        xv[q] = x[static_cast<std::ptrdiff_t>(q) * xs];
        v[q] = V(xv[q]);
    }
    for (std::size_t i = 0; i < body; i += W) {
        V s = simd::load(y + i);
#pragma GCC unroll 4
        for (std::size_t q = 0; q < N; ++q) s = simd::fma(simd::load(c[q] + i), v[q], s);
        simd::store(y + i, s);
    }
    for (std::size_t i = body; i < rows; ++i) {
        T t = y[i];
#pragma GCC unroll 4
        for (std::size_t q = 0; q < N; ++q) t += c[q][i] * xv[q];
        y[i] = t;
    }
}

// y = M x: M is rows x cols at strides (rs, cs), x has cols elements at stride xs, y rows at
// stride ys (y overwritten): a matrix times a vector, C's one column (or row, transposed). Rows
// along memory: dot products, four rows at a time; columns along memory: y accumulated four
// columns at a time (the last ones one by one: zero columns as padding would turn an
// infinite result into NaN); otherwise one element at a time.
template <class T>
void gemv(std::size_t rows, std::size_t cols, const T* a, std::ptrdiff_t rs, std::ptrdiff_t cs, const T* x,
          std::ptrdiff_t xs, T* y, std::ptrdiff_t ys) {
    const auto yat = [&](std::size_t i) -> T& { return y[static_cast<std::ptrdiff_t>(i) * ys]; };
    if (cs == 1) {
        if (xs != 1) {  // x gathered into contiguous scratch
            T* xc = gemm_scratch<T, 4>(cols);
            for (std::size_t p = 0; p < cols; ++p) xc[p] = x[static_cast<std::ptrdiff_t>(p) * xs];
            x = xc;
        }
        std::size_t i = 0;
        for (; i + 4 <= rows; i += 4) gemv_rows<4>(a + static_cast<std::ptrdiff_t>(i) * rs, rs, cols, x, &yat(i), ys);
        for (; i < rows; ++i) gemv_rows<1>(a + static_cast<std::ptrdiff_t>(i) * rs, rs, cols, x, &yat(i), ys);
    } else if (rs == 1) {
        T* yc = ys == 1 ? y : gemm_scratch<T, 4>(rows);  // accumulated contiguous, then scattered
        for (std::size_t i = 0; i < rows; ++i) yc[i] = T(0);
        std::size_t p = 0;
        for (; p + 4 <= cols; p += 4) gemv_cols<4>(a + static_cast<std::ptrdiff_t>(p) * cs, cs, rows, x + static_cast<std::ptrdiff_t>(p) * xs, xs, yc);
        for (; p < cols; ++p) gemv_cols<1>(a + static_cast<std::ptrdiff_t>(p) * cs, cs, rows, x + static_cast<std::ptrdiff_t>(p) * xs, xs, yc);
        if (yc != y)
            for (std::size_t i = 0; i < rows; ++i) yat(i) = yc[i];
    } else {
        for (std::size_t i = 0; i < rows; ++i) {
            T t(0);
            for (std::size_t p = 0; p < cols; ++p) t += *gemm_at(a, i, p, rs, cs) * x[static_cast<std::ptrdiff_t>(p) * xs];
            yat(i) = t;
        }
    }
}

// (G: the sizes, a parameter so that tests can run small blocks.)
template <class T, class G = gemm_blocking<T>>
void gemm_blocked(std::size_t m, std::size_t n, std::size_t k, const T* a, std::ptrdiff_t rsa, std::ptrdiff_t csa,
                  const T* b, std::ptrdiff_t rsb, std::ptrdiff_t csb, T* c, std::ptrdiff_t rsc, std::ptrdiff_t csc,
                  bool accumulate = false) {
    constexpr std::size_t MR = G::MR, NR = G::NR;
    const std::size_t kc = std::min(G::KC, k);
    const std::size_t mc = std::min(G::MC, (m + MR - 1) / MR * MR);
    const std::size_t nc = std::min(G::NC, (n + NR - 1) / NR * NR);
    T* pa = gemm_scratch<T, 2>(mc * kc);
    T* pb = gemm_scratch<T, 3>(nc * kc);
    alignas(64) T tile[MR * NR];
    for (std::size_t jc = 0; jc < n; jc += nc) {
        const std::size_t nb = std::min(nc, n - jc);
        for (std::size_t pc = 0; pc < k; pc += kc) {
            const std::size_t kb = std::min(kc, k - pc);
            const bool add = accumulate || pc > 0;
            gemm_pack_b<T, NR>(pb, b, rsb, csb, pc, kb, jc, nb);
            for (std::size_t ic = 0; ic < m; ic += mc) {
                const std::size_t mb = std::min(mc, m - ic);
                gemm_pack_a<T, MR>(pa, a, rsa, csa, ic, mb, pc, kb);
                for (std::size_t jr = 0; jr < nb; jr += NR) {
                    const std::size_t nr = std::min(NR, nb - jr);
                    const T* bs = pb + jr * kb;
                    for (std::size_t ir = 0; ir < mb; ir += MR) {
                        const std::size_t mr = std::min(MR, mb - ir);
                        const T* as = pa + ir * kb;
                        T* ct = gemm_at(c, ic + ir, jc + jr, rsc, csc);
                        if (mr == MR && nr == NR && csc == 1) {
                            gemm_micro<T, MR, G::NB>(kb, as, bs, ct, rsc, add);
                        } else {
                            // an edge tile or strided columns: through a tile on the stack
                            gemm_micro<T, MR, G::NB>(kb, as, bs, tile, NR, false);
                            for (std::size_t i = 0; i < mr; ++i)
                                for (std::size_t j = 0; j < nr; ++j) {
                                    T& x = *gemm_at(ct, i, j, rsc, csc);
                                    x = add ? x + tile[i * NR + j] : tile[i * NR + j];
                                }
                        }
                    }
                }
            }
        }
    }
}
#endif

// C = A B: A is m x k, B is k x n, C is m x n; element (i, j) of each at
// p[i * rs + j * cs] (any strides, negative or zero included, so transposed
// views need no copy). C is overwritten (its previous values never read);
// k == 0 gives zeros. C must not overlap A or B.
template <element T>
void gemm(std::size_t m, std::size_t n, std::size_t k, const T* a, std::ptrdiff_t rsa, std::ptrdiff_t csa,
          const T* b, std::ptrdiff_t rsb, std::ptrdiff_t csb, T* c, std::ptrdiff_t rsc, std::ptrdiff_t csc) {
    if (m == 0 || n == 0) return;
    if (k == 0) {
        for (std::size_t i = 0; i < m; ++i)
            for (std::size_t j = 0; j < n; ++j) *gemm_at(c, i, j, rsc, csc) = T(0);
        return;
    }
#if LOOM_SIMD
    if constexpr (std::is_floating_point_v<T>) {
        // a matrix times a vector (C one column, or one row: C^T = B^T A^T)
        if (n == 1) return gemv(m, k, a, rsa, csa, b, rsb, c, rsc);
        if (m == 1) return gemv(n, k, b, csb, rsb, a, csa, c, csc);
    }
#endif
    // One or two rows of A: no packing (measured: the packed paths are faster
    // from three rows on, even on products of 3 x 3 x 3)
    if (m <= 2) {
        gemm_small(m, n, k, a, rsa, csa, b, rsb, csb, c, rsc, csc);
        return;
    }
#if LOOM_SIMD
    if constexpr (std::is_floating_point_v<T>) {
        // C's columns along memory (a transposed target): C^T = B^T A^T has contiguous rows
        if (rsc == 1 && csc != 1) gemm_blocked(n, m, k, b, csb, rsb, a, csa, rsa, c, csc, rsc);
        else gemm_blocked(m, n, k, a, rsa, csa, b, rsb, csb, c, rsc, csc);
        return;
    }
#endif
    gemm_generic(m, n, k, a, rsa, csa, b, rsb, csb, c, rsc, csc);
}

// C -= A B (the trailing updates of the blocked factorisations in loom::linalg): for float and
// double, -A copied once (the small operand there: m x k, k a block) and the packed kernel
// accumulating into C; other types through a product into scratch, then subtracted.
template <class T>
void gemm_sub(std::size_t m, std::size_t n, std::size_t k, const T* a, std::ptrdiff_t rsa, std::ptrdiff_t csa,
              const T* b, std::ptrdiff_t rsb, std::ptrdiff_t csb, T* c, std::ptrdiff_t rsc, std::ptrdiff_t csc) {
    if (m == 0 || n == 0 || k == 0) return;
#if LOOM_SIMD
    if constexpr (std::is_floating_point_v<T>) {
        T* na = gemm_scratch<T, 5>(m * k);
        for (std::size_t i = 0; i < m; ++i)
            for (std::size_t p = 0; p < k; ++p) na[i * k + p] = -*gemm_at(a, i, p, rsa, csa);
        gemm_blocked(m, n, k, na, static_cast<std::ptrdiff_t>(k), 1, b, rsb, csb, c, rsc, csc, true);
        return;
    }
#endif
    T* t = gemm_scratch<T, 5>(m * n);
    gemm(m, n, k, a, rsa, csa, b, rsb, csb, t, static_cast<std::ptrdiff_t>(n), 1);
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < n; ++j) *gemm_at(c, i, j, rsc, csc) -= t[i * n + j];
}

}  // namespace loom::detail
