// loom/linalg/least_squares.hpp: what the singular values give: matrix_rank, pinv and lstsq over
// stacks of matrices (singular values below rtol times the largest count as zero).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "stack.hpp"
#include "svd.hpp"

namespace loom::linalg {

namespace detail {

// The cut-off below which singular values count as zero: rtol (default max(m, n) eps) times the
// largest, s[0].
template <class Re>
Re rank_cutoff(const char* fn, std::optional<double> rtol, std::size_t m, std::size_t n, Re s0) {
    if (rtol && !(*rtol >= 0))
        throw std::invalid_argument(std::string("loom::linalg::") + fn + ": rtol must be >= 0, got " + std::to_string(*rtol));
    const Re r = rtol ? Re(*rtol) : Re(std::max(m, n)) * std::numeric_limits<Re>::epsilon();
    return r * s0;
}

// The thin SVD of each matrix of a stack: U (m x k), S (k), Vh (k x n) per matrix, contiguous.
template <class R>
struct thin_svd {
    std::vector<R> u, vh;
    std::vector<real_t<R>> s;
    std::size_t k = 0;
};
template <class R>
thin_svd<R> thin_svd_of(const stack<R>& st, const char* fn) {
    thin_svd<R> t;
    t.k = std::min(st.m, st.n);
    t.u.resize(st.count * st.m * t.k);
    t.vh.resize(st.count * t.k * st.n);
    t.s.resize(st.count * t.k);
    svd_stack(st, t.s.data(), t.u.data(), t.vh.data(), true, false, fn);
    return t;
}

}  // namespace detail

//! The rank of each matrix of a stack (..., M, N) (the Array API's `matrix_rank`): the number of
//! singular values above rtol times the largest, rtol max(M, N) eps by default. int64, the batch shape.
//!   std::int64_t r = loom::linalg::matrix_rank(loom::array<double>{{1, 2}, {2, 4}})[0];   // 1
template <expression X>
auto matrix_rank(const X& x, std::optional<double> rtol = {}) {
    using R = detail::compute_t<typename X::value_type>;
    using Re = detail::real_t<R>;
    auto st = detail::make_stack<R>(x, "matrix_rank", false);
    const std::size_t k = std::min(st.m, st.n);
    std::vector<Re> s(st.count * k);
    detail::svd_stack(st, s.data(), static_cast<R*>(nullptr), static_cast<R*>(nullptr), false, false, "matrix_rank");
    array<std::int64_t> out = loom::detail::uninitialized<std::int64_t>(st.batch);
    for (std::size_t b = 0; b < st.count; ++b) {
        const Re* sb = s.data() + b * k;
        const Re cut = k ? detail::rank_cutoff("matrix_rank", rtol, st.m, st.n, sb[0]) : Re(0);
        std::int64_t r = 0;
        for (std::size_t i = 0; i < k; ++i) r += sb[i] > cut;
        out.data()[b] = r;
    }
    return out;
}

//! The Moore-Penrose pseudo-inverse of each matrix of a stack (..., M, N), (..., N, M), from its
//! SVD: singular values at or below rtol times the largest (default max(M, N) eps, the Array
//! API's; NumPy 1.24's `rcond` default is 1e-15) count as zero.
//!   auto p = loom::linalg::pinv(a);   // a p a = a
template <expression X>
auto pinv(const X& x, std::optional<double> rtol = {}) {
    using R = detail::compute_t<typename X::value_type>;
    using Re = detail::real_t<R>;
    auto st = detail::make_stack<R>(x, "pinv", false);
    const std::size_t m = st.m, n = st.n;
    const auto t = detail::thin_svd_of(st, "pinv");
    const std::size_t k = t.k;
    array<R> out = loom::zeros<R>(detail::with_tail(st.batch, {n, m}));
    std::vector<R> row(m);
    for (std::size_t b = 0; b < st.count; ++b) {
        const R* u = t.u.data() + b * m * k;
        const R* vh = t.vh.data() + b * k * n;
        const Re* s = t.s.data() + b * k;
        R* p = out.data() + b * n * m;
        const Re cut = k ? detail::rank_cutoff("pinv", rtol, m, n, s[0]) : Re(0);
        for (std::size_t l = 0; l < k; ++l) {  // p += v_l (1 / s_l) u_l^H
            if (std::isnan(s[l])) {  // NaN in the matrix
                std::fill_n(p, n * m, R(std::numeric_limits<Re>::quiet_NaN()));
                break;
            }
            if (!(s[l] > cut)) continue;
            for (std::size_t j = 0; j < m; ++j) row[j] = detail::conj_of(u[j * k + l]) / s[l];
            for (std::size_t i = 0; i < n; ++i) {
                const R vi = detail::conj_of(vh[l * n + i]);
                R* pi = p + i * m;
                for (std::size_t j = 0; j < m; ++j) pi[j] += vi * row[j];
            }
        }
    }
    return out;
}

//! lstsq's result, as NumPy's: the least-squares solution x, the squared residual norms of each
//! column of b (empty, (..., 0), unless every matrix has rank N and M > N), the ranks and the
//! singular values of a.
template <class R>
struct lstsq_result {
    array<R> x;
    array<detail::real_t<R>> residuals;
    array<std::int64_t> rank;
    array<detail::real_t<R>> singular_values;
};

//! The least-squares solution of `a x = b` for each matrix of the stack `a` (..., M, N), as NumPy's
//! `np.linalg.lstsq` (minimum-norm x where a is rank-deficient; singular values at or below rtol
//! times the largest, default max(M, N) eps, count as zero): `b` (M,) is one vector for every
//! matrix (x (..., N)), or (..., M, K) with batch axes broadcast against a's (x (..., N, K)).
//!   auto [x, res, rank, s] = loom::linalg::lstsq(a, b);
template <expression A, expression B>
auto lstsq(const A& a, const B& b, std::optional<double> rtol = {}) {
    using R = detail::compute_t<promote_t<typename A::value_type, typename B::value_type>>;
    using Re = detail::real_t<R>;
    auto sa = detail::make_stack<R>(a, "lstsq", false);
    const std::size_t m = sa.m, n = sa.n;
    array<R> bb = loom::astype<R>(b);
    const shape_t& bs = bb.shape();
    if (bs.empty()) detail::bad_shape("lstsq", "b must be a vector or a stack of matrices", bs);
    const bool vector = bs.size() == 1;
    const std::size_t rows = vector ? bs[0] : bs[bs.size() - 2], nrhs = vector ? 1 : bs[bs.size() - 1];
    if (rows != m)
        throw std::invalid_argument("loom::linalg::lstsq: a is " + to_string(sa.a.shape()) + " and b " + to_string(bs) +
                                    ": b's rows must be a's " + std::to_string(m));
    const shape_t b_batch = vector ? shape_t{} : shape_t(bs.begin(), bs.end() - 2);
    const shape_t batch = broadcast_shapes(sa.batch, b_batch);
    const std::size_t count = size_of(batch);
    const auto amap = detail::batch_map(batch, sa.batch), bmap = detail::batch_map(batch, b_batch);

    const auto t = detail::thin_svd_of(sa, "lstsq");
    const std::size_t k = t.k;
    lstsq_result<R> out;
    out.x = loom::zeros<R>(vector ? detail::with_tail(batch, {n}) : detail::with_tail(batch, {n, nrhs}));
    out.rank = loom::detail::uninitialized<std::int64_t>(sa.batch);
    out.singular_values = loom::detail::uninitialized<Re>(detail::with_tail(sa.batch, {k}));
    std::copy(t.s.begin(), t.s.end(), out.singular_values.data());
    bool full_rank = m > n;
    for (std::size_t i = 0; i < sa.count; ++i) {
        const Re* s = t.s.data() + i * k;
        const Re cut = k ? detail::rank_cutoff("lstsq", rtol, m, n, s[0]) : Re(0);
        std::int64_t r = 0;
        for (std::size_t l = 0; l < k; ++l) r += s[l] > cut;
        out.rank.data()[i] = r;
        full_rank = full_rank && std::size_t(r) == n;
    }
    std::vector<R> c(nrhs);
    for (std::size_t f = 0; f < count; ++f) {
        const std::size_t ia = amap[f];
        const R* u = t.u.data() + ia * m * k;
        const R* vh = t.vh.data() + ia * k * n;
        const Re* s = t.s.data() + ia * k;
        const R* bf = bb.data() + bmap[f] * m * nrhs;
        R* x = out.x.data() + f * n * nrhs;
        const std::size_t r = std::size_t(out.rank.data()[ia]);
        for (std::size_t l = 0; l < r; ++l) {  // x += v_l (u_l^H b) / s_l
            std::fill(c.begin(), c.end(), R(0));
            for (std::size_t j = 0; j < m; ++j) {
                const R uj = detail::conj_of(u[j * k + l]);
                for (std::size_t q = 0; q < nrhs; ++q) c[q] += uj * bf[j * nrhs + q];
            }
            for (std::size_t q = 0; q < nrhs; ++q) c[q] /= s[l];
            for (std::size_t i = 0; i < n; ++i) {
                const R vi = detail::conj_of(vh[l * n + i]);
                for (std::size_t q = 0; q < nrhs; ++q) x[i * nrhs + q] += vi * c[q];
            }
        }
        if (k && std::isnan(s[0])) std::fill_n(x, n * nrhs, R(std::numeric_limits<Re>::quiet_NaN()));
    }
    out.residuals = loom::zeros<Re>(detail::with_tail(batch, {full_rank ? nrhs : 0}));
    if (full_rank)
        for (std::size_t f = 0; f < count; ++f) {  // |b - a x|^2 per column
            const R* af = sa.a.data() + amap[f] * m * n;
            const R* bf = bb.data() + bmap[f] * m * nrhs;
            const R* x = out.x.data() + f * n * nrhs;
            Re* res = out.residuals.data() + f * nrhs;
            for (std::size_t i = 0; i < m; ++i)
                for (std::size_t q = 0; q < nrhs; ++q) {
                    R e = bf[i * nrhs + q];
                    for (std::size_t j = 0; j < n; ++j) e -= af[i * n + j] * x[j * nrhs + q];
                    res[q] += std::norm(std::complex<Re>(e));
                }
        }
    return out;
}

}  // namespace loom::linalg
