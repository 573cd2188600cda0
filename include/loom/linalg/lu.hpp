// loom/linalg/lu.hpp: LU factorisation with partial pivoting, and what it gives: det, slogdet, inv
// and solve over stacks of matrices.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <complex>
#include <cstddef>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../simd/simd.hpp"
#include "gemm.hpp"
#include "stack.hpp"

namespace loom::linalg {

namespace detail {

// Room for one matrix and its pivots: on the stack for a compile-time size (small_size's), so the
// compiler can keep the matrix in registers; else on the heap.
template <class R, class N>
struct matrix_work {
    std::vector<R> a;
    std::vector<std::size_t> piv;
    explicit matrix_work(std::size_t n) : a(n * n), piv(n) {}
    R* data() { return a.data(); }
    std::size_t* pivots() { return piv.data(); }
};
template <class R, std::size_t K>
struct matrix_work<R, std::integral_constant<std::size_t, K>> {
    R a[K * K];
    std::size_t piv[K];
    explicit matrix_work(std::size_t) {}
    R* data() { return a; }
    std::size_t* pivots() { return piv; }
};

// The panel of columns k0 .. k0 + b of the n x n row-major matrix a, from row k0 down, factored
// by LU with partial pivoting; pivot rows are swapped whole (across the panel, the factored columns
// left of it and the trailing ones right of it), as LAPACK's getrf with laswp.
template <class R, class N>
std::size_t lu_panel(R* a, N size, std::size_t k0, std::size_t b, std::size_t* piv, bool& zero) {
    const std::size_t n = size;
    std::size_t swaps = 0;
    const std::size_t end = k0 + b;
    for (std::size_t k = k0; k < end; ++k) {
        std::size_t p = k;
        real_t<R> best = abs1(a[k * n + k]);
        for (std::size_t i = k + 1; i < n; ++i) {
            const real_t<R> v = abs1(a[i * n + k]);
            if (v > best) {
                best = v;
                p = i;
            }
        }
        piv[k] = p;
        if (p != k) {
            std::swap_ranges(a + k * n, a + (k + 1) * n, a + p * n);
            ++swaps;
        }
        const R pivot = a[k * n + k];
        if (pivot == R(0)) {
            zero = true;
            continue;
        }
        const R* rk = a + k * n;
        for (std::size_t i = k + 1; i < n; ++i) {
            R* ri = a + i * n;
            const R l = ri[k] / pivot;
            ri[k] = l;
            for (std::size_t j = k + 1; j < end; ++j) ri[j] -= l * rk[j];
        }
    }
    return swaps;
}

// P A = L U in place on the n x n row-major matrix a (L unit lower, U upper, both in a); piv[k] is
// the row swapped with row k at step k. Returns the number of row swaps, and in `zero` whether a
// pivot was exactly zero (the matrix is singular; the factorisation still completes, as LAPACK's).
// Right-looking and blocked: each panel factored, then U's rows right of it by a triangular solve
// and the trailing matrix updated by the matrix-product kernel (most of the work).
template <class R, class N>
std::size_t lu_factor(R* a, N size, std::size_t* piv, bool& zero) {
    const std::size_t n = size;
    std::size_t swaps = 0;
    zero = false;
    for (std::size_t k0 = 0; k0 < n; k0 += factor_block) {
        const std::size_t b = std::min(factor_block, n - k0), end = k0 + b;
        swaps += lu_panel(a, size, k0, b, piv, zero);
        if (end == n) break;
        for (std::size_t i = k0 + 1; i < end; ++i) {  // U12 = L11^-1 A12, L11 unit lower
            R* ri = a + i * n;
            for (std::size_t j = k0; j < i; ++j) {
                const R l = ri[j];
                const R* rj = a + j * n;
                for (std::size_t c = end; c < n; ++c) ri[c] -= l * rj[c];
            }
        }
        const auto ld = static_cast<std::ptrdiff_t>(n);
        loom::detail::gemm_sub(n - end, n - end, b, a + end * n + k0, ld, 1, a + k0 * n + end, ld, 1, a + end * n + end,
                               ld, 1);
    }
    return swaps;
}

// Solves A X = B for the k columns of the row-major n x k matrix b in place, from lu_factor's output.
template <class R, class N>
void lu_solve(const R* lu, const std::size_t* piv, N size, R* b, std::size_t k) {
    const std::size_t n = size;
    for (std::size_t i = 0; i < n; ++i)
        if (piv[i] != i) std::swap_ranges(b + i * k, b + (i + 1) * k, b + piv[i] * k);
    for (std::size_t i = 1; i < n; ++i) {  // L y = P b, L unit lower
        R* bi = b + i * k;
        for (std::size_t j = 0; j < i; ++j) {
            const R l = lu[i * n + j];
            if (l == R(0)) continue;
            const R* bj = b + j * k;
            for (std::size_t c = 0; c < k; ++c) bi[c] -= l * bj[c];
        }
    }
    for (std::size_t i = n; i-- > 0;) {  // U x = y
        R* bi = b + i * k;
        for (std::size_t j = i + 1; j < n; ++j) {
            const R u = lu[i * n + j];
            if (u == R(0)) continue;
            const R* bj = b + j * k;
            for (std::size_t c = 0; c < k; ++c) bi[c] -= u * bj[c];
        }
        const R d = lu[i * n + i];
        for (std::size_t c = 0; c < k; ++c) bi[c] /= d;
    }
}

// LU with partial pivoting of L real N x N matrices at once (N = 2 to 4), each element a row of L
// lanes (m[i][j][lane]): each statement the same arithmetic on every lane, which the compiler
// vectorises, where one small matrix at a time leaves the vector units idle; a branch-free pivot
// choice, which random pivots cannot mispredict. The operations, their order and the pivots are
// lu_panel's, lane by lane (a zero pivot skips its elimination, as there): each lane's results are
// lu_factor's up to the rounding of the multiply-adds a compiler fuses in one and not the other.
template <std::size_t N, std::size_t L, class R>
struct lu_lanes {
    static constexpr std::size_t order = N, width = L;
    // every lane's state in R, so that each statement is one vector operation: pivot rows as numbers,
    // flags as 0 or 1
    R m[N][N][L];
    R piv[N][L];
    R odd[L], zero[L];

    // Lanes from the matrices src[lane] (row-major), then factored.
    void factor(const R* const* src) {
        for (std::size_t l = 0; l < L; ++l)
            for (std::size_t i = 0; i < N; ++i)
                for (std::size_t j = 0; j < N; ++j) m[i][j][l] = src[l][i * N + j];
        for (std::size_t l = 0; l < L; ++l) odd[l] = zero[l] = R(0);
#if LOOM_SIMD
        using B = simd::batch<R>;
        for (std::size_t l = 0; l < L; l += B::size)
            for (std::size_t k = 0; k < N; ++k) {
                B best = xsimd::abs(simd::load(&m[k][k][l]));
                B pv = B(R(k));
                for (std::size_t i = k + 1; i < N; ++i) {
                    const B v = xsimd::abs(simd::load(&m[i][k][l]));
                    const auto more = v > best;
                    best = xsimd::select(more, v, best);
                    pv = xsimd::select(more, B(R(i)), pv);
                }
                simd::store(&piv[k][l], pv);
                for (std::size_t i = k + 1; i < N; ++i) {  // row k <-> row piv (whole rows)
                    const auto sw = pv == B(R(i));
                    for (std::size_t j = 0; j < N; ++j) {
                        const B t = simd::load(&m[k][j][l]), u = simd::load(&m[i][j][l]);
                        simd::store(&m[k][j][l], xsimd::select(sw, u, t));
                        simd::store(&m[i][j][l], xsimd::select(sw, t, u));
                    }
                }
                const B od = simd::load(&odd[l]);
                simd::store(&odd[l], xsimd::select(pv != B(R(k)), B(R(1)) - od, od));
                const B pkk = simd::load(&m[k][k][l]);
                const auto zero_pivot = pkk == B(R(0));  // == (not !=): NaN is no zero pivot, on every ISA
                simd::store(&zero[l], xsimd::select(zero_pivot, B(R(1)), simd::load(&zero[l])));
                const B pk = xsimd::select(zero_pivot, B(R(1)), pkk);
                for (std::size_t i = k + 1; i < N; ++i) {
                    const B mik = simd::load(&m[i][k][l]);
                    const B lv = mik / pk;
                    simd::store(&m[i][k][l], xsimd::select(zero_pivot, mik, lv));
                    for (std::size_t j = k + 1; j < N; ++j) {  // a zero pivot's rows unchanged, as lu_panel skips them
                        const B x = simd::load(&m[i][j][l]);
                        simd::store(&m[i][j][l], xsimd::select(zero_pivot, x, x - lv * simd::load(&m[k][j][l])));
                    }
                }
            }
#else
        for (std::size_t k = 0; k < N; ++k) {
            R best[L];
            for (std::size_t l = 0; l < L; ++l) best[l] = std::abs(m[k][k][l]), piv[k][l] = R(k);
            for (std::size_t i = k + 1; i < N; ++i)
                for (std::size_t l = 0; l < L; ++l) {
                    const R v = std::abs(m[i][k][l]);
                    const bool more = v > best[l];
                    best[l] = more ? v : best[l];
                    piv[k][l] = more ? R(i) : piv[k][l];
                }
            for (std::size_t i = k + 1; i < N; ++i)
                for (std::size_t j = 0; j < N; ++j)
                    for (std::size_t l = 0; l < L; ++l) {
                        const bool sw = piv[k][l] == R(i);
                        const R t = m[k][j][l], u = m[i][j][l];
                        m[k][j][l] = sw ? u : t;
                        m[i][j][l] = sw ? t : u;
                    }
            for (std::size_t l = 0; l < L; ++l) odd[l] = piv[k][l] != R(k) ? R(1) - odd[l] : odd[l];
            for (std::size_t l = 0; l < L; ++l) {
                const R pk = m[k][k][l];
                if (pk == R(0)) {
                    zero[l] = R(1);
                    continue;
                }
                for (std::size_t i = k + 1; i < N; ++i) {
                    const R lv = m[i][k][l] / pk;
                    m[i][k][l] = lv;
                    for (std::size_t j = k + 1; j < N; ++j) m[i][j][l] -= lv * m[k][j][l];
                }
            }
        }
#endif
    }

    bool singular(std::size_t lane) const { return zero[lane] != R(0); }

    // Each lane's determinant, as det's.
    void det(R* out) const {
        for (std::size_t l = 0; l < L; ++l) out[l] = odd[l] != R(0) ? R(-1) : R(1);
        for (std::size_t i = 0; i < N; ++i)
            for (std::size_t l = 0; l < L; ++l) out[l] *= m[i][i][l];
    }

    // X = A^-1 B for each lane's K columns x[i][c][lane] in place, as lu_solve.
    template <std::size_t K>
    void solve(R (*x)[K][L]) const {
#if LOOM_SIMD
        using B = simd::batch<R>;
        constexpr std::size_t S = B::size;
#else
        constexpr std::size_t S = 1;
#endif
        // each statement on S lanes at a time
        const auto each = [](auto f) {
            for (std::size_t l = 0; l < L; l += S) f(l);
        };
        for (std::size_t i = 0; i < N; ++i)
            for (std::size_t q = i + 1; q < N; ++q)
                for (std::size_t c = 0; c < K; ++c)
                    each([&](std::size_t l) {
#if LOOM_SIMD
                        const auto sw = simd::load(&piv[i][l]) == B(R(q));
                        const B t = simd::load(&x[i][c][l]), u = simd::load(&x[q][c][l]);
                        simd::store(&x[i][c][l], xsimd::select(sw, u, t));
                        simd::store(&x[q][c][l], xsimd::select(sw, t, u));
#else
                        if (piv[i][l] == R(q)) std::swap(x[i][c][l], x[q][c][l]);
#endif
                    });
        // L y = P b (L unit lower), then U x = y; a zero factor skipped, as lu_solve skips it
        const auto update = [&](std::size_t i, std::size_t j) {
            for (std::size_t c = 0; c < K; ++c)
                each([&](std::size_t l) {
#if LOOM_SIMD
                    const B f = simd::load(&m[i][j][l]), y = simd::load(&x[i][c][l]);
                    simd::store(&x[i][c][l], xsimd::select(f == B(R(0)), y, y - f * simd::load(&x[j][c][l])));
#else
                    if (m[i][j][l] != R(0)) x[i][c][l] -= m[i][j][l] * x[j][c][l];
#endif
                });
        };
        for (std::size_t i = 1; i < N; ++i)
            for (std::size_t j = 0; j < i; ++j) update(i, j);
        for (std::size_t i = N; i-- > 0;) {
            for (std::size_t j = i + 1; j < N; ++j) update(i, j);
            for (std::size_t c = 0; c < K; ++c)
                each([&](std::size_t l) {
#if LOOM_SIMD
                    simd::store(&x[i][c][l], simd::load(&x[i][c][l]) / simd::load(&m[i][i][l]));
#else
                    x[i][c][l] /= m[i][i][l];
#endif
                });
        }
    }
};

// The lanes of lu_lanes for R: a SIMD batch or 8.
template <class R>
constexpr std::size_t lu_lane_count() {
#if LOOM_SIMD
    return std::max<std::size_t>(8, simd::batch<R>::size);
#else
    return 8;
#endif
}

// f(lanes, b0) for each group of lanes matrices of a stack of `count` from b0 (a lu_lanes already
// factored from them; the last group padded with its first matrix), then the number handled: real
// float and double stacks of 2 x 2 to 4 x 4 matrices, else none (the caller takes them one by one).
template <class R, class N, class Src, class F>
std::size_t by_lanes(N nn, std::size_t count, Src&& matrix, F&& f) {
    if constexpr (std::is_floating_point_v<R> && std::is_integral_v<N> == false) {
        constexpr std::size_t n = N::value, L = lu_lane_count<R>();
        if constexpr (n >= 2 && n <= 4) {
            if (count < L / 2) return 0;
            lu_lanes<n, L, R> lanes;
            const R* src[L];
            for (std::size_t b0 = 0; b0 < count; b0 += L) {
                const std::size_t used = std::min(L, count - b0);
                for (std::size_t l = 0; l < L; ++l) src[l] = matrix(b0 + (l < used ? l : 0));
                lanes.factor(src);
                f(lanes, b0, used);
            }
            return count;
        }
    }
    (void)nn, (void)matrix, (void)f;
    return 0;
}

// sign and log|det| from U's diagonal u(i), i < n, the parity of the row swaps and whether a pivot was zero.
template <class R, class U>
void slogdet_of(U u, std::size_t n, bool odd, bool zero, R& sign, real_t<R>& logdet) {
    using Re = real_t<R>;
    sign = odd ? R(-1) : R(1);
    logdet = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const R ui = u(i);
        const Re m = std::abs(ui);
        sign *= ui / m;
        logdet += std::log(m);
    }
    if (zero) {
        sign = R(0);
        logdet = -std::numeric_limits<Re>::infinity();
    }
}

}  // namespace detail

//! The determinant of each matrix of a stack (..., n, n): an array of the batch shape (rank 0 for
//! one matrix), by LU with partial pivoting; a singular matrix gives 0, NaN in gives NaN.
//!   double d = loom::linalg::det(loom::array<double>{{1, 2}, {3, 4}});   // -2
template <expression X>
auto det(const X& x) {
    using R = detail::compute_t<typename X::value_type>;
    const auto s = detail::make_source<R>(x, "det", true);
    const std::size_t n = s.n;
    array<R> out = loom::detail::uninitialized<R>(s.batch);
    detail::small_size(n, [&](auto nn) {
        const auto matrix = [&](std::size_t b) { return s.matrix(b); };
        const std::size_t done = detail::by_lanes<R>(nn, s.count, matrix, [&](const auto& lanes, std::size_t b0, std::size_t used) {
            R d[std::remove_cvref_t<decltype(lanes)>::width];
            lanes.det(d);
            std::copy_n(d, used, out.data() + b0);
        });
        detail::matrix_work<R, decltype(nn)> work(n);
        for (std::size_t b = done; b < s.count; ++b) {
            std::copy_n(s.matrix(b), nn * nn, work.data());
            bool zero = false;
            const std::size_t swaps = detail::lu_factor(work.data(), nn, work.pivots(), zero);
            R d = (swaps % 2) ? R(-1) : R(1);
            for (std::size_t i = 0; i < nn; ++i) d *= work.data()[i * nn + i];
            out.data()[b] = d;
        }
    });
    return out;
}

//! slogdet's result: the sign (a unit complex number for complex matrices; 0 for a singular one)
//! and the natural logarithm of |det| (-inf for a singular one), each of the batch shape.
template <class R>
struct slogdet_result {
    array<R> sign;
    array<detail::real_t<R>> logabsdet;
};

//! sign and log|det| of each matrix (NumPy's slogdet): no overflow where det would overflow.
template <expression X>
auto slogdet(const X& x) {
    using R = detail::compute_t<typename X::value_type>;
    using Re = detail::real_t<R>;
    const auto s = detail::make_source<R>(x, "slogdet", true);
    const std::size_t n = s.n;
    slogdet_result<R> out{loom::detail::uninitialized<R>(s.batch), loom::detail::uninitialized<Re>(s.batch)};
    std::size_t done = 0;  // stacks of small real matrices by lanes, the rest one at a time
    detail::small_size(n, [&](auto nn) {
        const auto matrix = [&](std::size_t b) { return s.matrix(b); };
        done = detail::by_lanes<R>(nn, s.count, matrix, [&](const auto& lanes, std::size_t b0, std::size_t used) {
            for (std::size_t l = 0; l < used; ++l)
                detail::slogdet_of<R>([&](std::size_t i) { return lanes.m[i][i][l]; }, nn, lanes.odd[l] != R(0),
                                      lanes.singular(l), out.sign.data()[b0 + l], out.logabsdet.data()[b0 + l]);
        });
    });
    std::vector<R> work(n * n);
    std::vector<std::size_t> piv(n);
    for (std::size_t b = done; b < s.count; ++b) {
        std::copy_n(s.matrix(b), n * n, work.data());
        bool zero = false;
        const std::size_t swaps = detail::lu_factor(work.data(), n, piv.data(), zero);
        detail::slogdet_of<R>([&](std::size_t i) { return work[i * n + i]; }, n, swaps % 2 != 0, zero,
                              out.sign.data()[b], out.logabsdet.data()[b]);
    }
    return out;
}

//! The inverse of each matrix of a stack (..., n, n); a singular one throws loom::linalg_error
//! naming its index in the stack.
template <expression X>
auto inv(const X& x) {
    using R = detail::compute_t<typename X::value_type>;
    const auto s = detail::make_source<R>(x, "inv", true);
    const std::size_t n = s.n;
    array<R> out = loom::detail::uninitialized<R>(detail::with_tail(s.batch, {n, n}));
    detail::small_size(n, [&](auto nn) {
        const auto matrix = [&](std::size_t b) { return s.matrix(b); };
        const std::size_t done = detail::by_lanes<R>(nn, s.count, matrix, [&](const auto& lanes, std::size_t b0, std::size_t used) {
            using lanes_t = std::remove_cvref_t<decltype(lanes)>;
            constexpr std::size_t N = lanes_t::order, L = lanes_t::width;
            for (std::size_t l = 0; l < used; ++l)
                if (lanes.singular(l)) detail::cannot_factor("inv", "singular matrix", b0 + l, s.count);
            R x[N][N][L];
            for (std::size_t i = 0; i < N; ++i)
                for (std::size_t c = 0; c < N; ++c)
                    for (std::size_t l = 0; l < L; ++l) x[i][c][l] = R(i == c ? 1 : 0);
            lanes.solve(x);
            for (std::size_t l = 0; l < used; ++l) {
                R* o = out.data() + (b0 + l) * N * N;
                for (std::size_t i = 0; i < N; ++i)
                    for (std::size_t c = 0; c < N; ++c) o[i * N + c] = x[i][c][l];
            }
        });
        detail::matrix_work<R, decltype(nn)> work(n);
        for (std::size_t b = done; b < s.count; ++b) {
            std::copy_n(s.matrix(b), nn * nn, work.data());
            bool zero = false;
            detail::lu_factor(work.data(), nn, work.pivots(), zero);
            if (zero) detail::cannot_factor("inv", "singular matrix", b, s.count);
            R* o = out.data() + b * nn * nn;
            for (std::size_t i = 0; i < nn * nn; ++i) o[i] = R(0);
            for (std::size_t i = 0; i < nn; ++i) o[i * nn + i] = R(1);
            detail::lu_solve(work.data(), work.pivots(), nn, o, nn);
        }
    });
    return out;
}

//! x of `solve(a, b)` with `a x = b` for each matrix of the stack `a` (..., M, M), as the Array API
//! 2024.12: `b` of shape (M,) is one vector for every matrix (the result (..., M)); otherwise `b`
//! is (..., M, K), K columns, its batch axes broadcast with a's. A singular matrix throws
//! loom::linalg_error naming its index.
template <expression A, expression B>
auto solve(const A& a, const B& b) {
    using R = detail::compute_t<promote_t<typename A::value_type, typename B::value_type>>;
    const auto sa = detail::make_source<R>(a, "solve", true);
    const std::size_t n = sa.n;
    const shape_t& bs = b.shape();
    if (bs.empty()) detail::bad_shape("solve", "b must be a vector or a stack of matrices", bs);
    const bool vector = bs.size() == 1;
    const std::size_t rows = vector ? bs[0] : bs[bs.size() - 2];
    const std::size_t k = vector ? 1 : bs[bs.size() - 1];
    if (rows != n)
        throw std::invalid_argument("loom::linalg::solve: a is " + to_string(detail::with_tail(sa.batch, {n, n})) +
                                    " and b " + to_string(bs) + ": b's rows must be a's " + std::to_string(n));
    array<R> b_copy;
    const R* bd = nullptr;
    if constexpr (std::is_same_v<std::remove_cvref_t<B>, array<R>>) {
        bd = b.data();
    } else {
        b_copy = loom::astype<R>(b);
        bd = b_copy.data();
    }
    const shape_t b_batch = vector ? shape_t{} : shape_t(bs.begin(), bs.end() - 2);
    const shape_t batch = broadcast_shapes(sa.batch, b_batch);
    const std::size_t count = size_of(batch);
    const auto amap = detail::batch_map(batch, sa.batch), bmap = detail::batch_map(batch, b_batch);
    array<R> out = loom::detail::uninitialized<R>(vector ? detail::with_tail(batch, {n}) : detail::with_tail(batch, {n, k}));
    std::vector<std::size_t> piv(sa.count * n);
    detail::small_size(n, [&](auto nn) {
        // each matrix of a factored once, however often the batch repeats it: in place of a copy of
        // the stack, or (one matrix per result) in a small buffer just before its solve
        const bool each_once = count == sa.count;
        detail::matrix_work<R, decltype(nn)> work(n);
        auto x = [&] {  // one column of b: on the stack for a compile-time size
            if constexpr (std::is_integral_v<decltype(nn)>) return std::vector<R>(n);
            else return std::array<R, decltype(nn)::value>{};
        }();
        std::size_t done = 0;
        if (each_once && k == 1) {  // one column each: stacks of small matrices by lanes
            const auto matrix = [&](std::size_t i) { return sa.matrix(i); };
            done = detail::by_lanes<R>(nn, count, matrix, [&](const auto& lanes, std::size_t b0, std::size_t used) {
                using lanes_t = std::remove_cvref_t<decltype(lanes)>;
                constexpr std::size_t N = lanes_t::order, L = lanes_t::width;
                for (std::size_t l = 0; l < used; ++l)
                    if (lanes.singular(l)) detail::cannot_factor("solve", "singular matrix", b0 + l, sa.count);
                R xs[N][1][L];
                for (std::size_t l = 0; l < L; ++l) {
                    const R* bl = bd + bmap[b0 + (l < used ? l : 0)] * N;
                    for (std::size_t i = 0; i < N; ++i) xs[i][0][l] = bl[i];
                }
                lanes.solve(xs);
                for (std::size_t l = 0; l < used; ++l)
                    for (std::size_t i = 0; i < N; ++i) out.data()[(b0 + l) * N + i] = xs[i][0][l];
            });
        }
        std::vector<R> lu(each_once ? 0 : sa.count * n * n);
        if (!each_once)
            for (std::size_t i = 0; i < sa.count; ++i) {
                std::copy_n(sa.matrix(i), nn * nn, lu.data() + i * n * n);
                bool zero = false;
                detail::lu_factor(lu.data() + i * n * n, nn, piv.data() + i * n, zero);
                if (zero) detail::cannot_factor("solve", "singular matrix", i, sa.count);
            }
        for (std::size_t f = done; f < count; ++f) {
            const std::size_t i = amap[f];
            R* factor = each_once ? work.data() : lu.data() + i * n * n;
            std::size_t* p = piv.data() + i * n;
            if (each_once) {
                std::copy_n(sa.matrix(i), nn * nn, factor);
                bool zero = false;
                detail::lu_factor(factor, nn, p, zero);
                if (zero) detail::cannot_factor("solve", "singular matrix", i, sa.count);
            }
            R* o = out.data() + f * n * k;
            if (k == 1) {  // one column: solved in x's room, then stored
                std::copy_n(bd + bmap[f] * n, nn, x.data());
                detail::lu_solve(factor, p, nn, x.data(), 1);
                std::copy_n(x.data(), nn, o);
            } else {
                std::copy_n(bd + bmap[f] * n * k, n * k, o);
                detail::lu_solve(factor, p, nn, o, k);
            }
        }
    });
    return out;
}

}  // namespace loom::linalg
