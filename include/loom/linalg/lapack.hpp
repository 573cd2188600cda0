// loom/linalg/lapack.hpp: large eigen and singular value problems sent to LAPACK (LAPACKE's
// syevd/heevd, gesdd and geev) when loom is built with the Meson option `lapack`, above size
// thresholds a thread may change; without the option, the thresholds exist and nothing is sent.
#pragma once

#include <algorithm>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "../config.hpp"
#include "stack.hpp"

#if LOOM_LAPACK
#if !defined(lapack_complex_float) && !defined(LAPACK_COMPLEX_CPP)
#define LAPACK_COMPLEX_CPP  // LAPACKE's complex types as std::complex (C99's _Complex is an extension in C++)
#endif
#include <lapacke.h>
#endif

namespace loom::linalg {

//! The functions of loom::linalg that can send a matrix to LAPACK, each with its own size threshold:
//! eigh and eigvalsh (syevd, heevd), svd and svdvals (gesdd; also pinv, lstsq, matrix_rank, cond and the
//! 2-norm and nuclear norm, through them), eig and eigvals (geev).
enum class lapack_routine { eigh, eigvalsh, svd, svdvals, eig, eigvals };

//! True when loom was built with the Meson option `lapack` (LAPACKE linked through dependency('loom'),
//! loom.pc and loom::loom).
inline constexpr bool has_lapack = LOOM_LAPACK != 0;

namespace detail {

// The default thresholds, in lapack_routine's order: the least order of the sizes measured (4 to 384) from
// which LAPACK (Debian's OpenBLAS, one thread) was faster than loom's own code on double matrices.
inline constexpr std::size_t lapack_default_threshold[6] = {256, 24, 96, 8, 192, 256};

inline thread_local std::size_t lapack_threshold_[6] = {lapack_default_threshold[0], lapack_default_threshold[1],
                                                        lapack_default_threshold[2], lapack_default_threshold[3],
                                                        lapack_default_threshold[4], lapack_default_threshold[5]};

}  // namespace detail

//! Matrices of at least this order (min(M, N) for svd) are computed by LAPACK on this thread when loom
//! was built with the option `lapack`; without it, SIZE_MAX (never). The defaults were measured (the
//! linear-algebra page's "With LAPACK"): eigh 256, eigvalsh 24, svd 96, svdvals 8, eig 192, eigvals 256.
inline std::size_t lapack_threshold(lapack_routine r) noexcept {
    return has_lapack ? detail::lapack_threshold_[static_cast<int>(r)] : std::numeric_limits<std::size_t>::max();
}

//! Sets this thread's threshold for r (0: every matrix; SIZE_MAX: none) and returns the previous one;
//! no effect without the option `lapack`.
//!   loom::linalg::set_lapack_threshold(loom::linalg::lapack_routine::svd, SIZE_MAX);  // loom's Jacobi SVD only
inline std::size_t set_lapack_threshold(lapack_routine r, std::size_t n) noexcept {
    const std::size_t old = lapack_threshold(r);
    if (has_lapack) detail::lapack_threshold_[static_cast<int>(r)] = n;
    return old;
}

namespace detail {

// Whether LAPACK takes an n-order problem of element type R: the option, a type LAPACK computes in,
// the size within its int, at least the threshold.
template <class R>
bool lapack_takes(lapack_routine r, std::size_t n) {
    if constexpr (!has_lapack || !(std::is_same_v<R, float> || std::is_same_v<R, double> ||
                                   std::is_same_v<R, std::complex<float>> || std::is_same_v<R, std::complex<double>>))
        return false;
    else return n > 0 && n >= lapack_threshold(r) && n <= static_cast<std::size_t>(std::numeric_limits<int>::max() / 2);
}

template <class R>
bool all_finite(const R* a, std::size_t n) {
    int e = 0;
    return finite_exponent(a, n, e);
}

#if LOOM_LAPACK
template <class R>
auto* lapack_ptr(R* p) {
    if constexpr (std::is_same_v<R, std::complex<float>>) return reinterpret_cast<lapack_complex_float*>(p);
    else if constexpr (std::is_same_v<R, std::complex<double>>) return reinterpret_cast<lapack_complex_double*>(p);
    else return p;
}
#endif

// The eigenvalues (ascending, into w) and, when vec is not null, the eigenvectors (vec's columns) of the
// Hermitian n x n row-major matrix a (its lower triangle read) by syevd/heevd. False (nothing
// written) when LAPACK does not take it: then loom's own code does.
template <class R>
bool lapack_eigh(const R* a, std::size_t n, real_t<R>* w, R* vec, std::vector<R>& work) {
    if (!lapack_takes<R>(vec ? lapack_routine::eigh : lapack_routine::eigvalsh, n)) return false;
#if LOOM_LAPACK
    for (std::size_t i = 0; i < n; ++i)  // only the lower triangle counts, as in loom's own code
        if (!all_finite(a + i * n, i + 1)) return false;
    if (!vec) work.resize(n * n);
    R* z = vec ? vec : work.data();  // syevd overwrites its operand with the vectors: a kept if it fails
    std::copy_n(a, n * n, z);
    const auto ln = static_cast<lapack_int>(n);
    const char job = vec ? 'V' : 'N';
    lapack_int info;
    if constexpr (std::is_same_v<R, float>) info = LAPACKE_ssyevd(LAPACK_ROW_MAJOR, job, 'L', ln, z, ln, w);
    else if constexpr (std::is_same_v<R, double>) info = LAPACKE_dsyevd(LAPACK_ROW_MAJOR, job, 'L', ln, z, ln, w);
    else if constexpr (std::is_same_v<R, std::complex<float>>)
        info = LAPACKE_cheevd(LAPACK_ROW_MAJOR, job, 'L', ln, lapack_ptr(z), ln, w);
    else info = LAPACKE_zheevd(LAPACK_ROW_MAJOR, job, 'L', ln, lapack_ptr(z), ln, w);
    return info == 0;  // info > 0: not converged, left to loom's own code
#else
    (void)a, (void)w, (void)vec, (void)work;
    return false;
#endif
}

// The SVD of the m x n row-major matrix a by gesdd, as jacobi_svd's results (s descending; u m x ucols,
// vh vrows x n if `vectors`). False (nothing written that matters) when LAPACK does not take it.
template <class R>
bool lapack_svd(const R* a, std::size_t m, std::size_t n, real_t<R>* s, R* u, R* vh, bool vectors, bool full,
                std::vector<R>& copy) {
    if (!lapack_takes<R>(vectors ? lapack_routine::svd : lapack_routine::svdvals, std::min(m, n)) ||
        std::max(m, n) > std::size_t{INT32_MAX} / 2)
        return false;
#if LOOM_LAPACK
    if (!all_finite(a, m * n)) return false;
    copy.assign(a, a + m * n);  // gesdd overwrites its operand
    const auto lm = static_cast<lapack_int>(m), ln = static_cast<lapack_int>(n);
    const char job = !vectors ? 'N' : full ? 'A' : 'S';
    // LAPACKE checks ldu and ldvt against m and n even when no vectors are formed
    const auto ldu = static_cast<lapack_int>(vectors && !full ? std::min(m, n) : m);
    const lapack_int ldvt = ln;
    R du[1], dvt[1];
    R* pu = vectors ? u : du;
    R* pvt = vectors ? vh : dvt;
    lapack_int info;
    if constexpr (std::is_same_v<R, float>)
        info = LAPACKE_sgesdd(LAPACK_ROW_MAJOR, job, lm, ln, copy.data(), ln, s, pu, ldu, pvt, ldvt);
    else if constexpr (std::is_same_v<R, double>)
        info = LAPACKE_dgesdd(LAPACK_ROW_MAJOR, job, lm, ln, copy.data(), ln, s, pu, ldu, pvt, ldvt);
    else if constexpr (std::is_same_v<R, std::complex<float>>)
        info = LAPACKE_cgesdd(LAPACK_ROW_MAJOR, job, lm, ln, lapack_ptr(copy.data()), ln, s, lapack_ptr(pu), ldu,
                              lapack_ptr(pvt), ldvt);
    else
        info = LAPACKE_zgesdd(LAPACK_ROW_MAJOR, job, lm, ln, lapack_ptr(copy.data()), ln, s, lapack_ptr(pu), ldu,
                              lapack_ptr(pvt), ldvt);
    return info == 0;
#else
    (void)a, (void)m, (void)n, (void)s, (void)u, (void)vh, (void)vectors, (void)full, (void)copy;
    return false;
#endif
}

// The eigenvalues (into w) and, when vec is not null, the unit eigenvectors (vec's columns, normalised as
// loom's own eig does) of the general n x n row-major matrix a (overwritten) by geev. False when LAPACK
// does not take it; a is then intact.
template <class R, class C>
bool lapack_eig(R* a, std::size_t n, C* w, C* vec, std::vector<R>& work) {
    if (!lapack_takes<R>(vec ? lapack_routine::eig : lapack_routine::eigvals, n)) return false;
#if LOOM_LAPACK
    if (!all_finite(a, n * n)) return false;
    using Re = real_t<R>;
    work.assign(a, a + n * n);  // geev overwrites its operand: a kept for loom's code if it fails
    const auto ln = static_cast<lapack_int>(n);
    const char jobvr = vec ? 'V' : 'N';
    lapack_int info;
    if constexpr (std::is_same_v<R, Re>) {
        std::vector<Re> wr(n), wi(n), vr(vec ? n * n : 1);
        Re dummy[1];
        if constexpr (std::is_same_v<R, float>)
            info = LAPACKE_sgeev(LAPACK_ROW_MAJOR, 'N', jobvr, ln, work.data(), ln, wr.data(), wi.data(), dummy, 1,
                                 vr.data(), vec ? ln : 1);
        else
            info = LAPACKE_dgeev(LAPACK_ROW_MAJOR, 'N', jobvr, ln, work.data(), ln, wr.data(), wi.data(), dummy, 1,
                                 vr.data(), vec ? ln : 1);
        if (info != 0) return false;
        for (std::size_t j = 0; j < n; ++j) w[j] = C(wr[j], wi[j]);
        if (vec) {  // a pair's vectors v_j +- i v_{j+1} from the columns j, j + 1
            for (std::size_t j = 0; j < n; ++j) {
                if (wi[j] != 0 && j + 1 < n) {
                    for (std::size_t r = 0; r < n; ++r) {
                        const C v(vr[r * n + j], vr[r * n + j + 1]);
                        vec[r * n + j] = v;
                        vec[r * n + j + 1] = std::conj(v);
                    }
                    ++j;
                } else {
                    for (std::size_t r = 0; r < n; ++r) vec[r * n + j] = C(vr[r * n + j]);
                }
            }
        }
    } else {
        R dummy[1];
        if constexpr (std::is_same_v<R, std::complex<float>>)
            info = LAPACKE_cgeev(LAPACK_ROW_MAJOR, 'N', jobvr, ln, lapack_ptr(work.data()), ln, lapack_ptr(w),
                                 lapack_ptr(dummy), 1, lapack_ptr(vec ? vec : dummy), vec ? ln : 1);
        else
            info = LAPACKE_zgeev(LAPACK_ROW_MAJOR, 'N', jobvr, ln, lapack_ptr(work.data()), ln, lapack_ptr(w),
                                 lapack_ptr(dummy), 1, lapack_ptr(vec ? vec : dummy), vec ? ln : 1);
        if (info != 0) return false;
        if (vec) {  // largest component real and positive, as loom's own eig (geev leaves its sign free)
            for (std::size_t j = 0; j < n; ++j) {
                std::size_t p = 0;
                for (std::size_t r = 1; r < n; ++r)
                    if (std::norm(vec[r * n + j]) > std::norm(vec[p * n + j])) p = r;
                const Re big = std::abs(vec[p * n + j]);
                if (big == 0) continue;
                const C f = std::conj(vec[p * n + j]) / big;
                for (std::size_t r = 0; r < n; ++r) vec[r * n + j] *= f;
                vec[p * n + j] = C(big, 0);
            }
        }
    }
    return true;
#else
    (void)a, (void)n, (void)w, (void)vec, (void)work;
    return false;
#endif
}

}  // namespace detail

}  // namespace loom::linalg
