// loom/linalg/norms.hpp: vector_norm and matrix_norm (the Array API's), norm (NumPy's) and cond:
// the operand copied with the reduced axes last and contiguous, then one loop per result element.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "lu.hpp"
#include "stack.hpp"
#include "svd.hpp"

namespace loom::linalg {

//! A norm's order: a number (1, 2, -1, loom::inf, 0.5, ...), "fro" or "nuc"; default-constructed
//! it is NumPy's `ord=None` (norm: the 2-norm of vectors, Frobenius of matrices).
struct norm_order {
    enum class kind { none, number, fro, nuc };
    kind k = kind::none;
    double p = 2;

    constexpr norm_order() = default;
    constexpr norm_order(double value) : k(kind::number), p(value) {}
    constexpr norm_order(int value) : k(kind::number), p(value) {}
    norm_order(const char* name) {
        if (std::strcmp(name, "fro") == 0) k = kind::fro;
        else if (std::strcmp(name, "nuc") == 0) k = kind::nuc;
        else throw std::invalid_argument(std::string("loom::linalg: ord: expected a number, \"fro\" or \"nuc\", got \"") +
                                         name + "\"");
    }
    bool is(double v) const { return k == kind::number && p == v; }
    std::string to_string() const {
        if (k == kind::fro) return "\"fro\"";
        if (k == kind::nuc) return "\"nuc\"";
        if (k == kind::none) return "None";
        if (std::isinf(p)) return p > 0 ? "inf" : "-inf";
        std::string t = std::to_string(p);  // fixed, 6 decimals: trim the zeros
        t.erase(t.find_last_not_of('0') + 1);
        if (t.back() == '.') t.pop_back();
        return t;
    }
};

//! A norm's loom::keepdims, or nothing (the reduced axes dropped).
struct norm_keep {
    bool on = false;
    constexpr norm_keep() = default;
    constexpr norm_keep(keepdims_t) : on(true) {}
};

namespace detail {

[[noreturn, gnu::cold]] inline void bad_norm(const char* fn, const std::string& why) {
    throw std::invalid_argument(std::string("loom::linalg::") + fn + ": " + why);
}

// The p-norm of len values x[i * stride] (p any number; +-inf the largest and smallest |x|, 0 the
// count of nonzeros). The 2-norm sums squares, then again scaled where the sum overflowed or lost
// precision to underflow.
template <class R>
real_t<R> vector_norm_of(const R* x, std::size_t len, std::size_t stride, double p) {
    using Re = real_t<R>;
    if (len == 0) return Re(0);
    if (p == 2) {
        Re s = 0;
        for (std::size_t i = 0; i < len; ++i) s += std::norm(std::complex<Re>(x[i * stride]));
        if (s <= std::numeric_limits<Re>::max() && s >= std::numeric_limits<Re>::min() / std::numeric_limits<Re>::epsilon())
            return std::sqrt(s);
        return norm2(x, len, stride);  // NaN stays NaN
    }
    if (std::isinf(p)) {
        Re best = std::abs(x[0]);
        for (std::size_t i = 1; i < len; ++i) {
            const Re a = std::abs(x[i * stride]);
            if (std::isnan(a)) return a;
            best = p > 0 ? std::max(best, a) : std::min(best, a);
        }
        return best;
    }
    Re s = 0;
    if (p == 0) {
        for (std::size_t i = 0; i < len; ++i) s += x[i * stride] != R(0) ? Re(1) : Re(0);
        return s;
    }
    if (p == 1) {
        for (std::size_t i = 0; i < len; ++i) s += std::abs(x[i * stride]);
        return s;
    }
    Re big = 0;  // for p > 0, sum (|x| / big)^p: no overflow
    if (p > 0)
        for (std::size_t i = 0; i < len; ++i) big = std::max(big, Re(std::abs(x[i * stride])));
    if (big == 0 || std::isinf(big)) big = 1;
    for (std::size_t i = 0; i < len; ++i) s += std::pow(std::abs(x[i * stride]) / big, Re(p));
    return big * std::pow(s, Re(1 / p));
}

// The axes of x (rank r) in `list` made non-negative and checked: in range, no repeats.
inline std::vector<std::size_t> norm_axes(const char* fn, const std::vector<std::ptrdiff_t>& list, std::size_t r) {
    std::vector<std::size_t> out;
    for (std::ptrdiff_t a : list) {
        const std::ptrdiff_t k = a < 0 ? a + std::ptrdiff_t(r) : a;
        if (k < 0 || k >= std::ptrdiff_t(r))
            bad_norm(fn, "axis " + std::to_string(a) + " is out of range for an array of rank " + std::to_string(r));
        if (std::find(out.begin(), out.end(), std::size_t(k)) != out.end())
            bad_norm(fn, "axis " + std::to_string(a) + " is repeated");
        out.push_back(std::size_t(k));
    }
    return out;
}

// x's elements in compute type R with `axes` moved last (in the given order), contiguous, and the
// shape of the result: the other axes, with size-1 axes in place of `axes` when `keep`.
template <class R, class X>
array<R> axes_last(const X& x, const std::vector<std::size_t>& axes, bool keep, shape_t& result) {
    const shape_t& s = x.shape();
    std::vector<std::ptrdiff_t> perm;
    result.clear();
    for (std::size_t d = 0; d < s.size(); ++d) {
        const bool reduced = std::find(axes.begin(), axes.end(), d) != axes.end();
        if (!reduced) perm.push_back(std::ptrdiff_t(d));
        if (!reduced) result.push_back(s[d]);
        else if (keep) result.push_back(1);
    }
    for (std::size_t a : axes) perm.push_back(std::ptrdiff_t(a));
    return loom::astype<R>(loom::permute_dims(x, perm));
}

// The matrix norm of the m x n row-major matrix a for ord 1, -1, inf, -inf or "fro" (not 2, -2,
// "nuc", which need the singular values).
template <class R>
real_t<R> matrix_norm_of(const R* a, std::size_t m, std::size_t n, const norm_order& ord, std::vector<real_t<R>>& sums) {
    using Re = real_t<R>;
    if (ord.k == norm_order::kind::fro) return vector_norm_of(a, m * n, 1, 2.0);
    const bool columns = std::abs(ord.p) == 1;  // 1: the largest column sum; inf: the largest row sum
    sums.assign(columns ? n : m, Re(0));
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < n; ++j) sums[columns ? j : i] += std::abs(a[i * n + j]);
    return vector_norm_of(sums.data(), sums.size(), 1, ord.p > 0 ? std::numeric_limits<double>::infinity()
                                                                   : -std::numeric_limits<double>::infinity());
}

// The matrix norms of the stack s (batch shape `batch`) into out, one per matrix.
template <class R>
void matrix_norms(const char* fn, const stack<R>& s, const norm_order& ord, real_t<R>* out) {
    using Re = real_t<R>;
    const bool by_svd = ord.k == norm_order::kind::nuc || ord.is(2) || ord.is(-2);
    if (ord.k == norm_order::kind::number && !by_svd && !ord.is(1) && !ord.is(-1) && !std::isinf(ord.p))
        bad_norm(fn, "ord " + ord.to_string() + " is not a matrix norm (\"fro\", \"nuc\", 1, -1, 2, -2, inf, -inf)");
    const bool empty = s.m == 0 || s.n == 0;
    if (empty && ord.k == norm_order::kind::number)
        bad_norm(fn, "ord " + ord.to_string() + " of an empty matrix (shape " + to_string(s.a.shape()) + ") is undefined");
    if (by_svd) {
        const std::size_t k = std::min(s.m, s.n);
        std::vector<Re> sv(s.count * k);
        svd_stack(s, sv.data(), static_cast<R*>(nullptr), static_cast<R*>(nullptr), false, false, fn);
        for (std::size_t b = 0; b < s.count; ++b) {
            const Re* sb = sv.data() + b * k;
            if (ord.k == norm_order::kind::nuc) {
                Re t = 0;
                for (std::size_t i = 0; i < k; ++i) t += sb[i];
                out[b] = t;
            } else {
                out[b] = ord.p > 0 ? sb[0] : sb[k - 1];
            }
        }
        return;
    }
    std::vector<Re> sums;
    for (std::size_t b = 0; b < s.count; ++b) out[b] = matrix_norm_of(s.matrix(b), s.m, s.n, ord, sums);
}

template <class X>
using norm_t = real_t<compute_t<typename X::value_type>>;

template <class X>
array<norm_t<X>> vector_norm_impl(const X& x, const std::vector<std::ptrdiff_t>* list, double p, bool keep) {
    using R = compute_t<typename X::value_type>;
    const std::size_t r = x.shape().size();
    std::vector<std::size_t> axes;
    if (list) {
        axes = norm_axes("vector_norm", *list, r);
    } else {
        for (std::size_t d = 0; d < r; ++d) axes.push_back(d);
    }
    shape_t result;
    const array<R> a = axes_last<R>(x, axes, keep, result);
    std::size_t len = 1;
    for (std::size_t d : axes) len *= x.shape()[d];
    if (len == 0 && std::isinf(p))
        bad_norm("vector_norm", std::string("ord ") + (p > 0 ? "inf" : "-inf") + " of an empty vector is undefined");
    array<norm_t<X>> out = loom::detail::uninitialized<norm_t<X>>(result);
    const std::size_t count = out.size();
    for (std::size_t i = 0; i < count; ++i) out.data()[i] = vector_norm_of(a.data() + i * len, len, 1, p);
    return out;
}

template <class X>
array<norm_t<X>> matrix_norm_impl(const char* fn, const X& x, std::size_t ax0, std::size_t ax1, const norm_order& ord,
                                  bool keep) {
    using R = compute_t<typename X::value_type>;
    shape_t result;
    stack<R> s;
    s.a = axes_last<R>(x, {ax0, ax1}, keep, result);
    s.m = x.shape()[ax0];
    s.n = x.shape()[ax1];
    s.count = size_of(result);
    array<norm_t<X>> out = loom::detail::uninitialized<norm_t<X>>(result);
    matrix_norms(fn, s, ord, out.data());
    return out;
}

inline double vector_order(const char* fn, const norm_order& ord) {
    if (ord.k == norm_order::kind::none) return 2;
    if (ord.k != norm_order::kind::number) bad_norm(fn, "ord " + ord.to_string() + " is a matrix norm, not a vector norm");
    return ord.p;
}

}  // namespace detail

//! The vector p-norm over the given axes (the Array API's `vector_norm`; all axes by default or with
//! `loom::all`; an integer or a list of axes): `ord` 2 (default), 1, loom::inf, -loom::inf, 0 (the
//! count of nonzeros) or any other number, as sum(|x|^p)^(1/p). A real result (the real type of a
//! complex x; double for integers); the 2-norm does not overflow where the norm itself does not.
//!   double n = loom::linalg::vector_norm(loom::array<double>{3, 4});                   // 5
//!   auto rows = loom::linalg::vector_norm(m, -1, loom::inf);                           // max |m| per row
template <expression X>
auto vector_norm(const X& x, all_t = all, norm_order ord = 2, norm_keep keep = {}) {
    return detail::vector_norm_impl(x, nullptr, detail::vector_order("vector_norm", ord), keep.on);
}
template <expression X, class A>
    requires loom::detail::axes_argument<A>
auto vector_norm(const X& x, const A& axes, norm_order ord = 2, norm_keep keep = {}) {
    std::vector<std::ptrdiff_t> list;
    if constexpr (std::integral<A>) list.push_back(std::ptrdiff_t(axes));
    else
        for (auto a : axes) list.push_back(std::ptrdiff_t(a));
    return detail::vector_norm_impl(x, &list, detail::vector_order("vector_norm", ord), keep.on);
}
template <expression X>
auto vector_norm(const X& x, std::initializer_list<std::ptrdiff_t> axes, norm_order ord = 2, norm_keep keep = {}) {
    const std::vector<std::ptrdiff_t> list(axes);
    return detail::vector_norm_impl(x, &list, detail::vector_order("vector_norm", ord), keep.on);
}

//! The norm of each matrix of a stack (..., M, N) over its last two axes (the Array API's
//! `matrix_norm`): `ord` "fro" (default), "nuc" (the sum of the singular values), 1 or -1 (the
//! largest or smallest column sum of |x|), loom::inf or -loom::inf (row sums), 2 or -2 (the largest
//! or smallest singular value). The batch shape, or (..., 1, 1) with loom::keepdims.
//!   auto f = loom::linalg::matrix_norm(a);        // Frobenius norm of each matrix
//!   auto s = loom::linalg::matrix_norm(a, 2);     // spectral norm
template <expression X>
auto matrix_norm(const X& x, norm_order ord = "fro", norm_keep keep = {}) {
    const std::size_t r = x.shape().size();
    if (r < 2) detail::bad_shape("matrix_norm", "expected a matrix or a stack of matrices (rank 2 or more)", x.shape());
    if (ord.k == norm_order::kind::none) ord = "fro";
    return detail::matrix_norm_impl("matrix_norm", x, r - 2, r - 1, ord, keep.on);
}

//! NumPy's `np.linalg.norm(x, ord, axis, keepdims)`: without axes, the 2-norm of all of x when ord
//! is None (default-constructed), else x must be a vector or a matrix; with one axis a vector norm,
//! with two (a braced pair) a matrix norm over them.
//!   double f = loom::linalg::norm(a);                  // sqrt of the sum of |a|^2
//!   auto c = loom::linalg::norm(a, 1, {0, 1});          // the largest column sum
template <expression X>
auto norm(const X& x, norm_order ord = {}, norm_keep keep = {}) {
    const std::size_t r = x.shape().size();
    if (ord.k == norm_order::kind::none) {
        std::vector<std::ptrdiff_t> all_axes;
        for (std::size_t d = 0; d < r; ++d) all_axes.push_back(std::ptrdiff_t(d));
        return detail::vector_norm_impl(x, &all_axes, 2.0, keep.on);
    }
    if (r == 1) return detail::vector_norm_impl(x, nullptr, detail::vector_order("norm", ord), keep.on);
    if (r != 2) detail::bad_shape("norm", "with an ord and no axis, expected a vector or a matrix", x.shape());
    return detail::matrix_norm_impl("norm", x, 0, 1, ord, keep.on);
}
template <expression X>
auto norm(const X& x, norm_order ord, std::ptrdiff_t axis, norm_keep keep = {}) {
    const std::vector<std::ptrdiff_t> list{axis};
    return detail::vector_norm_impl(x, &list, detail::vector_order("norm", ord), keep.on);
}
template <expression X>
auto norm(const X& x, norm_order ord, std::initializer_list<std::ptrdiff_t> axes, norm_keep keep = {}) {
    const std::vector<std::ptrdiff_t> list(axes);
    if (list.size() == 1) return detail::vector_norm_impl(x, &list, detail::vector_order("norm", ord), keep.on);
    if (list.size() != 2) detail::bad_norm("norm", "expected one axis or two, got " + std::to_string(list.size()));
    const auto ax = detail::norm_axes("norm", list, x.shape().size());
    if (ord.k == norm_order::kind::none) ord = "fro";
    return detail::matrix_norm_impl("norm", x, ax[0], ax[1], ord, keep.on);
}

//! The condition number of each square matrix of a stack (NumPy's `np.linalg.cond`): with `p` None
//! (default), 2 or -2 the ratio of the largest and smallest singular value (or its inverse); with
//! "fro", "nuc", 1, -1, inf or -inf, norm(x, p) norm(inv(x), p), a singular matrix giving inf.
template <expression X>
auto cond(const X& x, norm_order p = {}) {
    using R = detail::compute_t<typename X::value_type>;
    using Re = detail::real_t<R>;
    const bool svd_ratio = p.k == norm_order::kind::none || p.is(2) || p.is(-2);
    auto s = detail::make_stack<R>(x, "cond", !svd_ratio);
    if (s.m == 0 || s.n == 0) detail::bad_shape("cond", "the condition number of an empty matrix is undefined", s.a.shape());
    array<Re> out = loom::detail::uninitialized<Re>(s.batch);
    if (svd_ratio) {
        const std::size_t k = std::min(s.m, s.n);
        std::vector<Re> sv(s.count * k);
        detail::svd_stack(s, sv.data(), static_cast<R*>(nullptr), static_cast<R*>(nullptr), false, false, "cond");
        for (std::size_t b = 0; b < s.count; ++b) {
            const Re* sb = sv.data() + b * k;
            out.data()[b] = p.is(-2) ? sb[k - 1] / sb[0] : sb[0] / sb[k - 1];
        }
        return out;
    }
    const std::size_t n = s.n;
    std::vector<Re> norms(s.count), sums;
    detail::matrix_norms("cond", s, p, norms.data());
    std::vector<std::size_t> piv(n);
    std::vector<R> ident(n * n);
    for (std::size_t b = 0; b < s.count; ++b) {
        bool zero = false, nan = false;
        R* a = s.matrix(b);
        for (std::size_t i = 0; i < n * n; ++i) nan = nan || std::isnan(std::abs(a[i]));
        detail::lu_factor(a, n, piv.data(), zero);
        if (zero) {
            out.data()[b] = nan ? std::numeric_limits<Re>::quiet_NaN() : std::numeric_limits<Re>::infinity();
            continue;
        }
        std::fill(ident.begin(), ident.end(), R(0));
        for (std::size_t i = 0; i < n; ++i) ident[i * n + i] = R(1);
        detail::lu_solve(a, piv.data(), n, ident.data(), n);
        if (p.k != norm_order::kind::nuc) {
            out.data()[b] = norms[b] * detail::matrix_norm_of(ident.data(), n, n, p, sums);
        } else {  // the nuclear norm of the inverse needs its singular values
            detail::stack<R> inv_stack;
            inv_stack.a = loom::detail::uninitialized<R>(shape_t{n, n});
            std::copy(ident.begin(), ident.end(), inv_stack.a.data());
            inv_stack.m = inv_stack.n = n;
            inv_stack.count = 1;
            Re nuc = 0;
            detail::matrix_norms("cond", inv_stack, p, &nuc);
            out.data()[b] = norms[b] * nuc;
        }
    }
    return out;
}

}  // namespace loom::linalg
