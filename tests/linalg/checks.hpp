// tests/linalg/checks.hpp: the defining identities of eigh, svd and eig checked on a stack (residuals
// and orthonormality in units of eps n, below 30), shared by their tests on loom's own code and on
// LAPACK's (tests/linalg/test_lapack.cpp).
#pragma once

#include <catch2/catch.hpp>

#include "helpers.hpp"

#include <loom/linalg/eig.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

namespace linalg_test {

using cd = std::complex<double>;

// The values-only function's results (values) against those of the one with vectors (full): exactly
// the same when both run loom's own code, else within 30 eps n |A| (LAPACK computes them otherwise).
template <class T>
void same_values(const loom::array<T>& values, const loom::array<T>& full, la::lapack_routine values_fn,
                 la::lapack_routine full_fn, double scale) {
    if (own(values_fn) && own(full_fn)) {
        CHECK(loom::array_equal(values, full));
        return;
    }
    REQUIRE(values.shape() == full.shape());
    const double n = double(std::max<std::size_t>(full.shape().empty() ? 1 : full.shape().back(), 1));
    double worst = 0;
    for (std::size_t i = 0; i < full.size(); ++i)
        worst = std::max(worst, double(std::abs(values.data()[i] - full.data()[i])));
    CHECK(worst <= 30 * eps<T>() * n * std::max(scale, std::numeric_limits<double>::min()));
}

// Random Hermitian matrices: G + G^H.
template <class T>
loom::array<T> hermitian(const shape_t& s, std::uint64_t seed) {
    const auto g = random_matrices<T>(s, seed);
    return g + loom::conj(loom::matrix_transpose(g));
}

// Q diag(lambda) Q^T: symmetric with the given eigenvalues.
inline loom::array<double> with_eigenvalues(const std::vector<double>& lambda, std::uint64_t seed) {
    const std::size_t n = lambda.size();
    const auto q = orthogonal(n, seed);
    loom::array<double> ql = q;
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) ql.data()[i * n + j] *= lambda[j];
    return loom::matmul(ql, loom::matrix_transpose(q));
}

// eigh's checks on a Hermitian stack a: |A V - V diag(w)| / (|A| eps n) and |V^H V - I| / (eps n)
// below 30, w ascending, eigvalsh's values eigh's.
template <class T>
void check_eigh(const loom::array<T>& a) {
    using Re = la::detail::real_t<T>;
    const auto [w, v] = la::eigh(a);
    const std::size_t n = a.shape().back(), count = count_of(a.size(), n, n);
    shape_t ws(a.shape().begin(), a.shape().end() - 1);
    REQUIRE(w.shape() == ws);
    REQUIRE(v.shape() == a.shape());
    const loom::array<T> av = loom::matmul(a, v);
    double res = 0;
    bool ascending = true;
    for (std::size_t b = 0; b < count; ++b) {
        const Re* wb = w.data() + b * n;
        for (std::size_t i = 0; i < n; ++i) {
            double r = 0;
            for (std::size_t j = 0; j < n; ++j)
                r += std::abs(av.data()[b * n * n + i * n + j] - v.data()[b * n * n + i * n + j] * wb[j]);
            res = std::max(res, r);
        }
        for (std::size_t i = 1; i < n; ++i) ascending = ascending && wb[i - 1] <= wb[i];
    }
    const double scale = std::max(norm_inf(a), std::numeric_limits<double>::min());
    CHECK(res / (scale * eps<T>() * double(n)) < 30);
    CHECK(orth_error(v, true) / (eps<T>() * double(n)) < 30);
    CHECK(ascending);
    same_values(la::eigvalsh(a), w, la::lapack_routine::eigvalsh, la::lapack_routine::eigh, norm_inf(a));
}

// svd's checks on a stack x, both modes: shapes, |A - U S Vh| / (|A| eps max(M, N)), |U^H U - I| and
// |Vh Vh^H - I| / (eps max(M, N)) below 30, S descending and non-negative, svdvals' values S.
template <class T>
void check_svd(const loom::array<T>& x) {
    using Re = la::detail::real_t<T>;
    const auto& xs = x.shape();
    const std::size_t m = xs[xs.size() - 2], n = xs.back(), k = std::min(m, n), big = std::max<std::size_t>({m, n, 1});
    const std::size_t count = count_of(x.size(), m, n);
    const shape_t batch(xs.begin(), xs.end() - 2);
    for (bool full : {true, false}) {
        const auto [u, s, vh] = la::svd(x, full);
        const std::size_t uc = full ? m : k, vr = full ? n : k;
        auto tail = [&](std::initializer_list<std::size_t> t) { return la::detail::with_tail(batch, t); };
        REQUIRE(u.shape() == tail({m, uc}));
        REQUIRE(s.shape() == tail({k}));
        REQUIRE(vh.shape() == tail({vr, n}));
        double res = 0;
        bool ordered = true;
        for (std::size_t b = 0; b < count; ++b) {
            const T* xb = x.data() + b * m * n;
            const T* ub = u.data() + b * m * uc;
            const T* vb = vh.data() + b * vr * n;
            const Re* sb = s.data() + b * k;
            for (std::size_t i = 0; i < m; ++i) {
                double r = 0;
                for (std::size_t j = 0; j < n; ++j) {
                    T t = xb[i * n + j];
                    for (std::size_t l = 0; l < k; ++l) t -= ub[i * uc + l] * sb[l] * vb[l * n + j];
                    r += std::abs(t);
                }
                res = std::max(res, r);
            }
            for (std::size_t i = 0; i < k; ++i) ordered = ordered && sb[i] >= 0 && (i == 0 || sb[i - 1] >= sb[i]);
        }
        const double scale = std::max(norm_inf(x), std::numeric_limits<double>::min());
        CHECK(res / (scale * eps<T>() * double(big)) < 30);
        CHECK(orth_error(u, true) / (eps<T>() * double(big)) < 30);
        CHECK(orth_error(vh, false) / (eps<T>() * double(big)) < 30);
        CHECK(ordered);
        if (full) same_values(la::svdvals(x), s, la::lapack_routine::svdvals, la::lapack_routine::svd, norm_inf(x));
    }
}

template <class T>
cd to_cd(const T& x) {
    if constexpr (la::detail::is_complex<T>::value) return cd(double(x.real()), double(x.imag()));
    else return cd(double(x), 0.0);
}

// eig's checks on a stack a, computed in complex<double>: shapes and types, |A V - V diag(w)|_inf /
// (|A|_inf eps n) and each column's |1 - |v|_2^2| / (eps n) below 30, eigvals' values eig's (same_values);
// for real a, each complex eigenvalue followed by its exact conjugate, its vector by the conjugate
// vector. Returns the residual in units of |A| eps n.
template <class T>
double check_eig(const loom::array<T>& a) {
    using R = la::detail::compute_t<T>;
    using C = std::complex<la::detail::real_t<R>>;
    static_assert(std::is_same_v<decltype(la::eig(a)), la::eig_result<C>>);
    static_assert(std::is_same_v<decltype(la::eigvals(a)), loom::array<C>>);
    const auto [w, v] = la::eig(a);
    const std::size_t n = a.shape().back(), count = count_of(a.size(), n, n);
    const shape_t ws(a.shape().begin(), a.shape().end() - 1);
    REQUIRE(w.shape() == ws);
    REQUIRE(v.shape() == a.shape());
    double res = 0, unit = 0;
    bool pairs = true;
    for (std::size_t b = 0; b < count; ++b) {
        const T* ab = a.data() + b * n * n;
        const C* vb = v.data() + b * n * n;
        const C* wb = w.data() + b * n;
        for (std::size_t i = 0; i < n; ++i) {
            double r = 0;
            for (std::size_t j = 0; j < n; ++j) {
                cd s = -to_cd(vb[i * n + j]) * to_cd(wb[j]);
                for (std::size_t l = 0; l < n; ++l) s += to_cd(ab[i * n + l]) * to_cd(vb[l * n + j]);
                r += std::abs(s);
            }
            res = std::max(res, r);
        }
        for (std::size_t j = 0; j < n; ++j) {
            double s = 0;
            for (std::size_t i = 0; i < n; ++i) s += std::norm(to_cd(vb[i * n + j]));
            unit = std::max(unit, std::abs(1 - s));
        }
        if constexpr (!la::detail::is_complex<T>::value)
            for (std::size_t j = 0; j < n; ++j) {
                if (wb[j].imag() == 0) continue;
                bool ok = wb[j].imag() > 0 && j + 1 < n && wb[j + 1] == std::conj(wb[j]);
                for (std::size_t i = 0; ok && i < n; ++i) ok = vb[i * n + j + 1] == std::conj(vb[i * n + j]);
                pairs = pairs && ok;
                ++j;
            }
    }
    const double scale = std::max(norm_inf(a), std::numeric_limits<double>::min());
    const double nn = double(std::max<std::size_t>(n, 1));
    const double rel = res / (scale * eps<C>() * nn);
    CHECK(rel < 30);
    CHECK(unit / (eps<C>() * nn) < 30);
    CHECK(pairs);
    same_values(la::eigvals(a), w, la::lapack_routine::eigvals, la::lapack_routine::eig, norm_inf(a));
    return rel;
}

}  // namespace linalg_test
