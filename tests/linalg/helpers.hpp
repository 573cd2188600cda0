// tests/linalg/helpers.hpp: what the linalg tests share: eps of a type, |x|_inf of each matrix of a
// stack, seeded random matrices (NumPy's default_rng(seed).standard_normal), orthogonal matrices and
// matrices with given eigenvalues or singular values, the orthonormality error of a factor, and the
// LAPACK thresholds (loom's own code everywhere unless a test says otherwise).
#pragma once

#include <loom/linalg.hpp>
#include <loom/random.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstddef>
#include <limits>
#include <vector>

namespace linalg_test {

namespace la = loom::linalg;
using loom::shape_t;

// Every lapack_routine's threshold n on this thread while it lives (0: each matrix to LAPACK when loom
// has it; SIZE_MAX: loom's own code), then the previous ones.
class lapack_scope {
public:
    explicit lapack_scope(std::size_t n) {
        for (int r = 0; r < 6; ++r) old_[r] = la::set_lapack_threshold(static_cast<la::lapack_routine>(r), n);
    }
    ~lapack_scope() {
        for (int r = 0; r < 6; ++r) la::set_lapack_threshold(static_cast<la::lapack_routine>(r), old_[r]);
    }
    lapack_scope(const lapack_scope&) = delete;
    lapack_scope& operator=(const lapack_scope&) = delete;

private:
    std::size_t old_[6] = {};
};

// The tests run on the main thread: there loom's own code by default, LAPACK where a test asks.
inline const lapack_scope own_code{std::numeric_limits<std::size_t>::max()};

// Whether the matrices of r go to loom's own code on this thread.
inline bool own(la::lapack_routine r) {
    return la::lapack_threshold(r) == std::numeric_limits<std::size_t>::max();
}

template <class T>
double eps() {
    return double(std::numeric_limits<la::detail::real_t<T>>::epsilon());
}

template <class T>
T conj_of(const T& x) {
    return la::detail::conj_of(x);
}

// The number of matrices of rows x cols in a stack of `size` elements.
inline std::size_t count_of(std::size_t size, std::size_t rows, std::size_t cols) {
    return rows && cols ? size / (rows * cols) : 0;
}

// The largest row sum of |x| of each matrix of a stack, its maximum over the stack.
template <class T>
double norm_inf(const loom::array<T>& x) {
    const auto& s = x.shape();
    const std::size_t n = s[s.size() - 1], m = s[s.size() - 2], count = count_of(x.size(), m, n);
    double best = 0;
    for (std::size_t b = 0; b < count; ++b)
        for (std::size_t i = 0; i < m; ++i) {
            double r = 0;
            for (std::size_t j = 0; j < n; ++j) r += std::abs(x.data()[b * m * n + i * n + j]);
            best = std::max(best, r);
        }
    return best;
}

// Random matrices of T: normal entries (complex: both parts) from a fixed seed, NumPy's
// default_rng(seed).standard_normal(s) (+ 1j * a second draw).
template <class T>
loom::array<T> random_matrices(const shape_t& s, std::uint64_t seed) {
    auto rng = loom::random::default_rng(seed);
    if constexpr (la::detail::is_complex<T>::value) {
        using Re = typename T::value_type;
        loom::array<double> re = rng.standard_normal(s), im = rng.standard_normal(s);
        loom::array<T> out(s);
        for (std::size_t i = 0; i < out.size(); ++i) out.data()[i] = T(Re(re.data()[i]), Re(im.data()[i]));
        return out;
    } else {
        return loom::astype<T>(rng.standard_normal(s));
    }
}

// A random orthogonal n x n matrix (Q of a random matrix's QR).
inline loom::array<double> orthogonal(std::size_t n, std::uint64_t seed) {
    return la::qr(random_matrices<double>({n, n}, seed)).Q;
}

// U diag(s) V^T with random orthogonal U (m x m), V (n x n) and the given singular values.
inline loom::array<double> with_singular_values(std::size_t m, std::size_t n, const std::vector<double>& s,
                                                std::uint64_t seed) {
    const auto u = orthogonal(m, seed), v = orthogonal(n, seed + 1);
    loom::array<double> us = loom::zeros<double>({m, n});
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < s.size(); ++j) us.data()[i * n + j] = u.data()[i * m + j] * s[j];
    return loom::matmul(us, loom::matrix_transpose(v));
}

// Geometric values from 1 down to 1/cond.
inline std::vector<double> geometric(std::size_t n, double cond) {
    std::vector<double> s(n);
    for (std::size_t j = 0; j < n; ++j) s[j] = n > 1 ? std::pow(cond, -double(j) / double(n - 1)) : 1.0;
    return s;
}

// max over the stack of the row sums of |Q^H Q - I| (columns orthonormal) or |Q Q^H - I| (rows).
template <class T>
double orth_error(const loom::array<T>& q, bool columns) {
    const auto& s = q.shape();
    const std::size_t m = s[s.size() - 2], n = s[s.size() - 1], count = count_of(q.size(), m, n);
    const std::size_t k = columns ? n : m, len = columns ? m : n;
    double best = 0;
    for (std::size_t b = 0; b < count; ++b) {
        const T* p = q.data() + b * m * n;
        auto at = [&](std::size_t vec, std::size_t i) { return columns ? p[i * n + vec] : p[vec * n + i]; };
        for (std::size_t i = 0; i < k; ++i) {
            double r = 0;
            for (std::size_t j = 0; j < k; ++j) {
                T d = T(0);
                for (std::size_t l = 0; l < len; ++l) d += conj_of(at(i, l)) * at(j, l);
                r += std::abs(d - T(i == j ? 1 : 0));
            }
            best = std::max(best, r);
        }
    }
    return best;
}

}  // namespace linalg_test
