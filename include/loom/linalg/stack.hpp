// loom/linalg/stack.hpp: stacks of matrices for loom::linalg: an operand (..., M, N) of any layout
// copied into a contiguous row-major array of the type the factorisations compute in, and the maps
// between broadcast batch axes.
#pragma once

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "../detail/source.hpp"
#include "../loom.hpp"

namespace loom::linalg::detail {

template <class T>
using is_complex = std::bool_constant<loom::is_complex_v<T>>;

//! The element type a factorisation computes in: float, double and complex keep theirs; integers
//! and bool become double (NumPy's linalg promotes them to float64).
template <class T>
using compute_t = std::conditional_t<std::is_floating_point_v<T> || is_complex<T>::value, T, double>;

template <class T>
struct real_of {
    using type = T;
};
template <class T>
struct real_of<std::complex<T>> {
    using type = T;
};
template <class T>
using real_t = typename real_of<T>::type;

// LAPACK's |x| for pivoting: |re| + |im| for complex numbers (cheaper than the modulus).
template <class R>
real_t<R> abs1(const R& x) {
    if constexpr (is_complex<R>::value) return std::abs(x.real()) + std::abs(x.imag());
    else return std::abs(x);
}
template <class R>
R conj_of(const R& x) {
    if constexpr (is_complex<R>::value) return std::conj(x);
    else return x;
}

// x * 2^e for real or complex x (exact unless it underflows; the factor itself cannot overflow).
template <class R>
R scale_pow2(const R& x, int e) {
    if constexpr (is_complex<R>::value) return R(std::ldexp(x.real(), e), std::ldexp(x.imag(), e));
    else return std::ldexp(x, e);
}

// The n values of a times 2^e: one multiplication each when 2^e is a normal number (the same
// results as ldexp's, which is far slower), else ldexp.
template <class R>
void scale_all(R* a, std::size_t n, int e) {
    using Re = real_t<R>;
    if (e > std::numeric_limits<Re>::min_exponent && e < std::numeric_limits<Re>::max_exponent) {
        const Re f = std::ldexp(Re(1), e);
        for (std::size_t i = 0; i < n; ++i) a[i] *= f;
    } else {
        for (std::size_t i = 0; i < n; ++i) a[i] = scale_pow2(a[i], e);
    }
}

// sqrt(x^2 + y^2) without overflow or underflow in the squares (LAPACK's lapy2): a few ulps, where
// std::hypot's correctly rounded result costs several times as much in the iterations.
template <class Re>
Re hypot2(Re x, Re y) {
    x = std::abs(x);
    y = std::abs(y);
    if (std::isnan(x) || std::isnan(y)) return x + y;
    const Re w = std::max(x, y), z = std::min(x, y);
    if (z == 0 || w > std::numeric_limits<Re>::max()) return w;
    const Re q = z / w;
    return w * std::sqrt(1 + q * q);
}

// The exponent e with max|a| in [2^(e-1), 2^e) over the n values of a (0 if all are 0), or false if
// one is NaN or infinite.
template <class R>
bool finite_exponent(const R* a, std::size_t n, int& e) {
    real_t<R> big = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const real_t<R> v = abs1(a[i]);
        if (!(v <= std::numeric_limits<real_t<R>>::max())) return false;
        big = std::max(big, v);
    }
    e = 0;
    if (big > 0) std::frexp(big, &e);
    return true;
}

// ||x||_2 of len values x[i * stride] without overflow or underflow in the squares (LAPACK's
// scaled sum of squares).
template <class R>
real_t<R> norm2(const R* x, std::size_t len, std::size_t stride = 1) {
    using Re = real_t<R>;
    Re scale = 0, ssq = 1;
    for (std::size_t i = 0; i < len; ++i)
        for (Re part : {std::real(x[i * stride]), std::imag(x[i * stride])}) {
            if (part == 0) continue;
            const Re a = std::abs(part);
            if (scale < a) {
                ssq = 1 + ssq * (scale / a) * (scale / a);
                scale = a;
            } else {
                ssq += (a / scale) * (a / scale);
            }
        }
    return scale * std::sqrt(ssq);
}

[[noreturn, gnu::cold]] inline void bad_shape(const char* fn, const std::string& why, const shape_t& s) {
    throw std::invalid_argument(std::string("loom::linalg::") + fn + ": " + why + ", got shape " + to_string(s));
}

// loom::linalg_error for the matrix `index` of a stack of `count` that `fn` cannot factor.
[[noreturn, gnu::cold]] inline void cannot_factor(const char* fn, const char* why, std::size_t index, std::size_t count) {
    throw linalg_error(std::string("loom::linalg::") + fn + ": " + why +
                       (count > 1 ? " (matrix " + std::to_string(index) + " of the stack)" : std::string()));
}

// f(n) with n a compile-time constant (std::integral_constant) for 1 to 4, so that the loops over a
// small matrix unroll in that instantiation, else f(n) with n as it is.
template <class F>
void small_size(std::size_t n, F&& f) {
    switch (n) {
        case 1: return f(std::integral_constant<std::size_t, 1>{});
        case 2: return f(std::integral_constant<std::size_t, 2>{});
        case 3: return f(std::integral_constant<std::size_t, 3>{});
        case 4: return f(std::integral_constant<std::size_t, 4>{});
        default: return f(n);
    }
}

// The column block of the blocked factorisations (their panel width).
inline constexpr std::size_t factor_block = 64;

// The batch shape and matrix size of a stack, from its shape: rank 2 or more (and square matrices
// when `square`), else std::invalid_argument.
struct stack_dims {
    shape_t batch;
    std::size_t m = 0, n = 0, count = 0;

    void take(const char* fn, const shape_t& sh, bool square) {
        if (sh.size() < 2) bad_shape(fn, "expected a matrix or a stack of matrices (rank 2 or more)", sh);
        m = sh[sh.size() - 2];
        n = sh[sh.size() - 1];
        if (square && m != n) bad_shape(fn, "expected square matrices in the last two axes", sh);
        batch = shape_t(sh.begin(), sh.end() - 2);
        count = size_of(batch);
    }
};

// A stack of `count` matrices of m rows and n columns, row-major and contiguous, owned.
template <class R>
struct stack : stack_dims {
    array<R> a;

    R* matrix(std::size_t b) { return a.data() + b * m * n; }
    const R* matrix(std::size_t b) const { return a.data() + b * m * n; }
};

// x as a stack of R (a copy, which the factorisations overwrite).
template <class R, class X>
stack<R> make_stack(const X& x, const char* fn, bool square) {
    stack<R> s;
    s.a = loom::astype<R>(x);
    s.take(fn, s.a.shape(), square);
    return s;
}

// A stack read where it is: x's own memory when x is an array of R (row-major and contiguous),
// else a copy in R. For the functions that copy out one matrix at a time to factor it.
template <class R>
struct stack_source : stack_dims {
    loom::detail::source<R> src;

    const R* matrix(std::size_t b) const { return src.data + b * m * n; }
};

template <class R, class X>
stack_source<R> make_source(const X& x, const char* fn, bool square) {
    stack_source<R> s;
    s.src = loom::detail::source_of<R>(x);
    s.take(fn, s.src.shape, square);
    return s;
}

// For each flat index of the batch shape `out`, the flat index of the batch `in` broadcast to it.
inline std::vector<std::size_t> batch_map(const shape_t& out, const shape_t& in) {
    const std::size_t total = size_of(out), r = out.size(), off = r - in.size();
    std::vector<std::size_t> map(total);
    std::vector<std::size_t> idx(r, 0);
    std::vector<std::size_t> stride(in.size(), 0);
    for (std::size_t d = in.size(), s = 1; d-- > 0;) {
        stride[d] = in[d] == 1 ? 0 : s;
        s *= in[d];
    }
    for (std::size_t f = 0; f < total; ++f) {
        std::size_t k = 0;
        for (std::size_t d = off; d < r; ++d) k += idx[d] * stride[d - off];
        map[f] = k;
        for (std::size_t d = r; d-- > 0;) {  // next multi-index in C order
            if (++idx[d] < out[d]) break;
            idx[d] = 0;
        }
    }
    return map;
}

// The batch shape followed by the given trailing axes.
inline shape_t with_tail(const shape_t& batch, std::initializer_list<std::size_t> tail) {
    shape_t s = batch;
    for (std::size_t t : tail) s.push_back(t);
    return s;
}

}  // namespace loom::linalg::detail
